/* -*- c++ -*- */
/*
 * Default check-node rule parameters per code family: the NMS factor alpha and
 * the OMS offset beta that gave the lowest FER in the measured curves of
 * docs/VALIDATION.md "Default rule parameters" (float decoders, layered and
 * flooding, 10 - 20 iterations, near FER 1e-2). The same values serve the apps,
 * the GNU Radio blocks, GRC and Python: they all pass family_default.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gpufec/decoder.h>
#include <string>

namespace gpufec {

rule_parameters default_rule_parameters(const ldpc_code& code)
{
    const std::string& name = code.name();
    auto family = [&name](const char* prefix) { return name.rfind(prefix, 0) == 0; };
    if (family("wifi:") || family("wimax:"))
        return { 0.8125f, 0.5f };
    if (family("nr5g:"))
        return { 0.6875f, 0.5f };
    if (family("dvbs2:"))
        return { 0.875f, 0.25f };
    return { 0.75f, 0.5f };
}

} // namespace gpufec
