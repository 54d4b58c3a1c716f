/* -*- c++ -*- */
/*
 * ldpc_decoder_fb_impl: float or int8 bit LLR stream in, unpacked bits out, for
 * any code (binary: N in, K or N out; GF(q): N*p in, K*p or N*p out). Whole
 * frames only. Batches in flight through gpufec::decode_pipeline:
 *
 *  - work() first writes out what the pipeline has decoded (oldest first, as
 *    much as the output has room for), then hands over the whole frames of its
 *    input beyond those already in flight, in batches of up to frames_per_call,
 *    while fewer than frames_in_flight frames are in flight. A short batch waits
 *    while others are in flight and the input buffer can still fill it, or
 *    while the frames in flight leave room for less than a whole batch. The
 *    output buffer holds a batch (set_min_output_buffer).
 *  - A frame's input is consumed only when its output is written: the frames in
 *    flight are the first ones of the input buffer, and forecast() asks for at
 *    least them, so at the end of a finite stream the scheduler keeps calling
 *    work() until all of them are out.
 *  - A call that would write nothing while frames are in flight waits for the
 *    oldest batch: no call returns empty-handed with work pending, so the
 *    block never spins, and never stalls when the input buffer is full of frames
 *    in flight.
 *  - Synchronous mode (frames_in_flight <= frames_per_call): one batch, handed
 *    over and waited for in the same call.
 *  - On the CPU with batches in flight, one single-threaded decoder per thread
 *    (`threads`, 0 = one per core, at most one per batch in flight) each decodes
 *    whole batches, so no core waits for another at the end of a batch.
 *
 * The input of a batch is scaled by sign * llr_scale (float) or sign-corrected
 * (int8) in the copy the pipeline makes of it; input that needs neither is
 * decoded in place from the input buffer (decode_pipeline::submit_view; its
 * frames in flight stay unconsumed there). Tags `iterations` (long) and
 * `parity_ok` (bool) on each frame's first bit (unless frame_tags is off), at the
 * offsets the frame's position gives. After a run of failing frames the worker tries one
 * of them with negated LLRs and warns once if that decodes (sign_check.h). A decoder that
 * throws (a GPU that fails mid-stream) is replaced on the worker by a CPU decoder
 * (cpu_fallback_args), which decodes the failed batch again (with several CPU
 * decoder threads, that thread's decoder is replaced).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ldpc_decoder_fb_impl.h"
#include "fecapi_compat.h"
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <gnuradio/block_detail.h>
#include <gnuradio/buffer_double_mapped.h>
#include <gnuradio/buffer_reader.h>
#include <gnuradio/io_signature.h>
#include <gpufec/host_resources.h>
#include <stdexcept>
#include <thread>

namespace gr {
namespace gpufec {

namespace {

const char* const block_name = "gpufec.ldpc_decoder_fb";

/*! The text of an exception. */
std::string error_text(const std::exception_ptr& error)
{
    try {
        std::rethrow_exception(error);
    } catch (const std::exception& e) {
        return e.what();
    } catch (...) {
        return "unknown error";
    }
}

/*! Whether an error is about the input or the arguments (no other decoder helps). */
bool is_input_error(const std::exception_ptr& error)
{
    try {
        std::rethrow_exception(error);
    } catch (const std::invalid_argument&) {
        return true;
    } catch (...) {
        return false;
    }
}

/*! -v, with -128 saturating at 127. */
inline int8_t negate(int8_t v)
{
    return v == INT8_MIN ? INT8_MAX : static_cast<int8_t>(-v);
}

/*!
 * The decoder threads of a stream block on the CPU (`threads`, 0 = one per core;
 * each decodes whole batches), 1 on a GPU.
 */
int decoder_threads(const frame_decoder& decoder, const decoder_args& args)
{
    if (decoder.backend_name() != "cpu") {
        return 1;
    }
    return ::gpufec::resolve_threads(args.threads, std::string(block_name) + ": threads");
}

