/*
 * The decoder arguments of the Python API (gpufec.batch_decoder and
 * gpufec.simulate), gr::gpufec::decoder_arguments (lib/decoder_arguments.h), made
 * into the core's decoder options by the core's parser, with the Python API's
 * refusals: an option of the other kind of code away from its default, an option
 * given for nothing (gpufec/unused_options.h), a value out of range. Every
 * refusal is a gpufec::invalid_argument (ValueError) that starts with the
 * caller's name and names the parameter. Also the conversions between Python's
 * floats and the options' single-precision ones.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PYTHON_DECODER_ARGS_H
#define INCLUDED_GPUFEC_PYTHON_DECODER_ARGS_H

#include "decoder_arguments.h"
#include <gpufec/decoder.h>
#include <gpufec/decoder_option_parser.h>
#include <string>

namespace gpufec_python {

using gr::gpufec::decoder_arguments;

/*!
 * The core options of \p args for a code of kind \p kind named \p spec,
 * checked (decoder_options::validate, or nb_decoder_options::validate for a
 * GF(q) code); errors start with \p who.
 */
gpufec::decoder_options options_of(const decoder_arguments& args,
                                   gpufec::code_kind kind,
                                   const std::string& spec,
                                   const std::string& who);

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
