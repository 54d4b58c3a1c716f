/*
 * gpufec.simulate(): the BER/FER engine of gpufec-ber from Python (ber_simulator,
 * or split_ber_simulator over several CUDA devices), for binary and nonbinary
 * code specs. It returns the points as a list of dicts with the keys of
 * gpufec-ber's JSON file (apps/ber_json.h builds both), releases the GIL while
 * it runs, and takes the points of an earlier call (or a JSON file's list) to
 * resume, checked for the same code, seed and options.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ber_json.h"
#include "decoder_args.h"
#include "int_arg.h"
#include "spec_arg.h"

#include <gpufec/ber_simulator.h>
#include <gpufec/error.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/nb_code.h>
#include <gpufec/split_ber_simulator.h>

#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace py = pybind11;

namespace {

using gpufec_app::ordered_json;

/* ebn0: a number, a sequence of numbers, or a string as gpufec-ber --ebn0 takes. */
std::vector<double> ebn0_of(const py::object& ebn0)
{
    if (py::isinstance<py::str>(ebn0)) {
        return gpufec::parse_ebn0_range(ebn0.cast<std::string>());
    }
    if (py::isinstance<py::float_>(ebn0) || py::isinstance<py::int_>(ebn0)) {
        return { ebn0.cast<double>() };
    }
    try {
        return ebn0.cast<std::vector<double>>();
    } catch (const py::cast_error&) {
        throw gpufec::invalid_argument(
            "simulate: ebn0 must be a number, a list of numbers or a string such as "
            "'1:3:0.5'");
    }
}

/* A point (or progress snapshot) as the dict of the JSON file. */
py::object to_python(const ordered_json& j)
{
    return py::module_::import("json").attr("loads")(j.dump());
}

/* The run settings of simulate() other than the decoder's. */
struct run_args {
    std::string modulation;
    uint64_t min_frame_errors;
    uint64_t max_frames;
    double max_seconds;
    double stop_fer;
    uint64_t seed;
    bool all_zero;
    size_t batch_frames;
    std::optional<std::vector<int>> devices;
};

/* The simulator's options: the decoder's by gpufec.batch_decoder's rules. */
gpufec::ber_options options_of(const std::string& spec,
                               const py::object& ebn0,
                               const gpufec_python::decoder_arguments& dec,
                               const run_args& run)
{
    const bool nonbinary = gpufec::nb_code::is_nb_spec(spec);
    gpufec::ber_options o;
    o.ebn0_db = ebn0_of(ebn0);
    o.decoder = gpufec_python::options_of(dec,
                                          nonbinary ? gpufec::code_kind::nonbinary
                                                    : gpufec::code_kind::binary,
                                          spec,
                                          "simulate");
    o.mod = gpufec::parse_modulation(run.modulation);
    o.min_frame_errors = run.min_frame_errors;
    o.max_frames = run.max_frames;
    o.max_seconds = run.max_seconds;
    o.stop_fer = run.stop_fer;
    o.seed = run.seed;
    o.all_zero = run.all_zero;
    o.batch_frames = run.batch_frames;
    o.threads = dec.threads;
    o.validate();
    if (run.devices) {
        if (run.devices->empty()) {
            throw gpufec::invalid_argument("simulate: devices is an empty list");
        }
        if (nonbinary) {
            throw gpufec::invalid_argument(
                "simulate: devices: the nonbinary decoders run on one device");
        }
        o.decoder.backend = gpufec::backend_kind::cuda;
    }
    return o;
}

/* One simulator, or one per CUDA device of `devices`. */
std::vector<std::unique_ptr<gpufec::ber_simulator>>
simulators_of(const std::string& spec,
              const gpufec::ber_options& o,
              const std::optional<std::vector<int>>& devices)
{
    std::vector<std::unique_ptr<gpufec::ber_simulator>> sims;
    const size_t n_workers = devices ? devices->size() : 1;
    for (size_t w = 0; w < n_workers; w++) {
        gpufec::ber_options wo = o;
        if (devices) {
            wo.decoder.gpu.device = (*devices)[w];
        }
        if (gpufec::nb_code::is_nb_spec(spec)) {
            sims.push_back(
                std::make_unique<gpufec::ber_simulator>(gpufec::nb_code::make(spec), wo));
        } else {
            sims.push_back(std::make_unique<gpufec::ber_simulator>(
                gpufec::ldpc_code::make(spec), wo));
        }
    }
    return sims;
}

