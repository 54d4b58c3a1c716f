/* -*- c++ -*- */
/*
 * The general CUDA decoding kernel: any binary code (QC or not, punctured columns,
 * alist/qc files), both schedules (layered over the code's row groups,
 * parity_check_matrix::layers(), and two-phase flooding), every check-node rule
 * (SPA in float32 with the exact box-plus by forward-backward sums, Andrade et al.,
 * "Near-LSPA Performance at MSA Complexity" eq. 2 and 5; min-sum, normalized, offset and
 * self-corrected min-sum in float32 or half2). Same semantics as the CPU reference
 * (cpu_reference_decoder.cc).
 *
 * A block decodes `units_per_block` units; its posterior LLRs live in shared memory
 * when they fit (else in a global scratch region of the block). Messages are kept
 * per edge slot in global memory, [unit][layer slot], so the threads of a warp
 * (consecutive rows of a layer) touch consecutive addresses (Wang et al., "GPU
 * Accelerated Scalable Parallel Decoding of LDPC Codes" IV-B). The grid is persistent:
 * block b decodes tasks b, b + gridDim.x, ... with its own scratch, so any number of
 * frames runs on a fixed amount of device memory.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "binary/cuda_kernels.h"
#include "binary/frame_io.cuh"
#include "binary/lane_math.cuh"

namespace gpufec {
namespace cuda_detail {

namespace {

/*! Self-corrected min-sum erasure: a V2C whose sign is opposite to prev becomes 0. */
template <typename V>
__device__ inline V scms_erase(V e, V prev)
{
    using ops = lane_ops<V>;
    const uint32_t changed = (ops::neg_mask(e) & ops::pos_mask(prev)) |
                             (ops::pos_mask(e) & ops::neg_mask(prev));
    return ops::from_bits(ops::bits(e) & ~changed);
}

/*! Row degree up to which a row's edges stay in registers (one pass over memory). */
constexpr int cached_row_degree = 20;

/*!
 * One row of the min-sum family with its edges in registers: every column index,
 * posterior and message is read once and written once.
 */
template <typename V, bool SCMS, int CACHE>
__device__ void minsum_row_cached(V* pu,
                                  V* c2v,
                                  V* prev,
                                  const int* cols,
                                  int R,
                                  int D,
                                  int r,
                                  const run_params& rp,
                                  bool layered)
{
    using ops = lane_ops<V>;
    int col[CACHE];
    V ext[CACHE];
    V e[CACHE];
    minsum_acc<V> acc;
    acc.reset();
#pragma unroll
    for (int j = 0; j < CACHE; ++j) {
        col[j] = j < D ? cols[j * R + r] : -1;
    }
#pragma unroll
    for (int j = 0; j < CACHE; ++j) {
        if (col[j] >= 0) {
            const int at = j * R + r;
            ext[j] = ops::sub(pu[col[j]], c2v[at]);
            e[j] = SCMS ? scms_erase(ext[j], prev[at]) : ext[j];
            acc.add(e[j]);
        }
    }
    minsum_out<V> o;
    o.make(acc, launch_factor<V>(rp), launch_offset<V>(rp));
#pragma unroll
    for (int j = 0; j < CACHE; ++j) {
        if (col[j] >= 0) {
            const int at = j * R + r;
            if (SCMS) {
                prev[at] = e[j];
            }
            const V cn = o.out(e[j]);
            c2v[at] = cn;
            if (layered) {
                pu[col[j]] = ops::add(ext[j], cn);
            }
        }
    }
}

/*! minsum_row_cached for rows of at most cached_row_degree edges. */
template <typename V, bool SCMS>
__device__ void minsum_row_dispatch(V* pu,
                                    V* c2v,
                                    V* prev,
                                    const int* cols,
                                    int R,
                                    int D,
                                    int r,
                                    const run_params& rp,
                                    bool layered)
{
    // (one tile: several inlined tiles push the arrays to local memory)
    minsum_row_cached<V, SCMS, cached_row_degree>(
        pu, c2v, prev, cols, R, D, r, rp, layered);
}

