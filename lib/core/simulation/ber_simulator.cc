/* -*- c++ -*- */
/*
 * Monte-Carlo BER/FER engine (see include/gpufec/ber_simulator.h): batches of
 * frames generated on worker threads (bits, encoder, AWGN channel) while the
 * previous batch decodes, frames counted in index order against the stop rules
 * (a point's intervals: confidence_intervals.cc). The batch loops report to the
 * hooks of the running call (sim_hooks: progress, frame-error marks of a part); time and
 * interruption end a point at a batch boundary through the same per-frame tally, so every
 * counted frame is exact.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "channel/channel_kernels.h"
#include "encoders/sliced_encoder.h"
#include "parallel/run_parallel.h"
#include "simulation/ber_tally.h"
#include "simulation/sim_device_engine.h"
#include <gpufec/ber_simulator.h>
#include <gpufec/error.h>
#include <gpufec/host_resources.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iostream>
#include <sstream>
#include <thread>

namespace gpufec {

namespace {

using clock_type = std::chrono::steady_clock;

double seconds_since(clock_type::time_point t0)
{
    return std::chrono::duration<double>(clock_type::now() - t0).count();
}

std::string format_double(double v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

/* Parses a whole string as a finite double; what names it in the message. */
double parse_number(const std::string& text, const std::string& what)
{
    const char* begin = text.c_str();
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(begin, &end);
    if (text.empty() || end == begin || *end != '\0' || errno == ERANGE ||
        !std::isfinite(v)) {
        throw invalid_argument("Eb/N0 " + what + " '" + text +
                               "' is not a finite number");
    }
    return v;
}

} // namespace

/* One batch of frames: generated inputs, decoder outputs. */
struct ber_simulator::batch {
    uint64_t first = 0; //!< index of its first frame
    size_t frames = 0;
    std::vector<uint8_t> info;      //!< frames * k sent information bits
    std::vector<float> llrs;        //!< frames * n channel LLRs
    std::vector<int8_t> llrs8;      //!< the same quantized (int8_step > 0)
    std::vector<uint8_t> decoded;   //!< frames * k decoded information bits
    std::vector<int> iterations;    //!< frames
    std::vector<uint8_t> parity_ok; //!< frames
    //! binary codes: the encoder of 64 frames at once, shared by the batches
    std::shared_ptr<const sliced_encoder> sliced;

    void resize(size_t frames_, size_t k, size_t n, bool int8)
    {
        frames = frames_;
        info.resize(frames * k);
        // the decoder reads one of the two
        if (int8)
            llrs8.resize(frames * n);
        else
            llrs.resize(frames * n);
        decoded.resize(frames * k);
        iterations.resize(frames);
        parity_ok.resize(frames);
    }
};

void ber_options::validate() const
{
    decoder.validate();
    if (mod != modulation::bpsk && mod != modulation::qpsk) {
        throw invalid_argument("ber_options.mod: unknown modulation value " +
                               std::to_string(static_cast<int>(mod)));
    }
    if (ebn0_db.empty()) {
        throw invalid_argument("ber_options.ebn0_db: no Eb/N0 point");
    }
    for (size_t i = 0; i < ebn0_db.size(); i++) {
        if (!std::isfinite(ebn0_db[i])) {
            throw invalid_argument("ber_options.ebn0_db[" + std::to_string(i) + "] = " +
                                   format_double(ebn0_db[i]) + " is not a finite number");
        }
    }
    if (max_frames < 1) {
        throw invalid_argument("ber_options.max_frames must be >= 1");
    }
    if (!std::isfinite(max_seconds) || max_seconds < 0.0) {
        throw invalid_argument("ber_options.max_seconds = " + format_double(max_seconds) +
                               " is not a finite number >= 0 (0: no time limit)");
    }
    if (!std::isfinite(stop_fer) || stop_fer < 0.0 || stop_fer >= 1.0) {
        throw invalid_argument("ber_options.stop_fer = " + format_double(stop_fer) +
                               " is outside (0, 1) (0: no such rule)");
    }
    check_threads(threads, "ber_options: threads");
    if (batch_frames > (size_t(1) << 24)) {
        throw invalid_argument("ber_options.batch_frames = " +
                               std::to_string(batch_frames) + " exceeds 2^24");
    }
    if (!std::isfinite(int8_step) || int8_step < 0.0f) {
        throw invalid_argument("ber_options.int8_step = " + format_double(int8_step) +
                               " is not a finite number >= 0 (0: float LLRs)");
    }
}

