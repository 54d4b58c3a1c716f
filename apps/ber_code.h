/* -*- c++ -*- */
/*
 * The code of a gpufec-ber run and all that the run does differently for a binary
 * code (ldpc_code, gpufec::decoder) and a GF(q) code (nb_code, gpufec::nb_decoder):
 * the decoder's options from the command line (a rule of the other kind refused),
 * the options a GF(q) code refuses (--input int8, --devices), the simulator, and
 * the line that describes the run. Everything else in gpufec-ber is the same for
 * both; ber_simulator decodes either.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_APPS_BER_CODE_H
#define INCLUDED_GPUFEC_APPS_BER_CODE_H

#include <gpufec/ber_simulator.h>
#include <gpufec/decoder.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/nb_code.h>
#include <gpufec/nb_decoder.h>
#include <gpufec/unused_options.h>

#include "app_common.h"
#include "ber_args.h"
#include <cstdio>
#include <memory>
#include <string>
#include <utility>

namespace gpufec_app {

/*! The code spec of a run and its kind, binary or GF(q). */
class ber_code
{
public:
    explicit ber_code(const std::string& spec)
        : d_spec(spec), d_nonbinary(gpufec::nb_code::is_nb_spec(spec))
    {
    }

    bool nonbinary() const { return d_nonbinary; }

    /*!
     * The decoder's options from the command line: this kind's rule (a rule of
     * the other kind refused) and, for a GF(q) code, the nonbinary decoder's
     * options; then the binary decoder's options, which every run checks.
     */
    void apply_decoder_args(const ber_args& a, gpufec::ber_options& opt) const
    {
        if (d_nonbinary) {
            refuse_binary_options(a);
            apply_nb_decoder_args(a, opt.nb_decoder);
        } else if (gpufec::is_nb_check_rule(a.algorithm)) {
            throw usage_error("--algorithm " + a.algorithm + " is for nonbinary codes; " +
                              d_spec + " is binary (use spa, ms, nms, oms or scms)");
        } else {
            opt.decoder.rule = gpufec::parse_check_node_rule(a.algorithm);
        }
        gpufec::decoder_options& dec = opt.decoder;
        a.rule_parameters.apply(dec);
        apply_decoder_basics(a, dec);
        a.fixed.apply(dec.fixed);
        if (!d_nonbinary) {
            refuse_nonbinary_options(a);
            gpufec::refuse_unused_options(
                dec, a.precision, gpufec::option_spelling::cli, "");
        }
        dec.validate();
    }

    /*! --input int8: the binary decoders only. */
    void check_int8_input() const
    {
        if (d_nonbinary) {
            throw usage_error("--input int8: the nonbinary decoders take float LLRs");
        }
    }

    /*! --devices: the binary decoders only. */
    void check_devices() const
    {
        if (d_nonbinary) {
            throw usage_error("--devices: the nonbinary decoders run on one device; "
                              "leave --devices out for " +
                              d_spec);
        }
    }

    /*! Whether processes sharing a host take its GPUs in turn (mpirun). */
    bool shares_host_gpus() const { return !d_nonbinary; }

    std::unique_ptr<gpufec::ber_simulator> simulator(const gpufec::ber_options& o) const
    {
        if (d_nonbinary) {
            return std::make_unique<gpufec::ber_simulator>(gpufec::nb_code::make(d_spec),
                                                           o);
        }
        return std::make_unique<gpufec::ber_simulator>(gpufec::ldpc_code::make(d_spec),
                                                       o);
    }

