/*
 * pybind11 binding of gr::gpufec::ldpc_encoder_bb (the stream encoder block, for
 * binary and nonbinary codes).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "spec_arg.h"
#include <gnuradio/gpufec/ldpc_encoder_bb.h>
#include <pybind11/pybind11.h>

namespace py = pybind11;
using gr::gpufec::ldpc_encoder_bb;

void bind_ldpc_encoder_bb(py::module& m)
{
    py::class_<ldpc_encoder_bb,
               gr::block,
               gr::basic_block,
               std::shared_ptr<ldpc_encoder_bb>>(
        m,
        "ldpc_encoder_bb",
        "LDPC encoder block, binary or nonbinary (GF(q), q = 2^p; the code spec\n"
        "decides): K*p unpacked information bits in (LSB of each byte), the N*p\n"
        "transmitted codeword bits out, per frame (p = 1 for a binary code);\n"
        "systematic.")
        .def(py::init([](const py::object& code) {
                 return ldpc_encoder_bb::make(gpufec_python::spec_of(code));
             }),
             py::arg("spec"),
             "Makes the block for a code spec, an ldpc_code or an nb_ldpc_code. Raises "
             "ValueError for a bad spec.")
        .def("nonbinary", &ldpc_encoder_bb::nonbinary, "Whether the code is nonbinary.")
        .def("n", &ldpc_encoder_bb::n, "Code length N (N*p output bits per frame).")
        .def("k", &ldpc_encoder_bb::k, "Information K (K*p input bits per frame).")
        .def("q", &ldpc_encoder_bb::q, "Field size q (2 for a binary code).")
        .def("p", &ldpc_encoder_bb::p, "Bits per symbol p (1 for a binary code).")
        .def("code_name", &ldpc_encoder_bb::code_name, "The code spec.");
}
