/*
 * pybind11 binding of gr::gpufec::nb_ldpc_encoder_bb (the nonbinary stream
 * encoder block).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "nb_spec_arg.h"
#include <gnuradio/gpufec/nb_ldpc_encoder_bb.h>
#include <pybind11/pybind11.h>

namespace py = pybind11;
using gr::gpufec::nb_ldpc_encoder_bb;

void bind_nb_ldpc_encoder_bb(py::module& m)
{
    py::class_<nb_ldpc_encoder_bb,
               gr::block,
               gr::basic_block,
               std::shared_ptr<nb_ldpc_encoder_bb>>(
        m,
        "nb_ldpc_encoder_bb",
        "Nonbinary (GF(q)) LDPC encoder block: K*p unpacked information bits in\n"
        "(LSB of each byte), the N*p bits of the codeword's binary image out, per\n"
        "frame (bit j of symbol s at s*p + j); systematic.")
        .def(py::init([](const py::object& code) {
                 return nb_ldpc_encoder_bb::make(gpufec_python::nb_spec_of(code));
             }),
             py::arg("spec"),
             "Makes the block for a nonbinary code spec or an nb_ldpc_code. Raises "
             "ValueError for a bad spec.")
        .def("n", &nb_ldpc_encoder_bb::n, "Code symbols N.")
        .def("k", &nb_ldpc_encoder_bb::k, "Information symbols K.")
        .def("q", &nb_ldpc_encoder_bb::q, "Field size q.")
        .def("p", &nb_ldpc_encoder_bb::p, "Bits per symbol p.")
        .def("code_name", &nb_ldpc_encoder_bb::code_name, "The code spec.");
}
