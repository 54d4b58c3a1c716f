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
#include "inter_kernel.h"
#include "intra_kernel.h"
#include "simd_kernels.h"

namespace gpufec {
namespace simd {
namespace {

template <typename T, int W, bool Flood>
void run_inter_sched(const job& jb)
{
    switch (jb.rule) {
    case check_node_rule::min_sum:
        return inter_kernel<T, W, check_node_rule::min_sum, Flood>::run(jb);
    case check_node_rule::normalized_min_sum:
        return inter_kernel<T, W, check_node_rule::normalized_min_sum, Flood>::run(jb);
    case check_node_rule::offset_min_sum:
        return inter_kernel<T, W, check_node_rule::offset_min_sum, Flood>::run(jb);
    case check_node_rule::self_corrected_min_sum:
        return inter_kernel<T, W, check_node_rule::self_corrected_min_sum, Flood>::run(
            jb);
    default:
        return;
    }
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
    switch (jb.rule) {
    case check_node_rule::min_sum:
        return intra_kernel<T, W, check_node_rule::min_sum>::run(jb);
    case check_node_rule::normalized_min_sum:
        return intra_kernel<T, W, check_node_rule::normalized_min_sum>::run(jb);
    case check_node_rule::offset_min_sum:
        return intra_kernel<T, W, check_node_rule::offset_min_sum>::run(jb);
    case check_node_rule::self_corrected_min_sum:
        return intra_kernel<T, W, check_node_rule::self_corrected_min_sum>::run(jb);
    default:
        return;
    }
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
