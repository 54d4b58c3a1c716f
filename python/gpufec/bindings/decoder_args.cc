/*
 * The decoder arguments of the Python API made into the core options of a
 * binary or a nonbinary code's decoder, the other kind's options refused unless
 * they keep their defaults; core refusals get the caller's name in front.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "decoder_args.h"
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <gpufec/error.h>
#include <gpufec/unused_options.h>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <type_traits>

namespace gpufec_python {

namespace {

template <typename T>
std::string num(T v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

std::string kind(bool nonbinary) { return nonbinary ? "nonbinary" : "binary"; }

/* Refuses an option of the other kind of code that does not keep its default. */
template <typename T>
void refuse_foreign(const char* option,
                    T value,
                    T default_value,
                    const std::string& spec,
                    bool nonbinary,
                    const std::string& who)
{
    if (value == default_value) {
        return;
    }
    gpufec::refuse_other_kind_option(option,
                                     num(value),
                                     num(default_value),
                                     spec,
                                     nonbinary,
                                     gpufec::option_spelling::field,
                                     who);
}

bool is_binary_rule(const std::string& name)
{
    try {
        gpufec::parse_check_node_rule(name);
        return true;
    } catch (const std::invalid_argument&) {
        return false;
    }
}

/* The algorithm for a code of this kind: "auto" resolved, the other kind refused. */
std::string algorithm_for(const std::string& algorithm,
                          const std::string& spec,
                          bool nonbinary,
                          const std::string& who)
{
    if (algorithm == "auto") {
        return nonbinary ? "minmax" : "nms";
    }
    if (nonbinary ? is_binary_rule(algorithm) : gpufec::is_nb_check_rule(algorithm)) {
        throw gpufec::invalid_argument(
            who + ": algorithm '" + algorithm + "' is a " + kind(!nonbinary) +
            " check-node rule, but code '" + spec + "' is a " + kind(nonbinary) +
            " code; use " + (nonbinary ? "minmax, ems" : "spa, ms, nms, oms, scms") +
            " or auto");
    }
    return algorithm;
}

/* Runs fill(), giving its refusals the caller's name. */
template <typename Fill>
void named(const std::string& who, Fill fill)
{
    try {
        fill();
    } catch (const std::invalid_argument& e) {
        throw gpufec::invalid_argument(who + ": " + e.what());
    }
}

/*
 * The CUDA device, for either kind of code: passed to the core's gpu.device,
 * which refuses a negative one (and backend cuda one the machine lacks); refused
 * with backend cpu, which the core ignores it for, unless it keeps its default
 * (gpufec::refuse_unused_options's words).
 */
int device_of(const decoder_args& a, gpufec::backend_kind backend)
{
    if (a.device > 0 && backend == gpufec::backend_kind::cpu) {
        gpufec::decoder_options o;
        o.backend = backend;
        o.gpu.device = a.device;
        gpufec::refuse_unused_options(o, a.precision, gpufec::option_spelling::field, "");
    }
    return a.device;
}

/* The options of both kinds of decoder (the fields have the same names); the
   caller names its refusals. */
template <typename Options>
void set_common(Options& o, const decoder_args& a)
{
    o.schedule = gpufec::parse_schedule(a.schedule);
    // -1: the code's default (binary: resolved when the decoder is made; GF(q): 10)
    o.max_iterations = a.max_iterations;
    if constexpr (std::is_same_v<Options, gpufec::nb_decoder_options>)
        if (a.max_iterations == -1)
            o.max_iterations = 10;
    o.early_termination = a.early_termination;
    o.backend = gpufec::parse_backend(a.backend);
    o.threads = a.threads;
    o.precision = gpufec::parse_precision(a.precision);
    o.gpu.device = device_of(a, o.backend);
}

} // namespace

std::string precision_name(gpufec::message_precision precision)
{
    const std::string s = gpufec::to_string(precision);
    return s == "float" ? "float32" : s;
}

float single_of(double v, const char* name, const std::string& who)
{
    const double a = std::fabs(v);
    if (std::isfinite(v) && (a > std::numeric_limits<float>::max() ||
                             (a > 0.0 && a < std::numeric_limits<float>::min()))) {
        throw gpufec::invalid_argument(who + ": " + name + " is " + num(v) +
                                       ", outside the range of a 32-bit float (a "
                                       "magnitude of 1.2e-38 to 3.4e38, or 0): it "
                                       "would be taken as " +
                                       (a > 1.0 ? "infinity" : "0"));
    }
    return static_cast<float>(v);
}

double python_float(float v)
{
    char text[64];
    const auto r = std::to_chars(text, text + sizeof(text) - 1, v);
    *r.ptr = '\0';
    return std::strtod(text, nullptr);
}

gpufec::decoder_options
binary_options(const decoder_args& a, const std::string& spec, const std::string& who)
{
    const decoder_args d;
    refuse_foreign("ems_nm", a.ems_nm, d.ems_nm, spec, false, who);
    refuse_foreign("ems_offset", a.ems_offset, d.ems_offset, spec, false, who);
    refuse_foreign("ems_scale", a.ems_scale, d.ems_scale, spec, false, who);
    gpufec::decoder_options o;
    const std::string algorithm = algorithm_for(a.algorithm, spec, false, who);
    named(who, [&] {
        o.rule = gpufec::parse_check_node_rule(algorithm);
        o.alpha = a.alpha;
        o.beta = a.beta;
        set_common(o, a);
    });
    o.fixed.fraction_bits = a.fraction_bits;
    o.fixed.channel_max = a.channel_max;
    o.fixed.c2v_max = a.c2v_max;
    gpufec::refuse_unused_options(o, a.precision, gpufec::option_spelling::field, who);
    named(who, [&] { o.validate(); });
    return o;
}

gpufec::nb_decoder_options
nonbinary_options(const decoder_args& a, const std::string& spec, const std::string& who)
{
    const decoder_args d;
    refuse_foreign("alpha", a.alpha, d.alpha, spec, true, who);
    refuse_foreign("beta", a.beta, d.beta, spec, true, who);
    refuse_foreign("fraction_bits", a.fraction_bits, d.fraction_bits, spec, true, who);
    refuse_foreign("channel_max", a.channel_max, d.channel_max, spec, true, who);
    refuse_foreign("c2v_max", a.c2v_max, d.c2v_max, spec, true, who);
    gpufec::nb_decoder_options o;
    const std::string algorithm = algorithm_for(a.algorithm, spec, true, who);
    named(who, [&] {
        o.rule = gpufec::parse_nb_check_rule(algorithm);
        o.ems_nm = a.ems_nm;
        o.ems_offset = a.ems_offset;
        o.ems_scale = a.ems_scale;
        set_common(o, a);
    });
    named(who, [&] { o.validate(); });
    return o;
}

} // namespace gpufec_python
