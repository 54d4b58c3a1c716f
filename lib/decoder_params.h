/* -*- c++ -*- */
/*
 * Parameters of gr-gpufec's blocks and FECAPI objects, binary and nonbinary
 * alike: the code of a spec (binary or GF(q), told apart by the core's
 * nb_code::is_nb_spec), the core decoder options of the flat make() arguments
 * (strings and numbers, as GRC and Python pass them), with the options of the
 * other kind of code refused, and every refusal naming the block and the
 * parameter. Also the input sign / scale conversion to the core's LLRs
 * (L = ln(P(0)/P(1)), positive means bit 0), which both kinds share: the
 * nonbinary decoder takes bit LLRs of the symbols' binary images.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_DECODER_PARAMS_H
#define INCLUDED_GR_GPUFEC_DECODER_PARAMS_H

#include <cstddef>
#include <gpufec/decoder.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/nb_code.h>
#include <gpufec/nb_decoder.h>
#include <string>

namespace gr {
namespace gpufec {

/*! The code of a spec: exactly one of the two is set. */
struct spec_code {
    ::gpufec::ldpc_code::sptr binary;
    ::gpufec::nb_code::sptr nonbinary;
};

/*!
 * The code of a spec: nonbinary for nbalist:, nbqc: and nbreg:, binary for any
 * other form. Builds the encoder now, so that a singular H fails here. Throws
 * std::invalid_argument prefixed with `who`.
 */
spec_code make_code(const std::string& spec, const std::string& who);

/*!
 * The decoder arguments of every make(). algorithm "auto" is "nms" for a
 * binary code and "minmax" for a nonbinary one. alpha, beta and the fixed-point
 * options (fraction_bits, channel_max, c2v_max) apply to binary codes only, the
 * ems_* options to nonbinary codes only: for the other kind they must keep
 * their defaults (so that one set of GRC parameters serves both), another value
 * is refused. precision "auto" is the backend's fastest precision within 0.1 dB
 * of float32 (gpufec::auto_precision); a nonbinary code takes "auto" and
 * "float32" only. device is the CUDA device index (backend cuda and auto).
 * The fields stand in the order of the decoder blocks' make() parameters, which
 * initialize it positionally (decoder_args{ algorithm, alpha, ... }).
 */
struct decoder_args {
    std::string algorithm = "auto";
    float alpha = ::gpufec::family_default; //!< -1: the code family's default
    float beta = ::gpufec::family_default;
    std::string schedule = "layered";
    int max_iterations = -1; //!< -1: the code's default
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

/*!
 * The Python / GRC name of a core precision: "float32", "half2", "int16",
 * "int8" (the core's to_string says "float" for float32), "auto".
 */
std::string precision_name(::gpufec::message_precision precision);

/*! The core options of a binary code's decoder; errors prefixed with `who`. */
::gpufec::decoder_options
binary_options(const decoder_args& args, const std::string& spec, const std::string& who);

/*! The core options of a nonbinary code's decoder; errors prefixed with `who`. */
::gpufec::nb_decoder_options nonbinary_options(const decoder_args& args,
                                               const std::string& spec,
                                               const std::string& who);

/*!
 * The factor f with which input x becomes the core's LLR f * x: +llr_scale for
 * sign "positive_is_0", -llr_scale for "positive_is_1". Throws
 * std::invalid_argument for another sign or a scale that is not finite and > 0.
 */
float input_factor(const std::string& sign, float llr_scale, const std::string& who);

/*!
 * The llr_scale of gr-fec's `sigma` (fec.ldpc_decoder: its SPA takes the LLR
 * x / (2 sigma^2) of input x): 1 / (2 sigma^2) when sigma > 0, else llr_scale
 * unchanged. Throws std::invalid_argument for a negative or non-finite sigma, a
 * sigma so small that the scale overflows, or sigma > 0 with llr_scale not 1.
 */
float grfec_sigma_scale(float sigma, float llr_scale, const std::string& who);

/*! out[i] = factor * in[i] (VOLK). */
void scale_llrs(const float* in, size_t count, float factor, float* out);

/*! Throws std::invalid_argument("who: name is v; it must be >= 1"). */
void check_positive(int value, const char* name, const std::string& who);

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_DECODER_PARAMS_H */
