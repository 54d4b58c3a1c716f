/* -*- c++ -*- */
/*
 * gpufec-ber: BER/FER curve of an LDPC code over AWGN (BPSK or Gray QPSK) with a
 * gpufec decoder, through gpufec::ber_simulator (reproducible Philox streams, see
 * include/gpufec/channel.h). Prints a header line and one table row per Eb/N0
 * point as soon as the point is done, with a progress line refreshed in place on
 * a terminal; --json / --csv write the points (rewritten after each point, and
 * the JSON every --checkpoint seconds with the running point's counts so far);
 * --resume continues a sweep from its JSON file; Ctrl-C ends the run at the next
 * batch boundary with every counted frame written. Stop rules: --min-frame-errors,
 * --max-frames, --max-seconds per point, --stop-fer for the sweep.
 * --devices splits each point over CUDA devices, and under mpirun the frames are
 * split over the processes (split_ber_simulator.h, mpi_exchange.h): the counts
 * equal those of one process on one device. docs/SIMULATOR.md has the details.
 * Bad options exit with status 2 and a message on stderr naming the option.
 *
 * Nonbinary codes (nbalist:, nbqc:, nbreg: specs, include/gpufec/nb_code.h):
 * --algorithm minmax (the default for them) or ems, layered or flooding; each
 * point also reports the symbol error rate (column SER, JSON keys
 * "symbol_errors" and "ser").
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gpufec/ber_simulator.h>
#include <gpufec/channel.h>
#include <gpufec/decoder.h>
#include <gpufec/device_info.h>
#include <gpufec/error.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/nb_code.h>
#include <gpufec/nb_decoder.h>
#include <gpufec/split_ber_simulator.h>

#include "app_common.h"
#include "ber_json.h"
#ifdef GPUFEC_HAVE_MPI
#include "mpi_exchange.h"
#endif
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

using namespace gpufec_app;

std::string nb_decoder_text(const gpufec::nb_decoder_options& o)
{
    std::ostringstream s;
    s << gpufec::to_string(o.rule);
    if (o.rule == gpufec::nb_check_rule::ems) {
        s << " n_m=" << o.ems_nm << " offset=" << o.ems_offset
          << " scale=" << o.ems_scale;
    }
    s << ", " << gpufec::to_string(o.schedule) << ", " << o.max_iterations
      << " iterations, early termination " << (o.early_termination ? "on" : "off");
    return s.str();
}

void print_row(const gpufec::ber_point& p)
{
    const gpufec::confidence_interval ci = p.fer_ci;
    if (p.nonbinary) {
        std::printf("%7s %10" PRIu64 " %12" PRIu64 " %12" PRIu64
                    " %11.4e %11.4e %11.4e %9.2f %11.4f   [%.3e, %.3e]\n",
                    json_number(p.ebn0_db).c_str(),
                    p.frames,
                    p.bit_errors,
                    p.frame_errors,
                    p.ber,
                    p.ser,
                    p.fer,
                    p.avg_iterations,
                    p.info_throughput_bps / 1e6,
                    ci.lower,
                    ci.upper);
        std::fflush(stdout);
        return;
    }
    std::printf("%7s %10" PRIu64 " %12" PRIu64 " %12" PRIu64
                " %11.4e %11.4e %9.2f %11.2f   [%.3e, %.3e]\n",
                json_number(p.ebn0_db).c_str(),
                p.frames,
                p.bit_errors,
                p.frame_errors,
                p.ber,
                p.fer,
                p.avg_iterations,
                p.info_throughput_bps / 1e6,
                ci.lower,
                ci.upper);
    std::fflush(stdout);
}

volatile std::sig_atomic_t g_interrupted = 0;

void on_sigint(int)
{
    g_interrupted = 1;
    std::signal(SIGINT, SIG_DFL); // a second Ctrl-C ends the process at once
}

/* "1h02m", "3m05s", "12s", "?" */
std::string duration_text(double s)
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
void print_progress(const gpufec::ber_progress& pr)
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

void clear_progress() { std::printf("\r\033[K"); }

