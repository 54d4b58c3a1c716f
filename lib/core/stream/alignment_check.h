/* -*- c++ -*- */
/*
 * alignment_check: the stream pipeline's watch (stream_pipeline.h) for frames
 * that are not where the stream puts them. A block upstream that delays the
 * stream, or drops values from it (GNU Radio's channels.channel_model drops its
 * first 3 output samples with its default parameters), shifts every frame; the
 * decoder then decides wrong bits, and the QC codes of the standards are close
 * to shift-invariant, so about half of the shifted frames still pass their
 * parity checks: neither parity_ok nor the sign check can tell.
 *
 * The rule, for a binary code without punctured columns: for each shift s from
 * -max_shift to max_shift, take the hard decisions of the frame's worth of
 * values that starts s values after the start of each of a batch's frames 1 ..
 * frames_examined (fewer for a long code), and count the parity checks they
 * fail (either polarity, so a wrong sign convention is not taken for a shift).
 * Where the frames are aligned s = 0 fails the fewest. Where a shift s != 0
 * fails the fewest, and fewer than s = 0 by more than six standard deviations
 * of a count (6 sqrt(the count at 0): pure noise, whose counts are near half
 * the checks at every shift, does not get there), the frames start s values
 * late (or -s early): the pipeline warns once, naming s and the values to drop
 * before the decoder. A batch of 3 frames or more is examined at stream start
 * and then after examine_interval frames, twice as many after each later
 * examination (so that a stream without a verdict, near the code's threshold,
 * costs a vanishing share of the decoding), until the warning is given or
 * eight examinations with a signal (s = 0 the fewest, under a quarter of the
 * checks) found the frames aligned.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_STREAM_ALIGNMENT_CHECK_H
#define INCLUDED_GPUFEC_STREAM_ALIGNMENT_CHECK_H

#include <cstddef>
#include <cstdint>
#include <gpufec/ldpc_code.h>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace gpufec {

class alignment_check
{
public:
    /*! Shifts tried: -max_shift .. max_shift values (at most N - 1 either way). */
    static constexpr int max_shift = 32;
    /*! Frames between the first two examinations; doubled after each. */
    static constexpr uint64_t examine_interval = 4096;
    /*! Frames of a batch whose counts are summed, at most ... */
    static constexpr size_t frames_examined = 8;
    /*! ... and no more than this many edges of H allow (at least one). */
    static constexpr size_t edges_examined = size_t(1) << 16;

    /*! A check of `code`'s frames, or null where it cannot tell (punctured columns). */
    static std::unique_ptr<alignment_check> make(const ldpc_code& code);

    /*!
     * Counts a batch of `frames` frames of N converted values (positive means bit
     * 0; int8 when `int8`, else float) and examines it when one is due. Returns
     * the shift s != 0 the frames appear to start at (s > 0: s values late; s < 0:
     * -s values early), once (then message()), or 0.
     */
    int count(const uint8_t* batch, size_t frames, bool int8);

    /*! The warning for shift s. */
    std::string message(int shift) const;

private:
    explicit alignment_check(const ldpc_code& code);
    /*!
     * Parity checks failed by the hard decisions of the N values from `values`,
     * and by their complement.
     */
    std::pair<int, int> failed_checks(const uint8_t* values, bool int8) const;

    const parity_check_matrix& d_h;
    std::vector<int> d_input_of_col; //!< H column -> input index
    int d_n = 0;
    uint64_t d_frames = 0, d_next = 0, d_interval = examine_interval;
    int d_aligned = 0; //!< examinations that found the frames aligned
    bool d_done = false;
    long d_failed_at_0 = 0, d_failed_at_shift = 0, d_checks = 0;
    mutable std::vector<uint8_t> d_hard;
};

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_STREAM_ALIGNMENT_CHECK_H */
