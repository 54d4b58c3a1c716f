/* -*- c++ -*- */
/*
 * Internal header of the CUDA backend: the block-level steps every decoding kernel
 * shares. A thread block decodes `units_per_block` units (frames, or frame pairs in
 * half2) of one task: it de-interleaves the channel LLRs of its frames into the
 * posterior array (punctured columns 0, NaN 0; the interleaving kernel of "Implementation
 * of a Heterogeneous LDPC Decoder on ARM and GPU of Mobile Devices" folded into the
 * decoder), checks the syndrome of every unit after an iteration (early termination: a
 * frame whose hard decision satisfies H is written out at once and its unit stops costing
 * work when all its lanes are done), and writes info bits, codewords, iterations and
 * parity status in input order.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_FRAME_IO_CUH
#define INCLUDED_GPUFEC_CUDA_FRAME_IO_CUH

#include "binary/kernel_params.h"
#include "binary/lane_math.cuh"

namespace gpufec {
namespace cuda_detail {

/*! Largest units_per_block any kernel is launched with. */
constexpr int max_units_per_block = 64;

/*! Per-block bookkeeping in shared memory. */
struct block_state {
    uint32_t active[max_units_per_block]; //!< lane flags still decoding
    uint32_t fail[max_units_per_block];   //!< lane flags whose syndrome failed
    int any_active;
};

/*! Channel LLR of bit i of frame f (float or int8 * step), sanitized. */
__device__ inline float
channel_llr(const run_params& rp, long long f, int n, int i, float lim)
{
    const size_t at = static_cast<size_t>(f) * n + i;
    const float x = rp.llr_f ? rp.llr_f[at] : static_cast<float>(rp.llr_i8[at]) * rp.step;
    return sanitize_llr(x, lim);
}

/*!
 * Loads the units of task `task` into post (and chan when not null), marks the
 * valid lanes active. Ends with __syncthreads().
 */
template <typename V>
__device__ void load_units(V* post,
                           V* chan,
                           const code_view& code,
                           const run_params& rp,
                           long long task,
                           block_state& bs)
{
    using ops = lane_ops<V>;
    const int U = rp.units_per_block;
    const int tid = threadIdx.x;
    const int T = blockDim.x;
    const int npunct = code.n_full - code.n;
    const float lim = ops::channel_limit();
    for (int u = 0; u < U; ++u) {
        const long long gu = task * U + u;
        if (gu >= rp.units) {
            if (tid == 0) {
                bs.active[u] = 0;
            }
            continue;
        }
        const long long f0 = gu * ops::lanes;
        V* pu = post + static_cast<size_t>(u) * code.post_stride;
        V* cu = chan ? chan + static_cast<size_t>(u) * code.post_stride : nullptr;
        for (int i = tid; i < npunct; i += T) {
            pu[code.punctured[i]] = ops::zero();
            if (cu) {
                cu[code.punctured[i]] = ops::zero();
            }
        }
        const bool second = ops::lanes == 2 && f0 + 1 < rp.frames;
        const int toff = code.transmitted_offset;
#pragma unroll 4
        for (int i = tid; i < code.n; i += T) {
            const float a = channel_llr(rp, f0, code.n, i, lim);
            const float b = second ? channel_llr(rp, f0 + 1, code.n, i, lim) : 0.0f;
            const V v = ops::make(a, b);
            const int c = toff >= 0 ? i + toff : code.transmitted[i];
            pu[c] = v;
            if (cu) {
                cu[c] = v;
            }
        }
        for (int i = code.n_full + tid; i < code.post_stride; i += T) {
            pu[i] = ops::big(); // the register kernel's padding slots
        }
        if (tid == 0) {
            bs.active[u] = (ops::lanes == 2 && !second) ? 1u : ops::lane_valid_bits;
        }
    }
    __syncthreads();
}

/*!
 * Syndrome of every active unit: bs.fail[u] gets the lane flags whose hard decision
 * violates a check. Ends with __syncthreads().
 */
