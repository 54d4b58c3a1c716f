/* -*- c++ -*- */
/*
 * What precision "auto" stands for, per backend and check-node rule: the fastest
 * message arithmetic the backend offers for the rule whose FER stays within
 * 0.1 dB of float32. The evidence is the FER matrices of docs/VALIDATION.md
 * ("Every rule x precision x schedule against float": the CPU matrix in CI, the
 * long codes, the GPU matrix in .ci/device-run), summed up in its table
 * "precision auto"; the speeds are those of docs/BENCHMARKS.md (CPU int8 >
 * int16 > float, GPU half2 > float). decoder::make resolves "auto" here once it
 * knows the backend, and so do the apps, the GNU Radio blocks, GRC and Python,
 * which all pass message_precision::automatic.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "decoders/check_node_traits.h"
#include "decoders/simd_decoder.h"
#include <gpufec/decoder.h>
#include <gpufec/error.h>
#include <string>

namespace gpufec {

namespace {

/*! int8 keeps the FER within 0.1 dB of float at the deep points: NMS only. */
bool int8_accurate(const decoder_options& options)
{
    return options.rule == check_node_rule::normalized_min_sum &&
           !simd_plain_min_sum(options.rule, options.alpha);
}

} // namespace

message_precision auto_precision(backend_kind backend, const decoder_options& options)
{
    const rule_properties rule = properties(options.rule);
    switch (backend) {
    case backend_kind::cpu:
        // SIMD decoder: NMS in int8, within 0.1 dB of float at the waterfall and
        // deep points of every code family, both schedules. int8 ms, oms and scms
        // (and NMS with alpha ~1, plain min-sum) have error floors at the deep
        // points of some codes that int16 has not: int16 for them. SPA runs on
        // the float reference decoder only.
        if (!rule.int16_allowed)
            return message_precision::float32;
        return int8_accurate(options) ? message_precision::int8
                                      : message_precision::int16;
    case backend_kind::cuda: {
        // A kernel named by the user decides: its name carries its precision
        // ("...-half2", "...-f32"), and another one would be refused.
        const std::string& kernel = options.gpu.kernel;
        if (!kernel.empty() && kernel != "auto") {
            return kernel.find("half2") != std::string::npos ? message_precision::half2
                                                             : message_precision::float32;
        }
        // half2 within 0.1 dB of float for the min-sum family on every code
        // family and both schedules; SPA needs float32 (half2 is refused there).
        return rule.half2_allowed ? message_precision::half2 : message_precision::float32;
    }
    case backend_kind::automatic:
        break;
    }
    throw invalid_argument("auto_precision: backend " + to_string(backend) +
                           "; resolve the backend (cpu or cuda) first");
}

message_precision resolve_precision(backend_kind backend, const decoder_options& options)
{
    if (options.precision != message_precision::automatic) {
        return options.precision;
    }
    return auto_precision(backend, options);
}

} // namespace gpufec
