/* -*- c++ -*- */
/*
 * What gpufec-bench measures, for any code: a workload is made from the command
 * line (its code, decoder and the options it reads, refused as the kind of code
 * requires), prints what it measures and makes its input batch (prepare), then
 * times the modes asked for, and describes its results as JSON and as one table
 * row (bench_row, for --sweep). One implementation for binary codes
 * (bench_binary.cc: gpufec::decoder) and one for GF(q) codes (bench_nonbinary.cc:
 * gpufec::nb_decoder); their calls are made once a run or once a mode, never per
 * frame.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_APPS_BENCH_WORKLOAD_H
#define INCLUDED_GPUFEC_APPS_BENCH_WORKLOAD_H

#include <gpufec/nb_code.h>

#include "app_common.h"
#include "bench_args.h"
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
