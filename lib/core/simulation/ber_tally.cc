/* -*- c++ -*- */
/*
 * A point's counts merged part by part in frame order with its stop rules, point
 * rates and intervals, progress records and the Eb/N0 sweep with resume
 * and stop_fer (see ber_tally.h).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "simulation/ber_tally.h"
#include <gpufec/error.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace gpufec {

namespace {

/* The frame counts of b added to a (no work, no time). */
void add_frame_counts(ber_point& a, const ber_point& b)
{
    a.frames += b.frames;
    a.bit_errors += b.bit_errors;
    a.bit_errors_sq = add_bit_errors_sq(a.bit_errors_sq, b.bit_errors_sq);
    a.frame_errors += b.frame_errors;
    a.undetected_frame_errors += b.undetected_frame_errors;
    a.total_iterations += b.total_iterations;
    a.info_bits += b.info_bits;
    a.symbol_errors += b.symbol_errors;
    a.info_symbols += b.info_symbols;
    a.nonbinary = a.nonbinary || b.nonbinary;
}

std::string db_text(double v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

} // namespace

uint64_t add_bit_errors_sq(uint64_t sum, uint64_t more)
{
    if (more > std::numeric_limits<uint64_t>::max() - sum) {
        throw std::overflow_error(
            "ber_simulator: the sum of squared bit errors per frame (bit_errors_sq) "
            "would exceed 2^64 - 1; split the point into shorter runs");
    }
    return sum + more;
}

void finalize_point(ber_point& p, double parallel)
{
    const double frames = static_cast<double>(p.frames);
    p.ber = p.info_bits ? static_cast<double>(p.bit_errors) / p.info_bits : 0.0;
    p.fer = p.frames ? static_cast<double>(p.frame_errors) / frames : 0.0;
    p.ser = p.info_symbols ? static_cast<double>(p.symbol_errors) / p.info_symbols : 0.0;
    p.avg_iterations = p.frames ? static_cast<double>(p.total_iterations) / frames : 0.0;
    const double k = p.frames ? static_cast<double>(p.info_bits) / frames : 0.0;
    p.info_throughput_bps =
        p.decode_seconds > 0.0
            ? static_cast<double>(p.decoded_frames) * k / p.decode_seconds * parallel
            : 0.0;
    p.fer_ci = fer_confidence_interval(p);
    p.ber_ci = ber_confidence_interval(p);
}

stop_reason count_rule_met(const ber_options& o, const ber_point& p)
{
    if (o.min_frame_errors > 0 && p.frame_errors >= o.min_frame_errors) {
        return stop_reason::min_frame_errors;
    }
    if (p.frames >= o.max_frames) {
        return stop_reason::max_frames;
    }
    return stop_reason::none;
}

void add_counts(ber_point& a, const ber_point& b)
{
    add_frame_counts(a, b);
    a.decoded_frames += b.decoded_frames;
    a.decode_seconds += b.decode_seconds;
    a.seconds += b.seconds;
}

ber_tally::ber_tally(const ber_options& rules,
                     double ebn0_db,
                     bool nonbinary,
                     const ber_point* previous)
    : d_o(rules)
{
    d_p.ebn0_db = ebn0_db;
    d_p.nonbinary = nonbinary;
    d_p.first_frame = rules.first_frame;
    if (previous) {
        d_p.first_frame = previous->first_frame;
        add_counts(d_p, *previous);
        d_previous_seconds = previous->seconds;
        d_p.seconds = 0.0;
        d_p.stopped_by = count_rule_met(rules, d_p);
    }
}

uint64_t ber_tally::frames_left() const
{
    return d_o.max_frames > d_p.frames ? d_o.max_frames - d_p.frames : 0;
}

uint64_t ber_tally::errors_left() const
{
    if (d_o.min_frame_errors == 0 || d_p.frame_errors >= d_o.min_frame_errors) {
        return 0;
    }
    return d_o.min_frame_errors - d_p.frame_errors;
}

