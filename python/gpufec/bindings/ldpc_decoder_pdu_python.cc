/*
 * pybind11 binding of gr::gpufec::ldpc_decoder_pdu (the PDU decoder block).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "spec_arg.h"
#include <gnuradio/gpufec/ldpc_decoder_pdu.h>
#include <pybind11/pybind11.h>

namespace py = pybind11;
using gr::gpufec::ldpc_decoder_pdu;

void bind_ldpc_decoder_pdu(py::module& m)
{
    py::class_<ldpc_decoder_pdu,
               gr::block,
               gr::basic_block,
               std::shared_ptr<ldpc_decoder_pdu>>(
        m,
        "ldpc_decoder_pdu",
        "Binary LDPC decoder for PDUs (message port 'pdus' in and out).\n\n"
        "In: (meta, f32vector of F*N LLRs), F >= 1 whole frames, decoded in one call.\n"
        "Out: (meta, u8vector of F*K bits, or F*N with output_codeword). Keys added\n"
        "to meta: 'iterations' (long, most iterations of any frame), 'parity_ok'\n"
        "(bool, every frame passed), 'frames' (long F), 'frame_iterations'\n"
        "(s32vector, per frame), 'frame_parity_ok' (u8vector, per frame). A message\n"
        "of the wrong type or length is dropped with a warning and counted\n"
        "(dropped_pdus()). sign and llr_scale as in ldpc_decoder_fb.")
        .def(py::init([](const py::object& code,
                         const std::string& algorithm,
                         float alpha,
                         float beta,
                         const std::string& schedule,
                         int max_iterations,
                         bool early_termination,
                         const std::string& backend,
                         const std::string& sign,
                         float llr_scale,
                         bool output_codeword,
                         int threads) {
                 return ldpc_decoder_pdu::make(gpufec_python::spec_of(code),
                                               algorithm,
                                               alpha,
                                               beta,
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
             py::arg("algorithm") = "nms",
             py::arg("alpha") = -1.0f,
             py::arg("beta") = -1.0f,
             py::arg("schedule") = "layered",
             py::arg("max_iterations") = 10,
             py::arg("early_termination") = true,
             py::arg("backend") = "auto",
             py::arg("sign") = "positive_is_0",
             py::arg("llr_scale") = 1.0f,
             py::arg("output_codeword") = false,
             py::arg("threads") = 0,
             "Makes the block; parameters as ldpc_decoder_fb (no frames_per_call).")
        .def("n", &ldpc_decoder_pdu::n, "LLRs per frame (N).")
        .def("k", &ldpc_decoder_pdu::k, "Information bits per frame (K).")
        .def("backend", &ldpc_decoder_pdu::backend, "'cpu' or 'cuda'.")
        .def("code_name", &ldpc_decoder_pdu::code_name, "The code spec.")
        .def("set_max_iterations",
             &ldpc_decoder_pdu::set_max_iterations,
             py::arg("max_iterations"),
             "Safe while the flowgraph runs.")
        .def("max_iterations", &ldpc_decoder_pdu::max_iterations)
        .def("set_alpha", &ldpc_decoder_pdu::set_alpha, py::arg("alpha"))
        .def("alpha", &ldpc_decoder_pdu::alpha)
        .def("set_beta", &ldpc_decoder_pdu::set_beta, py::arg("beta"))
        .def("beta", &ldpc_decoder_pdu::beta)
        .def("dropped_pdus",
             &ldpc_decoder_pdu::dropped_pdus,
             "Messages dropped (wrong type or length).")
        .def("decoded_pdus", &ldpc_decoder_pdu::decoded_pdus, "PDUs decoded.");
}
