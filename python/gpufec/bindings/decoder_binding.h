/*
 * What the bindings of the three decoder blocks (ldpc_decoder_fb,
 * ldpc_decoder_pdu and the FECAPI ldpc_decoder) share, written once: their
 * make()'s keyword lists with its defaults (the decoder options' from
 * gr::gpufec::decoder_arguments, lib/decoder_arguments.h), the adapter that lets
 * each take its code as a spec string or a code object, the docstring text of
 * their decoder options, and the methods they all have (the code's sizes, the
 * backend and precision in use, the settings that may change while a flowgraph
 * runs). A keyword list is a pybind11 attribute (decoder_keywords) that gives a
 * def() all of its arguments.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PYTHON_DECODER_BINDING_H
#define INCLUDED_GPUFEC_PYTHON_DECODER_BINDING_H

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

/*!
 * The methods every decoder block has (lib/pipeline_decoder.h): nonbinary, n,
 * k, q, p, backend, precision, code_name, and (safe while a flowgraph runs)
 * set_max_iterations, set_alpha, set_beta with their getters.
 */
template <typename Block, typename Class>
void bind_decoder_methods(Class& c)
{
    namespace py = pybind11;
    c.def("nonbinary", &Block::nonbinary, "Whether the code is nonbinary.")
        .def("n", &Block::n, "Code length N (bits, or GF(q) symbols).")
        .def("k", &Block::k, "Information bits or symbols K per frame.")
        .def("q", &Block::q, "Field size q (2 for a binary code).")
        .def("p", &Block::p, "Bits per symbol p (1 for a binary code).")
        .def("backend", &Block::backend, "The backend in use: 'cpu' or 'cuda'.")
        .def("precision",
             &Block::precision,
             "The message precision in use, 'auto' resolved: 'float32', 'half2',\n"
             "'int16' or 'int8'.")
        .def("code_name", &Block::code_name, "The code spec.")
        .def("set_max_iterations",
             &Block::set_max_iterations,
             py::arg("max_iterations"),
             "Safe while the flowgraph runs.")
        .def("max_iterations", &Block::max_iterations)
        .def("set_alpha",
             &Block::set_alpha,
             py::arg("alpha"),
             "Normalized min-sum factor (binary codes; -1 only for a nonbinary\n"
             "one); safe while the flowgraph runs.")
        .def("alpha", &Block::alpha)
        .def("set_beta",
             &Block::set_beta,
             py::arg("beta"),
             "Offset min-sum offset (binary codes; -1 only for a nonbinary one);\n"
             "safe while the flowgraph runs.")
        .def("beta", &Block::beta);
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

#endif /* INCLUDED_GPUFEC_PYTHON_DECODER_BINDING_H */
