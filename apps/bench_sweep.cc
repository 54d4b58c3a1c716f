/* -*- c++ -*- */
/*
 * gpufec-bench --sweep (bench_sweep.h): the codes it names, the runs one code at a
 * time (each its own workload, freed before the next is made), the table and the
 * JSON file.
 *
 * The table has a row per code: its spec, N, K and rate, the decoder's kernel or
 * variant (the CUDA tuner's kernel; on the CPU the backend and precision), the
 * information throughput median of each mode measured (device-resident, host-fed),
 * the frames per decode call, and the fraction of its family's best: its figure
 * (device-resident where measured, else host-fed) over the highest of the codes of
 * the same family in this sweep.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "bench_sweep.h"
#include <gpufec/error.h>
#include <gpufec/standard_codes.h>

#include "app_common.h"
#include "bench_timing.h"
#include "bench_workload.h"
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace gpufec_app {

namespace {

/* One code of the sweep: its row, or the error that ended its run. */
struct sweep_result {
    std::string family;
    bench_row row;
    std::string error;          //!< not empty: the run failed with it
    nlohmann::ordered_json run; //!< the code's --json object, less program and command
    double seconds = 0.0;       //!< the code's run, preparation included
};

std::string family_of(const std::string& spec) { return spec.substr(0, spec.find(':')); }

std::string joined(const std::vector<std::string>& items)
{
    std::string out;
    for (const auto& item : items) {
        out += (out.empty() ? "" : ", ") + item;
    }
    return out;
}

/* The figure compared: device-resident where measured, else host-fed (< 0: none). */
double figure_of(const sweep_result& r)
{
    if (!r.error.empty()) {
        return -1.0;
    }
    return r.row.device_gbps >= 0 ? r.row.device_gbps : r.row.host_gbps;
}

/* The highest figure of each family. */
std::map<std::string, double> family_best(const std::vector<sweep_result>& results)
{
    std::map<std::string, double> best;
    for (const auto& r : results) {
        const double g = figure_of(r);
        if (g > 0 && g > best[r.family]) {
            best[r.family] = g;
        }
    }
    return best;
}

/* The fraction of its family's best (< 0: not measured). */
double fraction_of_best(const sweep_result& r, const std::map<std::string, double>& best)
{
    const double g = figure_of(r);
    const auto b = best.find(r.family);
    return g >= 0 && b != best.end() && b->second > 0 ? g / b->second : -1.0;
}

nlohmann::ordered_json measured(double v)
{
    return v < 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(v);
}

nlohmann::ordered_json sweep_json(const bench_args& args,
                                  const std::string& command,
                                  size_t codes,
                                  const std::vector<sweep_result>& results,
                                  double seconds)
{
    const std::map<std::string, double> best = family_best(results);
    nlohmann::ordered_json j;
    j["program"] = "gpufec-bench";
    j["command"] = command;
    j["sweep"] = args.sweep;
    j["codes"] = codes;
    j["seconds"] = seconds;
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (const auto& r : results) {
        nlohmann::ordered_json row;
        row["code"] = r.row.code;
        row["family"] = r.family;
        row["n"] = r.row.n;
        row["k"] = r.row.k;
        row["rate"] = r.row.rate;
        row["variant"] = r.row.variant;
        row["device_gbps"] = measured(r.row.device_gbps);
        row["host_gbps"] = measured(r.row.host_gbps);
        row["frames"] = r.row.frames;
        row["fer"] = measured(r.row.fer);
        row["fraction_of_best"] = measured(fraction_of_best(r, best));
        row["seconds"] = r.seconds;
        row["error"] = r.error.empty() ? nlohmann::ordered_json(nullptr)
                                       : nlohmann::ordered_json(r.error);
        row["run"] = r.run;
        rows.push_back(row);
    }
    j["rows"] = rows;
    return j;
}

void write_json(const std::string& path, const nlohmann::ordered_json& j)
{
    if (!write_file(path, j.dump(1) + "\n")) {
        throw std::runtime_error("--json: cannot write '" + path + "'");
    }
}

/* A Gbps cell: 4 decimals, "-" where not measured. */
std::string gbps_cell(double v)
{
    if (v < 0) {
        return "-";
    }
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%.4f", v);
    return buf;
}