std::string to_string(stop_reason reason)
{
    switch (reason) {
    case stop_reason::none:
        return "none";
    case stop_reason::min_frame_errors:
        return "min_frame_errors";
    case stop_reason::max_frames:
        return "max_frames";
    case stop_reason::max_seconds:
        return "max_seconds";
    case stop_reason::interrupted:
        return "interrupted";
    }
    return "none";
}

stop_reason parse_stop_reason(const std::string& name)
{
    for (stop_reason r : { stop_reason::none,
                           stop_reason::min_frame_errors,
                           stop_reason::max_frames,
                           stop_reason::max_seconds,
                           stop_reason::interrupted }) {
        if (name == to_string(r)) {
            return r;
        }
    }
    throw invalid_argument("'" + name +
                           "' is not a stop reason (none, min_frame_errors, max_frames, "
                           "max_seconds, interrupted)");
}

std::vector<double> ebn0_range(double start, double stop, double step)
{
    if (!std::isfinite(start) || !std::isfinite(stop) || !std::isfinite(step)) {
        throw invalid_argument("Eb/N0 range " + format_double(start) + ":" +
                               format_double(stop) + ":" + format_double(step) +
                               " has a non-finite value");
    }
    if (!(step > 0.0)) {
        throw invalid_argument("Eb/N0 step " + format_double(step) + " must be > 0");
    }
    if (stop < start) {
        throw invalid_argument("Eb/N0 stop " + format_double(stop) +
                               " is below the start " + format_double(start));
    }
    const double span = (stop - start) / step;
    if (span > 99999.0) {
        throw invalid_argument("Eb/N0 range " + format_double(start) + ":" +
                               format_double(stop) + ":" + format_double(step) +
                               " has more than 100000 points");
    }
    const size_t count = static_cast<size_t>(std::floor(span + 1e-9)) + 1;
    std::vector<double> points(count);
    for (size_t i = 0; i < count; i++) {
        double v = start + static_cast<double>(i) * step;
        const double r = std::round(v * 1e6) / 1e6;
        if (std::fabs(v - r) < 1e-9) {
            v = r;
        }
        points[i] = v == 0.0 ? 0.0 : v; // no "-0"
    }
    return points;
}

namespace {

/* One item of an Eb/N0 list: "VALUE" or "START:STOP:STEP". */
std::vector<double> parse_ebn0_item(const std::string& text)
{
    std::vector<std::string> parts;
    size_t pos = 0;
    while (true) {
        const size_t colon = text.find(':', pos);
        parts.push_back(
            text.substr(pos, colon == std::string::npos ? colon : colon - pos));
        if (colon == std::string::npos) {
            break;
        }
        pos = colon + 1;
    }
    if (parts.size() == 1) {
        const double v = parse_number(parts[0], "value");
        return { v };
    }
    if (parts.size() != 3) {
        throw invalid_argument("Eb/N0 range '" + text +
                               "' is not START or START:STOP:STEP (dB)");
    }
    return ebn0_range(parse_number(parts[0], "start"),
                      parse_number(parts[1], "stop"),
                      parse_number(parts[2], "step"));
}

} // namespace

std::vector<double> parse_ebn0_range(const std::string& text)
{
    if (text.find(',') == std::string::npos) {
        return parse_ebn0_item(text);
    }
    std::vector<double> points;
    size_t pos = 0;
    while (true) {
        const size_t comma = text.find(',', pos);
        const std::string item =
            text.substr(pos, comma == std::string::npos ? comma : comma - pos);
        if (item.empty()) {
            throw invalid_argument("Eb/N0 list '" + text + "' has an empty item");
        }
        const std::vector<double> v = parse_ebn0_item(item);
        points.insert(points.end(), v.begin(), v.end());
        if (points.size() > 100000) {
            throw invalid_argument("Eb/N0 list '" + text +
                                   "' has more than 100000 points");
        }
        if (comma == std::string::npos) {
            break;
        }
        pos = comma + 1;
    }
    return points;
}