/*!
 * frames_in_flight, 0 (auto) resolved: 4 batches for a GPU; on the CPU 8 per
 * decoder thread, since the threads share the cores with the flowgraph's other
 * threads, which are then late to write out the oldest batch and hand over the
 * next, and a thread with no batch queued idles; at most 2^28 values.
 */
int resolve_in_flight(int frames_in_flight,
                      int frames_per_call,
                      int frame_values,
                      const frame_decoder& decoder,
                      const decoder_args& args)
{
    const long long most = fecapi_max_values / frame_values;
    if (frames_in_flight < 0 || frames_in_flight > most) {
        throw std::invalid_argument(
            std::string(block_name) + ": frames_in_flight is " +
            std::to_string(frames_in_flight) + "; it must be 0 (auto) or 1 .. " +
            std::to_string(most) + " (at most 2^28 LLRs in flight, N*p = " +
            std::to_string(frame_values) + " per frame)");
    }
    if (frames_in_flight > 0) {
        return frames_in_flight;
    }
    const long long batches =
        decoder.backend_name() == "cpu" ? 8LL * decoder_threads(decoder, args) : 4LL;
    return static_cast<int>(std::min(batches * frames_per_call, std::max(most, 1LL)));
}

} // namespace

ldpc_decoder_fb::sptr ldpc_decoder_fb::make(const std::string& spec,
                                            const std::string& algorithm,
                                            float alpha,
                                            float beta,
                                            const std::string& schedule,
                                            int max_iterations,
                                            bool early_termination,
                                            const std::string& backend,
                                            int frames_per_call,
                                            const std::string& sign,
                                            float llr_scale,
                                            bool output_codeword,
                                            int threads,
                                            int ems_nm,
                                            float ems_offset,
                                            float ems_scale,
                                            const std::string& precision,
                                            int device,
                                            int fraction_bits,
                                            int channel_max,
                                            int c2v_max,
                                            int frames_in_flight,
                                            const std::string& input_type,
                                            bool frame_tags)
{
    const std::string who = block_name;
    check_positive(frames_per_call, "frames_per_call", who);
    stream_args stream;
    stream.frames_per_call = frames_per_call;
    stream.factor = input_factor(sign, llr_scale, who);
    stream.output_codeword = output_codeword;
    if (input_type != "float" && input_type != "int8") {
        throw std::invalid_argument(who + ": input_type is '" + input_type +
                                    "'; it must be 'float' or 'int8'");
    }
    stream.int8_input = input_type == "int8";
    if (frames_in_flight < 0) {
        throw std::invalid_argument(who + ": frames_in_flight is " +
                                    std::to_string(frames_in_flight) +
                                    "; it must be >= 0 (0 = auto)");
    }
    stream.frames_in_flight = frames_in_flight;
    stream.frame_tags = frame_tags;
    const decoder_args args{ algorithm,  alpha,          beta,
                             schedule,   max_iterations, early_termination,
                             backend,    threads,        ems_nm,
                             ems_offset, ems_scale,      precision,
                             device,     fraction_bits,  channel_max,
                             c2v_max };
    auto decoder = frame_decoder::make(spec, args, who);
    return gnuradio::make_block_sptr<ldpc_decoder_fb_impl>(
        spec, args, std::move(decoder), stream);
}

