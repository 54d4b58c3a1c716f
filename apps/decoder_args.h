/* -*- c++ -*- */
/*
 * The decoder options that gpufec-ber and gpufec-bench both have, as given on the
 * command line (text until parsed, so a bad value is a usage_error naming the
 * option): --algorithm, --alpha, --beta, --schedule, --iterations,
 * --early-termination, --backend, --threads, --precision and the CPU SIMD
 * decoder's fixed-point options. Their CLI11 options, the name / value pairs of
 * the core's option table (gpufec/decoder_option_parser.h) they stand for, the
 * parse of those pairs (with an app's own) for the kind of code a spec names,
 * and the line that names a decoder's options as in force.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_APPS_DECODER_ARGS_H
#define INCLUDED_GPUFEC_APPS_DECODER_ARGS_H

#include <gpufec/decoder.h>
#include <gpufec/decoder_option_parser.h>
#include <gpufec/host_resources.h>
#include <gpufec/nb_code.h>
#include <gpufec/nb_decoder.h>
#include <gpufec/unused_options.h>

#include "app_cli.h"
#include "app_common.h"
#include <CLI/CLI.hpp>
#include <cstdint>
#include <sstream>
#include <string>

namespace gpufec_app {

/*! The decoder options both apps read, as text until parsed. */
struct decoder_args {
    std::string algorithm = "nms";
    std::string alpha = "auto";
    std::string beta = "auto";
    std::string schedule = "layered";
    std::string iterations; //!< the app's default
    std::string early;      //!< the app's default
    std::string backend = "auto";
    std::string threads = "0";
    std::string precision = "float";
    // int8 / int16: the fixed-point quantization; "default" keeps the precision's
    std::string fraction_bits = "default";
    std::string channel_max = "default";
    std::string c2v_max = "default";

    decoder_args(const std::string& iterations_default, const std::string& early_default)
        : iterations(iterations_default), early(early_default)
    {
    }

    /* --algorithm (help: `algorithm_help`), --alpha, --beta; returns --algorithm. */
    CLI::Option* add_rule_options(CLI::App& app, const std::string& algorithm_help)
    {
        CLI::Option* algorithm_opt =
            add_text_option(app, "--algorithm", algorithm, "NAME", algorithm_help);
        add_text_option(
            app,
            "--alpha",
            alpha,
            "A",
            "normalized min-sum factor, in (0, 1]; auto: the code family's default");
        add_text_option(app,
                        "--beta",
                        beta,
                        "B",
                        "offset min-sum offset, >= 0; auto: the code family's default");
        return algorithm_opt;
    }

    /* --schedule, --iterations, --early-termination, with the app's help texts. */
    void add_schedule_options(CLI::App& app,
                              const std::string& iterations_help,
                              const std::string& early_help)
    {
        add_text_option(app, "--schedule", schedule, "NAME", "layered or flooding");
        add_text_option(app, "--iterations", iterations, "N", iterations_help);
        add_text_option(app, "--early-termination", early, "on|off", early_help);
    }

    /* --precision and the fixed-point options. */
    void add_precision_options(CLI::App& app)
    {
        add_text_option(
            app,
            "--precision",
            precision,
            "NAME",
            "message arithmetic: float, half2 (cuda), int16 or int8 (cpu SIMD), or "
            "auto (the backend's fastest within 0.1 dB of float: int8 for nms and int16 "
            "for ms, oms, scms on cpu, half2 on cuda, float for spa); GF(q) codes: "
            "float or auto");
        add_text_option(app,
                        "--fraction-bits",
                        fraction_bits,
                        "N",
                        "int8 / int16: channel LLR scaled by 2^N, 0..12 (default 2 / 3)");
        add_text_option(app,
                        "--channel-max",
                        channel_max,
                        "N",
                        "int8 / int16: channel value saturation (default 63 / 1024)");
        add_text_option(app,
                        "--c2v-max",
                        c2v_max,
                        "N",
                        "int8 / int16: check-to-variable magnitude clamp");
    }

