/* -*- c++ -*- */
/*
 * ldpc_encoder_impl: gr-fec FECAPI encoder over the core's systematic encoders,
 * binary or GF(q); frame_size counts information bits and may be any positive
 * multiple of K*p.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ldpc_encoder_impl.h"

namespace gr {
namespace gpufec {

ldpc_encoder::sptr ldpc_encoder::make(const std::string& spec, int frames)
{
    check_positive(frames, "frames", "gpufec.ldpc_encoder");
    return std::make_shared<ldpc_encoder_impl>(spec, frames);
}

ldpc_encoder_impl::ldpc_encoder_impl(const std::string& spec, int frames)
    : ldpc_encoder("gpufec_ldpc_encoder"), d_encoder(spec, "gpufec.ldpc_encoder"),
      d_sizes(d_encoder.sizes()), d_frames(frames)
{
    check_fecapi_frames(frames, d_sizes.n_bits(), "gpufec.ldpc_encoder");
}

ldpc_encoder_impl::~ldpc_encoder_impl() {}

bool ldpc_encoder_impl::set_frame_size(unsigned int frame_size)
{
    return fecapi_frames(frame_size,
                         d_sizes.k_bits(),
                         d_sizes.n_bits(),
                         d_sizes.nonbinary,
                         d_frames,
                         d_logger);
}

void ldpc_encoder_impl::generic_work(fec_encoder_input_ptr inbuffer, void* outbuffer)
{
    const uint8_t* in = static_cast<const uint8_t*>(inbuffer);
    uint8_t* out = static_cast<uint8_t*>(outbuffer);
    for (int f = 0; f < d_frames; f++) {
        d_encoder.encode(in + static_cast<size_t>(f) * d_sizes.k_bits(),
                         out + static_cast<size_t>(f) * d_sizes.n_bits());
    }
}

} // namespace gpufec
} // namespace gr
