/*
 * pybind11 binding of gr::gpufec::nb_ldpc_decoder_fb (the nonbinary stream
 * decoder block).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "nb_spec_arg.h"
#include <gnuradio/gpufec/nb_ldpc_decoder_fb.h>
#include <pybind11/pybind11.h>

namespace py = pybind11;
using gr::gpufec::nb_ldpc_decoder_fb;

void bind_nb_ldpc_decoder_fb(py::module& m)
{
    py::class_<nb_ldpc_decoder_fb,
               gr::block,
               gr::basic_block,
               std::shared_ptr<nb_ldpc_decoder_fb>>(
        m,
        "nb_ldpc_decoder_fb",
        "Nonbinary (GF(q), q = 2^p) LDPC decoder block: float bit LLR stream in,\n"
        "unpacked bits out.\n\n"
        "Consumes whole frames of N*p floats (bit j of symbol s at s*p + j) and\n"
        "writes K*p information bits per frame (N*p codeword bits with\n"
        "output_codeword=True), one bit per byte. Up to frames_per_call frames go\n"
        "to the decoder in one call. The first output bit of each frame is tagged\n"
        "'iterations' (long) and 'parity_ok' (bool).\n\n"
        "sign: 'positive_is_0' (LLRs ln(P0/P1), the default) or 'positive_is_1'\n"
        "(gr-fec / GNU Radio soft decisions). The input is multiplied by llr_scale\n"
        "first (2/sigma^2 for BPSK samples with noise variance sigma^2).\n"
        "Input of the opposite convention fails every frame: after 50 failing\n"
        "frames in a row the block logs a warning once if a negated frame decodes\n"
        "(see sign_warning_issued()).")
        .def(py::init([](const py::object& code,
                         const std::string& algorithm,
                         int ems_nm,
                         float ems_offset,
                         float ems_scale,
                         const std::string& schedule,
                         int max_iterations,
                         bool early_termination,
                         const std::string& backend,
                         int frames_per_call,
                         const std::string& sign,
                         float llr_scale,
                         bool output_codeword,
                         int threads) {
                 return nb_ldpc_decoder_fb::make(gpufec_python::nb_spec_of(code),
                                                 algorithm,
                                                 ems_nm,
                                                 ems_offset,
                                                 ems_scale,
                                                 schedule,
                                                 max_iterations,
                                                 early_termination,
                                                 backend,
                                                 frames_per_call,
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
             py::arg("frames_per_call") = 64,
             py::arg("sign") = "positive_is_0",
             py::arg("llr_scale") = 1.0f,
             py::arg("output_codeword") = false,
             py::arg("threads") = 0,
             "Makes the block.\n\n"
             "spec: nonbinary code spec ('nbqc:16:2:8', 'nbreg:64:96:2:4',\n"
             "  'nbalist:PATH') or an nb_ldpc_code; algorithm: minmax, ems;\n"
             "  ems_nm: EMS entries kept (0 = q); ems_offset >= 0; ems_scale in\n"
             "  (0, 1]; schedule: layered, flooding; max_iterations >= 1; backend:\n"
             "  auto, cpu; frames_per_call >= 1; sign: positive_is_0 or positive_is_1;\n"
             "  llr_scale > 0; threads: CPU threads (0 = all cores).\n"
             "Raises ValueError for a bad parameter, gpufec.BackendUnavailable when\n"
             "the backend cannot run here.")
        .def("n", &nb_ldpc_decoder_fb::n, "Code symbols N.")
        .def("k", &nb_ldpc_decoder_fb::k, "Information symbols K.")
        .def("q", &nb_ldpc_decoder_fb::q, "Field size q.")
        .def("p", &nb_ldpc_decoder_fb::p, "Bits per symbol p.")
        .def("input_frame_size",
             &nb_ldpc_decoder_fb::input_frame_size,
             "Input floats per frame (N*p).")
        .def("output_frame_size",
             &nb_ldpc_decoder_fb::output_frame_size,
             "Output bits per frame (K*p, or N*p with output_codeword).")
        .def("backend", &nb_ldpc_decoder_fb::backend, "The backend in use.")
        .def("frames_per_call", &nb_ldpc_decoder_fb::frames_per_call)
        .def("code_name", &nb_ldpc_decoder_fb::code_name, "The code spec.")
        .def("set_max_iterations",
             &nb_ldpc_decoder_fb::set_max_iterations,
             py::arg("max_iterations"),
             "Safe while the flowgraph runs.")
        .def("max_iterations", &nb_ldpc_decoder_fb::max_iterations)
        .def("frames_decoded", &nb_ldpc_decoder_fb::frames_decoded)
        .def("frames_failed",
             &nb_ldpc_decoder_fb::frames_failed,
             "Frames whose final hard decision failed a parity check.")
        .def("decoder_calls", &nb_ldpc_decoder_fb::decoder_calls)
        .def("sign_warning_issued",
             &nb_ldpc_decoder_fb::sign_warning_issued,
             "True once the block has logged that its input seems to have the\n"
             "opposite sign convention: 50 consecutive frames failed parity and one\n"
             "of them decoded with its LLRs negated. Check the sign parameter.");
}
