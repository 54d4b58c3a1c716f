/* -*- c++ -*- */
/*
 * The argument checks of a decode call (batch_checks.h).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "decoders/batch_checks.h"
#include <gpufec/error.h>

#include <limits>

namespace gpufec {

void check_llr_batch(const llr_batch_shape& s,
                     const void* llrs,
                     size_t llr_count,
                     size_t frames)
{
    const std::string who = s.who;
    const std::string unit = s.unit;
    const std::string per = std::to_string(s.per_frame);
    if (llrs == nullptr) {
        throw invalid_argument(who + ": llrs is null (expected frames * " + unit + " = " +
                               std::to_string(frames) + " * " + per + " values)");
    }
    if (frames == 0) {
        throw invalid_argument(who + ": frames is 0; frames must be >= 1 (a frame is " +
                               per + " LLRs)");
    }
    if (frames > std::numeric_limits<size_t>::max() / s.work_per_frame) {
        throw invalid_argument(who + ": frames is " + std::to_string(frames) +
                               "; frames * " + s.work_unit + " overflows");
    }
    if (llr_count != frames * s.per_frame) {
        const std::string total = std::to_string(frames * s.per_frame);
        throw invalid_argument(
            who + ": llr_count is " + std::to_string(llr_count) + " but frames * " +
            unit + " = " + std::to_string(frames) + " * " + per + " = " + total +
            " (code " + s.code + "): " + std::to_string(llr_count) + " LLRs for " +
            std::to_string(frames) + " frames (expected " + total + s.hint + ")");
    }
}

} // namespace gpufec
