/* -*- c++ -*- */
/*
 * ldpc_encoder_bb_impl: the stream encoder block's implementation; whole frames of
 * K unpacked bits in, N unpacked codeword bits out, via the core's encoder.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_LDPC_ENCODER_BB_IMPL_H
#define INCLUDED_GR_GPUFEC_LDPC_ENCODER_BB_IMPL_H

#include <gnuradio/gpufec/ldpc_encoder_bb.h>
#include <gpufec/ldpc_code.h>
#include <vector>

namespace gr {
namespace gpufec {

class ldpc_encoder_bb_impl : public ldpc_encoder_bb
{
private:
    ::gpufec::ldpc_code::sptr d_code;
    const int d_n;
    const int d_k;
    std::vector<uint8_t> d_info;

public:
    explicit ldpc_encoder_bb_impl(::gpufec::ldpc_code::sptr code);
    ~ldpc_encoder_bb_impl() override;

    int n() const override { return d_n; }
    int k() const override { return d_k; }
    std::string code_name() const override { return d_code->name(); }

    void forecast(int noutput_items, gr_vector_int& ninput_items_required) override;
    int general_work(int noutput_items,
                     gr_vector_int& ninput_items,
                     gr_vector_const_void_star& input_items,
                     gr_vector_void_star& output_items) override;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_LDPC_ENCODER_BB_IMPL_H */
