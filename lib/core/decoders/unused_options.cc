/* -*- c++ -*- */
/*
 * The refusals of options given for nothing (unused_options.h).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "decoders/check_node_traits.h"
#include <gpufec/error.h>
#include <gpufec/unused_options.h>

#include <sstream>

namespace gpufec {

namespace {

std::string prefix(const std::string& who) { return who.empty() ? "" : who + ": "; }

std::string number(float v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

std::string kind(bool nonbinary) { return nonbinary ? "nonbinary" : "binary"; }

/* A rule parameter given with a rule that does not use it. */
void refuse_parameter(const char* field,
                      float value,
                      check_node_rule rule,
                      bool used,
                      check_node_rule user,
                      option_spelling spelling,
                      const std::string& who)
{
    if (value == family_default || used) {
        return;
    }
    const std::string name = option_name(field, spelling);
    throw invalid_argument(prefix(who) + name + " is " + number(value) +
                           ", but algorithm '" + to_string(rule) + "' does not use it; " +
                           name + " applies to algorithm " + to_string(user) +
                           " only (leave it at " +
                           (spelling == option_spelling::cli ? "auto" : "-1") +
                           ", the code family's default)");
}

} // namespace

std::string option_name(const std::string& field, option_spelling spelling)
{
    if (spelling == option_spelling::field) {
        return field;
    }
    std::string s = "--" + field;
    for (char& c : s) {
        c = c == '_' ? '-' : c;
    }
    return s;
}

void refuse_unused_options(const decoder_options& o,
                           const std::string& precision_text,
                           option_spelling spelling,
                           const std::string& who)
{
    refuse_parameter(
        "alpha", o.alpha, o.rule, uses_alpha(o.rule), alpha_rule, spelling, who);
    refuse_parameter("beta", o.beta, o.rule, uses_beta(o.rule), beta_rule, spelling, who);
    const bool floating = o.precision == message_precision::float32 ||
                          o.precision == message_precision::half2;
    const fixed_point_options defaults;
    const std::pair<const char*, bool> given[] = {
        { "fraction_bits", o.fixed.fraction_bits != defaults.fraction_bits },
        { "channel_max", o.fixed.channel_max != defaults.channel_max },
        { "c2v_max", o.fixed.c2v_max != defaults.c2v_max },
    };
    for (const auto& g : given) {
        if (g.second && floating) {
            const std::string name = option_name(g.first, spelling);
            throw invalid_argument(prefix(who) + name + " is given, but precision '" +
                                   precision_text + "' is floating point; " + name +
                                   " applies to precision int16, int8 and auto");
        }
    }
    if (o.gpu.device > 0 && o.backend == backend_kind::cpu) {
        const std::string name = option_name("device", spelling);
        throw invalid_argument(prefix(who) + name + " is " +
                               std::to_string(o.gpu.device) +
                               ", but backend 'cpu' has no devices; " + name +
                               " applies to backend cuda and auto");
    }
}

void refuse_other_kind_option(const std::string& field,
                              const std::string& value,
                              const std::string& default_text,
                              const std::string& spec,
                              bool nonbinary,
                              option_spelling spelling,
                              const std::string& who)
{
    const std::string name = option_name(field, spelling);
    throw invalid_argument(prefix(who) + name + " is " + value + ", but code '" + spec +
                           "' is a " + kind(nonbinary) + " code; " + name +
                           " applies to " + kind(!nonbinary) +
                           " codes only (leave it at " + default_text + ")");
}

} // namespace gpufec
