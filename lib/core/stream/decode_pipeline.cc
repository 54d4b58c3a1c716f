/* -*- c++ -*- */
/*
 * Batches in flight on worker threads (include/gpufec/decode_pipeline.h): the
 * core's stream folder, where the streaming policy of every face lives.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <algorithm>
#include <cstring>
#include <gpufec/decode_pipeline.h>
#include <gpufec/error.h>
#include <gpufec/host_resources.h>
#include <string>
#include <utility>

namespace gpufec {

decode_pipeline::decode_pipeline(decode_fn decode,
                                 size_t input_bytes_per_frame,
                                 size_t output_bytes_per_frame,
                                 size_t depth,
                                 recover_fn recover)
    : d_decode{ std::move(decode) }, d_recover(std::move(recover)),
      d_in_bytes(input_bytes_per_frame), d_out_bytes(output_bytes_per_frame),
      d_depth(depth)
{
    start();
}

decode_pipeline::decode_pipeline(std::vector<decode_fn> decoders,
                                 size_t input_bytes_per_frame,
                                 size_t output_bytes_per_frame,
                                 size_t depth,
                                 recover_fn recover)
    : d_decode(std::move(decoders)), d_recover(std::move(recover)),
      d_in_bytes(input_bytes_per_frame), d_out_bytes(output_bytes_per_frame),
      d_depth(depth)
{
    start();
}

void decode_pipeline::start()
{
    if (d_decode.empty() || d_decode.size() > static_cast<size_t>(limits::max_threads))
        throw invalid_argument("decode_pipeline: " + std::to_string(d_decode.size()) +
                               " decode functions; 1 .. " +
                               std::to_string(limits::max_threads) +
                               " are allowed (gpufec::limits::max_threads)");
    for (const auto& f : d_decode)
        if (!f)
            throw invalid_argument("decode_pipeline: no decode function");
    if (d_in_bytes == 0 || d_out_bytes == 0)
        throw invalid_argument("decode_pipeline: bytes per frame must be >= 1 (input " +
                               std::to_string(d_in_bytes) + ", output " +
                               std::to_string(d_out_bytes) + ")");
    if (d_depth == 0 || d_depth > 1024)
        throw invalid_argument("decode_pipeline: depth " + std::to_string(d_depth) +
                               " out of range (1..1024 batches in flight)");
    for (size_t w = 0; w < d_decode.size(); ++w)
        d_threads.emplace_back([this, w] { worker(w); });
}

decode_pipeline::~decode_pipeline()
{
    {
        std::lock_guard<std::mutex> lock(d_mutex);
        d_stop = true;
    }
    d_changed.notify_all();
    for (auto& t : d_threads)
        t.join();
}

uint64_t decode_pipeline::submit(const void* input, size_t frames)
{
    if (!input)
        throw invalid_argument("decode_pipeline::submit: input is null");
    const size_t bytes = d_in_bytes;
    return submit_with(frames, [input, frames, bytes](uint8_t* dst) {
        std::memcpy(dst, input, frames * bytes);
    });
}

uint64_t decode_pipeline::submit_with(size_t frames, const fill_fn& fill)
{
    if (!fill)
        throw invalid_argument("decode_pipeline::submit_with: no fill function");
    return queue(frames, &fill, nullptr);
}

uint64_t decode_pipeline::submit_view(const void* input, size_t frames)
{
    if (!input)
        throw invalid_argument("decode_pipeline::submit_view: input is null");
    return queue(frames, nullptr, static_cast<const uint8_t*>(input));
}

uint64_t decode_pipeline::queue(size_t frames, const fill_fn* fill, const uint8_t* view)
{
    if (frames == 0)
        throw invalid_argument("decode_pipeline::submit: frames is 0");
    if (frames > (size_t(1) << 40) / std::max(d_in_bytes, d_out_bytes))
        throw invalid_argument("decode_pipeline::submit: " + std::to_string(frames) +
                               " frames is too many for one batch");
    slot sl;
    pipeline_batch& b = sl.batch;
    {
        std::unique_lock<std::mutex> lock(d_mutex);
        d_changed.wait(lock, [this] { return d_error || d_queue.size() < d_depth; });
        if (d_error)
            std::rethrow_exception(d_error);
        if (!d_spare.empty()) {
            b = std::move(d_spare.back());
            d_spare.pop_back();
        }
    }
    b.frames = frames;
    b.view = view;
    b.input.resize(view ? 0 : frames * d_in_bytes);
    try {
        if (fill) {
            (*fill)(b.input.data());
        }
    } catch (...) {
        std::lock_guard<std::mutex> lock(d_mutex);
        d_spare.push_back(std::move(b)); // its buffers serve a later batch
        throw;
    }
    b.output.resize(frames * d_out_bytes);
    b.iterations.assign(frames, 0);
    b.parity_ok.assign(frames, 0);
    uint64_t sequence;
    {
        std::lock_guard<std::mutex> lock(d_mutex);
        b.sequence = sequence = d_next_sequence++;
        d_queue.push_back(std::move(sl));
    }
    d_changed.notify_all();
    return sequence;
}

bool decode_pipeline::take(pipeline_batch& out, bool wait)
{
    std::unique_lock<std::mutex> lock(d_mutex);
    auto failed = [this] { return !d_queue.empty() && d_queue.front().error; };
    if (wait)
        d_changed.wait(lock,
                       [&] { return d_decoded > 0 || d_queue.empty() || failed(); });
    if (d_decoded == 0) {
        if (failed())
            std::rethrow_exception(d_queue.front().error);
        return false;
    }
    std::swap(out, d_queue.front().batch);
    // the caller's old buffers are kept for a later batch
    d_spare.push_back(std::move(d_queue.front().batch));
    d_queue.pop_front();
    --d_decoded;
    --d_started;
    lock.unlock();
    d_changed.notify_all();
    return true;
}

size_t decode_pipeline::in_flight() const
{
    std::lock_guard<std::mutex> lock(d_mutex);
    return d_queue.size();
}

size_t decode_pipeline::recoveries() const
{
    std::lock_guard<std::mutex> lock(d_mutex);
    return d_recoveries;
}

void decode_pipeline::worker(size_t w)
{
    std::unique_lock<std::mutex> lock(d_mutex);
    for (;;) {
        d_changed.wait(
            lock, [this] { return d_stop || (!d_error && d_started < d_queue.size()); });
        if (d_error || d_started == d_queue.size()) {
            if (d_stop)
                return;
            continue;
        }
        // deque elements keep their address while others are pushed or popped,
        // and only decoded batches are popped
        slot& s = d_queue[d_started++];
        pipeline_batch& b = s.batch;
        decode_fn decode = d_decode[w];
        lock.unlock();
        std::exception_ptr error;
        bool recovered = false;
        try {
            decode(b.view ? b.view : b.input.data(),
                   b.frames,
                   b.output.data(),
                   b.iterations.data(),
                   b.parity_ok.data());
        } catch (...) {
            error = std::current_exception();
        }
        if (error && d_recover) {
            try {
                {
                    std::lock_guard<std::mutex> one(d_recover_mutex);
                    decode = d_recover(error, w);
                }
                decode(b.view ? b.view : b.input.data(),
                       b.frames,
                       b.output.data(),
                       b.iterations.data(),
                       b.parity_ok.data());
                error = nullptr;
                recovered = true;
            } catch (...) {
                error = std::current_exception();
            }
        }
        lock.lock();
        if (recovered) {
            d_decode[w] = decode;
            ++d_recoveries;
        }
        s.done = true;
        if (error) {
            s.error = error;
            if (!d_error)
                d_error = error;
        }
        // batches decoded out of order wait for the ones before them
        while (d_decoded < d_queue.size() && d_queue[d_decoded].done &&
               !d_queue[d_decoded].error)
            ++d_decoded;
        d_changed.notify_all();
    }
}

} // namespace gpufec
