/* -*- c++ -*- */
/*
 * The fast path of the CUDA decoder: layered min-sum family (MS, NMS, OMS, SCMS)
 * for codes whose layers all have the same number of rows S and, inside a layer,
 * the same row degree (every QC code: a layer is a block row, its Z rows decoded in
 * parallel, Wang et al., "GPU Accelerated Scalable Parallel Decoding of LDPC Codes"
 * section IV-C). One thread owns row slot s of every layer for one unit (a frame in
 * float32, a frame pair in half2); a block holds several units (the macro-codeword of
 * Wang et al. (cuLDPC)) with their posterior LLRs in shared memory. The thread's
 * check-to-variable messages stay in registers for the whole decode (MAXL x MAXD of them,
 * indexed by compile-time constants), so inside the iteration loop only the posterior
 * (shared memory) is touched. The addresses come from the QC structure itself
 * (register_shape: block column, shift and the circulant's wrap point as constant-bank
 * operands, three integer instructions per edge). Rows shorter than MAXD are padded with
 * edges to a private slot whose posterior is "big" (lane_math.cuh), so the loops carry no
 * guards at all.
 *
 * The table instances (layered_register_kernel_table) trade those
 * integer instructions, which share sm_90's half-rate ALU pipe with the min/max and
 * mask instructions, for an edge-address table in shared memory written once per
 * launch (4 edges per 16-byte load), compute a row's two minima with a merge tree
 * (19 min/max for 7 edges instead of 24), and, in exact-degree instances for one
 * code family's degree pattern, skip the padding edges (what an edge costs:
 * docs/CUDA_PERFORMANCE_NOTES.md, "Versions").
 *
 * The pattern instances (layered_pattern_kernel) know one code's block columns
 * and zero shifts at compile time (wimax rate 1/2 at Z = 96):
 * a layer's edges whose columns the previous layer does not touch are read before
 * that layer's barrier, shift-0 circulants are addressed by immediates, and a task's
 * LLRs arrive by 16-byte loads (load_units_wide, used by the table instances too).
 *
 * The flooding instances (FLOOD, "flooding-..."; the two-phase schedule of Wang et
 * al.'s flooding decoder) run the same layer loop with two posteriors, Jacobi
 * instead of Gauss-Seidel: each unit keeps L_old, L_new and its channel LLRs in
 * shared memory (or the channel LLRs in a global workspace, and in the gtab
 * instances the address table in global memory, built by the host and read
 * through L1, where that lets more blocks share an SM); a layer's rows read
 * V2C = L_old - C2V_old, compute their new C2V (still in registers) and add it to
 * L_new; after the last layer L_old = L_new and L_new = channel. For QC codes
 * whose layers are the block rows in order, L_new is the CPU reference's flooding
 * sum (channel, then the C2V of the column's rows in ascending order), so float
 * equals the reference bit for bit.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "binary/cuda_kernels.h"
#include "binary/frame_io.cuh"
#include "binary/lane_math.cuh"
#include <algorithm>
#include <type_traits>
#include <utility>

namespace gpufec {
namespace cuda_detail {

namespace {

/*! Words of the edge-address table of a block of `threads` threads (ATAB). */
__host__ __device__ constexpr int table_stride(int threads) { return (threads + 3) & ~3; }

/*!
 * This thread's MAXD edge addresses of layer l from the address table: the row's
 * words lie in groups of 4 (then 2, then 1) edges, each group one 16-, 8- or 4-byte
 * word per thread, consecutive threads adjacent (conflict-free vector loads).
 */
template <int MAXD, bool GTAB = false>
__device__ __forceinline__ void
load_row_addresses(const uint32_t* tab, int l, int stride, uint32_t (&a)[MAXD])
{
    const uint32_t* row = tab + static_cast<size_t>(l) * MAXD * stride;
    const int t = threadIdx.x;
    // GTAB: the table in global memory, read-only for the kernel's lifetime: through
    // the read-only path (L1)
    auto ld4 = [](const uint4* p) { return GTAB ? __ldg(p) : *p; };
    auto ld2 = [](const uint2* p) { return GTAB ? __ldg(p) : *p; };
    auto ld1 = [](const uint32_t* p) { return GTAB ? __ldg(p) : *p; };
#pragma unroll
    for (int j0 = 0; j0 + 4 <= MAXD; j0 += 4) {
        const uint4 q = ld4(reinterpret_cast<const uint4*>(row + j0 * stride) + t);
        a[j0] = q.x;
        a[j0 + 1] = q.y;
        a[j0 + 2] = q.z;
        a[j0 + 3] = q.w;
    }
    constexpr int j2 = MAXD & ~3;
    if constexpr ((MAXD & 2) != 0) {
        const uint2 q = ld2(reinterpret_cast<const uint2*>(row + j2 * stride) + t);
        a[j2] = q.x;
        a[j2 + 1] = q.y;
    }
    if constexpr ((MAXD & 1) != 0) {
        a[MAXD - 1] = ld1(row + (MAXD - 1) * stride + t);
    }
}
/*! Index of edge j of layer l of thread t in the table (the layout above). */
template <int MAXD>
__device__ __forceinline__ int table_index(int l, int j, int stride, int t)
{
    const int j0 = j < (MAXD & ~3) ? (j & ~3) : j < (MAXD & ~1) ? (MAXD & ~3) : MAXD - 1;
    const int w = j < (MAXD & ~3) ? 4 : j < (MAXD & ~1) ? 2 : 1;
    return (l * MAXD + j0) * stride + t * w + (j - j0);
}

/*!
 * The two smallest of |a[0..N)| (N >= 2, unclamped), as the sequential minsum_acc
 * computes them (the two smallest of the multiset): pairs first, then a merge
 * tree: 19 min/max for 7 edges instead of 24, and a shorter dependency chain.
 * Shared by row_minima (register kernel) and subset_minima (pattern kernel).
 */
template <typename V, int N>
__device__ __forceinline__ void pair_tree_minima(const V* a, V& min1, V& min2)
{
    using ops = lane_ops<V>;
    static_assert(N >= 2, "pair_tree_minima: at least 2 values");
    constexpr int K = N / 2;
    V m1[K], m2[K];
#pragma unroll
    for (int i = 0; i < K; ++i) {
        const V x = ops::abs(a[2 * i]);
        const V y = ops::abs(a[2 * i + 1]);
        m1[i] = ops::min(x, y);
        m2[i] = ops::max(x, y);
    }
    if constexpr ((N & 1) != 0) {
        const V x = ops::abs(a[N - 1]);
        m2[K - 1] = ops::min(m2[K - 1], ops::max(m1[K - 1], x));
        m1[K - 1] = ops::min(m1[K - 1], x);
    }
#pragma unroll
    for (int w = 1; w < K; w *= 2) {
#pragma unroll
        for (int i = 0; i + w < K; i += 2 * w) {
            m2[i] = ops::min(ops::max(m1[i], m1[i + w]), ops::min(m2[i], m2[i + w]));
            m1[i] = ops::min(m1[i], m1[i + w]);
        }
    }
    min1 = m1[0];
    min2 = m2[0];
}

/*!
 * min1 and min2 of |e[0..N)| clamped at the message limit (pair_tree_minima of the
 * row's first N edges).
 */
template <typename V, int N, int M>
__device__ __forceinline__ void row_minima(const V (&e)[M], V& min1, V& min2)
{
    static_assert(N <= M, "row_minima: N edges of an array of M");
    using ops = lane_ops<V>;
    static_assert(N >= 2, "row_minima: rows of at least 2 edges");
    V m1, m2;
    pair_tree_minima<V, N>(e, m1, m2);
    min1 = ops::min(m1, ops::limit());
    min2 = ops::min(m2, ops::limit());
}

/*!
 * load_units (frame_io.cuh) for codes with no punctured column and contiguous
 * transmitted columns whose LLR rows are 16-byte aligned: each thread issues all the
 * 16-byte loads of a chunk (16 int8 or 4 float LLRs of each frame) before it
 * converts any, so a task costs n / 16 / threads memory round trips (int8) instead of
 * one per column pair per thread (the profile: docs/CUDA_PERFORMANCE_NOTES.md,
 * "code-specific instances"). The same values (channel_llr's conversion, ops::make); any
 * other case goes to load_units. Ends with __syncthreads().
 */