template <typename V>
__device__ void check_syndromes(const V* post,
                                const code_view& code,
                                const run_params& rp,
                                block_state& bs)
{
    using ops = lane_ops<V>;
    const int U = rp.units_per_block;
    const int tid = threadIdx.x;
    const int T = blockDim.x;
    for (int u = tid; u < U; u += T) {
        bs.fail[u] = 0;
    }
    __syncthreads();
    for (int l = 0; l < code.num_layers; ++l) {
        const int R = code.layer_rows[l];
        const int D = code.layer_deg[l];
        const int* cols = code.slot_cols + code.layer_off[l];
        const int items = U * R;
        for (int idx = tid; idx < items; idx += T) {
            const int u = idx / R;
            const int r = idx - u * R;
            const uint32_t act = bs.active[u];
            if (!act) {
                continue;
            }
            const V* pu = post + static_cast<size_t>(u) * code.post_stride;
            uint32_t parity = 0;
            for (int j = 0; j < D; ++j) {
                const int c = cols[j * R + r];
                if (c < 0) {
                    break;
                }
                parity ^= ops::neg_mask(pu[c]);
            }
            const uint32_t bad = ops::lane_flags(parity) & act;
            if (bad) {
                atomicOr(&bs.fail[u], bad);
            }
        }
    }
    __syncthreads();
}

/*! Writes the outputs of the lanes in `lanes` of unit u (all threads of the block). */
template <typename V>
__device__ void write_outputs(const V* post,
                              const code_view& code,
                              const run_params& rp,
                              long long task,
                              int u,
                              uint32_t lanes,
                              int iterations,
                              uint32_t ok)
{
    using ops = lane_ops<V>;
    const int tid = threadIdx.x;
    const int T = blockDim.x;
    const long long gu = task * rp.units_per_block + u;
    const V* pu = post + static_cast<size_t>(u) * code.post_stride;
    for (int b = 0; b < ops::lanes; ++b) {
        if (!((lanes >> b) & 1u)) {
            continue;
        }
        const long long f = gu * ops::lanes + b;
        if (rp.info_bits) {
            uint8_t* dst = rp.info_bits + static_cast<size_t>(f) * code.k;
            const int ioff = code.info_offset;
#pragma unroll 4
            for (int i = tid; i < code.k; i += T) {
                const int c = ioff >= 0 ? i + ioff : code.info_pos[i];
                dst[i] = (ops::lane_flags(ops::neg_mask(pu[c])) >> b) & 1u;
            }
        }
        if (rp.codewords) {
            uint8_t* dst = rp.codewords + static_cast<size_t>(f) * code.n;
            const int toff = code.transmitted_offset;
#pragma unroll 4
            for (int i = tid; i < code.n; i += T) {
                const int c = toff >= 0 ? i + toff : code.transmitted[i];
                dst[i] = (ops::lane_flags(ops::neg_mask(pu[c])) >> b) & 1u;
            }
        }
        if (tid == 0) {
            if (rp.iterations) {
                rp.iterations[f] = iterations;
            }
            if (rp.parity_ok) {
                rp.parity_ok[f] = (ok >> b) & 1u;
            }
        }
    }
}

/*!
 * After iteration `it` (1-based): `syndrome()` fills bs.fail (and ends with
 * __syncthreads()); with early termination, writes out the lanes that converged
 * and drops them from bs.active. Returns true when the block's work is
 * done (every lane converged, or the last iteration ran; then every remaining lane
 * has been written). Called by all threads; contains __syncthreads().
 */
template <typename V, typename Syndrome>
__device__ bool end_of_iteration(const V* post,
                                 const code_view& code,
                                 const run_params& rp,
                                 long long task,
                                 int it,
                                 block_state& bs,
                                 Syndrome syndrome)
{
    const int U = rp.units_per_block;
    const bool last = it >= rp.max_iterations;
    if (!rp.early_termination && !last) {
        return false;
    }
    syndrome();
    // converged lanes (ET) or everything (last iteration)
    for (int u = 0; u < U; ++u) {
        const uint32_t act = bs.active[u];
        if (!act) {
            continue;
        }
        const uint32_t ok = act & ~bs.fail[u];
        const uint32_t lanes = last ? act : ok;
        if (lanes) {
            write_outputs(post, code, rp, task, u, lanes, it, ok);
        }
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        int any = 0;
        for (int u = 0; u < U; ++u) {
            bs.active[u] = last ? 0u : (bs.active[u] & bs.fail[u]);
            any |= bs.active[u] != 0;
        }
        bs.any_active = any;
    }
    __syncthreads();
    return !bs.any_active;
}

} // namespace cuda_detail
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_CUDA_FRAME_IO_CUH */
