/*
 * gpufec.batch_decoder, the numpy batch decoder of every code: a binary or a
 * GF(q) code (a spec string, an ldpc_code or an nb_ldpc_code) in, frames x
 * n_bits LLR arrays (float32 / float64, or int8 with a step) in, frames x
 * k_bits information bits (or codeword bits), iterations and parity status out.
 * Its options read back with options(); the deprecated nb_batch_decoder name is
 * a Python alias (deprecated.py).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "batch_decoder.h"
#include "frame_array.h"
#include "int_arg.h"
#include "llr_array.h"
#include "spec_arg.h"
#include <memory>
#include <optional>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <string>

namespace py = pybind11;
using gpufec_python::batch_decoder;
using decoder_args = gpufec_python::decoder_arguments;
using gpufec_python::int_arg;

namespace {

std::unique_ptr<batch_decoder> make(const py::object& code,
                                    const std::string& algorithm,
                                    double alpha,
                                    double beta,
                                    const std::string& schedule,
                                    const int_arg& max_iterations,
                                    bool early_termination,
                                    const std::string& backend,
                                    const int_arg& threads,
                                    const std::string& precision,
                                    const int_arg& fraction_bits,
                                    const int_arg& channel_max,
                                    const int_arg& c2v_max,
                                    const int_arg& device,
                                    const int_arg& ems_nm,
                                    double ems_offset,
                                    double ems_scale)
{
    const std::string who = "batch_decoder";
    using gpufec_python::single_of;
    decoder_args a;
    a.algorithm = algorithm;
    a.alpha = single_of(alpha, "alpha", who);
    a.beta = single_of(beta, "beta", who);
    a.schedule = schedule;
    a.max_iterations = max_iterations.get("max_iterations", who);
    a.early_termination = early_termination;
    a.backend = backend;
    a.threads = threads.get("threads", who);
    a.precision = precision;
    a.fraction_bits = fraction_bits.get("fraction_bits", who);
    a.channel_max = channel_max.get("channel_max", who);
    a.c2v_max = c2v_max.get("c2v_max", who);
    a.device = device.get("device", who);
    a.ems_nm = ems_nm.get("ems_nm", who);
    a.ems_offset = single_of(ems_offset, "ems_offset", who);
    a.ems_scale = single_of(ems_scale, "ems_scale", who);
    return std::make_unique<batch_decoder>(gpufec_python::code_of(code, "batch_decoder"),
                                           a);
}

py::tuple
decode(batch_decoder& d, const py::object& llrs, std::optional<float> step, bool codeword)
{
    const char* what = "batch_decoder.decode(llrs)";
    const auto in = gpufec_python::llr_array_of(llrs, what, true);
    if (!in.quantized && step) {
        throw py::type_error(
            "batch_decoder.decode: step applies to int8 LLRs only; float "
            "LLRs are taken as they are (pass codeword by keyword)");
    }
    const auto b = in.array.request();
    const size_t frames = gpufec_python::frames_of(b, d.n_bits(), what);
    py::array_t<uint8_t> bits({ frames, codeword ? d.n_bits() : d.k_bits() });
    py::array_t<int32_t> iterations(frames);
    py::array_t<uint8_t> ok(frames);
    gpufec_python::batch_output out;
    out.bits = bits.mutable_data();
    out.codeword = codeword;
    out.iterations = iterations.mutable_data();
    out.parity_ok = ok.mutable_data();
    {
        py::gil_scoped_release release;
        if (in.quantized) {
            d.decode(static_cast<const int8_t*>(b.ptr),
                     frames,
                     step.value_or(gpufec::default_int8_llr_step),
                     out);
        } else {
            d.decode(static_cast<const float*>(b.ptr), frames, out);
        }
    }
    return py::make_tuple(bits, iterations, ok.attr("astype")("bool"));
}

/* The options in force: those both kinds have, and those of the code's kind. */
py::dict options_dict(const batch_decoder& d)
{
    const gpufec::decoder_options o = d.options();
    py::dict r;
    r["code"] = d.spec();
    r["nonbinary"] = d.nonbinary();
    r["algorithm"] =
        d.nonbinary() ? gpufec::to_string(o.nonbinary.rule) : gpufec::to_string(o.rule);
    r["schedule"] = gpufec::to_string(o.schedule);
    r["max_iterations"] = o.max_iterations;
    r["early_termination"] = o.early_termination;
    r["backend"] = d.backend_name();
    r["threads"] = o.threads;
    r["precision"] = d.precision();
    r["device"] = o.gpu.device;
    if (d.nonbinary()) {
        r["ems_nm"] = o.nonbinary.ems_nm;
        r["ems_offset"] = gpufec_python::python_float(o.nonbinary.ems_offset);
        r["ems_scale"] = gpufec_python::python_float(o.nonbinary.ems_scale);
    } else {
        r["alpha"] = gpufec_python::python_float(o.alpha);
        r["beta"] = gpufec_python::python_float(o.beta);
        r["fraction_bits"] = o.fixed.fraction_bits;
        r["channel_max"] = o.fixed.channel_max;
        r["c2v_max"] = o.fixed.c2v_max;
    }
    return r;
}

py::object code_of_decoder(const batch_decoder& d)
{
    const gpufec::code_handle& c = d.code();
    if (c.is_binary()) {
        return py::cast(std::const_pointer_cast<gpufec::ldpc_code>(c.binary()));
    }
    return py::cast(std::const_pointer_cast<gpufec::nb_code>(c.nonbinary()));
}