ber_simulator::ber_simulator(ldpc_code::sptr code, const ber_options& options)
    : d_options(options)
{
    if (!code) {
        throw invalid_argument("ber_simulator: code is null");
    }
    d_options.validate();
    d_decoder = decoder::make(std::move(code), d_options.decoder);
    init();
}

ber_simulator::ber_simulator(decoder::uptr dec, const ber_options& options)
    : d_decoder(std::move(dec)), d_options(options)
{
    if (!d_decoder) {
        throw invalid_argument("ber_simulator: decoder is null");
    }
    d_options.validate();
    init();
}

ber_simulator::ber_simulator(nb_code::sptr code, const ber_options& options)
    : d_options(options)
{
    if (!code) {
        throw invalid_argument("ber_simulator: code is null");
    }
    d_options.validate();
    d_decoder = decoder::make(code_handle(std::move(code)), d_options.decoder);
    init();
}

ber_simulator::ber_simulator(const code_handle& code, const ber_options& options)
    : d_options(options)
{
    d_options.validate();
    d_decoder = decoder::make(code, d_options.decoder);
    init();
}

ber_simulator::ber_simulator(nb_decoder::uptr dec, const ber_options& options)
    : ber_simulator(decoder::uptr(std::move(dec)), options)
{
}

ber_simulator::~ber_simulator() = default;

const ldpc_code& ber_simulator::code() const
{
    if (is_nonbinary()) {
        throw invalid_argument("ber_simulator::code: this simulation is of a nonbinary "
                               "code (use get_nb_code())");
    }
    return d_decoder->code();
}

decoder& ber_simulator::get_decoder()
{
    if (is_nonbinary()) {
        throw invalid_argument("ber_simulator::get_decoder: this simulation is of a "
                               "nonbinary code (use get_nb_decoder())");
    }
    return *d_decoder;
}

const nb_code& ber_simulator::get_nb_code() const
{
    if (!is_nonbinary()) {
        throw invalid_argument(
            "ber_simulator::get_nb_code: this simulation is of a binary code");
    }
    return d_decoder->nonbinary()->code();
}

nb_decoder& ber_simulator::get_nb_decoder()
{
    if (!is_nonbinary()) {
        throw invalid_argument("ber_simulator::get_nb_decoder: this simulation is of a "
                               "binary code");
    }
    return *d_decoder->nonbinary();
}

size_t ber_simulator::info_bits_per_frame() const
{
    return static_cast<size_t>(any_code().k_bits());
}

size_t ber_simulator::llrs_per_frame() const
{
    return static_cast<size_t>(any_code().n_bits());
}

double ber_simulator::code_rate() const
{
    const code_handle c = any_code();
    return static_cast<double>(c.k()) / c.n();
}

size_t ber_simulator::bits_per_symbol() const
{
    return static_cast<size_t>(any_code().bits_per_symbol());
}