template <typename V>
__device__ void load_units_wide(
    V* post, const code_view& code, const run_params& rp, long long task, block_state& bs)
{
    using ops = lane_ops<V>;
    const int n = code.n;
    const bool i8 = rp.llr_f == nullptr;
    const uintptr_t base = i8 ? reinterpret_cast<uintptr_t>(rp.llr_i8)
                              : reinterpret_cast<uintptr_t>(rp.llr_f);
    if (code.n_full != n || code.transmitted_offset < 0 || n % 16 != 0 ||
        (base & 15u) != 0u) {
        load_units(post, static_cast<V*>(nullptr), code, rp, task, bs);
        return;
    }
    const int U = rp.units_per_block;
    const int tid = threadIdx.x;
    const int T = blockDim.x;
    const int toff = code.transmitted_offset;
    const float lim = ops::channel_limit();
    const int per = i8 ? 16 : 4; // LLRs per 16-byte chunk
    const int chunks = n / per;  // chunks per frame
    // chunks per thread and batch: 1 (2 or 4 made ptxas spill 12 - 200 B in the
    // decode loop of the 12x7 instances); int8 wimax 2304: 2 round trips per task
    constexpr int B = 1;
    auto word = [](const uint4& q, int i) {
        return i == 0 ? q.x : i == 1 ? q.y : i == 2 ? q.z : q.w;
    };
    // LLR e of a chunk: int8 e of the 16, or float e of the 4
    auto llr = [&](const uint4& q, int e) {
        const float x = i8 ? static_cast<float>(static_cast<int8_t>(
                                 (word(q, e >> 2) >> (8 * (e & 3))) & 0xffu)) *
                                 rp.step
                           : __uint_as_float(word(q, e));
        return sanitize_llr(x, lim);
    };
    for (int u = 0; u < U; ++u) {
        const long long gu = task * U + u;
        if (gu >= rp.units) {
            if (tid == 0) {
                bs.active[u] = 0;
            }
            continue;
        }
        const long long f0 = gu * ops::lanes;
        const bool second = ops::lanes == 2 && f0 + 1 < rp.frames;
        V* pu = post + static_cast<size_t>(u) * code.post_stride;
        const uint4* ra = reinterpret_cast<const uint4*>(base) + f0 * chunks;
        const uint4* rb = second ? ra + chunks : ra;
        for (int c0 = tid; c0 < chunks; c0 += B * T) {
            uint4 qa[B], qb[B];
#pragma unroll
            for (int b = 0; b < B; ++b) {
                const int c = c0 + b * T;
                if (c < chunks) {
                    qa[b] = __ldg(ra + c);
                    if (ops::lanes == 2) {
                        qb[b] = __ldg(rb + c);
                    }
                }
            }
#pragma unroll
            for (int b = 0; b < B; ++b) {
                const int c = c0 + b * T;
                if (c < chunks) {
                    V* dst = pu + toff + c * per;
                    if (i8) {
#pragma unroll
                        for (int e = 0; e < 16; ++e) {
                            const float x = llr(qa[b], e);
                            const float y =
                                ops::lanes == 2 && second ? llr(qb[b], e) : 0.0f;
                            dst[e] = ops::make(x, y);
                        }
                    } else {
#pragma unroll
                        for (int e = 0; e < 4; ++e) {
                            const float x = llr(qa[b], e);
                            const float y =
                                ops::lanes == 2 && second ? llr(qb[b], e) : 0.0f;
                            dst[e] = ops::make(x, y);
                        }
                    }
                }
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
 * Syndrome check of one thread's row slots (an MAXL x MAXD tile of edge slots,
 * layers from `layers` on skipped): ORs the unit's failing lanes into bs.fail.
 * Called by all threads of the block; contains __syncthreads().
 */
template <typename V, int MAXL, int MAXD, typename Edge>
__device__ __forceinline__ void
row_slot_syndrome(block_state& bs, int U, int u, int layers, Edge edge)
{
    using ops = lane_ops<V>;
    for (int i = threadIdx.x; i < U; i += blockDim.x) {
        bs.fail[i] = 0u;
    }
    __syncthreads();
    const uint32_t a = bs.active[u];
    if (a) {
        uint32_t parity_any = 0u;
#pragma unroll
        for (int l = 0; l < MAXL; ++l) {
            if (l >= layers) {
                break;
            }
            uint32_t parity = 0u;
#pragma unroll
            for (int j = 0; j < MAXD; ++j) {
                parity ^= ops::neg_mask(*edge(l * MAXD + j));
            }
            parity_any |= parity;
        }
        const uint32_t bad = ops::lane_flags(parity_any) & a;
        if (bad) {
            atomicOr(&bs.fail[u], bad);
        }
    }
    __syncthreads();
}

/*!
 * The edge-address table: after the U units' posteriors (`arrays` of them per unit:
 * 1 layered; flooding 3, or 2 with the channel LLRs in global memory), 16-byte
 * aligned.
 */
template <typename V>
__device__ __forceinline__ uint32_t*
address_table(unsigned char* smem_raw, const code_view& code, int U, int arrays = 1)
{
    return reinterpret_cast<uint32_t*>(
        smem_raw +
        ((static_cast<size_t>(arrays) * U * code.post_stride * sizeof(V) + 15) & ~15));
}

/*!
 * V2C = L - C2V of the first D edges of layer l, with their posterior addresses
 * (ATAB: table entries, byte offsets into smem_raw; else edge(l * MAXD + j)).
 * Every row has MAXD edges, the missing ones pointing at this thread's padding
 * slot (posterior "big": never a minimum), except in exact-degree instances,
 * whose layers of MAXD - 1 edges have D = MAXD - 1 and no padding edge.
 */
template <typename V, int MAXD, bool ATAB, bool GTAB, typename Edge>
__device__ __forceinline__ void gather_row(const Edge& edge,
                                           unsigned char* smem_raw,
                                           const uint32_t* tab,
                                           int tstride,
                                           int l,
                                           int D,
                                           const V (&c2v)[MAXD],
                                           uint32_t (&ta)[MAXD],
                                           V* (&addr)[MAXD],
                                           V (&v)[MAXD])
{
    using ops = lane_ops<V>;
    if (ATAB) {
        load_row_addresses<MAXD, GTAB>(tab, l, tstride, ta);
    }
#pragma unroll
    for (int j = 0; j < MAXD; ++j) {
        if (j >= D) {
            break; // folds: D is a constant once l is unrolled
        }
        addr[j] = ATAB ? reinterpret_cast<V*>(smem_raw + ta[j]) : edge(l * MAXD + j);
        v[j] = ops::sub(*addr[j], c2v[j]);
    }
}

/*!
 * The row's two minima and sign product over its D V2C into acc (TREE:
 * row_minima; else acc and acc_odd, two running accumulators of the even and
 * odd edges, which halve the min chain, then merged). SCMS: a V2C whose sign
 * flipped is erased, e[j] the erased value and pneg / ppos the new sign flags;
 * else e = v. acc and acc_odd come reset.
 */
template <typename V, int MAXD, bool SCMS, bool TREE>
__device__ __forceinline__ void row_accumulate(int D,
                                               const V (&v)[MAXD],
                                               minsum_acc<V>& acc,
                                               minsum_acc<V>& acc_odd,
                                               V (&e)[MAXD],
                                               uint32_t& pneg,
                                               uint32_t& ppos)
{
    using ops = lane_ops<V>;
    uint32_t sign = 0u;
    uint32_t nneg = 0u, npos = 0u;
#pragma unroll
    for (int j = 0; j < MAXD; ++j) {
        if (j >= D) {
            break; // folds: D is a constant once l is unrolled
        }
        if (SCMS) {
            // Andrade et al., "Near-LSPA Performance at MSA Complexity" eq. 9:
            // erase a V2C whose sign flipped
            const uint32_t neg = ops::neg_mask(v[j]);
            const uint32_t pos = ops::pos_mask(v[j]);
            const uint32_t changed =
                (neg & ops::expand(ppos, j)) | (pos & ops::expand(pneg, j));
            e[j] = ops::from_bits(ops::bits(v[j]) & ~changed);
            nneg |= neg & ~changed & ops::edge_bit(j);
            npos |= pos & ~changed & ops::edge_bit(j);
        } else {
            e[j] = v[j];
        }
        if (TREE) {
            sign ^= ops::bits(e[j]);
        } else if (j & 1) {
            acc_odd.add(e[j]);
        } else {
            acc.add(e[j]);
        }
    }
    if (TREE && D == MAXD) {
        row_minima<V, MAXD>(e, acc.min1, acc.min2);
        acc.sign = sign;
    } else if (TREE) {
        row_minima<V, (MAXD > 2 ? MAXD - 1 : MAXD)>(e, acc.min1, acc.min2);
        acc.sign = sign;
    } else {
        acc.merge(acc_odd);
    }
    if (SCMS) {
        pneg = nneg;
        ppos = npos;
    }
}

/*!
 * The end of an edge's update, in the register and pattern kernels alike: its new
 * C2V from its (SCMS: possibly erased) V2C e, kept in c2v, and its posterior
 * L = V2C + C2V from its V2C v, stored at addr.
 */
template <typename V>
__device__ __forceinline__ void
write_edge(const minsum_out<V>& o, V e, V v, V* addr, V& c2v)
{
    const V cn = o.out(e);
    c2v = cn;
    *addr = lane_ops<V>::add(v, cn);
}

/*! write_edge of the first D edges of a row. */
template <typename V, int MAXD>
__device__ __forceinline__ void write_row(int D,
                                          const minsum_out<V>& o,
                                          const V (&e)[MAXD],
                                          const V (&v)[MAXD],
                                          V* const (&addr)[MAXD],
                                          V (&c2v)[MAXD])
{
#pragma unroll
    for (int j = 0; j < MAXD; ++j) {
        if (j >= D) {
            break; // folds: D is a constant once l is unrolled
        }
        write_edge<V>(o, e[j], v[j], addr[j], c2v[j]);
    }
}

/*!
 * Flooding: the end of an edge's update for the first D edges of a row. The new
 * C2V (from the, for SCMS possibly erased, V2C e) is kept in c2v and added to the
 * column's next posterior, the word `dn` bytes after addr (L_new = channel + the
 * new C2V of the column's rows in layer order). All of the row's L_new are read
 * before any is written: the padding edges of a row share one word, and the reads
 * may then be issued together.
 */
template <typename V, int MAXD>
__device__ __forceinline__ void flood_write_row(int D,
                                                const minsum_out<V>& o,
                                                const V (&e)[MAXD],
                                                V* const (&addr)[MAXD],
                                                int dn,
                                                V (&c2v)[MAXD])
{
    using ops = lane_ops<V>;
    V* na[MAXD];
    V nv[MAXD];
#pragma unroll
    for (int j = 0; j < MAXD; ++j) {
        if (j >= D) {
            break; // folds: D is a constant once l is unrolled
        }
        na[j] = reinterpret_cast<V*>(reinterpret_cast<unsigned char*>(addr[j]) + dn);
        nv[j] = *na[j];
    }
#pragma unroll
    for (int j = 0; j < MAXD; ++j) {
        if (j >= D) {
            break;
        }
        const V cn = o.out(e[j]);
        c2v[j] = cn;
        *na[j] = ops::add(nv[j], cn);
    }
}

/*!
 * Flooding, at the start of a task: the loaded posteriors (channel LLRs, padding
 * "big") of the block's `words` 32-bit words copied to the next posterior, which
 * follows them in shared memory, and to the channel array: in shared memory after
 * the next posterior, or, where gch is not null, the block's region of a global
 * (L2-resident) workspace. Each thread later reads back only the words it wrote
 * (flood_end walks them in the same order; plain loads and stores, never the
 * read-only path, since the kernel writes the workspace). Ends with
 * __syncthreads().
 */
__device__ __forceinline__ void
flood_start(unsigned char* smem_raw, int words, uint32_t* gch)
{
    const int T = blockDim.x;
    if ((words & 3) == 0) {
        const uint4* p = reinterpret_cast<const uint4*>(smem_raw);
        uint4* n = reinterpret_cast<uint4*>(smem_raw) + words / 4;
        if (gch != nullptr) {
            uint4* c = reinterpret_cast<uint4*>(gch);
            for (int i = threadIdx.x; i < words / 4; i += T) {
                const uint4 x = p[i];
                n[i] = x;
                c[i] = x;
            }
        } else {
            uint4* c = n + words / 4;
            for (int i = threadIdx.x; i < words / 4; i += T) {
                const uint4 x = p[i];
                n[i] = x;
                c[i] = x;
            }
        }
    } else {
        // (two loops, not one through a pointer to either memory: that would be a
        // generic access)
        const uint32_t* p = reinterpret_cast<const uint32_t*>(smem_raw);
        uint32_t* n = reinterpret_cast<uint32_t*>(smem_raw) + words;
        if (gch != nullptr) {
            for (int i = threadIdx.x; i < words; i += T) {
                const uint32_t x = p[i];
                n[i] = x;
                gch[i] = x;
            }
        } else {
            uint32_t* c = n + words;
            for (int i = threadIdx.x; i < words; i += T) {
                const uint32_t x = p[i];
                n[i] = x;
                c[i] = x;
            }
        }
    }
    __syncthreads();
}

/*!
 * Flooding, at the end of an iteration: the posterior becomes the next one
 * (L_old = L_new, which the syndrome and the outputs read) and the next one
 * restarts from the channel LLRs (L_new = channel, from shared memory or from gch,
 * as flood_start stored them). Ends with __syncthreads().
 */
__device__ __forceinline__ void
flood_end(unsigned char* smem_raw, int words, const uint32_t* gch)
{
    const int T = blockDim.x;
    if ((words & 3) == 0) {
        uint4* p = reinterpret_cast<uint4*>(smem_raw);
        uint4* n = p + words / 4;
        if (gch != nullptr) {
            const uint4* c = reinterpret_cast<const uint4*>(gch);
            for (int i = threadIdx.x; i < words / 4; i += T) {
                const uint4 x = c[i]; // issued before the shared-memory copy
                p[i] = n[i];
                n[i] = x;
            }
        } else {
            const uint4* c = n + words / 4;
            for (int i = threadIdx.x; i < words / 4; i += T) {
                p[i] = n[i];
                n[i] = c[i];
            }
        }
    } else {
        uint32_t* p = reinterpret_cast<uint32_t*>(smem_raw);
        uint32_t* n = p + words;
        if (gch != nullptr) {
            for (int i = threadIdx.x; i < words; i += T) {
                const uint32_t x = gch[i];
                p[i] = n[i];
                n[i] = x;
            }
        } else {
            const uint32_t* c = n + words;
            for (int i = threadIdx.x; i < words; i += T) {
                p[i] = n[i];
                n[i] = c[i];
            }
        }
    }
    __syncthreads();
}

/*! A task's first iteration: every C2V message 0. */
template <typename V, int MAXL, int MAXD>
__device__ __forceinline__ void clear_tile(V (&c2v)[MAXL][MAXD])
{
    using ops = lane_ops<V>;
#pragma unroll
    for (int l = 0; l < MAXL; ++l) {
#pragma unroll
        for (int j = 0; j < MAXD; ++j) {
            c2v[l][j] = ops::zero();
        }
    }
}

/*! A task's first iteration: every C2V message 0 and no SCMS sign flag. */
template <typename V, int MAXL, int MAXD>
__device__ __forceinline__ void
clear_messages(V (&c2v)[MAXL][MAXD], uint32_t (&pneg)[MAXL], uint32_t (&ppos)[MAXL])
{
    using ops = lane_ops<V>;
#pragma unroll
    for (int l = 0; l < MAXL; ++l) {
        pneg[l] = 0u;
        ppos[l] = 0u;
#pragma unroll
        for (int j = 0; j < MAXD; ++j) {
            c2v[l][j] = ops::zero();
        }
    }
}

/*!
 * end_of_iteration with the syndrome from the posteriors (row_slot_syndrome):
 * each thread checks its own rows, of every layer (ALL) or of shape.layers.
 * Called by all threads.
 */
template <typename V, int MAXL, int MAXD, bool ALL, typename Edge>
__device__ __forceinline__ bool slot_iteration_done(const V* post,
                                                    const code_view& code,
                                                    const run_params& rp,
                                                    const register_shape& shape,
                                                    long long task,
                                                    int it,
                                                    block_state& bs,
                                                    int U,
                                                    int u,
                                                    const Edge& edge)
{
    auto syndrome = [&] {
        row_slot_syndrome<V, MAXL, MAXD>(bs, U, u, ALL ? MAXL : shape.layers, edge);
    };
    return end_of_iteration(post, code, rp, task, it, bs, syndrome);
}

/*!
 * The register kernel's body (the __global__ wrappers set the bounds): one thread
 * per row slot of a unit, the C2V tile c2v[MAXL][MAXD] in registers, the posterior
 * in shared memory. Per layer: gather_row (V2C), row_accumulate (minima, sign),
 * minsum_out, write_row (C2V, posterior). The tile stays in registers only while
 * every index into it is a compile-time constant, so the layer loop is unrolled
 * here and the helpers are inlined into it. The per-layer arrays (v, addr, ta, e)
 * and accumulators are declared here, not in the helpers, and the address table
 * is written in place: helpers that declare arrays or copy the edge lambda gave
 * the same instructions with another register assignment in some instances
 * (compared in SASS); written this way every instance compiles as the unsplit
 * body did.
 * ATAB: edge addresses from the shared-memory table; TREE: row minima by
 * row_minima instead of two running accumulators (both need !SCMS); SHORT: exact
 * row degrees (bit l: layer l has MAXD - 1 edges), for codes of exactly MAXL
 * layers; GUARD: skip units with no active lane (their outputs are written
 * already).
 * FLOOD: the flooding schedule (Jacobi instead of Gauss-Seidel). Each unit has
 * three arrays in shared memory: L_old (the posterior, `post`), L_new and the
 * channel LLRs (these in rp.chan instead when it is set). A layer reads V2C = L_old -
 * C2V_old, computes the row's new C2V as the layered kernel does and adds it to L_new
 * (flood_write_row); after the last layer L_old = L_new and L_new = channel (flood_end).
 * In a QC code a layer touches each column at most once, so L_new of a column is the
 * channel LLR plus the new C2V of its rows in layer order: the CPU reference's flooding
 * sum when the layers are in row order (the family checks it). GTAB (with ATAB): the
 * address table is rp.table, built by the host in global memory (the same entries: they
 * depend on the thread, not on the block) and read through L1, so it takes no shared
 * memory.
 */
template <typename V,
          int MAXL,
          int MAXD,
          bool SCMS,
          bool ATAB = false,
          bool TREE = false,
          uint32_t SHORT = 0u,
          bool GUARD = true,
          bool FLOOD = false,
          bool GTAB = false>
__device__ __forceinline__ void layered_register_body(const code_view& code,
                                                      const run_params& rp,
                                                      const register_shape& shape)
{
    extern __shared__ __align__(16) unsigned char smem_raw[];
    __shared__ block_state bs;

    const int U = rp.units_per_block;
    const int S = shape.slots;
    V* post = reinterpret_cast<V*>(smem_raw);

    const int u = threadIdx.x / S;
    const int s = threadIdx.x - u * S;
    // byte address of this thread's row slot in its unit's posterior
    unsigned char* sbase =
        smem_raw + static_cast<size_t>(u) * code.post_stride * sizeof(V) + 4 * s;
    const int wrap = -4 * S;
    const V ca = launch_factor<V>(rp);
    const V ncb = launch_offset<V>(rp);
    // address of edge (l, j): constant-bank operands only (register_shape)
    auto edge = [&](int e) {
        const int w = s >= shape.threshold[e] ? wrap : 0;
        return reinterpret_cast<V*>(sbase + shape.offset[e] + w);
    };
    // FLOOD: words of a block's posteriors, L_new's distance from L_old in bytes,
    // and where the channel LLRs are: rp.chan (a global workspace, one region per
    // block of the persistent grid) or, when it is null, shared memory after L_new
    const int words = U * code.post_stride;
    const int dn = words * static_cast<int>(sizeof(V));
    uint32_t* gch =
        FLOOD && rp.chan != nullptr
            ? static_cast<uint32_t*>(rp.chan) + static_cast<size_t>(blockIdx.x) * words
            : nullptr;
    const int arrays = FLOOD ? (gch != nullptr ? 2 : 3) : 1;
    const int tstride = table_stride(blockDim.x);
    uint32_t* stab = address_table<V>(smem_raw, code, U, arrays);
    const uint32_t* tab = GTAB ? rp.table : stab;
    if (ATAB && !GTAB) {
#pragma unroll 1
        for (int l = 0; l < MAXL; ++l) {
            if (l < shape.layers) {
#pragma unroll 1
                for (int j = 0; j < MAXD; ++j) {
                    const uint32_t a = static_cast<uint32_t>(
                        reinterpret_cast<unsigned char*>(edge(l * MAXD + j)) - smem_raw);
                    stab[table_index<MAXD>(l, j, tstride, threadIdx.x)] = a;
                }
            }
        }
    }

    for (long long task = blockIdx.x; task < rp.tasks; task += gridDim.x) {
        load_units_wide(post, code, rp, task, bs);
        if (FLOOD) {
            flood_start(smem_raw, words, gch);
        }

        V c2v[MAXL][MAXD];
        uint32_t pneg[MAXL], ppos[MAXL];
        clear_messages<V, MAXL, MAXD>(c2v, pneg, ppos);

        for (int it = 1;; ++it) {
            // !GUARD: every unit computes, also a finished or empty one (its lanes
            // are never written again), which saves a branch per layer
            const bool act = !GUARD || bs.active[u] != 0u;
#pragma unroll
            for (int l = 0; l < MAXL; ++l) {
                // exact-degree instances run on codes of exactly MAXL layers
                if (SHORT != 0u || l < shape.layers) {
                    if (act) {
                        const int D = ((SHORT >> l) & 1u) ? MAXD - 1 : MAXD;
                        V v[MAXD];
                        V* addr[MAXD];
                        uint32_t ta[MAXD];
                        gather_row<V, MAXD, ATAB, GTAB>(
                            edge, smem_raw, tab, tstride, l, D, c2v[l], ta, addr, v);
                        minsum_acc<V> acc, acc_odd;
                        acc.reset();
                        acc_odd.reset();
                        V e[MAXD];
                        row_accumulate<V, MAXD, SCMS, TREE>(
                            D, v, acc, acc_odd, e, pneg[l], ppos[l]);
                        minsum_out<V> o;
                        o.make(acc, ca, ncb);
                        if (FLOOD) {
                            flood_write_row<V, MAXD>(D, o, e, addr, dn, c2v[l]);
                        } else {
                            write_row<V, MAXD>(D, o, e, v, addr, c2v[l]);
                        }
                    }
                    __syncthreads();
                }
            }
            if (FLOOD) {
                flood_end(smem_raw, words, gch);
            }
            if (slot_iteration_done<V, MAXL, MAXD, false>(
                    post, code, rp, shape, task, it, bs, U, u, edge)) {
                break;
            }
        }
    }
}

/*!
 * Large tiles: up to 168 registers per thread at 384 threads. FLOOD: the flooding
 * schedule (layered_register_body).
 */
template <typename V, int MAXL, int MAXD, bool SCMS, bool FLOOD = false>
__global__ void __launch_bounds__(384)
    layered_register_kernel(code_view code, run_params rp, register_shape shape)
{
    layered_register_body<V, MAXL, MAXD, SCMS, false, false, 0u, true, FLOOD>(
        code, rp, shape);
}

/*!
 * Min-sum family without SCMS, the edge addresses in a shared-memory table and the
 * row minima as a merge tree; SHORT != 0: exact row degrees (see wimax_half_short).
 * Capped at REGS registers per thread. FLOOD: the flooding schedule; GTAB: the
 * table in global memory (rp.table).
 */
template <typename V,
          int MAXL,
          int MAXD,
          int REGS,
          uint32_t SHORT,
          bool GUARD,
          bool FLOOD = false,
          bool GTAB = false>
__global__ void __maxnreg__(REGS)
    layered_register_kernel_table(code_view code, run_params rp, register_shape shape)
{
    layered_register_body<V, MAXL, MAXD, false, true, true, SHORT, GUARD, FLOOD, GTAB>(
        code, rp, shape);
}

/*!
 * half2 tiles of at most 84 messages: capped at 112 registers per thread (no
 * spill; five blocks of 96 threads per SM: a scheduler's 16384 registers hold four
 * warps of 112, a sixth 3-warp block needs <= 96). Padding edges instead of
 * per-edge guards (docs/CUDA_PERFORMANCE_NOTES.md, "Versions").
 */
template <typename V, int MAXL, int MAXD, bool SCMS>
__global__ void __maxnreg__(112)
    layered_register_kernel_small(code_view code, run_params rp, register_shape shape)
{
    layered_register_body<V, MAXL, MAXD, SCMS>(code, rp, shape);
}

template <typename V, int L, int D, bool SCMS, bool FLOOD = false>
register_variant make_variant(const char* name)
{
    // 12x7 fits 128 registers per thread (512 threads); larger tiles get up to 168
    constexpr bool small = L * D <= 84 && !SCMS && lane_ops<V>::lanes == 2 && !FLOOD;
    constexpr int max_threads = small ? 576 : 384;
    register_variant v;
    if constexpr (small) {
        v.fn = &layered_register_kernel_small<V, L, D, SCMS>;
    } else {
        v.fn = &layered_register_kernel<V, L, D, SCMS, FLOOD>;
    }
    v.flooding = FLOOD;
    v.max_threads = max_threads;
    v.max_layers = L;
    v.max_degree = D;
    v.half2 = sizeof(V) == 4 && lane_ops<V>::lanes == 2;
    v.scms = SCMS;
    v.name = name;
    return v;
}

template <typename V,
          int L,
          int D,
          int REGS,
          uint32_t SHORT = 0u,
          bool GUARD = true,
          bool FLOOD = false,
          bool GTAB = false>
register_variant make_table_variant(const char* name)
{
    register_variant v;
    v.fn = &layered_register_kernel_table<V, L, D, REGS, SHORT, GUARD, FLOOD, GTAB>;
    v.flooding = FLOOD;
    v.global_table = GTAB;
    v.short_layers = SHORT;
    v.max_threads = std::min(1024, 65536 / REGS / 32 * 32);
    v.max_layers = L;
    v.max_degree = D;
    v.half2 = sizeof(V) == 4 && lane_ops<V>::lanes == 2;
    v.scms = false;
    v.table_words = L * D;
    v.name = name;
    return v;
}


/*
 * Code-specific instances (docs/CUDA_PERFORMANCE_NOTES.md, "code-specific
 * instances"). The block
 * columns and the zero shifts of one base matrix, and Z, are compile-time constants
 * (a pattern), which allows what the general instances cannot do:
 * - early reads: an edge of layer l + 1 whose block column is not in layer l reads a
 *   posterior that layer l leaves alone, so it is read, and its V2C and the row's
 *   partial minima computed, before the barrier that ends layer l (wimax rate 1/2:
 *   53 of the 76 edges); the load latency and the barrier wait overlap with work;
 * - circulants of shift 0 (the dual-diagonal parity part: 24 of the 76 edges) are
 *   addressed as this thread's slot plus an immediate, with no table entry and no
 *   address register; the table (early entries of a layer first) holds the others.
 * The tuner takes such an instance only for a code whose register_shape matches the
 * pattern (pattern_matches), and the arithmetic is that of the table instances, so
 * every result is too.
 */

/*! Number of set bits (compile time). */
__host__ __device__ constexpr int bit_count(uint32_t m)
{
    int c = 0;
    for (; m != 0u; m &= m - 1u) {
        ++c;
    }
    return c;
}
/*! Index of the k-th set bit of m (compile time). */
__host__ __device__ constexpr int nth_bit(uint32_t m, int k)
{
    for (int b = 0; b < 32; ++b) {
        if ((m >> b) & 1u) {
            if (k == 0) {
                return b;
            }
            --k;
        }
    }
    return -1;
}
/*! Bits of m below bit j (the rank of edge j in a subset). */
__host__ __device__ constexpr int rank_below(uint32_t m, int j)
{
    return bit_count(m & ((1u << j) - 1u));
}

template <typename F, int... I>
__device__ __forceinline__ void static_for_impl(F&& f, std::integer_sequence<int, I...>)
{
    (f(std::integral_constant<int, I>{}), ...);
}
/*! f(integral_constant<int, 0>) ... f(integral_constant<int, N - 1>). */
template <int N, typename F>
__device__ __forceinline__ void static_for(F&& f)
{
    static_for_impl(f, std::make_integer_sequence<int, N>{});
}

/*!
 * IEEE 802.16e rate 1/2 (standard_tables_wimax.cc): the block columns (ascending, -1
 * past the row's end) and the Z0 = 96 shifts of each block row.
 */
struct wimax_r12_base {
    static constexpr int layers = 12;
    static constexpr int degree = 7;
    __host__ __device__ static constexpr int block(int l, int j)
    {
        constexpr int8_t b[12][7] = {
            { 1, 2, 8, 9, 12, 13, -1 },  { 1, 5, 6, 7, 11, 13, 14 },
            { 3, 4, 5, 7, 11, 14, 15 },  { 0, 2, 8, 9, 15, 16, -1 },
            { 2, 6, 9, 10, 16, 17, -1 }, { 4, 5, 7, 11, 12, 17, 18 },
            { 2, 3, 9, 10, 18, 19, -1 }, { 1, 2, 6, 9, 19, 20, -1 },
            { 0, 4, 5, 7, 11, 20, 21 },  { 5, 7, 10, 11, 21, 22, -1 },
            { 2, 3, 8, 9, 22, 23, -1 },  { 0, 5, 7, 11, 12, 23, -1 },
        };
        return b[l][j];
    }
    __host__ __device__ static constexpr int shift(int l, int j)
    {
        constexpr int8_t p[12][7] = {
            { 94, 73, 55, 83, 7, 0, -1 }, { 27, 22, 79, 9, 12, 0, 0 },
            { 24, 22, 81, 33, 0, 0, 0 },  { 61, 47, 65, 25, 0, 0, -1 },
            { 39, 84, 41, 72, 0, 0, -1 }, { 46, 40, 82, 79, 0, 0, 0 },
            { 95, 53, 14, 18, 0, 0, -1 }, { 11, 73, 2, 47, 0, 0, -1 },
            { 12, 83, 24, 43, 51, 0, 0 }, { 94, 59, 70, 72, 0, 0, -1 },
            { 7, 65, 39, 49, 0, 0, -1 },  { 43, 66, 41, 26, 7, 0, -1 },
        };
        return p[l][j];
    }
};

/*! What an instance derives from a base matrix B at lifting size Z (compile time). */
template <typename B, int Z>
struct qc_pattern {
    static constexpr int layers = B::layers;
    static constexpr int max_degree = B::degree;
    static constexpr int slots = Z;
    __host__ __device__ static constexpr int block(int l, int j)
    {
        return B::block(l, j);
    }
    __host__ __device__ static constexpr int deg(int l)
    {
        int d = 0;
        for (int j = 0; j < B::degree; ++j) {
            d += B::block(l, j) >= 0 ? 1 : 0;
        }
        return d;
    }
    __host__ __device__ static constexpr uint32_t all(int l)
    {
        return (1u << deg(l)) - 1u;
    }
    __host__ __device__ static constexpr bool in_layer(int l, int b)
    {
        for (int j = 0; j < deg(l); ++j) {
            if (B::block(l, j) == b) {
                return true;
            }
        }
        return false;
    }
    /*! Edges of layer l whose block column layer l - 1 (cyclically) does not touch. */
    __host__ __device__ static constexpr uint32_t early(int l)
    {
        const int p = (l + layers - 1) % layers;
        uint32_t m = 0u;
        for (int j = 0; j < deg(l); ++j) {
            if (!in_layer(p, B::block(l, j))) {
                m |= 1u << j;
            }
        }
        return m;
    }
    /*! Edges of layer l of shift 0 (at every Z: floor(0 * Z / Z0) = 0). */
    __host__ __device__ static constexpr uint32_t zero(int l)
    {
        uint32_t m = 0u;
        for (int j = 0; j < deg(l); ++j) {
            if (B::shift(l, j) == 0) {
                m |= 1u << j;
            }
        }
        return m;
    }
    /*! Table entries of layer l: the early edges ... */
    __host__ __device__ static constexpr uint32_t tab_early(int l)
    {
        return early(l) & ~zero(l);
    }
    /*! ... then the late ones. */
    __host__ __device__ static constexpr uint32_t tab_late(int l)
    {
        return all(l) & ~early(l) & ~zero(l);
    }
    /*! First table position of layer l. */
    __host__ __device__ static constexpr int tab_first(int l)
    {
        int p = 0;
        for (int i = 0; i < l; ++i) {
            p += bit_count(tab_early(i)) + bit_count(tab_late(i));
        }
        return p;
    }
    static constexpr int tab_words = tab_first(layers);
    /*! Byte offset of shift-0 edge (l, j) from this thread's slot. */
    __host__ __device__ static constexpr int zero_offset(int l, int j)
    {
        return 4 * B::block(l, j) * Z;
    }
};

/*! True when register_shape f is the code of pattern P (the tuner's check). */
template <typename P>
bool pattern_matches(const register_shape& f)
{
    constexpr int Z = P::slots;
    if (f.layers != P::layers || f.slots != Z) {
        return false;
    }
    for (int l = 0; l < P::layers; ++l) {
        if (f.deg[l] != P::deg(l)) {
            return false;
        }
        for (int j = 0; j < P::deg(l); ++j) {
            const int e = l * P::max_degree + j;
            const int block = f.offset[e] / 4 / Z;
            const int shift = f.offset[e] / 4 % Z;
            if (block != P::block(l, j) ||
                (((P::zero(l) >> j) & 1u) != 0u && shift != 0)) {
                return false;
            }
        }
    }
    return true;
}

/*!
 * Table position of entry k of a group of n entries starting at position pos0: in
 * groups of 4, then 2, then 1 entries, one 16-, 8- or 4-byte word per thread,
 * consecutive threads adjacent (conflict-free vector loads).
 */
__device__ __forceinline__ int subset_index(int pos0, int n, int k, int stride, int t)
{
    const int j0 = k < (n & ~3) ? (k & ~3) : k < (n & ~1) ? (n & ~3) : n - 1;
    const int w = k < (n & ~3) ? 4 : k < (n & ~1) ? 2 : 1;
    return (pos0 + j0) * stride + t * w + (k - j0);
}
/*! The N entries of a group (subset_index) starting at row. */
template <int N>
__device__ __forceinline__ void
load_subset(const uint32_t* row, int stride, uint32_t (&a)[N > 0 ? N : 1])
{
    const int t = threadIdx.x;
#pragma unroll
    for (int j0 = 0; j0 + 4 <= N; j0 += 4) {
        const uint4 q = reinterpret_cast<const uint4*>(row + j0 * stride)[t];
        a[j0] = q.x;
        a[j0 + 1] = q.y;
        a[j0 + 2] = q.z;
        a[j0 + 3] = q.w;
    }
    constexpr int j2 = N & ~3;
    if constexpr ((N & 2) != 0) {
        const uint2 q = reinterpret_cast<const uint2*>(row + j2 * stride)[t];
        a[j2] = q.x;
        a[j2 + 1] = q.y;
    }
    if constexpr ((N & 1) != 0) {
        a[N - 1] = row[(N - 1) * stride + t];
    }
}

/*!
 * min1 and min2 (unclamped) of |a[0..N)|: N = 0 gives (limit, limit), N = 1 (|a|,
 * limit); otherwise pair_tree_minima, the merge tree of row_minima. Merging with
 * minsum_acc::merge gives the two smallest of the union, as one pass over all edges.
 */
template <typename V, int N>
__device__ __forceinline__ void subset_minima(const V (&a)[N > 0 ? N : 1], V& m1, V& m2)
{
    using ops = lane_ops<V>;
    if constexpr (N == 0) {
        m1 = ops::limit();
        m2 = ops::limit();
    } else if constexpr (N == 1) {
        m1 = ops::abs(a[0]);
        m2 = ops::limit();
    } else {
        pair_tree_minima<V, N>(a, m1, m2);
    }
}

/*! Options of the pattern instances (bits of OPT). */
enum pattern_option : int {
    /*! the early edges' table entries loaded again after the barrier, not kept */
    opt_reload = 1,
    /*! half2: the corrected minima by HFMA2.RELU (FMA pipe) instead of HFMA2 + HMNMX2 */
    opt_relu = 2,
    /*! the late edges' table entries loaded before the barrier too */
    opt_late = 4,
};

/*!
 * The early part of layer l of pattern P (its columns are final before the
 * barrier of layer l - 1): the early edges' V2C, left in c2v[l] in place of their
 * C2V, their partial minima (pm1, pm2) and sign XOR (psign), their table entries
 * (ea, !opt_reload) and the late edges' (la, opt_late). at(entry) and
 * zero_at(offset) are the posteriors of a table entry and of a shift-0 edge.
 */
template <typename V, typename P, int OPT, int l, typename At, typename ZeroAt>
__device__ __forceinline__ void pattern_pre(const At& at,
                                            const ZeroAt& zero_at,
                                            const uint32_t* tab,
                                            int tstride,
                                            V (&c2v)[P::layers][P::max_degree],
                                            V& pm1,
                                            V& pm2,
                                            uint32_t& psign,
                                            uint32_t (&ea)[P::max_degree],
                                            uint32_t (&la)[P::max_degree])
{
    using ops = lane_ops<V>;
    constexpr bool RELOAD = (OPT & opt_reload) != 0;
    constexpr bool LATE = (OPT & opt_late) != 0;
    constexpr uint32_t em = P::early(l);
    constexpr uint32_t et = P::tab_early(l);
    constexpr int NE = bit_count(em);
    constexpr int NT = bit_count(et);
    uint32_t ta[NT > 0 ? NT : 1];
    load_subset<NT>(tab + P::tab_first(l) * tstride, tstride, ta);
    if constexpr (LATE) {
        constexpr int NLT = bit_count(P::tab_late(l));
        uint32_t tl[NLT > 0 ? NLT : 1];
        load_subset<NLT>(tab + (P::tab_first(l) + NT) * tstride, tstride, tl);
#pragma unroll
        for (int t = 0; t < NLT; ++t) {
            la[t] = tl[t];
        }
    }
    V e[NE > 0 ? NE : 1];
    uint32_t sign = 0u;
    static_for<NE>([&](auto kc) {
        constexpr int k = decltype(kc)::value;
        constexpr int j = nth_bit(em, k);
        V* a;
        if constexpr (((P::zero(l) >> j) & 1u) != 0u) {
            a = zero_at(P::zero_offset(l, j));
        } else {
            constexpr int t = rank_below(et, j);
            a = at(ta[t]);
            if (!RELOAD) {
                ea[t] = ta[t];
            }
        }
        c2v[l][j] = ops::sub(*a, c2v[l][j]);
        e[k] = c2v[l][j];
        sign ^= ops::bits(e[k]);
    });
    subset_minima<V, NE>(e, pm1, pm2);
    psign = sign;
}

/*!
 * Table entries of layer l for pattern_finish: te of the early edges (kept by
 * pattern_pre in ea, or opt_reload: loaded again), tl of the late ones (opt_late:
 * loaded by pattern_pre before the barrier, in la).
 */
template <typename P, int OPT, int l>
__device__ __forceinline__ void pattern_entries(
    const uint32_t* tab,
    int tstride,
    const uint32_t (&ea)[P::max_degree],
    const uint32_t (&la)[P::max_degree],
    uint32_t (&te)[bit_count(P::tab_early(l)) > 0 ? bit_count(P::tab_early(l)) : 1],
    uint32_t (&tl)[bit_count(P::tab_late(l)) > 0 ? bit_count(P::tab_late(l)) : 1])
{
    constexpr int NT = bit_count(P::tab_early(l));
    constexpr int NLT = bit_count(P::tab_late(l));
    if constexpr ((OPT & opt_late) != 0) {
#pragma unroll
        for (int t = 0; t < NLT; ++t) {
            tl[t] = la[t];
        }
    } else {
        load_subset<NLT>(tab + (P::tab_first(l) + NT) * tstride, tstride, tl);
    }
    if constexpr ((OPT & opt_reload) != 0) {
        load_subset<NT>(tab + P::tab_first(l) * tstride, tstride, te);
    } else {
#pragma unroll
        for (int t = 0; t < NT; ++t) {
            te[t] = ea[t];
        }
    }
}

/*!
 * The row minima of a layer into acc: the late edges' (m1, m2) merged with the
 * early edges' partial minima (pm1, pm2) (NE early and NL late edges), clamped at
 * the message limit; the sign product is `sign`.
 */
template <typename V, int NE, int NL>
__device__ __forceinline__ void
merge_minima(minsum_acc<V>& acc, V m1, V m2, V pm1, V pm2, uint32_t sign)
{
    using ops = lane_ops<V>;
    if constexpr (NE == 0) {
        acc.min1 = m1;
        acc.min2 = m2;
    } else if constexpr (NL == 0) {
        acc.min1 = pm1;
        acc.min2 = pm2;
    } else {
        acc.min1 = pm1;
        acc.min2 = pm2;
        acc.sign = 0u;
        minsum_acc<V> o;
        o.min1 = m1;
        o.min2 = m2;
        o.sign = 0u;
        acc.merge(o);
    }
    acc.min1 = ops::min(acc.min1, ops::limit());
    acc.min2 = ops::min(acc.min2, ops::limit());
    acc.sign = sign;
}

/*!
 * minsum_out::make into o, or with opt_relu in half2 max(m * ca + ncb, 0) as one
 * HFMA2.RELU (FMA pipe) instead of an HFMA2 and an HMNMX2 (ALU pipe): the same
 * value (a zero is +0 both ways).
 */
template <typename V, int OPT>
__device__ __forceinline__ void
pattern_out(minsum_out<V>& o, const minsum_acc<V>& acc, V ca, V ncb)
{
    using ops = lane_ops<V>;
    if constexpr ((OPT & opt_relu) != 0 && lane_ops<V>::lanes == 2) {
        const uint32_t sg = acc.sign & ops::sign_bits;
        o.m1s = ops::bits(__hfma2_relu(acc.min1, ca, ncb)) ^ sg;
        o.m2s = ops::bits(__hfma2_relu(acc.min2, ca, ncb)) ^ sg;
        o.min1 = acc.min1;
    } else {
        o.make(acc, ca, ncb);
    }
}

/*!
 * The rest of layer l of pattern P, after the barrier of layer l - 1: the late
 * edges' V2C, the row minima with the early part's (pm1, pm2, psign from
 * pattern_pre), and every edge's new C2V and posterior (write_edge).
 */
template <typename V, typename P, int OPT, int l, typename At, typename ZeroAt>
__device__ __forceinline__ void pattern_finish(const At& at,
                                               const ZeroAt& zero_at,
                                               const uint32_t* tab,
                                               int tstride,
                                               V (&c2v)[P::layers][P::max_degree],
                                               V pm1,
                                               V pm2,
                                               uint32_t psign,
                                               const uint32_t (&ea)[P::max_degree],
                                               const uint32_t (&la)[P::max_degree],
                                               V ca,
                                               V ncb)
{
    using ops = lane_ops<V>;
    constexpr int MAXD = P::max_degree;
    constexpr int D = P::deg(l);
    constexpr uint32_t em = P::early(l);
    constexpr uint32_t lm = P::all(l) & ~em;
    constexpr uint32_t et = P::tab_early(l);
    constexpr uint32_t lt = P::tab_late(l);
    constexpr int NE = bit_count(em);
    constexpr int NL = bit_count(lm);
    constexpr int NT = bit_count(et);
    constexpr int NLT = bit_count(lt);
    uint32_t tl[NLT > 0 ? NLT : 1];
    uint32_t te[NT > 0 ? NT : 1];
    pattern_entries<P, OPT, l>(tab, tstride, ea, la, te, tl);
    V v[MAXD];
    V* addr[MAXD];
    V f[NL > 0 ? NL : 1];
    uint32_t sign = psign;
    static_for<D>([&](auto jc) {
        constexpr int j = decltype(jc)::value;
        constexpr bool early = ((em >> j) & 1u) != 0u;
        if constexpr (((P::zero(l) >> j) & 1u) != 0u) {
            addr[j] = zero_at(P::zero_offset(l, j));
        } else if constexpr (early) {
            addr[j] = at(te[rank_below(et, j)]);
        } else {
            addr[j] = at(tl[rank_below(lt, j)]);
        }
        if constexpr (early) {
            v[j] = c2v[l][j];
        } else {
            v[j] = ops::sub(*addr[j], c2v[l][j]);
            f[rank_below(lm, j)] = v[j];
            sign ^= ops::bits(v[j]);
        }
    });
    V m1, m2;
    subset_minima<V, NL>(f, m1, m2);
    minsum_acc<V> acc;
    merge_minima<V, NE, NL>(acc, m1, m2, pm1, pm2, sign);
    minsum_out<V> o;
    pattern_out<V, OPT>(o, acc, ca, ncb);
    static_for<D>([&](auto jc) {
        constexpr int j = decltype(jc)::value;
        write_edge<V>(o, v[j], v[j], addr[j], c2v[l][j]);
    });
}

/*!
 * The decoder of pattern P (qc_pattern): one thread per row slot of a unit, C2V in
 * registers; per layer l, pattern_finish of layer l, then pattern_pre of layer
 * l + 1 (the early reads), then the barrier. OPT: pattern_option bits.
 */
template <typename V, typename P, int OPT>
__device__ __forceinline__ void layered_pattern_body(const code_view& code,
                                                     const run_params& rp,
                                                     const register_shape& shape)
{
    constexpr int MAXL = P::layers;
    constexpr int MAXD = P::max_degree;
    extern __shared__ __align__(16) unsigned char smem_raw[];
    __shared__ block_state bs;

    const int U = rp.units_per_block;
    const int S = P::slots;
    V* post = reinterpret_cast<V*>(smem_raw);
    const int u = threadIdx.x / S;
    const int s = threadIdx.x - u * S;
    unsigned char* sbase =
        smem_raw + static_cast<size_t>(u) * code.post_stride * sizeof(V) + 4 * s;
    const int wrap = -4 * S;
    const V ca = launch_factor<V>(rp);
    const V ncb = launch_offset<V>(rp);
    auto edge = [&](int e) {
        const int w = s >= shape.threshold[e] ? wrap : 0;
        return reinterpret_cast<V*>(sbase + shape.offset[e] + w);
    };
    auto at = [&](uint32_t off) { return reinterpret_cast<V*>(smem_raw + off); };
    auto zero_at = [&](int off) { return reinterpret_cast<V*>(sbase + off); };
    const int tstride = table_stride(blockDim.x);
    uint32_t* tab = address_table<V>(smem_raw, code, U);
    // the table once per launch: the shifted edges, early ones of a layer first
    static_for<MAXL>([&](auto lc) {
        constexpr int l = decltype(lc)::value;
        static_for<P::deg(l)>([&](auto jc) {
            constexpr int j = decltype(jc)::value;
            if constexpr (((P::zero(l) >> j) & 1u) == 0u) {
                constexpr bool early = ((P::early(l) >> j) & 1u) != 0u;
                constexpr uint32_t grp = early ? P::tab_early(l) : P::tab_late(l);
                constexpr int pos0 =
                    P::tab_first(l) + (early ? 0 : bit_count(P::tab_early(l)));
                const uint32_t a = static_cast<uint32_t>(
                    reinterpret_cast<unsigned char*>(edge(l * MAXD + j)) - smem_raw);
                tab[subset_index(
                    pos0, bit_count(grp), rank_below(grp, j), tstride, threadIdx.x)] = a;
            }
        });
    });

    for (long long task = blockIdx.x; task < rp.tasks; task += gridDim.x) {
        load_units_wide(post, code, rp, task, bs);

        // c2v[l][j]: the C2V of edge j of layer l; for the early edges of the next
        // layer, between its pattern_pre and its pattern_finish, that edge's V2C
        V c2v[MAXL][MAXD];
        clear_tile<V, MAXL, MAXD>(c2v);
        V pm1, pm2;        // partial minima of the next layer's early edges
        uint32_t psign;    // and their sign XOR
        uint32_t ea[MAXD]; // and their table entries (!opt_reload)
        uint32_t la[MAXD]; // and the late edges' table entries (opt_late)

        pattern_pre<V, P, OPT, 0>(
            at, zero_at, tab, tstride, c2v, pm1, pm2, psign, ea, la);
        for (int it = 1;; ++it) {
            static_for<MAXL>([&](auto lc) {
                constexpr int l = decltype(lc)::value;
                pattern_finish<V, P, OPT, l>(
                    at, zero_at, tab, tstride, c2v, pm1, pm2, psign, ea, la, ca, ncb);
                pattern_pre<V, P, OPT, (l + 1) % MAXL>(
                    at, zero_at, tab, tstride, c2v, pm1, pm2, psign, ea, la);
                __syncthreads();
            });
            if (slot_iteration_done<V, MAXL, MAXD, true>(
                    post, code, rp, shape, task, it, bs, U, u, edge)) {
                break;
            }
        }
    }
}

/*! The pattern instance, capped at REGS registers per thread. */
template <typename V, typename P, int REGS, int OPT>
__global__ void __maxnreg__(REGS)
    layered_pattern_kernel(code_view code, run_params rp, register_shape shape)
{
    layered_pattern_body<V, P, OPT>(code, rp, shape);
}

template <typename V, typename P, int REGS, int OPT>
register_variant make_pattern_variant(const char* name)
{
    register_variant v;
    v.fn = &layered_pattern_kernel<V, P, REGS, OPT>;
    v.max_threads = std::min(1024, 65536 / REGS / 32 * 32);
    v.max_layers = P::layers;
    v.max_degree = P::max_degree;
    v.half2 = sizeof(V) == 4 && lane_ops<V>::lanes == 2;
    v.scms = false;
    v.table_words = P::tab_words;
    v.matches = &pattern_matches<P>;
    v.name = name;
    return v;
}

} // namespace

/*!
 * Exact-degree instances (SHORT): the layers whose rows have MAXD - 1 edges, bit l
 * for layer l; the tuner takes such an instance only for a code with exactly these
 * degrees. wimax rate 1/2 (802.16e 8.4.9.2.5, every length): rows of 6, 7, 7, 6,
 * 6, 7, 6, 6, 7, 6, 6, 6 edges.
 */
constexpr uint32_t wimax_half_short = 0xED9u;
/*!
 * 802.11n rate 1/2 (20.3.11.7.6, Tables R.1 - R.3): rows of 7 and 8 edges, the
 * layers of 7 flagged, per codeword length (648: 7, 8, 7, 7, 7, 8, 7, 7, 8, 7, 8, 7;
 * 1296: 7, 8, 7, 7, 7, 7, 7, 8, 7, 7, 7, 7; 1944: 7, 7, 7, 7, 7, 7, 8, 7, 7, 7, 7, 8).
 */
constexpr uint32_t wifi648_half_short = 0xADDu;
constexpr uint32_t wifi1296_half_short = 0xF7Du;
constexpr uint32_t wifi1944_half_short = 0x7BFu;
/*! wimax rate 1/2 at Z = 96 (N = 2304), the code of the benchmark floor. */
using wimax_r12_z96 = qc_pattern<wimax_r12_base, 96>;

const std::vector<register_variant>& register_variants()
{
    // The tuner takes the first instance that fits: the order is the measured
    // preference (H200, docs/CUDA_PERFORMANCE_NOTES.md: table instances before plain
    // ones). Shapes: MAXL * MAXD <= 96 message registers per thread. SCMS in half2 keeps
    // its per-edge flags in 16-bit lanes, so its rows have at most 16 edges.
    static const std::vector<register_variant> variants = {
        // code-specific instances (wimax:2304 rate 1/2; docs/CUDA_PERFORMANCE_NOTES.md,
        // "code-specific instances": the fastest of the pattern options)
        make_pattern_variant<__half2, wimax_r12_z96, 128, opt_relu | opt_late>(
            "layered-wimax96-r12-early-half2"),
        // GUARD (skip finished units, per layer) measured per instance on the H200
        make_table_variant<__half2, 12, 7, 112, wimax_half_short, true>(
            "layered-tab-12x7-exact-minsum-half2"),
        make_table_variant<__half2, 12, 7, 112, 0u, true>(
            "layered-tab-12x7-minsum-half2"),
        make_table_variant<__half2, 12, 8, 168, 0u, false>(
            "layered-tab-12x8-minsum-half2"),
        // exact-degree and table instances of the other 802.11n / 802.16e tiles
        // (rates 1/2 of 802.11n, 2/3, 3/4 and 5/6; float ones below); the measured tuner
        // (cuda_ldpc_decoder.cu) takes them where they are faster
        make_table_variant<__half2, 12, 8, 168, wifi648_half_short, false>(
            "layered-tab-12x8-wifi648-exact-minsum-half2"),
        make_table_variant<__half2, 12, 8, 168, wifi1296_half_short, false>(
            "layered-tab-12x8-wifi1296-exact-minsum-half2"),
        make_table_variant<__half2, 12, 8, 168, wifi1944_half_short, false>(
            "layered-tab-12x8-wifi1944-exact-minsum-half2"),
        make_table_variant<__half2, 8, 10, 168, 0u, false>(
            "layered-tab-8x10-minsum-half2"),
        make_table_variant<__half2, 8, 11, 168, 0u, false>(
            "layered-tab-8x11-minsum-half2"),
        make_table_variant<__half2, 6, 15, 168, 0u, false>(
            "layered-tab-6x15-minsum-half2"),
        make_table_variant<__half2, 4, 20, 168, 0u, false>(
            "layered-tab-4x20-minsum-half2"),
        make_table_variant<__half2, 4, 22, 168, 0u, false>(
            "layered-tab-4x22-minsum-half2"),
        make_variant<__half2, 12, 7, false>("layered-reg-12x7-minsum-half2"),
        make_variant<__half2, 12, 8, false>("layered-reg-12x8-minsum-half2"),
        make_variant<__half2, 8, 12, false>("layered-reg-8x12-minsum-half2"),
        make_variant<__half2, 6, 16, false>("layered-reg-6x16-minsum-half2"),
        make_variant<__half2, 4, 24, false>("layered-reg-4x24-minsum-half2"),
        make_variant<__half2, 12, 8, true>("layered-reg-12x8-scms-half2"),
        make_variant<__half2, 8, 12, true>("layered-reg-8x12-scms-half2"),
        make_variant<__half2, 6, 16, true>("layered-reg-6x16-scms-half2"),
        make_pattern_variant<float, wimax_r12_z96, 128, opt_reload>(
            "layered-wimax96-r12-early-f32"),
        make_table_variant<float, 12, 7, 128, wimax_half_short, false>(
            "layered-tab-12x7-exact-minsum-f32"),
        make_table_variant<float, 12, 7, 168, 0u, true>("layered-tab-12x7-minsum-f32"),
        make_table_variant<float, 12, 8, 168, 0u, false>("layered-tab-12x8-minsum-f32"),
        make_table_variant<float, 8, 10, 168, 0u, false>("layered-tab-8x10-minsum-f32"),
        make_table_variant<float, 8, 11, 168, 0u, false>("layered-tab-8x11-minsum-f32"),
        make_table_variant<float, 6, 15, 168, 0u, false>("layered-tab-6x15-minsum-f32"),
        make_table_variant<float, 4, 20, 168, 0u, false>("layered-tab-4x20-minsum-f32"),
        make_table_variant<float, 4, 22, 168, 0u, false>("layered-tab-4x22-minsum-f32"),
        make_variant<float, 12, 7, false>("layered-reg-12x7-minsum-f32"),
        make_variant<float, 12, 8, false>("layered-reg-12x8-minsum-f32"),
        make_variant<float, 8, 12, false>("layered-reg-8x12-minsum-f32"),
        make_variant<float, 6, 16, false>("layered-reg-6x16-minsum-f32"),
        make_variant<float, 4, 24, false>("layered-reg-4x24-minsum-f32"),
        make_variant<float, 12, 8, true>("layered-reg-12x8-scms-f32"),
        make_variant<float, 8, 12, true>("layered-reg-8x12-scms-f32"),
        make_variant<float, 6, 16, true>("layered-reg-6x16-scms-f32"),
        make_variant<float, 4, 24, true>("layered-reg-4x24-scms-f32"),
        // the flooding schedule (layered_register_body, FLOOD; the measured tuner
        // times them as the layered ones): first the address table in global memory
        // (GTAB: no shared memory for it,
        // so registers set the occupancy), then the layered order. The half2 12x7
        // tables at 128 registers: 112 spills, and their shared memory per 96-thread
        // block (wimax:2304) allows no more blocks per SM at 112; the half2 12x7
        // GTAB one at 136 (128 spills): still 5 blocks of 96 threads per SM. (A
        // half2 exact-degree GTAB instance spilled 104 B at 136 registers, and 168
        // would leave 4 blocks per SM: left out.)
        make_table_variant<__half2, 12, 7, 136, 0u, true, true, true>(
            "flooding-gtab-12x7-minsum-half2"),
        make_table_variant<__half2, 12, 8, 168, 0u, false, true, true>(
            "flooding-gtab-12x8-minsum-half2"),
        make_table_variant<__half2, 12, 7, 128, wimax_half_short, true, true>(
            "flooding-tab-12x7-exact-minsum-half2"),
        make_table_variant<__half2, 12, 7, 128, 0u, true, true>(
            "flooding-tab-12x7-minsum-half2"),
        make_table_variant<__half2, 12, 8, 168, 0u, false, true>(
            "flooding-tab-12x8-minsum-half2"),
        make_variant<__half2, 12, 7, false, true>("flooding-reg-12x7-minsum-half2"),
        make_variant<__half2, 12, 8, false, true>("flooding-reg-12x8-minsum-half2"),
        make_variant<__half2, 8, 12, false, true>("flooding-reg-8x12-minsum-half2"),
        make_variant<__half2, 6, 16, false, true>("flooding-reg-6x16-minsum-half2"),
        make_variant<__half2, 4, 24, false, true>("flooding-reg-4x24-minsum-half2"),
        make_variant<__half2, 12, 8, true, true>("flooding-reg-12x8-scms-half2"),
        make_variant<__half2, 8, 12, true, true>("flooding-reg-8x12-scms-half2"),
        make_variant<__half2, 6, 16, true, true>("flooding-reg-6x16-scms-half2"),
        make_table_variant<float, 12, 7, 128, wimax_half_short, false, true, true>(
            "flooding-gtab-12x7-exact-minsum-f32"),
        make_table_variant<float, 12, 7, 168, 0u, true, true, true>(
            "flooding-gtab-12x7-minsum-f32"),
        make_table_variant<float, 12, 8, 168, 0u, false, true, true>(
            "flooding-gtab-12x8-minsum-f32"),
        make_table_variant<float, 12, 7, 128, wimax_half_short, false, true>(
            "flooding-tab-12x7-exact-minsum-f32"),
        make_table_variant<float, 12, 7, 168, 0u, true, true>(
            "flooding-tab-12x7-minsum-f32"),
        make_table_variant<float, 12, 8, 168, 0u, false, true>(
            "flooding-tab-12x8-minsum-f32"),
        make_variant<float, 12, 7, false, true>("flooding-reg-12x7-minsum-f32"),
        make_variant<float, 12, 8, false, true>("flooding-reg-12x8-minsum-f32"),
        make_variant<float, 8, 12, false, true>("flooding-reg-8x12-minsum-f32"),
        make_variant<float, 6, 16, false, true>("flooding-reg-6x16-minsum-f32"),
        make_variant<float, 4, 24, false, true>("flooding-reg-4x24-minsum-f32"),
        make_variant<float, 12, 8, true, true>("flooding-reg-12x8-scms-f32"),
        make_variant<float, 8, 12, true, true>("flooding-reg-8x12-scms-f32"),
        make_variant<float, 6, 16, true, true>("flooding-reg-6x16-scms-f32"),
        make_variant<float, 4, 24, true, true>("flooding-reg-4x24-scms-f32"),
    };
    return variants;
}

} // namespace cuda_detail
} // namespace gpufec
