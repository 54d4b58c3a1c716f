/* -*- c++ -*- */
/*
 * Parameters shared by gr-gpufec's blocks and FECAPI objects: code and decoder
 * construction with messages that name the block, input sign and scale (also
 * from gr-fec's sigma).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "decoder_params.h"
#include <cmath>
#include <gpufec/error.h>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <volk/volk.h>

namespace gr {
namespace gpufec {

::gpufec::ldpc_code::sptr make_code(const std::string& spec, const std::string& who)
{
    if (spec.empty()) {
        throw std::invalid_argument(who + ": the code spec is empty; valid forms: " +
                                    ::gpufec::ldpc_code::spec_forms());
    }
    try {
        auto code = ::gpufec::ldpc_code::make(spec);
        (void)code->k(); // builds the encoder now: a singular H fails here, not later
        return code;
    } catch (const ::gpufec::file_format_error& e) {
        throw std::invalid_argument(who + ": code spec '" + spec + "': " + e.what());
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(who + ": code spec '" + spec + "': " + e.what());
    } catch (const std::runtime_error& e) {
        throw std::invalid_argument(who + ": code spec '" + spec + "': " + e.what());
    }
}

::gpufec::decoder::uptr make_decoder(::gpufec::ldpc_code::sptr code,
                                     const decoder_args& args,
                                     const std::string& who)
{
    ::gpufec::decoder_options o;
    try {
        o.rule = ::gpufec::parse_check_node_rule(args.algorithm);
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
    try {
        return ::gpufec::decoder::make(std::move(code), o);
    } catch (const ::gpufec::backend_unavailable& e) {
        throw ::gpufec::backend_unavailable(who + ": backend '" + args.backend +
                                            "': " + e.what());
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(who + ": " + e.what());
    }
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

namespace {
std::string num(float v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}
} // namespace

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