void ber_simulator::init()
{
    if (is_nonbinary() && d_options.int8_step > 0.0f) {
        throw invalid_argument("ber_options.int8_step: nonbinary decoders take float "
                               "LLRs (int8_step must be 0)");
    }
    const size_t n = std::max<size_t>(1, llrs_per_frame());
    const std::string backend = d_decoder->backend_name();
    if (d_options.batch_frames > 0) {
        d_max_batch = d_options.batch_frames;
        // two batches at a time (one decodes while the next is made): the sent and
        // decoded bits, the LLRs, the iterations and parity flags of each frame
        const size_t frame_bytes =
            2 * (2 * info_bits_per_frame() + n * sizeof(float) + sizeof(int) + 1);
        check_batch_memory(d_max_batch, frame_bytes, "batch_frames");
    } else if (backend == "cuda") {
        d_max_batch = std::clamp<size_t>((size_t(1) << 23) / n, 256, 8192);
    } else {
        // about 2^20 LLRs, in whole groups of 64 frames: the CPU decoders' widest
        // SIMD lane groups (int8 on AVX-512) and the sliced encoder's calls
        d_max_batch =
            std::clamp<size_t>(((size_t(1) << 20) / n + 63) / 64 * 64, 64, 1024);
    }
    int workers = d_options.threads;
    if (workers == 0) {
        workers = d_options.decoder.threads;
    }
    workers = resolve_threads(workers, "ber_options: threads");
    d_workers = std::max(1, workers);
    if (backend == "cuda" && d_options.on_device) {
        std::string why;
        d_engine = device_sim_engine::make(*d_decoder, d_options, &why);
        if (!d_engine) {
            std::clog << "gpufec: simulation frames made on the host (" << why << ")"
                      << std::endl;
        } else if (d_options.batch_frames == 0) {
            // the on-device loop's batch (up to its slot): a caller that splits
            // points (split_ber_simulator's rounds) then hands each worker enough
            // frames to keep its device busy between rounds
            d_max_batch = d_engine->max_batch();
        }
    }
}

void ber_simulator::generate(batch& b,
                             const awgn_channel& channel,
                             uint64_t first,
                             size_t frames) const
{
    const size_t k = info_bits_per_frame();
    const size_t n = llrs_per_frame();
    const code_handle code = any_code();
    const bool int8 = d_options.int8_step > 0.0f;
    b.first = first;
    b.resize(frames, k, n, int8);
    // the channel's kernel for this CPU (channel_kernels.h): the LLRs of
    // awgn_channel::transmit, and with int8 those of quantize_llrs, in one pass
    const chan::kernel& kernel = chan::best_kernel();
    const chan::llr_params params = chan::llr_params_of(channel, d_options.int8_step);

    // LLRs of frame f (of the batch) from its codeword bits
    auto transmit = [&](size_t f, const uint8_t* codeword) {
        if (n == 0)
            return;
        if (int8) {
            kernel.llrs_int8(
                params, channel.seed(), first + f, codeword, n, b.llrs8.data() + f * n);
        } else {
            kernel.llrs(
                params, channel.seed(), first + f, codeword, n, b.llrs.data() + f * n);
        }
    };

    auto work = [&](size_t begin, size_t end) {
        std::vector<uint8_t> codeword(n, 0);
        if (b.sliced && !d_options.all_zero) {
            // binary codes: 64 frames an encoder call (sliced_encoder.h)
            const sliced_encoder& enc = *b.sliced;
            const size_t words = enc.words();
            std::vector<uint64_t> packed(sliced_encoder::max_frames * words);
            for (size_t f0 = begin; f0 < end; f0 += sliced_encoder::max_frames) {
                const size_t m = std::min(sliced_encoder::max_frames, end - f0);
                for (size_t f = f0; f < f0 + m; f++)
                    kernel.random_bits(
                        d_options.seed, first + f, k, b.info.data() + f * k);
                enc.encode(b.info.data() + f0 * k, m, packed.data());
                for (size_t f = f0; f < f0 + m; f++) {
                    kernel.unpack_bits(
                        packed.data() + (f - f0) * words, n, codeword.data());
                    transmit(f, codeword.data());
                }
            }
            return;
        }
        for (size_t f = begin; f < end; f++) {
            const uint64_t index = first + f;
            uint8_t* info = b.info.data() + f * k;
            if (d_options.all_zero) {
                std::memset(info, 0, k);
            } else {
                if (k > 0)
                    kernel.random_bits(d_options.seed, index, k, info);
                if (code.is_binary()) {
                    code.binary()->encode(info, codeword.data());
                } else {
                    code.nonbinary()->encode_bits(info, codeword.data());
                }
            }
            transmit(f, codeword.data());
        }
    };

    const size_t workers =
        std::max<size_t>(1, std::min<size_t>(static_cast<size_t>(d_workers), frames));
    run_parallel(workers, [&](size_t t) {
        work(frames * t / workers, frames * (t + 1) / workers);
    });
}