/*! One row of the min-sum family, two passes over its edges (no per-thread arrays). */
template <typename V, bool SCMS>
__device__ void minsum_row(V* pu,
                           V* c2v,
                           V* prev,
                           const int* cols,
                           int R,
                           int D,
                           int r,
                           const run_params& rp,
                           bool layered)
{
    using ops = lane_ops<V>;
    minsum_acc<V> acc;
    acc.reset();
    for (int j = 0; j < D; ++j) {
        const int at = j * R + r;
        const int c = cols[at];
        if (c < 0) {
            break;
        }
        V e = ops::sub(pu[c], c2v[at]);
        if (SCMS) {
            e = scms_erase(e, prev[at]);
        }
        acc.add(e);
    }
    minsum_out<V> o;
    o.make(acc, launch_factor<V>(rp), launch_offset<V>(rp));
    for (int j = 0; j < D; ++j) {
        const int at = j * R + r;
        const int c = cols[at];
        if (c < 0) {
            break;
        }
        const V ext = ops::sub(pu[c], c2v[at]);
        V e = ext;
        if (SCMS) {
            e = scms_erase(ext, prev[at]);
            prev[at] = e;
        }
        const V cn = o.out(e);
        c2v[at] = cn;
        if (layered) {
            pu[c] = ops::add(ext, cn);
        }
    }
}

/*! Exact box-plus, as the CPU reference computes it (result within its inputs). */
__device__ inline float box_plus(float a, float b)
{
    const float m = fminf(fabsf(a), fabsf(b));
    const float correction =
        log1pf(expf(-fabsf(__fadd_rn(a, b)))) - log1pf(expf(-fabsf(__fsub_rn(a, b))));
    const float mag = fminf(fmaxf(m - fabsf(correction), 0.0f), m);
    return ((a < 0.0f) != (b < 0.0f)) ? -mag : mag;
}

/*!
 * One SPA row: forward-backward box-plus sums over the row (Andrade et al. eq. 5),
 * each C2V clamped to +-message_limits::spa_c2v, as the CPU reference does.
 */
__device__ void
spa_row(float* pu, float* c2v, const int* cols, int R, int D, int r, bool layered)
{
    float ext[spa_max_degree];
    float fwd[spa_max_degree];
    int col[spa_max_degree];
    int d = 0;
    for (int j = 0; j < D; ++j) {
        const int at = j * R + r;
        const int c = cols[at];
        if (c < 0) {
            break;
        }
        col[j] = c;
        ext[j] = __fsub_rn(pu[c], c2v[at]);
        const float v = fminf(fmaxf(ext[j], -float_limit), float_limit);
        fwd[j] = j == 0 ? v : box_plus(fwd[j - 1], v);
        d = j + 1;
    }
    if (d == 1) {
        c2v[r] = float_limit; // the empty box-plus: the bit is certainly 0
        if (layered) {
            pu[col[0]] = __fadd_rn(ext[0], float_limit);
        }
        return;
    }
    float bwd = 0.0f;
    for (int j = d - 1; j >= 0; --j) {
        const float v = fminf(fmaxf(ext[j], -float_limit), float_limit);
        float out;
        if (j == d - 1) {
            out = fwd[d - 2];
        } else if (j == 0) {
            out = bwd;
        } else {
            out = box_plus(fwd[j - 1], bwd);
        }
        bwd = (j == d - 1) ? v : box_plus(bwd, v);
        out = fminf(fmaxf(out, -message_limits::spa_c2v), message_limits::spa_c2v);
        c2v[j * R + r] = out;
        if (layered) {
            pu[col[j]] = __fadd_rn(ext[j], out);
        }
    }
}

