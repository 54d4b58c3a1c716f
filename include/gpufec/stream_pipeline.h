/* -*- c++ -*- */
/*
 * The core's pipeline for a stream of frames, for every face that decodes one (GNU
 * Radio's stream and PDU blocks, the FECAPI decoder): made from a code, the
 * decoder's options and the stream's (stream_options.h), it owns the policy of
 * streaming, so that no face re-implements it:
 *
 *  - its decoders, built once: one, or on the CPU with batches in flight one
 *    single-threaded decoder per thread (decoder threads, 0 = one per core, at
 *    most one per batch in flight), each decoding whole batches;
 *  - the frames in flight: frames_in_flight resolved (auto: 4 batches on a GPU,
 *    8 per decoder thread on the CPU) and bounded (max_values_in_flight), and
 *    capped by what the caller's input buffer holds (start());
 *  - the input's conversion to the core's LLRs (sign, llr_scale; int8 negated
 *    with saturation), one pass within the copy of a batch, or none where the
 *    input needs none and the caller keeps it in place (submit_ready);
 *  - recovery: a decoder that throws (a GPU that fails mid-stream) is replaced,
 *    once, by a CPU decoder with the same options (half2 becomes float32, auto
 *    stays auto: the CPU's), which decodes the failed batch again; no frame is
 *    lost, repeated or reordered. An input error (std::invalid_argument) is not
 *    recovered from;
 *  - the sign check (lib/core/stream/sign_check.h): after runs of frames that
 *    fail parity, one is decoded again negated, and a warning is given once if
 *    that decodes;
 *  - the alignment check (lib/core/stream/alignment_check.h, binary codes):
 *    a warning, once, where the frames appear to start a few values later in
 *    the stream than the caller takes them (a delay upstream).
 *
 * Two ways in. Asynchronous (a stream block): start(), then submit_ready() with
 * the fresh frames of the input and next_output() for the decoded ones, oldest
 * first, on one caller thread; batches decode on worker threads meanwhile
 * (decode_pipeline.h). Synchronous (a PDU, a FECAPI call): decode(). What the
 * pipeline has to say (a recovery, the wrong-sign warning, the in-flight cap) is
 * queued as events, which the caller takes with take_events() and logs: the core
 * logs nothing itself.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_STREAM_PIPELINE_H
#define INCLUDED_GPUFEC_STREAM_PIPELINE_H

#include <cstddef>
#include <cstdint>
#include <gpufec/api.h>
#include <gpufec/code.h>
#include <gpufec/decoder.h>
#include <gpufec/stream_options.h>
#include <memory>
#include <string>
#include <vector>

namespace gpufec {

/*! A message of the pipeline, for the caller's log. */
struct GPUFEC_API stream_event {
    enum class level { debug, info, warning, error };
    level severity = level::info;
    std::string text; //!< without the caller's name
};

/*! Decoded frames, oldest first: a view valid until the next next_output() call. */
struct GPUFEC_API stream_output {
    size_t frames = 0;
    const uint8_t* bits = nullptr;      //!< frames * output_frame_bits(), 0/1
    const int* iterations = nullptr;    //!< per frame
    const uint8_t* parity_ok = nullptr; //!< per frame, 0/1
};

class GPUFEC_API stream_pipeline
{
public:
    using uptr = std::unique_ptr<stream_pipeline>;

    /*!
     * Builds the decoders (decoder::make(code, decoder): the one options struct,
     * its GF(q) part read for a GF(q) code). Throws gpufec::invalid_argument (starting
     * with stream.who) for bad options, gpufec::backend_unavailable ("who: backend
     * 'cuda': ...") where the backend cannot run here.
     */
    stream_pipeline(const code_handle& code,
                    const decoder_options& decoder,
                    const stream_options& stream);
    /*! Waits for the batches in flight, then stops the workers. */
    ~stream_pipeline();
    stream_pipeline(const stream_pipeline&) = delete;
    stream_pipeline& operator=(const stream_pipeline&) = delete;

    const code_handle& code() const;
    const stream_options& options() const;
    int input_frame_values() const;   //!< N*p LLRs per frame
    size_t input_frame_bytes() const; //!< as the input type takes them
    int output_frame_bits() const;    //!< K*p, or N*p with output_codeword
    int frames_per_call() const;
    int frames_in_flight() const;   //!< auto resolved
    bool synchronous() const;       //!< frames_in_flight() <= frames_per_call()
    size_t decoder_threads() const; //!< worker decoders (batches decoding at once)

    // The decoders (worker 0's for the getters; the setters apply to every one).
    std::string code_name() const;
    std::string backend_name() const; //!< "cpu" or "cuda"
    message_precision precision() const;
    void set_max_iterations(int max_iterations);
    int max_iterations() const;
    void set_alpha(float alpha); //!< a nonbinary code accepts family_default only
    float alpha() const;
    void set_beta(float beta);
    float beta() const;

    // Asynchronous path (one caller thread).
    /*!
     * Starts the workers for a caller whose input buffer holds buffer_frames
     * whole frames: the frames in flight are capped by it (less one batch, room
     * for the producer to write the next one, where it holds two or more; an info
     * event says so). Drops what an earlier start left in flight.
     */
    void start(size_t buffer_frames);
    bool started() const;
    /*!
     * Hands over the fresh frames (those after the frames in flight) at input, up
     * to `fresh` of them, in batches of up to frames_per_call, while fewer than the
     * cap are in flight; a short batch waits while others are in flight and the
     * buffer can still fill it, or while the frames in flight leave room for
     * less than a whole batch; returns the frames handed over. With in_place, input
     * that needs no conversion is decoded where it lies (the caller keeps those
     * frames unchanged until next_output() has given them back).
     */
    size_t submit_ready(const void* input, size_t fresh, bool in_place);
    /*!
     * Up to max_frames decoded frames of the oldest batch (wait: waits for it
     * when none is ready; nothing is returned only when nothing is in flight).
     * Rethrows the error of a batch that could not be decoded.
     */
    stream_output next_output(size_t max_frames, bool wait);
    /*! Frames handed over and not yet given back by next_output(). */
    size_t in_flight() const;
    /*! Waits for the workers, drops what is in flight; start() begins again. */
    void stop();

    // Synchronous path.
    /*!
     * Decodes `frames` frames of input (the input type's LLRs, converted as the
     * options say) in one decoder call, with the same recovery; writes frames *
     * output_frame_bits() bits, one iteration count and parity flag per frame.
     * Not while the asynchronous path is started. Throws the decoder's error when
     * no decoder can decode them.
     */
    void decode(const void* input,
                size_t frames,
                uint8_t* output,
                int* iterations,
                uint8_t* parity_ok);

    // Counters and events (any thread).
    uint64_t decoder_calls() const;
    uint64_t frames_decoded() const; //!< given back by next_output()
    uint64_t frames_failed() const;  //!< of those, failed parity
    uint64_t recoveries() const;     //!< 0 or 1
    bool sign_warning_issued() const;
    /*! The events queued since the last call, oldest first. */
    std::vector<stream_event> take_events();

private:
    class impl;
    std::unique_ptr<impl> d_impl;
};

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_STREAM_PIPELINE_H */
