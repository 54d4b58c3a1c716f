/* -*- c++ -*- */
/*
 * The command line of gpufec-bench: its options as given (text, parsed and checked
 * by the workload that uses them, so a bad value is a usage_error naming the
 * option), their help texts and defaults, and the parsing of the options every
 * workload reads (batch, modes and runs, the input's Eb/N0 and seed, the --json
 * file checked before the runs) and the decoder's options they give, for a code of
 * either kind. --sweep (bench_sweep.h) runs the workload of every
 * code it names with the other options, so it excludes --code.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_APPS_BENCH_ARGS_H
#define INCLUDED_GPUFEC_APPS_BENCH_ARGS_H

#include <gpufec/decoder.h>
#include <gpufec/decoder_option_parser.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/nb_code.h>

#include "app_cli.h"
#include "app_common.h"
#include "decoder_args.h"
#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

namespace gpufec_app {

/*! --mode, --reps and --warmup, parsed. */
struct bench_runs {
    std::string mode; //!< device, host or both
    size_t reps = 10;
    size_t warmup = 2;
};

/*! gpufec-bench's options, as text until parsed. */
struct bench_args {
    std::string code_spec = "wimax:2304:1/2";
    decoder_args decoder{ "10", "off" };
    std::string frames_per_block = "0";
    std::string cuda_kernel = "auto";
    std::string simd_layout = "auto";
    std::string nb_flooding = "auto";
    std::string nb_host_batch = "0";
    std::string streams = "3";
    std::string device = "0";
    std::string batch = "0";
    std::string input = "float";
    std::string host_memory = "pinned";
    std::string int8_step = "0.125";
    std::string mode = "both";
    std::string reps = "10";
    std::string warmup = "2";
    std::string latency_samples = "200";
    std::string ebn0 = "2.0";
    std::string seed = "1";
    std::string json_path;
    std::string sweep; //!< --sweep: families or code spec prefixes (bench_sweep.h)

    /*!
     * Parses the command line into these fields. Returns -1 when the run goes on,
     * else the exit status (--help); throws usage_error on a bad command line,
     * --sweep with --code among them.
     */
    int parse(int argc, char** argv)
    {
        CLI::App app{ "gpufec-bench: information throughput (Gbps) and single-frame "
                      "latency of a gpufec decoder",
                      "gpufec-bench" };
        add_decoder_options(app);
        add_measurement_options(app);
        const int status = parse_command_line(app, argc, argv);
        if (status < 0 && app.get_option("--sweep")->count() > 0) {
            if (app.get_option("--code")->count() > 0) {
                throw usage_error("--sweep and --code are mutually exclusive: --sweep "
                                  "measures every code of its families, --code one "
                                  "code");
            }
            if (sweep.empty()) {
                throw usage_error("--sweep: no family given");
            }
        }
        return status;
    }

    /* --batch, at most `max` frames (0: the workload's choice). */
    size_t batch_frames(uint64_t max) const
    {
        return static_cast<size_t>(parse_unsigned(batch, "--batch", 0, max));
    }

    /* --mode, --reps, --warmup */
    bench_runs runs() const
    {
        bench_runs r;
        r.mode = parse_choice(mode, "--mode", { "device", "host", "both" });
        r.reps = static_cast<size_t>(parse_unsigned(reps, "--reps", 1, 100000));
        r.warmup = static_cast<size_t>(parse_unsigned(warmup, "--warmup", 0, 100000));
        return r;
    }

    double ebn0_db() const { return parse_real(ebn0, "--ebn0"); }

    /* Finds out now, not after the runs, that the --json file cannot be written. */
    void check_json_file() const
    {
        if (!json_path.empty() && !write_file(json_path, "{}\n")) {
            throw usage_error("--json: cannot write '" + json_path +
                              "': " + std::strerror(errno));
        }
    }

    uint64_t seed_value() const
    {
        return parse_unsigned(seed, "--seed", 0, std::numeric_limits<uint64_t>::max());
    }

private:
    /* The code and the decoder (binary, CUDA, CPU SIMD and nonbinary settings). */
    void add_decoder_options(CLI::App& app)
    {
        add_text_option(app,
                        "--code",
                        code_spec,
                        "SPEC",
                        "the code; " + gpufec::ldpc_code::spec_forms());
        decoder.add_rule_options(app, "check-node rule: spa, ms, nms, oms, scms");
        decoder.add_schedule_options(
            app,
            "maximum decoder iterations",
            "stop decoding a frame once its syndrome is zero (off by default: the "
            "throughput goals are stated without it)");
        add_text_option(app, "--backend", decoder.backend, "NAME", "cpu, cuda or auto");
        add_text_option(
            app, "--threads", decoder.threads, "N", "CPU decoder threads, 0 = all cores");
        decoder.add_precision_options(app);
        add_text_option(app,
                        "--frames-per-block",
                        frames_per_block,
                        "N",
                        "cuda: frames per thread block, 0 = the tuner's choice");
        add_text_option(app,
                        "--cuda-kernel",
                        cuda_kernel,
                        "NAME",
                        "cuda: the decoding kernel as the tuning line names it "
                        "(gpu_options::kernel), auto = the tuner's choice");
        add_text_option(app,
                        "--simd-layout",
                        simd_layout,
                        "NAME",
                        "cpu SIMD decoder: frames to lanes, auto, inter or intra");
        add_text_option(
            app,
            "--nb-flooding",
            nb_flooding,
            "NAME",
            "nonbinary cuda flooding pipeline: auto (check domain for q >= 4) or "
            "classic");
        add_text_option(
            app,
            "--nb-host-batch",
            nb_host_batch,
            "N",
            "nonbinary cuda: frames per batch of the host-fed pipeline, 0 = the "
            "decoder's choice");
        add_text_option(
            app, "--streams", streams, "N", "cuda: streams of the host pipeline (>= 1)");
        add_text_option(app, "--device", device, "N", "cuda: device index");
    }