/*!
 * What the batch loops of the running call report to, set for the length of one
 * call on its thread (run_point_hooked): a progress callback with the sweep's
 * position and the counts of the run resumed, and where a part keeps the marks of
 * its frame errors. point_tally finds it, so the host and the on-device loop both
 * report without knowing of it.
 */
struct sim_hooks {
    const ber_simulator::progress_callback* progress = nullptr;
    double interval = 0.25;             //!< seconds between progress calls
    size_t index = 0;                   //!< the point's index in the sweep
    size_t points = 1;                  //!< points in the sweep
    const ber_options* rules = nullptr; //!< the point's own stop rules (ETA)
    const ber_point* base = nullptr;    //!< counts of the run resumed
    size_t k = 0;                       //!< information bits per frame
    size_t sym_bits = 1;                //!< bits per symbol (nonbinary), else 1
    std::vector<frame_error_mark>* marks = nullptr; //!< a part's frame-error marks
    uint64_t marks_cap = 0;                         //!< marks kept at most
};

namespace {

thread_local const sim_hooks* t_hooks = nullptr;

/* Installs hooks for the calls made on this thread until it goes out of scope. */
class hooks_scope
{
public:
    explicit hooks_scope(const sim_hooks* h) : d_prev(t_hooks) { t_hooks = h; }
    ~hooks_scope() { t_hooks = d_prev; }
    hooks_scope(const hooks_scope&) = delete;
    hooks_scope& operator=(const hooks_scope&) = delete;

private:
    const sim_hooks* d_prev;
};

/* Restores a simulator's options when a part is done. */
class options_guard
{
public:
    explicit options_guard(ber_options& o) : d_ref(o), d_saved(o) {}
    ~options_guard() { d_ref = d_saved; }
    options_guard(const options_guard&) = delete;
    options_guard& operator=(const options_guard&) = delete;

private:
    ber_options& d_ref;
    ber_options d_saved;
};

/*!
 * A point's counts, frame by frame in index order, and its stop rules: add()
 * returns true once the frame just added meets one (the rest of its batch is
 * then discarded), so the result is that of a frame-by-frame simulation. The
 * rules of time (max_seconds) and of the progress callback are checked when the
 * last frame of a batch (decoded() announces its size) has been added, so a point
 * they end keeps whole batches. Reports to the thread's sim_hooks, if any.
 */
class point_tally
{
public:
    point_tally(const ber_options& o, double ebn0_db, bool nonbinary)
        : d_o(o), d_hooks(t_hooks), d_t0(clock_type::now()), d_last_report(d_t0)
    {
        d_p.ebn0_db = ebn0_db;
        d_p.nonbinary = nonbinary;
        d_p.first_frame = o.first_frame;
    }

    bool add(const frame_outcome& f)
    {
        d_p.frames++;
        d_p.bit_errors += f.bit_errors;
        const uint64_t e = f.bit_errors;
        d_p.bit_errors_sq = add_bit_errors_sq(d_p.bit_errors_sq, e * e);
        d_p.symbol_errors += f.symbol_errors;
        d_p.total_iterations += static_cast<uint64_t>(std::max(0, f.iterations));
        if (f.bit_errors > 0) {
            d_p.frame_errors++;
            if (f.parity_ok) {
                d_p.undetected_frame_errors++;
            }
            if (d_hooks && d_hooks->marks &&
                d_hooks->marks->size() < d_hooks->marks_cap) {
                frame_error_mark m;
                m.frames = d_p.frames;
                m.bit_errors = d_p.bit_errors;
                m.bit_errors_sq = d_p.bit_errors_sq;
                m.symbol_errors = d_p.symbol_errors;
                m.undetected_frame_errors = d_p.undetected_frame_errors;
                m.iterations = d_p.total_iterations;
                d_hooks->marks->push_back(m);
            }
        }
        if (d_o.min_frame_errors > 0 && d_p.frame_errors >= d_o.min_frame_errors) {
            d_p.stopped_by = stop_reason::min_frame_errors;
            return true;
        }
        if (d_p.frames >= d_o.max_frames) {
            d_p.stopped_by = stop_reason::max_frames;
            return true;
        }
        if (d_batch_left > 0 && --d_batch_left == 0) {
            return batch_end();
        }
        return false;
    }

