/* -*- c++ -*- */
/*
 * A BER/FER sweep split over workers and processes in rounds of contiguous frame
 * ranges, merged exactly in frame order (see include/gpufec/split_ber_simulator.h).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "parallel/run_parallel.h"
#include "simulation/ber_tally.h"
#include <gpufec/error.h>
#include <gpufec/split_ber_simulator.h>

#include <algorithm>
#include <chrono>
#include <cmath>

namespace gpufec {

namespace {

using clock_type = std::chrono::steady_clock;

constexpr unsigned flag_time_up = 1;
constexpr unsigned flag_interrupt = 2;
constexpr unsigned flag_round_long = 4; //!< a process's round took round_seconds

/*
 * A worker's range starts at one batch and doubles after each round that took
 * every process less than round_seconds, up to 2^max_round_doublings batches:
 * rounds end between round_seconds and twice that, long beside the cost of a
 * round's end (the pipelines drained, the parts merged), short enough for
 * progress reports, max_seconds and interruptions.
 */
constexpr double round_seconds = 0.125;
constexpr unsigned max_round_doublings = 20;

double seconds_since(clock_type::time_point t0)
{
    return std::chrono::duration<double>(clock_type::now() - t0).count();
}

} // namespace

std::vector<std::pair<uint64_t, uint64_t>>
split_frames(uint64_t first, uint64_t count, size_t parts)
{
    if (parts == 0) {
        throw invalid_argument("split_frames: no part");
    }
    std::vector<std::pair<uint64_t, uint64_t>> ranges;
    ranges.reserve(parts);
    const uint64_t base = count / parts;
    const uint64_t extra = count % parts;
    uint64_t at = first;
    for (size_t i = 0; i < parts; i++) {
        const uint64_t n = base + (i < extra ? 1 : 0);
        ranges.emplace_back(at, n);
        at += n;
    }
    return ranges;
}

split_ber_simulator::split_ber_simulator(
    std::vector<std::unique_ptr<ber_simulator>> workers,
    std::shared_ptr<part_exchange> exchange)
    : d_workers(std::move(workers)), d_exchange(std::move(exchange))
{
    if (d_workers.empty()) {
        throw invalid_argument("split_ber_simulator: no worker");
    }
    for (size_t i = 0; i < d_workers.size(); i++) {
        if (!d_workers[i]) {
            throw invalid_argument("split_ber_simulator: worker " + std::to_string(i) +
                                   " is null");
        }
        const ber_simulator& w = *d_workers[i];
        const ber_simulator& w0 = *d_workers[0];
        const bool same_code =
            w.is_nonbinary() == w0.is_nonbinary() &&
            (w.is_nonbinary() ? w.get_nb_code().name() == w0.get_nb_code().name()
                              : w.code().name() == w0.code().name());
        if (!same_code) {
            throw invalid_argument("split_ber_simulator: worker " + std::to_string(i) +
                                   " simulates another code than worker 0");
        }
        d_batch = std::max<uint64_t>(d_batch, w.max_batch_frames());
    }
    uint64_t local = d_workers.size();
    uint64_t processes = 1;
    if (d_exchange) {
        processes = static_cast<uint64_t>(d_exchange->size());
        local = d_exchange->max_over_processes(local);
        d_batch = d_exchange->max_over_processes(d_batch);
    }
    d_total_workers = local * processes;
    if (d_total_workers > options().max_frames) {
        throw invalid_argument(
            "split_ber_simulator: " + std::to_string(processes) + " process(es) x " +
            std::to_string(local) + " worker(s) exceed max_frames = " +
            std::to_string(options().max_frames) + " (each needs at least one frame)");
    }
}

split_ber_simulator::~split_ber_simulator() = default;

const ber_options& split_ber_simulator::options() const
{
    return d_workers.front()->options();
}