bool ber_tally::add(const ber_part& part)
{
    if (done()) {
        return true;
    }
    const ber_point& c = part.counts;
    if (c.frames > 0 && c.first_frame != next_frame()) {
        throw std::logic_error("ber_tally::add: a part starts at frame " +
                               std::to_string(c.first_frame) + ", expected " +
                               std::to_string(next_frame()));
    }
    d_p.decoded_frames += c.decoded_frames;
    d_p.decode_seconds += c.decode_seconds;
    const uint64_t budget = errors_left();
    if (budget > 0 && c.frame_errors >= budget) {
        // cut at the frame error that meets the rule: the per-frame count stops there
        if (part.marks.size() < budget) {
            throw std::logic_error(
                "ber_tally::add: a part has " + std::to_string(c.frame_errors) +
                " frame errors but only " + std::to_string(part.marks.size()) + " marks");
        }
        const frame_error_mark& m = part.marks[budget - 1];
        const uint64_t k = c.info_bits / c.frames;
        const uint64_t ks = c.info_symbols / c.frames;
        d_p.frames += m.frames;
        d_p.frame_errors += budget;
        d_p.bit_errors += m.bit_errors;
        d_p.bit_errors_sq = add_bit_errors_sq(d_p.bit_errors_sq, m.bit_errors_sq);
        d_p.symbol_errors += m.symbol_errors;
        d_p.undetected_frame_errors += m.undetected_frame_errors;
        d_p.total_iterations += m.iterations;
        d_p.info_bits += m.frames * k;
        d_p.info_symbols += m.frames * ks;
        d_p.stopped_by = stop_reason::min_frame_errors;
        return true;
    }
    add_frame_counts(d_p, c);
    d_p.stopped_by = count_rule_met(d_o, d_p);
    if (!done() && (c.stopped_by == stop_reason::max_seconds ||
                    c.stopped_by == stop_reason::interrupted)) {
        d_p.stopped_by = c.stopped_by;
    }
    return done();
}

void ber_tally::stop(stop_reason why)
{
    if (!done()) {
        d_p.stopped_by = why;
    }
}

ber_point ber_tally::point(double seconds, double parallel) const
{
    ber_point p = d_p;
    p.seconds = d_previous_seconds + seconds;
    finalize_point(p, parallel);
    return p;
}

ber_progress make_progress(const ber_options& rules,
                           const ber_point& so_far,
                           uint64_t frames_this_run,
                           double seconds_this_run,
                           size_t index,
                           size_t points)
{
    ber_progress pr;
    pr.point_index = index;
    pr.points = points;
    pr.point = so_far;
    pr.point.stopped_by = stop_reason::none;
    pr.seconds = seconds_this_run;
    pr.frames_per_second = seconds_this_run > 0.0
                               ? static_cast<double>(frames_this_run) / seconds_this_run
                               : 0.0;
    double eta = -1.0;
    auto consider = [&eta](double t) {
        t = std::max(0.0, t);
        eta = eta < 0.0 ? t : std::min(eta, t);
    };
    const double fps = pr.frames_per_second;
    if (fps > 0.0) {
        const uint64_t left =
            rules.max_frames > so_far.frames ? rules.max_frames - so_far.frames : 0;
        consider(static_cast<double>(left) / fps);
        if (rules.min_frame_errors > 0 && so_far.frame_errors > 0) {
            const double errors_left =
                rules.min_frame_errors > so_far.frame_errors
                    ? static_cast<double>(rules.min_frame_errors - so_far.frame_errors)
                    : 0.0;
            const double frames_per_error = static_cast<double>(so_far.frames) /
                                            static_cast<double>(so_far.frame_errors);
            consider(errors_left * frames_per_error / fps);
        }
    }
    if (rules.max_seconds > 0.0) {
        consider(rules.max_seconds - seconds_this_run);
    }
    pr.eta_seconds = eta;
    return pr;
}

std::vector<ber_point>
run_sweep(const ber_options& o,
          const std::vector<ber_point>& previous,
          const std::function<ber_point(double, const ber_point*, size_t)>& run_point,
          const std::function<void(const ber_point&)>& on_point)
{
    std::vector<ber_point> points;
    points.reserve(o.ebn0_db.size());
    for (size_t i = 0; i < o.ebn0_db.size(); i++) {
        const double ebn0 = o.ebn0_db[i];
        const ber_point* prev = nullptr;
        for (const ber_point& p : previous) {
            if (std::fabs(p.ebn0_db - ebn0) < 1e-9) {
                prev = &p;
                break;
            }
        }
        if (prev && prev->first_frame != o.first_frame) {
            throw invalid_argument("resumed point at " + db_text(ebn0) +
                                   " dB starts at frame " +
                                   std::to_string(prev->first_frame) + ", this run at " +
                                   std::to_string(o.first_frame));
        }
        ber_point p;
        if (prev && count_rule_met(o, *prev) != stop_reason::none) {
            p = *prev; // finished: kept as it is
            p.ebn0_db = ebn0;
            p.stopped_by = count_rule_met(o, p);
            p.fer_ci = fer_confidence_interval(p);
            p.ber_ci = ber_confidence_interval(p);
        } else {
            p = run_point(ebn0, prev, i);
        }
        points.push_back(p);
        if (on_point) {
            on_point(points.back());
        }
        if (p.stopped_by == stop_reason::interrupted ||
            (o.stop_fer > 0.0 && p.fer < o.stop_fer)) {
            break;
        }
    }
    return points;
}

} // namespace gpufec
