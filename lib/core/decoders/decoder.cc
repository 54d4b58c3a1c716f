/* -*- c++ -*- */
/*
 * The backend-independent part of the decoder interface (include/gpufec/decoder.h):
 * names of rules, schedules and backends, option checks, the factory that picks a
 * backend, and decoder::decode(), which checks its arguments and maps NaN LLRs to 0
 * before handing the batch to the backend. The algorithms live in the backends
 * (simd_decoder.cc: the min-sum family in SIMD lanes, "Implementation of a Heterogeneous
 * LDPC Decoder on ARM and GPU of Mobile Devices"; cpu_reference_decoder.cc: flooding and
 * layered SPA / min-sum family, Andrade et al., "Near-LSPA Performance at MSA
 * Complexity").
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "codes/text_input.h"
#include "decoders/batch_checks.h"
#include "decoders/cpu_reference_decoder.h"
#include "decoders/simd_decoder.h"
#include "simd/nb_minmax.h"
#include "simd/simd_kernels.h"
#include <algorithm>
#include <atomic>
#include <cctype>
#include <cmath>
#include <gpufec/cuda_decoder.h>
#include <gpufec/decoder.h>
#include <gpufec/device_info.h>
#include <gpufec/error.h>
#include <gpufec/host_resources.h>
#include <gpufec/limits.h>
#include <gpufec/nb_decoder.h>
#include <iostream>
#include <limits>
#include <mutex>
#include <sstream>
#include <thread>
#include <vector>

namespace gpufec {

namespace {

template <typename T>
std::string number(T v)
{
    std::ostringstream os;
    os << v;
    return os.str();
}

bool cuda_built()
{
#ifdef GPUFEC_HAVE_CUDA
    return true;
#else
    return false;
#endif
}

const char* const rule_names = "spa, ms, nms, oms, scms";
const char* const schedule_names = "layered, flooding";
const char* const backend_names = "auto, cpu, cuda";
const char* const precision_names = "float (float32), half2, int16, int8, auto";

void check_alpha(float alpha, const char* where)
{
    if (!std::isfinite(alpha) || !(alpha > 0.0f) || alpha > 1.0f) {
        throw invalid_argument(std::string(where) + ": alpha is " + number(alpha) +
                               "; it must be a finite number in (0, 1]");
    }
}

void check_beta(float beta, const char* where)
{
    if (!std::isfinite(beta) || beta < 0.0f) {
        throw invalid_argument(std::string(where) + ": beta is " + number(beta) +
                               "; it must be a finite number >= 0");
    }
}

void check_iterations(int iterations, const char* where)
{
    if (iterations < 1 || iterations > limits::max_iterations) {
        throw invalid_argument(
            std::string(where) + ": max_iterations is " + number(iterations) +
            "; it must be >= 1 and <= " + number(limits::max_iterations) +
            " (gpufec::limits::max_iterations)");
    }
}

} // namespace

// ---------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------

check_node_rule parse_check_node_rule(const std::string& name)
{
    const std::string s = detail::lower_case(name);
    if (s == "spa")
        return check_node_rule::spa;
    if (s == "ms")
        return check_node_rule::min_sum;
    if (s == "nms")
        return check_node_rule::normalized_min_sum;
    if (s == "oms")
        return check_node_rule::offset_min_sum;
    if (s == "scms")
        return check_node_rule::self_corrected_min_sum;
    throw invalid_argument("unknown check-node rule '" + name +
                           "'; valid names: " + rule_names);
}

std::string to_string(check_node_rule rule)
{
    switch (rule) {
    case check_node_rule::spa:
        return "spa";
    case check_node_rule::min_sum:
        return "ms";
    case check_node_rule::normalized_min_sum:
        return "nms";
    case check_node_rule::offset_min_sum:
        return "oms";
    case check_node_rule::self_corrected_min_sum:
        return "scms";
    }
    throw invalid_argument("unknown check-node rule (value " +
                           number(static_cast<int>(rule)) +
                           "); valid names: " + rule_names);
}

decoding_schedule parse_schedule(const std::string& name)
{
    const std::string s = detail::lower_case(name);
    if (s == "layered")
        return decoding_schedule::layered;
    if (s == "flooding")
        return decoding_schedule::flooding;
    throw invalid_argument("unknown decoding schedule '" + name +
                           "'; valid names: " + schedule_names);
}

std::string to_string(decoding_schedule schedule)
{
    switch (schedule) {
    case decoding_schedule::layered:
        return "layered";
    case decoding_schedule::flooding:
        return "flooding";
    }
    throw invalid_argument("unknown decoding schedule (value " +
                           number(static_cast<int>(schedule)) +
                           "); valid names: " + schedule_names);
}

backend_kind parse_backend(const std::string& name)
{
    const std::string s = detail::lower_case(name);
    if (s == "auto")
        return backend_kind::automatic;
    if (s == "cpu")
        return backend_kind::cpu;
    if (s == "cuda")
        return backend_kind::cuda;
    throw invalid_argument("unknown decoder backend '" + name +
                           "'; valid names: " + backend_names);
}

std::string to_string(backend_kind backend)
{
    switch (backend) {
    case backend_kind::automatic:
        return "auto";
    case backend_kind::cpu:
        return "cpu";
    case backend_kind::cuda:
        return "cuda";
    }
    throw invalid_argument("unknown decoder backend (value " +
                           number(static_cast<int>(backend)) +
                           "); valid names: " + backend_names);
}

message_precision parse_precision(const std::string& name)
{
    const std::string s = detail::lower_case(name);
    if (s == "float" || s == "float32" || s == "f32")
        return message_precision::float32;
    if (s == "half2" || s == "half" || s == "f16")
        return message_precision::half2;
    if (s == "int16" || s == "i16")
        return message_precision::int16;
    if (s == "int8" || s == "i8")
        return message_precision::int8;
    if (s == "auto")
        return message_precision::automatic;
    throw invalid_argument("unknown message precision '" + name +
                           "'; valid names: " + precision_names);
}

std::string to_string(message_precision precision)
{
    switch (precision) {
    case message_precision::float32:
        return "float";
    case message_precision::half2:
        return "half2";
    case message_precision::int16:
        return "int16";
    case message_precision::int8:
        return "int8";
    case message_precision::automatic:
        return "auto";
    }
    throw invalid_argument("unknown message precision (value " +
                           number(static_cast<int>(precision)) +
                           "); valid names: " + precision_names);
}

void quantize_llrs(const float* in, size_t count, float step, int8_t* out)
{
    if (!(step > 0.0f) || !std::isfinite(step)) {
        throw invalid_argument("quantize_llrs: step is " + number(step) +
                               "; it must be > 0 and finite");
    }
    if (count > 0 && (in == nullptr || out == nullptr)) {
        throw invalid_argument("quantize_llrs: null buffer");
    }
    const float inv = 1.0f / step;
    for (size_t i = 0; i < count; i++) {
        const float v = in[i] * inv;
        // NaN fails both comparisons and becomes 0
        const float c =
            v > 127.0f ? 127.0f : (v < -127.0f ? -127.0f : (v == v ? v : 0.0f));
        out[i] = static_cast<int8_t>(std::lrint(c));
    }
}

// ---------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------

void decoder_options::validate() const
{
    // to_string throws for a value outside the enumeration (e.g. a bad cast)
    (void)to_string(rule);
    (void)to_string(schedule);
    (void)to_string(backend);
    if (alpha != family_default)
        check_alpha(alpha, "decoder_options");
    if (beta != family_default)
        check_beta(beta, "decoder_options");
    if (max_iterations != code_default_iterations)
        check_iterations(max_iterations, "decoder_options");
    check_threads(threads, "decoder_options: threads");
    (void)to_string(precision);
    if (fixed.fraction_bits < -1 || fixed.fraction_bits > 12) {
        throw invalid_argument("decoder_options: fixed.fraction_bits is " +
                               number(fixed.fraction_bits) +
                               "; it must be in [0, 12], or -1 for the default");
    }
    // auto: checked against int16's range here, and again against the precision
    // it resolves to when decoder::make knows the backend
    const int type_max = precision == message_precision::int8 ? 127 : 32767;
    if (fixed.channel_max < 0 || fixed.channel_max > type_max) {
        throw invalid_argument("decoder_options: fixed.channel_max is " +
                               number(fixed.channel_max) + "; it must be in [1, " +
                               number(type_max) + "] for precision " +
                               to_string(precision) + ", or 0 for the default");
    }
    if (fixed.c2v_max < 0 || fixed.c2v_max > type_max) {
        throw invalid_argument("decoder_options: fixed.c2v_max is " +
                               number(fixed.c2v_max) + "; it must be in [1, " +
                               number(type_max) + "] for precision " +
                               to_string(precision) + ", or 0 for the default");
    }
    if (gpu.device < 0 || gpu.frames_per_block < 0 || gpu.batch_frames < 0 ||
        gpu.streams < 1) {
        throw invalid_argument(
            "decoder_options: gpu settings device=" + number(gpu.device) +
            " frames_per_block=" + number(gpu.frames_per_block) + " batch_frames=" +
            number(gpu.batch_frames) + " streams=" + number(gpu.streams) +
            "; device, frames_per_block and batch_frames must be >= 0 (0 = tuner), "
            "streams >= 1");
    }
}

// ---------------------------------------------------------------------------
// decoder
// ---------------------------------------------------------------------------

decoder_options decoder_options::resolved(const ldpc_code& code) const
{
    decoder_options o = *this;
    const rule_parameters def = default_rule_parameters(code);
    if (o.alpha == family_default)
        o.alpha = def.alpha;
    if (o.beta == family_default)
        o.beta = def.beta;
    if (o.max_iterations == code_default_iterations)
        o.max_iterations = def.iterations;
    return o;
}

decoder::decoder(ldpc_code::sptr code, const decoder_options& options)
    : d_code(std::move(code)), d_options(options),
      d_max_iterations(options.max_iterations)
{
    if (!d_code) {
        throw invalid_argument("decoder: the code is null");
    }
    d_options.validate();
    d_options = d_options.resolved(*d_code);
    check_iterations(d_options.max_iterations, "decoder (the code's default)");
    d_alpha.store(d_options.alpha);
    d_beta.store(d_options.beta);
    d_max_iterations.store(d_options.max_iterations);
}

decoder::decoder(nb_code::sptr code, const decoder_options& options)
    : d_options(options), d_max_iterations(options.max_iterations),
      d_alpha(options.alpha), d_beta(options.beta), d_gfq_code(std::move(code))
{
    if (!d_gfq_code) {
        throw invalid_argument("decoder: the code is null");
    }
}

void decoder::throw_not_binary()
{
    throw invalid_argument("decoder::code: this decoder's code is a GF(q) code "
                           "(any_code(), or nonbinary()->code())");
}

code_handle decoder::any_code() const
{
    return d_code ? code_handle(d_code) : code_handle(d_gfq_code);
}

size_t decoder::llrs_per_frame() const
{
    return d_code ? static_cast<size_t>(d_code->n())
                  : static_cast<size_t>(d_gfq_code->n_bits());
}

namespace {
/*!
 * The options with precision auto replaced by the backend's choice
 * (precision_defaults.cc), checked again for that precision (the fixed-point
 * ranges depend on it).
 */
