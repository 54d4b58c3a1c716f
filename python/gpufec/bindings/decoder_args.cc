/*
 * The Python API's decoder arguments made into core options by the core's
 * parser, with the Python API's refusals (decoder_args.h).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "decoder_args.h"
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <gpufec/error.h>
#include <gpufec/nb_decoder.h>
#include <gpufec/unused_options.h>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace gpufec_python {

float single_of(double v, const char* name, const std::string& who)
{
    const double a = std::fabs(v);
    if (std::isfinite(v) && (a > std::numeric_limits<float>::max() ||
                             (a > 0.0 && a < std::numeric_limits<float>::min()))) {
        std::ostringstream value;
        value << v;
        throw gpufec::invalid_argument(who + ": " + name + " is " + value.str() +
                                       ", outside the range of a 32-bit float (a "
                                       "magnitude of 1.2e-38 to 3.4e38, or 0): it "
                                       "would be taken as " +
                                       (a > 1.0 ? "infinity" : "0"));
    }
    return static_cast<float>(v);
}

double python_float(float v)
{
    char text[64];
    const auto r = std::to_chars(text, text + sizeof(text) - 1, v);
    *r.ptr = '\0';
    return std::strtod(text, nullptr);
}

gpufec::decoder_options options_of(const decoder_arguments& args,
                                   gpufec::code_kind kind,
                                   const std::string& spec,
                                   const std::string& who)
{
    gpufec::option_source source;
    source.who = who;
    const gpufec::decoder_options o = gpufec::parse_decoder_options(
        gr::gpufec::named_options(args), kind, spec, source);
    gpufec::refuse_unused_options(o, args.precision, gpufec::option_spelling::field, who);
    try {
        if (kind == gpufec::code_kind::nonbinary) {
            gpufec::to_nb_decoder_options(o).validate();
        } else {
            o.validate();
        }
    } catch (const std::invalid_argument& e) {
        throw gpufec::invalid_argument(who + ": " + e.what());
    }
    return o;
}

} // namespace gpufec_python
