/* -*- c++ -*- */
/*
 * Parameters shared by the GNU Radio blocks and FECAPI objects of gr-gpufec:
 * turns their flat make() arguments (strings and numbers, as GRC and Python pass
 * them) into a core code and decoder, and refuses bad ones with a message that
 * names the block and the parameter. Also the input sign / scale conversion to
 * the core's LLRs (L = ln(P(0)/P(1)), positive means bit 0).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_DECODER_PARAMS_H
#define INCLUDED_GR_GPUFEC_DECODER_PARAMS_H

#include <cstddef>
#include <gpufec/decoder.h>
#include <gpufec/ldpc_code.h>
#include <string>

namespace gr {
namespace gpufec {

/*! The code of a spec; errors are prefixed with `who`. */
::gpufec::ldpc_code::sptr make_code(const std::string& spec, const std::string& who);

/*! The arguments common to every decoder make(). */
struct decoder_args {
    std::string algorithm = "nms";
    float alpha = ::gpufec::family_default; //!< -1: the code family's default
    float beta = ::gpufec::family_default;
    std::string schedule = "layered";
    int max_iterations = 10;
    bool early_termination = true;
    std::string backend = "auto";
    int threads = 0;
};

/*! A core decoder; errors (bad parameter, CUDA unusable) are prefixed with `who`. */
::gpufec::decoder::uptr make_decoder(::gpufec::ldpc_code::sptr code,
                                     const decoder_args& args,
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
