/*
 * pybind11 binding of gr::gpufec::ldpc_decoder_fb (the stream decoder block, for
 * binary and nonbinary codes).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "decoder_binding.h"
#include <gnuradio/gpufec/ldpc_decoder_fb.h>
#include <pybind11/pybind11.h>

namespace py = pybind11;
using gr::gpufec::ldpc_decoder_fb;

namespace {

//! ldpc_decoder_fb::sptr is std::shared_ptr<ldpc_decoder_fb>, the holder
using block_class =
    py::class_<ldpc_decoder_fb, gr::block, gr::basic_block, ldpc_decoder_fb::sptr>;

const char* const class_doc =
    "LDPC decoder block, binary or nonbinary (GF(q), q = 2^p; the code spec\n"
    "decides): float (or int8) bit LLR stream in, unpacked bits out.\n\n"
    "Consumes whole frames of input_frame_size() = N*p LLRs (N for a binary\n"
    "code; for GF(q) the symbols' binary images, bit j of symbol s at s*p + j;\n"
    "LLRs after the last whole frame of a finite stream are not decoded, said\n"
    "once in the log as a warning when the block stops)\n"
    "and writes K*p information bits per frame (N*p codeword bits with\n"
    "output_codeword=True), one bit per byte. Up to frames_per_call available\n"
    "frames go to the decoder in one call. The first output bit of each frame\n"
    "is tagged 'iterations' (long) and 'parity_ok' (bool), unless frame_tags is\n"
    "False (two tags per frame bound a flowgraph to a few million tags a\n"
    "second).\n\n"
    "sign: 'positive_is_0' (LLRs ln(P0/P1), the default) or 'positive_is_1'\n"
    "(gr-fec / GNU Radio soft decisions). The input is multiplied by llr_scale\n"
    "first (SPA, offset min-sum, Min-Max and EMS care: 2/sigma^2 for BPSK\n"
    "samples). Input of the opposite convention fails every frame: after 50\n"
    "failing frames in a row the block logs a warning once if a negated frame\n"
    "decodes (see sign_warning_issued()).\n\n"
    "Batches in flight: up to frames_in_flight frames (0 = auto, 4 x\n"
    "frames_per_call; 1 .. frames_per_call = synchronous) are handed to the\n"
    "decoder's worker and not yet written out, so the flowgraph runs while the\n"
    "GPU decodes; output, tags and counts are those of the synchronous mode,\n"
    "and a finite stream is flushed. input_type='int8': one signed byte per\n"
    "LLR, LLR = byte x llr_scale (the quantizer's step, e.g. 0.125 as\n"
    "gpufec.quantize_llrs). A decoder that fails mid-stream (a GPU error) is\n"
    "replaced by a CPU one, logged once (see recoveries()).";

// clang-format off
const char* const make_doc =
    "Makes the block.\n\n"
    "spec: code spec, binary ('wifi:648:1/2', 'nr5g:bg2:52', 'alist:PATH',\n"
    "  ...) or nonbinary ('nbqc:16:2:8', 'nbreg:64:96:2:4', 'nbalist:PATH'),\n"
    "  or an ldpc_code / nb_ldpc_code; algorithm: auto (nms for a binary\n"
    "  code, minmax for a nonbinary one), spa, ms, nms, oms, scms (binary),\n"
    "  minmax, ems (nonbinary); alpha in (0, 1] or -1 (the code family's\n"
    "  default) and beta >= 0 or -1: binary codes only; schedule: layered,\n"
    "  flooding; max_iterations >= 1 (-1: the code's default); backend: auto, cuda, cpu;\n"
    "  frames_per_call >= 1; sign: positive_is_0 or positive_is_1;\n"
    "  llr_scale > 0; threads: CPU decoder threads (0 = one per core; with\n"
    "  batches in flight each decodes whole batches); ems_nm (0 = q),\n"
    "  ems_offset >= 0, ems_scale in (0, 1]: nonbinary EMS only.\n"
    GPUFEC_DOC_PRECISION
    "  (llr_scale = 2/sigma^2 for BPSK samples).\n"
    GPUFEC_DOC_DEVICE_FIXED
    "frames_in_flight: most frames handed to the decoder and not yet\n"
    "  written out, 0 = auto (4 x frames_per_call on a GPU, 8 x per CPU\n"
    "  decoder thread), 1 .. frames_per_call =\n"
    "  synchronous; the latency it adds is up to that many frames.\n"
    "input_type: 'float' or 'int8' (signed bytes, LLR = byte x llr_scale,\n"
    "  negated for sign='positive_is_1').\n"
    "frame_tags: tag each frame's first bit with 'iterations' and 'parity_ok'.\n"
    "An option of the other kind of code must keep its default.\n"
    "Raises ValueError for a bad parameter, gpufec.BackendUnavailable when\n"
    "the backend cannot run here.";
// clang-format on

/*! The constructor: make() with its arguments' names and defaults. */
void bind_make(block_class& c)
{
    c.def(py::init(gpufec_python::with_code_argument(&ldpc_decoder_fb::make)),
          gpufec_python::stream_block_keywords(),
          make_doc);
}

