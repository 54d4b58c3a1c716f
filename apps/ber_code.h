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
     * The decoder's options from the command line, through the core's option
     * table: this kind's rule (--algorithm not given: auto, minmax for a GF(q)
     * code), the other kind's options refused unless at their defaults; for a
     * GF(q) code also the nonbinary decoder's options.
     */
    void apply_decoder_args(const ber_args& a, gpufec::ber_options& opt) const
    {
        gpufec::option_list given =
            common_decoder_options(a, a.algorithm_given ? a.algorithm : "auto");
        parse_unsigned(a.ems_nm, "--ems-nm", 0, 256);
        parse_float(a.ems_offset, "--ems-offset");
        parse_float(a.ems_scale, "--ems-scale");
        given.insert(given.end(),
                     { { "ems_nm", a.ems_nm },
                       { "ems_offset", a.ems_offset },
                       { "ems_scale", a.ems_scale } });
        gpufec::decoder_options& dec = opt.decoder;
        dec = app_decoder_options(given, d_nonbinary, d_spec);
        if (d_nonbinary) {
            gpufec::to_nb_decoder_options(dec).validate();
        } else {
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
    std::string d_spec;
    bool d_nonbinary;
};

} // namespace gpufec_app

#endif /* INCLUDED_GPUFEC_APPS_BER_CODE_H */