    /* The input batch, the modes and runs, and the output file. */
    void add_measurement_options(CLI::App& app)
    {
        add_text_option(
            app,
            "--batch",
            batch,
            "N",
            "frames per decode call; 0 = 4 x the tuner's batch (cuda), or about 2^20 "
            "LLRs clamped to [64, 1024] frames (cpu)");
        add_text_option(
            app, "--input", input, "TYPE", "LLRs given to the decoder: float or int8");
        add_text_option(
            app,
            "--host-memory",
            host_memory,
            "KIND",
            "host-fed buffers on cuda: pinned (page-locked) or pageable (ordinary "
            "memory, as a GNU Radio block's buffers are)");
        add_text_option(app,
                        "--int8-step",
                        int8_step,
                        "S",
                        "int8 input: value v stands for LLR v * S");
        add_text_option(
            app,
            "--mode",
            mode,
            "NAME",
            "device (LLRs resident in GPU memory, cuda only), host (host-fed), or "
            "both (device and host on cuda, host on cpu)");
        add_text_option(
            app,
            "--reps",
            reps,
            "N",
            "timed runs per mode; the median is reported (use >= 10 for figures)");
        add_text_option(
            app, "--warmup", warmup, "N", "untimed runs before the timed ones, per mode");
        add_text_option(
            app,
            "--latency-samples",
            latency_samples,
            "N",
            "single-frame host-fed decodes timed for p50/p99 (>= 200 for figures; "
            "0 = skip)");
        add_text_option(
            app, "--ebn0", ebn0, "DB", "Eb/N0 of the generated input (BPSK over AWGN)");
        add_text_option(
            app, "--seed", seed, "S", "random seed of bits and noise (Philox key)");
        app.add_option("--json", json_path, "write the results to FILE as a JSON object")
            ->type_name("FILE");
        add_text_option(
            app,
            "--sweep",
            sweep,
            "FAMILIES",
            "instead of --code: measure every standard code of the families (a comma "
            "list of wifi, wimax, dvbs2, nr5g, or all; an item FAMILY:FIELD keeps the "
            "codes whose spec starts so, e.g. dvbs2:short or nr5g:bg1:384) with the "
            "other options, one code after the other, and print one table (--json: "
            "one file with every row)");
    }
};

/*!
 * The decoder's options for the code that --code names: those both apps have
 * (decoder_args.h), --device, and the settings of the code's kind, their numbers
 * checked for their ranges: for a binary code --frames-per-block, --streams,
 * --cuda-kernel and --simd-layout, for a GF(q) code --nb-flooding and
 * --nb-host-batch (the other kind's are not read). For a GF(q) code --algorithm
 * nms (the default, a binary rule) stands for auto: minmax.
 */
inline gpufec::decoder_options bench_decoder_options(const bench_args& a)
{
    const bool nonbinary = gpufec::nb_code::is_nb_spec(a.code_spec);
    const std::string& algorithm = a.decoder.algorithm;
    gpufec::option_list given = a.decoder.options(
        nonbinary && lower(algorithm) == "nms" ? std::string("auto") : algorithm);
    if (nonbinary) {
        parse_unsigned(a.nb_host_batch, "--nb-host-batch", 0, 16384);
        given.insert(
            given.end(),
            { { "nb_flooding", a.nb_flooding }, { "nb_host_batch", a.nb_host_batch } });
    } else {
        parse_unsigned(a.frames_per_block, "--frames-per-block", 0, 1 << 20);
        parse_unsigned(a.streams, "--streams", 1, 64);
        given.insert(given.end(),
                     { { "frames_per_block", a.frames_per_block },
                       { "streams", a.streams },
                       { "cuda_kernel", a.cuda_kernel },
                       { "simd_layout", a.simd_layout } });
    }
    parse_unsigned(a.device, "--device", 0, 1024);
    given.push_back({ "device", a.device });
    return parse_app_decoder_options(given, a.code_spec, a.decoder.precision);
}

} // namespace gpufec_app

#endif /* INCLUDED_GPUFEC_APPS_BENCH_ARGS_H */
