/* -*- c++ -*- */
/*
 * nb_ldpc_encoder_bb_impl: unpacked information bits in (K*p per frame, LSB of
 * each byte), the N*p bits of the GF(q) codeword's binary image out.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "nb_ldpc_encoder_bb_impl.h"
#include "nb_decoder_params.h"
#include <algorithm>
#include <gnuradio/io_signature.h>

namespace gr {
namespace gpufec {

nb_ldpc_encoder_bb::sptr nb_ldpc_encoder_bb::make(const std::string& spec)
{
    return gnuradio::make_block_sptr<nb_ldpc_encoder_bb_impl>(
        make_nb_code(spec, "gpufec.nb_ldpc_encoder_bb"));
}

nb_ldpc_encoder_bb_impl::nb_ldpc_encoder_bb_impl(::gpufec::nb_code::sptr code)
    : gr::block("nb_ldpc_encoder_bb",
                gr::io_signature::make(1, 1, sizeof(uint8_t)),
                gr::io_signature::make(1, 1, sizeof(uint8_t))),
      d_code(std::move(code)), d_n(d_code->n()), d_k(d_code->k()), d_p(d_code->p()),
      d_in_frame(d_k * d_p), d_out_frame(d_n * d_p), d_info(d_in_frame)
{
    set_output_multiple(d_out_frame);
    set_relative_rate(static_cast<uint64_t>(d_out_frame),
                      static_cast<uint64_t>(d_in_frame));
}

nb_ldpc_encoder_bb_impl::~nb_ldpc_encoder_bb_impl() {}

void nb_ldpc_encoder_bb_impl::forecast(int noutput_items,
                                       gr_vector_int& ninput_items_required)
{
    ninput_items_required[0] = std::max(1, noutput_items / d_out_frame) * d_in_frame;
}

int nb_ldpc_encoder_bb_impl::general_work(int noutput_items,
                                          gr_vector_int& ninput_items,
                                          gr_vector_const_void_star& input_items,
                                          gr_vector_void_star& output_items)
{
    const uint8_t* in = static_cast<const uint8_t*>(input_items[0]);
    uint8_t* out = static_cast<uint8_t*>(output_items[0]);
    const int frames =
        std::min(ninput_items[0] / d_in_frame, noutput_items / d_out_frame);
    for (int f = 0; f < frames; f++) {
        const uint8_t* src = in + static_cast<size_t>(f) * d_in_frame;
        for (int i = 0; i < d_in_frame; i++) {
            d_info[i] = src[i] & 1;
        }
        d_code->encode_bits(d_info.data(), out + static_cast<size_t>(f) * d_out_frame);
    }
    consume_each(frames * d_in_frame);
    return frames * d_out_frame;
}

} // namespace gpufec
} // namespace gr
