/* -*- c++ -*- */
/*
 * The input convention of gr-gpufec's blocks and FECAPI objects, a GNU Radio
 * layer concept the core does not have: the sign and scale with which a block's
 * input x becomes the core's bit LLR L = ln(P(0)/P(1)) (positive means bit 0),
 * given as a sign name and llr_scale, or as gr-fec's sigma; and the check of the
 * blocks' frame-count arguments. Every refusal names the block and the parameter.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_INPUT_CONVENTION_H
#define INCLUDED_GR_GPUFEC_INPUT_CONVENTION_H

#include <string>

namespace gr {
namespace gpufec {

/*!
 * The factor f with which input x becomes the core's LLR f * x: +llr_scale for
 * sign "positive_is_0", -llr_scale for "positive_is_1". Throws
 * std::invalid_argument for another sign or a scale that is not finite and > 0.
 */
float input_factor(const std::string& sign, float llr_scale, const std::string& who);

/*!
 * The llr_scale of gr-fec's `sigma` (fec.ldpc_decoder: its SPA takes the LLR
 * x / (2 sigma^2) of input x): 1 / (2 sigma^2) when sigma > 0, else llr_scale
 * unchanged. Throws std::invalid_argument for a negative or non-finite sigma, a
 * sigma so small that the scale overflows, or sigma > 0 with llr_scale not 1.
 */
float grfec_sigma_scale(float sigma, float llr_scale, const std::string& who);

/*! Throws std::invalid_argument("who: name is v; it must be >= 1"). */
void check_positive(int value, const char* name, const std::string& who);

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_INPUT_CONVENTION_H */
