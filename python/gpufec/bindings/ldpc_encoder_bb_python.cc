/*
 * pybind11 binding of gr::gpufec::ldpc_encoder_bb (the stream encoder block).
 *
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
        "Binary LDPC encoder block: K unpacked information bits in (LSB of each\n"
        "byte), the N transmitted codeword bits out, per frame; systematic.")
        .def(py::init([](const py::object& code) {
                 return ldpc_encoder_bb::make(gpufec_python::spec_of(code));
             }),
             py::arg("spec"),
             "Makes the block for a code spec or an ldpc_code. Raises ValueError for a "
             "bad spec.")
        .def("n", &ldpc_encoder_bb::n, "Output bits per frame (N).")
        .def("k", &ldpc_encoder_bb::k, "Input bits per frame (K).")
        .def("code_name", &ldpc_encoder_bb::code_name, "The code spec.");
}
