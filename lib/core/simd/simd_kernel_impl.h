/* -*- c++ -*- */
/*
 * Copyright 2026 The gr-gpufec authors.
 *
 * The body of the SIMD min-sum-family kernels, included by each protokernel's
 * translation unit (kernel_<isa>.cc) with its own ISA flags, which choose the
 * lane operations once (lane_ops.h: ops_generic.h, ops_sse41.h, ops_avx2.h,
 * ops_avx512.h with compressed_c2v_avx512.h, ops_neon.h). The pieces:
 * row_update.h (the check node), frame_io.h (quantization, outputs),
 * inter_kernel.h (W frames in the lanes, as in "Implementation of a Heterogeneous
 * LDPC Decoder on ARM and GPU of Mobile Devices"; layered or flooding) and
 * intra_kernel.h (one frame, a QC layer's rows in the lanes). This file picks the
 * kernel for a job's rule and schedule and defines the protokernel table.
 *
 * Fixed point is integer and saturating; float uses only IEEE
 * add/sub/mul/min/max/compare in the reference decoder's order (no FMA, no
 * reassociation), so every ISA gives bit-identical results, a frame's result does
 * not depend on W, on its lane or on inter- vs intra-frame, and float equals
 * cpu_reference_decoder bit for bit.
 *
 * Semantics follow cpu_reference_decoder: layers in order, rows in order (or
 * flooding: two-phase), V2C = L - C2V_old, NMS alpha*min (fixed point: alpha_q/16
 * rounded), OMS max(min-beta,0), SCMS (Andrade et al., "Near-LSPA Performance at
 * MSA Complexity") erasure on sign change against the stored previous V2C, hard
 * decision L<0 -> 1, early termination after each iteration, punctured columns
 * LLR 0. Fixed point differs only in that all values saturate at +-msg_max (the
 * posterior too) and C2V magnitudes are clamped at c2v_max after the rule's
 * correction (simd_decoder.h).
 *
 * Every definition of these headers is in an anonymous namespace (internal
 * linkage): the same templates are compiled once per ISA, and the linker must
 * not merge one translation unit's instantiations into another's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "decoders/check_node_traits.h"
#include "inter_kernel.h"
#include "intra_kernel.h"
#include "simd_kernels.h"

namespace gpufec {
namespace simd {
namespace {

/*!
 * Calls run(tag) for the job's rule when it is of the min-sum family (the SIMD
 * kernels' rules); SPA and unknown values run nothing.
 */
template <typename Run>
void visit_min_sum_rule(check_node_rule rule, Run run)
{
    if (!known_rule(rule))
        return;
    visit_rule(rule, [&](auto tag) {
        if constexpr (traits_of<decltype(tag)>::min_sum_family)
            run(tag);
    });
}

template <typename T, int W, bool Flood>
void run_inter_sched(const job& jb)
{
    visit_min_sum_rule(jb.rule, [&](auto tag) {
        inter_kernel<T, W, decltype(tag)::value, Flood>::run(jb);
    });
}

template <typename T, int W>
void run_inter(const job& jb)
{
    if (jb.flooding)
        run_inter_sched<T, W, true>(jb);
    else
        run_inter_sched<T, W, false>(jb);
}

template <typename T, int W>
void run_intra(const job& jb)
{
    visit_min_sum_rule(
        jb.rule, [&](auto tag) { intra_kernel<T, W, decltype(tag)::value>::run(jb); });
}

} // namespace
} // namespace simd
} // namespace gpufec

// BYTES: bytes of one lane group (int16 lanes = BYTES / 2, int8 lanes = BYTES,
// float lanes = BYTES / 4); every protokernel uses 64 (see docs/SIMD_DESIGN.md).
#define GPUFEC_DEFINE_PROTOKERNEL(NAME, BYTES)                           \
    namespace gpufec {                                                   \
    namespace simd {                                                     \
    const protokernel& protokernel_##NAME()                              \
    {                                                                    \
        static const protokernel p = { #NAME,                            \
                                       &run_inter<int16_t, (BYTES) / 2>, \
                                       &run_inter<int8_t, (BYTES)>,      \
                                       &run_inter<float, (BYTES) / 4>,   \
                                       (BYTES) / 2,                      \
                                       (BYTES),                          \
                                       (BYTES) / 4,                      \
                                       &run_intra<int16_t, (BYTES) / 2>, \
                                       &run_intra<int8_t, (BYTES)>,      \
                                       &run_intra<float, (BYTES) / 4> }; \
        return p;                                                        \
    }                                                                    \
    }                                                                    \
    }
