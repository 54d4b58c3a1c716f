/* -*- c++ -*- */
/*
 * ldpc_encoder_impl: gr-fec FECAPI encoder over the core's systematic encoders;
 * frame_size counts information bits and may be any positive multiple of K.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ldpc_encoder_impl.h"
#include "decoder_params.h"

namespace gr {
namespace gpufec {

ldpc_encoder::sptr ldpc_encoder::make(const std::string& spec, int frames)
{
    const char* const who = "gpufec.ldpc_encoder";
    check_positive(frames, "frames", who);
    return std::make_shared<ldpc_encoder_impl>(make_code(spec, who), frames);
}

ldpc_encoder_impl::ldpc_encoder_impl(::gpufec::ldpc_code::sptr code, int frames)
    : ldpc_encoder("gpufec_ldpc_encoder"), d_code(std::move(code)), d_n(d_code->n()),
      d_k(d_code->k()), d_frames(frames), d_info(d_k)
{
}

ldpc_encoder_impl::~ldpc_encoder_impl() {}

bool ldpc_encoder_impl::set_frame_size(unsigned int frame_size)
{
    if (frame_size == 0 || frame_size % static_cast<unsigned int>(d_k) != 0) {
        d_logger->info("set_frame_size({}) refused: the frame size must be a positive "
                       "multiple of K={}; keeping {} ({} frames)",
                       frame_size,
                       d_k,
                       d_frames * d_k,
                       d_frames);
        return false;
    }
    d_frames = static_cast<int>(frame_size / d_k);
    return true;
}

void ldpc_encoder_impl::generic_work(fec_encoder_input_ptr inbuffer, void* outbuffer)
{
    const uint8_t* in = static_cast<const uint8_t*>(inbuffer);
    uint8_t* out = static_cast<uint8_t*>(outbuffer);
    for (int f = 0; f < d_frames; f++) {
        const uint8_t* src = in + static_cast<size_t>(f) * d_k;
        for (int i = 0; i < d_k; i++) {
            d_info[i] = src[i] & 1;
        }
        d_code->encode(d_info.data(), out + static_cast<size_t>(f) * d_n);
    }
}

} // namespace gpufec
} // namespace gr
