/* -*- c++ -*- */
/*
 * Default check-node rule parameters and maximum iterations per code family and,
 * for DVB-S2 (EN 302 307-1), per code rate: the NMS factor alpha and the OMS
 * offset beta that gave the lowest FER in the measured curves of docs/VALIDATION.md
 * "Default rule parameters" (float decoders, layered and flooding, near FER 1e-2),
 * and the fewest iterations whose FER threshold is within 0.1 dB of 50 iterations'
 * (scripts/rule_defaults_sweep.py). The same values serve the apps, the GNU Radio
 * blocks, GRC and Python: they all pass family_default and code_default_iterations.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gpufec/decoder.h>
#include <string>

namespace gpufec {

namespace {

struct family_row {
    const char* prefix;
    rule_parameters parameters;
};

// DVB-S2 by rate (the spec's last field): normal and short FECFRAMEs
struct rate_row {
    const char* rate;
    rule_parameters normal;
    rule_parameters short_frame;
};

constexpr family_row families[] = {
    { "wifi:", { 0.8125f, 0.5f, 10 } },
    { "wimax:", { 0.8125f, 0.5f, 10 } },
    { "nr5g:", { 0.6875f, 0.5f, 10 } },
};

constexpr rate_row dvbs2_rates[] = {
    { "1/4", { 0.9375f, 0.25f, 50 }, { 0.9375f, 0.25f, 50 } },
    { "1/3", { 0.875f, 0.25f, 50 }, { 0.875f, 0.25f, 50 } },
    { "2/5", { 0.875f, 0.25f, 30 }, { 0.875f, 0.25f, 30 } },
    { "1/2", { 0.8125f, 0.25f, 50 }, { 0.875f, 0.25f, 50 } },
    { "3/5", { 0.75f, 0.25f, 30 }, { 0.75f, 0.25f, 30 } },
    { "2/3", { 0.875f, 0.25f, 30 }, { 0.875f, 0.25f, 30 } },
    { "3/4", { 0.875f, 0.25f, 30 }, { 0.875f, 0.25f, 30 } },
    { "4/5", { 0.875f, 0.25f, 20 }, { 0.875f, 0.25f, 20 } },
    { "5/6", { 0.875f, 0.25f, 20 }, { 0.875f, 0.25f, 20 } },
    { "8/9", { 0.875f, 0.25f, 20 }, { 0.875f, 0.25f, 20 } },
    { "9/10", { 0.875f, 0.25f, 20 }, { 0.875f, 0.25f, 20 } },
};

constexpr rule_parameters any_other_code = { 0.75f, 0.5f, 10 };

bool starts_with(const std::string& s, const char* prefix)
{
    return s.rfind(prefix, 0) == 0;
}

} // namespace

rule_parameters default_rule_parameters(const ldpc_code& code)
{
    const std::string& name = code.name();
    if (starts_with(name, "dvbs2:")) {
        const std::string rate = name.substr(name.rfind(':') + 1);
        for (const rate_row& r : dvbs2_rates)
            if (rate == r.rate)
                return starts_with(name, "dvbs2:short:") ? r.short_frame : r.normal;
    }
    for (const family_row& f : families)
        if (starts_with(name, f.prefix))
            return f.parameters;
    return any_other_code;
}

} // namespace gpufec
