/* -*- c++ -*- */
/*
 * gpufec-ber: BER/FER curve of an LDPC code over AWGN (BPSK or Gray QPSK) with a
 * gpufec decoder, through gpufec::ber_simulator (reproducible Philox streams, see
 * include/gpufec/channel.h). Prints a header line and one table row per Eb/N0
 * point as soon as the point is done; --json writes the points as a JSON list.
 * Bad options exit with status 2 and a message on stderr naming the problem.
 *
 * Nonbinary codes (nbalist:, nbqc:, nbreg: specs, include/gpufec/nb_code.h):
 * --algorithm minmax (the default for them) or ems, layered or flooding, CPU
 * backend; each point also reports the symbol error rate (column SER, JSON keys
 * "symbol_errors" and "ser", added after the nine keys of a binary point).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gpufec/ber_simulator.h>
#include <gpufec/channel.h>
#include <gpufec/decoder.h>
#include <gpufec/error.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/nb_code.h>
#include <gpufec/nb_decoder.h>

#include "app_common.h"
#include <CLI/CLI.hpp>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cinttypes>
#include <cmath>
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
#include <vector>

namespace {

using namespace gpufec_app;

std::string to_json(const std::vector<gpufec::ber_point>& points)
{
    std::ostringstream out;
    out << "[";
    for (size_t i = 0; i < points.size(); i++) {
        const gpufec::ber_point& p = points[i];
        out << (i ? ",\n " : "\n ") << "{\"ebn0_db\": " << json_number(p.ebn0_db)
            << ", \"frames\": " << p.frames << ", \"bit_errors\": " << p.bit_errors
            << ", \"frame_errors\": " << p.frame_errors
            << ", \"ber\": " << json_number(p.ber) << ", \"fer\": " << json_number(p.fer)
            << ", \"avg_iterations\": " << json_number(p.avg_iterations)
            << ", \"info_bits\": " << p.info_bits
            << ", \"seconds\": " << json_number(p.seconds);
        if (p.nonbinary) {
            out << ", \"symbol_errors\": " << p.symbol_errors
                << ", \"ser\": " << json_number(p.ser);
        }
        out << "}";
    }
    out << (points.empty() ? "]\n" : "\n]\n");
    return out.str();
}

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
    const gpufec::confidence_interval ci = gpufec::fer_confidence_interval(p);
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

int run(int argc, char** argv)
{
    CLI::App app{ "gpufec-ber: BER/FER of an LDPC code over AWGN with a gpufec decoder" };
    std::string code_spec = "wimax:2304:1/2";
    std::string algorithm = "nms";
    std::string alpha = "auto";
    std::string beta = "auto";
    std::string schedule = "layered";
    std::string iterations = "10";
    std::string early = "on";
    std::string modulation = "bpsk";
    std::string ebn0 = "1.0:3.0:0.5";
    std::string min_frame_errors = "50";
    std::string max_frames = "10000";
    std::string seed = "1";
    std::string threads = "0";
    fixed_point_args fixed;
    std::string backend = "auto";
    std::string precision = "float";
    std::string batch = "0";
    std::string json_path;
    std::string ems_nm = "0";
    std::string ems_offset = "0";
    std::string ems_scale = "0.7";
    bool all_zero = false;

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
    option("--alpha",
           alpha,
           "A",
           "normalized min-sum factor, in (0, 1]; auto: the code family's default");
    option("--beta",
           beta,
           "B",
           "offset min-sum offset, >= 0; auto: the code family's default");
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
    option("--ebn0", ebn0, "START[:STOP:STEP]", "Eb/N0 points in dB (STOP included)");
    option("--min-frame-errors",
           min_frame_errors,
           "N",
           "stop a point at this many frame errors (0: only --max-frames)");
    option("--max-frames", max_frames, "N", "stop a point at this many frames");
    option("--seed", seed, "S", "random seed (Philox key)");
    option("--threads", threads, "N", "CPU threads, 0 = all cores");
    option("--backend", backend, "NAME", "cpu, cuda or auto");
    option("--precision",
           precision,
           "NAME",
           "binary codes: float, half2 (cuda), int16 or int8 (cpu SIMD)");
    fixed.add_options(app);
    option("--batch", batch, "N", "frames per decoder call, 0 = adaptive");
    app.add_option("--json", json_path, "write the points to FILE as a JSON list")
        ->type_name("FILE");
    app.add_flag("--all-zero", all_zero, "send the all-zero codeword (no encoder)");

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
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
    dec.alpha = gpufec_app::parse_rule_parameter(alpha, "--alpha");
    dec.beta = gpufec_app::parse_rule_parameter(beta, "--beta");
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
    opt.ebn0_db = gpufec::parse_ebn0_range(ebn0);
    opt.min_frame_errors = parse_unsigned(
        min_frame_errors, "--min-frame-errors", 0, std::numeric_limits<uint64_t>::max());
    opt.max_frames = parse_unsigned(
        max_frames, "--max-frames", 1, std::numeric_limits<uint64_t>::max());
    opt.seed = parse_unsigned(seed, "--seed", 0, std::numeric_limits<uint64_t>::max());
    opt.threads = dec.threads;
    opt.batch_frames =
        static_cast<size_t>(parse_unsigned(batch, "--batch", 0, size_t(1) << 24));
    opt.all_zero = all_zero;
    opt.validate();

    // Find out now, not after hours of simulation, that the file cannot be written.
    if (!json_path.empty() && !write_file(json_path, "[]\n")) {
        throw usage_error("--json: cannot write '" + json_path +
                          "': " + std::strerror(errno));
    }

    std::unique_ptr<gpufec::ber_simulator> sim_ptr;
    if (nonbinary) {
        const gpufec::nb_code::sptr code = gpufec::nb_code::make(code_spec);
        sim_ptr = std::make_unique<gpufec::ber_simulator>(code, opt);
        std::printf("code %s  GF(%d)  N=%d  K=%d symbols (%d x %d bits)  rate=%.6g  "
                    "decoder: %s  backend: %s  modulation: %s  seed %s%s\n",
                    code->name().c_str(),
                    code->q(),
                    code->n(),
                    code->k(),
                    code->k(),
                    code->p(),
                    code->rate(),
                    nb_decoder_text(sim_ptr->get_nb_decoder().options()).c_str(),
                    sim_ptr->get_nb_decoder().backend_name().c_str(),
                    gpufec::to_string(opt.mod).c_str(),
                    seed.c_str(),
                    opt.all_zero ? "  all-zero codeword" : "");
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
        const gpufec::ldpc_code::sptr code = gpufec::ldpc_code::make(code_spec);
        sim_ptr = std::make_unique<gpufec::ber_simulator>(code, opt);
        gpufec::ber_simulator& sim = *sim_ptr;
        std::printf(
            "code %s  N=%d  K=%d  rate=%.6g  decoder: %s  backend: %s  modulation: %s  "
            "seed %s%s\n",
            code->name().c_str(),
            code->n(),
            code->k(),
            code->rate(),
            gpufec_app::decoder_text(sim.get_decoder().options()).c_str(),
            sim.get_decoder().backend_name().c_str(),
            gpufec::to_string(opt.mod).c_str(),
            seed.c_str(),
            opt.all_zero ? "  all-zero codeword" : "");
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
    gpufec::ber_simulator& sim = *sim_ptr;

    std::vector<gpufec::ber_point> points;
    bool json_failed = false;
    sim.run([&](const gpufec::ber_point& p) {
        points.push_back(p);
        print_row(p);
        // Rewrite the file after each point, so an interrupted run keeps its points.
        if (!json_path.empty() && !json_failed &&
            !write_file(json_path, to_json(points))) {
            json_failed = true;
        }
    });
    if (json_failed) {
        throw usage_error("--json: cannot write '" + json_path + "'");
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    return gpufec_app::run_app("gpufec-ber", [&] { return run(argc, argv); });
}
