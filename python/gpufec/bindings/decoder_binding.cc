/*
 * The keyword lists of the decoder blocks' make() (decoder_binding.h): the
 * decoder options of all three in two runs (those before and those after the
 * block's own parameters), each default the one of gr::gpufec::decoder_arguments.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "decoder_binding.h"

namespace py = pybind11;

namespace gpufec_python {

namespace {

using keywords = std::vector<py::arg_v>;

/* The decoder options that follow spec in every make(). */
keywords leading_options()
{
    const gr::gpufec::decoder_arguments d;
    return { py::arg("algorithm") = d.algorithm,
             py::arg("alpha") = d.alpha,
             py::arg("beta") = d.beta,
             py::arg("schedule") = d.schedule,
             py::arg("max_iterations") = d.max_iterations,
             py::arg("early_termination") = d.early_termination,
             py::arg("backend") = d.backend };
}

/* The decoder options after the block's own parameters, in every make(). */
keywords trailing_options()
{
    const gr::gpufec::decoder_arguments d;
    return { py::arg("ems_nm") = d.ems_nm,
             py::arg("ems_offset") = d.ems_offset,
             py::arg("ems_scale") = d.ems_scale,
             py::arg("precision") = d.precision,
             py::arg("device") = d.device,
             py::arg("fraction_bits") = d.fraction_bits,
             py::arg("channel_max") = d.channel_max,
             py::arg("c2v_max") = d.c2v_max };
}

/* leading, middle, trailing, last: one list. */
decoder_keywords joined(const keywords& middle, const keywords& last = {})
{
    decoder_keywords k{ leading_options() };
    const keywords trailing = trailing_options();
    k.after_spec.insert(k.after_spec.end(), middle.begin(), middle.end());
    k.after_spec.insert(k.after_spec.end(), trailing.begin(), trailing.end());
    k.after_spec.insert(k.after_spec.end(), last.begin(), last.end());
    return k;
}

/* The input convention and output of the stream and PDU blocks, then threads. */
keywords block_io()
{
    const gr::gpufec::decoder_arguments d;
    return { py::arg("sign") = "positive_is_0",
             py::arg("llr_scale") = 1.0f,
             py::arg("output_codeword") = false,
             py::arg("threads") = d.threads };
}

} // namespace

decoder_keywords stream_block_keywords()
{
    keywords middle{ py::arg("frames_per_call") = 64 };
    const keywords io = block_io();
    middle.insert(middle.end(), io.begin(), io.end());
    return joined(middle,
                  { py::arg("frames_in_flight") = 0,
                    py::arg("input_type") = "float",
                    py::arg("frame_tags") = true });
}

decoder_keywords pdu_block_keywords() { return joined(block_io()); }

decoder_keywords fecapi_keywords()
{
    const gr::gpufec::decoder_arguments d;
    return joined({ py::arg("frames") = 1,
                    py::arg("llr_scale") = 1.0f,
                    py::arg("threads") = d.threads,
                    py::arg("sigma") = 0.0f });
}

} // namespace gpufec_python