ldpc_decoder_fb_impl::ldpc_decoder_fb_impl(const std::string& spec,
                                           const decoder_args& args,
                                           frame_decoder::uptr decoder,
                                           const stream_args& stream)
    : gr::block("ldpc_decoder_fb",
                gr::io_signature::make(
                    1, 1, stream.int8_input ? sizeof(int8_t) : sizeof(float)),
                gr::io_signature::make(1, 1, sizeof(uint8_t))),
      d_spec(spec), d_args(args), d_decoder(std::move(decoder)),
      d_sizes(d_decoder->sizes()), d_in_frame(d_sizes.n_bits()),
      d_output_codeword(stream.output_codeword),
      d_out_frame(stream.output_codeword ? d_sizes.n_bits() : d_sizes.k_bits()),
      d_frames_per_call(stream.frames_per_call),
      d_frames_in_flight(resolve_in_flight(
          stream.frames_in_flight, stream.frames_per_call, d_in_frame, *d_decoder, args)),
      d_synchronous(d_frames_in_flight <= d_frames_per_call),
      d_int8_input(stream.int8_input), d_factor(stream.factor),
      d_in_bytes(static_cast<size_t>(d_in_frame) *
                 (stream.int8_input ? sizeof(int8_t) : sizeof(float))),
      d_frame_tags(stream.frame_tags), d_iterations_key(pmt::intern("iterations")),
      d_parity_ok_key(pmt::intern("parity_ok"))
{
    check_fecapi_frames(d_frames_per_call, d_in_frame, block_name);
    d_decoders.push_back(d_decoder);
    if (!d_synchronous && d_decoder->backend_name() == "cpu") {
        // the batches in flight decode side by side, one single-threaded decoder
        // per thread: no thread waits for another at the end of each batch
        const int batches =
            (d_frames_in_flight + d_frames_per_call - 1) / d_frames_per_call;
        const int workers = std::min(decoder_threads(*d_decoder, args), batches);
        if (workers > 1) {
            decoder_args one = args;
            one.backend = "cpu";
            one.threads = 1;
            d_decoders.clear();
            for (int w = 0; w < workers; w++) {
                d_decoders.push_back(frame_decoder::make(spec, one, block_name));
            }
            d_decoder = d_decoders.front();
        }
    }
    set_output_multiple(d_out_frame);
    // room for a whole batch downstream (up to 64 MiB): frames leave a batch at a
    // time, and the room they leave in flight is refilled a batch at a time (GNU
    // Radio's default buffer of 32 KiB holds a few frames only)
    const long batch_frames =
        std::min<long>(d_frames_per_call, std::max<long>(1, (1L << 26) / d_out_frame));
    set_min_output_buffer(batch_frames * d_out_frame);
    set_relative_rate(static_cast<uint64_t>(d_out_frame),
                      static_cast<uint64_t>(d_in_frame));
    d_logger->debug("{}: GF({}) N={} K={}, backend {}, precision {}, {} input, up to {} "
                    "frames per call, {} frames in flight{}, {} decoder thread(s)",
                    d_decoder->code_name(),
                    d_sizes.q(),
                    d_sizes.n,
                    d_sizes.k,
                    d_decoder->backend_name(),
                    d_decoder->precision(),
                    input_type(),
                    d_frames_per_call,
                    d_frames_in_flight,
                    d_synchronous ? " (synchronous)" : "",
                    d_decoders.size());
}

ldpc_decoder_fb_impl::~ldpc_decoder_fb_impl() { d_pipeline.reset(); }

std::shared_ptr<frame_decoder> ldpc_decoder_fb_impl::decoder() const
{
    std::lock_guard<std::mutex> lock(d_decoder_mutex);
    return d_decoder;
}

void ldpc_decoder_fb_impl::set_max_iterations(int max_iterations)
{
    std::lock_guard<std::mutex> lock(d_decoder_mutex);
    for (auto& d : d_decoders) {
        d->set_max_iterations(max_iterations);
    }
}

void ldpc_decoder_fb_impl::set_alpha(float alpha)
{
    std::lock_guard<std::mutex> lock(d_decoder_mutex);
    for (auto& d : d_decoders) {
        d->set_alpha(alpha);
    }
}

void ldpc_decoder_fb_impl::set_beta(float beta)
{
    std::lock_guard<std::mutex> lock(d_decoder_mutex);
    for (auto& d : d_decoders) {
        d->set_beta(beta);
    }
}

