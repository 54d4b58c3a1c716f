/*
 * pybind11 bindings of the gpufec core's binary codes (gpufec.ldpc_code: a code
 * from a spec string, with its encoder), the AWGN channel, int8 LLR quantization
 * and the module's functions. The nonbinary codes (nb_core_python.cc), the numpy
 * batch decoder (batch_decoder_python.cc), the GNU Radio blocks and FECAPI
 * objects are bound in their own files; python_bindings.cc makes the module.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "frame_array.h"
#include <gpufec/channel.h>
#include <gpufec/decoder.h>
#include <gpufec/error.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/nb_code.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <string>
#include <vector>

namespace py = pybind11;
using namespace gpufec;

namespace {

py::array_t<uint8_t> encode(const ldpc_code& c, gpufec_python::bit_array info)
{
    const char* what = "ldpc_code.encode(info)";
    const auto b = info.request();
    const size_t frames = gpufec_python::frames_of(b, c.k(), what);
    gpufec_python::check_bits(b, what);
    const uint8_t* src = static_cast<const uint8_t*>(b.ptr);
    py::array_t<uint8_t> out({ frames, static_cast<size_t>(c.n()) });
    uint8_t* dst = out.mutable_data();
    {
        py::gil_scoped_release release;
        for (size_t f = 0; f < frames; f++) {
            c.encode(src + f * c.k(), dst + f * c.n());
        }
    }
    return out;
}

void bind_ldpc_code(py::module& m)
{
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
        .def("encode",
             &encode,
             py::arg("info"),
             "Encodes info bits, shape (frames, K) or (K,) of 0/1, to codewords (frames, "
             "N) uint8.")
        .def("__repr__", [](const ldpc_code& c) {
            return "<gpufec.ldpc_code '" + c.name() + "' N=" + std::to_string(c.n()) +
                   " K=" + std::to_string(c.k()) + ">";
        });
}

py::array_t<float>
transmit(const awgn_channel& ch, gpufec_python::bit_array bits, uint64_t first_frame)
{
    const auto b = bits.request();
    if (b.ndim != 2) {
        throw invalid_argument("awgn_channel.transmit: bits must be (frames, N)");
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
}

void bind_awgn_channel(py::module& m)
{
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
        .def("transmit",
             &transmit,
             py::arg("bits"),
             py::arg("first_frame") = 0,
             "Modulates (frames, N) bits, adds the noise of frames first_frame.., "
             "returns LLRs.");
}

py::array_t<int8_t>
quantize(py::array_t<float, py::array::c_style | py::array::forcecast> llrs, float step)
{
    const auto b = llrs.request();
    std::vector<py::ssize_t> shape(b.shape.begin(), b.shape.end());
    py::array_t<int8_t> out(shape);
    quantize_llrs(static_cast<const float*>(b.ptr),
                  static_cast<size_t>(b.size),
                  step,
                  out.mutable_data());
    return out;
}

void bind_functions(py::module& m)
{
    m.def("quantize_llrs",
          &quantize,
          py::arg("llrs"),
          py::arg("step") = default_int8_llr_step,
          "int8 LLRs: clamp(round(llrs / step), -127, 127), NaN -> 0, same shape.");
    m.def(
        "describe_backends", &describe_backends, "Backends of this build, one per line.");
    m.def("code_spec_forms", &ldpc_code::spec_forms, "The valid code spec forms.");
    m.def("is_nonbinary_spec",
          &nb_code::is_nb_spec,
          py::arg("spec"),
          "True for a nonbinary (GF(q)) code spec: nbalist:, nbqc:, nbreg:. The "
          "decoders, blocks and FECAPI objects take either kind; this is how they "
          "tell.");
}

} // namespace

void bind_core(py::module& m)
{
    py::register_exception<gpufec::backend_unavailable>(
        m, "BackendUnavailable", PyExc_RuntimeError);
    bind_ldpc_code(m);
    bind_awgn_channel(m);
    bind_functions(m);
}
