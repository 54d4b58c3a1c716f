/* -*- c++ -*- */
/*
 * ldpc_decoder_fb_impl: the stream decoder block's implementation, for binary and
 * nonbinary codes alike (frame_codec.h), float or int8 input. Keeps batches of
 * whole frames (up to frames_per_call each, up to frames_in_flight frames in all)
 * in the core's pipeline (gpufec::decode_pipeline, one worker thread) and writes
 * each frame's bits when its batch is decoded, tagging its first output bit with
 * its iterations and parity status. The input of a frame in flight stays
 * unconsumed until its output is written, so that the scheduler keeps calling
 * work() until a finite stream is flushed. A decoder that fails mid-stream is
 * replaced by a CPU one. Warns once when the input seems to have the opposite
 * sign convention (sign_check.h).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_LDPC_DECODER_FB_IMPL_H
#define INCLUDED_GR_GPUFEC_LDPC_DECODER_FB_IMPL_H

#include "frame_codec.h"
#include "sign_check.h"
#include <atomic>
#include <deque>
#include <gnuradio/gpufec/ldpc_decoder_fb.h>
#include <gpufec/decode_pipeline.h>
#include <memory>
#include <mutex>
#include <vector>

namespace gr {
namespace gpufec {

/*! The make() arguments that shape the stream, checked. */
struct stream_args {
    int frames_per_call = 64;
    int frames_in_flight = 0; //!< as given: 0 = auto
    bool int8_input = false;
    float factor = 1.0f; //!< input x -> LLR factor * x (sign and llr_scale)
    bool output_codeword = false;
    bool frame_tags = true;
};

class ldpc_decoder_fb_impl : public ldpc_decoder_fb
{
private:
    const std::string d_spec;
    const decoder_args d_args;
    mutable std::mutex d_decoder_mutex; //!< guards d_decoder(s) (replaced on a failure)
    std::shared_ptr<frame_decoder> d_decoder;
    //! one per pipeline worker, d_decoder first: on the CPU, single-threaded
    //! decoders on batches in flight, one per thread; else d_decoder alone
    std::vector<std::shared_ptr<frame_decoder>> d_decoders;
    const frame_sizes d_sizes;
    const int d_in_frame;
    const bool d_output_codeword;
    const int d_out_frame;
    const int d_frames_per_call;
    const int d_frames_in_flight; //!< auto resolved
    const bool d_synchronous;     //!< d_frames_in_flight <= d_frames_per_call
    const bool d_int8_input;
    const float d_factor;
    const size_t d_in_bytes; //!< bytes per input frame, as the decoder takes them

    // work() thread
    bool d_limits_known = false;
    bool d_in_place = false;  //!< batches decoded from the input buffer (no copy)
    int d_batch_max = 1;      //!< frames per batch
    int d_cap = 1;            //!< frames in flight, input buffer considered
    int d_buffer_frames = 1;  //!< whole frames the input buffer holds
    std::deque<int> d_queued; //!< frames of each batch in the pipeline, oldest first
    ::gpufec::pipeline_batch d_head; //!< the batch being written out
    bool d_head_valid = false;
    size_t d_head_next = 0; //!< its frames written so far
    int d_in_flight = 0;    //!< frames handed over and not yet written out

    // worker threads (the pipeline's decode and recover functions)
    std::mutex d_sign_mutex; //!< guards d_sign_check
    sign_check d_sign_check;
    bool d_on_fallback = false; //!< a decoder was replaced (recover() runs one at a time)
    std::atomic<uint64_t> d_worker_frames{ 0 }; //!< frames decoded so far

    std::atomic<uint64_t> d_frames_decoded{ 0 };
    std::atomic<uint64_t> d_frames_failed{ 0 };
    std::atomic<uint64_t> d_calls{ 0 };
    std::atomic<uint64_t> d_attempts{ 0 }; //!< decoder calls begun (testing hook)
    std::atomic<int64_t> d_fail_at{ -1 };  //!< the first attempt that throws, or -1
    std::atomic<int> d_fail_left{ 0 };     //!< the attempts that throw from there
    std::string d_error; //!< the error that ended the stream (d_decoder_mutex)
    std::atomic<uint64_t> d_recoveries{ 0 };
    std::atomic<bool> d_frame_tags;
    const pmt::pmt_t d_iterations_key;
    const pmt::pmt_t d_parity_ok_key;

    // declared last: destroyed (its worker joined) before everything it uses
    std::unique_ptr<::gpufec::decode_pipeline> d_pipeline;

    std::shared_ptr<frame_decoder> decoder() const;
    void fill(const uint8_t* in, size_t frames, uint8_t* batch_input) const;
    void decode_batch(frame_decoder& decoder,
                      const uint8_t* input,
                      size_t frames,
                      uint8_t* output,
                      int* iterations,
                      uint8_t* parity_ok);
    bool decodes_inverted(frame_decoder& decoder, const uint8_t* frame);
    ::gpufec::decode_pipeline::decode_fn
    decode_with(std::shared_ptr<frame_decoder> decoder);
    ::gpufec::decode_pipeline::decode_fn recover(const std::exception_ptr& error,
                                                 size_t worker);
    void start_pipeline();
    void drop_in_flight();
    int write_out(uint8_t* out, int first, int room, bool wait);
    void submit_new(const uint8_t* in, int available, int produced);

public:
    ldpc_decoder_fb_impl(const std::string& spec,
                         const decoder_args& args,
                         frame_decoder::uptr decoder,
                         const stream_args& stream);
    ~ldpc_decoder_fb_impl() override;

    bool nonbinary() const override { return d_sizes.nonbinary; }
    int n() const override { return d_sizes.n; }
    int k() const override { return d_sizes.k; }
    int q() const override { return d_sizes.q(); }
    int p() const override { return d_sizes.p; }
    int input_frame_size() const override { return d_in_frame; }
    int output_frame_size() const override { return d_out_frame; }
    std::string backend() const override { return decoder()->backend_name(); }
    std::string precision() const override { return decoder()->precision(); }
    int frames_per_call() const override { return d_frames_per_call; }
    int frames_in_flight() const override { return d_frames_in_flight; }
    std::string input_type() const override { return d_int8_input ? "int8" : "float"; }
    void set_frame_tags(bool frame_tags) override { d_frame_tags = frame_tags; }
    bool frame_tags() const override { return d_frame_tags.load(); }
    std::string code_name() const override { return decoder()->code_name(); }

    void set_max_iterations(int max_iterations) override;
    int max_iterations() const override { return decoder()->max_iterations(); }
    void set_alpha(float alpha) override;
    float alpha() const override { return decoder()->alpha(); }
    void set_beta(float beta) override;
    float beta() const override { return decoder()->beta(); }

    uint64_t frames_decoded() const override { return d_frames_decoded.load(); }
    uint64_t frames_failed() const override { return d_frames_failed.load(); }
    uint64_t decoder_calls() const override { return d_calls.load(); }
    bool sign_warning_issued() const override { return d_sign_check.warned(); }
    uint64_t recoveries() const override { return d_recoveries.load(); }
    void inject_decode_failure_after(int batches, int failures) override;
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
