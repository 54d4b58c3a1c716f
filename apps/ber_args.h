/* -*- c++ -*- */
/*
 * The command line of gpufec-ber: its options as given (text, parsed and checked
 * later, so a bad value is a usage_error naming the option), their help texts and
 * defaults. One set of options for every code, binary or GF(q); the decoder's
 * (decoder_args.h) with the EMS parameters of a GF(q) code's.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_APPS_BER_ARGS_H
#define INCLUDED_GPUFEC_APPS_BER_ARGS_H

#include <gpufec/ldpc_code.h>
#include <gpufec/nb_code.h>

#include "app_cli.h"
#include "app_common.h"
#include "decoder_args.h"
#include <CLI/CLI.hpp>
#include <string>

namespace gpufec_app {

/*! gpufec-ber's options, as text until parsed. */
struct ber_args {
    // the code and its decoder
    std::string code_spec = "wimax:2304:1/2";
    decoder_args decoder{ "auto", "on" };
    bool algorithm_given = false; //!< --algorithm on the command line (set by parse)
    std::string ems_nm = "0";
    std::string ems_offset = "0";
    std::string ems_scale = "0.7";
    std::string devices_text;
    std::string input = "float";
    std::string int8_step = "0.125";
    std::string batch = "0";
    // the sweep
    std::string modulation = "bpsk";
    std::string ebn0 = "1.0:3.0:0.5";
    std::string min_frame_errors = "50";
    std::string max_frames = "10000";
    std::string max_seconds;
    std::string stop_fer;
    std::string seed = "1";
    bool all_zero = false;
    // the outputs
    std::string json_path;
    std::string csv_path;
    std::string resume_path;
    std::string checkpoint = "60";
    std::string progress = "auto";

    /*!
     * Parses the command line into these fields. Returns -1 when the run goes on,
     * else the exit status (--help: printed by `rank` 0 only); throws usage_error
     * on a bad command line.
     */
    int parse(int argc, char** argv, int rank)
    {
        CLI::App app{
            "gpufec-ber: BER/FER of an LDPC code over AWGN with a gpufec decoder",
            "gpufec-ber"
        };
        CLI::Option* algorithm_opt = add_decoder_options(app);
        add_sweep_options(app);
        add_output_options(app);
        const int parsed = parse_command_line(app, argc, argv, rank == 0);
        algorithm_given = algorithm_opt->count() > 0;
        return parsed;
    }

private:
    /* The code, the decoder and its input; returns --algorithm's option. */
    CLI::Option* add_decoder_options(CLI::App& app)
    {
        add_text_option(app,
                        "--code",
                        code_spec,
                        "SPEC",
                        "the code; " + gpufec::ldpc_code::spec_forms() + "\n" +
                            gpufec::nb_code::spec_forms());
        CLI::Option* algorithm_opt = decoder.add_rule_options(
            app,
            "check-node rule: spa, ms, nms, oms, scms; nonbinary codes: minmax "
            "(their default), ems");
        add_text_option(
            app, "--ems-nm", ems_nm, "N", "EMS: entries kept per message, 0 = q");
        add_text_option(app, "--ems-offset", ems_offset, "G", "EMS: offset, >= 0");
        add_text_option(
            app, "--ems-scale", ems_scale, "S", "EMS: C2V scaling factor, in (0, 1]");
        decoder.add_schedule_options(
            app,
            "maximum decoder iterations; auto: the code's default (per family and rate)",
            "stop decoding a frame once its syndrome is zero");
        return algorithm_opt;
    }

    /* The channel, the points and their stop rules, and where they run. */
    void add_sweep_options(CLI::App& app)
    {
        add_text_option(app, "--modulation", modulation, "NAME", "bpsk or qpsk (Gray)");
        add_text_option(
            app,
            "--ebn0",
            ebn0,
            "LIST",
            "Eb/N0 points in dB: comma-separated values and START:STOP:STEP ranges "
            "(STOP included, STEP > 0)");
        add_text_option(
            app,
            "--min-frame-errors",
            min_frame_errors,
            "N",
            "stop a point at this many frame errors (0: only the other rules)");
        add_text_option(app,
                        "--max-frames",
                        max_frames,
                        "N",
                        "stop a point at this many frames (>= 1)");
        add_text_option(
            app,
            "--max-seconds",
            max_seconds,
            "S",
            "stop a point after S seconds (> 0), at a batch boundary; --resume "
            "continues it");
        add_text_option(
            app,
            "--stop-fer",
            stop_fer,
            "F",
            "end the sweep after the first point whose FER is below F, in (0, 1)");
        add_text_option(app, "--seed", seed, "S", "random seed (Philox key)");
        add_text_option(
            app, "--threads", decoder.threads, "N", "CPU threads, 0 = all cores");
        add_text_option(app, "--backend", decoder.backend, "NAME", "cpu, cuda or auto");
        add_text_option(
            app,
            "--devices",
            devices_text,
            "all|LIST",
            "CUDA devices (binary codes): one worker per device, each point's frames "
            "split between them, e.g. all or 0,1");
        decoder.add_precision_options(app);
        add_text_option(
            app,
            "--input",
            input,
            "TYPE",
            "binary codes: LLRs given to the decoder, float or int8 (quantized with "
            "--int8-step, as an 8-bit receiver gives them)");
        add_text_option(app,
                        "--int8-step",
                        int8_step,
                        "S",
                        "int8 input: value v stands for LLR v * S");
        add_text_option(
            app, "--batch", batch, "N", "frames per decoder call, 0 = adaptive");
    }

    /* The files, checkpoints and progress line. */
    void add_output_options(CLI::App& app)
    {
        app.add_option("--json", json_path, "write the points to FILE as a JSON list")
            ->type_name("FILE");
        app.add_option("--csv", csv_path, "write the points to FILE as CSV")
            ->type_name("FILE");
        app.add_option("--resume",
                       resume_path,
                       "continue the sweep of FILE (a --json file of the same code, "
                       "seed and options): finished points are kept, others continue at "
                       "their next frame")
            ->type_name("FILE");
        add_text_option(
            app,
            "--checkpoint",
            checkpoint,
            "S",
            "rewrite the --json file every S seconds with the running point's "
            "counts (0: at every progress report)");
        add_text_option(app,
                        "--progress",
                        progress,
                        "auto|on|off",
                        "progress line on stdout; auto: when stdout is a terminal");
        app.add_flag("--all-zero", all_zero, "send the all-zero codeword (no encoder)");
    }
};

} // namespace gpufec_app

#endif /* INCLUDED_GPUFEC_APPS_BER_ARGS_H */
