/* -*- c++ -*- */
/*
 * nb_ldpc_decoder_impl: the FECAPI nonbinary decoder object's implementation.
 * One generic_work() call decodes frame_size / (K*p) frames in one core NB
 * decoder call.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_NB_LDPC_DECODER_IMPL_H
#define INCLUDED_GR_GPUFEC_NB_LDPC_DECODER_IMPL_H

#include "fecapi_compat.h"
#include <atomic>
#include <gnuradio/gpufec/nb_ldpc_decoder.h>
#include <gpufec/nb_decoder.h>
#include <vector>

namespace gr {
namespace gpufec {

class nb_ldpc_decoder_impl : public nb_ldpc_decoder
{
private:
    ::gpufec::nb_decoder::uptr d_decoder;
    const int d_n;
    const int d_k;
    const int d_p;
    const int d_in_frame;
    const int d_out_frame;
    const float d_factor;
    const double d_rate;
    int d_frames;
    std::atomic<float> d_mean_iterations{ 0.0f }; // read by other threads (Python)
    std::atomic<int> d_parity_failures{ 0 };
    std::vector<float> d_llrs;
    std::vector<int> d_iterations;
    std::vector<uint8_t> d_parity_ok;

public:
    nb_ldpc_decoder_impl(::gpufec::nb_decoder::uptr decoder, int frames, float factor);
    ~nb_ldpc_decoder_impl() override;

    // gr::fec::generic_decoder
    void generic_work(fec_decoder_input_ptr inbuffer, void* outbuffer) override;
    double rate() override { return d_rate; }
    int get_input_size() override { return d_frames * d_in_frame; }
    int get_output_size() override { return d_frames * d_out_frame; }
    int get_input_item_size() override { return sizeof(float); }
    int get_output_item_size() override { return sizeof(uint8_t); }
    const char* get_input_conversion() override { return "none"; }
    const char* get_output_conversion() override { return "none"; }
    bool set_frame_size(unsigned int frame_size) override;
    float get_iterations() override { return d_mean_iterations.load(); }

    // gr::gpufec::nb_ldpc_decoder
    int n() const override { return d_n; }
    int k() const override { return d_k; }
    int q() const override { return 1 << d_p; }
    int p() const override { return d_p; }
    int frames() const override { return d_frames; }
    std::string backend() const override;
    std::string code_name() const override;
    void set_max_iterations(int max_iterations) override;
    int max_iterations() const override;
    int last_parity_failures() const override { return d_parity_failures.load(); }
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_NB_LDPC_DECODER_IMPL_H */
