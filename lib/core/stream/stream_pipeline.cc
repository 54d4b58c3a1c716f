/* -*- c++ -*- */
/*
 * The stream pipeline (include/gpufec/stream_pipeline.h): worker decoders built
 * once, in-flight sizing, input conversion, recovery, the sign check and events,
 * over the batches in flight of decode_pipeline.h.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stream/alignment_check.h"
#include "stream/fault_injection.h"
#include "stream/sign_check.h"
#include "stream/stream_decoders.h"
#include <algorithm>
#include <atomic>
#include <climits>
#include <cmath>
#include <cstring>
#include <deque>
#include <gpufec/cuda_decoder.h>
#include <gpufec/decode_pipeline.h>
#include <gpufec/error.h>
#include <gpufec/host_resources.h>
#include <gpufec/stream_pipeline.h>
#include <mutex>
#include <stdexcept>

namespace gpufec {

namespace {

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

/*! "float32", "half2", "int16", "int8" (the core's to_string says "float"). */
std::string precision_text(message_precision p)
{
    const std::string s = to_string(p);
    return s == "float" ? "float32" : s;
}

/*! "2^28" for a power of two, else the number. */
std::string bound_text(long long v)
{
    if (v > 0 && (v & (v - 1)) == 0) {
        int e = 0;
        while ((1LL << e) != v) {
            e++;
        }
        return "2^" + std::to_string(e);
    }
    return std::to_string(v);
}

decoder_options with_threads(decoder_options o, int threads)
{
    o.threads = threads;
    return o;
}

decoder_options on_cpu(decoder_options o)
{
    o.backend = backend_kind::cpu;
    return o;
}

bool on_gpu(const decoder& d) { return d.backend_name() == "cuda"; }

} // namespace

void stream_options::validate() const
{
    if (frames_per_call < 1) {
        throw invalid_argument(who + ": frames_per_call is " +
                               std::to_string(frames_per_call) + "; it must be >= 1");
    }
    if (frames_in_flight < 0) {
        throw invalid_argument(who + ": frames_in_flight is " +
                               std::to_string(frames_in_flight) +
                               "; it must be 0 (auto) or >= 1");
    }
    if (max_values_in_flight < 1) {
        throw invalid_argument(who + ": max_values_in_flight is " +
                               std::to_string(max_values_in_flight) +
                               "; it must be >= 1");
    }
    if (!(llr_scale > 0.0f) || !std::isfinite(llr_scale)) {
        throw invalid_argument(who + ": llr_scale is " + std::to_string(llr_scale) +
                               "; it must be finite and > 0");
    }
}

float stream_options::input_factor() const
{
    return sign == llr_sign::positive_is_1 ? -llr_scale : llr_scale;
}

class stream_pipeline::impl
{
public:
    const code_handle code;
    const decoder_options given; //!< as given (the fallback starts from them)
    const stream_options opts;
    const int in_values, out_bits;
    const size_t in_bytes;
    const float factor;
    const bool as_is; //!< the input needs no conversion
    int frames_in_flight = 0;
    bool synchronous = false;

    mutable std::mutex decoders_mutex; //!< guards decoders (one replaced on a failure)
    std::vector<std::shared_ptr<decoder>> decoders; //!< one per worker
    std::mutex recover_mutex;                       //!< one recovery at a time
    bool on_fallback = false;

    std::mutex sign_mutex; //!< guards sign and align
    sign_check sign;
    std::unique_ptr<alignment_check> align; //!< null: off, or a code it cannot check

    std::atomic<uint64_t> calls{ 0 }, worker_frames{ 0 }, recovered{ 0 };
    std::atomic<uint64_t> decoded{ 0 }, failed{ 0 };

    std::mutex events_mutex;
    std::vector<stream_event> events;

    // asynchronous path (the caller's thread)
    std::unique_ptr<decode_pipeline> pipeline;
    int buffer_frames = 1, cap = 1;
    bool in_place_ok = false;
    pipeline_batch head;
    bool head_valid = false;
    size_t head_next = 0;
    size_t in_flight = 0;

    // synchronous path
    std::mutex sync_mutex;
    std::vector<uint8_t> sync_input;

