/*
 * pybind11 binding of gr::gpufec::nb_ldpc_encoder, the gr-fec FECAPI nonbinary
 * encoder object: gpufec.nb_ldpc_encoder.make(spec, frames), a
 * fec.generic_encoder.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "nb_spec_arg.h"
#include <gnuradio/gpufec/nb_ldpc_encoder.h>
#include <pybind11/pybind11.h>

namespace py = pybind11;
using gr::gpufec::nb_ldpc_encoder;

void bind_nb_ldpc_encoder(py::module& m)
{
    py::class_<nb_ldpc_encoder,
               gr::fec::generic_encoder,
               std::shared_ptr<nb_ldpc_encoder>>(
        m,
        "nb_ldpc_encoder",
        "gr-fec FECAPI nonbinary (GF(q)) LDPC encoder (a fec.generic_encoder); make\n"
        "it with gpufec.nb_ldpc_encoder.make(spec, frames=1). Input: K*p unpacked\n"
        "information bits per frame; output: the N*p bits of the codeword's binary\n"
        "image. The frame size counts input bits: a positive multiple of K*p.")
        .def(py::init([](py::args, py::kwargs) -> std::shared_ptr<nb_ldpc_encoder> {
                 throw py::type_error("gpufec.nb_ldpc_encoder is the gr-fec FECAPI "
                                      "object: make it with "
                                      "gpufec.nb_ldpc_encoder.make(spec, frames).");
             }),
             "Refused: use gpufec.nb_ldpc_encoder.make(...).")
        .def_static(
            "make",
            [](const py::object& code, int frames) {
                return nb_ldpc_encoder::make(gpufec_python::nb_spec_of(code), frames);
            },
            py::arg("spec"),
            py::arg("frames") = 1,
            "Makes a FECAPI encoder for a nonbinary code spec or nb_ldpc_code; frames:\n"
            "frames per generic_work call at first (>= 1). Raises ValueError.")
        .def("n", &nb_ldpc_encoder::n, "Code symbols N.")
        .def("k", &nb_ldpc_encoder::k, "Information symbols K.")
        .def("q", &nb_ldpc_encoder::q, "Field size q.")
        .def("p", &nb_ldpc_encoder::p, "Bits per symbol p.")
        .def("frames", &nb_ldpc_encoder::frames, "Frames per generic_work call.")
        .def("code_name", &nb_ldpc_encoder::code_name, "The code spec.")
        .def("set_frame_size",
             &nb_ldpc_encoder::set_frame_size,
             py::arg("frame_size"),
             "Frame size in information bits: a positive multiple of K*p. Returns "
             "False (keeping the old size) otherwise.")
        .def("get_input_size", &nb_ldpc_encoder::get_input_size, "frames * K*p bits.")
        .def("get_output_size", &nb_ldpc_encoder::get_output_size, "frames * N*p bits.")
        .def("rate", &nb_ldpc_encoder::rate, "N/K (output over input).");
}
