/*
 * pybind11 binding of gr::gpufec::ldpc_encoder, the gr-fec FECAPI encoder object:
 * gpufec.ldpc_encoder.make(spec, frames=1), a fec.generic_encoder.
 *
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
        "gr-fec FECAPI binary LDPC encoder (a fec.generic_encoder); make it with\n"
        "gpufec.ldpc_encoder.make(spec, frames=1). Unpacked information bits in,\n"
        "unpacked transmitted codeword bits out. The frame size counts input bits:\n"
        "frames * K at first; set_frame_size() accepts any positive multiple of K.\n"
        "rate() is N/K. For numpy encoding use gpufec.ldpc_code(spec).encode().")
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
            "Makes a FECAPI encoder for a code spec or ldpc_code; frames per call at "
            "first (>= 1). Raises ValueError for a bad parameter.")
        .def("n", &ldpc_encoder::n, "Transmitted codeword length N.")
        .def("k", &ldpc_encoder::k, "Information bits K.")
        .def("frames", &ldpc_encoder::frames, "Frames per generic_work call.")
        .def("code_name", &ldpc_encoder::code_name, "The code spec.")
        .def("set_frame_size",
             &ldpc_encoder::set_frame_size,
             py::arg("frame_size"),
             "Frame size in information bits: a positive multiple of K. Returns False "
             "(keeping the old size) otherwise.")
        .def("get_input_size", &ldpc_encoder::get_input_size, "frames * K bits.")
        .def("get_output_size", &ldpc_encoder::get_output_size, "frames * N bits.")
        .def("rate", &ldpc_encoder::rate, "N/K (output over input).");
}