decoder_options for_backend(const decoder_options& given, backend_kind backend)
{
    decoder_options options = given;
    options.precision = resolve_precision(backend, given);
    if (given.precision == message_precision::automatic) {
        try {
            options.validate();
        } catch (const invalid_argument& e) {
            throw invalid_argument(std::string(e.what()) + " (precision auto is " +
                                   to_string(options.precision) + " on backend " +
                                   to_string(backend) + " for rule " +
                                   to_string(options.rule) + ")");
        }
    }
    return options;
}

/*!
 * CPU backend: the SIMD decoder for the min-sum family in int16 / int8 / float (its
 * float equals the reference bit for bit); SPA (and half2, refused there) on the
 * float reference decoder.
 */
decoder::uptr make_cpu_decoder(ldpc_code::sptr code, const decoder_options& given)
{
    const decoder_options options = for_backend(given, backend_kind::cpu);
    if (options.precision == message_precision::int16 ||
        options.precision == message_precision::int8 ||
        (options.precision == message_precision::float32 &&
         options.rule != check_node_rule::spa)) {
        return make_simd_decoder(std::move(code), options);
    }
    return make_cpu_reference_decoder(std::move(code), options);
}
} // namespace

decoder::uptr decoder::make(ldpc_code::sptr code, const decoder_options& options)
{
    if (!code) {
        throw invalid_argument("decoder::make: the code is null");
    }
    options.validate();

    switch (options.backend) {
    case backend_kind::cpu:
        return make_cpu_decoder(std::move(code), options);
    case backend_kind::cuda:
        // throws backend_unavailable (no CUDA build, no device) with the reason, and
        // invalid_argument for a combination the GPU cannot do (e.g. half2 SPA)
        return cuda_decoder::make(std::move(code),
                                  for_backend(options, backend_kind::cuda));
    case backend_kind::automatic: {
        // CUDA when a device works and the combination is supported, else the CPU;
        // the first choice of CUDA in the process is logged once
        std::string why;
        if (cuda_available(&why)) {
            try {
                std::unique_ptr<cuda_decoder> d =
                    cuda_decoder::make(code, for_backend(options, backend_kind::cuda));
                static std::once_flag logged;
                std::call_once(logged, [&d] {
                    const cuda_tuning t = d->tuning();
                    std::clog << "gpufec: backend auto -> cuda (device " << t.device
                              << ": " << t.device_name << ", kernel " << t.kernel << ")"
                              << std::endl;
                });
                return d;
            } catch (const backend_unavailable& e) {
                why = e.what();
            } catch (const invalid_argument& e) {
                why = e.what();
            }
        }
        // the CPU, silently: a machine without a GPU or CUDA driver is the normal
        // case of auto, and why CUDA was not used is gpufec-info's line (or the
        // error of backend cuda); backend() says which one runs
        try {
            return make_cpu_decoder(std::move(code), options);
        } catch (const invalid_argument& e) {
            // e.g. half2, which only CUDA has: say why the CPU was asked
            throw invalid_argument(std::string(e.what()) +
                                   " (backend auto chose the CPU: cuda not used: " + why +
                                   ")");
        }
    }
    }
    throw invalid_argument("decoder::make: unknown backend (value " +
                           number(static_cast<int>(options.backend)) + ")");
}

