/* -*- c++ -*- */
/*
 * gpufec-bench: information throughput and single-frame latency of a gpufec
 * decoder ("Benchmark"; the method is in docs/BENCHMARKS.md).
 *
 * One flow for every code: the workload of the code spec (bench_workload.h;
 * bench_binary.cc for binary codes, bench_nonbinary.cc for GF(q) codes) reads
 * its options, prints what it measures and makes its input batch, then times
 * device-resident decoding (cuda), host-fed decoding and single-frame latency as
 * the options ask, and gives its results for --json. --sweep FAMILIES makes that
 * measurement for every standard code of the families and prints one table
 * (bench_sweep.cc).
 *
 * Bad options exit with status 2 and a message on stderr naming the problem, as
 * gpufec-ber does; a run-time failure (e.g. a CUDA error) exits 1.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "app_common.h"
#include "bench_args.h"
#include "bench_sweep.h"
#include "bench_workload.h"
#include <memory>
#include <stdexcept>
#include <string>

namespace {

using namespace gpufec_app;

int run(int argc, char** argv)
{
    bench_args args;
    const int parsed = args.parse(argc, argv);
    if (parsed >= 0) {
        return parsed;
    }
    std::string command;
    for (int i = 0; i < argc; i++) {
        command += (i ? " " : "") + std::string(argv[i]);
    }
    if (!args.sweep.empty()) {
        return run_sweep(args, command);
    }
    const std::unique_ptr<bench_workload> workload = make_workload(args);
    measure(*workload);
    if (!args.json_path.empty()) {
        if (!write_file(args.json_path, workload->json(command).dump(1) + "\n")) {
            throw std::runtime_error("--json: cannot write '" + args.json_path + "'");
        }
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    return gpufec_app::run_app("gpufec-bench", [&] { return run(argc, argv); });
}
