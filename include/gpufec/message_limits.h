/* -*- c++ -*- */
/*
 * The magnitudes the float decoders (CPU reference, CUDA) bound their values to,
 * written once for both.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_MESSAGE_LIMITS_H
#define INCLUDED_GPUFEC_MESSAGE_LIMITS_H

namespace gpufec {
namespace message_limits {

/*!
 * Channel LLRs and variable-to-check messages are clamped to +-llr (and the empty
 * box-plus of a degree-1 row, certainty, is llr), so nothing overflows however
 * many iterations run.
 */
constexpr float llr = 1.0e6f;

/*!
 * SPA check-to-variable magnitudes are clamped to spa_c2v = 2 atanh(1 - 2^-23),
 * the largest magnitude the tanh rule represents in float (the bound AFF3CT's
 * float SPA has by construction). With the exact box-plus unbounded, or bounded
 * at 30, layered SPA on wimax:2304:1/2 flattens into an error floor that min-sum
 * has not (docs/VALIDATION.md "SPA": the measurements and the mechanism).
 */
constexpr float spa_c2v = 16.6355f;

} // namespace message_limits
} // namespace gpufec

#endif