decoder::uptr decoder::make(const code_handle& code, const decoder_options& options)
{
    if (code.is_binary()) {
        return make(code.binary(), options);
    }
    return nb_decoder::make(code.nonbinary(), to_nb_decoder_options(options));
}

decoder_options decoder::options() const
{
    decoder_options o = d_options;
    if (const nb_decoder* nb = nonbinary()) {
        // the GF(q) decoder's own options: iterations, resolved precision
        const nb_decoder_options n = nb->options();
        o.max_iterations = n.max_iterations;
        o.precision = n.precision;
        o.alpha = d_alpha.load();
        o.beta = d_beta.load();
        return o;
    }
    o.max_iterations = d_max_iterations.load();
    o.alpha = d_alpha.load();
    o.beta = d_beta.load();
    return o;
}

void decoder::set_max_iterations(int iterations)
{
    if (nb_decoder* nb = nonbinary()) {
        nb->set_max_iterations(iterations == code_default_iterations ? 10 : iterations);
        return;
    }
    if (iterations == code_default_iterations) {
        iterations = default_rule_parameters(*d_code).iterations;
    }
    check_iterations(iterations, "decoder::set_max_iterations");
    d_max_iterations.store(iterations);
}

void decoder::set_alpha(float alpha)
{
    if (alpha == family_default) {
        if (!d_code) { // a GF(q) decoder: no family, alpha unused
            d_alpha.store(alpha);
            return;
        }
        alpha = default_rule_parameters(*d_code).alpha;
    }
    check_alpha(alpha, "decoder::set_alpha");
    d_alpha.store(alpha);
}

