/* -*- c++ -*- */
/*
 * The blocks' input sign and scale (also from gr-fec's sigma) and the check of
 * their frame counts (input_convention.h).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "input_convention.h"
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

std::string num(float v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

} // namespace

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

void check_positive(int value, const char* name, const std::string& who)
{
    if (value < 1) {
        throw std::invalid_argument(who + ": " + name + " is " + std::to_string(value) +
                                    "; it must be >= 1");
    }
}

} // namespace gpufec
} // namespace gr
