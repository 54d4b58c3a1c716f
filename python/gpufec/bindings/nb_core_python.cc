/*
 * pybind11 bindings of the nonbinary core: gpufec.nb_ldpc_code, a GF(q) code from
 * an nbalist:/nbqc:/nbreg: spec, with N, K, q, p, a bit encoder and a parity
 * check, shaped like gpufec.ldpc_code. gpufec.batch_decoder decodes it
 * (batch_decoder_python.cc).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "frame_array.h"
#include <gpufec/error.h>
#include <gpufec/nb_code.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <string>
#include <vector>

namespace py = pybind11;
using namespace gpufec;

namespace {

py::array_t<uint8_t> encode(const nb_code& c, gpufec_python::bit_array info)
{
    const char* what = "nb_ldpc_code.encode(info)";
    const auto b = info.request();
    const size_t kb = c.k_bits(), nbits = c.n_bits();
    const size_t frames = gpufec_python::frames_of(b, kb, what);
    gpufec_python::check_bits(b, what);
    const uint8_t* src = static_cast<const uint8_t*>(b.ptr);
    py::array_t<uint8_t> out({ frames, nbits });
    uint8_t* dst = out.mutable_data();
    {
        py::gil_scoped_release release;
        for (size_t f = 0; f < frames; f++) {
            c.encode_bits(src + f * kb, dst + f * nbits);
        }
    }
    return out;
}

py::array_t<bool> check(const nb_code& c, gpufec_python::bit_array bits)
{
    const auto b = bits.request();
    const size_t nbits = c.n_bits();
    const size_t frames = gpufec_python::frames_of(b, nbits, "nb_ldpc_code.check(bits)");
    const uint8_t* src = static_cast<const uint8_t*>(b.ptr);
    py::array_t<bool> ok(frames);
    std::vector<uint8_t> sym(c.n());
    for (size_t f = 0; f < frames; f++) {
        nb_bits_to_symbols(src + f * nbits, c.n(), c.p(), sym.data());
        ok.mutable_data()[f] = c.check(sym.data());
    }
    return ok;
}

} // namespace

void bind_nb_core(py::module& m)
{
    py::class_<nb_code, std::shared_ptr<nb_code>>(
        m,
        "nb_ldpc_code",
        "A nonbinary LDPC code over GF(q), q = 2^p, named by a spec string.\n"
        "Binary image: symbol s is bits s*p .. s*p+p-1, bit j = (symbol >> j) & 1.")
        .def(py::init([](const std::string& spec, unsigned polynomial) {
                 return std::const_pointer_cast<nb_code>(nb_code::make(spec, polynomial));
             }),
             py::arg("spec"),
             py::arg("polynomial") = 0,
             ("Makes a code from a spec (polynomial 0: the default field). " +
              nb_code::spec_forms())
                 .c_str())
        .def_property_readonly("name", &nb_code::name, "The spec.")
        .def_property_readonly("n", &nb_code::n, "Code symbols N.")
        .def_property_readonly("k", &nb_code::k, "Information symbols K = N - rank.")
        .def_property_readonly("m", &nb_code::m, "Check rows M.")
        .def_property_readonly("q", &nb_code::q, "Field size q.")
        .def_property_readonly("p", &nb_code::p, "Bits per symbol p = log2(q).")
        .def_property_readonly("n_bits", &nb_code::n_bits, "N*p.")
        .def_property_readonly("k_bits", &nb_code::k_bits, "K*p.")
        .def_property_readonly("rate", &nb_code::rate, "K / N.")
        .def_property_readonly(
            "info_positions", &nb_code::info_positions, "Symbol columns of the info.")
        .def("encode",
             &encode,
             py::arg("info"),
             "Encodes info bits, shape (frames, K*p) or (K*p,) of 0/1, to the binary\n"
             "images of the codewords, (frames, N*p) uint8.")
        .def("check",
             &check,
             py::arg("bits"),
             "True for each frame of codeword bits (frames, N*p) that satisfies H.")
        .def("__repr__", [](const nb_code& c) {
            return "<gpufec.nb_ldpc_code '" + c.name() + "' GF(" + std::to_string(c.q()) +
                   ") N=" + std::to_string(c.n()) + " K=" + std::to_string(c.k()) + ">";
        });

    m.def("nb_code_spec_forms", &nb_code::spec_forms, "The nonbinary code spec forms.");
}
