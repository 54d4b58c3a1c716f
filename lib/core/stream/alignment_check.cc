/* -*- c++ -*- */
/*
 * alignment_check: the examination of a batch at shifts and the warning
 * (alignment_check.h).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stream/alignment_check.h"
#include <algorithm>
#include <cmath>

namespace gpufec {

std::unique_ptr<alignment_check> alignment_check::make(const ldpc_code& code)
{
    if (!code.punctured_columns().empty() || code.n() < 2 || code.h().rows() == 0) {
        return nullptr;
    }
    return std::unique_ptr<alignment_check>(new alignment_check(code));
}

alignment_check::alignment_check(const ldpc_code& code)
    : d_h(code.h()), d_input_of_col(static_cast<size_t>(code.n_full()), 0), d_n(code.n())
{
    const std::vector<int>& tx = code.transmitted_columns();
    for (size_t i = 0; i < tx.size(); i++) {
        d_input_of_col[static_cast<size_t>(tx[i])] = static_cast<int>(i);
    }
}

std::pair<int, int> alignment_check::failed_checks(const uint8_t* values, bool int8) const
{
    d_hard.resize(static_cast<size_t>(d_n));
    for (int i = 0; i < d_n; i++) {
        const float v =
            int8 ? static_cast<float>(reinterpret_cast<const int8_t*>(values)[i])
                 : reinterpret_cast<const float*>(values)[i];
        d_hard[static_cast<size_t>(i)] = v < 0.0f ? 1 : 0;
    }
    const std::vector<int>& ptr = d_h.row_ptr();
    const std::vector<int>& cols = d_h.row_cols();
    int failed = 0, failed_complement = 0;
    for (int r = 0; r < d_h.rows(); r++) {
        uint8_t x = 0;
        for (int e = ptr[r]; e < ptr[r + 1]; e++) {
            x ^=
                d_hard[static_cast<size_t>(d_input_of_col[static_cast<size_t>(cols[e])])];
        }
        failed += x;
        // the complement flips the parity of a check of odd degree
        failed_complement += x ^ static_cast<uint8_t>((ptr[r + 1] - ptr[r]) & 1);
    }
    return { failed, failed_complement };
}

int alignment_check::count(const uint8_t* batch, size_t frames, bool int8)
{
    if (d_done) {
        return 0;
    }
    const uint64_t first = d_frames;
    d_frames += frames;
    if (first < d_next || frames < 3) {
        return 0; // not due, or no room for shifted frames in this batch
    }
    d_next = first + d_interval;
    d_interval *= 2;
    const int shifts = std::min(max_shift, d_n - 1);
    // frames 1 .. sampled, whose windows shifted either way lie within the batch
    // (as many as edges_examined allows, at least one)
    const size_t budget = std::max<size_t>(1, edges_examined / d_h.edges());
    const int sampled =
        static_cast<int>(std::min({ frames - 2, frames_examined, budget }));
    const long value_bytes = int8 ? 1 : static_cast<long>(sizeof(float));
    // failed checks at shift s, summed over the sampled frames, either polarity
    auto failed = [&](int s) {
        long plain = 0, negated = 0;
        for (int f = 1; f <= sampled; f++) {
            const uint8_t* window =
                batch + (static_cast<long>(f) * d_n + s) * value_bytes;
            const std::pair<int, int> c = failed_checks(window, int8);
            plain += c.first;
            negated += c.second;
        }
        return std::min(plain, negated);
    };
    const long at_0 = failed(0);
    int best = 0;
    long best_failed = at_0;
    for (int s = -shifts; s <= shifts; s++) {
        if (s == 0) {
            continue;
        }
        const long f = failed(s);
        if (f < best_failed) {
            best = s;
            best_failed = f;
        }
    }
    const long checks = static_cast<long>(d_h.rows()) * sampled;
    if (best == 0) {
        // aligned where there is a signal (random decisions fail half the checks)
        if (4 * at_0 < checks && ++d_aligned >= 8) {
            d_done = true;
        }
        return 0;
    }
    // a later start that fails clearly fewer checks: beyond 6 standard deviations
    // of a count of at_0 (and of the minimum over the shifts of pure noise)
    const double margin = 6.0 * std::sqrt(static_cast<double>(at_0));
    if (static_cast<double>(best_failed) > static_cast<double>(at_0) - margin) {
        return 0;
    }
    d_done = true;
    d_failed_at_0 = at_0;
    d_failed_at_shift = best_failed;
    d_checks = checks;
    return best;
}

std::string alignment_check::message(int shift) const
{
    auto values = [](long v) {
        return std::to_string(v) + (v == 1 ? " value" : " values");
    };
    const std::string where =
        values(std::abs(shift)) + (shift > 0 ? " later" : " earlier");
    // what to drop before the decoder so that a frame starts where it takes one
    const long drop = shift > 0 ? shift : d_n + shift;
    return "the frames appear to start " + where +
           " in the stream than this block takes them: the hard decisions of a "
           "batch's frames fail " +
           std::to_string(d_failed_at_0) + " of their " + std::to_string(d_checks) +
           " parity checks where the block takes them, " +
           std::to_string(d_failed_at_shift) + " when taken " + where +
           ". A block upstream shifts the stream (GNU Radio's channels.channel_model "
           "drops its first 3 output samples with its default parameters): drop " +
           values(drop) +
           " before the decoder (blocks.skiphead), or align the stream to its "
           "frames. (Said once.)";
}

} // namespace gpufec
