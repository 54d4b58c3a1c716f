/* -*- c++ -*- */
/*
 * nb_ldpc_encoder_impl: gr-fec FECAPI encoder over the core's GF(q) systematic
 * encoder; frame_size counts information bits and may be any positive multiple
 * of K*p.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "nb_ldpc_encoder_impl.h"
#include "decoder_params.h"
#include "nb_decoder_params.h"

namespace gr {
namespace gpufec {

nb_ldpc_encoder::sptr nb_ldpc_encoder::make(const std::string& spec, int frames)
{
    const char* const who = "gpufec.nb_ldpc_encoder";
    check_positive(frames, "frames", who);
    return std::make_shared<nb_ldpc_encoder_impl>(make_nb_code(spec, who), frames);
}

nb_ldpc_encoder_impl::nb_ldpc_encoder_impl(::gpufec::nb_code::sptr code, int frames)
    : nb_ldpc_encoder("gpufec_nb_ldpc_encoder"), d_code(std::move(code)),
      d_n(d_code->n()), d_k(d_code->k()), d_p(d_code->p()), d_in_frame(d_k * d_p),
      d_out_frame(d_n * d_p), d_frames(frames), d_info(d_in_frame)
{
}

nb_ldpc_encoder_impl::~nb_ldpc_encoder_impl() {}

bool nb_ldpc_encoder_impl::set_frame_size(unsigned int frame_size)
{
    if (frame_size == 0 || frame_size % static_cast<unsigned int>(d_in_frame) != 0) {
        d_logger->info("set_frame_size({}) refused: the frame size must be a positive "
                       "multiple of K*p={}; keeping {} ({} frames)",
                       frame_size,
                       d_in_frame,
                       d_frames * d_in_frame,
                       d_frames);
        return false;
    }
    d_frames = static_cast<int>(frame_size / d_in_frame);
    return true;
}

void nb_ldpc_encoder_impl::generic_work(fec_encoder_input_ptr inbuffer, void* outbuffer)
{
    const uint8_t* in = static_cast<const uint8_t*>(inbuffer);
    uint8_t* out = static_cast<uint8_t*>(outbuffer);
    for (int f = 0; f < d_frames; f++) {
        const uint8_t* src = in + static_cast<size_t>(f) * d_in_frame;
        for (int i = 0; i < d_in_frame; i++) {
            d_info[i] = src[i] & 1;
        }
        d_code->encode_bits(d_info.data(), out + static_cast<size_t>(f) * d_out_frame);
    }
}

} // namespace gpufec
} // namespace gr