    /*!
     * The run's first line: code, decoder and backend as in force, modulation,
     * seed (as given), the all-zero codeword and `where` (devices, processes,
     * resumed points).
     */
    void print_run_line(gpufec::ber_simulator& sim,
                        const gpufec::ber_options& opt,
                        const std::string& seed,
                        const std::string& where) const
    {
        std::string decoder;
        std::string backend;
        if (d_nonbinary) {
            const gpufec::nb_code& code = sim.get_nb_code();
            std::printf("code %s  GF(%d)  N=%d  K=%d symbols (%d x %d bits)  rate=%.6g  ",
                        code.name().c_str(),
                        code.q(),
                        code.n(),
                        code.k(),
                        code.k(),
                        code.p(),
                        code.rate());
            decoder = nb_decoder_text(sim.get_nb_decoder().options());
            backend = sim.get_nb_decoder().backend_name();
        } else {
            const gpufec::ldpc_code& code = sim.code();
            std::printf("code %s  N=%d  K=%d  rate=%.6g  ",
                        code.name().c_str(),
                        code.n(),
                        code.k(),
                        code.rate());
            decoder = decoder_text(sim.get_decoder().options());
            backend = sim.get_decoder().backend_name();
        }
        std::printf("decoder: %s  backend: %s  modulation: %s  seed %s%s%s\n",
                    decoder.c_str(),
                    backend.c_str(),
                    gpufec::to_string(opt.mod).c_str(),
                    seed.c_str(),
                    opt.all_zero ? "  all-zero codeword" : "",
                    where.c_str());
    }

private:
    /*
     * --algorithm (minmax when not given), the shared fields (--precision among
     * them: float or auto, another refused by validate()) and the EMS ones.
     */
    static void apply_nb_decoder_args(const ber_args& a, gpufec::nb_decoder_options& nb)
    {
        const std::string algorithm = a.algorithm_given ? a.algorithm : "minmax";
        if (!gpufec::is_nb_check_rule(algorithm)) {
            throw usage_error("--algorithm " + algorithm + " is not a nonbinary rule; " +
                              a.code_spec + " is a GF(q) code: use minmax or ems");
        }
        nb.rule = gpufec::parse_nb_check_rule(algorithm);
        apply_decoder_basics(a, nb);
        nb.ems_nm = static_cast<int>(parse_unsigned(a.ems_nm, "--ems-nm", 0, 256));
        nb.ems_offset = parse_float(a.ems_offset, "--ems-offset");
        nb.ems_scale = parse_float(a.ems_scale, "--ems-scale");
        nb.validate();
    }

    /* The binary decoders' options given for a GF(q) code: refused. */
    void refuse_binary_options(const ber_args& a) const
    {
        const std::pair<const char*, const std::string*> auto_options[] = {
            { "alpha", &a.rule_parameters.alpha }, { "beta", &a.rule_parameters.beta }
        };
        for (const auto& o : auto_options) {
            if (*o.second != "auto") {
                refuse(o.first, *o.second, "auto");
            }
        }
        const std::pair<const char*, const std::string*> fixed_options[] = {
            { "fraction_bits", &a.fixed.fraction_bits },
            { "channel_max", &a.fixed.channel_max },
            { "c2v_max", &a.fixed.c2v_max }
        };
        for (const auto& o : fixed_options) {
            if (*o.second != "default") {
                refuse(o.first, *o.second, "default");
            }
        }
    }

    /* The nonbinary decoders' options given for a binary code: refused. */
    void refuse_nonbinary_options(const ber_args& a) const
    {
        const ber_args d;
        if (parse_unsigned(a.ems_nm, "--ems-nm", 0, 256) != 0) {
            refuse("ems_nm", a.ems_nm, d.ems_nm);
        }
        if (parse_float(a.ems_offset, "--ems-offset") != 0.0f) {
            refuse("ems_offset", a.ems_offset, d.ems_offset);
        }
        if (parse_float(a.ems_scale, "--ems-scale") != parse_float(d.ems_scale, "")) {
            refuse("ems_scale", a.ems_scale, d.ems_scale);
        }
    }

    [[noreturn]] void refuse(const char* field,
                             const std::string& value,
                             const std::string& default_text) const
    {
        try {
            gpufec::refuse_other_kind_option(field,
                                             quoted(value),
                                             default_text,
                                             d_spec,
                                             d_nonbinary,
                                             gpufec::option_spelling::cli,
                                             "");
        } catch (const gpufec::invalid_argument& e) {
            throw usage_error(e.what());
        }
    }

    std::string d_spec;
    bool d_nonbinary;
};

} // namespace gpufec_app

#endif /* INCLUDED_GPUFEC_APPS_BER_CODE_H */
