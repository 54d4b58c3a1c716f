/* -*- c++ -*- */
/*
 * ldpc_encoder_bb_impl: unpacked information bits in (K*p per frame, LSB of each
 * byte), unpacked transmitted codeword bits out (N*p per frame); p = 1 for a
 * binary code.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ldpc_encoder_bb_impl.h"
#include <algorithm>
#include <gnuradio/io_signature.h>

namespace gr {
namespace gpufec {

ldpc_encoder_bb::sptr ldpc_encoder_bb::make(const std::string& spec)
{
    return gnuradio::make_block_sptr<ldpc_encoder_bb_impl>(spec);
}

ldpc_encoder_bb_impl::ldpc_encoder_bb_impl(const std::string& spec)
    : gr::block("ldpc_encoder_bb",
                gr::io_signature::make(1, 1, sizeof(uint8_t)),
                gr::io_signature::make(1, 1, sizeof(uint8_t))),
      d_encoder(spec, "gpufec.ldpc_encoder_bb"), d_in_frame(d_encoder.sizes().k_bits()),
      d_out_frame(d_encoder.sizes().n_bits())
{
    set_output_multiple(d_out_frame);
    set_relative_rate(static_cast<uint64_t>(d_out_frame),
                      static_cast<uint64_t>(d_in_frame));
}

ldpc_encoder_bb_impl::~ldpc_encoder_bb_impl() {}

void ldpc_encoder_bb_impl::forecast(int noutput_items,
                                    gr_vector_int& ninput_items_required)
{
    ninput_items_required[0] = std::max(1, noutput_items / d_out_frame) * d_in_frame;
}

int ldpc_encoder_bb_impl::general_work(int noutput_items,
                                       gr_vector_int& ninput_items,
                                       gr_vector_const_void_star& input_items,
                                       gr_vector_void_star& output_items)
{
    const uint8_t* in = static_cast<const uint8_t*>(input_items[0]);
    uint8_t* out = static_cast<uint8_t*>(output_items[0]);
    const int frames =
        std::min(ninput_items[0] / d_in_frame, noutput_items / d_out_frame);
    for (int f = 0; f < frames; f++) {
        d_encoder.encode(in + static_cast<size_t>(f) * d_in_frame,
                         out + static_cast<size_t>(f) * d_out_frame);
    }
    consume_each(frames * d_in_frame);
    return frames * d_out_frame;
}

} // namespace gpufec
} // namespace gr
