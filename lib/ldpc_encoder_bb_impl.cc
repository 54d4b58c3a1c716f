/* -*- c++ -*- */
/*
 * ldpc_encoder_bb_impl: unpacked information bits in (K per frame, LSB of each
 * byte), unpacked transmitted codeword bits out (N per frame).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ldpc_encoder_bb_impl.h"
#include "decoder_params.h"
#include <algorithm>
#include <gnuradio/io_signature.h>

namespace gr {
namespace gpufec {

ldpc_encoder_bb::sptr ldpc_encoder_bb::make(const std::string& spec)
{
    return gnuradio::make_block_sptr<ldpc_encoder_bb_impl>(
        make_code(spec, "gpufec.ldpc_encoder_bb"));
}

ldpc_encoder_bb_impl::ldpc_encoder_bb_impl(::gpufec::ldpc_code::sptr code)
    : gr::block("ldpc_encoder_bb",
                gr::io_signature::make(1, 1, sizeof(uint8_t)),
                gr::io_signature::make(1, 1, sizeof(uint8_t))),
      d_code(std::move(code)), d_n(d_code->n()), d_k(d_code->k()), d_info(d_k)
{
    set_output_multiple(d_n);
    set_relative_rate(static_cast<uint64_t>(d_n), static_cast<uint64_t>(d_k));
}

ldpc_encoder_bb_impl::~ldpc_encoder_bb_impl() {}

void ldpc_encoder_bb_impl::forecast(int noutput_items,
                                    gr_vector_int& ninput_items_required)
{
    ninput_items_required[0] = std::max(1, noutput_items / d_n) * d_k;
}

int ldpc_encoder_bb_impl::general_work(int noutput_items,
                                       gr_vector_int& ninput_items,
                                       gr_vector_const_void_star& input_items,
                                       gr_vector_void_star& output_items)
{
    const uint8_t* in = static_cast<const uint8_t*>(input_items[0]);
    uint8_t* out = static_cast<uint8_t*>(output_items[0]);

    const int frames = std::min(ninput_items[0] / d_k, noutput_items / d_n);
    for (int f = 0; f < frames; f++) {
        const uint8_t* src = in + static_cast<size_t>(f) * d_k;
        for (int i = 0; i < d_k; i++) {
            d_info[i] = src[i] & 1;
        }
        d_code->encode(d_info.data(), out + static_cast<size_t>(f) * d_n);
    }
    consume_each(frames * d_k);
    return frames * d_n;
}

} // namespace gpufec
} // namespace gr
