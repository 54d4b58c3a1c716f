/* -*- c++ -*- */
/*
 * What gpufec-bench measures, for any code: a workload is made from the command
 * line (the code, its one gpufec::decoder and the options every workload reads,
 * made the same way for every code; the options of the other kind of code
 * refused by the core's option table), prints what it measures and makes its
 * input batch (prepare), then times the modes asked for, and describes its
 * results as JSON and as one table row (bench_row, for --sweep). The input and
 * the timed calls differ: bench_binary.cc for binary codes (CUDA device-resident
 * decode_device, host-fed decode, latency), bench_nonbinary.cc for GF(q) codes
 * (the GF(q) decoder's symbol and bit LLR calls); their calls are made once a
 * run or once a mode, never per frame.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_APPS_BENCH_WORKLOAD_H
#define INCLUDED_GPUFEC_APPS_BENCH_WORKLOAD_H

#include <gpufec/code.h>
#include <gpufec/decoder.h>
#include <gpufec/nb_code.h>

#include "app_common.h"
#include "bench_args.h"
#include "decoder_args.h"
#include <cstdint>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

namespace gpufec_app {

/*! The modes a run measures (--mode, and where the decoder runs). */
struct bench_modes {
    bool device = false; //!< device-resident (LLRs in GPU memory)
    bool host = false;   //!< host-fed

    /*!
     * From --mode: "both" is device and host where the decoder runs on a GPU,
     * host alone elsewhere; device where it does not is refused with `refusal`.
     */
    static bench_modes
    choose(const std::string& mode, bool on_gpu, const std::string& refusal)
    {
        bench_modes m;
        m.device = mode == "device" || (mode == "both" && on_gpu);
        m.host = mode == "host" || mode == "both";
        if (m.device && !on_gpu) {
            throw usage_error(refusal);
        }
        return m;
    }
};

/*! A measured run in one line: a row of the --sweep table (bench_sweep.h). */
struct bench_row {
    std::string code; //!< the code's name (its spec)
    size_t n = 0;     //!< transmitted bits (symbols for GF(q))
    size_t k = 0;     //!< information bits (symbols for GF(q))
    double rate = 0.0;
    std::string variant;     //!< the decoder's kernel or variant, as it reports it
    double device_gbps = -1; //!< device-resident median; negative: not measured
    double host_gbps = -1;   //!< host-fed median; negative: not measured
    size_t frames = 0;       //!< frames per decode call
    double fer = -1;         //!< of the decoded batch; negative: not measured
};

class bench_workload
{
public:
    virtual ~bench_workload() = default;

    const bench_modes& modes() const { return d_modes; }

    /*! Prints the code, the decoder and the input, and makes the input batch. */
    virtual void prepare() = 0;
    /*! Times decoding from GPU memory and prints the result (modes().device). */
    virtual void time_device_resident() = 0;
    /*! Times decoding from host memory and prints the result (modes().host). */
    virtual void time_host_fed() = 0;
    /*! Times single-frame decoding where the workload measures latency. */
    virtual void time_latency() = 0;
    /*! The run and its results; `command` is the command line. */
    virtual nlohmann::ordered_json json(const std::string& command) const = 0;
    /*! The run's figures in one line (after the timed modes). */
    virtual bench_row row() const = 0;

protected:
    /*!
     * What every workload reads and makes first, in this order: the decoder's
     * options (bench_decoder_options), --mode, --reps, --warmup, --ebn0, --seed,
     * the --json file's check, the code (gpufec::make_code) and its decoder
     * (gpufec::decoder::make), --batch (at most 2^24 frames, 2^20 for a GF(q)
     * code) and the modes (--mode device refused where the decoder does not run
     * on a GPU, or where this build has no CUDA).
     */
    explicit bench_workload(const bench_args& a)
        : d_options(bench_decoder_options(a)), d_runs(a.runs()), d_ebn0_db(a.ebn0_db()),
          d_seed_text(a.seed), d_seed(a.seed_value())
    {
        a.check_json_file();
        d_decoder = gpufec::decoder::make(gpufec::make_code(a.code_spec), d_options);
        d_in_force = d_decoder->options();
        d_batch =
            a.batch_frames(d_decoder->nonbinary() ? size_t(1) << 20 : size_t(1) << 24);
        d_modes = bench_modes::choose(
            d_runs.mode,
            d_decoder->backend_name() == "cuda",
            "--mode device needs the cuda backend (LLRs resident in GPU memory), but "
            "the decoder runs on backend " +
                d_decoder->backend_name() + "; use --mode host");
#ifndef GPUFEC_HAVE_CUDA
        if (d_modes.device) {
            throw usage_error(
                "--mode device: this build of gpufec-bench has no CUDA support");
        }
#endif
    }

    /*!
     * The run's first lines: the code (its field for a GF(q) code; N and K in
     * symbols then) and the decoder as in force with where it runs.
     */
    void print_code_and_decoder() const
    {
        const gpufec::code_handle c = d_decoder->any_code();
        const std::string field =
            c.is_binary() ? "" : "  GF(" + std::to_string(c.q()) + ")";
        std::printf("gpufec-bench: code %s%s  N=%d  K=%d  rate=%.6g\n",
                    c.name().c_str(),
                    field.c_str(),
                    c.n(),
                    c.k(),
                    code_rate(c));
        std::printf("decoder: %s  backend: %s\n",
                    decoder_text(*d_decoder).c_str(),
                    d_decoder->backend_name().c_str());
    }

    /*! The row's code columns and batch; `variant` as the decoder reports it. */
    bench_row code_row(const std::string& variant, size_t frames) const
    {
        const gpufec::code_handle c = d_decoder->any_code();
        bench_row r;
        r.code = c.name();
        r.n = static_cast<size_t>(c.n());
        r.k = static_cast<size_t>(c.k());
        r.rate = code_rate(c);
        r.variant = variant;
        r.frames = frames;
        return r;
    }

    gpufec::decoder_options d_options; //!< as asked for
    bench_runs d_runs;
    double d_ebn0_db = 0.0;
    std::string d_seed_text; //!< as given
    uint64_t d_seed = 0;
    gpufec::decoder::uptr d_decoder;    //!< of either kind (nonbinary() for GF(q))
    gpufec::decoder_options d_in_force; //!< the decoder's (defaults resolved)
    size_t d_batch = 0;                 //!< --batch; 0: the workload's choice
    bench_modes d_modes;
};

/*! The measurement of a run: prepare, then the modes asked for, then latency. */
inline void measure(bench_workload& workload)
{
    workload.prepare();
    if (workload.modes().device) {
        workload.time_device_resident();
    }
    if (workload.modes().host) {
        workload.time_host_fed();
    }
    workload.time_latency();
}

std::unique_ptr<bench_workload> make_binary_workload(const bench_args& args);
std::unique_ptr<bench_workload> make_nonbinary_workload(const bench_args& args);

/*! The workload of the code that args.code_spec names. */
inline std::unique_ptr<bench_workload> make_workload(const bench_args& args)
{
    return gpufec::nb_code::is_nb_spec(args.code_spec) ? make_nonbinary_workload(args)
                                                       : make_binary_workload(args);
}

} // namespace gpufec_app

#endif /* INCLUDED_GPUFEC_APPS_BENCH_WORKLOAD_H */
