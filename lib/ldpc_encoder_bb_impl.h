/* -*- c++ -*- */
/*
 * ldpc_encoder_bb_impl: the stream encoder block's implementation, for binary and
 * nonbinary codes alike (frame_codec.h); whole frames of K*p unpacked bits in,
 * N*p unpacked codeword bits out, via the core's encoder.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_LDPC_ENCODER_BB_IMPL_H
#define INCLUDED_GR_GPUFEC_LDPC_ENCODER_BB_IMPL_H

#include "frame_codec.h"
#include <gnuradio/gpufec/ldpc_encoder_bb.h>

namespace gr {
namespace gpufec {

class ldpc_encoder_bb_impl : public ldpc_encoder_bb
{
private:
    frame_encoder d_encoder;
    const int d_in_frame;  // K*p
    const int d_out_frame; // N*p

public:
    explicit ldpc_encoder_bb_impl(const std::string& spec);
    ~ldpc_encoder_bb_impl() override;

    bool nonbinary() const override { return d_encoder.sizes().nonbinary; }
    int n() const override { return d_encoder.sizes().n; }
    int k() const override { return d_encoder.sizes().k; }
    int q() const override { return d_encoder.sizes().q(); }
    int p() const override { return d_encoder.sizes().p; }
    std::string code_name() const override { return d_encoder.code_name(); }

    void forecast(int noutput_items, gr_vector_int& ninput_items_required) override;
    int general_work(int noutput_items,
                     gr_vector_int& ninput_items,
                     gr_vector_const_void_star& input_items,
                     gr_vector_void_star& output_items) override;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_LDPC_ENCODER_BB_IMPL_H */
