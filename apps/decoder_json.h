/* -*- c++ -*- */
/*
 * A decoder's options as JSON (nlohmann-json), as in force (defaults resolved),
 * for a decoder of either kind: the record of gpufec-ber's points ("decoder",
 * ber_json.h) and the leading decoder keys of gpufec-bench's --json file.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_APPS_DECODER_JSON_H
#define INCLUDED_GPUFEC_APPS_DECODER_JSON_H

#include <gpufec/decoder.h>
#include <gpufec/nb_decoder.h>

#include <nlohmann/json.hpp>

namespace gpufec_app {

/*!
 * The rule (a GF(q) code's rule), its parameters (a binary code's alpha and
 * beta), schedule, iterations and early termination of decoder `d` into `j`.
 */
inline void put_rule_json(nlohmann::ordered_json& j, const gpufec::decoder& d)
{
    const gpufec::decoder_options o = d.options();
    if (d.nonbinary()) {
        j["algorithm"] = gpufec::to_string(o.nonbinary.rule);
    } else {
        j["algorithm"] = gpufec::to_string(o.rule);
        j["alpha"] = static_cast<double>(o.alpha);
        j["beta"] = static_cast<double>(o.beta);
    }
    j["schedule"] = gpufec::to_string(o.schedule);
    j["iterations"] = o.max_iterations;
    j["early_termination"] = o.early_termination;
}

/*!
 * The options of decoder `d`: put_rule_json's, then a GF(q) code's EMS
 * parameters, or a binary code's precision and fixed-point fields.
 */
inline nlohmann::ordered_json decoder_json(const gpufec::decoder& d)
{
    const gpufec::decoder_options o = d.options();
    nlohmann::ordered_json j;
    put_rule_json(j, d);
    if (d.nonbinary()) {
        j["ems_nm"] = o.nonbinary.ems_nm;
        j["ems_offset"] = static_cast<double>(o.nonbinary.ems_offset);
        j["ems_scale"] = static_cast<double>(o.nonbinary.ems_scale);
    } else {
        j["precision"] = gpufec::to_string(o.precision);
        j["fraction_bits"] = o.fixed.fraction_bits;
        j["channel_max"] = o.fixed.channel_max;
        j["c2v_max"] = o.fixed.c2v_max;
    }
    return j;
}

} // namespace gpufec_app

#endif /* INCLUDED_GPUFEC_APPS_DECODER_JSON_H */