void ldpc_decoder_fb_impl::inject_decode_failure_after(int batches, int failures)
{
    if (batches < 0 || failures < 1) {
        throw std::invalid_argument(
            std::string(block_name) + ": inject_decode_failure_after: batches is " +
            std::to_string(batches) + " and failures " + std::to_string(failures) +
            "; batches must be >= 0, failures >= 1");
    }
    d_fail_left = failures;
    d_fail_at = static_cast<int64_t>(d_attempts.load() + static_cast<uint64_t>(batches));
}

std::string ldpc_decoder_fb_impl::error() const
{
    std::lock_guard<std::mutex> lock(d_decoder_mutex);
    return d_error;
}

/* The one pass over a batch's input: the pipeline's copy, scaled and signed. */
void ldpc_decoder_fb_impl::fill(const uint8_t* in,
                                size_t frames,
                                uint8_t* batch_input) const
{
    const size_t count = frames * static_cast<size_t>(d_in_frame);
    if (!d_int8_input) {
        scale_llrs(reinterpret_cast<const float*>(in),
                   count,
                   d_factor,
                   reinterpret_cast<float*>(batch_input));
        return;
    }
    const int8_t* src = reinterpret_cast<const int8_t*>(in);
    int8_t* dst = reinterpret_cast<int8_t*>(batch_input);
    if (d_factor > 0.0f) {
        std::memcpy(dst, src, count);
    } else {
        for (size_t i = 0; i < count; i++) {
            dst[i] = negate(src[i]);
        }
    }
}

/* On the worker thread. */
void ldpc_decoder_fb_impl::decode_batch(frame_decoder& decoder,
                                        const uint8_t* input,
                                        size_t frames,
                                        uint8_t* output,
                                        int* iterations,
                                        uint8_t* parity_ok)
{
    const uint64_t attempt = d_attempts++;
    const int64_t fail_at = d_fail_at.load();
    if (fail_at >= 0 && attempt >= static_cast<uint64_t>(fail_at) &&
        d_fail_left.fetch_sub(1) > 0) {
        throw std::runtime_error("decoder failure injected by the testing hook "
                                 "inject_decode_failure_after()");
    }
    uint8_t* info = d_output_codeword ? nullptr : output;
    uint8_t* codeword = d_output_codeword ? output : nullptr;
    if (d_int8_input) {
        decoder.decode_int8(reinterpret_cast<const int8_t*>(input),
                            frames,
                            std::fabs(d_factor),
                            info,
                            codeword,
                            iterations,
                            parity_ok);
    } else {
        decoder.decode(reinterpret_cast<const float*>(input),
                       frames,
                       info,
                       codeword,
                       iterations,
                       parity_ok);
    }
    d_calls++;
    {
        std::lock_guard<std::mutex> lock(d_sign_mutex);
        const int retry = d_sign_check.count(parity_ok, static_cast<int>(frames));
        if (retry >= 0 &&
            d_sign_check.inverted_result(decodes_inverted(
                decoder, input + static_cast<size_t>(retry) * d_in_bytes))) {
            d_logger->warn("{}: {}", alias(), d_sign_check.message(d_factor < 0.0f));
        }
    }
    d_worker_frames += frames;
}

/* On the worker thread: decodes one frame of a batch's input again, negated. */
bool ldpc_decoder_fb_impl::decodes_inverted(frame_decoder& decoder, const uint8_t* frame)
{
    int iterations = 0;
    uint8_t ok = 0;
    if (d_int8_input) {
        std::vector<int8_t> inverted(d_in_frame);
        const int8_t* v = reinterpret_cast<const int8_t*>(frame);
        for (int i = 0; i < d_in_frame; i++) {
            inverted[i] = negate(v[i]);
        }
        decoder.decode_int8(
            inverted.data(), 1, std::fabs(d_factor), nullptr, nullptr, &iterations, &ok);
    } else {
        std::vector<float> inverted(d_in_frame);
        const float* v = reinterpret_cast<const float*>(frame);
        for (int i = 0; i < d_in_frame; i++) {
            inverted[i] = -v[i];
        }
        decoder.decode(inverted.data(), 1, nullptr, nullptr, &iterations, &ok);
    }
    return ok != 0;
}

