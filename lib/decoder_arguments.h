/* -*- c++ -*- */
/*
 * The decoder arguments as gr-gpufec's blocks, FECAPI objects and Python API
 * take them, one parameter each (strings and numbers, as GRC and Python pass
 * them), and what the core makes of them: the name = value pairs of the core's
 * option table (gpufec/decoder_option_parser.h), which its parser turns into the
 * one gpufec::decoder_options of a code of either kind; the code of a spec (the
 * core's make_code); and the blocks' decoder options, the parser's refusals plus
 * the blocks' own (a precision the backend lacks, the fixed-point ranges, a
 * device the machine lacks), every message naming the block and the parameter.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_DECODER_ARGUMENTS_H
#define INCLUDED_GR_GPUFEC_DECODER_ARGUMENTS_H

#include <gnuradio/gpufec/api.h>
#include <gpufec/code.h>
#include <gpufec/decoder.h>
#include <gpufec/decoder_option_parser.h>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * The decoder arguments of every make() and of the Python API, each named as
 * the core's option table names it. algorithm "auto" is "nms" for a binary code
 * and "minmax" for a nonbinary one. alpha, beta and the fixed-point options
 * (fraction_bits, channel_max, c2v_max) apply to binary codes only, the ems_*
 * options to nonbinary codes only: for the other kind they must keep their
 * defaults (so that one set of GRC parameters serves both). precision "auto" is
 * the backend's fastest precision within 0.1 dB of float32
 * (gpufec::auto_precision); a nonbinary code takes "auto" and "float32" only.
 * device is the CUDA device index (backend cuda and auto). The fields stand in
 * the order of the decoder blocks' make() parameters, which initialize it
 * positionally (decoder_arguments{ algorithm, alpha, ... }).
 */
struct decoder_arguments {
    std::string algorithm = "auto";
    float alpha = ::gpufec::family_default; //!< -1: the code family's default
    float beta = ::gpufec::family_default;
    std::string schedule = "layered";
    int max_iterations = ::gpufec::code_default_iterations; //!< -1: the code's
    bool early_termination = true;
    std::string backend = "auto";
    int threads = 0;
    int ems_nm = 0;
    float ems_offset = 0.0f;
    float ems_scale = 0.7f;
    //! "auto", "float32" (or "float"), "half2", "int16", "int8"
    std::string precision = "auto";
    int device = 0; //!< CUDA device index, >= 0
    //! fixed point (int16 / int8): -1 = the precision's default, else 0..12
    int fraction_bits = -1;
    int channel_max = 0; //!< fixed point: 0 = the precision's default
    int c2v_max = 0;     //!< fixed point: 0 = the precision's default
};

/*! The arguments as the core's parser reads them: name = value, every option. */
GPUFEC_GR_API ::gpufec::option_list named_options(const decoder_arguments& args);

/*!
 * The Python / GRC name of a core precision: "float32", "half2", "int16",
 * "int8" (the core's to_string says "float" for float32), "auto".
 */
GPUFEC_GR_API std::string precision_name(::gpufec::message_precision precision);

/*!
 * The code of `spec` (gpufec::make_code), its encoder built now so that a
 * singular H fails here. Throws std::invalid_argument prefixed with `who`.
 */
::gpufec::code_handle code_of_spec(const std::string& spec, const std::string& who);

/*!
 * The options of a block's decoder of a code of kind `kind` (binary or
 * nonbinary) named `spec`: the core's parser over named_options() for that
 * kind, then the blocks' refusals and the options' validation
 * (decoder_options::validate, or nb_decoder_options::validate for a nonbinary
 * code). Throws std::invalid_argument prefixed with `who`.
 */
::gpufec::decoder_options block_decoder_options(const decoder_arguments& args,
                                                ::gpufec::code_kind kind,
                                                const std::string& spec,
                                                const std::string& who);

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_DECODER_ARGUMENTS_H */
