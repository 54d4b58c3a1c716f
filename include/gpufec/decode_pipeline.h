/* -*- c++ -*- */
/*
 * Batches in flight for a streaming caller (a GNU Radio stream block): submit()
 * copies a batch of frames in and returns at once while a worker thread decodes
 * the batches in order; take() hands back the oldest decoded batch. So the
 * caller's own work (the scheduler's buffer copies, the next batch's LLRs)
 * overlaps decoding, and at most `depth` batches wait or decode at a time, which
 * bounds the latency to about depth batch decode times.
 *
 * With several decode functions (one decoder each: the CPU's cores), as many
 * worker threads each decode whole batches, the next queued batch to whichever
 * is free, so several batches decode at once with no synchronisation inside a
 * batch; the results still come out in submission order.
 *
 * Batches come out in the order they went in, each with its sequence number.
 * When the decode function throws (a GPU that fails in the middle of a stream),
 * the recover function, if any, is asked for a replacement (the CPU); the failed
 * batch and every later one of that worker are decoded with it, so no frame is
 * lost, repeated or reordered. Without a recover function, or when it throws, take()
 * rethrows the error for that batch and the pipeline stops accepting work.
 *
 * submit() copies the caller's frames as they are; submit_with() lets the caller
 * write the batch's input itself, so that a conversion of its data (scaling the
 * LLRs, changing their sign) is the one pass the pipeline makes over them;
 * submit_view() makes no pass at all: the worker reads the caller's frames in
 * place, which the caller keeps unchanged until it has taken the batch.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_DECODE_PIPELINE_H
#define INCLUDED_GPUFEC_DECODE_PIPELINE_H

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <gpufec/api.h>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace gpufec {

/*! One batch of the pipeline: what went in and, once decoded, what came out. */
struct pipeline_batch {
    uint64_t sequence = 0;          //!< 0, 1, 2, ... in submission order
    size_t frames = 0;              //!< frames in this batch
    std::vector<uint8_t> input;     //!< frames * input_bytes_per_frame
    const uint8_t* view = nullptr;  //!< submit_view: the caller's frames, else null
    std::vector<uint8_t> output;    //!< frames * output_bytes_per_frame
    std::vector<int> iterations;    //!< per frame
    std::vector<uint8_t> parity_ok; //!< per frame, 0/1
};

class GPUFEC_API decode_pipeline
{
public:
    /*!
     * Decodes `frames` frames: input holds frames * input_bytes_per_frame bytes
     * (float or int8 LLRs, as the caller packs them); writes frames *
     * output_bytes_per_frame bytes, one iteration count and one parity flag per
     * frame.
     */
    using decode_fn = std::function<void(const uint8_t* input,
                                         size_t frames,
                                         uint8_t* output,
                                         int* iterations,
                                         uint8_t* parity_ok)>;
    /*!
     * Called on a worker's thread with the error of a failed decode and the
     * worker's index (0 .. workers() - 1, the order of the decode functions);
     * returns the decode function that worker uses from then on (the failed
     * batch is decoded again with it), or throws to give up.
     */
    using recover_fn =
        std::function<decode_fn(const std::exception_ptr& error, size_t worker)>;

    /*!
     * depth >= 1 batches in flight; input_bytes_per_frame and
     * output_bytes_per_frame >= 1. Starts the worker thread.
     */
    decode_pipeline(decode_fn decode,
                    size_t input_bytes_per_frame,
                    size_t output_bytes_per_frame,
                    size_t depth,
                    recover_fn recover = {});
    /*!
     * One worker thread per decode function (1 .. limits::max_threads of them,
     * host_resources.h; none empty), each
     * decoding whole batches. The recover function replaces the failed worker's
     * decode function; it is called by one worker at a time. Otherwise as above.
     */
    decode_pipeline(std::vector<decode_fn> decoders,
                    size_t input_bytes_per_frame,
                    size_t output_bytes_per_frame,
                    size_t depth,
                    recover_fn recover = {});
    /*! Waits for the batches in flight, then stops the workers. */
    ~decode_pipeline();
    decode_pipeline(const decode_pipeline&) = delete;
    decode_pipeline& operator=(const decode_pipeline&) = delete;

    /*!
     * Queues a copy of `frames` frames (frames * input_bytes_per_frame bytes at
     * input); waits while depth batches are in flight (a caller that also takes
     * the results takes the oldest first when in_flight() == depth(), since only
     * take() frees a place). Returns the batch's
     * sequence number. Throws gpufec::invalid_argument for frames == 0 or a null
     * input, and the pipeline's error once it has stopped on one.
     */
    uint64_t submit(const void* input, size_t frames);

    /*!
     * Writes a batch's input: called with the batch's own buffer of frames *
     * input_bytes_per_frame bytes (aligned for any scalar type).
     */
    using fill_fn = std::function<void(uint8_t* input)>;

    /*!
     * As submit(), but fill (called on the caller's thread, before the batch is
     * queued) writes the batch's input. If fill throws, nothing is queued, no
     * sequence number is used and the error propagates. Throws
     * gpufec::invalid_argument for frames == 0 or an empty fill.
     */
    uint64_t submit_with(size_t frames, const fill_fn& fill);

    /*!
     * As submit(), without a copy: the worker decodes the frames at `input` in
     * place (pipeline_batch::view). The caller must keep those bytes valid and
     * unchanged until take() has handed this batch back (or the pipeline is
     * destroyed). Throws as submit().
     */
    uint64_t submit_view(const void* input, size_t frames);

    /*!
     * The oldest batch, when it is decoded (wait = false: returns false at once
     * if it is not; wait = true: waits, and returns false only when nothing is
     * in flight). `out` gets the batch (its buffers are swapped in). Rethrows the
     * error of a batch that could not be decoded.
     */
    bool take(pipeline_batch& out, bool wait);

    /*! Batches submitted and not yet taken. */
    size_t in_flight() const;
    /*! Decode errors the recover function replaced the decoder after. */
    size_t recoveries() const;
    size_t depth() const { return d_depth; }
    /*! Worker threads (decode functions). */
    size_t workers() const { return d_decode.size(); }

private:
    /*! A batch in the queue and how far it got. */
    struct slot {
        pipeline_batch batch;
        bool done = false;        //!< decoded, or failed (error)
        std::exception_ptr error; //!< why it could not be decoded
    };

    void start(); //!< checks the arguments, starts the workers
    void worker(size_t w);
    /*! submit_with() and submit_view(): one of fill and view. */
    uint64_t queue(size_t frames, const fill_fn* fill, const uint8_t* view);

    std::vector<decode_fn> d_decode; //!< one per worker
    recover_fn d_recover;
    std::mutex d_recover_mutex; //!< one d_recover call at a time
    const size_t d_in_bytes, d_out_bytes, d_depth;

    mutable std::mutex d_mutex;
    std::condition_variable d_changed;
    std::deque<slot> d_queue;   //!< submitted, oldest first
    size_t d_started = 0;       //!< how many of d_queue's first a worker has taken
    size_t d_decoded = 0;       //!< how many of d_queue's first are decoded
    std::exception_ptr d_error; //!< the error that stopped the pipeline
    uint64_t d_next_sequence = 0;
    size_t d_recoveries = 0;
    bool d_stop = false;
    std::vector<pipeline_batch> d_spare; //!< buffers of taken batches, reused
    std::vector<std::thread> d_threads;
};

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_DECODE_PIPELINE_H */
