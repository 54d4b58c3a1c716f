/*
 * The decoder arguments of the Python API (gpufec.batch_decoder and
 * gpufec.simulate), as Python passes them (strings and numbers), and the core
 * options they make for a binary code (gpufec::decoder_options) or a GF(q) code
 * (gpufec::nb_decoder_options). The options of the other kind of code must keep
 * their defaults (alpha, beta and the fixed-point options are binary-only, the
 * ems_* options nonbinary-only); another value is refused, as are fixed-point
 * options with a floating-point precision and a device with backend cpu. Every refusal is
 * a gpufec::invalid_argument (ValueError) that starts with the caller's name and names
 * the parameter.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PYTHON_DECODER_ARGS_H
#define INCLUDED_GPUFEC_PYTHON_DECODER_ARGS_H

#include <gpufec/decoder.h>
#include <gpufec/nb_decoder.h>
#include <string>

namespace gpufec_python {

/*! In the order of gpufec.batch_decoder's arguments, which fills it in that order. */
struct decoder_args {
    std::string algorithm = "auto"; //!< "auto": nms for a binary code, minmax for GF(q)
    float alpha = gpufec::family_default; //!< binary only; -1: the code family's
    float beta = gpufec::family_default;  //!< binary only; -1: the code family's
    std::string schedule = "layered";
    int max_iterations = -1; //!< -1: the code's default
    bool early_termination = true;
    std::string backend = "auto";
    int threads = 0;
    std::string precision = "auto"; //!< as gpufec::parse_precision takes it
    int fraction_bits = -1;         //!< binary fixed point; -1: the precision's
    int channel_max = 0;            //!< binary fixed point; 0: the precision's
    int c2v_max = 0;                //!< binary fixed point; 0: the precision's
    int device = 0;                 //!< CUDA device index
    int ems_nm = 0;                 //!< nonbinary only
    float ems_offset = 0.0f;        //!< nonbinary only
    float ems_scale = 0.7f;         //!< nonbinary only
};

/*! The core options of a binary code's decoder; errors start with `who`. */
gpufec::decoder_options
binary_options(const decoder_args& args, const std::string& spec, const std::string& who);

/*! The core options of a nonbinary code's decoder; errors start with `who`. */
gpufec::nb_decoder_options nonbinary_options(const decoder_args& args,
                                             const std::string& spec,
                                             const std::string& who);

/*!
 * The Python name of a precision: "float32", "half2", "int16", "int8" (the
 * core's to_string says "float" for float32).
 */
std::string precision_name(gpufec::message_precision precision);

/*!
 * A Python float for a single-precision option: refused (gpufec::invalid_argument
 * starting with \p who and naming \p name) where a float cannot hold it, as 1e-300
 * (it would become 0) or 1e300 (infinity); NaN and infinities pass, for the
 * option's own check.
 */
float single_of(double v, const char* name, const std::string& who);

/*! The shortest decimal that reads back as \p v, as a double: 0.7f gives 0.7. */
double python_float(float v);

} // namespace gpufec_python

#endif /* INCLUDED_GPUFEC_PYTHON_DECODER_ARGS_H */