    /*!
     * These options as name / value pairs of the core's option table, the rule
     * as `algorithm_value`; their numbers first checked for their ranges in the
     * command line's words (the word that keeps an option's default passes).
     */
    gpufec::option_list options(const std::string& algorithm_value) const
    {
        for (const std::string* value : { &alpha, &beta }) {
            if (*value != "auto") {
                parse_float(*value, value == &alpha ? "--alpha" : "--beta");
            }
        }
        struct ranged {
            const std::string& text;
            const char* option;
            uint64_t lo;
            uint64_t hi;
            const char* keep; //!< the word for the default, or null
        };
        const ranged ranges[] = {
            { iterations, "--iterations", 1, 100000, "auto" },
            { threads,
              "--threads",
              0,
              static_cast<uint64_t>(gpufec::limits::max_threads),
              nullptr },
            { fraction_bits, "--fraction-bits", 0, 12, "default" },
            { channel_max, "--channel-max", 1, 32767, "default" },
            { c2v_max, "--c2v-max", 1, 32767, "default" },
        };
        for (const ranged& r : ranges) {
            if (!r.keep || r.text != r.keep) {
                parse_unsigned(r.text, r.option, r.lo, r.hi);
            }
        }
        return { { "algorithm", algorithm_value },
                 { "alpha", alpha },
                 { "beta", beta },
                 { "schedule", schedule },
                 { "max_iterations", iterations },
                 { "early_termination", early },
                 { "backend", backend },
                 { "threads", threads },
                 { "precision", precision },
                 { "fraction_bits", fraction_bits },
                 { "channel_max", channel_max },
                 { "c2v_max", c2v_max } };
    }
};

/*!
 * The decoder options of `given` for the code that `spec` names (binary or
 * GF(q)): parsed by the core's option table, an option of the other kind
 * refused unless at its default; for a binary code an option given for nothing
 * refused (gpufec::refuse_unused_options, `precision_text` as given: alpha with
 * a rule other than nms, a device with backend cpu, ...); then validated (a
 * GF(q) code's part by the decoder that reads it). Refusals in the command
 * line's spelling (--alpha), the values quoted.
 */
inline gpufec::decoder_options
parse_app_decoder_options(const gpufec::option_list& given,
                          const std::string& spec,
                          const std::string& precision_text)
{
    gpufec::option_source cli;
    cli.spelling = gpufec::option_spelling::cli;
    cli.quote_values = true;
    const bool nonbinary = gpufec::nb_code::is_nb_spec(spec);
    const gpufec::decoder_options o = gpufec::parse_decoder_options(
        given,
        nonbinary ? gpufec::code_kind::nonbinary : gpufec::code_kind::binary,
        spec,
        cli);
    if (!nonbinary) {
        gpufec::refuse_unused_options(
            o, precision_text, gpufec::option_spelling::cli, "");
    }
    o.validate();
    return o;
}

/*
 * One line naming a decoder's options as in force (defaults and precision
 * resolved): the rule with its parameters (a GF(q) code's rule and EMS
 * parameters), schedule, iterations, early termination, precision and the
 * fixed-point fields that are not the defaults.
 */
inline std::string decoder_text(const gpufec::decoder& d)
{
    const gpufec::decoder_options o = d.options();
    std::ostringstream s;
    if (d.nonbinary()) {
        const gpufec::nonbinary_options& nb = o.nonbinary;
        s << gpufec::to_string(nb.rule);
        if (nb.rule == gpufec::nb_check_rule::ems) {
            s << " n_m=" << nb.ems_nm << " offset=" << nb.ems_offset
              << " scale=" << nb.ems_scale;
        }
    } else {
        s << gpufec::to_string(o.rule);
        if (o.rule == gpufec::check_node_rule::normalized_min_sum) {
            s << " alpha=" << o.alpha;
        } else if (o.rule == gpufec::check_node_rule::offset_min_sum) {
            s << " beta=" << o.beta;
        }
    }
    s << ", " << gpufec::to_string(o.schedule) << ", " << o.max_iterations
      << " iterations, early termination " << (o.early_termination ? "on" : "off")
      << ", precision " << gpufec::to_string(o.precision);
    const gpufec::fixed_point_options& f = o.fixed;
    if (f.fraction_bits >= 0)
        s << ", fraction bits " << f.fraction_bits;
    if (f.channel_max > 0)
        s << ", channel max " << f.channel_max;
    if (f.c2v_max > 0)
        s << ", c2v max " << f.c2v_max;
    return s.str();
}

} // namespace gpufec_app

#endif /* INCLUDED_GPUFEC_APPS_DECODER_ARGS_H */