/*
 * The progress callable as the simulator's callback: it runs with the GIL; an
 * exception it raises stops the run (the point ends interrupted) and is kept in
 * `error` to be raised again.
 */
gpufec::ber_simulator::progress_callback
progress_of(const py::object& progress,
            const gpufec_app::ber_run_info& info,
            const gpufec::ber_options& o,
            std::optional<py::error_already_set>& error)
{
    if (progress.is_none()) {
        return {};
    }
    return [&progress, &info, &o, &error](const gpufec::ber_progress& pr) {
        py::gil_scoped_acquire gil;
        try {
            py::dict d;
            d["point_index"] = pr.point_index;
            d["points"] = pr.points;
            d["point"] = to_python(gpufec_app::point_json(pr.point, info, o));
            d["seconds"] = pr.seconds;
            d["frames_per_second"] = pr.frames_per_second;
            d["eta_seconds"] = pr.eta_seconds;
            const py::object r = progress(d);
            return r.is_none() || r.cast<bool>();
        } catch (py::error_already_set& e) {
            error = std::move(e);
            return false;
        }
    };
}

/* Runs the simulators (split over devices where there are several), GIL released. */
std::vector<gpufec::ber_point>
run_points(std::vector<std::unique_ptr<gpufec::ber_simulator>> sims,
           const gpufec::ber_simulator::progress_callback& on_progress,
           double progress_interval,
           const std::vector<gpufec::ber_point>& previous)
{
    py::gil_scoped_release nogil;
    if (sims.size() == 1) {
        if (on_progress) {
            sims.front()->set_progress_callback(on_progress, progress_interval);
        }
        return sims.front()->run({}, previous);
    }
    gpufec::split_ber_simulator split(std::move(sims));
    if (on_progress) {
        split.set_progress_callback(on_progress, progress_interval);
    }
    return split.run({}, previous);
}

py::list simulate(const py::object& code,
                  const py::object& ebn0,
                  std::optional<std::string> algorithm,
                  std::optional<double> alpha,
                  std::optional<double> beta,
                  const std::string& schedule,
                  const gpufec_python::int_arg& iterations,
                  bool early_termination,
                  const std::string& precision,
                  const std::string& backend,
                  const gpufec_python::int_arg& threads,
                  const std::string& modulation,
                  uint64_t min_frame_errors,
                  uint64_t max_frames,
                  double max_seconds,
                  double stop_fer,
                  uint64_t seed,
                  bool all_zero,
                  size_t batch_frames,
                  std::optional<std::vector<int>> devices,
                  const gpufec_python::int_arg& ems_nm,
                  double ems_offset,
                  double ems_scale,
                  const py::object& resume,
                  const py::object& progress,
                  double progress_interval)
{
    const std::string spec = gpufec_python::spec_of(code, "simulate");
    gpufec_python::decoder_arguments dec;
    dec.algorithm = algorithm.value_or("auto");
    const std::string who = "simulate";
    using gpufec_python::single_of;
    dec.alpha = single_of(alpha.value_or(gpufec::family_default), "alpha", who);
    dec.beta = single_of(beta.value_or(gpufec::family_default), "beta", who);
    dec.schedule = schedule;
    dec.max_iterations = iterations.get("iterations", who);
    dec.early_termination = early_termination;
    dec.precision = precision;
    dec.backend = backend;
    dec.threads = threads.get("threads", who);
    dec.ems_nm = ems_nm.get("ems_nm", who);
    dec.ems_offset = single_of(ems_offset, "ems_offset", who);
    dec.ems_scale = single_of(ems_scale, "ems_scale", who);
    const run_args run{ modulation, min_frame_errors, max_frames,   max_seconds, stop_fer,
                        seed,       all_zero,         batch_frames, devices };
    const gpufec::ber_options o = options_of(spec, ebn0, dec, run);

    auto sims = simulators_of(spec, o, devices);
    gpufec_app::ber_run_info info = gpufec_app::describe_run(*sims.front());
    info.program = "gpufec.simulate";
    if (devices) {
        info.devices = *devices;
    }
    std::vector<gpufec::ber_point> previous;
    if (!resume.is_none()) {
        const std::string text =
            py::module_::import("json").attr("dumps")(resume).cast<std::string>();
        previous =
            gpufec_app::points_from_json(ordered_json::parse(text), info, o, "resume");
    }
    std::optional<py::error_already_set> progress_error;
    const auto on_progress = progress_of(progress, info, o, progress_error);
    const std::vector<gpufec::ber_point> points =
        run_points(std::move(sims), on_progress, progress_interval, previous);
    if (progress_error) {
        throw std::move(*progress_error);
    }
    py::list out;
    for (const gpufec::ber_point& p : points) {
        out.append(to_python(gpufec_app::point_json(p, info, o)));
    }
    return out;
}

} // namespace

