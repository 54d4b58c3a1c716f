/* -*- c++ -*- */
/*
 * ldpc_decoder_fb_impl: the stream decoder block's implementation, for binary and
 * nonbinary codes alike (frame_codec.h). Hands every run of whole frames (up to
 * frames_per_call) to one core decoder call and tags each frame's first output
 * bit with its iterations and parity status. Warns once when the input seems to
 * have the opposite sign convention (sign_check.h).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_LDPC_DECODER_FB_IMPL_H
#define INCLUDED_GR_GPUFEC_LDPC_DECODER_FB_IMPL_H

#include "frame_codec.h"
#include "sign_check.h"
#include <atomic>
#include <gnuradio/gpufec/ldpc_decoder_fb.h>
#include <vector>

namespace gr {
namespace gpufec {

class ldpc_decoder_fb_impl : public ldpc_decoder_fb
{
private:
    frame_decoder::uptr d_decoder;
    const frame_sizes d_sizes;
    const int d_in_frame;
    const bool d_output_codeword;
    const int d_out_frame;
    const int d_frames_per_call;
    const float d_factor;
    std::vector<float> d_llrs;
    std::vector<int> d_iterations;
    std::vector<uint8_t> d_parity_ok;
    std::atomic<uint64_t> d_frames_decoded{ 0 };
    std::atomic<uint64_t> d_frames_failed{ 0 };
    std::atomic<uint64_t> d_calls{ 0 };
    sign_check d_sign_check;
    std::vector<float> d_inverted; // one frame, negated, for d_sign_check
    const pmt::pmt_t d_iterations_key;
    const pmt::pmt_t d_parity_ok_key;

public:
    ldpc_decoder_fb_impl(frame_decoder::uptr decoder,
                         int frames_per_call,
                         float factor,
                         bool output_codeword);
    ~ldpc_decoder_fb_impl() override;

    bool nonbinary() const override { return d_sizes.nonbinary; }
    int n() const override { return d_sizes.n; }
    int k() const override { return d_sizes.k; }
    int q() const override { return d_sizes.q(); }
    int p() const override { return d_sizes.p; }
    int input_frame_size() const override { return d_in_frame; }
    int output_frame_size() const override { return d_out_frame; }
    std::string backend() const override { return d_decoder->backend_name(); }
    std::string precision() const override { return d_decoder->precision(); }
    int frames_per_call() const override { return d_frames_per_call; }
    std::string code_name() const override { return d_decoder->code_name(); }

    void set_max_iterations(int max_iterations) override;
    int max_iterations() const override { return d_decoder->max_iterations(); }
    void set_alpha(float alpha) override { d_decoder->set_alpha(alpha); }
    float alpha() const override { return d_decoder->alpha(); }
    void set_beta(float beta) override { d_decoder->set_beta(beta); }
    float beta() const override { return d_decoder->beta(); }

    uint64_t frames_decoded() const override { return d_frames_decoded.load(); }
    uint64_t frames_failed() const override { return d_frames_failed.load(); }
    uint64_t decoder_calls() const override { return d_calls.load(); }
    bool sign_warning_issued() const override { return d_sign_check.warned(); }

    /*! Decodes frame f of d_llrs again with its LLRs negated; its parity status. */
    bool decodes_inverted(int f);

    void forecast(int noutput_items, gr_vector_int& ninput_items_required) override;
    int general_work(int noutput_items,
                     gr_vector_int& ninput_items,
                     gr_vector_const_void_star& input_items,
                     gr_vector_void_star& output_items) override;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_LDPC_DECODER_FB_IMPL_H */
