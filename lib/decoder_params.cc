/* -*- c++ -*- */
/*
 * Parameters shared by gr-gpufec's blocks and FECAPI objects: the code of a spec
 * (binary or nonbinary), the core decoder options of either kind with the other
 * kind's options refused, input sign and scale (also from gr-fec's sigma). Every
 * message names the block.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "decoder_params.h"
#include <cmath>
#include <gpufec/decoder_option_parser.h>
#include <gpufec/device_info.h>
#include <gpufec/unused_options.h>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <volk/volk.h>

namespace gr {
namespace gpufec {

namespace {

std::string num(float v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

/*
 * The core options of the arguments, through the core's option table
 * (gpufec/decoder_option_parser.h): names parsed, "auto" resolved, the options
 * of the other kind of code refused unless at their defaults.
 */
::gpufec::decoder_options parsed_options(const decoder_args& a,
                                         const std::string& spec,
                                         bool nonbinary,
                                         const std::string& who)
{
    using ::gpufec::option_value;
    const ::gpufec::option_list given = {
        { "algorithm", a.algorithm },
        { "alpha", option_value(a.alpha) },
        { "beta", option_value(a.beta) },
        { "schedule", a.schedule },
        { "max_iterations", option_value(a.max_iterations) },
        { "early_termination", option_value(a.early_termination) },
        { "backend", a.backend },
        { "threads", option_value(a.threads) },
        { "ems_nm", option_value(a.ems_nm) },
        { "ems_offset", option_value(a.ems_offset) },
        { "ems_scale", option_value(a.ems_scale) },
        { "precision", a.precision },
        { "device", option_value(a.device) },
        { "fraction_bits", option_value(a.fraction_bits) },
        { "channel_max", option_value(a.channel_max) },
        { "c2v_max", option_value(a.c2v_max) },
    };
    ::gpufec::option_source source;
    source.who = who;
    return ::gpufec::parse_decoder_options(given,
                                           nonbinary ? ::gpufec::code_kind::nonbinary
                                                     : ::gpufec::code_kind::binary,
                                           spec,
                                           source);
}

/* Whether args.backend names `kind` (a bad name is refused later, by the core). */
bool backend_is(const decoder_args& args, ::gpufec::backend_kind kind)
{
    try {
        return ::gpufec::parse_backend(args.backend) == kind;
    } catch (const std::invalid_argument&) {
        return false;
    }
}

/* A binary code's precision \p p, refused where its backend has none. */
void binary_precision(const decoder_args& args,
                      ::gpufec::message_precision p,
                      const std::string& who)
{
    if (p == ::gpufec::message_precision::half2 &&
        backend_is(args, ::gpufec::backend_kind::cpu)) {
        throw std::invalid_argument(
            who + ": precision is 'half2', but backend is '" + args.backend +
            "'; half2 is a CUDA precision (the CPU backend offers float32, int16, "
            "int8 and auto)");
    }
    if ((p == ::gpufec::message_precision::int16 ||
         p == ::gpufec::message_precision::int8) &&
        backend_is(args, ::gpufec::backend_kind::cuda)) {
        throw std::invalid_argument(
            who + ": precision is '" + args.precision + "', but backend is '" +
            args.backend +
            "'; int16 and int8 are CPU precisions (the CUDA backend offers float32, "
            "half2 and auto)");
    }
}

/*
 * The fixed-point options: each within its range, and refused with a floating
 * precision given explicitly (they would be ignored).
 */
void fixed_options(const decoder_args& args,
                   ::gpufec::message_precision precision,
                   const std::string& who)
{
    const decoder_args defaults;
    const bool floating = precision == ::gpufec::message_precision::float32 ||
                          precision == ::gpufec::message_precision::half2;
    const struct {
        const char* name;
        int value;
        int fallback;
        const char* range;
    } given[] = {
        { "fraction_bits",
          args.fraction_bits,
          defaults.fraction_bits,
          "in [0, 12], or -1 for the precision's default" },
        { "channel_max",
          args.channel_max,
          defaults.channel_max,
          "in [1, 127] for int8 and [1, 32767] for int16, or 0 for the precision's "
          "default" },
        { "c2v_max",
          args.c2v_max,
          defaults.c2v_max,
          "in [1, 127] for int8 and [1, 32767] for int16, or 0 for the precision's "
          "default" },
    };
    for (const auto& g : given) {
        if (g.value == g.fallback) {
            continue;
        }
        if (floating) {
            throw std::invalid_argument(
                who + ": " + g.name + " is " + std::to_string(g.value) +
                ", but precision is '" + args.precision + "'; " + g.name +
                " applies to the fixed-point precisions int16 and int8 (and auto on "
                "the CPU backend): leave it at " +
                std::to_string(g.fallback) + " or choose one of those");
        }
        const int max = precision == ::gpufec::message_precision::int8 ? 127 : 32767;
        const bool bad = std::string(g.name) == "fraction_bits"
                             ? g.value < 0 || g.value > 12
                             : g.value < 1 || g.value > max;
        if (bad) {
            throw std::invalid_argument(who + ": " + g.name + " is " +
                                        std::to_string(g.value) + "; it must be " +
                                        g.range);
        }
    }
}

/*
 * device: >= 0; with backend cpu only 0 (the CPU has no devices); one that the
 * visible CUDA devices do not have is refused here for backend auto too, which
 * would otherwise fall back to the CPU (backend cuda refuses it in the core).
 */
