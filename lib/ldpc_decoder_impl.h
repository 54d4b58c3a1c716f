/* -*- c++ -*- */
/*
 * ldpc_decoder_impl: the FECAPI decoder object's implementation. One
 * generic_work() call decodes frame_size / K frames in one core decoder call.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_LDPC_DECODER_IMPL_H
#define INCLUDED_GR_GPUFEC_LDPC_DECODER_IMPL_H

#include "fecapi_compat.h"
#include <atomic>
#include <gnuradio/gpufec/ldpc_decoder.h>
#include <gpufec/decoder.h>
#include <vector>

namespace gr {
namespace gpufec {

class ldpc_decoder_impl : public ldpc_decoder
{
private:
    ::gpufec::decoder::uptr d_decoder;
    const int d_n;
    const int d_k;
    const float d_factor;
    const double d_rate;
    int d_frames;
    std::atomic<float> d_mean_iterations{ 0.0f }; // read by other threads (Python)
    std::atomic<int> d_parity_failures{ 0 };
    std::vector<float> d_llrs;
    std::vector<int> d_iterations;
    std::vector<uint8_t> d_parity_ok;


public:
    ldpc_decoder_impl(::gpufec::decoder::uptr decoder, int frames, float factor);
    ~ldpc_decoder_impl() override;

    // gr::fec::generic_decoder
    void generic_work(fec_decoder_input_ptr inbuffer, void* outbuffer) override;
    double rate() override;
    int get_input_size() override { return d_frames * d_n; }
    int get_output_size() override { return d_frames * d_k; }
    int get_input_item_size() override { return sizeof(float); }
    int get_output_item_size() override { return sizeof(uint8_t); }
    const char* get_input_conversion() override { return "none"; }
    const char* get_output_conversion() override { return "none"; }
    bool set_frame_size(unsigned int frame_size) override;
    float get_iterations() override { return d_mean_iterations.load(); }

    // gr::gpufec::ldpc_decoder
    int n() const override { return d_n; }
    int k() const override { return d_k; }
    int frames() const override { return d_frames; }
    std::string backend() const override;
    std::string code_name() const override;
    float llr_scale() const override { return -d_factor; }
    void set_max_iterations(int max_iterations) override;
    int max_iterations() const override;
    void set_alpha(float alpha) override;
    float alpha() const override;
    void set_beta(float beta) override;
    float beta() const override;
    int last_parity_failures() const override { return d_parity_failures.load(); }
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_LDPC_DECODER_IMPL_H */
