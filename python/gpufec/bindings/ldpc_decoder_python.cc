/*
 * pybind11 binding of gr::gpufec::ldpc_decoder, the gr-fec FECAPI decoder object:
 * gpufec.ldpc_decoder.make(spec, ...), a fec.generic_decoder, for binary and
 * nonbinary codes.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "decoder_binding.h"
#include <gnuradio/gpufec/ldpc_decoder.h>
#include <pybind11/pybind11.h>

namespace py = pybind11;
using gr::gpufec::ldpc_decoder;

namespace {

using decoder_class =
    py::class_<ldpc_decoder, gr::fec::generic_decoder, ldpc_decoder::sptr>;

const char* const class_doc =
    "gr-fec FECAPI LDPC decoder, binary or nonbinary (GF(q), q = 2^p; the code\n"
    "spec decides), a fec.generic_decoder; make it with\n"
    "gpufec.ldpc_decoder.make(spec, ...). It passes unchanged into\n"
    "fec.extended_decoder (threading None, 'ordinary', 'capillary'),\n"
    "fec.decoder, fec.tagged_decoder, fec.async_decoder, fec.bercurve_generator.\n\n"
    "Input: gr-fec soft bits, float, POSITIVE MEANS BIT 1 (gr-fec maps bit 0 to\n"
    "-1, bit 1 to +1), N*p per frame (p = 1 for a binary code; for GF(q) the\n"
    "symbols' binary images); converted to the core's LLR L = -llr_scale * x.\n"
    "Output: K*p unpacked information bits per frame. The frame size counts\n"
    "information bits: frames * K*p at first; set_frame_size() accepts any\n"
    "positive multiple of K*p (several frames decoded in one batch).\n"
    "get_iterations(): mean iterations of the frames of the last call.\n\n"
    "The numpy batch decoder (LLRs, positive means bit 0) is gpufec.batch_decoder.";

// clang-format off
const char* const make_doc =
    "Makes a FECAPI decoder.\n\n"
    "spec: code spec, ldpc_code or nb_ldpc_code ('alist:PATH:grfec' or\n"
    "'galist:PATH' for frames of gr-fec's LDPC encoders; 'nbqc:16:2:8' ...);\n"
    "algorithm: auto, spa, ms, nms, oms, scms (binary), minmax, ems\n"
    "(nonbinary); alpha in (0, 1] or -1 (the code family's default), beta >= 0\n"
    "(binary codes); schedule: layered, flooding;\n"
    "max_iterations >= 1 (-1: the code's default); backend: auto, cuda, cpu; frames: frames per\n"
    "generic_work call at first (>= 1); llr_scale > 0 (2/sigma^2 for BPSK\n"
    "samples: SPA, OMS, Min-Max, EMS and the fixed-point precisions, int8 and\n"
    "int16 and so auto on the CPU, need true LLRs; float min-sum, NMS and SCMS\n"
    "do not care); threads: CPU threads (0 = all cores);\n"
    "sigma: gr-fec's fec.ldpc_decoder parameter, > 0 sets llr_scale =\n"
    "1/(2 sigma^2), the LLRs gr-fec's SPA uses (llr_scale left at 1);\n"
    "ems_nm, ems_offset, ems_scale: nonbinary EMS (as ldpc_decoder_fb).\n"
    GPUFEC_DOC_PRECISION
    "  (llr_scale = 2/sigma^2; gr-fec's sigma gives a quarter of that).\n"
    GPUFEC_DOC_DEVICE_FIXED
    "Raises ValueError for a bad parameter.";
// clang-format on

/*!
 * The constructor, refused (the FECAPI object is made by make()), and the static
 * make() with its arguments' names and defaults.
 */
void bind_make(decoder_class& c)
{
    c.def(py::init([](py::args, py::kwargs) -> std::shared_ptr<ldpc_decoder> {
              throw py::type_error(
                  "gpufec.ldpc_decoder is the gr-fec FECAPI object: make it with "
                  "gpufec.ldpc_decoder.make(spec, ...). The numpy batch decoder is "
                  "gpufec.batch_decoder(code, ...).");
          }),
          "Refused: use gpufec.ldpc_decoder.make(...) (or gpufec.batch_decoder for "
          "numpy).");
    c.def_static("make",
                 gpufec_python::with_code_argument(&ldpc_decoder::make),
                 gpufec_python::fecapi_keywords(),
                 make_doc);
}

/*! The frames per call and the input scale in use. */
void bind_input(decoder_class& c)
{
    c.def("frames", &ldpc_decoder::frames, "Frames per generic_work call.")
        .def("llr_scale",
             &ldpc_decoder::llr_scale,
             "The input scale in use (from llr_scale or sigma): L = -llr_scale * x.");
}

/*! gr-fec's generic_decoder interface, and the last call's parity failures. */
void bind_fecapi(decoder_class& c)
{
    c.def("last_parity_failures",
          &ldpc_decoder::last_parity_failures,
          "Frames of the last call that failed a parity check.")
        .def("set_frame_size",
             &ldpc_decoder::set_frame_size,
             py::arg("frame_size"),
             "Frame size in information bits: a positive multiple of K*p other than "
             "the size set returns True. Another size returns False (keeping the "
             "old one), and so does the size already set (nothing to change: "
             "gr-fec's async_decoder then checks the PDU length exactly).")
        .def("get_input_size", &ldpc_decoder::get_input_size, "frames * N*p floats.")
        .def("get_output_size", &ldpc_decoder::get_output_size, "frames * K*p bits.")
        .def("get_iterations",
             &ldpc_decoder::get_iterations,
             "Mean iterations of the frames of the last call.")
        .def("rate", &ldpc_decoder::rate, "K/N (output over input).");
}

} // namespace

void bind_ldpc_decoder(py::module& m)
{
    decoder_class c(m, "ldpc_decoder", class_doc);
    bind_make(c);
    gpufec_python::bind_decoder_methods<ldpc_decoder>(c);
    bind_input(c);
    bind_fecapi(c);
}
