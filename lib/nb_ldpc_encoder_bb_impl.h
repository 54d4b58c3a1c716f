/* -*- c++ -*- */
/*
 * nb_ldpc_encoder_bb_impl: the nonbinary stream encoder block's implementation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_NB_LDPC_ENCODER_BB_IMPL_H
#define INCLUDED_GR_GPUFEC_NB_LDPC_ENCODER_BB_IMPL_H

#include <gnuradio/gpufec/nb_ldpc_encoder_bb.h>
#include <gpufec/nb_code.h>
#include <vector>

namespace gr {
namespace gpufec {

class nb_ldpc_encoder_bb_impl : public nb_ldpc_encoder_bb
{
private:
    ::gpufec::nb_code::sptr d_code;
    const int d_n;
    const int d_k;
    const int d_p;
    const int d_in_frame;
    const int d_out_frame;
    std::vector<uint8_t> d_info;

public:
    nb_ldpc_encoder_bb_impl(::gpufec::nb_code::sptr code);
    ~nb_ldpc_encoder_bb_impl() override;

    int n() const override { return d_n; }
    int k() const override { return d_k; }
    int q() const override { return 1 << d_p; }
    int p() const override { return d_p; }
    std::string code_name() const override { return d_code->name(); }

    void forecast(int noutput_items, gr_vector_int& ninput_items_required) override;
    int general_work(int noutput_items,
                     gr_vector_int& ninput_items,
                     gr_vector_const_void_star& input_items,
                     gr_vector_void_star& output_items) override;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_NB_LDPC_ENCODER_BB_IMPL_H */
