/* -*- c++ -*- */
/*
 * ldpc_decoder_fb_impl: the stream decoder block's implementation, for binary and
 * nonbinary codes alike, float or int8 input: scheduler glue over the core's
 * stream pipeline (gpufec::stream_pipeline), which owns the decoders, the frames
 * in flight, the input conversion, the recovery from a failing decoder and the
 * sign check. The block hands the pipeline the fresh whole frames of its input,
 * writes each decoded frame's bits, tags its first output bit with its
 * iterations and parity status, and logs the pipeline's events. The input of a
 * frame in flight stays unconsumed until its output is written, so that the
 * scheduler keeps calling work() until a finite stream is flushed.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_LDPC_DECODER_FB_IMPL_H
#define INCLUDED_GR_GPUFEC_LDPC_DECODER_FB_IMPL_H

#include "input_convention.h"
#include "pipeline_decoder.h"
#include <atomic>
#include <gnuradio/gpufec/ldpc_decoder_fb.h>
#include <mutex>

namespace gr {
namespace gpufec {

class ldpc_decoder_fb_impl : public pipeline_decoder<ldpc_decoder_fb>
{
private:
    const int d_in_frame;  //!< LLRs per frame, N*p
    const int d_out_frame; //!< bits per frame
    mutable std::mutex d_error_mutex;
    std::string d_error; //!< the error that ended the stream
    std::atomic<bool> d_frame_tags;
    const pmt::pmt_t d_iterations_key;
    const pmt::pmt_t d_parity_ok_key;

    int write_out(uint8_t* out, int room, bool wait);
    void submit_new(const uint8_t* in, int available, int produced);
    void log_events() { gr::gpufec::log_events(*d_pipeline, d_logger, alias()); }

public:
    ldpc_decoder_fb_impl(::gpufec::stream_pipeline::uptr pipeline, bool frame_tags);
    ~ldpc_decoder_fb_impl() override;

    int input_frame_size() const override { return d_in_frame; }
    int output_frame_size() const override { return d_out_frame; }
    int frames_per_call() const override { return d_pipeline->frames_per_call(); }
    int frames_in_flight() const override { return d_pipeline->frames_in_flight(); }
    std::string input_type() const override
    {
        return d_pipeline->options().int8_input ? "int8" : "float";
    }
    void set_frame_tags(bool frame_tags) override { d_frame_tags = frame_tags; }
    bool frame_tags() const override { return d_frame_tags.load(); }

    uint64_t frames_decoded() const override { return d_pipeline->frames_decoded(); }
    uint64_t frames_failed() const override { return d_pipeline->frames_failed(); }
    uint64_t decoder_calls() const override { return d_pipeline->decoder_calls(); }
    bool sign_warning_issued() const override
    {
        return d_pipeline->sign_warning_issued();
    }
    uint64_t recoveries() const override { return d_pipeline->recoveries(); }
    std::string error() const override;

    bool start() override;
    bool stop() override;
    void forecast(int noutput_items, gr_vector_int& ninput_items_required) override;
    int general_work(int noutput_items,
                     gr_vector_int& ninput_items,
                     gr_vector_const_void_star& input_items,
                     gr_vector_void_star& output_items) override;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_LDPC_DECODER_FB_IMPL_H */