    /*! A batch of `frames` was decoded; its frames are added next. */
    void decoded(size_t frames, double seconds)
    {
        d_p.decoded_frames += frames;
        d_p.decode_seconds += seconds;
        d_batch_left = frames;
    }

    /*! The point with its rates; k information bits per frame, p per symbol. */
    ber_point result(size_t k, size_t sym_bits, double seconds) const
    {
        ber_point p = counts(k, sym_bits);
        p.seconds = seconds;
        finalize_point(p);
        return p;
    }

private:
    ber_point counts(size_t k, size_t sym_bits) const
    {
        ber_point p = d_p;
        p.info_bits = p.frames * k;
        if (p.nonbinary) {
            p.info_symbols = p.frames * (k / sym_bits);
        }
        return p;
    }

    /* The rules checked between batches: time, then the progress callback. */
    bool batch_end()
    {
        const auto now = clock_type::now();
        const double elapsed = std::chrono::duration<double>(now - d_t0).count();
        if (d_o.max_seconds > 0.0 && elapsed >= d_o.max_seconds) {
            d_p.stopped_by = stop_reason::max_seconds;
            return true;
        }
        if (!d_hooks || !d_hooks->progress || !*d_hooks->progress ||
            std::chrono::duration<double>(now - d_last_report).count() <
                d_hooks->interval) {
            return false;
        }
        d_last_report = now;
        ber_point so_far = counts(d_hooks->k, d_hooks->sym_bits);
        so_far.seconds = elapsed;
        if (d_hooks->base) {
            ber_point merged = *d_hooks->base;
            add_counts(merged, so_far);
            so_far = merged;
        }
        so_far.stopped_by = stop_reason::none;
        finalize_point(so_far);
        const ber_progress pr = make_progress(d_hooks->rules ? *d_hooks->rules : d_o,
                                              so_far,
                                              d_p.frames,
                                              elapsed,
                                              d_hooks->index,
                                              d_hooks->points);
        if (!(*d_hooks->progress)(pr)) {
            d_p.stopped_by = stop_reason::interrupted;
            return true;
        }
        return false;
    }

    const ber_options& d_o;
    const sim_hooks* d_hooks;
    clock_type::time_point d_t0;
    clock_type::time_point d_last_report;
    ber_point d_p;
    size_t d_batch_left = 0;
};

/*! Adaptive batch sizes: double from min(64, largest) unless fixed by the options. */
class batch_sizes
{
public:
    batch_sizes(const ber_options& o, size_t largest)
        : d_max_frames(o.max_frames), d_largest(largest),
          d_next(o.batch_frames > 0 ? largest : std::min<size_t>(64, largest))
    {
    }
    bool more() const { return d_scheduled < d_max_frames; }
    uint64_t scheduled() const { return d_scheduled; }
    size_t take()
    {
        const uint64_t left = d_max_frames - d_scheduled;
        const size_t size = static_cast<size_t>(std::min<uint64_t>(d_next, left));
        d_scheduled += size;
        d_next = std::min(d_next * 2, d_largest);
        return size;
    }

private:
    uint64_t d_max_frames;
    size_t d_largest;
    size_t d_next;
    uint64_t d_scheduled = 0;
};

} // namespace

ber_point ber_simulator::run_point(double ebn0_db)
{
    sim_hooks h;
    h.progress = d_progress ? &d_progress : nullptr;
    h.interval = d_progress_interval;
    h.k = info_bits_per_frame();
    h.sym_bits = bits_per_symbol();
    return run_point_hooked(ebn0_db, h);
}

ber_point ber_simulator::run_point_hooked(double ebn0_db, const sim_hooks& hooks)
{
    hooks_scope scope(&hooks);
    if (d_engine) {
        return run_point_device(ebn0_db);
    }
    return run_point_host(ebn0_db);
}

