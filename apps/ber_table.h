/* -*- c++ -*- */
/*
 * What gpufec-ber prints on stdout while it runs: the table of points (its header
 * and one row per Eb/N0 point; a GF(q) code adds the symbol error rate column
 * SER) and the progress line, refreshed in place on a terminal.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_APPS_BER_TABLE_H
#define INCLUDED_GPUFEC_APPS_BER_TABLE_H

#include <gpufec/ber_simulator.h>

#include "app_common.h"
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

namespace gpufec_app {

/* The table's column names; `nonbinary` adds SER. */
inline void print_table_header(bool nonbinary)
{
    std::printf("%7s %10s %12s %12s %11s ",
                "Eb/N0",
                "frames",
                "bit errors",
                "frame errors",
                "BER");
    if (nonbinary) {
        std::printf("%11s ", "SER");
    }
    std::printf(
        "%11s %9s %11s   %s\n", "FER", "avg iter", "info Mbps", "FER 95% CI (Wilson)");
    std::fflush(stdout);
}

/* One point's row (SER for a GF(q) code, whose throughput has more digits). */
inline void print_row(const gpufec::ber_point& p)
{
    std::printf("%7s %10" PRIu64 " %12" PRIu64 " %12" PRIu64 " %11.4e ",
                json_number(p.ebn0_db).c_str(),
                p.frames,
                p.bit_errors,
                p.frame_errors,
                p.ber);
    if (p.nonbinary) {
        std::printf("%11.4e ", p.ser);
    }
    std::printf(p.nonbinary ? "%11.4e %9.2f %11.4f" : "%11.4e %9.2f %11.2f",
                p.fer,
                p.avg_iterations,
                p.info_throughput_bps / 1e6);
    std::printf("   [%.3e, %.3e]\n", p.fer_ci.lower, p.fer_ci.upper);
    std::fflush(stdout);
}

/* "1h02m", "3m05s", "12s", "?" */
inline std::string duration_text(double s)
{
    if (s < 0.0 || !std::isfinite(s)) {
        return "?";
    }
    const uint64_t t = static_cast<uint64_t>(std::llround(s));
    char buf[64];
    if (t >= 3600) {
        std::snprintf(
            buf, sizeof buf, "%" PRIu64 "h%02" PRIu64 "m", t / 3600, (t % 3600) / 60);
    } else if (t >= 60) {
        std::snprintf(buf, sizeof buf, "%" PRIu64 "m%02" PRIu64 "s", t / 60, t % 60);
    } else {
        std::snprintf(buf, sizeof buf, "%" PRIu64 "s", t);
    }
    return buf;
}

/* The progress line, refreshed in place with \r (a terminal only). */
inline void print_progress(const gpufec::ber_progress& pr)
{
    const gpufec::ber_point& p = pr.point;
    std::printf("\r  Eb/N0 %s dB (%zu/%zu)  frames %" PRIu64 "  frame errors %" PRIu64
                "  BER %.3e  FER %.3e  %.4g frames/s  ETA %s\033[K",
                json_number(p.ebn0_db).c_str(),
                pr.point_index + 1,
                pr.points,
                p.frames,
                p.frame_errors,
                p.ber,
                p.fer,
                pr.frames_per_second,
                duration_text(pr.eta_seconds).c_str());
    std::fflush(stdout);
}

inline void clear_progress() { std::printf("\r\033[K"); }

} // namespace gpufec_app

#endif /* INCLUDED_GPUFEC_APPS_BER_TABLE_H */