template <typename V, int RULE, bool SMEM_POST>
__global__ void __launch_bounds__(general_max_threads, 1)
    message_passing_kernel(code_view code, run_params rp)
{
    using ops = lane_ops<V>;
    extern __shared__ __align__(16) unsigned char smem_raw[];
    __shared__ block_state bs;

    const int U = rp.units_per_block;
    const int tid = threadIdx.x;
    const int T = blockDim.x;
    const size_t post_block = static_cast<size_t>(U) * code.n_full;
    const size_t msg_block = static_cast<size_t>(U) * code.slot_edges;
    V* post = SMEM_POST ? reinterpret_cast<V*>(smem_raw)
                        : static_cast<V*>(rp.post) + blockIdx.x * post_block;
    V* c2v_all = static_cast<V*>(rp.c2v) + blockIdx.x * msg_block;
    V* prev_all = RULE == static_cast<int>(general_rule::scms)
                      ? static_cast<V*>(rp.prev) + blockIdx.x * msg_block
                      : nullptr;
    V* chan = rp.layered ? nullptr : static_cast<V*>(rp.chan) + blockIdx.x * post_block;

    for (long long task = blockIdx.x; task < rp.tasks; task += gridDim.x) {
        load_units(post, chan, code, rp, task, bs);
        for (size_t i = tid; i < msg_block; i += T) {
            c2v_all[i] = ops::zero();
            if (prev_all) {
                prev_all[i] = ops::zero();
            }
        }
        __syncthreads();

        for (int it = 1;; ++it) {
            for (int l = 0; l < code.num_layers; ++l) {
                const int R = code.layer_rows[l];
                const int D = code.layer_deg[l];
                const int off = code.layer_off[l];
                const int* cols = code.slot_cols + off;
                for (int u = 0; u < U; ++u) {
                    if (!bs.active[u]) {
                        continue;
                    }
                    for (int r = tid; r < R; r += T) {
                        V* pu = post + static_cast<size_t>(u) * code.n_full;
                        V* c2v = c2v_all + static_cast<size_t>(u) * code.slot_edges + off;
                        if constexpr (RULE == static_cast<int>(general_rule::spa)) {
                            spa_row(reinterpret_cast<float*>(pu),
                                    reinterpret_cast<float*>(c2v),
                                    cols,
                                    R,
                                    D,
                                    r,
                                    rp.layered != 0);
                        } else if constexpr (RULE ==
                                             static_cast<int>(general_rule::scms)) {
                            V* prev =
                                prev_all + static_cast<size_t>(u) * code.slot_edges + off;
                            if (D <= cached_row_degree) {
                                minsum_row_dispatch<V, true>(
                                    pu, c2v, prev, cols, R, D, r, rp, rp.layered != 0);
                            } else {
                                minsum_row<V, true>(
                                    pu, c2v, prev, cols, R, D, r, rp, rp.layered != 0);
                            }
                        } else {
                            if (D <= cached_row_degree) {
                                minsum_row_dispatch<V, false>(
                                    pu, c2v, nullptr, cols, R, D, r, rp, rp.layered != 0);
                            } else {
                                minsum_row<V, false>(
                                    pu, c2v, nullptr, cols, R, D, r, rp, rp.layered != 0);
                            }
                        }
                    }
                }
                if (rp.layered) {
                    __syncthreads();
                }
            }
            if (!rp.layered) {
                // variable-node phase: L_v = channel_v + sum of the new C2V, in the
                // CPU reference's order (ascending rows)
                __syncthreads();
                const int items = U * code.n_full;
                for (int idx = tid; idx < items; idx += T) {
                    const int u = idx / code.n_full;
                    const int c = idx - u * code.n_full;
                    if (!bs.active[u]) {
                        continue;
                    }
                    const V* c2v = c2v_all + static_cast<size_t>(u) * code.slot_edges;
                    const size_t at = static_cast<size_t>(u) * code.n_full + c;
                    V sum = chan[at];
                    for (int e = code.vn_ptr[c]; e < code.vn_ptr[c + 1]; ++e) {
                        sum = ops::add(sum, c2v[code.vn_slot[e]]);
                    }
                    post[at] = sum;
                }
                __syncthreads();
            }
            if (end_of_iteration(post, code, rp, task, it, bs, [&] {
                    check_syndromes(post, code, rp, bs);
                })) {
                break;
            }
        }
    }
}

} // namespace

general_kernel_fn general_kernel(bool half2, general_rule rule, bool posterior_in_shared)
{
    constexpr int ms = static_cast<int>(general_rule::min_sum);
    constexpr int sc = static_cast<int>(general_rule::scms);
    constexpr int sp = static_cast<int>(general_rule::spa);
    if (half2) {
        switch (rule) {
        case general_rule::min_sum:
            return posterior_in_shared ? &message_passing_kernel<__half2, ms, true>
                                       : &message_passing_kernel<__half2, ms, false>;
        case general_rule::scms:
            return posterior_in_shared ? &message_passing_kernel<__half2, sc, true>
                                       : &message_passing_kernel<__half2, sc, false>;
        case general_rule::spa:
            return nullptr;
        }
        return nullptr;
    }
    switch (rule) {
    case general_rule::min_sum:
        return posterior_in_shared ? &message_passing_kernel<float, ms, true>
                                   : &message_passing_kernel<float, ms, false>;
    case general_rule::scms:
        return posterior_in_shared ? &message_passing_kernel<float, sc, true>
                                   : &message_passing_kernel<float, sc, false>;
    case general_rule::spa:
        return posterior_in_shared ? &message_passing_kernel<float, sp, true>
                                   : &message_passing_kernel<float, sp, false>;
    }
    return nullptr;
}

} // namespace cuda_detail
} // namespace gpufec
