/*
 * pybind11 binding of gr::gpufec::nb_ldpc_decoder_pdu (the nonbinary PDU decoder
 * block).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "nb_spec_arg.h"
#include <gnuradio/gpufec/nb_ldpc_decoder_pdu.h>
#include <pybind11/pybind11.h>

namespace py = pybind11;
using gr::gpufec::nb_ldpc_decoder_pdu;

void bind_nb_ldpc_decoder_pdu(py::module& m)
{
    py::class_<nb_ldpc_decoder_pdu,
               gr::block,
               gr::basic_block,
               std::shared_ptr<nb_ldpc_decoder_pdu>>(
        m,
        "nb_ldpc_decoder_pdu",
        "Nonbinary (GF(q)) LDPC decoder for PDUs. Port 'pdus' in: (meta, f32 vector\n"
        "of F*N*p bit LLRs); all F frames decoded in one call. Port 'pdus' out:\n"
        "(meta, u8 vector of F*K*p bits, or F*N*p with output_codeword), meta\n"
        "gaining 'iterations' (long, max), 'parity_ok' (bool, all), 'frames',\n"
        "'frame_iterations' (s32 vector), 'frame_parity_ok' (u8 vector). Wrong\n"
        "type or length: dropped, logged, counted (dropped_pdus()).")
        .def(py::init([](const py::object& code,
                         const std::string& algorithm,
                         int ems_nm,
                         float ems_offset,
                         float ems_scale,
                         const std::string& schedule,
                         int max_iterations,
                         bool early_termination,
                         const std::string& backend,
                         const std::string& sign,
                         float llr_scale,
                         bool output_codeword,
                         int threads) {
                 return nb_ldpc_decoder_pdu::make(gpufec_python::nb_spec_of(code),
                                                  algorithm,
                                                  ems_nm,
                                                  ems_offset,
                                                  ems_scale,
                                                  schedule,
                                                  max_iterations,
                                                  early_termination,
                                                  backend,
                                                  sign,
                                                  llr_scale,
                                                  output_codeword,
                                                  threads);
             }),
             py::arg("spec"),
             py::arg("algorithm") = "minmax",
             py::arg("ems_nm") = 0,
             py::arg("ems_offset") = 0.0f,
             py::arg("ems_scale") = 0.7f,
             py::arg("schedule") = "layered",
             py::arg("max_iterations") = 10,
             py::arg("early_termination") = true,
             py::arg("backend") = "auto",
             py::arg("sign") = "positive_is_0",
             py::arg("llr_scale") = 1.0f,
             py::arg("output_codeword") = false,
             py::arg("threads") = 0,
             "Makes the block; parameters as nb_ldpc_decoder_fb (no "
             "frames_per_call).")
        .def("n", &nb_ldpc_decoder_pdu::n, "Code symbols N.")
        .def("k", &nb_ldpc_decoder_pdu::k, "Information symbols K.")
        .def("q", &nb_ldpc_decoder_pdu::q, "Field size q.")
        .def("p", &nb_ldpc_decoder_pdu::p, "Bits per symbol p.")
        .def("backend", &nb_ldpc_decoder_pdu::backend)
        .def("code_name", &nb_ldpc_decoder_pdu::code_name)
        .def("set_max_iterations",
             &nb_ldpc_decoder_pdu::set_max_iterations,
             py::arg("max_iterations"))
        .def("max_iterations", &nb_ldpc_decoder_pdu::max_iterations)
        .def("dropped_pdus",
             &nb_ldpc_decoder_pdu::dropped_pdus,
             "PDUs dropped (wrong type or length).")
        .def("decoded_pdus", &nb_ldpc_decoder_pdu::decoded_pdus, "PDUs decoded.");
}