/*
 * On worker `worker`'s thread (one at a time), when its decode throws: a CPU
 * decoder takes over that worker's batches, once per stream.
 */
::gpufec::decode_pipeline::decode_fn
ldpc_decoder_fb_impl::recover(const std::exception_ptr& error, size_t worker)
{
    if (is_input_error(error) || d_on_fallback) {
        std::rethrow_exception(error); // work() logs it
    }
    std::shared_ptr<frame_decoder> failed;
    {
        std::lock_guard<std::mutex> lock(d_decoder_mutex);
        failed = d_decoders.at(worker);
    }
    const std::string what = error_text(error);
    std::shared_ptr<frame_decoder> cpu;
    try {
        decoder_args args = cpu_fallback_args(d_args);
        if (d_decoders.size() > 1) {
            args.threads = 1; // one of several CPU decoder threads
        }
        cpu = frame_decoder::make(d_spec, args, block_name);
    } catch (const std::exception& e) {
        d_logger->error("{}: the {} decoder failed at frame {} ({}), and no CPU decoder "
                        "can take over: {}",
                        alias(),
                        failed->backend_name(),
                        d_worker_frames.load(),
                        what,
                        e.what());
        throw;
    }
    {
        std::lock_guard<std::mutex> lock(d_decoder_mutex);
        cpu->set_max_iterations(d_decoder->max_iterations());
        if (!d_sizes.nonbinary) {
            cpu->set_alpha(d_decoder->alpha());
            cpu->set_beta(d_decoder->beta());
        }
        d_decoders[worker] = cpu;
        d_decoder = d_decoders.front();
    }
    d_on_fallback = true;
    d_recoveries++;
    d_logger->error("{}: the {} decoder failed at frame {} ({}); that frame's batch and "
                    "the rest of the stream are decoded on the CPU (precision {})",
                    alias(),
                    failed->backend_name(),
                    d_worker_frames.load(),
                    what,
                    cpu->precision());
    return decode_with(cpu);
}

/* A pipeline worker's decode function: decode_batch() on `decoder`. */
::gpufec::decode_pipeline::decode_fn
ldpc_decoder_fb_impl::decode_with(std::shared_ptr<frame_decoder> decoder)
{
    return [this, decoder](const uint8_t* input,
                           size_t frames,
                           uint8_t* output,
                           int* iterations,
                           uint8_t* parity_ok) {
        decode_batch(*decoder, input, frames, output, iterations, parity_ok);
    };
}

/* At the first work() call of a run: the batch and in-flight limits, the pipeline. */
void ldpc_decoder_fb_impl::start_pipeline()
{
    const int capacity = detail()->input(0)->max_possible_items_available();
    d_buffer_frames = std::max(1, capacity / d_in_frame);
    d_batch_max = d_frames_per_call;
    if (d_synchronous) {
        d_cap = d_frames_per_call;
    } else {
        // what the buffer holds, less one batch (room for the upstream to write
        // the next one while the others decode) where it holds two or more
        d_cap = std::min(d_frames_in_flight,
                         std::max(std::min(d_batch_max, d_buffer_frames),
                                  d_buffer_frames - d_batch_max));
        if (d_cap < d_frames_in_flight) {
            d_logger->info("{}: the input buffer holds {} frames, so at most {} of the "
                           "{} frames_in_flight are in flight; a minimum output buffer "
                           "of {} items on the upstream block allows all of them",
                           alias(),
                           d_buffer_frames,
                           d_cap,
                           d_frames_in_flight,
                           static_cast<long long>(d_frames_in_flight + d_batch_max) *
                               d_in_frame);
        }
    }
    // input that needs no conversion (llr_scale 1 and the core's sign for float,
    // the core's sign for int8) is decoded in place from the input buffer, whose
    // frames in flight stay unconsumed; only GNU Radio's double-mapped buffer keeps
    // them where they are (a single-mapped one moves unread items when it wraps)
    const bool as_is = d_int8_input ? d_factor > 0.0f : d_factor == 1.0f;
    d_in_place = as_is && std::dynamic_pointer_cast<gr::buffer_double_mapped>(
                              detail()->input(0)->buffer()) != nullptr;
    const size_t depth = static_cast<size_t>(std::clamp(d_cap, 1, 1024));
    std::vector<std::shared_ptr<frame_decoder>> decoders;
    {
        std::lock_guard<std::mutex> lock(d_decoder_mutex);
        decoders = d_decoders;
    }
    // one worker per decoder; a worker whose decoder fails gets the CPU decoder
    // that recover() makes in its place
    std::vector<::gpufec::decode_pipeline::decode_fn> fns;
    for (auto& d : decoders) {
        fns.push_back(decode_with(d));
    }
    d_pipeline = std::make_unique<::gpufec::decode_pipeline>(
        std::move(fns),
        d_in_bytes,
        static_cast<size_t>(d_out_frame),
        depth,
        [this](const std::exception_ptr& error, size_t worker) {
            return recover(error, worker);
        });
    d_limits_known = true;
}

