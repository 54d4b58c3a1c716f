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
#include <gpufec/decoder_option_parser.h>
#include <gpufec/error.h>
#include <gpufec/unused_options.h>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace gpufec_python {

namespace {

template <typename T>
std::string num(T v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

/*
 * The core options of the arguments, through the core's option table
 * (gpufec/decoder_option_parser.h): names parsed, "auto" resolved, the options
 * of the other kind of code refused unless at their defaults, every refusal
 * starting with `who`.
 */
gpufec::decoder_options parsed_options(const decoder_args& a,
                                       const std::string& spec,
                                       bool nonbinary,
                                       const std::string& who)
{
    using gpufec::option_value;
    const gpufec::option_list given = {
        { "algorithm", a.algorithm },
        { "alpha", option_value(a.alpha) },
        { "beta", option_value(a.beta) },
        { "schedule", a.schedule },
        { "max_iterations", option_value(a.max_iterations) },
        { "early_termination", option_value(a.early_termination) },
        { "backend", a.backend },
        { "threads", option_value(a.threads) },
        { "precision", a.precision },
        { "fraction_bits", option_value(a.fraction_bits) },
        { "channel_max", option_value(a.channel_max) },
        { "c2v_max", option_value(a.c2v_max) },
        { "device", option_value(a.device) },
        { "ems_nm", option_value(a.ems_nm) },
        { "ems_offset", option_value(a.ems_offset) },
        { "ems_scale", option_value(a.ems_scale) },
    };
    gpufec::option_source source;
    source.who = who;
    return gpufec::parse_decoder_options(given,
                                         nonbinary ? gpufec::code_kind::nonbinary
                                                   : gpufec::code_kind::binary,
                                         spec,
                                         source);
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
    const gpufec::decoder_options o = parsed_options(a, spec, false, who);
    gpufec::refuse_unused_options(o, a.precision, gpufec::option_spelling::field, who);
    named(who, [&] { o.validate(); });
    return o;
}

gpufec::nb_decoder_options
nonbinary_options(const decoder_args& a, const std::string& spec, const std::string& who)
{
    const gpufec::decoder_options parsed = parsed_options(a, spec, true, who);
    // the binary-only options are at their defaults here: what is left to refuse
    // is a device with backend cpu
    gpufec::refuse_unused_options(
        parsed, a.precision, gpufec::option_spelling::field, who);
    const gpufec::nb_decoder_options o = gpufec::to_nb_decoder_options(parsed);
    named(who, [&] { o.validate(); });
    return o;
}

} // namespace gpufec_python
