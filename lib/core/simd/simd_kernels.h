/* -*- c++ -*- */
/*
 * SIMD min-sum-family kernels: inter-frame (lane l of every message vector holds
 * frame l of a group of W frames, as in "Implementation of a Heterogeneous LDPC
 * Decoder on ARM and GPU of Mobile Devices"; layered or flooding) and
 * intra-frame for codes in QC form (one frame, the Z rows of a layer in the lanes,
 * circulant shifts as rotated copies or loads; QC codes and DVB-S2 under a column
 * permutation). One kernel, several
 * protokernels (VOLK model): the same source (simd_kernel_impl.h and the headers it
 * includes) compiled in one translation unit per ISA with that ISA's flags
 * (generic, sse4_1, avx2, avx512; neon on AArch64);
 * simd_dispatch.cc picks the best one the running CPU supports at run time
 * (__builtin_cpu_supports), overridable with GPUFEC_SIMD_ARCH.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SIMD_KERNELS_H
#define INCLUDED_GPUFEC_SIMD_KERNELS_H

#include "decoders/check_node_traits.h"
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <gpufec/decoder.h>
#include <string>
#include <vector>

namespace gpufec {
namespace simd {

/*! Everything one worker needs to decode frames [first, last). */
struct job {
    // code (CSR rows, processed in layer order)
    int cols = 0;
    int edges = 0;
    const int* row_ptr = nullptr;
    const int* row_cols = nullptr;
    const int* row_order = nullptr; //!< rows of h().layers() flattened, `rows` entries
    int rows = 0;
    int max_degree = 0;
    const int* transmitted = nullptr; //!< transmitted column per input LLR
    int n = 0;
    // input: float LLRs, or int8 ones (llrs8: value v stands for the LLR
    // float(v) * step8, exactly decoder::decode(int8_t*)'s conversion)
    const float* llrs = nullptr;
    const int8_t* llrs8 = nullptr;
    float step8 = 1.0f;
    size_t first = 0, last = 0;
    // fixed point
    float scale = 1.0f;  //!< quantized channel value = round(L * scale)
    int channel_max = 0; //!< channel values clamped to +-channel_max
    int msg_max = 0;     //!< every message and posterior saturates at +-msg_max
    int c2v_max = 0;     //!< check-to-variable magnitudes clamped to c2v_max
    // rule
    check_node_rule rule = check_node_rule::normalized_min_sum;
    int alpha_q = 16;      //!< NMS: magnitude * alpha_q >> 4
    int beta_q = 0;        //!< OMS: max(magnitude - beta_q, 0)
    float alpha = 0.75f;   //!< float NMS: alpha * magnitude (as the reference decoder)
    float beta = 0.5f;     //!< float OMS: max(magnitude - beta, 0)
    bool flooding = false; //!< inter-frame only: two-phase schedule, rows in index order
    // intra-frame (QC form) description. Internal column col_perm[c] holds code
    // column c (null: identity); the internal columns are blocks of z. Passes run in
    // order (a pass = a layer: a QC block row, or a DVB-S2 360-periodic row set or
    // one of its column-disjoint sublayers); pass p has circulants [pass_ptr[p],
    // pass_ptr[p+1]): lane k of circulant i reads internal column
    // circ_col[i] * z + (k + circ_shift[i]) mod z. circ_wmask[i] < 0: every lane
    // is a row of the pass with that edge, its block column is in no other
    // circulant of the pass (written back whole); else the lanes written back are
    // those of lane mask circ_wmask[i] (z bytes, 0/1, in lane_masks). The lanes
    // miss_lane[circ_miss_ptr[i] .. circ_miss_ptr[i+1]) of circulant i have no
    // edge (DVB-S2's wrap of the staircase): value +max, C2V 0, never written back.
    // pass_active[p] < 0: all z lanes are rows of the pass, else the lane mask of
    // its rows (the other lanes are computed on but never written back). The
    // syndrome: row set t (syn_ptr[t] .. syn_ptr[t+1]) XORs the lanes of circulants
    // (syn_col, syn_shift) restricted to lane mask syn_valid (< 0: all lanes).
    int z = 0;
    const int* col_perm = nullptr;
    int passes = 0;
    const int* pass_ptr = nullptr;
    const int* pass_active = nullptr;
    const int* circ_col = nullptr;
    const int* circ_shift = nullptr;
    const int* circ_wmask = nullptr;
    const int* circ_miss_ptr = nullptr;
    const int* miss_lane = nullptr;
    const uint8_t* lane_masks = nullptr;
    int syn_sets = 0;
    const int* syn_ptr = nullptr;
    const int* syn_col = nullptr;
    const int* syn_shift = nullptr;
    const int* syn_valid = nullptr;
    //! workers take their next frames from this counter (null: [first, last) in order)
    std::atomic<size_t>* next_frame = nullptr;
    int max_iterations = 10;
    bool early_termination = true;
    // output
    decode_output out;
    const int* info_positions = nullptr;
    int k = 0;
};

using kernel_fn = void (*)(const job&);

struct protokernel {
    const char* name;   //!< generic, sse4_1, avx2, avx512 (all use 64-byte lane groups)
    kernel_fn int16_fn; //!< inter-frame (layered or flooding)
    kernel_fn int8_fn;
    kernel_fn float_fn;
    int int16_lanes;
    int int8_lanes;
    int float_lanes;
    kernel_fn int16_intra_fn; //!< intra-frame, layered, QC form (job.z > 0)
    kernel_fn int8_intra_fn;
    kernel_fn float_intra_fn;
};

// One per translation unit (the ISA-specific ones exist only on x86-64).
const protokernel& protokernel_generic();
#if defined(__x86_64__) || defined(__i386__)
const protokernel& protokernel_sse4_1();
const protokernel& protokernel_avx2();
const protokernel& protokernel_avx512();
#endif

/*! Protokernels this build has that the running CPU can execute, best last. */
std::vector<const protokernel*> available_protokernels();
/*! By name; throws invalid_argument when unknown or not runnable here. */
const protokernel& protokernel_by_name(const std::string& name);
/*! The best runnable one, or the one GPUFEC_SIMD_ARCH names. */
const protokernel& best_protokernel();

} // namespace simd
} // namespace gpufec

#endif
