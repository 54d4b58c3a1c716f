/* -*- c++ -*- */
/*
 * The decoder arguments made into the core's option list, the code of a spec,
 * and the blocks' decoder options with their refusals (decoder_arguments.h).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "decoder_arguments.h"
#include <gpufec/device_info.h>
#include <gpufec/nb_decoder.h>
#include <gpufec/unused_options.h>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

using ::gpufec::message_precision;

/* Whether args.backend names `kind` (a bad name is refused by the parser). */
bool backend_is(const decoder_arguments& args, ::gpufec::backend_kind kind)
{
    try {
        return ::gpufec::parse_backend(args.backend) == kind;
    } catch (const std::invalid_argument&) {
        return false;
    }
}

/* A binary code's precision \p p, refused where its backend has none. */
void binary_precision(const decoder_arguments& args,
                      message_precision p,
                      const std::string& who)
{
    if (p == message_precision::half2 && backend_is(args, ::gpufec::backend_kind::cpu)) {
        throw std::invalid_argument(
            who + ": precision is 'half2', but backend is '" + args.backend +
            "'; half2 is a CUDA precision (the CPU backend offers float32, int16, "
            "int8 and auto)");
    }
    if ((p == message_precision::int16 || p == message_precision::int8) &&
        backend_is(args, ::gpufec::backend_kind::cuda)) {
        throw std::invalid_argument(
            who + ": precision is '" + args.precision + "', but backend is '" +
            args.backend +
            "'; int16 and int8 are CPU precisions (the CUDA backend offers float32, "
            "half2 and auto)");
    }
}

/*
 * The fixed-point options: each within its range, and refused with a floating
 * precision given explicitly (they would be ignored).
 */
void fixed_options(const decoder_arguments& args,
                   message_precision precision,
                   const std::string& who)
{
    const decoder_arguments defaults;
    const bool floating =
        precision == message_precision::float32 || precision == message_precision::half2;
    const struct {
        const char* name;
        int value;
        int fallback;
        const char* range;
    } given[] = {
        { "fraction_bits",
          args.fraction_bits,
          defaults.fraction_bits,
          "in [0, 12], or -1 for the precision's default" },
        { "channel_max",
          args.channel_max,
          defaults.channel_max,
          "in [1, 127] for int8 and [1, 32767] for int16, or 0 for the precision's "
          "default" },
        { "c2v_max",
          args.c2v_max,
          defaults.c2v_max,
          "in [1, 127] for int8 and [1, 32767] for int16, or 0 for the precision's "
          "default" },
    };
    for (const auto& g : given) {
        if (g.value == g.fallback) {
            continue;
        }
        if (floating) {
            throw std::invalid_argument(
                who + ": " + g.name + " is " + std::to_string(g.value) +
                ", but precision is '" + args.precision + "'; " + g.name +
                " applies to the fixed-point precisions int16 and int8 (and auto on "
                "the CPU backend): leave it at " +
                std::to_string(g.fallback) + " or choose one of those");
        }
        const int max = precision == message_precision::int8 ? 127 : 32767;
        const bool bad = std::string(g.name) == "fraction_bits"
                             ? g.value < 0 || g.value > 12
                             : g.value < 1 || g.value > max;
        if (bad) {
            throw std::invalid_argument(who + ": " + g.name + " is " +
                                        std::to_string(g.value) + "; it must be " +
                                        g.range);
        }
    }
}

/*
 * device: >= 0; with backend cpu only 0 (the CPU has no devices); one that the
 * visible CUDA devices do not have is refused here for backend auto too, which
 * would otherwise fall back to the CPU (backend cuda refuses it in the core).
 */
