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
 * One flow for every code: the options (ber_args.h; the decoder's parsed by the
 * core's option table, decoder_args.h), the code of gpufec::make_code and the
 * simulator on its one gpufec::decoder, the outputs (ber_outputs.h, ber_table.h).
 * What differs for a GF(q) code is the simulator's (SER; --input int8 refused)
 * and two rules of this app: --devices is refused, and processes sharing a host
 * do not take its GPUs in turn.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gpufec/ber_simulator.h>
#include <gpufec/channel.h>
#include <gpufec/code.h>
#include <gpufec/decoder.h>
#include <gpufec/device_info.h>
#include <gpufec/error.h>
#include <gpufec/nb_code.h>
#include <gpufec/split_ber_simulator.h>

#include "app_common.h"
#include "ber_args.h"
#include "ber_json.h"
#include "ber_outputs.h"
#include "ber_table.h"
#include "decoder_args.h"
#ifdef GPUFEC_HAVE_MPI
#include "mpi_exchange.h"
#endif
#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <limits>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

using namespace gpufec_app;

volatile std::sig_atomic_t g_interrupted = 0;

void on_sigint(int)
{
    g_interrupted = 1;
    std::signal(SIGINT, SIG_DFL); // a second Ctrl-C ends the process at once
}

struct process_info {
    int rank = 0;
    int size = 1;
    int local_rank = 0;      //!< among the processes of this host
    bool collective = false; //!< set once every rank runs the sweep together
};

/*
 * The decoder's options from the command line, for the code --code names
 * (--algorithm not given: auto, minmax for a GF(q) code), with the EMS
 * parameters of a GF(q) code's decoder.
 */
gpufec::decoder_options decoder_options_of(const ber_args& a)
{
    gpufec::option_list given =
        a.decoder.options(a.algorithm_given ? a.decoder.algorithm : "auto");
    parse_unsigned(a.ems_nm, "--ems-nm", 0, 256);
    parse_float(a.ems_offset, "--ems-offset");
    parse_float(a.ems_scale, "--ems-scale");
    given.insert(given.end(),
                 { { "ems_nm", a.ems_nm },
                   { "ems_offset", a.ems_offset },
                   { "ems_scale", a.ems_scale } });
    return parse_app_decoder_options(given, a.code_spec, a.decoder.precision);
}

/*
 * The sweep's options (channel, points, stop rules, seed, batch, input) into
 * `opt`, whose decoder options are set; returns the outputs' settings that the
 * options give (--checkpoint, --progress), in the order the options are checked.
 */
sweep_output_settings parse_sweep_args(const ber_args& a, gpufec::ber_options& opt)
{
    opt.mod = gpufec::parse_modulation(a.modulation);
    try {
        opt.ebn0_db = gpufec::parse_ebn0_range(a.ebn0);
    } catch (const gpufec::invalid_argument& e) {
        throw usage_error(std::string("--ebn0: ") + e.what());
    }
    constexpr uint64_t any = std::numeric_limits<uint64_t>::max();
    opt.min_frame_errors =
        parse_unsigned(a.min_frame_errors, "--min-frame-errors", 0, any);
    opt.max_frames = parse_unsigned(a.max_frames, "--max-frames", 1, any);
    if (!a.max_seconds.empty()) {
        opt.max_seconds = parse_real(a.max_seconds, "--max-seconds");
        if (!(opt.max_seconds > 0.0)) {
            throw usage_error("--max-seconds: " + shown(a.max_seconds) + " is not > 0");
        }
    }
    if (!a.stop_fer.empty()) {
        opt.stop_fer = parse_real(a.stop_fer, "--stop-fer");
        if (!(opt.stop_fer > 0.0 && opt.stop_fer < 1.0)) {
            throw usage_error("--stop-fer: " + shown(a.stop_fer) + " is outside (0, 1)");
        }
    }
    sweep_output_settings out;
    out.json_path = a.json_path;
    out.csv_path = a.csv_path;
    out.checkpoint_s = parse_real(a.checkpoint, "--checkpoint");
    if (out.checkpoint_s < 0.0) {
        throw usage_error("--checkpoint: " + shown(a.checkpoint) + " is negative");
    }
    const std::string progress_mode =
        parse_choice(a.progress, "--progress", { "auto", "on", "off" });
    out.show_progress =
        progress_mode == "on" || (progress_mode == "auto" && isatty(STDOUT_FILENO));
    opt.seed = parse_unsigned(a.seed, "--seed", 0, any);
    opt.threads = opt.decoder.threads;
    opt.batch_frames =
        static_cast<size_t>(parse_unsigned(a.batch, "--batch", 0, size_t(1) << 24));
    opt.all_zero = a.all_zero;
    if (parse_choice(a.input, "--input", { "float", "int8" }) == "int8") {
        const double step = parse_real(a.int8_step, "--int8-step");
        if (!(step > 0.0) || step > 1e3) {
            throw usage_error("--int8-step " + shown(a.int8_step) +
                              ": must be > 0 and <= 1000");
        }
        opt.int8_step = static_cast<float>(step);
    }
    opt.validate();
    return out;
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
 * The CUDA devices of this process's workers (--devices; empty: one worker on the
 * decoder's device, which processes sharing a host take in turn), then the check
 * that every worker of every process gets at least one frame.
 */
std::vector<int>
choose_devices(const ber_args& a, const process_info& proc, gpufec::ber_options& opt)
{
    // a GF(q) code: one worker on one device, which ranks sharing a host do not
    // take in turn
    const bool nonbinary = gpufec::nb_code::is_nb_spec(a.code_spec);
    gpufec::decoder_options& dec = opt.decoder;
    std::vector<int> devices;
    if (!a.devices_text.empty()) {
        if (nonbinary) {
            throw usage_error("--devices: the nonbinary decoders run on one device; "
                              "leave --devices out for " +
                              a.code_spec);
        }
        if (dec.backend == gpufec::backend_kind::cpu) {
            throw usage_error("--devices needs the cuda backend (--backend cpu given)");
        }
        devices = parse_devices(a.devices_text);
        dec.backend = gpufec::backend_kind::cuda;
    }
    if (proc.size > 1 && devices.empty() && !nonbinary &&
        dec.backend != gpufec::backend_kind::cpu) {
        const std::vector<gpufec::gpu_device> found = gpufec::list_cuda_devices();
        if (!found.empty()) {
            dec.gpu.device =
                found[static_cast<size_t>(proc.local_rank) % found.size()].index;
        }
    }
    const uint64_t workers_per_rank = devices.empty() ? 1 : devices.size();
    if (static_cast<uint64_t>(proc.size) * workers_per_rank > opt.max_frames) {
        throw usage_error("--max-frames " + a.max_frames + " is below the " +
                          std::to_string(proc.size) + " process(es) x " +
                          std::to_string(workers_per_rank) +
                          " worker(s) it is split over (mpirun -np, --devices): each "
                          "needs at least one frame");
    }
    return devices;
}

/*
 * Finds out now, not after hours of simulation, that the files cannot be written:
 * each is opened and written to (a full disk refuses the first byte), after the
 * --resume file was read, so that a refused resume leaves every file as it was.
 */
void check_output_files(const ber_args& a)
{
    if (!a.json_path.empty() && a.resume_path != a.json_path &&
        !write_file(a.json_path, "[]\n")) {
        throw usage_error("--json: cannot write " + quoted(a.json_path) + ": " +
                          std::strerror(errno));
    }
    if (!a.csv_path.empty() && !write_file(a.csv_path, "\n")) {
        throw usage_error("--csv: cannot write " + quoted(a.csv_path) + ": " +
                          std::strerror(errno));
    }
    if (!a.csv_path.empty()) {
        write_file(a.csv_path, ""); // the test line out again
    }
}

/*
 * The simulators, with a refused --batch (more frames than half of the host's
 * memory holds, found when the code's size is known) named as the option.
 */
std::vector<std::unique_ptr<gpufec::ber_simulator>>
make_checked_simulators(const std::string& spec,
                        const gpufec::ber_options& opt,
                        const std::vector<int>& devices);

/*
 * The simulators: one, or one per device (--devices), each of its own code
 * (gpufec::make_code of `spec`) and decoder.
 */
std::vector<std::unique_ptr<gpufec::ber_simulator>>
make_simulators(const std::string& spec,
                const gpufec::ber_options& opt,
                const std::vector<int>& devices)
{
    std::vector<std::unique_ptr<gpufec::ber_simulator>> sims;
    const size_t n_workers = devices.empty() ? 1 : devices.size();
    for (size_t w = 0; w < n_workers; w++) {
        gpufec::ber_options wo = opt;
        if (!devices.empty()) {
            wo.decoder.gpu.device = devices[w];
        }
        sims.push_back(
            std::make_unique<gpufec::ber_simulator>(gpufec::make_code(spec), wo));
    }
    return sims;
}

std::vector<std::unique_ptr<gpufec::ber_simulator>>
make_checked_simulators(const std::string& spec,
                        const gpufec::ber_options& opt,
                        const std::vector<int>& devices)
{
    try {
        return make_simulators(spec, opt, devices);
    } catch (const gpufec::invalid_argument& e) {
        // gpufec::check_batch_memory's words, "batch_frames N: the batch needs ..."
        const std::string what = e.what();
        const std::string prefix = "batch_frames ";
        if (opt.batch_frames > 0 && what.compare(0, prefix.size(), prefix) == 0) {
            throw usage_error("--batch " + what.substr(prefix.size()) +
                              " (--batch 0 sizes the batches to the code)");
        }
        throw;
    }
}

/* "  devices 0,1  processes 2  resuming 3 point(s)", each where it applies. */
std::string where_text(const std::vector<int>& devices,
                       const process_info& proc,
                       const std::vector<gpufec::ber_point>& resumed)
{
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
    return where;
}

/*
 * The run's first line: code (a GF(q) code's field and sizes in symbols and
 * bits), decoder and backend as in force, modulation, seed (as given), the
 * all-zero codeword and `where` (devices, processes, resumed points).
 */
void print_run_line(gpufec::ber_simulator& sim,
                    const gpufec::ber_options& opt,
                    const std::string& seed,
                    const std::string& where)
{
    const gpufec::code_handle code = sim.any_code();
    const double rate = code_rate(code);
    if (code.is_binary()) {
        std::printf("code %s  N=%d  K=%d  rate=%.6g  ",
                    code.name().c_str(),
                    code.n(),
                    code.k(),
                    rate);
    } else {
        std::printf("code %s  GF(%d)  N=%d  K=%d symbols (%d x %d bits)  rate=%.6g  ",
                    code.name().c_str(),
                    code.q(),
                    code.n(),
                    code.k(),
                    code.k(),
                    code.bits_per_symbol(),
                    rate);
    }
    const gpufec::decoder& dec = simulated_decoder(sim);
    std::printf("decoder: %s  backend: %s  modulation: %s  seed %s%s%s\n",
                decoder_text(dec).c_str(),
                dec.backend_name().c_str(),
                gpufec::to_string(opt.mod).c_str(),
                seed.c_str(),
                opt.all_zero ? "  all-zero codeword" : "",
                where.c_str());
}

/*
 * Runs the sweep: on one simulator, or split over the devices and processes
 * (split_ber_simulator); `out` takes the points and progress reports.
 */
std::vector<gpufec::ber_point>
run_sweep(std::vector<std::unique_ptr<gpufec::ber_simulator>> sims,
          process_info& proc,
          sweep_output& out,
          const std::vector<gpufec::ber_point>& resumed)
{
    auto on_progress = [&out](const gpufec::ber_progress& pr) {
        out.on_progress(pr);
        return g_interrupted == 0;
    };
    auto on_point = [&out](const gpufec::ber_point& p) { out.on_point(p); };
    proc.collective = proc.size > 1;
    std::vector<gpufec::ber_point> result;
    if (sims.size() == 1 && proc.size == 1) {
        sims.front()->set_progress_callback(on_progress);
        result = sims.front()->run(on_point, resumed);
    } else {
        std::shared_ptr<gpufec::part_exchange> exchange;
#ifdef GPUFEC_HAVE_MPI
        if (proc.size > 1) {
            exchange = std::make_shared<mpi_exchange>();
        }
#endif
        gpufec::split_ber_simulator split(std::move(sims), exchange);
        if (proc.rank == 0) {
            split.set_progress_callback(on_progress);
        }
        result = split.run(on_point, resumed);
    }
    proc.collective = false;
    return result;
}

/* The exit status of a finished sweep: 130 when Ctrl-C ended it, said on stderr. */
int end_status(const std::vector<gpufec::ber_point>& result,
               bool writer,
               const std::string& json_path)
{
    if (result.empty() || result.back().stopped_by != gpufec::stop_reason::interrupted) {
        return 0;
    }
    if (writer) {
        std::fprintf(
            stderr,
            "gpufec-ber: interrupted at %s dB after %" PRIu64
            " frames; every counted frame is in the output%s\n",
            json_number(result.back().ebn0_db).c_str(),
            result.back().frames,
            json_path.empty() ? "" : ("; --resume " + json_path + " continues").c_str());
    }
    return 130;
}

int run(int argc, char** argv, process_info& proc)
{
    if (proc.rank == 0) {
        // from the start (a GPU's start can take a second): a Ctrl-C ends the
        // point at its next report with the counted frames kept; a second one
        // ends the process at once
        std::signal(SIGINT, on_sigint);
    }
    ber_args args;
    const int parsed = args.parse(argc, argv, proc.rank);
    if (parsed >= 0) {
        return parsed;
    }
    gpufec::ber_options opt;
    opt.decoder = decoder_options_of(args);
    sweep_output_settings settings = parse_sweep_args(args, opt);
    const std::vector<int> devices = choose_devices(args, proc, opt);
    settings.writer = proc.rank == 0;
    settings.show_progress = settings.writer && settings.show_progress;

    std::vector<std::unique_ptr<gpufec::ber_simulator>> sims =
        make_checked_simulators(args.code_spec, opt, devices);
    ber_run_info info = describe_run(*sims.front());
    if (!devices.empty()) {
        info.devices = devices;
    }
    info.ranks = proc.size;
    std::vector<gpufec::ber_point> resumed;
    if (!args.resume_path.empty()) {
        resumed = read_resume_file(args.resume_path, info, opt);
    }
    if (settings.writer) {
        check_output_files(args);
    }
    const bool nonbinary = sims.front()->is_nonbinary();
    if (settings.writer) {
        print_run_line(*sims.front(), opt, args.seed, where_text(devices, proc, resumed));
        print_table_header(nonbinary);
    }

    sweep_output out(settings, info, opt, resumed, nonbinary);
    const std::vector<gpufec::ber_point> result =
        run_sweep(std::move(sims), proc, out, resumed);
    if (out.write_failed()) {
        throw usage_error("--json / --csv: cannot write '" +
                          (args.json_path.empty() ? args.csv_path : args.json_path) +
                          "'");
    }
    return end_status(result, settings.writer, args.json_path);
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
