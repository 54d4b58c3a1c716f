/* -*- c++ -*- */
/*
 * sign_check: the stream pipeline's watch (stream_pipeline.h) for input in the opposite
 * sign convention. Fed gr-fec soft bits (positive means 1) with sign="positive_is_0", or
 * LLRs with sign="positive_is_1", a decoder fails every frame and says nothing: the hard
 * decision is near the complement of the codeword sent, whose syndrome is H times the
 * all-ones word: one on every check of odd degree. (Where every check has even degree the
 * complement is a codeword, passes, and no check can tell.)
 *
 * The rule: count consecutive frames that fail their parity checks (such a frame
 * has run the iteration maximum, since early termination stops only on a zero
 * syndrome). When the count reaches consecutive_failures, the block decodes one
 * of those frames again with its LLRs negated. If that passes parity, the input
 * has the wrong sign: the block warns once and the check stops for good. If it
 * fails too (a channel too noisy for the code, no signal yet), the count starts
 * again and the next try waits twice as long, so a run in which every frame fails
 * spends one extra frame decode after 50, 150, 350, ... frames. On the normal path
 * the check costs one byte compare per frame.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_STREAM_SIGN_CHECK_H
#define INCLUDED_GPUFEC_STREAM_SIGN_CHECK_H

#include <atomic>
#include <cstdint>
#include <string>

namespace gpufec {

class sign_check
{
public:
    /*! Consecutive failing frames before the first negated decode. */
    static constexpr uint64_t consecutive_failures = 50;

    /*!
     * Counts a batch's parity results (\p parity_ok: \p frames bytes, 0 = failed).
     * Returns the index of a failing frame to decode again with negated LLRs (then
     * call inverted_result()), or -1: nothing to do.
     */
    int count(const uint8_t* parity_ok, int frames)
    {
        if (d_warned.load(std::memory_order_relaxed)) {
            return -1;
        }
        int retry = -1;
        for (int f = 0; f < frames; f++) {
            if (parity_ok[f]) {
                d_run = 0;
            } else if (++d_run >= d_threshold) {
                retry = f;
                d_retry_run = d_run;
            }
        }
        return retry;
    }

    /*!
     * The outcome of the negated decode of the frame count() named. Returns true
     * when the block should warn now (once in its life).
     */
    bool inverted_result(bool parity_ok)
    {
        d_run = 0;
        if (parity_ok) {
            d_warned.store(true, std::memory_order_relaxed);
            return true;
        }
        d_threshold *= 2;
        return false;
    }

    /*! Whether the wrong-sign warning was given. Any thread. */
    bool warned() const { return d_warned.load(std::memory_order_relaxed); }

    /*!
     * The warning, for a block whose input factor is negative (sign
     * "positive_is_1") or not.
     */
    std::string message(bool positive_is_1) const;

private:
    uint64_t d_run = 0; // consecutive failing frames
    uint64_t d_threshold = consecutive_failures;
    uint64_t d_retry_run = 0; // the run that led to the last retry
    std::atomic<bool> d_warned{ false };
};

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_STREAM_SIGN_CHECK_H */