void print_table(const std::vector<sweep_result>& results,
                 const std::string& sweep,
                 double seconds)
{
    const std::map<std::string, double> best = family_best(results);
    bool device = false, host = false;
    size_t code_w = 4, variant_w = 7;
    for (const auto& r : results) {
        device = device || r.row.device_gbps >= 0;
        host = host || r.row.host_gbps >= 0;
        code_w = std::max(code_w, r.row.code.size());
        variant_w = std::max(variant_w, r.row.variant.size());
    }
    const int cw = static_cast<int>(code_w), vw = static_cast<int>(variant_w);
    std::printf("\nsweep %s: %zu codes in %.1f s; information throughput, median of the "
                "timed runs; of best: the code's Gbps (device-resident where measured) "
                "over its family's best\n",
                sweep.c_str(),
                results.size(),
                seconds);
    std::printf("%-*s %6s %6s %6s  %-*s", cw, "code", "N", "K", "rate", vw, "variant");
    if (device) {
        std::printf(" %11s", "device Gbps");
    }
    if (host) {
        std::printf(" %11s", "host Gbps");
    }
    std::printf(" %7s %7s\n", "frames", "of best");
    std::vector<const sweep_result*> failed;
    for (const auto& r : results) {
        if (!r.error.empty()) {
            failed.push_back(&r);
        }
        const double fraction = fraction_of_best(r, best);
        char rate[32], of_best[32];
        std::snprintf(rate, sizeof(rate), "%.4f", r.row.rate);
        std::snprintf(of_best, sizeof(of_best), "%.3f", fraction);
        std::printf("%-*s %6zu %6zu %6s  %-*s",
                    cw,
                    r.row.code.c_str(),
                    r.row.n,
                    r.row.k,
                    r.error.empty() ? rate : "-",
                    vw,
                    r.error.empty() ? r.row.variant.c_str() : "error");
        if (device) {
            std::printf(" %11s", gbps_cell(r.row.device_gbps).c_str());
        }
        if (host) {
            std::printf(" %11s", gbps_cell(r.row.host_gbps).c_str());
        }
        std::printf(" %7zu %7s\n", r.row.frames, fraction < 0 ? "-" : of_best);
    }
    for (const sweep_result* r : failed) {
        std::printf("%s: error: %s\n", r->row.code.c_str(), r->error.c_str());
    }
    std::fflush(stdout);
}

} // namespace

std::vector<std::string> sweep_specs(const std::string& text)
{
    const std::vector<std::string> families = gpufec::standard_families();
    std::vector<std::string> specs;
    auto add = [&](const std::string& spec) {
        if (std::find(specs.begin(), specs.end(), spec) == specs.end()) {
            specs.push_back(spec);
        }
    };
    size_t start = 0;
    while (true) {
        const size_t comma = text.find(',', start);
        const std::string given =
            text.substr(start, comma == std::string::npos ? comma : comma - start);
        const std::string item = lower(given);
        if (item.empty()) {
            throw usage_error("--sweep '" + text + "': an empty item");
        }
        if (item == "all") {
            for (const auto& family : families) {
                for (const auto& spec : gpufec::standard_code_specs(family)) {
                    add(spec);
                }
            }
        } else {
            const std::string family = family_of(item);
            if (std::find(families.begin(), families.end(), family) == families.end()) {
                throw usage_error("--sweep: unknown family '" + family_of(given) +
                                  "'; families: " + joined(families) + ", or all");
            }
            const std::vector<std::string> codes = gpufec::standard_code_specs(family);
            size_t found = 0;
            for (const auto& spec : codes) {
                const std::string s = lower(spec);
                if (item == family || s == item || s.rfind(item + ":", 0) == 0) {
                    add(spec);
                    found++;
                }
            }
            if (found == 0) {
                throw usage_error("--sweep: '" + given + "' names no " + family +
                                  " code (its specs run from " + codes.front() + " to " +
                                  codes.back() + ")");
            }
        }
        if (comma == std::string::npos) {
            break;
        }
        start = comma + 1;
    }
    return specs;
}

int run_sweep(const bench_args& args, const std::string& command)
{
    const std::vector<std::string> specs = sweep_specs(args.sweep);
    args.check_json_file();
    std::vector<sweep_result> results;
    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    };
    for (size_t i = 0; i < specs.size(); i++) {
        std::printf("%ssweep %zu/%zu: %s\n",
                    i > 0 ? "\n" : "",
                    i + 1,
                    specs.size(),
                    specs[i].c_str());
        std::fflush(stdout);
        bench_args one = args;
        one.code_spec = specs[i];
        one.sweep.clear();
        one.json_path.clear();
        sweep_result r;
        r.family = family_of(specs[i]);
        r.row.code = specs[i];
        r.seconds = wall_seconds([&] {
            try {
                const std::unique_ptr<bench_workload> workload = make_workload(one);
                measure(*workload);
                r.row = workload->row();
                r.run = workload->json(command);
                r.run.erase("program");
                r.run.erase("command");
            } catch (const usage_error&) {
                throw;
            } catch (const gpufec::backend_unavailable&) {
                throw;
            } catch (const std::exception& e) {
                r.error = e.what();
                std::printf("sweep: %s: error: %s\n", specs[i].c_str(), e.what());
                std::fflush(stdout);
            }
        });
        results.push_back(r);
        if (!args.json_path.empty()) {
            write_json(args.json_path,
                       sweep_json(args, command, specs.size(), results, elapsed()));
        }
    }
    const double total = elapsed();
    print_table(results, args.sweep, total);
    if (!args.json_path.empty()) {
        write_json(args.json_path,
                   sweep_json(args, command, specs.size(), results, total));
    }
    const bool failed =
        std::any_of(results.begin(), results.end(), [](const sweep_result& r) {
            return !r.error.empty();
        });
    return failed ? 1 : 0;
}

} // namespace gpufec_app