void decoder::set_beta(float beta)
{
    if (beta == family_default) {
        if (!d_code) { // a GF(q) decoder: no family, beta unused
            d_beta.store(beta);
            return;
        }
        beta = default_rule_parameters(*d_code).beta;
    }
    check_beta(beta, "decoder::set_beta");
    d_beta.store(beta);
}

namespace {

/*!
 * Whether frame `v` (n values) has fewer than k nonzero channel values once
 * quantized (`is_zero`): fewer values than information bits, from which no
 * codeword can be told, though a decoder "converges" on the all-zero word of
 * all-zero input. Counted in blocks, stopping once k are found (a frame of
 * ordinary LLRs is done after about k values).
 */
template <typename T, typename Nonzero>
bool too_few_values(const T* v, size_t n, size_t k, Nonzero nonzero_of)
{
    // nonzero_of returns 0 or 1 without a branch, so each block is one
    // vectorized count
    size_t nonzero = 0;
    for (size_t i = 0; i < n; i += 256) {
        const size_t end = std::min(n, i + 256);
        unsigned block = 0;
        for (size_t j = i; j < end; j++) {
            block += nonzero_of(v[j]);
        }
        nonzero += block;
        if (nonzero >= k) {
            return false;
        }
    }
    return true;
}

std::atomic<bool> g_zero_input_warned{ false };

/*!
 * Reports as failed (parity_ok 0) the frames of a decoded batch decided all zero
 * whose channel values quantize to fewer nonzero ones than information bits (the
 * CPU decoders; the GPU ones take LLRs as given); warns once per
 * process. `bound`: the magnitude below which a value becomes 0 (0: only 0 and
 * NaN do); `step`: int8 input's step (float input: llrs8 null).
 */
void fail_zero_frames(decoder& d,
                      const float* llrs,
                      const int8_t* llrs8,
                      float step,
                      size_t frames,
                      const decode_output& out)
{
    // the GPU decoders take the LLRs as given (no quantization of their own);
    // the GF(q) decoders take them as floats
    if (!out.parity_ok || d.cuda_backend() || d.nonbinary()) {
        return;
    }
    const size_t n = static_cast<size_t>(d.code().n());
    const size_t k = static_cast<size_t>(d.code().k());
    const float bound = simd_channel_zero_bound(d);
    // a value is zero when its magnitude is below bound (NaN too), or, with no
    // bound, when it is 0 or NaN
    auto zero_float = [=](const float* v) {
        return bound > 0.0f ? too_few_values(v,
                                             n,
                                             k,
                                             [=](float x) {
                                                 return unsigned(std::fabs(x) >= bound);
                                             })
                            : too_few_values(v, n, k, [](float x) {
                                  return unsigned(std::fabs(x) > 0.0f);
                              });
    };
    auto zero_int8 = [=](const int8_t* v) {
        return bound > 0.0f
                   ? too_few_values(v,
                                    n,
                                    k,
                                    [=](int8_t x) {
                                        return unsigned(std::fabs(float(x) * step) >=
                                                        bound);
                                    })
                   : too_few_values(v, n, k, [](int8_t x) { return unsigned(x != 0); });
    };
    // Zero input decodes to the all-zero word: only frames decided all zero (of
    // the decisions the caller asked for; all of them without any) are counted.
    // Those decisions are few bytes, just written; the LLRs are not.
    auto all_zero_decision = [&](size_t f) {
        auto none = [](const uint8_t* b, size_t count) {
            unsigned any = 0;
            for (size_t i = 0; i < count; i++)
                any |= b[i];
            return any == 0;
        };
        if (out.info_bits)
            return none(out.info_bits + f * k, k);
        if (out.codewords)
            return none(out.codewords + f * n, n);
        return true;
    };
    size_t failed = 0;
    for (size_t f = 0; f < frames; f++) {
        if (!out.parity_ok[f] || !all_zero_decision(f)) {
            continue;
        }
        if (llrs8 ? zero_int8(llrs8 + f * n) : zero_float(llrs + f * n)) {
            out.parity_ok[f] = 0;
            failed++;
        }
    }
    if (failed > 0 && !g_zero_input_warned.exchange(true)) {
        std::clog << "gpufec: decoder (" << d.code().name() << ", precision "
                  << to_string(d.options().precision) << "): " << failed << " of "
                  << frames << " frames had fewer nonzero LLRs than the code's " << k
                  << " information bits"
                  << (bound > 0.0f
                          ? " once quantized (|LLR| < " + number(bound) + " becomes 0)"
                          : "")
                  << ": reported as failed (parity_ok 0). Scale the LLRs up (they "
                     "should be ln(P(b=0)/P(b=1)), e.g. 2y/sigma^2 for BPSK) or use "
                     "precision float32. (Said once.)"
                  << std::endl;
    }
}

} // namespace