/* Waits for the worker, drops what is in flight (its input stays unconsumed). */
void ldpc_decoder_fb_impl::drop_in_flight()
{
    if (d_pipeline) {
        try {
            ::gpufec::pipeline_batch b;
            while (d_pipeline->take(b, true)) {
            }
        } catch (const std::exception& e) {
            d_logger->debug("{}: stopping: {}", alias(), e.what());
        }
        d_pipeline.reset();
    }
    if (d_in_flight > 0) {
        d_logger->debug("{}: stopped with {} frames in flight, not written out (their "
                        "input was not consumed)",
                        alias(),
                        d_in_flight);
    }
    d_queued.clear();
    d_head_valid = false;
    d_head_next = 0;
    d_in_flight = 0;
    d_limits_known = false;
}

bool ldpc_decoder_fb_impl::start()
{
    drop_in_flight();
    return block::start();
}

bool ldpc_decoder_fb_impl::stop()
{
    // whole frames only: the LLRs of a last, partial frame are never decoded
    if (detail() && d_in_flight == 0) {
        const int left = detail()->input(0)->items_available() % d_in_frame;
        if (left > 0) {
            d_logger->warn("{}: the stream ended with {} LLRs after the last whole "
                           "frame, less than a frame of {}: they are not decoded",
                           alias(),
                           left,
                           d_in_frame);
        }
    }
    drop_in_flight();
    return block::stop();
}

void ldpc_decoder_fb_impl::forecast(int noutput_items,
                                    gr_vector_int& ninput_items_required)
{
    // the frames in flight are the first ones of the input (not consumed), and at
    // least one new frame or as many as the output asks for
    const int frames = std::max(1, noutput_items / d_out_frame);
    ninput_items_required[0] = std::max(frames, d_in_flight) * d_in_frame;
}

/*
 * Writes decoded frames out, oldest first, from output frame `first` of this
 * call, up to `room` frames in all; with `wait`, waits for the oldest batch if
 * nothing is ready. Returns the frames written.
 */
