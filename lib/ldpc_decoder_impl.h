/* -*- c++ -*- */
/*
 * ldpc_decoder_impl: the FECAPI decoder object's implementation, for binary and
 * nonbinary codes alike. One generic_work() call decodes frame_size / (K*p)
 * frames in one call of the core's stream pipeline (gpufec::stream_pipeline::
 * decode: the input's sign and scale converted, a failing decoder replaced by a
 * CPU one).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_LDPC_DECODER_IMPL_H
#define INCLUDED_GR_GPUFEC_LDPC_DECODER_IMPL_H

#include "fecapi_compat.h"
#include "input_convention.h"
#include "pipeline_decoder.h"
#include <atomic>
#include <gnuradio/gpufec/ldpc_decoder.h>
#include <vector>

namespace gr {
namespace gpufec {

class ldpc_decoder_impl : public pipeline_decoder<ldpc_decoder>
{
private:
    const int d_in_frame;  // floats per frame, N*p
    const int d_out_frame; // information bits per frame, K*p
    const float d_factor;
    const double d_rate;
    int d_frames;
    std::atomic<float> d_mean_iterations{ 0.0f }; // read by other threads (Python)
    std::atomic<int> d_parity_failures{ 0 };
    std::vector<int> d_iterations;
    std::vector<uint8_t> d_parity_ok;

    void resize_buffers(); // to d_frames frames

public:
    ldpc_decoder_impl(::gpufec::stream_pipeline::uptr pipeline, int frames, float factor);
    ~ldpc_decoder_impl() override;

    // gr::fec::generic_decoder
    void generic_work(fec_decoder_input_ptr inbuffer, void* outbuffer) override;
    double rate() override { return d_rate; }
    int get_input_size() override { return d_frames * d_in_frame; }
    int get_output_size() override { return d_frames * d_out_frame; }
    int get_input_item_size() override { return sizeof(float); }
    int get_output_item_size() override { return sizeof(uint8_t); }
    const char* get_input_conversion() override { return "none"; }
    const char* get_output_conversion() override { return "none"; }
    /*!
     * A positive multiple of K*p other than the size set: true (the frames
     * change). The size already set, or another size: false (fecapi_frames in
     * fecapi_compat.h says why).
     */
    bool set_frame_size(unsigned int frame_size) override;
    float get_iterations() override { return d_mean_iterations.load(); }

    // gr::gpufec::ldpc_decoder
    int frames() const override { return d_frames; }
    float llr_scale() const override { return -d_factor; }
    int last_parity_failures() const override { return d_parity_failures.load(); }
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_LDPC_DECODER_IMPL_H */