const char* const class_doc =
    "A batch LDPC decoder with a numpy API, for every code: binary (spa, ms,\n"
    "nms, oms, scms) or nonbinary over GF(q) (Min-Max or EMS); backend 'cpu',\n"
    "'cuda' or 'auto'.\n\n"
    "Input LLRs L = ln(P(b=0)/P(b=1)): positive means bit 0; for a GF(2^p) code,\n"
    "the bit LLRs of the symbols' binary images (N*p per frame, bit j of symbol s\n"
    "at s*p + j). (The gr-fec FECAPI object gpufec.ldpc_decoder.make(...) takes\n"
    "gr-fec's soft bits instead, positive means bit 1.)";

const char* const init_doc =
    "Makes a decoder for a code: an ldpc_code, an nb_ldpc_code or a spec string\n"
    "(binary, or nbalist: / nbqc: / nbreg: for GF(q)).\n"
    "algorithm: auto (nms for a binary code, minmax for GF(q)), spa, ms, nms,\n"
    "  oms, scms; minmax, ems. schedule: layered, flooding. backend: auto, cpu,\n"
    "  cuda. threads: CPU threads (0 = all cores). device: CUDA device index\n"
    "  (backend cuda or auto).\n"
    "precision: auto (the fastest that keeps the FER within 0.1 dB of float),\n"
    "  float32, half2 (cuda), int16, int8 (fixed point); a GF(q) code: auto or\n"
    "  float32. options()['precision'] tells the one in force.\n"
    "Binary codes only (keep the defaults for GF(q)): alpha (nms) and beta (oms),\n"
    "  -1 = the code family's default; fixed point (int16 / int8): fraction_bits\n"
    "  (-1 = the precision's), channel_max and c2v_max (0 = the precision's).\n"
    "GF(q) codes only (keep the defaults for binary codes): ems_nm (0 = q),\n"
    "  ems_offset >= 0, ems_scale in (0, 1].\n"
    "A value out of range, or an option of the other kind of code, raises\n"
    "ValueError naming the parameter.";

const char* const decode_doc =
    "Decodes LLRs of shape (frames, n_bits) or (n_bits,), n_bits = N (N*p for\n"
    "a GF(2^p) code).\n"
    "llrs: float32 or float64 LLRs L = ln(P(b=0)/P(b=1)), positive means\n"
    "  bit 0; or int8 quantized LLRs, value v standing for the LLR v * step\n"
    "  (step: int8 only; default 0.125, as gpufec.quantize_llrs).\n"
    "  Any other dtype raises TypeError: uint8 or bool hard bits, complex\n"
    "  samples, other integers, objects.\n"
    "Returns (bits, iterations, parity_ok): bits (frames, K) uint8 (K*p for\n"
    "GF(2^p)), or (frames, n_bits) with codeword=True; iterations int32;\n"
    "parity_ok bool.";

} // namespace

void bind_batch_decoder(py::module& m)
{
    const decoder_args d;
    py::class_<batch_decoder>(m, "batch_decoder", class_doc)
        .def(py::init(&make),
             py::arg("code"),
             py::arg("algorithm") = d.algorithm,
             py::arg("alpha") = gpufec_python::python_float(d.alpha),
             py::arg("beta") = gpufec_python::python_float(d.beta),
             py::arg("schedule") = d.schedule,
             py::arg("max_iterations") = d.max_iterations,
             py::arg("early_termination") = d.early_termination,
             py::arg("backend") = d.backend,
             py::arg("threads") = d.threads,
             py::kw_only(),
             py::arg("precision") = d.precision,
             py::arg("fraction_bits") = d.fraction_bits,
             py::arg("channel_max") = d.channel_max,
             py::arg("c2v_max") = d.c2v_max,
             py::arg("device") = d.device,
             py::arg("ems_nm") = d.ems_nm,
             py::arg("ems_offset") = gpufec_python::python_float(d.ems_offset),
             py::arg("ems_scale") = gpufec_python::python_float(d.ems_scale),
             init_doc)
        .def_property_readonly(
            "backend", &batch_decoder::backend_name, "'cpu' or 'cuda'.")
        .def_property_readonly(
            "code", &code_of_decoder, "The code: an ldpc_code or an nb_ldpc_code.")
        .def_property_readonly(
            "nonbinary", &batch_decoder::nonbinary, "True for a GF(q) code.")
        .def_property_readonly("precision",
                               &batch_decoder::precision,
                               "The precision in force: float32, half2, int16, int8.")
        .def("options",
             &options_dict,
             "The options in force, as a dict: those of the code's kind, with\n"
             "algorithm, precision and backend resolved.")
        .def(
            "set_max_iterations",
            [](batch_decoder& dec, const int_arg& iterations) {
                dec.set_max_iterations(
                    iterations.get("iterations", "batch_decoder.set_max_iterations"));
            },
            py::arg("iterations"))
        .def("set_alpha", &batch_decoder::set_alpha, py::arg("alpha"))
        .def("set_beta", &batch_decoder::set_beta, py::arg("beta"))
        .def("decode",
             &decode,
             py::arg("llrs"),
             py::arg("step") = py::none(),
             py::arg("codeword") = false,
             decode_doc)
        .def("__repr__", [](const batch_decoder& dec) {
            return "<gpufec.batch_decoder '" + dec.spec() +
                   "' backend=" + dec.backend_name() + " precision=" + dec.precision() +
                   ">";
        });
}
