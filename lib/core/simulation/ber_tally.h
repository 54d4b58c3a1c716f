/* -*- c++ -*- */
/*
 * The simulator's bookkeeping above the per-frame count (internal to libgpufec,
 * used by ber_simulator and split_ber_simulator): a point's counts merged part by
 * part in frame order with its stop rules applied exactly (a part is cut at the
 * frame error that meets the error rule, through its frame_error_marks), rates and
 * intervals of a point, the progress record with its time estimate, and the
 * sweep over the Eb/N0 points (resume, stop_fer).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BER_TALLY_H
#define INCLUDED_GPUFEC_BER_TALLY_H

#include <gpufec/ber_simulator.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace gpufec {

/*!
 * sum + more for bit_errors_sq; throws std::overflow_error (naming the field)
 * where it would wrap.
 */
uint64_t add_bit_errors_sq(uint64_t sum, uint64_t more);

/*!
 * Fills a point's rates from its counts: ber, fer, ser, avg_iterations,
 * info_throughput_bps (decoded frames times the information bits per frame over
 * decode_seconds, times `parallel` decoders working at once), fer_ci and ber_ci.
 */
void finalize_point(ber_point& p, double parallel = 1.0);

/*! The count rule (frame errors, frames) a point meets under o, or none. */
stop_reason count_rule_met(const ber_options& o, const ber_point& p);

/*! Adds b's counts to a's (b's frames follow a's); first_frame stays a's. */
void add_counts(ber_point& a, const ber_point& b);

/*!
 * A point's counts, part after part in frame order, and its stop rules. Each part
 * must start at next_frame() and have run with an error budget of at least
 * errors_left(), so that its marks reach the frame error that meets the rule.
 */
class ber_tally
{
public:
    /*! previous: the counts of an earlier run to continue (resume), or null. */
    ber_tally(const ber_options& rules,
              double ebn0_db,
              bool nonbinary,
              const ber_point* previous = nullptr);

    uint64_t next_frame() const { return d_p.first_frame + d_p.frames; }
    /*! Frames left before max_frames. */
    uint64_t frames_left() const;
    /*! Frame errors left before min_frame_errors; 0 when there is no such rule. */
    uint64_t errors_left() const;
    bool done() const { return d_p.stopped_by != stop_reason::none; }

    /*!
     * Adds a part: whole, or cut at the frame that meets a count rule; a part that
     * ended by time or interruption ends the point the same way. Its decoding work
     * (decoded_frames, decode_seconds) counts whole. Returns done().
     */
    bool add(const ber_part& part);

    /*! Ends the point at the present boundary (max_seconds, interrupted). */
    void stop(stop_reason why);

    /*! The point so far, finalized, with `seconds` of wall time added to the earlier
     * run's. */
    ber_point point(double seconds, double parallel = 1.0) const;

private:
    const ber_options& d_o;
    ber_point d_p;
    double d_previous_seconds = 0.0;
};

/*! Internal: one point's progress record (ber_progress) from its counts so far. */
ber_progress make_progress(const ber_options& rules,
                           const ber_point& so_far,
                           uint64_t frames_this_run,
                           double seconds_this_run,
                           size_t index,
                           size_t points);

/*!
 * Runs a sweep: for each Eb/N0 of o, keeps a point of `previous` that already meets
 * the count rules, else calls run_point(ebn0, previous point or null, index); calls
 * on_point after each; ends after an interrupted point or one whose FER is below
 * o.stop_fer. Throws gpufec::invalid_argument for a previous point that started at
 * another first_frame.
 */
std::vector<ber_point>
run_sweep(const ber_options& o,
          const std::vector<ber_point>& previous,
          const std::function<ber_point(double, const ber_point*, size_t)>& run_point,
          const std::function<void(const ber_point&)>& on_point);

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_BER_TALLY_H */