    impl(const code_handle& c, const decoder_options& d, const stream_options& s)
        : code(c), given(d), opts(s), in_values(c.n_bits()),
          out_bits(s.output_codeword ? c.n_bits() : c.k_bits()),
          in_bytes(static_cast<size_t>(in_values) *
                   (s.int8_input ? sizeof(int8_t) : sizeof(float))),
          factor(s.input_factor()), as_is(s.int8_input ? factor > 0.0f : factor == 1.0f)
    {
        if (s.check_alignment && c.is_binary()) {
            align = alignment_check::make(*c.binary());
        }
    }

    void event(stream_event::level l, std::string text)
    {
        std::lock_guard<std::mutex> lock(events_mutex);
        events.push_back(stream_event{ l, std::move(text) });
    }

    std::shared_ptr<decoder> decoder_of(size_t w) const
    {
        std::lock_guard<std::mutex> lock(decoders_mutex);
        return decoders.at(w);
    }

    void build(); //!< in-flight sizing and the worker decoders
    void convert(const uint8_t* in, size_t frames, uint8_t* out) const;
    void run(decoder& d,
             const uint8_t* input,
             size_t frames,
             uint8_t* output,
             int* iterations,
             uint8_t* parity_ok) const;
    bool decodes_inverted(decoder& d, const uint8_t* frame) const;
    /*! a GF(q) code has no alpha / beta: only family_default is taken */
    void refuse_for_nonbinary(const char* name, float value) const;
    void decode_batch(size_t w,
                      const uint8_t* input,
                      size_t frames,
                      uint8_t* output,
                      int* iterations,
                      uint8_t* parity_ok);
    void recover(const std::exception_ptr& error, size_t w);
};

void stream_pipeline::impl::build()
{
    opts.validate();
    const std::string& who = opts.who;
    const long long most = opts.max_values_in_flight / in_values;
    if (static_cast<long long>(opts.frames_per_call) * in_values >
        opts.max_values_in_flight) {
        throw invalid_argument(
            who + ": frames_per_call is " + std::to_string(opts.frames_per_call) +
            "; it must be 1 .. " + std::to_string(std::max(most, 1LL)) + " (at most " +
            bound_text(opts.max_values_in_flight) +
            " LLRs per call, N*p = " + std::to_string(in_values) + " per frame)");
    }
    if (opts.frames_in_flight > most) {
        throw invalid_argument(
            who + ": frames_in_flight is " + std::to_string(opts.frames_in_flight) +
            "; it must be 0 (auto) or 1 .. " + std::to_string(most) + " (at most " +
            bound_text(opts.max_values_in_flight) +
            " LLRs in flight, N*p = " + std::to_string(in_values) + " per frame)");
    }
    const backend_kind backend = given.backend;
    const int threads = given.threads;
    // the CPU's decoder threads (each decodes whole batches), asked only where the
    // CPU may decode
    const int cpu_threads =
        backend == backend_kind::cuda ? 1 : resolve_threads(threads, who + ": threads");
    const int fpc = opts.frames_per_call;
    struct plan {
        int in_flight;
        bool synchronous;
        int workers;
    };
    // frames_in_flight, 0 (auto) resolved: 4 batches for a GPU; on the CPU 8 per
    // decoder thread, since the threads share the cores with the caller's other
    // threads, which are then late to take the oldest batch and hand over the next,
    // and a thread with no batch queued idles; within the bound on values
    auto plan_for = [&](bool cpu) {
        plan p;
        const long long batches = cpu ? 8LL * cpu_threads : 4LL;
        p.in_flight =
            opts.frames_in_flight > 0
                ? opts.frames_in_flight
                : static_cast<int>(std::min(batches * fpc, std::max(most, 1LL)));
        p.synchronous = p.in_flight <= fpc;
        p.workers = 1;
        if (cpu && !p.synchronous) {
            // the batches in flight decode side by side, one single-threaded
            // decoder per thread: no thread waits for another at a batch's end
            p.workers = std::min(cpu_threads, (p.in_flight + fpc - 1) / fpc);
        }
        return p;
    };
    const plan cpu = plan_for(true);
    // the first decoder; where the CPU decodes with several workers it is
    // single-threaded (a CUDA decoder has no CPU threads, so auto may build it so
    // before knowing where it lands)
    const bool single = backend != backend_kind::cuda && cpu.workers > 1;
    std::shared_ptr<decoder> first =
        make_stream_decoder(code, single ? with_threads(given, 1) : given, who);
    const plan p = on_gpu(*first) ? plan_for(false) : cpu;
    frames_in_flight = p.in_flight;
    synchronous = p.synchronous;
    decoders.push_back(first);
    if (!on_gpu(*first)) {
        const decoder_options one = on_cpu(with_threads(given, 1));
        for (int w = 1; w < p.workers; w++) {
            decoders.push_back(make_stream_decoder(code, one, who));
        }
    }
}

