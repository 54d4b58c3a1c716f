/*
 * pybind11 binding of gr::gpufec::ldpc_decoder_pdu (the PDU decoder block, for
 * binary and nonbinary codes).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "decoder_binding.h"
#include <gnuradio/gpufec/ldpc_decoder_pdu.h>
#include <pybind11/pybind11.h>

namespace py = pybind11;
using gr::gpufec::ldpc_decoder_pdu;

void bind_ldpc_decoder_pdu(py::module& m)
{
    py::class_<ldpc_decoder_pdu,
               gr::block,
               gr::basic_block,
               std::shared_ptr<ldpc_decoder_pdu>>
        c(m,
          "ldpc_decoder_pdu",
          "LDPC decoder for PDUs, binary or nonbinary (message port 'pdus' in and "
          "out).\n\n"
          "In: (meta, f32vector of F*N*p bit LLRs; p = 1 for a binary code), F >= 1\n"
          "whole frames, decoded in one call. Out: (meta, u8vector of F*K*p bits, or\n"
          "F*N*p with output_codeword). Keys added to meta: 'iterations' (long, most\n"
          "iterations of any frame), 'parity_ok' (bool, every frame passed), 'frames'\n"
          "(long F), 'frame_iterations' (s32vector, per frame), 'frame_parity_ok'\n"
          "(u8vector, per frame). A message of the wrong type or length is dropped\n"
          "with a warning and counted (dropped_pdus()). Parameters as\n"
          "ldpc_decoder_fb.");
    c.def(py::init(gpufec_python::with_code_argument(&ldpc_decoder_pdu::make)),
          gpufec_python::pdu_block_keywords(),
          "Makes the block; parameters as ldpc_decoder_fb (no frames_per_call),\n"
          "precision, device, fraction_bits, channel_max and c2v_max included.")
        .def("dropped_pdus",
             &ldpc_decoder_pdu::dropped_pdus,
             "Messages dropped (wrong type or length).")
        .def("decoded_pdus", &ldpc_decoder_pdu::decoded_pdus, "PDUs decoded.");
    gpufec_python::bind_decoder_methods<ldpc_decoder_pdu>(c);
}