void check_device(const decoder_args& args, const std::string& who)
{
    if (args.device < 0) {
        throw std::invalid_argument(who + ": device is " + std::to_string(args.device) +
                                    "; it must be a CUDA device index >= 0");
    }
    if (args.device == 0) {
        return;
    }
    if (backend_is(args, ::gpufec::backend_kind::cpu)) {
        throw std::invalid_argument(
            who + ": device is " + std::to_string(args.device) + ", but backend is '" +
            args.backend + "'; device applies to backend cuda and auto (leave it at 0)");
    }
    if (backend_is(args, ::gpufec::backend_kind::automatic)) {
        const size_t visible = ::gpufec::list_cuda_devices().size();
        if (visible > 0 && static_cast<size_t>(args.device) >= visible) {
            throw std::invalid_argument(
                who + ": device is " + std::to_string(args.device) + ", but only " +
                std::to_string(visible) +
                " CUDA device(s) are visible (indices from 0; gpufec-info lists them)");
        }
    }
}

} // namespace

std::string precision_name(::gpufec::message_precision precision)
{
    const std::string s = ::gpufec::to_string(precision);
    return s == "float" ? "float32" : s;
}

spec_code make_code(const std::string& spec, const std::string& who)
{
    if (spec.empty()) {
        throw std::invalid_argument(who + ": the code spec is empty; " +
                                    ::gpufec::ldpc_code::spec_forms() + "\n" +
                                    ::gpufec::nb_code::spec_forms());
    }
    spec_code code;
    try {
        if (::gpufec::nb_code::is_nb_spec(spec)) {
            code.nonbinary = ::gpufec::nb_code::make(spec);
            if (code.nonbinary->k() < 1) { // builds the encoder: rank problems fail here
                throw std::invalid_argument(
                    "the code has no information symbols (K = 0)");
            }
        } else {
            code.binary = ::gpufec::ldpc_code::make(spec);
            (void)code.binary->k(); // builds the encoder now: a singular H fails here
        }
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(who + ": code spec '" + spec + "': " + e.what());
    } catch (const std::runtime_error& e) { // file_format_error among others
        throw std::invalid_argument(who + ": code spec '" + spec + "': " + e.what());
    }
    return code;
}

::gpufec::decoder_options
binary_options(const decoder_args& args, const std::string& spec, const std::string& who)
{
    ::gpufec::decoder_options o = parsed_options(args, spec, false, who);
    binary_precision(args, o.precision, who);
    fixed_options(args, o.precision, who);
    check_device(args, who);
    try {
        ::gpufec::refuse_unused_options(
            o, args.precision, ::gpufec::option_spelling::field, "");
        o.validate();
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(who + ": " + e.what());
    }
    return o;
}

::gpufec::nb_decoder_options nonbinary_options(const decoder_args& args,
                                               const std::string& spec,
                                               const std::string& who)
{
    const ::gpufec::decoder_options parsed = parsed_options(args, spec, true, who);
    if (parsed.precision != ::gpufec::message_precision::automatic &&
        parsed.precision != ::gpufec::message_precision::float32) {
        throw std::invalid_argument(
            who + ": precision is '" + args.precision + "', but code spec '" + spec +
            "' is a nonbinary code; the nonbinary (GF(q)) decoders compute in float32 "
            "only: use precision auto or float32");
    }
    check_device(args, who);
    ::gpufec::nb_decoder_options o = ::gpufec::to_nb_decoder_options(parsed);
    try {
        o.validate();
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(who + ": " + e.what());
    }
    return o;
}

float input_factor(const std::string& sign, float llr_scale, const std::string& who)
{
    if (!std::isfinite(llr_scale) || llr_scale <= 0.0f) {
        throw std::invalid_argument(who + ": llr_scale is " + std::to_string(llr_scale) +
                                    "; it must be finite and > 0");
    }
    if (sign == "positive_is_0") {
        return llr_scale;
    }
    if (sign == "positive_is_1") {
        return -llr_scale;
    }
    throw std::invalid_argument(
        who + ": sign is '" + sign +
        "'; it must be 'positive_is_0' (LLR ln(P0/P1)) or 'positive_is_1' "
        "(gr-fec / GNU Radio soft decisions)");
}

float grfec_sigma_scale(float sigma, float llr_scale, const std::string& who)
{
    if (!std::isfinite(sigma) || sigma < 0.0f) {
        throw std::invalid_argument(who + ": sigma is " + num(sigma) +
                                    "; it must be finite and >= 0 (0: not used)");
    }
    if (sigma == 0.0f) {
        return llr_scale;
    }
    if (llr_scale != 1.0f) {
        throw std::invalid_argument(
            who + ": both sigma (" + num(sigma) + ") and llr_scale (" + num(llr_scale) +
            ") given; give one: sigma sets llr_scale = 1/(2 sigma^2), as gr-fec's "
            "ldpc_decoder computes its LLRs");
    }
    const double scale = 1.0 / (2.0 * static_cast<double>(sigma) * sigma);
    if (!(scale <= std::numeric_limits<float>::max())) {
        throw std::invalid_argument(who + ": sigma is " + num(sigma) +
                                    "; 1/(2 sigma^2) overflows a float");
    }
    return static_cast<float>(scale);
}

void scale_llrs(const float* in, size_t count, float factor, float* out)
{
    volk_32f_s32f_multiply_32f(out, in, factor, static_cast<unsigned int>(count));
}

void check_positive(int value, const char* name, const std::string& who)
{
    if (value < 1) {
        throw std::invalid_argument(who + ": " + name + " is " + std::to_string(value) +
                                    "; it must be >= 1");
    }
}

} // namespace gpufec
} // namespace gr