ber_point ber_simulator::run_point_host(double ebn0_db)
{
    const auto t0 = clock_type::now();
    const size_t k = info_bits_per_frame();
    const awgn_channel channel(d_options.mod, ebn0_db, code_rate(), d_options.seed);
    const size_t sym_bits = bits_per_symbol();
    const bool nonbinary = is_nonbinary();
    point_tally tally(d_options, ebn0_db, nonbinary);
    batch_sizes sizes(d_options, d_max_batch);
    bool done = false;

    batch buffers[2];
    if (!nonbinary && !d_options.all_zero) {
        buffers[0].sliced = std::make_shared<const sliced_encoder>(d_decoder->code());
        buffers[1].sliced = buffers[0].sliced;
    }
    int cur = 0;
    generate(buffers[cur], channel, d_options.first_frame, sizes.take());

    while (!done) {
        batch& b = buffers[cur];
        batch& ahead = buffers[1 - cur];
        const bool more = sizes.more();
        const uint64_t next_first = d_options.first_frame + sizes.scheduled();
        const size_t next_size = more ? sizes.take() : 0;

        // This batch decodes and is counted (task 0, on this thread) while the
        // next one is generated (task 1), on the core's pooled threads
        run_parallel(more ? 2 : 1, [&](size_t task) {
            if (task == 1) {
                generate(ahead, channel, next_first, next_size);
                return;
            }
            const auto td = clock_type::now();
            decode_output out;
            out.info_bits = b.decoded.data();
            out.iterations = b.iterations.data();
            out.parity_ok = b.parity_ok.data();
            if (d_options.int8_step > 0.0f) {
                d_decoder->decode(
                    b.llrs8.data(), b.llrs8.size(), b.frames, d_options.int8_step, out);
            } else {
                d_decoder->decode(b.llrs.data(), b.llrs.size(), b.frames, out);
            }
            tally.decoded(b.frames, seconds_since(td));

            // Count in frame order; stop at the first frame that meets a rule.
            for (size_t f = 0; f < b.frames && !done; f++) {
                const uint8_t* sent = b.info.data() + f * k;
                const uint8_t* got = b.decoded.data() + f * k;
                frame_outcome o;
                for (size_t i = 0; i < k; i++) {
                    o.bit_errors += sent[i] != got[i];
                }
                if (nonbinary && o.bit_errors > 0) {
                    for (size_t s = 0; s < k; s += sym_bits) {
                        o.symbol_errors += std::memcmp(sent + s, got + s, sym_bits) != 0;
                    }
                }
                o.iterations = b.iterations[f];
                o.parity_ok = b.parity_ok[f];
                done = tally.add(o);
            }
        });
        if (!more) {
            break; // nothing left to decode
        }
        cur = 1 - cur;
    }
    return tally.result(k, sym_bits, seconds_since(t0));
}

ber_point ber_simulator::run_point_device(double ebn0_db)
{
    const auto t0 = clock_type::now();
    const size_t k = info_bits_per_frame();
    // the same checks (and errors) as the host path's channel
    (void)awgn_channel(d_options.mod, ebn0_db, code_rate(), d_options.seed);
    const size_t sym_bits = bits_per_symbol();
    const bool nonbinary = is_nonbinary();
    point_tally tally(d_options, ebn0_db, nonbinary);
    const size_t largest = d_options.batch_frames > 0
                               ? std::min(d_options.batch_frames, d_engine->max_batch())
                               : d_engine->max_batch();
    batch_sizes sizes(d_options, largest);
    std::vector<frame_outcome> out(d_engine->max_batch());
    std::vector<size_t> in_flight;
    auto queue = [&] {
        const uint64_t first = d_options.first_frame + sizes.scheduled();
        const size_t size = sizes.take();
        d_engine->start(ebn0_db, first, size);
        in_flight.push_back(size);
    };
    // two batches in flight: the next one is generated while this one decodes,
    // and a new one is queued before this one is counted (past the stop rule it
    // is drained unused)
    queue();
    if (sizes.more()) {
        queue();
    }
    bool done = false;
    while (!done && !in_flight.empty()) {
        const size_t frames = in_flight.front();
        in_flight.erase(in_flight.begin());
        d_engine->finish(out.data());
        if (sizes.more()) {
            queue();
        }
        tally.decoded(frames, d_engine->last_decode_seconds());
        for (size_t f = 0; f < frames && !done; f++) {
            done = tally.add(out[f]);
        }
    }
    while (!in_flight.empty()) { // drain what was queued past the stop
        d_engine->finish(out.data());
        in_flight.erase(in_flight.begin());
    }
    return tally.result(k, sym_bits, seconds_since(t0));
}

