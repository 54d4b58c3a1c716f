/*
 * pybind11 bindings of the gpufec core: codes from spec strings, their encoders,
 * the numpy batch decoder (gpufec.batch_decoder: frames x N arrays in, frames x K
 * bits, iterations and parity status out) and the AWGN channel. The GNU Radio
 * blocks and FECAPI objects are bound in their own files; python_bindings.cc makes
 * the module.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "llr_array.h"
#include <cmath>
#include <gpufec/channel.h>
#include <gpufec/decoder.h>
#include <gpufec/error.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/nb_code.h>
#include <optional>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <string>
#include <vector>

namespace py = pybind11;
using namespace gpufec;

namespace {

/*! Rows and columns of a 1-D (one frame) or 2-D (frames x width) array. */
std::pair<size_t, size_t>
frame_shape(const py::buffer_info& b, size_t width, const char* what)
{
    if (b.ndim == 1) {
        if (static_cast<size_t>(b.shape[0]) % width != 0 || b.shape[0] == 0) {
            throw invalid_argument(
                std::string(what) + ": length " + std::to_string(b.shape[0]) +
                " is not a positive multiple of " + std::to_string(width));
        }
        return { static_cast<size_t>(b.shape[0]) / width, width };
    }
    if (b.ndim == 2) {
        if (static_cast<size_t>(b.shape[1]) != width || b.shape[0] == 0) {
            throw invalid_argument(
                std::string(what) + ": shape (" + std::to_string(b.shape[0]) + ", " +
                std::to_string(b.shape[1]) + ") must be (frames > 0, " +
                std::to_string(width) + ")");
        }
        return { static_cast<size_t>(b.shape[0]), width };
    }
    throw invalid_argument(std::string(what) + ": expected a 1-D or 2-D array, got " +
                           std::to_string(b.ndim) + " dimensions");
}

} // namespace

