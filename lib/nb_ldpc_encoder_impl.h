/* -*- c++ -*- */
/*
 * nb_ldpc_encoder_impl: the FECAPI nonbinary encoder object's implementation;
 * one generic_work() call encodes frame_size / (K*p) frames.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_NB_LDPC_ENCODER_IMPL_H
#define INCLUDED_GR_GPUFEC_NB_LDPC_ENCODER_IMPL_H

#include "fecapi_compat.h"
#include <gnuradio/gpufec/nb_ldpc_encoder.h>
#include <gpufec/nb_code.h>
#include <vector>

namespace gr {
namespace gpufec {

class nb_ldpc_encoder_impl : public nb_ldpc_encoder
{
private:
    ::gpufec::nb_code::sptr d_code;
    const int d_n;
    const int d_k;
    const int d_p;
    const int d_in_frame;
    const int d_out_frame;
    int d_frames;
    std::vector<uint8_t> d_info;

public:
    nb_ldpc_encoder_impl(::gpufec::nb_code::sptr code, int frames);
    ~nb_ldpc_encoder_impl() override;

    // gr::fec::generic_encoder
    void generic_work(fec_encoder_input_ptr inbuffer, void* outbuffer) override;
    double rate() override { return static_cast<double>(d_n) / d_k; }
    int get_input_size() override { return d_frames * d_in_frame; }
    int get_output_size() override { return d_frames * d_out_frame; }
    const char* get_input_conversion() override { return "none"; }
    const char* get_output_conversion() override { return "none"; }
    bool set_frame_size(unsigned int frame_size) override;

    // gr::gpufec::nb_ldpc_encoder
    int n() const override { return d_n; }
    int k() const override { return d_k; }
    int q() const override { return 1 << d_p; }
    int p() const override { return d_p; }
    int frames() const override { return d_frames; }
    std::string code_name() const override { return d_code->name(); }
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_NB_LDPC_ENCODER_IMPL_H */
