/* -*- c++ -*- */
/*
 * The outputs of a gpufec-ber sweep as it runs: each finished point's table row
 * and its --json / --csv files (rewritten after each point, with the points of a
 * resumed file kept), the progress line, and the --checkpoint rewrites of the
 * JSON file with the running point's counts so far.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_APPS_BER_OUTPUTS_H
#define INCLUDED_GPUFEC_APPS_BER_OUTPUTS_H

#include <gpufec/ber_simulator.h>

#include "app_common.h"
#include "ber_json.h"
#include "ber_table.h"
#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

namespace gpufec_app {

/* The points as CSV; a GF(q) code adds the columns symbol_errors and ser. */
inline std::string csv_text(const std::vector<gpufec::ber_point>& points, bool nonbinary)
{
    std::ostringstream s;
    s << "ebn0_db,frames,bit_errors,frame_errors,ber,fer,fer_ci_lower,fer_ci_upper,"
         "ber_ci_lower,ber_ci_upper,avg_iterations,undetected_frame_errors,seconds,"
         "info_throughput_bps,stopped_by,bit_errors_sq";
    if (nonbinary) {
        s << ",symbol_errors,ser";
    }
    s << "\n";
    for (const gpufec::ber_point& p : points) {
        s << json_number(p.ebn0_db) << "," << p.frames << "," << p.bit_errors << ","
          << p.frame_errors << "," << json_number(p.ber) << "," << json_number(p.fer)
          << "," << json_number(p.fer_ci.lower) << "," << json_number(p.fer_ci.upper)
          << "," << json_number(p.ber_ci.lower) << "," << json_number(p.ber_ci.upper)
          << "," << json_number(p.avg_iterations) << "," << p.undetected_frame_errors
          << "," << json_number(p.seconds) << "," << json_number(p.info_throughput_bps)
          << "," << gpufec::to_string(p.stopped_by) << "," << p.bit_errors_sq;
        if (nonbinary) {
            s << "," << p.symbol_errors << "," << json_number(p.ser);
        }
        s << "\n";
    }
    return s.str();
}

/*
 * The points to write: those of this run, and the points of the resumed file at
 * any other Eb/N0 (not simulated, or not reached yet), so a file rewritten in the
 * middle of a resumed sweep loses nothing. Sorted by Eb/N0.
 */
inline std::vector<gpufec::ber_point>
with_kept(std::vector<gpufec::ber_point> points,
          const std::vector<gpufec::ber_point>& resumed)
{
    const size_t ours = points.size();
    for (const gpufec::ber_point& r : resumed) {
        const bool present =
            std::any_of(points.begin(), points.begin() + ours, [&](const auto& p) {
                return std::fabs(p.ebn0_db - r.ebn0_db) < 1e-9;
            });
        if (!present) {
            points.push_back(r);
        }
    }
    std::stable_sort(points.begin(),
                     points.end(),
                     [](const gpufec::ber_point& a, const gpufec::ber_point& b) {
                         return a.ebn0_db < b.ebn0_db;
                     });
    return points;
}

/*! Where a sweep's results go, and when. */
struct sweep_output_settings {
    std::string json_path; //!< empty: no JSON file
    std::string csv_path;  //!< empty: no CSV file
    double checkpoint_s = 60.0;
    bool writer = true;         //!< this process prints and writes (rank 0)
    bool show_progress = false; //!< the progress line
};

/*!
 * The outputs of one sweep: on_point() and on_progress() are the simulator's
 * callbacks (every point, every progress report); a file that could not be
 * written is reported by write_failed() at the end, so no counted frame is lost.
 */
class sweep_output
{
public:
    sweep_output(const sweep_output_settings& settings,
                 const ber_run_info& info,
                 const gpufec::ber_options& options,
                 const std::vector<gpufec::ber_point>& resumed,
                 bool nonbinary)
        : d_settings(settings), d_info(info), d_options(options), d_resumed(resumed),
          d_nonbinary(nonbinary), d_last_checkpoint(std::chrono::steady_clock::now())
    {
    }

    /*! A progress report: the progress line, and a checkpoint when it is time. */
    void on_progress(const gpufec::ber_progress& pr)
    {
        if (d_settings.show_progress) {
            print_progress(pr);
            d_progress_shown = true;
        }
        const auto now = std::chrono::steady_clock::now();
        if (!d_settings.json_path.empty() &&
            std::chrono::duration<double>(now - d_last_checkpoint).count() >=
                d_settings.checkpoint_s) {
            d_last_checkpoint = now;
            write({ pr.point });
        }
    }

    /*! A finished point: its row, and the files rewritten. */
    void on_point(const gpufec::ber_point& p)
    {
        if (!d_settings.writer) {
            return;
        }
        if (d_progress_shown) {
            clear_progress();
            d_progress_shown = false;
        }
        d_points.push_back(p);
        print_row(p);
        write({});
        d_last_checkpoint = std::chrono::steady_clock::now();
    }

    bool write_failed() const { return d_write_failed; }

private:
    /* The finished points, `running` (a checkpoint: the CSV waits) and the kept. */
    void write(const std::vector<gpufec::ber_point>& running)
    {
        std::vector<gpufec::ber_point> all = d_points;
        all.insert(all.end(), running.begin(), running.end());
        all = with_kept(all, d_resumed);
        if (!d_settings.json_path.empty() &&
            !write_file(d_settings.json_path, points_json_text(all, d_info, d_options))) {
            d_write_failed = true;
        }
        if (!d_settings.csv_path.empty() && running.empty() &&
            !write_file(d_settings.csv_path, csv_text(all, d_nonbinary))) {
            d_write_failed = true;
        }
    }

    const sweep_output_settings d_settings;
    const ber_run_info& d_info;
    const gpufec::ber_options& d_options;
    const std::vector<gpufec::ber_point>& d_resumed;
    const bool d_nonbinary;
    std::vector<gpufec::ber_point> d_points;
    bool d_write_failed = false;
    bool d_progress_shown = false;
    std::chrono::steady_clock::time_point d_last_checkpoint;
};

} // namespace gpufec_app

#endif /* INCLUDED_GPUFEC_APPS_BER_OUTPUTS_H */