std::string csv_text(const std::vector<gpufec::ber_point>& points, bool nonbinary)
{
    std::ostringstream s;
    s << "ebn0_db,frames,bit_errors,frame_errors,ber,fer,fer_ci_lower,fer_ci_upper,"
         "ber_ci_lower,ber_ci_upper,avg_iterations,undetected_frame_errors,seconds,"
         "info_throughput_bps,stopped_by";
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
          << "," << gpufec::to_string(p.stopped_by);
        if (nonbinary) {
            s << "," << p.symbol_errors << "," << json_number(p.ser);
        }
        s << "\n";
    }
    return s.str();
}

/* --devices: "all" or a comma-separated list of CUDA device indices. */
std::vector<int> parse_devices(const std::string& text)
{
    std::string why;
    const std::vector<gpufec::gpu_device> found = gpufec::list_cuda_devices(&why);
    if (found.empty()) {
        throw usage_error("--devices " + text + ": no CUDA device (" + why + ")");
    }
    std::vector<int> devices;
    if (lower(text) == "all") {
        for (const gpufec::gpu_device& d : found) {
            devices.push_back(d.index);
        }
        return devices;
    }
    size_t pos = 0;
    while (true) {
        const size_t comma = text.find(',', pos);
        const std::string item =
            text.substr(pos, comma == std::string::npos ? comma : comma - pos);
        const int d = static_cast<int>(parse_unsigned(item, "--devices", 0, 1023));
        if (d >= static_cast<int>(found.size())) {
            throw usage_error("--devices: device " + item + " does not exist (" +
                              std::to_string(found.size()) + " CUDA device(s))");
        }
        if (std::find(devices.begin(), devices.end(), d) != devices.end()) {
            throw usage_error("--devices: device " + item + " is listed twice");
        }
        devices.push_back(d);
        if (comma == std::string::npos) {
            break;
        }
        pos = comma + 1;
    }
    return devices;
}

/*
 * The points to write: those of this run, and the points of the resumed file at
 * any other Eb/N0 (not simulated, or not reached yet), so a file rewritten in the
 * middle of a resumed sweep loses nothing. Sorted by Eb/N0.
 */