/* The one pass over a batch's input: scaled and signed as the options say. */
void stream_pipeline::impl::convert(const uint8_t* in, size_t frames, uint8_t* out) const
{
    const size_t count = frames * static_cast<size_t>(in_values);
    if (!opts.int8_input) {
        const float* src = reinterpret_cast<const float*>(in);
        float* dst = reinterpret_cast<float*>(out);
        for (size_t i = 0; i < count; i++) {
            dst[i] = factor * src[i];
        }
        return;
    }
    const int8_t* src = reinterpret_cast<const int8_t*>(in);
    int8_t* dst = reinterpret_cast<int8_t*>(out);
    if (factor > 0.0f) {
        std::memcpy(dst, src, count);
    } else {
        for (size_t i = 0; i < count; i++) {
            dst[i] = negate(src[i]);
        }
    }
}

/* One decoder call on converted input. */
void stream_pipeline::impl::run(decoder& d,
                                const uint8_t* input,
                                size_t frames,
                                uint8_t* output,
                                int* iterations,
                                uint8_t* parity_ok) const
{
    decode_output out;
    (opts.output_codeword ? out.codewords : out.info_bits) = output;
    out.iterations = iterations;
    out.parity_ok = parity_ok;
    const size_t count = frames * static_cast<size_t>(in_values);
    if (opts.int8_input) {
        d.decode(reinterpret_cast<const int8_t*>(input),
                 count,
                 frames,
                 std::fabs(factor),
                 out);
    } else {
        d.decode(reinterpret_cast<const float*>(input), count, frames, out);
    }
}

/* Decodes one frame of a batch's (converted) input again, negated. */
bool stream_pipeline::impl::decodes_inverted(decoder& d, const uint8_t* frame) const
{
    int iterations = 0;
    uint8_t ok = 0;
    decode_output out;
    out.iterations = &iterations;
    out.parity_ok = &ok;
    const size_t count = static_cast<size_t>(in_values);
    if (opts.int8_input) {
        std::vector<int8_t> inverted(count);
        const int8_t* v = reinterpret_cast<const int8_t*>(frame);
        for (size_t i = 0; i < count; i++) {
            inverted[i] = negate(v[i]);
        }
        d.decode(inverted.data(), count, 1, std::fabs(factor), out);
    } else {
        std::vector<float> inverted(count);
        const float* v = reinterpret_cast<const float*>(frame);
        for (size_t i = 0; i < count; i++) {
            inverted[i] = -v[i];
        }
        d.decode(inverted.data(), count, 1, out);
    }
    return ok != 0;
}

void stream_pipeline::impl::refuse_for_nonbinary(const char* name, float value) const
{
    if (!code.is_binary() && value != family_default) {
        throw std::invalid_argument(std::string(name) +
                                    " applies to binary codes only; '" + code.name() +
                                    "' is a nonbinary code");
    }
}