int ldpc_decoder_fb_impl::write_out(uint8_t* out, int first, int room, bool wait)
{
    int written = 0;
    while (first + written < room) {
        if (!d_head_valid) {
            if (d_queued.empty() || !d_pipeline->take(d_head, wait && written == 0)) {
                break;
            }
            d_queued.pop_front();
            d_head_valid = true;
            d_head_next = 0;
        }
        const size_t frames = std::min(d_head.frames - d_head_next,
                                       static_cast<size_t>(room - first - written));
        const size_t at = static_cast<size_t>(first + written);
        std::memcpy(out + at * d_out_frame,
                    d_head.output.data() + d_head_next * d_out_frame,
                    frames * d_out_frame);
        const uint64_t offset0 = nitems_written(0) + at * d_out_frame;
        const bool tags = d_frame_tags.load(std::memory_order_relaxed);
        uint64_t failed = 0;
        for (size_t f = 0; f < frames; f++) {
            const size_t i = d_head_next + f;
            if (tags) {
                const uint64_t offset = offset0 + f * d_out_frame;
                add_item_tag(
                    0, offset, d_iterations_key, pmt::from_long(d_head.iterations[i]));
                add_item_tag(
                    0, offset, d_parity_ok_key, pmt::from_bool(d_head.parity_ok[i] != 0));
            }
            failed += d_head.parity_ok[i] ? 0 : 1;
        }
        d_frames_decoded += frames;
        d_frames_failed += failed;
        d_head_next += frames;
        d_in_flight -= static_cast<int>(frames);
        written += static_cast<int>(frames);
        if (d_head_next == d_head.frames) {
            d_head_valid = false;
        }
    }
    return written;
}

/*
 * Hands over the whole frames of the input beyond those in flight (`produced`
 * frames were written out in this call and are consumed on return).
 */
void ldpc_decoder_fb_impl::submit_new(const uint8_t* in, int available, int produced)
{
    const size_t item = d_int8_input ? sizeof(int8_t) : sizeof(float);
    for (;;) {
        const int first = produced + d_in_flight;
        const int fresh = available - first;
        const int batch = std::min({ fresh, d_batch_max, d_cap - d_in_flight });
        if (batch <= 0 || d_queued.size() >= d_pipeline->depth()) {
            return;
        }
        // a short batch waits while others decode and the buffer can fill it
        if (batch == fresh && fresh < d_batch_max && d_in_flight > 0 &&
            d_in_flight + d_batch_max <= d_buffer_frames) {
            return;
        }
        // so does one cut short by the frames in flight: the room that frames
        // leave as they are written out is handed over once it holds a whole
        // batch (else the batches shrink to what the output had room for)
        if (batch < std::min(fresh, std::min(d_batch_max, d_cap)) && d_in_flight > 0) {
            return;
        }
        const uint8_t* src = in + static_cast<size_t>(first) * d_in_frame * item;
        if (d_in_place) {
            d_pipeline->submit_view(src, static_cast<size_t>(batch));
        } else {
            d_pipeline->submit_with(static_cast<size_t>(batch), [&](uint8_t* dst) {
                fill(src, static_cast<size_t>(batch), dst);
            });
        }
        d_queued.push_back(batch);
        d_in_flight += batch;
    }
}

int ldpc_decoder_fb_impl::general_work(int noutput_items,
                                       gr_vector_int& ninput_items,
                                       gr_vector_const_void_star& input_items,
                                       gr_vector_void_star& output_items)
{
    const uint8_t* in = static_cast<const uint8_t*>(input_items[0]);
    uint8_t* out = static_cast<uint8_t*>(output_items[0]);
    const int available = ninput_items[0] / d_in_frame;
    const int room = noutput_items / d_out_frame;
    int produced = 0;
    try {
        if (!d_limits_known) {
            start_pipeline();
        }
        produced = write_out(out, 0, room, false);
        if (!d_synchronous || (produced == 0 && d_in_flight == 0)) {
            submit_new(in, available, produced);
        }
        if (produced == 0 && d_in_flight > 0) {
            produced = write_out(out, 0, room, true);
            if (!d_synchronous) {
                submit_new(in, available, produced);
            }
        }
    } catch (const std::exception& e) {
        // an exception would end this block's thread and leave the flowgraph
        // waiting for it forever: the stream ends here instead (tb.run()
        // returns), with the error logged and kept for error()
        d_logger->error("{}: decoding failed, ending the stream: {}", alias(), e.what());
        {
            std::lock_guard<std::mutex> lock(d_decoder_mutex);
            d_error = e.what();
        }
        return WORK_DONE;
    }
    consume_each(produced * d_in_frame);
    return produced * d_out_frame;
}

} // namespace gpufec
} // namespace gr
