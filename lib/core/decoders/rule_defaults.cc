/* -*- c++ -*- */
/*
 * Default check-node rule parameters and maximum iterations of a code: those of
 * its family's row in the code family table (code_families.h; per code rate for
 * DVB-S2), else those of any other code. The same values serve the apps, the
 * GNU Radio blocks, GRC and Python: they all pass family_default and
 * code_default_iterations.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gpufec/code_families.h>
#include <gpufec/decoder.h>
#include <string>

namespace gpufec {

rule_parameters default_rule_parameters(const ldpc_code& code)
{
    const std::string& name = code.name();
    const code_family* family = code_family_of_spec(name);
    if (family != nullptr && !family->nonbinary && family->rule_defaults != nullptr) {
        return family->rule_defaults(name);
    }
    return other_code_rule_parameters();
}

} // namespace gpufec