ber_part ber_simulator::run_part_hooked(double ebn0_db,
                                        uint64_t first,
                                        uint64_t frames,
                                        uint64_t error_budget,
                                        double max_seconds,
                                        sim_hooks& hooks)
{
    ber_part part;
    part.counts.ebn0_db = ebn0_db;
    part.counts.nonbinary = is_nonbinary();
    part.counts.first_frame = first;
    if (frames == 0) {
        finalize_point(part.counts);
        return part;
    }
    options_guard guard(d_options);
    d_options.first_frame = first;
    d_options.max_frames = frames;
    d_options.min_frame_errors = error_budget;
    d_options.max_seconds = max_seconds;
    if (d_options.batch_frames == 0 && frames >= 4 * static_cast<uint64_t>(d_max_batch)) {
        // a long part (a later round of a split point) starts at full batches:
        // the adaptive ramp only pays where a point may end after few frames
        d_options.batch_frames = d_max_batch;
    }
    hooks.marks = &part.marks;
    hooks.marks_cap = error_budget;
    part.marks.reserve(static_cast<size_t>(std::min<uint64_t>(error_budget, 4096)));
    part.counts = run_point_hooked(ebn0_db, hooks);
    hooks.marks = nullptr;
    return part;
}

ber_part ber_simulator::run_part(double ebn0_db,
                                 uint64_t first,
                                 uint64_t frames,
                                 uint64_t error_budget)
{
    sim_hooks h;
    h.k = info_bits_per_frame();
    h.sym_bits = bits_per_symbol();
    return run_part_hooked(ebn0_db, first, frames, error_budget, 0.0, h);
}

ber_point
ber_simulator::continue_point(double ebn0_db, const ber_point* previous, size_t index)
{
    const ber_options rules = d_options; // run_part_hooked changes d_options
    sim_hooks h;
    h.progress = d_progress ? &d_progress : nullptr;
    h.interval = d_progress_interval;
    h.index = index;
    h.points = rules.ebn0_db.size();
    h.rules = &rules;
    h.base = previous;
    h.k = info_bits_per_frame();
    h.sym_bits = bits_per_symbol();
    if (!previous) {
        return run_point_hooked(ebn0_db, h);
    }
    const auto t0 = clock_type::now();
    ber_tally tally(rules, ebn0_db, is_nonbinary(), previous);
    if (!tally.done()) {
        tally.add(run_part_hooked(ebn0_db,
                                  tally.next_frame(),
                                  tally.frames_left(),
                                  tally.errors_left(),
                                  rules.max_seconds,
                                  h));
    }
    return tally.point(seconds_since(t0));
}

std::vector<ber_point> ber_simulator::run(const point_callback& on_point,
                                          const std::vector<ber_point>& previous)
{
    return run_sweep(
        d_options,
        previous,
        [this](double ebn0, const ber_point* prev, size_t index) {
            return continue_point(ebn0, prev, index);
        },
        on_point);
}

void ber_simulator::set_progress_callback(progress_callback callback,
                                          double interval_seconds)
{
    if (!std::isfinite(interval_seconds) || interval_seconds < 0.0) {
        throw invalid_argument("ber_simulator::set_progress_callback: interval " +
                               format_double(interval_seconds) +
                               " s is not a finite number >= 0");
    }
    d_progress = std::move(callback);
    d_progress_interval = interval_seconds;
}

} // namespace gpufec