/* On worker w's thread (or decode()'s caller): one batch, recovered, checked. */
void stream_pipeline::impl::decode_batch(size_t w,
                                         const uint8_t* input,
                                         size_t frames,
                                         uint8_t* output,
                                         int* iterations,
                                         uint8_t* parity_ok)
{
    std::shared_ptr<decoder> d;
    for (;;) {
        d = decoder_of(w);
        try {
            testing::before_decode_call();
            run(*d, input, frames, output, iterations, parity_ok);
            break;
        } catch (...) {
            const std::exception_ptr error = std::current_exception();
            if (!opts.recovery) {
                throw;
            }
            recover(error, w); // throws when no decoder takes over
        }
    }
    calls++;
    if (opts.sign_check || align) {
        std::lock_guard<std::mutex> lock(sign_mutex);
        if (opts.sign_check) {
            const int retry = sign.count(parity_ok, static_cast<int>(frames));
            if (retry >= 0 && sign.inverted_result(decodes_inverted(
                                  *d, input + static_cast<size_t>(retry) * in_bytes))) {
                event(stream_event::level::warning, sign.message(factor < 0.0f));
            }
        }
        if (align) {
            if (const int shift = align->count(input, frames, opts.int8_input)) {
                event(stream_event::level::warning, align->message(shift));
            }
        }
    }
    worker_frames += frames;
}

/*
 * When worker w's decoder throws: a CPU decoder takes over that worker's
 * batches, once per pipeline; else the error propagates.
 */
void stream_pipeline::impl::recover(const std::exception_ptr& error, size_t w)
{
    std::lock_guard<std::mutex> one(recover_mutex);
    if (is_input_error(error) || on_fallback) {
        std::rethrow_exception(error);
    }
    const std::shared_ptr<decoder> broken = decoder_of(w);
    const std::string what = error_text(error);
    std::shared_ptr<decoder> cpu;
    try {
        decoder_options o = cpu_fallback_options(given);
        if (decoders.size() > 1) {
            o = with_threads(o, 1); // one of several CPU decoder threads
        }
        cpu = make_stream_decoder(code, o, opts.who);
    } catch (const std::exception& e) {
        event(stream_event::level::error,
              "the " + broken->backend_name() + " decoder failed at frame " +
                  std::to_string(worker_frames.load()) + " (" + what +
                  "), and no CPU decoder can take over: " + e.what());
        throw;
    }
    {
        std::lock_guard<std::mutex> lock(decoders_mutex);
        const decoder_options front = decoders.front()->options();
        cpu->set_max_iterations(front.max_iterations);
        if (code.is_binary()) {
            cpu->set_alpha(front.alpha);
            cpu->set_beta(front.beta);
        }
        decoders[w] = cpu;
    }
    on_fallback = true;
    recovered++;
    event(stream_event::level::error,
          "the " + broken->backend_name() + " decoder failed at frame " +
              std::to_string(worker_frames.load()) + " (" + what +
              "); that frame's batch and the rest of the stream are decoded on the "
              "CPU (precision " +
              precision_text(cpu->options().precision) + ")");
}

stream_pipeline::stream_pipeline(const code_handle& code,
                                 const decoder_options& decoder,
                                 const stream_options& stream)
    : d_impl(std::make_unique<impl>(code, decoder, stream))
{
    d_impl->build();
}

stream_pipeline::~stream_pipeline() { d_impl->pipeline.reset(); }

const code_handle& stream_pipeline::code() const { return d_impl->code; }
const stream_options& stream_pipeline::options() const { return d_impl->opts; }
int stream_pipeline::input_frame_values() const { return d_impl->in_values; }
size_t stream_pipeline::input_frame_bytes() const { return d_impl->in_bytes; }
int stream_pipeline::output_frame_bits() const { return d_impl->out_bits; }
int stream_pipeline::frames_per_call() const { return d_impl->opts.frames_per_call; }
int stream_pipeline::frames_in_flight() const { return d_impl->frames_in_flight; }
bool stream_pipeline::synchronous() const { return d_impl->synchronous; }

size_t stream_pipeline::decoder_threads() const
{
    std::lock_guard<std::mutex> lock(d_impl->decoders_mutex);
    return d_impl->decoders.size();
}

