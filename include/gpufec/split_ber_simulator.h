/* -*- c++ -*- */
/*
 * One BER/FER sweep over several workers (ber_simulators: one per GPU, or any
 * decoders) and, through a part_exchange (MPI in gpufec-ber), several processes,
 * with the counts of a single ber_simulator for the same options, whatever stop
 * rule ends a point.
 *
 * How: a point runs in rounds. A round takes the next R frames of the point,
 * splits them into contiguous ranges (split_frames), process by process and then
 * worker by worker, and each worker runs its range (ber_simulator::run_part) with
 * the point's remaining error budget. The parts, gathered in frame order, are
 * merged by one tally that applies the stop rules frame by frame: a part is cut
 * at the frame error that meets min_frame_errors (its frame-error marks give the
 * running sums there), and frames past it are discarded, so the point counts
 * exactly the frames a single simulator counts. max_frames falls on a round's end
 * (rounds never pass it); max_seconds and an interruption end a point at a round
 * boundary. Every process merges the same parts, so all reach the same decisions.
 * Work past the stopping frame is at most one round. R starts at one batch per
 * worker and doubles after each round that took every process less than 0.125 s
 * (up to 2^20 batches), so a round's end (pipelines drained, parts merged) costs
 * little beside the round.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SPLIT_BER_SIMULATOR_H
#define INCLUDED_GPUFEC_SPLIT_BER_SIMULATOR_H

#include <gpufec/api.h>
#include <gpufec/ber_simulator.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace gpufec {

/*!
 * [first, first + count) split into `parts` contiguous ranges, in order, as
 * (first frame, frames) pairs whose sizes differ by at most one (the earlier ones
 * larger). Throws gpufec::invalid_argument for parts == 0.
 */
GPUFEC_API std::vector<std::pair<uint64_t, uint64_t>>
split_frames(uint64_t first, uint64_t count, size_t parts);

/*!
 * Moves the parts of a round between processes. Every call is collective: each
 * process calls it in the same order.
 */
class GPUFEC_API part_exchange
{
public:
    virtual ~part_exchange() = default;
    /*! This process, in [0, size()). */
    virtual int rank() const = 0;
    /*! The number of processes. */
    virtual int size() const = 0;
    /*!
     * Every process's parts, process 0's first, each process's in its order.
     * flags: this process's in, the OR over all processes out.
     */
    virtual std::vector<ber_part> all_parts(const std::vector<ber_part>& mine,
                                            unsigned& flags) = 0;
    /*! The largest value over all processes. */
    virtual uint64_t max_over_processes(uint64_t value) = 0;
};

class GPUFEC_API split_ber_simulator
{
public:
    using point_callback = ber_simulator::point_callback;
    using progress_callback = ber_simulator::progress_callback;

    /*!
     * workers: one or more simulators of the same code with the same options
     * (seed, decoder, stop rules; each may have its own device or threads): the
     * first one's options rule the sweep. exchange: the other processes, or null
     * for this one alone. Throws gpufec::invalid_argument for no worker, a null
     * one, workers of different codes, or more workers in all (over every
     * process) than options().max_frames.
     */
    explicit split_ber_simulator(std::vector<std::unique_ptr<ber_simulator>> workers,
                                 std::shared_ptr<part_exchange> exchange = nullptr);
    ~split_ber_simulator();

    /*! Simulates the sweep as ber_simulator::run does (resume, stop_fer, callbacks). */
    std::vector<ber_point> run(const point_callback& on_point = point_callback(),
                               const std::vector<ber_point>& previous = {});

    /*! One point, continuing `previous` (or from first_frame when null). */
    ber_point run_point(double ebn0_db, const ber_point* previous = nullptr);

    /*!
     * Progress after each round (at most once per interval_seconds): the merged
     * counts; returning false ends the point at the next round boundary (every
     * process then stops).
     */
    void set_progress_callback(progress_callback callback,
                               double interval_seconds = 0.25);

    const ber_options& options() const;
    /*! Workers of this process. */
    size_t workers() const { return d_workers.size(); }
    /*! Workers over all processes. */
    uint64_t total_workers() const { return d_total_workers; }
    ber_simulator& worker(size_t i) { return *d_workers.at(i); }

private:
    ber_point run_point_at(double ebn0_db, const ber_point* previous, size_t index);

    std::vector<std::unique_ptr<ber_simulator>> d_workers;
    std::shared_ptr<part_exchange> d_exchange;
    uint64_t d_total_workers = 1;
    uint64_t d_batch = 64; //!< largest batch of any worker, over all processes
    progress_callback d_progress;
    double d_progress_interval = 0.25;
};

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_SPLIT_BER_SIMULATOR_H */
