/* -*- c++ -*- */
/*
 * ldpc_encoder_impl: the FECAPI encoder object's implementation, for binary and
 * nonbinary codes alike (frame_codec.h); one generic_work() call encodes
 * frame_size / (K*p) frames.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_LDPC_ENCODER_IMPL_H
#define INCLUDED_GR_GPUFEC_LDPC_ENCODER_IMPL_H

#include "fecapi_compat.h"
#include "frame_codec.h"
#include <gnuradio/gpufec/ldpc_encoder.h>

namespace gr {
namespace gpufec {

class ldpc_encoder_impl : public ldpc_encoder
{
private:
    frame_encoder d_encoder;
    const frame_sizes d_sizes;
    int d_frames;

public:
    ldpc_encoder_impl(const std::string& spec, int frames);
    ~ldpc_encoder_impl() override;

    // gr::fec::generic_encoder
    void generic_work(fec_encoder_input_ptr inbuffer, void* outbuffer) override;
    double rate() override { return static_cast<double>(d_sizes.n) / d_sizes.k; }
    int get_input_size() override { return d_frames * d_sizes.k_bits(); }
    int get_output_size() override { return d_frames * d_sizes.n_bits(); }
    const char* get_input_conversion() override { return "none"; }
    const char* get_output_conversion() override { return "none"; }
    bool set_frame_size(unsigned int frame_size) override;

    // gr::gpufec::ldpc_encoder
    bool nonbinary() const override { return d_sizes.nonbinary; }
    int n() const override { return d_sizes.n; }
    int k() const override { return d_sizes.k; }
    int q() const override { return d_sizes.q(); }
    int p() const override { return d_sizes.p; }
    int frames() const override { return d_frames; }
    std::string code_name() const override { return d_encoder.code_name(); }
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_LDPC_ENCODER_IMPL_H */