void bind_simulate(py::module& m)
{
    m.def("simulate",
          &simulate,
          py::arg("code"),
          py::arg("ebn0"),
          py::arg("algorithm") = py::none(),
          py::arg("alpha") = py::none(),
          py::arg("beta") = py::none(),
          py::arg("schedule") = "layered",
          py::arg("iterations") = -1,
          py::arg("early_termination") = true,
          py::arg("precision") = "float",
          py::arg("backend") = "auto",
          py::arg("threads") = 0,
          py::arg("modulation") = "bpsk",
          py::arg("min_frame_errors") = 50,
          py::arg("max_frames") = 10000,
          py::arg("max_seconds") = 0.0,
          py::arg("stop_fer") = 0.0,
          py::arg("seed") = 1,
          py::arg("all_zero") = false,
          py::arg("batch_frames") = 0,
          py::arg("devices") = py::none(),
          py::arg("ems_nm") = 0,
          py::arg("ems_offset") = 0.0,
          py::arg("ems_scale") = 0.7,
          py::arg("resume") = py::none(),
          py::arg("progress") = py::none(),
          py::arg("progress_interval") = 0.25,
          "BER/FER of a code over AWGN, as gpufec-ber computes it; returns one dict\n"
          "per Eb/N0 point with the keys of gpufec-ber's JSON file (frames,\n"
          "bit_errors, frame_errors, ber, fer, fer_ci, ber_ci (over frames, from\n"
          "bit_errors_sq), ser for GF(q) codes,\n"
          "backend, devices, precision, code, decoder, stop_rules, ...).\n\n"
          "code: a spec string, ldpc_code or nb_ldpc_code. ebn0: a number, a list,\n"
          "or a string such as '1:3:0.5'. algorithm: spa, ms, nms (binary default),\n"
          "oms, scms; minmax (nonbinary default), ems. alpha / beta: None = the code\n"
          "family's default. precision: float (the default), auto, half2 (cuda),\n"
          "int16, int8 (cpu); a GF(q) code: float or auto. An option of the other\n"
          "kind of code (alpha, beta; ems_*) must keep its default.\n"
          "Stop rules per point: min_frame_errors (0: none), max_frames,\n"
          "max_seconds (0: none); stop_fer (0: none) ends the sweep after the first\n"
          "point with a lower FER. devices: CUDA device indices, each point's\n"
          "frames split between them with the counts of one device. resume: the\n"
          "points of an earlier call (or a gpufec-ber JSON list) of the same code,\n"
          "seed and options, continued exactly. progress: a callable taking a dict\n"
          "(point_index, points, point, seconds, frames_per_second, eta_seconds)\n"
          "every progress_interval seconds; returning False stops the run (the\n"
          "point ends with stopped_by 'interrupted', to be resumed). The GIL is\n"
          "released while the simulation runs.");
}
