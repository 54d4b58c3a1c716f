/* -*- c++ -*- */
/*
 * The fast path of the CUDA decoder: layered min-sum family (MS, NMS, OMS, SCMS)
 * for codes whose layers all have the same number of rows S and, inside a layer,
 * the same row degree (every QC code: a layer is a block row, its Z rows decoded in
 * parallel, paper 001 section IV-C). One thread owns row slot s of every layer for
 * one unit (a frame in float32, a frame pair in half2); a block holds several units
 * (the macro-codeword of paper 001) with their posterior LLRs in shared memory.
 * The thread's check-to-variable messages stay in registers for the whole decode
 * (MAXL x MAXD of them, indexed by compile-time constants), so inside the
 * iteration loop only the posterior (shared memory) is touched. Column indices
 * come from a per-slot table in shared memory laid out [slot][layer*MAXD + j]
 * with an odd word stride (no bank conflicts, compile-time offsets).
 *
 * An edge costs, per unit: 2 shared loads (table, posterior), 1 shared store and
 * about 10 arithmetic instructions (lane_math.cuh); see the floor in the report.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cuda_kernels.h"
#include "frame_io.cuh"
#include "lane_math.cuh"

namespace gpufec {
namespace cuda_detail {

namespace {

template <typename V, int MAXL, int MAXD, bool SCMS, int MAXT>
__global__ void __launch_bounds__(MAXT)
    layered_register_kernel(code_view code, run_params rp, fast_shape shape)
{
    using ops = lane_ops<V>;
    extern __shared__ __align__(16) unsigned char smem_raw[];
    __shared__ block_state bs;

    const int U = rp.units_per_block;
    const int S = shape.slots;
    V* post = reinterpret_cast<V*>(smem_raw);
    uint16_t* table =
        reinterpret_cast<uint16_t*>(smem_raw + static_cast<size_t>(U) * code.n_full * sizeof(V));
    const int table_entries = S * code.fast_stride;
    for (int i = threadIdx.x; i < table_entries; i += blockDim.x) {
        table[i] = code.fast_table[i];
    }

    const int u = threadIdx.x / S;
    const int s = threadIdx.x - u * S;
    const uint16_t* my = table + static_cast<size_t>(s) * code.fast_stride;
    V* pu = post + static_cast<size_t>(u) * code.n_full;

    for (long long task = blockIdx.x; task < rp.tasks; task += gridDim.x) {
        load_units(post, static_cast<V*>(nullptr), code, rp, task, bs);

        V c2v[MAXL][MAXD];
        uint32_t pneg[MAXL], ppos[MAXL];
#pragma unroll
        for (int l = 0; l < MAXL; ++l) {
            pneg[l] = 0u;
            ppos[l] = 0u;
#pragma unroll
            for (int j = 0; j < MAXD; ++j) {
                c2v[l][j] = ops::zero();
            }
        }

        for (int it = 1;; ++it) {
            const bool act = u < U && bs.active[u] != 0u;
#pragma unroll
            for (int l = 0; l < MAXL; ++l) {
                if (l < shape.layers) {
                    const int d = shape.deg[l];
                    if (act) {
                        V v[MAXD];
                        int col[MAXD];
#pragma unroll
                        for (int j = 0; j < MAXD; ++j) {
                            if (j < d) {
                                col[j] = my[l * MAXD + j];
                                v[j] = ops::sub(pu[col[j]], c2v[l][j]);
                            }
                        }
                        minsum_acc<V> acc;
                        acc.reset();
                        V e[MAXD];
                        uint32_t nneg = 0u, npos = 0u;
#pragma unroll
                        for (int j = 0; j < MAXD; ++j) {
                            if (j < d) {
                                if (SCMS) {
                                    // paper 003 eq. 9: erase a V2C whose sign flipped
                                    uint32_t neg = ops::neg_mask(v[j]);
                                    uint32_t pos = ops::pos_mask(v[j]);
                                    const uint32_t changed = (neg & ops::expand(ppos[l], j)) |
                                                             (pos & ops::expand(pneg[l], j));
                                    e[j] = ops::from_bits(ops::bits(v[j]) & ~changed);
                                    nneg |= neg & ~changed & ops::edge_bit(j);
                                    npos |= pos & ~changed & ops::edge_bit(j);
                                } else {
                                    e[j] = v[j];
                                }
                                acc.add(e[j]);
                            }
                        }
                        if (SCMS) {
                            pneg[l] = nneg;
                            ppos[l] = npos;
                        }
                        minsum_out<V> o;
                        o.make(acc, rp.correction, rp.alpha, rp.beta);
#pragma unroll
                        for (int j = 0; j < MAXD; ++j) {
                            if (j < d) {
                                const V cn = o.out(e[j]);
                                c2v[l][j] = cn;
                                pu[col[j]] = ops::add(v[j], cn);
                            }
                        }
                    }
                    __syncthreads();
                }
            }
            if (end_of_iteration(post, code, rp, task, it, bs)) {
                break;
            }
        }
    }
}

template <typename V, int L, int D, bool SCMS>
fast_variant make_variant(const char* name)
{
    // 12x7 fits 128 registers per thread (512 threads); larger tiles get up to 168
    constexpr int max_threads = L * D <= 84 && !SCMS ? 512 : 384;
    fast_variant v;
    v.fn = &layered_register_kernel<V, L, D, SCMS, max_threads>;
    v.max_threads = max_threads;
    v.max_layers = L;
    v.max_degree = D;
    v.half2 = sizeof(V) == 4 && lane_ops<V>::lanes == 2;
    v.scms = SCMS;
    v.name = name;
    return v;
}

} // namespace

const std::vector<fast_variant>& fast_variants()
{
    // Shapes: MAXL * MAXD <= 96 message registers per thread. SCMS in half2 keeps
    // its per-edge flags in 16-bit lanes, so its rows have at most 16 edges.
    static const std::vector<fast_variant> variants = {
        make_variant<__half2, 12, 7, false>("layered-reg-12x7-minsum-half2"),
        make_variant<__half2, 12, 8, false>("layered-reg-12x8-minsum-half2"),
        make_variant<__half2, 8, 12, false>("layered-reg-8x12-minsum-half2"),
        make_variant<__half2, 6, 16, false>("layered-reg-6x16-minsum-half2"),
        make_variant<__half2, 4, 24, false>("layered-reg-4x24-minsum-half2"),
        make_variant<__half2, 12, 8, true>("layered-reg-12x8-scms-half2"),
        make_variant<__half2, 8, 12, true>("layered-reg-8x12-scms-half2"),
        make_variant<__half2, 6, 16, true>("layered-reg-6x16-scms-half2"),
        make_variant<float, 12, 7, false>("layered-reg-12x7-minsum-f32"),
        make_variant<float, 12, 8, false>("layered-reg-12x8-minsum-f32"),
        make_variant<float, 8, 12, false>("layered-reg-8x12-minsum-f32"),
        make_variant<float, 6, 16, false>("layered-reg-6x16-minsum-f32"),
        make_variant<float, 4, 24, false>("layered-reg-4x24-minsum-f32"),
        make_variant<float, 12, 8, true>("layered-reg-12x8-scms-f32"),
        make_variant<float, 8, 12, true>("layered-reg-8x12-scms-f32"),
        make_variant<float, 6, 16, true>("layered-reg-6x16-scms-f32"),
        make_variant<float, 4, 24, true>("layered-reg-4x24-scms-f32"),
    };
    return variants;
}

} // namespace cuda_detail
} // namespace gpufec
