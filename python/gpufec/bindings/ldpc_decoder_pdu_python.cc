/*
 * pybind11 binding of gr::gpufec::ldpc_decoder_pdu (the PDU decoder block, for
 * binary and nonbinary codes).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "decoder_keywords.h"
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
        "LDPC decoder for PDUs, binary or nonbinary (message port 'pdus' in and out).\n\n"
        "In: (meta, f32vector of F*N*p bit LLRs; p = 1 for a binary code), F >= 1\n"
        "whole frames, decoded in one call. Out: (meta, u8vector of F*K*p bits, or\n"
        "F*N*p with output_codeword). Keys added to meta: 'iterations' (long, most\n"
        "iterations of any frame), 'parity_ok' (bool, every frame passed), 'frames'\n"
        "(long F), 'frame_iterations' (s32vector, per frame), 'frame_parity_ok'\n"
        "(u8vector, per frame). A message of the wrong type or length is dropped\n"
        "with a warning and counted (dropped_pdus()). Parameters as\n"
        "ldpc_decoder_fb.")
        .def(py::init(gpufec_python::with_code_argument(&ldpc_decoder_pdu::make)),
             gpufec_python::pdu_block_keywords(),
             "Makes the block; parameters as ldpc_decoder_fb (no frames_per_call),\n"
             "precision, device, fraction_bits, channel_max and c2v_max included.")
        .def("nonbinary", &ldpc_decoder_pdu::nonbinary, "Whether the code is nonbinary.")
        .def("n", &ldpc_decoder_pdu::n, "Code length N (bits, or GF(q) symbols).")
        .def("k", &ldpc_decoder_pdu::k, "Information bits or symbols K per frame.")
        .def("q", &ldpc_decoder_pdu::q, "Field size q (2 for a binary code).")
        .def("p", &ldpc_decoder_pdu::p, "Bits per symbol p (1 for a binary code).")
        .def("backend", &ldpc_decoder_pdu::backend, "'cpu' or 'cuda'.")
        .def("precision",
             &ldpc_decoder_pdu::precision,
             "The message precision in use, 'auto' resolved: 'float32', 'half2',\n"
             "'int16' or 'int8'.")
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
