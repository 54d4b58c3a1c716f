/* -*- c++ -*- */
/*
 * How gpufec-bench times and summarizes: untimed warm-up runs before the timed
 * ones, the wall clock (std::chrono::steady_clock) around a host call, and the
 * minimum, median and maximum of the timed runs, or a nearest-rank percentile.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_APPS_BENCH_TIMING_H
#define INCLUDED_GPUFEC_APPS_BENCH_TIMING_H

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

namespace gpufec_app {

/*!
 * Calls once() `warmup` times untimed, then `reps` times; returns what the timed
 * calls returned (their seconds), in measurement order.
 */
template <typename Once>
std::vector<double> timed_runs(size_t warmup, size_t reps, Once once)
{
    for (size_t w = 0; w < warmup; w++) {
        once();
    }
    std::vector<double> seconds;
    for (size_t r = 0; r < reps; r++) {
        seconds.push_back(once());
    }
    return seconds;
}

/*! Seconds that f() takes on the wall clock. */
template <typename F>
double wall_seconds(F f)
{
    const auto t0 = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

struct summary {
    std::vector<double> samples; //!< in measurement order
    double min = 0.0;
    double median = 0.0;
    double max = 0.0;
};

inline summary summarize(const std::vector<double>& samples)
{
    summary s;
    s.samples = samples;
    if (samples.empty()) {
        return s;
    }
    std::vector<double> v = samples;
    std::sort(v.begin(), v.end());
    s.min = v.front();
    s.max = v.back();
    const size_t m = v.size() / 2;
    s.median = v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
    return s;
}

/* Nearest-rank percentile p in (0, 100] of sorted values. */
inline double percentile(const std::vector<double>& sorted, double p)
{
    if (sorted.empty()) {
        return 0.0;
    }
    size_t rank = static_cast<size_t>(std::ceil(p / 100.0 * sorted.size()));
    rank = std::min(std::max<size_t>(rank, 1), sorted.size());
    return sorted[rank - 1];
}

} // namespace gpufec_app

#endif /* INCLUDED_GPUFEC_APPS_BENCH_TIMING_H */