/*! The frame sizes and the input in use, and the frame tags (safe while the
 * flowgraph runs). */
void bind_frames(block_class& c)
{
    c.def("input_frame_size",
          &ldpc_decoder_fb::input_frame_size,
          "Input LLRs (floats or bytes) per frame (N*p).")
        .def("output_frame_size",
             &ldpc_decoder_fb::output_frame_size,
             "Output bits per frame (K*p, or N*p with output_codeword).")
        .def("frames_per_call", &ldpc_decoder_fb::frames_per_call)
        .def("frames_in_flight",
             &ldpc_decoder_fb::frames_in_flight,
             "Most frames handed to the decoder and not yet written out (auto\n"
             "resolved); frames_per_call() or less means synchronous.")
        .def("input_type", &ldpc_decoder_fb::input_type, "'float' or 'int8'.")
        .def("frame_tags",
             &ldpc_decoder_fb::frame_tags,
             "Whether frames are tagged with 'iterations' and 'parity_ok'.")
        .def("set_frame_tags",
             &ldpc_decoder_fb::set_frame_tags,
             py::arg("frame_tags"),
             "Tag frames with 'iterations' and 'parity_ok' (or not); safe while\n"
             "the flowgraph runs.");
}

/*! Counters of the stream so far, the CPU takeover, and the testing hook. */
void bind_counters(block_class& c)
{
    c.def("frames_decoded", &ldpc_decoder_fb::frames_decoded, "Frames decoded so far.")
        .def("decoder_calls",
             &ldpc_decoder_fb::decoder_calls,
             "Decoder calls so far (frames_decoded() / decoder_calls() is the mean "
             "batch).")
        .def("frames_failed",
             &ldpc_decoder_fb::frames_failed,
             "Frames whose hard decision failed a parity check.")
        .def("sign_warning_issued",
             &ldpc_decoder_fb::sign_warning_issued,
             "True once the block has logged that its input seems to have the\n"
             "opposite sign convention: 50 consecutive frames failed parity and one\n"
             "of them decoded with its LLRs negated. Check the sign parameter.")
        .def("recoveries",
             &ldpc_decoder_fb::recoveries,
             "Times a decoder failed mid-stream and the CPU took over (0 or 1);\n"
             "backend() says 'cpu' afterwards.")
        .def("error",
             &ldpc_decoder_fb::error,
             "The error that ended the stream ('' while none has): a decoder\n"
             "error the CPU could not take over ends the flowgraph (tb.run()\n"
             "returns) with the error logged and kept here.");
}

} // namespace

void bind_ldpc_decoder_fb(py::module& m)
{
    block_class c(m, "ldpc_decoder_fb", class_doc);
    bind_make(c);
    gpufec_python::bind_decoder_methods<ldpc_decoder_fb>(c);
    bind_frames(c);
    bind_counters(c);
}