llr_batch_shape decoder::batch_shape(const char* who) const
{
    llr_batch_shape s;
    s.who = who;
    s.per_frame = llrs_per_frame();
    s.unit = d_code ? "n" : "N * p";
    // a GF(q) decoder makes N * q symbol LLRs per frame
    s.work_per_frame =
        d_code ? s.per_frame : static_cast<size_t>(d_gfq_code->n()) * d_gfq_code->q();
    s.work_unit = d_code ? "n" : "N * q";
    s.code = d_code ? d_code->name() : d_gfq_code->name();
    return s;
}

void decoder::decode(const float* llrs,
                     size_t llr_count,
                     size_t frames,
                     const decode_output& out)
{
    check_llr_batch(batch_shape("decoder::decode"), llrs, llr_count, frames);

    // NaN means "no information": it becomes LLR 0. The caller's buffer is const and
    // NaNs are rare, so the batch is copied into a scratch buffer only when at least
    // one NaN is present; otherwise the backend reads the caller's buffer directly.
    // The CUDA kernels and the SIMD decoder's workers map NaN to 0 themselves as
    // they load the LLRs, so the scan (a serial pass over the whole batch on the
    // caller's core) is skipped for them.
    const float* input = llrs;
    std::vector<float> cleaned;
    const bool has_nan =
        !maps_nan_on_load() &&
        std::any_of(llrs, llrs + llr_count, [](float v) { return std::isnan(v); });
    if (has_nan) {
        cleaned.assign(llrs, llrs + llr_count);
        for (float& v : cleaned) {
            if (std::isnan(v)) {
                v = 0.0f;
            }
        }
        input = cleaned.data();
    }
    decode_checked(input, frames, out);
    fail_zero_frames(*this, llrs, nullptr, 0.0f, frames, out);
}