void bind_core(py::module& m)
{
    py::register_exception<gpufec::backend_unavailable>(
        m, "BackendUnavailable", PyExc_RuntimeError);

    py::class_<ldpc_code, std::shared_ptr<ldpc_code>>(
        m, "ldpc_code", "A binary LDPC code named by a code spec string.")
        .def(py::init([](const std::string& spec) {
                 return std::const_pointer_cast<ldpc_code>(ldpc_code::make(spec));
             }),
             py::arg("spec"),
             ("Makes a code from a spec. " + ldpc_code::spec_forms()).c_str())
        .def_property_readonly(
            "name", &ldpc_code::name, "The spec the code was made from.")
        .def_property_readonly("n", &ldpc_code::n, "Transmitted codeword length N.")
        .def_property_readonly(
            "n_full", &ldpc_code::n_full, "Columns of H (N + punctured).")
        .def_property_readonly("k", &ldpc_code::k, "Information bits K.")
        .def_property_readonly("m", &ldpc_code::m, "Rows of H.")
        .def_property_readonly("q", &ldpc_code::q, "Field size (2 for binary codes).")
        .def_property_readonly("rate", &ldpc_code::rate, "K / N.")
        .def_property_readonly(
            "edges", [](const ldpc_code& c) { return c.h().edges(); }, "Ones in H.")
        .def_property_readonly(
            "z",
            [](const ldpc_code& c) { return c.h().is_qc() ? c.h().qc().z : 0; },
            "Lifting size Z of a quasi-cyclic code, 0 otherwise.")
        .def_property_readonly("info_positions",
                               &ldpc_code::info_positions,
                               "Column of H carrying each information bit.")
        .def_property_readonly("punctured_columns",
                               &ldpc_code::punctured_columns,
                               "Columns of H that are never transmitted.")
        .def_property_readonly(
            "placement",
            [](const ldpc_code& c) { return gpufec::info_placement_name(c.placement()); },
            "Where the information bits sit: 'standard' (the standard's columns), "
            "'pivot' (our generic encoder's) or 'grfec' (gr-fec's).")
        .def_property_readonly("placement_description",
                               &ldpc_code::placement_description,
                               "The placement, what it means and the columns, in words.")
        .def(
            "encode",
            [](const ldpc_code& c,
               py::array_t<uint8_t, py::array::c_style | py::array::forcecast> info) {
                const auto b = info.request();
                const auto shape = frame_shape(b, c.k(), "ldpc_code.encode(info)");
                const uint8_t* src = static_cast<const uint8_t*>(b.ptr);
                for (py::ssize_t i = 0; i < b.size; i++) {
                    if (src[i] > 1) {
                        throw invalid_argument(
                            "ldpc_code.encode(info): element " + std::to_string(i) +
                            " is " + std::to_string(src[i]) + ", expected 0 or 1");
                    }
                }
                py::array_t<uint8_t> out({ shape.first, static_cast<size_t>(c.n()) });
                uint8_t* dst = out.mutable_data();
                {
                    py::gil_scoped_release release;
                    for (size_t f = 0; f < shape.first; f++) {
                        c.encode(src + f * c.k(), dst + f * c.n());
                    }
                }
                return out;
            },
            py::arg("info"),
            "Encodes info bits, shape (frames, K) or (K,) of 0/1, to codewords (frames, "
            "N) uint8.")
        .def("__repr__", [](const ldpc_code& c) {
            return "<gpufec.ldpc_code '" + c.name() + "' N=" + std::to_string(c.n()) +
                   " K=" + std::to_string(c.k()) + ">";
        });

    py::class_<decoder>(
        m,
        "batch_decoder",
        "A batch LDPC decoder with a numpy API (backend 'cpu', 'cuda' or "
        "'auto').\n\n"
        "Input LLRs L = ln(P(b=0)/P(b=1)): positive means bit 0. (The gr-fec\n"
        "FECAPI object gpufec.ldpc_decoder.make(...) takes gr-fec's soft\n"
        "bits instead, positive means bit 1.)")
        .def(py::init([](py::object code_or_spec,
                         const std::string& algorithm,
                         float alpha,
                         float beta,
                         const std::string& schedule,
                         int max_iterations,
                         bool early_termination,
                         const std::string& backend,
                         int threads) {
                 ldpc_code::sptr code;
                 if (py::isinstance<py::str>(code_or_spec)) {
                     code = ldpc_code::make(code_or_spec.cast<std::string>());
                 } else {
                     code = code_or_spec.cast<std::shared_ptr<ldpc_code>>();
                 }
                 decoder_options o;
                 o.rule = parse_check_node_rule(algorithm);
                 o.alpha = alpha;
                 o.beta = beta;
                 o.schedule = parse_schedule(schedule);
                 o.max_iterations = max_iterations;
                 o.early_termination = early_termination;
                 o.backend = parse_backend(backend);
                 o.threads = threads;
                 return decoder::make(code, o);
             }),
             py::arg("code"),
             py::arg("algorithm") = "nms",
             py::arg("alpha") = -1.0f,
             py::arg("beta") = -1.0f,
             py::arg("schedule") = "layered",
             py::arg("max_iterations") = 10,
             py::arg("early_termination") = true,
             py::arg("backend") = "auto",
             py::arg("threads") = 0,
             "Makes a decoder for a code (an ldpc_code or a spec string).\n"
             "algorithm: spa, ms, nms, oms, scms; schedule: layered, flooding;\n"
             "backend: auto, cpu, cuda; threads: CPU threads (0 = all cores).")
        .def_property_readonly("backend", &decoder::backend_name, "'cpu' or 'cuda'.")
        .def_property_readonly("code",
                               [](const decoder& d) {
                                   return std::const_pointer_cast<ldpc_code>(
                                       d.code_ptr());
                               })
        .def("set_max_iterations", &decoder::set_max_iterations, py::arg("iterations"))
        .def("set_alpha", &decoder::set_alpha, py::arg("alpha"))
        .def("set_beta", &decoder::set_beta, py::arg("beta"))
        .def(
            "decode",
            [](decoder& d,
               const py::object& llrs,
               std::optional<float> step,
               bool codeword) {
                const char* what = "batch_decoder.decode(llrs)";
                const auto in = gpufec_python::llr_array_of(llrs, what, true);
                if (!in.quantized && step) {
                    throw py::type_error(
                        "batch_decoder.decode: step applies to int8 LLRs only; float "
                        "LLRs are taken as they are (pass codeword by keyword)");
                }
                const float q_step = step ? *step : default_int8_llr_step;
                const auto b = in.array.request();
                const ldpc_code& c = d.code();
                const auto shape = frame_shape(b, c.n(), what);
                const size_t frames = shape.first;
                const size_t width = codeword ? c.n() : c.k();
                py::array_t<uint8_t> bits({ frames, width });
                py::array_t<int32_t> iterations(frames);
                py::array_t<uint8_t> ok(frames);
                decode_output out;
                (codeword ? out.codewords : out.info_bits) = bits.mutable_data();
                out.iterations = iterations.mutable_data();
                out.parity_ok = ok.mutable_data();
                {
                    py::gil_scoped_release release;
                    if (in.quantized) {
                        d.decode(static_cast<const int8_t*>(b.ptr),
                                 frames * c.n(),
                                 frames,
                                 q_step,
                                 out);
                    } else {
                        d.decode(static_cast<const float*>(b.ptr),
                                 frames * c.n(),
                                 frames,
                                 out);
                    }
                }
                return py::make_tuple(bits, iterations, ok.attr("astype")("bool"));
            },
            py::arg("llrs"),
            py::arg("step") = py::none(),
            py::arg("codeword") = false,
            "Decodes LLRs of shape (frames, N) or (N,).\n"
            "llrs: float32 or float64 LLRs L = ln(P(b=0)/P(b=1)), positive means\n"
            "  bit 0; or int8 quantized LLRs, value v standing for the LLR v * step\n"
            "  (step: int8 only; default 0.125, as gpufec.quantize_llrs).\n"
            "  Any other dtype raises TypeError: uint8 or bool hard bits, complex\n"
            "  samples, other integers, objects.\n"
            "Returns (bits, iterations, parity_ok): bits (frames, K) uint8, or\n"
            "(frames, N) with codeword=True; iterations int32; parity_ok bool.");

    py::class_<awgn_channel>(
        m, "awgn_channel", "BPSK/QPSK over AWGN with Philox noise and exact LLRs.")
        .def(py::init(
                 [](const std::string& mod, double ebn0_db, double rate, uint64_t seed) {
                     return awgn_channel(parse_modulation(mod), ebn0_db, rate, seed);
                 }),
             py::arg("modulation"),
             py::arg("ebn0_db"),
             py::arg("rate"),
             py::arg("seed") = 1)
        .def_property_readonly("sigma", &awgn_channel::sigma)
        .def(
            "transmit",
            [](const awgn_channel& ch,
               py::array_t<uint8_t, py::array::c_style | py::array::forcecast> bits,
               uint64_t first_frame) {
                const auto b = bits.request();
                if (b.ndim != 2) {
                    throw invalid_argument(
                        "awgn_channel.transmit: bits must be (frames, N)");
                }
                const size_t frames = b.shape[0], n = b.shape[1];
                py::array_t<float> llrs({ frames, n });
                for (size_t f = 0; f < frames; f++) {
                    ch.transmit(static_cast<const uint8_t*>(b.ptr) + f * n,
                                n,
                                first_frame + f,
                                llrs.mutable_data() + f * n);
                }
                return llrs;
            },
            py::arg("bits"),
            py::arg("first_frame") = 0,
            "Modulates (frames, N) bits, adds the noise of frames first_frame.., returns "
            "LLRs.");

    m.def(
        "quantize_llrs",
        [](py::array_t<float, py::array::c_style | py::array::forcecast> llrs,
           float step) {
            const auto b = llrs.request();
            std::vector<py::ssize_t> shape(b.shape.begin(), b.shape.end());
            py::array_t<int8_t> out(shape);
            quantize_llrs(static_cast<const float*>(b.ptr),
                          static_cast<size_t>(b.size),
                          step,
                          out.mutable_data());
            return out;
        },
        py::arg("llrs"),
        py::arg("step") = default_int8_llr_step,
        "int8 LLRs: clamp(round(llrs / step), -127, 127), NaN -> 0, same shape.");
    m.def(
        "describe_backends", &describe_backends, "Backends of this build, one per line.");
    m.def("code_spec_forms", &ldpc_code::spec_forms, "The valid code spec forms.");
    m.def("is_nonbinary_spec",
          &nb_code::is_nb_spec,
          py::arg("spec"),
          "True for a nonbinary (GF(q)) code spec: nbalist:, nbqc:, nbreg:. The blocks "
          "and FECAPI objects decode either kind; this is how they tell.");
}