std::string stream_pipeline::code_name() const { return d_impl->code.name(); }
std::string stream_pipeline::backend_name() const
{
    return d_impl->decoder_of(0)->backend_name();
}
message_precision stream_pipeline::precision() const
{
    return d_impl->decoder_of(0)->options().precision;
}
int stream_pipeline::max_iterations() const
{
    return d_impl->decoder_of(0)->options().max_iterations;
}
float stream_pipeline::alpha() const
{
    return d_impl->code.is_binary() ? d_impl->decoder_of(0)->options().alpha
                                    : family_default;
}
float stream_pipeline::beta() const
{
    return d_impl->code.is_binary() ? d_impl->decoder_of(0)->options().beta
                                    : family_default;
}

void stream_pipeline::set_max_iterations(int max_iterations)
{
    std::lock_guard<std::mutex> lock(d_impl->decoders_mutex);
    for (auto& d : d_impl->decoders) {
        d->set_max_iterations(max_iterations);
    }
}

void stream_pipeline::set_alpha(float alpha)
{
    d_impl->refuse_for_nonbinary("alpha", alpha);
    std::lock_guard<std::mutex> lock(d_impl->decoders_mutex);
    for (auto& d : d_impl->decoders) {
        d->set_alpha(alpha);
    }
}

void stream_pipeline::set_beta(float beta)
{
    d_impl->refuse_for_nonbinary("beta", beta);
    std::lock_guard<std::mutex> lock(d_impl->decoders_mutex);
    for (auto& d : d_impl->decoders) {
        d->set_beta(beta);
    }
}

void stream_pipeline::start(size_t buffer_frames)
{
    impl& m = *d_impl;
    stop();
    m.buffer_frames = static_cast<int>(
        std::clamp<size_t>(buffer_frames, 1, static_cast<size_t>(INT_MAX)));
    const int batch = m.opts.frames_per_call;
    if (m.synchronous) {
        m.cap = batch;
    } else {
        // what the buffer holds, less one batch (room for the producer to write
        // the next one while the others decode) where it holds two or more
        m.cap =
            std::min(m.frames_in_flight,
                     std::max(std::min(batch, m.buffer_frames), m.buffer_frames - batch));
        if (m.cap < m.frames_in_flight) {
            m.event(
                stream_event::level::info,
                "the input buffer holds " + std::to_string(m.buffer_frames) +
                    " frames, so at most " + std::to_string(m.cap) + " of the " +
                    std::to_string(m.frames_in_flight) +
                    " frames_in_flight are in flight; a minimum output buffer of " +
                    std::to_string(static_cast<long long>(m.frames_in_flight + batch) *
                                   m.in_values) +
                    " items on the upstream block allows all of them");
        }
    }
    const size_t depth = static_cast<size_t>(std::clamp(m.cap, 1, 1024));
    std::vector<decode_pipeline::decode_fn> fns;
    for (size_t w = 0; w < decoder_threads(); w++) {
        fns.push_back([&m, w](const uint8_t* input,
                              size_t frames,
                              uint8_t* output,
                              int* iterations,
                              uint8_t* parity_ok) {
            m.decode_batch(w, input, frames, output, iterations, parity_ok);
        });
    }
    m.pipeline = std::make_unique<decode_pipeline>(
        std::move(fns), m.in_bytes, static_cast<size_t>(m.out_bits), depth);
}

bool stream_pipeline::started() const { return d_impl->pipeline != nullptr; }

size_t stream_pipeline::submit_ready(const void* input, size_t fresh, bool in_place)
{
    impl& m = *d_impl;
    if (!m.pipeline) {
        throw invalid_argument(m.opts.who + ": submit_ready before start()");
    }
    const uint8_t* in = static_cast<const uint8_t*>(input);
    const int batch_max = m.opts.frames_per_call;
    const bool view = in_place && m.as_is;
    size_t handed = 0;
    for (;;) {
        const int left = static_cast<int>(std::min<size_t>(fresh - handed, INT_MAX));
        const int flying = static_cast<int>(m.in_flight);
        const int batch = std::min({ left, batch_max, m.cap - flying });
        if (batch <= 0 || m.pipeline->in_flight() >= m.pipeline->depth()) {
            break;
        }
        // a short batch waits while others decode and the buffer can fill it
        if (batch == left && left < batch_max && flying > 0 &&
            flying + batch_max <= m.buffer_frames) {
            break;
        }
        // so does one cut short by the frames in flight: the room that frames
        // leave as they are taken back is handed over once it holds a whole batch
        // (else the batches shrink to what the caller's output had room for)
        if (batch < std::min(left, std::min(batch_max, m.cap)) && flying > 0) {
            break;
        }
        const uint8_t* src = in + handed * m.in_bytes;
        const size_t frames = static_cast<size_t>(batch);
        if (view) {
            m.pipeline->submit_view(src, frames);
        } else {
            m.pipeline->submit_with(frames,
                                    [&](uint8_t* dst) { m.convert(src, frames, dst); });
        }
        handed += frames;
        m.in_flight += frames;
    }
    return handed;
}