void decoder::decode(const int8_t* llrs,
                     size_t llr_count,
                     size_t frames,
                     float step,
                     const decode_output& out)
{
    check_llr_batch(batch_shape("decoder::decode(int8)"), llrs, llr_count, frames);
    if (!(step > 0.0f) || !std::isfinite(step)) {
        throw invalid_argument("decoder::decode(int8): step is " + number(step) +
                               "; it must be > 0 and finite");
    }
    decode_checked_int8(llrs, frames, step, out);
    fail_zero_frames(*this, nullptr, llrs, step, frames, out);
}

void decoder::decode_checked_int8(const int8_t* llrs,
                                  size_t frames,
                                  float step,
                                  const decode_output& out)
{
    const size_t count = frames * llrs_per_frame();
    std::vector<float> converted(count);
    for (size_t i = 0; i < count; i++) {
        converted[i] = static_cast<float>(llrs[i]) * step;
    }
    decode_checked(converted.data(), frames, out);
}

std::string describe_backends()
{
    std::ostringstream os;
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    os << "cpu: available (SIMD min-sum family: " << simd::best_protokernel().name
       << " kernels; nonbinary Min-Max check node: " << simd::nb_best_minmax_kernel().name
       << " kernels; float reference decoder for SPA; " << cores
       << " hardware threads)\n";
    if (!cuda_built()) {
        os << "cuda: not built (configured without nvcc or with ENABLE_CUDA=OFF)\n";
    } else {
        std::string why;
        if (cuda_available(&why)) {
            const std::vector<gpu_device> devices = list_cuda_devices();
            os << "cuda: available (" << devices.size() << " device(s):";
            for (const gpu_device& d : devices) {
                os << " [" << d.index << "] " << d.name << " sm_" << d.cc_major
                   << d.cc_minor;
            }
            os << "; layered and flooding, spa/ms/nms/oms/scms, float and half2)\n";
        } else {
            os << "cuda: built, no usable device (" << why << ")\n";
        }
    }
    return os.str();
}

} // namespace gpufec