void split_ber_simulator::set_progress_callback(progress_callback callback,
                                                double interval_seconds)
{
    if (!std::isfinite(interval_seconds) || interval_seconds < 0.0) {
        throw invalid_argument("split_ber_simulator::set_progress_callback: interval "
                               "must be a finite number >= 0");
    }
    d_progress = std::move(callback);
    d_progress_interval = interval_seconds;
}

std::vector<ber_point> split_ber_simulator::run(const point_callback& on_point,
                                                const std::vector<ber_point>& previous)
{
    return run_sweep(
        options(),
        previous,
        [this](double ebn0, const ber_point* prev, size_t index) {
            return run_point_at(ebn0, prev, index);
        },
        on_point);
}

ber_point split_ber_simulator::run_point(double ebn0_db, const ber_point* previous)
{
    return run_point_at(ebn0_db, previous, 0);
}

ber_point
split_ber_simulator::run_point_at(double ebn0_db, const ber_point* previous, size_t index)
{
    const ber_options& o = options();
    const auto t0 = clock_type::now();
    auto last_report = t0;
    const int rank = d_exchange ? d_exchange->rank() : 0;
    const int processes = d_exchange ? d_exchange->size() : 1;
    const bool nonbinary = d_workers.front()->is_nonbinary();
    ber_tally tally(o, ebn0_db, nonbinary, previous);
    const uint64_t frames_before = tally.next_frame() - o.first_frame;
    bool interrupt = false;
    unsigned doublings = 0;

    while (!tally.done()) {
        const auto round_start = clock_type::now();
        const uint64_t per_worker = d_batch << doublings;
        const uint64_t count =
            std::min(tally.frames_left(), per_worker * d_total_workers);
        const uint64_t budget = tally.errors_left();
        const auto mine = split_frames(tally.next_frame(), count, processes)[rank];
        const auto ranges = split_frames(mine.first, mine.second, d_workers.size());

        // this process's ranges, one per worker, in frame order
        std::vector<ber_part> parts(d_workers.size());
        run_parallel(d_workers.size(), [&](size_t w) {
            parts[w] = d_workers[w]->run_part(
                ebn0_db, ranges[w].first, ranges[w].second, budget);
        });

        unsigned flags = 0;
        if (o.max_seconds > 0.0 && seconds_since(t0) >= o.max_seconds) {
            flags |= flag_time_up;
        }
        if (interrupt) {
            flags |= flag_interrupt;
        }
        if (seconds_since(round_start) >= round_seconds) {
            flags |= flag_round_long;
        }
        if (d_exchange) {
            parts = d_exchange->all_parts(parts, flags);
        }
        for (const ber_part& part : parts) {
            if (tally.add(part)) {
                break;
            }
        }
        if (flags & flag_interrupt) {
            tally.stop(stop_reason::interrupted);
        } else if (flags & flag_time_up) {
            tally.stop(stop_reason::max_seconds);
        }
        // every process takes the same decision (the flags are OR-ed over them)
        if (!(flags & flag_round_long) && doublings < max_round_doublings &&
            per_worker * d_total_workers < tally.frames_left()) {
            doublings++;
        }

        if (!tally.done() && d_progress) {
            const auto now = clock_type::now();
            if (std::chrono::duration<double>(now - last_report).count() >=
                d_progress_interval) {
                last_report = now;
                const double elapsed = seconds_since(t0);
                const ber_point so_far =
                    tally.point(elapsed, static_cast<double>(d_total_workers));
                const uint64_t frames_now =
                    tally.next_frame() - o.first_frame - frames_before;
                const ber_progress pr = make_progress(
                    o, so_far, frames_now, elapsed, index, o.ebn0_db.size());
                if (!d_progress(pr)) {
                    interrupt = true;
                    if (!d_exchange) {
                        tally.stop(stop_reason::interrupted);
                    }
                }
            }
        }
    }
    return tally.point(seconds_since(t0), static_cast<double>(d_total_workers));
}

} // namespace gpufec