std::vector<gpufec::ber_point> with_kept(std::vector<gpufec::ber_point> points,
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

struct process_info {
    int rank = 0;
    int size = 1;
    int local_rank = 0;      //!< among the processes of this host
    bool collective = false; //!< set once every rank runs the sweep together
};

int run(int argc, char** argv, process_info& proc)
{
    if (proc.rank == 0) {
        // from the start (a GPU's start can take a second): a Ctrl-C ends the
        // point at its next report with the counted frames kept; a second one
        // ends the process at once
        std::signal(SIGINT, on_sigint);
    }
    CLI::App app{ "gpufec-ber: BER/FER of an LDPC code over AWGN with a gpufec decoder" };
    std::string code_spec = "wimax:2304:1/2";
    std::string algorithm = "nms";
    gpufec_app::rule_parameter_args rule_parameters;
    std::string schedule = "layered";
    std::string iterations = "10";
    std::string early = "on";
    std::string modulation = "bpsk";
    std::string ebn0 = "1.0:3.0:0.5";
    std::string min_frame_errors = "50";
    std::string max_frames = "10000";
    std::string max_seconds;
    std::string stop_fer;
    std::string seed = "1";
    std::string threads = "0";
    fixed_point_args fixed;
    std::string backend = "auto";
    std::string precision = "float";
    std::string batch = "0";
    std::string json_path;
    std::string csv_path;
    std::string resume_path;
    std::string devices_text;
    std::string checkpoint = "60";
    std::string progress = "auto";
    std::string ems_nm = "0";
    std::string ems_offset = "0";
    std::string ems_scale = "0.7";
    bool all_zero = false;
    std::string input = "float";
    std::string int8_step = "0.125";

    auto option = [&app](const std::string& name,
                         std::string& value,
                         const std::string& type,
                         const std::string& help) {
        return app.add_option(name, value, help)->type_name(type)->capture_default_str();
    };
    option("--code",
           code_spec,
           "SPEC",
           "the code; " + gpufec::ldpc_code::spec_forms() + "\n" +
               gpufec::nb_code::spec_forms());
    CLI::Option* algorithm_opt =
        option("--algorithm",
               algorithm,
               "NAME",
               "check-node rule: spa, ms, nms, oms, scms; nonbinary codes: minmax (their "
               "default), ems");
    rule_parameters.add_options(app);
    option("--ems-nm", ems_nm, "N", "EMS: entries kept per message, 0 = q");
    option("--ems-offset", ems_offset, "G", "EMS: offset, >= 0");
    option("--ems-scale", ems_scale, "S", "EMS: C2V scaling factor, in (0, 1]");
    option("--schedule", schedule, "NAME", "layered or flooding");
    option("--iterations", iterations, "N", "maximum decoder iterations");
    option("--early-termination",
           early,
           "on|off",
           "stop decoding a frame once its syndrome is zero");
    option("--modulation", modulation, "NAME", "bpsk or qpsk (Gray)");
    option("--ebn0",
           ebn0,
           "LIST",
           "Eb/N0 points in dB: comma-separated values and START:STOP:STEP ranges "
           "(STOP included, STEP > 0)");
    option("--min-frame-errors",
           min_frame_errors,
           "N",
           "stop a point at this many frame errors (0: only the other rules)");
    option("--max-frames", max_frames, "N", "stop a point at this many frames (>= 1)");
    option("--max-seconds",
           max_seconds,
           "S",
           "stop a point after S seconds (> 0), at a batch boundary; --resume "
           "continues it");
    option("--stop-fer",
           stop_fer,
           "F",
           "end the sweep after the first point whose FER is below F, in (0, 1)");
    option("--seed", seed, "S", "random seed (Philox key)");
    option("--threads", threads, "N", "CPU threads, 0 = all cores");
    option("--backend", backend, "NAME", "cpu, cuda or auto");
    option("--devices",
           devices_text,
           "all|LIST",
           "CUDA devices (binary codes): one worker per device, each point's frames "
           "split between them, e.g. all or 0,1");
    option("--precision",
           precision,
           "NAME",
           "binary codes: float, half2 (cuda), int16 or int8 (cpu SIMD)");
    fixed.add_options(app);
    option("--input",
           input,
           "TYPE",
           "binary codes: LLRs given to the decoder, float or int8 (quantized with "
           "--int8-step, as an 8-bit receiver gives them)");
    option("--int8-step", int8_step, "S", "int8 input: value v stands for LLR v * S");
    option("--batch", batch, "N", "frames per decoder call, 0 = adaptive");
    app.add_option("--json", json_path, "write the points to FILE as a JSON list")
        ->type_name("FILE");
    app.add_option("--csv", csv_path, "write the points to FILE as CSV")
        ->type_name("FILE");
    app.add_option("--resume",
                   resume_path,
                   "continue the sweep of FILE (a --json file of the same code, seed "
                   "and options): finished points are kept, others continue at their "
                   "next frame")
        ->type_name("FILE");
    option("--checkpoint",
           checkpoint,
           "S",
           "rewrite the --json file every S seconds with the running point's counts "
           "(0: at every progress report)");
    option("--progress",
           progress,
           "auto|on|off",
           "progress line on stdout; auto: when stdout is a terminal");
    app.add_flag("--all-zero", all_zero, "send the all-zero codeword (no encoder)");

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return proc.rank == 0 ? app.exit(e) : 0;
    } catch (const CLI::CallForAllHelp& e) {
        return proc.rank == 0 ? app.exit(e) : 0;
    } catch (const CLI::ParseError& e) {
        throw usage_error(e.what());
    }

    const bool nonbinary = gpufec::nb_code::is_nb_spec(code_spec);
    gpufec::ber_options opt;
    gpufec::decoder_options& dec = opt.decoder;
    if (nonbinary) {
        gpufec::nb_decoder_options& nb = opt.nb_decoder;
        if (algorithm_opt->count() == 0) {
            algorithm = "minmax";
        }
        if (!gpufec::is_nb_check_rule(algorithm)) {
            throw usage_error("--algorithm " + algorithm + " is not a nonbinary rule; " +
                              code_spec + " is a GF(q) code: use minmax or ems");
        }
        nb.rule = gpufec::parse_nb_check_rule(algorithm);
        nb.schedule = gpufec::parse_schedule(schedule);
        nb.max_iterations =
            static_cast<int>(parse_unsigned(iterations, "--iterations", 1, 100000));
        nb.early_termination = parse_on_off(early, "--early-termination");
        nb.backend = gpufec::parse_backend(backend);
        nb.threads = static_cast<int>(parse_unsigned(threads, "--threads", 0, 4096));
        nb.ems_nm = static_cast<int>(parse_unsigned(ems_nm, "--ems-nm", 0, 256));
        nb.ems_offset = static_cast<float>(parse_real(ems_offset, "--ems-offset"));
        nb.ems_scale = static_cast<float>(parse_real(ems_scale, "--ems-scale"));
        nb.validate();
    } else if (gpufec::is_nb_check_rule(algorithm)) {
        throw usage_error("--algorithm " + algorithm + " is for nonbinary codes; " +
                          code_spec + " is binary (use spa, ms, nms, oms or scms)");
    } else {
        dec.rule = gpufec::parse_check_node_rule(algorithm);
    }
    rule_parameters.apply(dec);
    dec.schedule = gpufec::parse_schedule(schedule);
    dec.max_iterations =
        static_cast<int>(parse_unsigned(iterations, "--iterations", 1, 100000));
    dec.early_termination = parse_on_off(early, "--early-termination");
    dec.backend = gpufec::parse_backend(backend);
    dec.threads = static_cast<int>(parse_unsigned(threads, "--threads", 0, 4096));
    dec.precision = gpufec::parse_precision(
        parse_choice(precision, "--precision", { "float", "half2", "int16", "int8" }));
    fixed.apply(dec.fixed);
    dec.validate();
    opt.mod = gpufec::parse_modulation(modulation);
    try {
        opt.ebn0_db = gpufec::parse_ebn0_range(ebn0);
    } catch (const gpufec::invalid_argument& e) {
        throw usage_error(std::string("--ebn0: ") + e.what());
    }
    opt.min_frame_errors = parse_unsigned(
        min_frame_errors, "--min-frame-errors", 0, std::numeric_limits<uint64_t>::max());
    opt.max_frames = parse_unsigned(
        max_frames, "--max-frames", 1, std::numeric_limits<uint64_t>::max());
    if (!max_seconds.empty()) {
        opt.max_seconds = parse_real(max_seconds, "--max-seconds");
        if (!(opt.max_seconds > 0.0)) {
            throw usage_error("--max-seconds: " + max_seconds + " is not > 0");
        }
    }
    if (!stop_fer.empty()) {
        opt.stop_fer = parse_real(stop_fer, "--stop-fer");
        if (!(opt.stop_fer > 0.0 && opt.stop_fer < 1.0)) {
            throw usage_error("--stop-fer: " + stop_fer + " is outside (0, 1)");
        }
    }
    const double checkpoint_s = parse_real(checkpoint, "--checkpoint");
    if (checkpoint_s < 0.0) {
        throw usage_error("--checkpoint: " + checkpoint + " is negative");
    }
    const std::string progress_mode =
        parse_choice(progress, "--progress", { "auto", "on", "off" });
    opt.seed = parse_unsigned(seed, "--seed", 0, std::numeric_limits<uint64_t>::max());
    opt.threads = dec.threads;
    opt.batch_frames =
        static_cast<size_t>(parse_unsigned(batch, "--batch", 0, size_t(1) << 24));
    opt.all_zero = all_zero;
    if (parse_choice(input, "--input", { "float", "int8" }) == "int8") {
        if (nonbinary) {
            throw usage_error("--input int8: the nonbinary decoders take float LLRs");
        }
        const double step = parse_real(int8_step, "--int8-step");
        if (!(step > 0.0) || step > 1e3) {
            throw usage_error("--int8-step " + int8_step + ": must be > 0 and <= 1000");
        }
        opt.int8_step = static_cast<float>(step);
    }
    opt.validate();

    std::vector<int> devices;
    if (!devices_text.empty()) {
        if (nonbinary) {
            throw usage_error("--devices: the nonbinary decoders run on one device; "
                              "leave --devices out for " +
                              code_spec);
        }
        if (dec.backend == gpufec::backend_kind::cpu) {
            throw usage_error("--devices needs the cuda backend (--backend cpu given)");
        }
        devices = parse_devices(devices_text);
        dec.backend = gpufec::backend_kind::cuda;
        opt.decoder.backend = gpufec::backend_kind::cuda;
    }
    if (proc.size > 1 && devices.empty() && !nonbinary &&
        dec.backend != gpufec::backend_kind::cpu) {
        // processes sharing a host take its GPUs in turn
        const std::vector<gpufec::gpu_device> found = gpufec::list_cuda_devices();
        if (!found.empty()) {
            dec.gpu.device =
                found[static_cast<size_t>(proc.local_rank) % found.size()].index;
        }
    }
    const uint64_t workers_per_rank = devices.empty() ? 1 : devices.size();
    if (static_cast<uint64_t>(proc.size) * workers_per_rank > opt.max_frames) {
        throw usage_error("--max-frames " + max_frames + " is below the " +
                          std::to_string(proc.size) + " process(es) x " +
                          std::to_string(workers_per_rank) +
                          " worker(s) it is split over (mpirun -np, --devices): each "
                          "needs at least one frame");
    }

    // Find out now, not after hours of simulation, that the files cannot be written.
    const bool writer = proc.rank == 0;
    if (writer && !json_path.empty() && resume_path != json_path &&
        !write_file(json_path, "[]\n")) {
        throw usage_error("--json: cannot write '" + json_path +
                          "': " + std::strerror(errno));
    }
    if (writer && !csv_path.empty() && !write_file(csv_path, "")) {
        throw usage_error("--csv: cannot write '" + csv_path +
                          "': " + std::strerror(errno));
    }

    // The simulators: one, or one per device (and the other processes).
    std::vector<std::unique_ptr<gpufec::ber_simulator>> sims;
    const size_t n_workers = devices.empty() ? 1 : devices.size();
    for (size_t w = 0; w < n_workers; w++) {
        gpufec::ber_options wo = opt;
        if (!devices.empty()) {
            wo.decoder.gpu.device = devices[w];
        }
        if (nonbinary) {
            sims.push_back(std::make_unique<gpufec::ber_simulator>(
                gpufec::nb_code::make(code_spec), wo));
        } else {
            sims.push_back(std::make_unique<gpufec::ber_simulator>(
                gpufec::ldpc_code::make(code_spec), wo));
        }
    }
    gpufec::ber_simulator& sim = *sims.front();
    ber_run_info info = describe_run(sim);
    if (!devices.empty()) {
        info.devices = devices;
    }
    info.ranks = proc.size;

    std::vector<gpufec::ber_point> resumed;
    if (!resume_path.empty()) {
        resumed = read_resume_file(resume_path, info, opt);
    }

    if (writer) {
        std::string where;
        if (!devices.empty()) {
            where += "  devices";
            for (size_t i = 0; i < devices.size(); i++) {
                where += (i ? "," : " ") + std::to_string(devices[i]);
            }
        }
        if (proc.size > 1) {
            where += "  processes " + std::to_string(proc.size);
        }
        if (!resumed.empty()) {
            where += "  resuming " + std::to_string(resumed.size()) + " point(s)";
        }
        if (nonbinary) {
            const gpufec::nb_code& code = sim.get_nb_code();
            std::printf("code %s  GF(%d)  N=%d  K=%d symbols (%d x %d bits)  rate=%.6g  "
                        "decoder: %s  backend: %s  modulation: %s  seed %s%s%s\n",
                        code.name().c_str(),
                        code.q(),
                        code.n(),
                        code.k(),
                        code.k(),
                        code.p(),
                        code.rate(),
                        nb_decoder_text(sim.get_nb_decoder().options()).c_str(),
                        sim.get_nb_decoder().backend_name().c_str(),
                        gpufec::to_string(opt.mod).c_str(),
                        seed.c_str(),
                        opt.all_zero ? "  all-zero codeword" : "",
                        where.c_str());
            std::printf("%7s %10s %12s %12s %11s %11s %11s %9s %11s   %s\n",
                        "Eb/N0",
                        "frames",
                        "bit errors",
                        "frame errors",
                        "BER",
                        "SER",
                        "FER",
                        "avg iter",
                        "info Mbps",
                        "FER 95% CI (Wilson)");
        } else {
            const gpufec::ldpc_code& code = sim.code();
            std::printf("code %s  N=%d  K=%d  rate=%.6g  decoder: %s  backend: %s  "
                        "modulation: %s  seed %s%s%s\n",
                        code.name().c_str(),
                        code.n(),
                        code.k(),
                        code.rate(),
                        gpufec_app::decoder_text(sim.get_decoder().options()).c_str(),
                        sim.get_decoder().backend_name().c_str(),
                        gpufec::to_string(opt.mod).c_str(),
                        seed.c_str(),
                        opt.all_zero ? "  all-zero codeword" : "",
                        where.c_str());
            std::printf("%7s %10s %12s %12s %11s %11s %9s %11s   %s\n",
                        "Eb/N0",
                        "frames",
                        "bit errors",
                        "frame errors",
                        "BER",
                        "FER",
                        "avg iter",
                        "info Mbps",
                        "FER 95% CI (Wilson)");
        }
        std::fflush(stdout);
    }

    // Output after each point, progress and checkpoints on the way (rank 0).
    const bool show_progress =
        writer &&
        (progress_mode == "on" || (progress_mode == "auto" && isatty(STDOUT_FILENO)));
    std::vector<gpufec::ber_point> points;
    bool write_failed = false;
    bool progress_shown = false;
    auto write_outputs = [&](const std::vector<gpufec::ber_point>& running) {
        std::vector<gpufec::ber_point> all = points;
        all.insert(all.end(), running.begin(), running.end());
        all = with_kept(all, resumed);
        if (!json_path.empty() &&
            !write_file(json_path, points_json_text(all, info, opt))) {
            write_failed = true;
        }
        if (!csv_path.empty() && running.empty() &&
            !write_file(csv_path, csv_text(all, nonbinary))) {
            write_failed = true;
        }
    };
    auto last_checkpoint = std::chrono::steady_clock::now();
    auto on_progress = [&](const gpufec::ber_progress& pr) {
        if (show_progress) {
            print_progress(pr);
            progress_shown = true;
        }
        const auto now = std::chrono::steady_clock::now();
        if (!json_path.empty() &&
            std::chrono::duration<double>(now - last_checkpoint).count() >=
                checkpoint_s) {
            last_checkpoint = now;
            write_outputs({ pr.point });
        }
        return g_interrupted == 0;
    };
    auto on_point = [&](const gpufec::ber_point& p) {
        if (!writer) {
            return;
        }
        if (progress_shown) {
            clear_progress();
            progress_shown = false;
        }
        points.push_back(p);
        print_row(p);
        write_outputs({});
        last_checkpoint = std::chrono::steady_clock::now();
    };

    proc.collective = proc.size > 1;
    std::vector<gpufec::ber_point> result;
    if (sims.size() == 1 && proc.size == 1) {
        sim.set_progress_callback(on_progress);
        result = sim.run(on_point, resumed);
    } else {
        std::shared_ptr<gpufec::part_exchange> exchange;
#ifdef GPUFEC_HAVE_MPI
        if (proc.size > 1) {
            exchange = std::make_shared<mpi_exchange>();
        }
#endif
        gpufec::split_ber_simulator split(std::move(sims), exchange);
        if (writer) {
            split.set_progress_callback(on_progress);
        }
        result = split.run(on_point, resumed);
    }
    proc.collective = false;
    if (write_failed) {
        throw usage_error("--json / --csv: cannot write '" +
                          (json_path.empty() ? csv_path : json_path) + "'");
    }
    if (!result.empty() && result.back().stopped_by == gpufec::stop_reason::interrupted) {
        if (writer) {
            std::fprintf(stderr,
                         "gpufec-ber: interrupted at %s dB after %" PRIu64
                         " frames; every counted frame is in the output%s\n",
                         json_number(result.back().ebn0_db).c_str(),
                         result.back().frames,
                         json_path.empty()
                             ? ""
                             : ("; --resume " + json_path + " continues").c_str());
        }
        return 130;
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    process_info proc;
#ifdef GPUFEC_HAVE_MPI
    gpufec_app::mpi_session mpi(&argc, &argv);
    proc.rank = mpi.rank();
    proc.size = mpi.size();
    proc.local_rank = mpi.local_rank();
    if (proc.rank != 0) {
        // one set of messages: the other ranks check the same options silently
        std::cerr.setstate(std::ios::failbit);
    }
    const int rc =
        gpufec_app::run_app("gpufec-ber", [&] { return run(argc, argv, proc); });
    if (rc != 0 && proc.collective) {
        mpi.abort(rc);
    }
    return rc;
#else
    return gpufec_app::run_app("gpufec-ber", [&] { return run(argc, argv, proc); });
#endif
}
