/*
 * The Python face of the three decoder blocks' make() (ldpc_decoder_fb,
 * ldpc_decoder_pdu and the FECAPI ldpc_decoder), written once: their keyword
 * lists with the defaults of make() (the decoder options' from
 * gr::gpufec::decoder_arguments, lib/decoder_arguments.h), the adapter that lets
 * each take its code as a spec string or a code object, and the docstring text
 * they share. A keyword list is a pybind11 attribute (decoder_keywords) that
 * gives a def() all of its arguments.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PYTHON_DECODER_KEYWORDS_H
#define INCLUDED_GPUFEC_PYTHON_DECODER_KEYWORDS_H

#include "decoder_arguments.h"
#include "spec_arg.h"
#include <pybind11/pybind11.h>
#include <string>
#include <vector>

namespace gpufec_python {

/*! Every argument of a make(), in order: spec (no default), then the rest. */
struct decoder_keywords {
    std::vector<pybind11::arg_v> after_spec;
};

/*! The keywords of ldpc_decoder_fb(spec, ...). */
decoder_keywords stream_block_keywords();
/*! The keywords of ldpc_decoder_pdu(spec, ...). */
decoder_keywords pdu_block_keywords();
/*! The keywords of ldpc_decoder.make(spec, ...). */
decoder_keywords fecapi_keywords();

/*!
 * A make(spec, rest...) that takes its code as a spec string, an ldpc_code or
 * an nb_ldpc_code (spec_of).
 */
template <typename Result, typename... Rest>
auto with_code_argument(Result (*make)(const std::string&, Rest...))
{
    return [make](const pybind11::object& code, Rest... rest) {
        return make(spec_of(code), rest...);
    };
}

} // namespace gpufec_python

namespace pybind11 {
namespace detail {

/*! A keyword list gives the function record its arguments, as py::arg would. */
template <>
struct process_attribute<gpufec_python::decoder_keywords>
    : process_attribute_default<gpufec_python::decoder_keywords> {
    static void init(const gpufec_python::decoder_keywords& k, function_record* r)
    {
        process_attribute<arg>::init(arg("spec"), r);
        for (const arg_v& a : k.after_spec) {
            process_attribute<arg_v>::init(a, r);
        }
    }
};

} // namespace detail
} // namespace pybind11

/*! precision; ends where each caller says which LLRs the fixed point wants. */
#define GPUFEC_DOC_PRECISION                                                   \
    "precision: auto (the backend's fastest precision within 0.1 dB of\n"      \
    "  float32: on the CPU int8 for nms, int16 for ms, oms, scms; half2 on\n"  \
    "  CUDA for the min-sum family;\n"                                         \
    "  float32 for SPA and GF(q) codes), float32, half2 (CUDA), int16, int8\n" \
    "  (CPU); GF(q) codes take auto and float32 only. The fixed-point\n"       \
    "  precisions (int16, int8, auto on the CPU) want real LLRs\n"

/*! device and the fixed-point options. */
#define GPUFEC_DOC_DEVICE_FIXED                                               \
    "device: CUDA device index (backend cuda or auto; 0 with backend cpu).\n" \
    "fraction_bits (-1: default, else 0..12), channel_max, c2v_max (0:\n"     \
    "  default): binary fixed point only.\n"

#endif /* INCLUDED_GPUFEC_PYTHON_DECODER_KEYWORDS_H */