void check_device(const decoder_arguments& args, const std::string& who)
{
    if (args.device < 0) {
        throw std::invalid_argument(who + ": device is " + std::to_string(args.device) +
                                    "; it must be a CUDA device index >= 0");
    }
    if (args.device == 0) {
        return;
    }
    if (backend_is(args, ::gpufec::backend_kind::cpu)) {
        throw std::invalid_argument(
            who + ": device is " + std::to_string(args.device) + ", but backend is '" +
            args.backend + "'; device applies to backend cuda and auto (leave it at 0)");
    }
    if (backend_is(args, ::gpufec::backend_kind::automatic)) {
        const size_t visible = ::gpufec::list_cuda_devices().size();
        if (visible > 0 && static_cast<size_t>(args.device) >= visible) {
            throw std::invalid_argument(
                who + ": device is " + std::to_string(args.device) + ", but only " +
                std::to_string(visible) +
                " CUDA device(s) are visible (indices from 0; gpufec-info lists them)");
        }
    }
}

/* Runs check(), its refusals prefixed with `who`. */
template <typename Check>
void named(const std::string& who, Check check)
{
    try {
        check();
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(who + ": " + e.what());
    }
}

} // namespace

::gpufec::option_list named_options(const decoder_arguments& a)
{
    using ::gpufec::option_value;
    return {
        { "algorithm", a.algorithm },
        { "alpha", option_value(a.alpha) },
        { "beta", option_value(a.beta) },
        { "schedule", a.schedule },
        { "max_iterations", option_value(a.max_iterations) },
        { "early_termination", option_value(a.early_termination) },
        { "backend", a.backend },
        { "threads", option_value(a.threads) },
        { "ems_nm", option_value(a.ems_nm) },
        { "ems_offset", option_value(a.ems_offset) },
        { "ems_scale", option_value(a.ems_scale) },
        { "precision", a.precision },
        { "device", option_value(a.device) },
        { "fraction_bits", option_value(a.fraction_bits) },
        { "channel_max", option_value(a.channel_max) },
        { "c2v_max", option_value(a.c2v_max) },
    };
}

std::string precision_name(message_precision precision)
{
    const std::string s = ::gpufec::to_string(precision);
    return s == "float" ? "float32" : s;
}

::gpufec::code_handle code_of_spec(const std::string& spec, const std::string& who)
{
    if (spec.empty()) {
        throw std::invalid_argument(who + ": the code spec is empty; " +
                                    ::gpufec::ldpc_code::spec_forms() + "\n" +
                                    ::gpufec::nb_code::spec_forms());
    }
    try {
        ::gpufec::code_handle code = ::gpufec::make_code(spec);
        const int k = code.k(); // builds the encoder now: a singular H fails here
        if (!code.is_binary() && k < 1) {
            throw std::invalid_argument("the code has no information symbols (K = 0)");
        }
        return code;
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(who + ": code spec '" + spec + "': " + e.what());
    } catch (const std::runtime_error& e) { // file_format_error among others
        throw std::invalid_argument(who + ": code spec '" + spec + "': " + e.what());
    }
}

::gpufec::decoder_options block_decoder_options(const decoder_arguments& args,
                                                ::gpufec::code_kind kind,
                                                const std::string& spec,
                                                const std::string& who)
{
    ::gpufec::option_source source;
    source.who = who;
    const ::gpufec::decoder_options o =
        ::gpufec::parse_decoder_options(named_options(args), kind, spec, source);
    if (kind != ::gpufec::code_kind::nonbinary) {
        binary_precision(args, o.precision, who);
        fixed_options(args, o.precision, who);
        check_device(args, who);
        named(who, [&] {
            ::gpufec::refuse_unused_options(
                o, args.precision, ::gpufec::option_spelling::field, "");
            o.validate();
        });
        return o;
    }
    if (o.precision != message_precision::automatic &&
        o.precision != message_precision::float32) {
        throw std::invalid_argument(
            who + ": precision is '" + args.precision + "', but code spec '" + spec +
            "' is a nonbinary code; the nonbinary (GF(q)) decoders compute in float32 "
            "only: use precision auto or float32");
    }
    check_device(args, who);
    named(who, [&] { ::gpufec::to_nb_decoder_options(o).validate(); });
    return o;
}

} // namespace gpufec
} // namespace gr