stream_output stream_pipeline::next_output(size_t max_frames, bool wait)
{
    impl& m = *d_impl;
    stream_output o;
    if (!m.pipeline || max_frames == 0) {
        return o;
    }
    if (!m.head_valid) {
        if (m.pipeline->in_flight() == 0 || !m.pipeline->take(m.head, wait)) {
            return o;
        }
        m.head_valid = true;
        m.head_next = 0;
    }
    const size_t frames = std::min(m.head.frames - m.head_next, max_frames);
    o.frames = frames;
    o.bits = m.head.output.data() + m.head_next * static_cast<size_t>(m.out_bits);
    o.iterations = m.head.iterations.data() + m.head_next;
    o.parity_ok = m.head.parity_ok.data() + m.head_next;
    uint64_t bad = 0;
    for (size_t f = 0; f < frames; f++) {
        bad += o.parity_ok[f] ? 0 : 1;
    }
    m.decoded += frames;
    m.failed += bad;
    m.head_next += frames;
    m.in_flight -= frames;
    if (m.head_next == m.head.frames) {
        m.head_valid = false; // its buffers stay until the next take
    }
    return o;
}

size_t stream_pipeline::in_flight() const { return d_impl->in_flight; }

void stream_pipeline::stop()
{
    impl& m = *d_impl;
    if (m.pipeline) {
        try {
            pipeline_batch b;
            while (m.pipeline->take(b, true)) {
            }
        } catch (const std::exception& e) {
            m.event(stream_event::level::debug, std::string("stopping: ") + e.what());
        }
        m.pipeline.reset();
    }
    if (m.in_flight > 0) {
        m.event(stream_event::level::debug,
                "stopped with " + std::to_string(m.in_flight) +
                    " frames in flight, not written out (their input was not consumed)");
    }
    m.head_valid = false;
    m.head_next = 0;
    m.in_flight = 0;
}

void stream_pipeline::decode(const void* input,
                             size_t frames,
                             uint8_t* output,
                             int* iterations,
                             uint8_t* parity_ok)
{
    impl& m = *d_impl;
    if (m.pipeline) {
        throw invalid_argument(m.opts.who +
                               ": decode() while the asynchronous path is started");
    }
    if (!input || !output || !iterations || !parity_ok || frames == 0) {
        throw invalid_argument(m.opts.who +
                               ": decode: frames must be >= 1 and no pointer null");
    }
    std::lock_guard<std::mutex> lock(m.sync_mutex);
    const uint8_t* in = static_cast<const uint8_t*>(input);
    if (!m.as_is) {
        m.sync_input.resize(frames * m.in_bytes);
        m.convert(in, frames, m.sync_input.data());
        in = m.sync_input.data();
    }
    m.decode_batch(0, in, frames, output, iterations, parity_ok);
}

uint64_t stream_pipeline::decoder_calls() const { return d_impl->calls.load(); }
uint64_t stream_pipeline::frames_decoded() const { return d_impl->decoded.load(); }
uint64_t stream_pipeline::frames_failed() const { return d_impl->failed.load(); }
uint64_t stream_pipeline::recoveries() const { return d_impl->recovered.load(); }
bool stream_pipeline::sign_warning_issued() const { return d_impl->sign.warned(); }

std::vector<stream_event> stream_pipeline::take_events()
{
    std::lock_guard<std::mutex> lock(d_impl->events_mutex);
    std::vector<stream_event> out;
    out.swap(d_impl->events);
    return out;
}

} // namespace gpufec
