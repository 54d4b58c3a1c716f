/*
 * pybind11 binding of gr::gpufec::ldpc_encoder, the gr-fec FECAPI encoder object:
 * gpufec.ldpc_encoder.make(spec, frames=1), a fec.generic_encoder, for binary
 * and nonbinary codes.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "spec_arg.h"
#include <gnuradio/gpufec/ldpc_encoder.h>
#include <pybind11/pybind11.h>

namespace py = pybind11;
using gr::gpufec::ldpc_encoder;

void bind_ldpc_encoder(py::module& m)
{
    py::class_<ldpc_encoder, gr::fec::generic_encoder, std::shared_ptr<ldpc_encoder>>(
        m,
        "ldpc_encoder",
        "gr-fec FECAPI LDPC encoder, binary or nonbinary (GF(q), q = 2^p; the code\n"
        "spec decides), a fec.generic_encoder; make it with\n"
        "gpufec.ldpc_encoder.make(spec, frames=1). K*p unpacked information bits in,\n"
        "the N*p unpacked transmitted codeword bits out (p = 1 for a binary code).\n"
        "The frame size counts input bits: frames * K*p at first; set_frame_size()\n"
        "accepts any positive multiple of K*p. rate() is N/K. For numpy encoding use\n"
        "gpufec.ldpc_code(spec).encode() or gpufec.nb_ldpc_code(spec).encode().")
        .def(py::init([](py::args, py::kwargs) -> std::shared_ptr<ldpc_encoder> {
                 throw py::type_error("gpufec.ldpc_encoder is the gr-fec FECAPI object: "
                                      "make it with gpufec.ldpc_encoder.make(spec, ...)");
             }),
             "Refused: use gpufec.ldpc_encoder.make(...).")
        .def_static(
            "make",
            [](const py::object& code, int frames) {
                return ldpc_encoder::make(gpufec_python::spec_of(code), frames);
            },
            py::arg("spec"),
            py::arg("frames") = 1,
            "Makes a FECAPI encoder for a code spec, ldpc_code or nb_ldpc_code; frames "
            "per call at first (>= 1). Raises ValueError for a bad parameter.")
        .def("nonbinary", &ldpc_encoder::nonbinary, "Whether the code is nonbinary.")
        .def("n", &ldpc_encoder::n, "Code length N (bits, or GF(q) symbols).")
        .def("k", &ldpc_encoder::k, "Information bits or symbols K.")
        .def("q", &ldpc_encoder::q, "Field size q (2 for a binary code).")
        .def("p", &ldpc_encoder::p, "Bits per symbol p (1 for a binary code).")
        .def("frames", &ldpc_encoder::frames, "Frames per generic_work call.")
        .def("code_name", &ldpc_encoder::code_name, "The code spec.")
        .def("set_frame_size",
             &ldpc_encoder::set_frame_size,
             py::arg("frame_size"),
             "Frame size in information bits: a positive multiple of K*p. Returns "
             "False (keeping the old size) otherwise.")
        .def("get_input_size", &ldpc_encoder::get_input_size, "frames * K*p bits.")
        .def("get_output_size", &ldpc_encoder::get_output_size, "frames * N*p bits.")
        .def("rate", &ldpc_encoder::rate, "N/K (output over input).");
}
