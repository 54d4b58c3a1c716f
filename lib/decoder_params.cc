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

/* Refuses an option of the other kind of code that is not at its default. */
void refuse_foreign(bool given,
                    const std::string& option,
                    float value,
                    const std::string& spec,
                    bool spec_is_nonbinary,
                    const std::string& who)
{
    if (!given) {
        return;
    }
    const std::string kind = spec_is_nonbinary ? "nonbinary" : "binary";
    const std::string other = spec_is_nonbinary ? "binary" : "nonbinary";
    throw std::invalid_argument(who + ": " + option + " is " + num(value) +
                                ", but code spec '" + spec + "' is a " + kind +
                                " code; " + option + " applies to " + other +
                                " codes only (leave it at its default)");
}

/* The algorithm for a code of this kind: "auto" resolved, the other kind refused. */
std::string resolve_algorithm(const std::string& algorithm,
                              const std::string& spec,
                              bool nonbinary,
                              const std::string& who)
{
    if (algorithm == "auto") {
        return nonbinary ? "minmax" : "nms";
    }
    bool foreign = false;
    if (nonbinary) {
        try {
            ::gpufec::parse_check_node_rule(algorithm);
            foreign = true;
        } catch (const std::invalid_argument&) {
        }
    } else {
        foreign = ::gpufec::is_nb_check_rule(algorithm);
    }
    if (foreign) {
        throw std::invalid_argument(
            who + ": algorithm '" + algorithm + "' is a " +
            (nonbinary ? "binary" : "nonbinary") + " check-node rule, but code spec '" +
            spec + "' is a " + (nonbinary ? "nonbinary" : "binary") + " code; use " +
            (nonbinary ? "minmax, ems" : "spa, ms, nms, oms, scms") + " or auto");
    }
    return algorithm;
}

} // namespace

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
    const decoder_args defaults;
    refuse_foreign(
        args.ems_nm != defaults.ems_nm, "ems_nm", args.ems_nm, spec, false, who);
    refuse_foreign(args.ems_offset != defaults.ems_offset,
                   "ems_offset",
                   args.ems_offset,
                   spec,
                   false,
                   who);
    refuse_foreign(args.ems_scale != defaults.ems_scale,
                   "ems_scale",
                   args.ems_scale,
                   spec,
                   false,
                   who);
    ::gpufec::decoder_options o;
    const std::string algorithm = resolve_algorithm(args.algorithm, spec, false, who);
    try {
        o.rule = ::gpufec::parse_check_node_rule(algorithm);
        o.alpha = args.alpha;
        o.beta = args.beta;
        o.schedule = ::gpufec::parse_schedule(args.schedule);
        o.max_iterations = args.max_iterations;
        o.early_termination = args.early_termination;
        o.backend = ::gpufec::parse_backend(args.backend);
        o.threads = args.threads;
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
    refuse_foreign(
        args.alpha != ::gpufec::family_default, "alpha", args.alpha, spec, true, who);
    refuse_foreign(
        args.beta != ::gpufec::family_default, "beta", args.beta, spec, true, who);
    ::gpufec::nb_decoder_options o;
    const std::string algorithm = resolve_algorithm(args.algorithm, spec, true, who);
    try {
        o.rule = ::gpufec::parse_nb_check_rule(algorithm);
        o.schedule = ::gpufec::parse_schedule(args.schedule);
        o.max_iterations = args.max_iterations;
        o.early_termination = args.early_termination;
        o.backend = ::gpufec::parse_backend(args.backend);
        o.threads = args.threads;
        o.ems_nm = args.ems_nm;
        o.ems_offset = args.ems_offset;
        o.ems_scale = args.ems_scale;
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
