/* -*- c++ -*- */
/*
 * Options given for nothing: a decoder option set away from its default where the
 * decoder in question would not use it (alpha with a rule other than normalized
 * min-sum, beta with one other than offset min-sum, the fixed-point fields with a
 * floating-point precision, a CUDA device with backend cpu, an option of the
 * other kind of code). Every interface (Python, the blocks, the apps) refuses
 * them through these functions, so the messages are the same words with the
 * interface's spelling of the option ("alpha" or "--alpha").
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_UNUSED_OPTIONS_H
#define INCLUDED_GPUFEC_UNUSED_OPTIONS_H

#include <gpufec/api.h>
#include <gpufec/decoder.h>
#include <string>

namespace gpufec {

/*! How an interface spells its options in messages. */
enum class option_spelling {
    field, //!< as the options' fields and Python's keywords: fraction_bits
    cli    //!< as the command line: --fraction-bits
};

/*! The name of option \p field ("fraction_bits") in \p spelling. */
GPUFEC_API std::string option_name(const std::string& field, option_spelling spelling);

/*!
 * Throws gpufec::invalid_argument (starting with "WHO: " where \p who is not
 * empty) for an option of \p o that is given but unused: alpha (not
 * family_default) with a rule other than nms, beta with one other than oms,
 * fixed.fraction_bits / channel_max / c2v_max (not their defaults) with precision
 * float32 or half2, gpu.device > 0 with backend cpu. \p precision_text is the
 * precision as the caller gave it, for the message.
 */
GPUFEC_API void refuse_unused_options(const decoder_options& o,
                                      const std::string& precision_text,
                                      option_spelling spelling,
                                      const std::string& who);

/*!
 * Throws gpufec::invalid_argument for option \p field given as \p value (its
 * default: \p default_text) for code \p spec, which is of the other kind:
 * "WHO: alpha is 0.5, but code 'nbreg:...' is a nonbinary code; alpha applies to
 * binary codes only (leave it at -1)".
 */
[[noreturn]] GPUFEC_API void refuse_other_kind_option(const std::string& field,
                                                      const std::string& value,
                                                      const std::string& default_text,
                                                      const std::string& spec,
                                                      bool nonbinary,
                                                      option_spelling spelling,
                                                      const std::string& who);

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_UNUSED_OPTIONS_H */
