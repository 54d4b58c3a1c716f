/*
 * pybind11 binding of gr::gpufec::nb_ldpc_decoder, the gr-fec FECAPI nonbinary
 * decoder object: gpufec.nb_ldpc_decoder.make(spec, ...), a fec.generic_decoder.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "nb_spec_arg.h"
#include <gnuradio/gpufec/nb_ldpc_decoder.h>
#include <pybind11/pybind11.h>

namespace py = pybind11;
using gr::gpufec::nb_ldpc_decoder;

void bind_nb_ldpc_decoder(py::module& m)
{
    py::class_<nb_ldpc_decoder,
               gr::fec::generic_decoder,
               std::shared_ptr<nb_ldpc_decoder>>(
        m,
        "nb_ldpc_decoder",
        "gr-fec FECAPI nonbinary (GF(q)) LDPC decoder (a fec.generic_decoder); make\n"
        "it with gpufec.nb_ldpc_decoder.make(spec, ...). It passes unchanged into\n"
        "fec.extended_decoder (threading None, 'ordinary', 'capillary'),\n"
        "fec.decoder, fec.tagged_decoder, fec.async_decoder.\n\n"
        "Input: gr-fec soft bits of the symbols' binary images (N*p per frame),\n"
        "float, POSITIVE MEANS BIT 1; converted to L = -llr_scale * x.\n"
        "Output: K*p unpacked information bits per frame. The frame size counts\n"
        "information bits: a positive multiple of K*p.\n\n"
        "The numpy batch decoder (LLRs, positive means bit 0) is\n"
        "gpufec.nb_batch_decoder.")
        .def(py::init([](py::args, py::kwargs) -> std::shared_ptr<nb_ldpc_decoder> {
                 throw py::type_error(
                     "gpufec.nb_ldpc_decoder is the gr-fec FECAPI object: make it with "
                     "gpufec.nb_ldpc_decoder.make(spec, ...). The numpy batch decoder "
                     "is gpufec.nb_batch_decoder(code, ...).");
             }),
             "Refused: use gpufec.nb_ldpc_decoder.make(...).")
        .def_static(
            "make",
            [](const py::object& code,
               const std::string& algorithm,
               int ems_nm,
               float ems_offset,
               float ems_scale,
               const std::string& schedule,
               int max_iterations,
               bool early_termination,
               const std::string& backend,
               int frames,
               float llr_scale,
               int threads) {
                return nb_ldpc_decoder::make(gpufec_python::nb_spec_of(code),
                                             algorithm,
                                             ems_nm,
                                             ems_offset,
                                             ems_scale,
                                             schedule,
                                             max_iterations,
                                             early_termination,
                                             backend,
                                             frames,
                                             llr_scale,
                                             threads);
            },
            py::arg("spec"),
            py::arg("algorithm") = "minmax",
            py::arg("ems_nm") = 0,
            py::arg("ems_offset") = 0.0f,
            py::arg("ems_scale") = 0.7f,
            py::arg("schedule") = "layered",
            py::arg("max_iterations") = 10,
            py::arg("early_termination") = true,
            py::arg("backend") = "auto",
            py::arg("frames") = 1,
            py::arg("llr_scale") = 1.0f,
            py::arg("threads") = 0,
            "Makes a FECAPI NB decoder.\n\n"
            "spec: nonbinary code spec or nb_ldpc_code; algorithm: minmax, ems;\n"
            "ems_nm (0 = q), ems_offset >= 0, ems_scale in (0, 1]; schedule:\n"
            "layered, flooding; max_iterations >= 1; backend: auto, cpu; frames:\n"
            "frames per generic_work call at first (>= 1); llr_scale > 0\n"
            "(2/sigma^2 for BPSK samples); threads: CPU threads (0 = all cores).\n"
            "Raises ValueError for a bad parameter.")
        .def("n", &nb_ldpc_decoder::n, "Code symbols N.")
        .def("k", &nb_ldpc_decoder::k, "Information symbols K.")
        .def("q", &nb_ldpc_decoder::q, "Field size q.")
        .def("p", &nb_ldpc_decoder::p, "Bits per symbol p.")
        .def("frames", &nb_ldpc_decoder::frames, "Frames per generic_work call.")
        .def("backend", &nb_ldpc_decoder::backend)
        .def("code_name", &nb_ldpc_decoder::code_name, "The code spec.")
        .def("set_max_iterations",
             &nb_ldpc_decoder::set_max_iterations,
             py::arg("max_iterations"),
             "Safe while a flowgraph runs.")
        .def("max_iterations", &nb_ldpc_decoder::max_iterations)
        .def("last_parity_failures",
             &nb_ldpc_decoder::last_parity_failures,
             "Frames of the last call that failed a parity check.")
        .def("set_frame_size",
             &nb_ldpc_decoder::set_frame_size,
             py::arg("frame_size"),
             "Frame size in information bits: a positive multiple of K*p. Returns "
             "False (keeping the old size) otherwise.")
        .def("get_input_size", &nb_ldpc_decoder::get_input_size, "frames * N*p floats.")
        .def("get_output_size", &nb_ldpc_decoder::get_output_size, "frames * K*p bits.")
        .def("get_iterations",
             &nb_ldpc_decoder::get_iterations,
             "Mean iterations of the frames of the last call.")
        .def("rate", &nb_ldpc_decoder::rate, "K/N (output over input).");
}
