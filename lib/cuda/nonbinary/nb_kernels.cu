/* -*- c++ -*- */
/*
 * The kernels of the CUDA Min-Max decoder of nonbinary LDPC codes over GF(q),
 * q = 2..256, and their launch configuration (nb_kernels.h),
 * float messages, the same arithmetic as the CPU reference (nb_cpu_decoder.cc) so
 * that decisions agree exactly (min, max, one subtraction per normalization and
 * the APP sums in the same order):
 *
 *  - nb_check_quad_kernel (default for q >= 4): one thread block per (check
 *    node, group of G frames), q/4 threads per check node and frame, each owning
 *    four field elements, so that every (min, max) convolution step is one
 *    broadcast 128-bit shared load, one 128-bit load and 16 pairs in registers
 *    (derivation at the kernel); its throughput against the lane kernel's is in
 *    docs/BENCHMARKS.md "Nonbinary". Each step is computed on the
 *    float bit patterns as signed integers, min3(o, max, max) per two pairs,
 *    which ptxas turns into one VIMNMX3 on sm_90 (6 instead of 8 ALU operations
 *    per 4 pairs; messages entering a check node are normalized, >= +0 and not
 *    NaN, where the integer and float orders agree, so the selected values are
 *    bit-identical); for q <= 128 the q/4 threads of a frame (consecutive lanes
 *    of one warp) synchronize with __syncwarp over their lanes instead of the
 *    block (q = 256 keeps __syncthreads).
 *  - nb_check_kernel ("lane", q < 4): the block is
 *    q x G threads (x = field element a, y = frame of the group), so
 *    q threads per check node per frame (Wang et al., "Parallel Nonbinary LDPC Decoding
 * on GPU"). The check node's input vectors, forward F, backward B and merged M vectors
 * live in shared memory (4 x dc x q floats per frame); forward and backward recursions
 * run in the same step (Thi and Lee, "Efficient Parallel Block-layered Nonbinary
 * Quasi-cyclic LDPC Decoding on a GPU": concurrently), then the dc merger outputs (MMMA,
 *    Thi and Lee eqs. 8-10: one XOR per pair) in parallel. Each (min, max)
 *    convolution is computed by thread a as min_{a'} max(X(a'), Y(a ^ a')), X(a')
 *    a shared-memory broadcast, Y(a ^ a') conflict-free. The multiplications by
 *    h and h^-1 are per-edge permutation tables (edges x q bytes, read once per
 *    edge and element).
 *      flooding: input V2C (normalized by the VNP), output C2V;
 *      layered: launched once per layer ((q-1) check nodes of a block row of an
 *      NB-QC code, or a greedy column-disjoint group), V2C = APP - C2V,
 *      normalized (group min-reduction: warp shuffles, shared memory above 32),
 *      APP = V2C + new C2V.
 *  - flooding, "check-domain" pipeline (default with quad; options.gpu.flooding =
 *    classic for the one below): the VNP (nb_vnp_chk_kernel, q threads per
 *    (frame, variable); for q = 32 nb_vnp_chk32_kernel, a warp per four
 *    (frame, variable) items with each level of dependent loads issued for all
 *    four at once; C2V values of columns up to weight 4 kept in registers between
 *    the sum and the V2C) stores each
 *    V2C already permuted into the check domain,
 *    U_e(h_e a) = V2C_e(a), and reads the check node's output M_e(h_e a) itself,
 *    so the check node loads and stores whole float4 rows with no tables; the
 *    VNP also takes the hard decision (first minimum, warp shuffles) and a warp
 *    per frame computes the syndrome from the symbols (nb_syndrome_kernel): the
 *    APP is never stored and never read back.
 *  - classic flooding (lane kernel, or options.gpu.flooding = classic):
 *    nb_vnp_kernel, q threads per (frame, variable): APP = LLR + sum of C2V
 *    (column order, as the CPU), V2C = APP - C2V normalized; then
 *    nb_decide_kernel, one block per frame: hard decision (first minimum), the
 *    syndrome over GF(q), iterations and parity; with early termination the
 *    frame is marked done and every later kernel skips it.
 *  - layered decisions: nb_decide_kernel (below).
 *  - message layout: [frame][edge][a] and [frame][variable][a], so the q threads
 *    of a (frame, edge) read q consecutive floats (coalesced).
 *  - DPX: the 32-bit three-operand minimum (__vimin3_s32) is written as two PTX
 *    min.s32 (crt/device_functions.hpp of CUDA 13), but ptxas fuses them into one
 *    VIMNMX3 on sm_90 (SASS of this file, cuobjdump on the device; fminf pairs
 *    stay two FMNMX): the quad kernel above uses it. The 16x2 forms would need
 *    16-bit messages, not exact against the float reference.
 * *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "common/cuda_check.h"
#include "nonbinary/nb_kernels.h"
#include <gpufec/error.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace gpufec {
namespace cuda_detail {

namespace {

__device__ __forceinline__ unsigned group_mask(int q)
{
    if (q >= 32) {
        return 0xffffffffu;
    }
    const int lin = threadIdx.x + threadIdx.y * blockDim.x;
    const int lane = lin & 31;
    return ((1u << q) - 1u) << (lane & ~(q - 1));
}

/*
 * Minimum of v over the q threads (threadIdx.x = 0..q-1) of this frame. For
 * q > 32 it uses red (blockDim.y * q/32 floats of shared memory) and
 * __syncthreads, so every thread of the block must call it.
 */
__device__ __forceinline__ float group_min(float v, int q, float* red)
{
    const int w = q < 32 ? q : 32;
    const unsigned mask = group_mask(q);
    for (int o = w / 2; o > 0; o >>= 1) {
        v = fminf(v, __shfl_xor_sync(mask, v, o, w));
    }
    if (q > 32) {
        const int warps = q / 32;
        float* mine = red + threadIdx.y * warps;
        if ((threadIdx.x & 31) == 0) {
            mine[threadIdx.x / 32] = v;
        }
        __syncthreads();
        v = mine[0];
        for (int i = 1; i < warps; i++) {
            v = fminf(v, mine[i]);
        }
        __syncthreads();
    }
    return v;
}

/*
 * min_{a'} max(X(a'), Y(a ^ a')). X is read four elements at a time (one
 * broadcast 128-bit shared load), four independent minima break the dependency
 * chain; min and max are exact, so the order does not change the result.
 */
__device__ __forceinline__ float conv_minmax(const float* X, const float* Y, int a, int q)
{
    if (q < 4) {
        float best = fmaxf(X[0], Y[a]);
        for (int ap = 1; ap < q; ap++) {
            best = fminf(best, fmaxf(X[ap], Y[a ^ ap]));
        }
        return best;
    }
    const float4* X4 = reinterpret_cast<const float4*>(X);
    float b0 = __int_as_float(0x7f800000), b1 = b0, b2 = b0, b3 = b0;
#pragma unroll 4
    for (int k = 0; k < q / 4; k++) {
        const float4 x = X4[k];
        const int b = a ^ (4 * k);
        b0 = fminf(b0, fmaxf(x.x, Y[b]));
        b1 = fminf(b1, fmaxf(x.y, Y[b ^ 1]));
        b2 = fminf(b2, fmaxf(x.z, Y[b ^ 2]));
        b3 = fminf(b3, fmaxf(x.w, Y[b ^ 3]));
    }
    return fminf(fminf(b0, b1), fminf(b2, b3));
}

template <bool LAYERED>
__global__ void nb_check_kernel(nb_dev p, const int* __restrict__ rows)
{
    extern __shared__ float sh[];
    const int q = p.q;
    const int a = threadIdx.x;
    const int fy = threadIdx.y;
    const int frame = blockIdx.y * blockDim.y + fy;
    const bool active = frame < p.frames && !p.done[frame];
    if (!__syncthreads_or(active)) {
        return;
    }
    const int row = rows ? rows[blockIdx.x] : blockIdx.x;
    const int e0 = p.row_ptr[row];
    const int dc = p.row_ptr[row + 1] - e0;
    if (dc == 0) {
        return;
    }
    const int slot = p.dcmax * q;
    float* U = sh + fy * 4 * slot;
    float* F = U + slot;
    float* B = F + slot;
    float* V = B + slot;
    float* red = sh + blockDim.y * 4 * slot;
    const int f = active ? frame : 0;
    const size_t fe = static_cast<size_t>(f) * p.edges * q;
    const size_t fa = static_cast<size_t>(f) * p.n * q;

    for (int i = 0; i < dc; i++) {
        const int e = e0 + i;
        float t;
        if (LAYERED) {
            const int col = p.row_cols[e];
            t = p.app[fa + static_cast<size_t>(col) * q + a] -
                p.r[fe + static_cast<size_t>(e) * q + a];
            const float mn = group_min(t, q, red);
            t -= mn;
        } else {
            t = p.v2c[fe + static_cast<size_t>(e) * q + a];
        }
        V[i * q + a] = t;
    }
    __syncthreads();
    for (int i = 0; i < dc; i++) {
        U[i * q + a] = V[i * q + p.to_var[static_cast<size_t>(e0 + i) * q + a]];
    }
    __syncthreads();
    if (dc == 1) {
        U[a] = a == 0 ? 0.0f : 1e30f;
    } else {
        F[a] = U[a];
        B[(dc - 1) * q + a] = U[(dc - 1) * q + a];
        __syncthreads();
        for (int s = 1; s <= dc - 2; s++) {
            F[s * q + a] = conv_minmax(F + (s - 1) * q, U + s * q, a, q);
            const int bi = dc - 1 - s;
            B[bi * q + a] = conv_minmax(B + (bi + 1) * q, U + bi * q, a, q);
            __syncthreads();
        }
        // Merger into U (no longer needed): M_0 = B_1, M_{dc-1} = F_{dc-2}.
        float m0 = B[q + a];
        float ml = F[(dc - 2) * q + a];
        for (int i = 1; i <= dc - 2; i++) {
            const float v = conv_minmax(F + (i - 1) * q, B + (i + 1) * q, a, q);
            // U_i is read by no other thread any more (F, B complete)
            U[i * q + a] = v;
        }
        U[a] = m0;
        U[(dc - 1) * q + a] = ml;
    }
    __syncthreads();
    if (!active) {
        return;
    }
    for (int i = 0; i < dc; i++) {
        const int e = e0 + i;
        const float c2v = U[i * q + p.to_check[static_cast<size_t>(e) * q + a]];
        const size_t ri = fe + static_cast<size_t>(e) * q + a;
        if (LAYERED) {
            const int col = p.row_cols[e];
            p.app[fa + static_cast<size_t>(col) * q + a] = V[i * q + a] + c2v;
        }
        p.r[ri] = c2v;
    }
}

/*
 * The "quad" check node: q/4 threads per (check node, frame), thread t owning the
 * field elements 4t..4t+3. One broadcast 128-bit load of X(4k..4k+3) and one
 * 128-bit load of Y(4(t^k)..4(t^k)+3) feed 16 (max, min) pairs with static
 * indices: for a = 4t+j and a' = 4k+(j^m), a ^ a' = 4(t^k)+m, so
 * out(4t+j) = min_k min_m max(X(4k + (j^m)), Y(4(t^k) + m)).
 * Q is a compile-time constant: the k loop is unrolled with constant offsets.
 * Computed on the bit patterns: for non-negative floats (every message the check
 * node sees is a normalized vector, min +0, no NaN) the signed integer order is
 * the float order and min / max select the same operand, so the result is
 * bit-identical to fminf / fmaxf. Written as a three-operand minimum
 * (__vimin3_s32, DPX) of two pair maxima: 6 instead of 8 ALU operations per 4
 * pairs where ptxas emits one three-operand instruction for it (sm_90).
 */
template <int Q>
__device__ __forceinline__ float4 conv_minmax4_i3(const float* X, const float* Y, int t)
{
    const int4* X4 = reinterpret_cast<const int4*>(X);
    const int4* Y4 = reinterpret_cast<const int4*>(Y);
    int o0 = 0x7f800000, o1 = o0, o2 = o0, o3 = o0;
#pragma unroll(Q <= 64 ? Q / 4 : 4)
    for (int k = 0; k < Q / 4; k++) {
        const int4 x = X4[k];
        const int4 y = Y4[t ^ k];
        o0 = __vimin3_s32(o0, max(x.x, y.x), max(x.y, y.y));
        o0 = __vimin3_s32(o0, max(x.z, y.z), max(x.w, y.w));
        o1 = __vimin3_s32(o1, max(x.y, y.x), max(x.x, y.y));
        o1 = __vimin3_s32(o1, max(x.w, y.z), max(x.z, y.w));
        o2 = __vimin3_s32(o2, max(x.z, y.x), max(x.w, y.y));
        o2 = __vimin3_s32(o2, max(x.x, y.z), max(x.y, y.w));
        o3 = __vimin3_s32(o3, max(x.w, y.x), max(x.z, y.y));
        o3 = __vimin3_s32(o3, max(x.y, y.z), max(x.x, y.w));
    }
    return make_float4(
        __int_as_float(o0), __int_as_float(o1), __int_as_float(o2), __int_as_float(o3));
}

/* What a quad check-node launch reads and writes. */
enum quad_mode {
    quad_layered = 0,   // V2C from APP - C2V (variable domain), APP updated
    quad_flooding = 1,  // V2C and C2V in the variable domain (the classic pipeline)
    quad_flood_chk = 2, // V2C and C2V in the check domain: float4 in, float4 out
};

/*
 * Quad check-node kernel: block (q/4, G), shared per frame U (dc x q floats), F
 * and B ((dc - 2) x q each: F_0 = U_0 and B_{dc-1} = U_{dc-1} are read in place)
 * and the dc normalization minima. The inputs are gathered already
 * permuted (U_i(a) = V2C_i(h^-1 a), the normalization minimum being the same
 * over any permutation); the layered APP update recomputes the V2C from APP and
 * the old C2V (both still in global memory) with the stored minimum, the same
 * float operations as the CPU. quad_flood_chk: the VNP already stored U_i and
 * reads M_i back itself (nb_vnp_chk_kernel), so the inputs are one 128-bit load
 * per thread and edge and the merger results go from registers to global memory
 * (no permutation tables, no last barrier).
 */
/* Shared floats per frame of the quad kernel: U (dcmax vectors), F and B
   (dcmax - 2 each), the minima (rounded up to 4 for 16-byte alignment). */
__host__ __device__ inline int quad_slot_floats(int dcmax, int q)
{
    const int fb = dcmax > 2 ? dcmax - 2 : 0;
    return (dcmax + 2 * fb) * q + ((dcmax + 3) & ~3);
}

/* Over 120 lines on purpose: the three modes (MODE) differ in the gather and the
   output of one forward / backward / merger pass whose F, B and minima share one
   shared-memory slot per frame and barrier schedule, so the pass is kept in one
   piece; the convolution step is conv_minmax4_i3. Split into __forceinline__
   helpers (the gather, the forward / backward / merger pass, the outputs), each
   alone changed the machine code of most q >= 8 instances, and together the
   register counts of several (NVVM optimizes a helper on its own before it
   inlines it, and the index arithmetic came out in other widths). */
template <int MODE, int Q>
__global__ void nb_check_quad_kernel(nb_dev p, const int* __restrict__ rows)
{
    constexpr bool WS = Q <= 128; // q = 256: block sync
    constexpr bool LAYERED = MODE == quad_layered;
    constexpr bool CHK = MODE == quad_flood_chk;
    extern __shared__ float4 sh4[];
    float* sh = reinterpret_cast<float*>(sh4);
    constexpr int q = Q;
    constexpr int T = Q >> 2;
    const int t = threadIdx.x;
    auto conv = [&](const float* X, const float* Y) {
        return conv_minmax4_i3<Q>(X, Y, t);
    };
    const int fy = threadIdx.y;
    const int frame = blockIdx.y * blockDim.y + fy;
    const bool active = frame < p.frames && !p.done[frame];
    // WS: the T threads of a frame are consecutive lanes of one warp and share
    // nothing with other frames, so they synchronize among themselves only
    // (__syncwarp over their lanes) and an inactive frame's group leaves at once.
    const unsigned gmask = WS ? group_mask(T) : 0xffffffffu;
    auto sync = [&]() {
        if (WS) {
            __syncwarp(gmask);
        } else {
            __syncthreads();
        }
    };
    if (WS) {
        if (!active) {
            return;
        }
    } else if (!__syncthreads_or(active)) {
        return;
    }
    const int row = rows ? rows[blockIdx.x] : blockIdx.x;
    const int e0 = p.row_ptr[row];
    const int dc = p.row_ptr[row + 1] - e0;
    if (dc == 0) {
        return;
    }
    // Per frame: U_0..U_{dc-1}, F_1..F_{dc-2}, B_1..B_{dc-2} (F_0 = U_0 and
    // B_{dc-1} = U_{dc-1} are not copied), the dc minima.
    const int slot = quad_slot_floats(p.dcmax, q);
    float* U = sh + fy * slot;
    float* F = U + p.dcmax * q;
    float* B = F + (p.dcmax > 2 ? p.dcmax - 2 : 0) * q;
    float* mns = B + (p.dcmax > 2 ? p.dcmax - 2 : 0) * q;
    float* red = sh + blockDim.y * slot;
    const int f = active ? frame : 0;
    const size_t fe = static_cast<size_t>(f) * p.edges * q;
    const size_t fa = static_cast<size_t>(f) * p.n * q;
    auto Fp = [&](int i) { return i == 0 ? U : F + (i - 1) * q; };
    auto Bp = [&](int i) { return i == dc - 1 ? U + i * q : B + (i - 1) * q; };

    constexpr int PREFETCH = 8;
    if (CHK && dc <= PREFETCH) {
        // All dc input loads in flight at once, then the shared-memory stores.
        float4 v[PREFETCH];
#pragma unroll
        for (int i = 0; i < PREFETCH; i++) {
            if (i < dc) {
                v[i] = reinterpret_cast<const float4*>(
                    p.v2c + fe + static_cast<size_t>(e0 + i) * q)[t];
            }
        }
#pragma unroll
        for (int i = 0; i < PREFETCH; i++) {
            if (i < dc) {
                reinterpret_cast<float4*>(U + i * q)[t] = v[i];
            }
        }
    }
    for (int i = 0; i < ((CHK && dc <= PREFETCH) ? 0 : dc); i++) {
        const int e = e0 + i;
        float4 v;
        if (CHK) {
            v = reinterpret_cast<const float4*>(p.v2c + fe +
                                                static_cast<size_t>(e) * q)[t];
        } else {
            const uchar4 tv = *reinterpret_cast<const uchar4*>(
                p.to_var + static_cast<size_t>(e) * q + 4 * t);
            if (LAYERED) {
                const float* ap = p.app + fa + static_cast<size_t>(p.row_cols[e]) * q;
                const float* rp = p.r + fe + static_cast<size_t>(e) * q;
                v.x = ap[tv.x] - rp[tv.x];
                v.y = ap[tv.y] - rp[tv.y];
                v.z = ap[tv.z] - rp[tv.z];
                v.w = ap[tv.w] - rp[tv.w];
                float mn = fminf(fminf(v.x, v.y), fminf(v.z, v.w));
                mn = group_min(mn, T, red);
                if (t == 0) {
                    mns[i] = mn;
                }
                v.x -= mn;
                v.y -= mn;
                v.z -= mn;
                v.w -= mn;
            } else {
                const float* vp = p.v2c + fe + static_cast<size_t>(e) * q;
                v.x = vp[tv.x];
                v.y = vp[tv.y];
                v.z = vp[tv.z];
                v.w = vp[tv.w];
            }
        }
        reinterpret_cast<float4*>(U + i * q)[t] = v;
    }
    sync();
    float4* U4 = reinterpret_cast<float4*>(U);
    if (dc == 1) {
        const float4 one = make_float4(t == 0 ? 0.0f : 1e30f, 1e30f, 1e30f, 1e30f);
        if (CHK) {
            if (active) {
                reinterpret_cast<float4*>(p.r + fe + static_cast<size_t>(e0) * q)[t] =
                    one;
            }
            return;
        }
        // U_0 is read by no other thread (dc = 1): the output is M_0 = U_0
        U4[t] = one;
        sync();
    } else {
        for (int s = 1; s <= dc - 2; s++) {
            reinterpret_cast<float4*>(Fp(s))[t] = conv(Fp(s - 1), U + s * q);
            const int bi = dc - 1 - s;
            reinterpret_cast<float4*>(Bp(bi))[t] = conv(Bp(bi + 1), U + bi * q);
            sync();
        }
        if (CHK) {
            // M straight to global memory (check domain): no barrier needed.
            if (!active) {
                return;
            }
            float4* R4 =
                reinterpret_cast<float4*>(p.r + fe + static_cast<size_t>(e0) * q);
            R4[t] = reinterpret_cast<const float4*>(Bp(1))[t];
            R4[(dc - 1) * T + t] = reinterpret_cast<const float4*>(Fp(dc - 2))[t];
            for (int i = 1; i <= dc - 2; i++) {
                R4[i * T + t] = conv(Fp(i - 1), Bp(i + 1));
            }
            return;
        } else {
            // M_i into U_i for 0 < i < dc-1 (read by nobody now); M_0 = B_1 and
            // M_{dc-1} = F_{dc-2} are read where they are.
            for (int i = 1; i <= dc - 2; i++) {
                U4[i * T + t] = conv(Fp(i - 1), Bp(i + 1));
            }
            sync();
        }
    }
    if (!active) {
        return;
    }
    for (int i = 0; i < dc; i++) {
        const int e = e0 + i;
        const uchar4 tc = *reinterpret_cast<const uchar4*>(
            p.to_check + static_cast<size_t>(e) * q + 4 * t);
        const float* m = dc == 1       ? U
                         : i == 0      ? Bp(1)
                         : i == dc - 1 ? Fp(dc - 2)
                                       : U + i * q;
        const float4 c = make_float4(m[tc.x], m[tc.y], m[tc.z], m[tc.w]);
        float4* rp = reinterpret_cast<float4*>(p.r + fe + static_cast<size_t>(e) * q) + t;
        if (LAYERED) {
            float4* ap = reinterpret_cast<float4*>(
                             p.app + fa + static_cast<size_t>(p.row_cols[e]) * q) +
                         t;
            const float4 a4 = *ap;
            const float4 r4 = *rp;
            const float mn = mns[i];
            float4 o;
            o.x = ((a4.x - r4.x) - mn) + c.x;
            o.y = ((a4.y - r4.y) - mn) + c.y;
            o.z = ((a4.z - r4.z) - mn) + c.z;
            o.w = ((a4.w - r4.w) - mn) + c.w;
            *ap = o;
        }
        *rp = c;
    }
}

using check_fn = nb_check_fn;

/* The quad kernel instance for a field size (q = 4..256). */
template <int MODE>
check_fn quad_kernel_for(int q)
{
    switch (q) {
    case 4:
        return nb_check_quad_kernel<MODE, 4>;
    case 8:
        return nb_check_quad_kernel<MODE, 8>;
    case 16:
        return nb_check_quad_kernel<MODE, 16>;
    case 32:
        return nb_check_quad_kernel<MODE, 32>;
    case 64:
        return nb_check_quad_kernel<MODE, 64>;
    case 128:
        return nb_check_quad_kernel<MODE, 128>;
    default:
        return nb_check_quad_kernel<MODE, 256>;
    }
}

/* Flooding: V2C = channel vector of the edge's column. */
__global__ void nb_init_v2c_kernel(nb_dev p)
{
    const size_t per_frame = static_cast<size_t>(p.edges) * p.q;
    const size_t total = per_frame * p.frames;
    for (size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x; i < total;
         i += static_cast<size_t>(gridDim.x) * blockDim.x) {
        const size_t f = i / per_frame;
        const size_t rem = i % per_frame;
        const int e = static_cast<int>(rem / p.q);
        const int a = static_cast<int>(rem % p.q);
        p.v2c[i] = p.llr[(f * p.n + static_cast<size_t>(p.row_cols[e])) * p.q + a];
    }
}

/* Layered: APP = channel, C2V = 0; flags cleared. */
__global__ void nb_init_layered_kernel(nb_dev p)
{
    const size_t na = static_cast<size_t>(p.n) * p.q * p.frames;
    const size_t ne = static_cast<size_t>(p.edges) * p.q * p.frames;
    const size_t total = na > ne ? na : ne;
    for (size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x; i < total;
         i += static_cast<size_t>(gridDim.x) * blockDim.x) {
        if (i < na) {
            p.app[i] = p.llr[i];
        }
        if (i < ne) {
            p.r[i] = 0.0f;
        }
    }
}

__global__ void nb_clear_kernel(nb_dev p)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < p.frames) {
        p.done[i] = 0;
        p.iterations[i] = 0;
        p.parity[i] = 0;
    }
}

/* Flooding VNP: blockDim (q, G); y = one (frame, variable). */
__global__ void nb_vnp_kernel(nb_dev p)
{
    __shared__ float red[8];
    const int q = p.q;
    const int a = threadIdx.x;
    const size_t idx = static_cast<size_t>(blockIdx.x) * blockDim.y + threadIdx.y;
    if (idx >= static_cast<size_t>(p.frames) * p.n) {
        return; // whole (frame, variable) groups; q > 32 has G = 1
    }
    const size_t f = idx / p.n;
    const int v = static_cast<int>(idx % p.n);
    if (p.done[f]) {
        return;
    }
    const size_t fe = f * p.edges * q;
    float s = p.llr[idx * q + a];
    const int k0 = p.col_ptr[v];
    const int k1 = p.col_ptr[v + 1];
    for (int k = k0; k < k1; k++) {
        s += p.r[fe + static_cast<size_t>(p.col_edges[k]) * q + a];
    }
    p.app[idx * q + a] = s;
    for (int k = k0; k < k1; k++) {
        const size_t ri = fe + static_cast<size_t>(p.col_edges[k]) * q + a;
        const float t = s - p.r[ri];
        const float mn = group_min(t, q, red);
        p.v2c[ri] = t - mn;
    }
}

/* One block per frame: decision, syndrome, iterations, parity, done. */
__global__ void nb_decide_kernel(nb_dev p, int iteration, int early_termination)
{
    const int f = blockIdx.x;
    if (p.done[f]) {
        return;
    }
    const int q = p.q;
    const float* app = p.app + static_cast<size_t>(f) * p.n * q;
    uint8_t* sym = p.symbols + static_cast<size_t>(f) * p.n;
    for (int v = threadIdx.x; v < p.n; v += blockDim.x) {
        const float* x = app + static_cast<size_t>(v) * q;
        int best = 0;
        float bv = x[0];
        for (int a = 1; a < q; a++) {
            const float t = x[a];
            if (t < bv) {
                bv = t;
                best = a;
            }
        }
        sym[v] = static_cast<uint8_t>(best);
    }
    __syncthreads();
    int bad = 0;
    for (int r = threadIdx.x; r < p.m && !bad; r += blockDim.x) {
        unsigned s = 0;
        for (int e = p.row_ptr[r]; e < p.row_ptr[r + 1]; e++) {
            s ^= p.to_check[static_cast<size_t>(e) * q + sym[p.row_cols[e]]];
        }
        bad = s != 0;
    }
    bad = __syncthreads_or(bad);
    if (threadIdx.x == 0) {
        p.iterations[f] = iteration;
        p.parity[f] = bad ? 0 : 1;
        if (!bad && early_termination) {
            p.done[f] = 1;
        }
    }
}

/*
 * First index of the minimum of v over the q threads of this (frame, variable)
 * group (the CPU's first minimum: ties go to the smaller element). q > 32 uses
 * redv/redi (q/32 entries per group) and __syncthreads.
 */
__device__ __forceinline__ int group_argmin(float v, int i, int q, float* redv, int* redi)
{
    const int w = q < 32 ? q : 32;
    const unsigned mask = group_mask(q);
    for (int o = w / 2; o > 0; o >>= 1) {
        const float ov = __shfl_xor_sync(mask, v, o, w);
        const int oi = __shfl_xor_sync(mask, i, o, w);
        if (ov < v || (ov == v && oi < i)) {
            v = ov;
            i = oi;
        }
    }
    if (q > 32) {
        const int warps = q / 32;
        float* mv = redv + threadIdx.y * warps;
        int* mi = redi + threadIdx.y * warps;
        if ((threadIdx.x & 31) == 0) {
            mv[threadIdx.x / 32] = v;
            mi[threadIdx.x / 32] = i;
        }
        __syncthreads();
        v = mv[0];
        i = mi[0];
        for (int k = 1; k < warps; k++) {
            if (mv[k] < v) { // later warps hold larger elements: strict
                v = mv[k];
                i = mi[k];
            }
        }
        __syncthreads();
    }
    return i;
}

/* Check-domain flooding: U_e(h a) = channel vector of the edge's column (a). */
__global__ void nb_init_chk_kernel(nb_dev p)
{
    const size_t per_frame = static_cast<size_t>(p.edges) * p.q;
    const size_t total = per_frame * p.frames;
    for (size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x; i < total;
         i += static_cast<size_t>(gridDim.x) * blockDim.x) {
        const size_t f = i / per_frame;
        const size_t rem = i % per_frame;
        const int e = static_cast<int>(rem / p.q);
        const int a = static_cast<int>(rem % p.q);
        p.v2c[f * per_frame + static_cast<size_t>(e) * p.q +
              p.to_check[static_cast<size_t>(e) * p.q + a]] =
            p.llr[(f * p.n + static_cast<size_t>(p.row_cols[e])) * p.q + a];
    }
}

/*
 * Check-domain flooding VNP, blockDim (q, G), y = one (frame, variable), thread
 * a = field element: C2V_e(a) = M_e(h_e a) read from the check-domain output,
 * APP(a) = LLR(a) + sum of C2V (column order, as the CPU), hard decision (first
 * minimum) into symbols, V2C_e(a) = APP(a) - C2V_e(a) normalized and stored at
 * U_e(h_e a) for the next CNP. The APP itself is not stored.
 */
__global__ void __launch_bounds__(256, 6) nb_vnp_chk_kernel(nb_dev p)
{
    __shared__ float red[8];
    __shared__ int redi[8];
    const int q = p.q;
    const int a = threadIdx.x;
    const size_t idx = static_cast<size_t>(blockIdx.x) * blockDim.y + threadIdx.y;
    if (idx >= static_cast<size_t>(p.frames) * p.n) {
        return; // whole (frame, variable) groups; q > 32 has G = 1
    }
    const size_t f = idx / p.n;
    const int v = static_cast<int>(idx % p.n);
    if (p.done[f]) {
        return;
    }
    const size_t fe = f * p.edges * q;
    float s = p.llr[idx * q + a];
    const int k0 = p.col_ptr[v];
    const int k1 = p.col_ptr[v + 1];
    // Columns of weight <= VNP_REG keep their C2V values and message indices in
    // registers between the sum and the V2C (one global read each); heavier
    // columns read them again.
    constexpr int VNP_REG = 4;
    float c2v[VNP_REG];
    unsigned rix[VNP_REG]; // within the frame: edges x q < 2^31
    const bool in_reg = k1 - k0 <= VNP_REG;
    if (in_reg) {
#pragma unroll
        for (int j = 0; j < VNP_REG; j++) {
            if (k0 + j < k1) {
                const size_t e = static_cast<size_t>(p.col_edges[k0 + j]);
                rix[j] = static_cast<unsigned>(e * q + p.to_check[e * q + a]);
                c2v[j] = p.r[fe + rix[j]];
            }
        }
#pragma unroll
        for (int j = 0; j < VNP_REG; j++) {
            if (k0 + j < k1) {
                s += c2v[j];
            }
        }
    } else {
        for (int k = k0; k < k1; k++) {
            const size_t e = static_cast<size_t>(p.col_edges[k]);
            s += p.r[fe + e * q + p.to_check[e * q + a]];
        }
    }
    const int best = group_argmin(s, a, q, red, redi);
    if (a == 0) {
        p.symbols[idx] = static_cast<uint8_t>(best);
    }
    if (in_reg) {
#pragma unroll
        for (int j = 0; j < VNP_REG; j++) {
            if (k0 + j < k1) {
                const float t = s - c2v[j];
                const float mn = group_min(t, q, red);
                p.v2c[fe + rix[j]] = t - mn;
            }
        }
        return;
    }
    for (int k = k0; k < k1; k++) {
        const size_t e = static_cast<size_t>(p.col_edges[k]);
        const size_t ri = fe + e * q + p.to_check[e * q + a];
        const float t = s - p.r[ri];
        const float mn = group_min(t, q, red);
        p.v2c[ri] = t - mn;
    }
}

/*
 * Check-domain flooding VNP for q = 32, the same arithmetic as nb_vnp_chk_kernel
 * (which is latency-bound at q = 32: one short warp per variable waiting on a
 * chain of dependent loads). A warp (lane = field element) takes VNP_ITEMS
 * consecutive (frame, variable) items and issues each level of loads of all of
 * them at once (column pointers, edge indices, permutation bytes, C2V values
 * and the channel vectors), so that several DRAM round trips are in flight per
 * warp. The minimum is a shuffle reduction and the first minimum the lowest
 * lane of a ballot (the same element as group_argmin for any non-NaN APP).
 * Columns heavier than VNP_DV take the per-edge path.
 */
constexpr int VNP_ITEMS = 4;
constexpr int VNP_DV = 4;

__device__ __forceinline__ float warp_min32(float v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        v = fminf(v, __shfl_xor_sync(0xffffffffu, v, o));
    }
    return v;
}

__global__ void __launch_bounds__(128) nb_vnp_chk32_kernel(nb_dev p)
{
    constexpr int q = 32;
    const int a = threadIdx.x & 31;
    const size_t total = static_cast<size_t>(p.frames) * p.n;
    const size_t base =
        (static_cast<size_t>(blockIdx.x) * (blockDim.x >> 5) + (threadIdx.x >> 5)) *
        VNP_ITEMS;
    if (base >= total) {
        return; // whole warps
    }
    bool live[VNP_ITEMS];
    int k0[VNP_ITEMS], w[VNP_ITEMS];
    size_t fe[VNP_ITEMS];
#pragma unroll
    for (int j = 0; j < VNP_ITEMS; j++) {
        const size_t idx = base + j;
        live[j] = idx < total;
        const size_t f = live[j] ? idx / p.n : 0;
        const int v = live[j] ? static_cast<int>(idx % p.n) : 0;
        live[j] = live[j] && !p.done[f];
        fe[j] = f * p.edges * q;
        k0[j] = p.col_ptr[v];
        w[j] = p.col_ptr[v + 1] - k0[j];
    }
    float ll[VNP_ITEMS];
    int e[VNP_ITEMS][VNP_DV];
#pragma unroll
    for (int j = 0; j < VNP_ITEMS; j++) {
        ll[j] = live[j] ? p.llr[(base + j) * q + a] : 0.0f;
#pragma unroll
        for (int k = 0; k < VNP_DV; k++) {
            e[j][k] = live[j] && k < w[j] ? p.col_edges[k0[j] + k] : 0;
        }
    }
    unsigned ri[VNP_ITEMS][VNP_DV];
#pragma unroll
    for (int j = 0; j < VNP_ITEMS; j++) {
#pragma unroll
        for (int k = 0; k < VNP_DV; k++) {
            const unsigned eq = static_cast<unsigned>(e[j][k]) * q;
            ri[j][k] = eq + p.to_check[eq + a];
        }
    }
    float c[VNP_ITEMS][VNP_DV];
#pragma unroll
    for (int j = 0; j < VNP_ITEMS; j++) {
#pragma unroll
        for (int k = 0; k < VNP_DV; k++) {
            c[j][k] = live[j] && k < w[j] ? p.r[fe[j] + ri[j][k]] : 0.0f;
        }
    }
#pragma unroll
    for (int j = 0; j < VNP_ITEMS; j++) {
        if (!live[j]) {
            continue; // uniform over the warp
        }
        const size_t idx = base + j;
        float s = ll[j];
        if (w[j] <= VNP_DV) {
#pragma unroll
            for (int k = 0; k < VNP_DV; k++) {
                if (k < w[j]) {
                    s += c[j][k];
                }
            }
        } else {
            for (int k = k0[j]; k < k0[j] + w[j]; k++) {
                const size_t ed = static_cast<size_t>(p.col_edges[k]);
                s += p.r[fe[j] + ed * q + p.to_check[ed * q + a]];
            }
        }
        const float mn = warp_min32(s);
        const unsigned hit = __ballot_sync(0xffffffffu, s == mn);
        if (a == 0) {
            p.symbols[idx] = static_cast<uint8_t>(hit ? __ffs(hit) - 1 : 0);
        }
        if (w[j] <= VNP_DV) {
#pragma unroll
            for (int k = 0; k < VNP_DV; k++) {
                if (k < w[j]) {
                    const float t = s - c[j][k];
                    p.v2c[fe[j] + ri[j][k]] = t - warp_min32(t);
                }
            }
        } else {
            for (int k = k0[j]; k < k0[j] + w[j]; k++) {
                const size_t ed = static_cast<size_t>(p.col_edges[k]);
                const size_t rr = fe[j] + ed * q + p.to_check[ed * q + a];
                const float t = s - p.r[rr];
                p.v2c[rr] = t - warp_min32(t);
            }
        }
    }
}

/* One warp per frame: the syndrome of the symbols the VNP decided. */
__global__ void nb_syndrome_kernel(nb_dev p, int iteration, int early_termination)
{
    const int lane = threadIdx.x & 31;
    const int f = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
    if (f >= p.frames || p.done[f]) {
        return; // the whole warp
    }
    const int q = p.q;
    const uint8_t* sym = p.symbols + static_cast<size_t>(f) * p.n;
    int bad = 0;
    for (int r = lane; r < p.m; r += 32) {
        unsigned s = 0;
        for (int e = p.row_ptr[r]; e < p.row_ptr[r + 1]; e++) {
            s ^= p.to_check[static_cast<size_t>(e) * q + sym[p.row_cols[e]]];
        }
        bad |= s != 0;
    }
    bad = __any_sync(0xffffffffu, bad);
    if (lane == 0) {
        p.iterations[f] = iteration;
        p.parity[f] = bad ? 0 : 1;
        if (!bad && early_termination) {
            p.done[f] = 1;
        }
    }
}

/*
 * Host-fed input, symbol LLR vectors: blockDim (q, G), y = one vector. Each entry
 * is checked (the first non-finite index goes to *bad) and the vector normalized
 * (its minimum subtracted, as nb_normalize_symbol_llrs).
 */
__global__ void
nb_prep_symbols_kernel(nb_dev p, const float* raw, unsigned long long* bad)
{
    __shared__ float red[8];
    const int q = p.q;
    const size_t idx = static_cast<size_t>(blockIdx.x) * blockDim.y + threadIdx.y;
    if (idx >= static_cast<size_t>(p.frames) * p.n) {
        return;
    }
    const size_t i = idx * q + threadIdx.x;
    const float x = raw[i];
    if (!isfinite(x)) {
        atomicMin(bad, static_cast<unsigned long long>(i));
    }
    const float mn = group_min(x, q, red);
    const_cast<float*>(p.llr)[i] = x - mn;
}

/*
 * Host-fed input, bit LLRs: one thread per symbol, the operations of
 * nb_bit_llrs_to_symbol_llrs (lib/core/channel/nb_channel.cc) in the same order, with
 * std::min / std::max written out so that signed zeros come out the same.
 */
__global__ void nb_prep_bits_kernel(nb_dev p, const float* raw, unsigned long long* bad)
{
    const size_t s = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (s >= static_cast<size_t>(p.frames) * p.n) {
        return;
    }
    const int P = p.p;
    const int q = p.q;
    const float* l = raw + s * P;
    float* out = const_cast<float*>(p.llr) + s * q;
    float lj[8];
    float base = 0.0f;
    for (int j = 0; j < P; j++) {
        const float x = l[j];
        if (isinf(x)) {
            atomicMin(bad, static_cast<unsigned long long>(s * P + j));
        }
        lj[j] = isnan(x) ? 0.0f : x;
        base += lj[j] < 0.0f ? lj[j] : 0.0f; // std::min(0.0f, lj)
    }
    out[0] = -base;
    for (int j = 0; j < P; j++) {
        const int half = 1 << j;
        for (int a = 0; a < half; a++) {
            out[half + a] = out[a] + lj[j];
        }
    }
    float mn = out[0];
    for (int a = 1; a < q; a++) {
        mn = out[a] < mn ? out[a] : mn; // std::min(mn, out[a])
    }
    for (int a = 0; a < q; a++) {
        const float d = out[a] - mn;
        out[a] = 0.0f < d ? d : 0.0f; // std::max(0.0f, d)
    }
}
} // namespace

nb_kernel_plan nb_kernel_plan::make(int q,
                                    int n,
                                    int m,
                                    int edges,
                                    int dcmax,
                                    std::vector<int> layer_begin,
                                    const nb_decoder_options& options,
                                    int smem_optin)
{
    nb_kernel_plan k;
    k.q = q;
    k.n = n;
    k.m = m;
    k.edges = edges;
    k.layered = options.schedule == decoding_schedule::layered;
    k.layer_begin = std::move(layer_begin);
    // Check node: "quad" (q/4 threads per check node and frame) for q >= 4,
    // "lane" (q threads) otherwise.
    k.quad = q >= 4;
    // Flooding pipeline: "check" (messages kept in the check domain, VNP with
    // the decision, warp syndrome; with quad unless options.gpu.flooding is
    // classic) or "classic" (variable domain, separate decision kernel).
    k.chk = k.quad && !k.layered && options.gpu.flooding != nb_flooding_pipeline::classic;
    // Check-domain VNP: for q = 32 nb_vnp_chk32_kernel (several variables per
    // warp), else nb_vnp_chk_kernel.
    k.vnp32 = q == 32;
    // Frames per check-node block: q * G >= 32 (whole warps per shuffle
    // group), about 128 threads, shared memory within 64 KiB and the device
    // limit.
    k.tx = k.quad ? q / 4 : q;
    const int gmin = k.quad ? 1 : std::max(1, 32 / q);
    const int threads = 128;
    k.group = std::max(gmin, threads / k.tx);
    auto smem = [&](int g) {
        const size_t per_frame = k.quad ? static_cast<size_t>(quad_slot_floats(dcmax, q))
                                        : 4 * static_cast<size_t>(dcmax) * q;
        return static_cast<size_t>(g) * per_frame * sizeof(float) +
               static_cast<size_t>(g) * std::max(1, k.tx / 32) * sizeof(float);
    };
    while (k.group > gmin && smem(k.group) > 64 * 1024) {
        k.group /= 2;
    }
    k.smem = smem(k.group);
    if (k.smem > static_cast<size_t>(smem_optin)) {
        throw invalid_argument(
            "the CUDA nonbinary decoder needs " + std::to_string(k.smem) +
            " bytes of shared memory per check node (4 x dc x q floats, dc = " +
            std::to_string(dcmax) + ", q = " + std::to_string(q) +
            "); the device allows " + std::to_string(smem_optin));
    }
    if (k.quad) {
        k.check_fn = k.layered ? quad_kernel_for<quad_layered>(q)
                     : k.chk   ? quad_kernel_for<quad_flood_chk>(q)
                               : quad_kernel_for<quad_flooding>(q);
    } else {
        k.check_fn = k.layered ? nb_check_kernel<true> : nb_check_kernel<false>;
    }
    check(cudaFuncSetAttribute(reinterpret_cast<const void*>(k.check_fn),
                               cudaFuncAttributeMaxDynamicSharedMemorySize,
                               static_cast<int>(k.smem)),
          "cudaFuncSetAttribute");
    return k;
}

size_t nb_kernel_plan::workspace_bytes_per_frame() const
{
    const size_t nq = static_cast<size_t>(n) * q * sizeof(float);
    const size_t eq = static_cast<size_t>(edges) * q * sizeof(float);
    return nq * ((layered || !chk) ? 2 : 1) + eq * (layered ? 1 : 2) +
           static_cast<size_t>(n) + sizeof(int) + 2;
}

void nb_kernel_plan::decode(const nb_dev& p,
                            int max_iterations,
                            bool early_termination,
                            const int* d_layer_rows,
                            cudaStream_t stream) const
{
    const size_t frames = static_cast<size_t>(p.frames);
    const int threads = 256;
    const size_t ne = static_cast<size_t>(std::max(edges, n)) * q * frames;
    const unsigned init_blocks =
        static_cast<unsigned>(std::min<size_t>((ne + threads - 1) / threads, 65535));
    const dim3 cblock(tx, group);
    const unsigned fgroups = static_cast<unsigned>((frames + group - 1) / group);
    const bool et = early_termination;
    if (layered) {
        nb_init_layered_kernel<<<init_blocks, threads, 0, stream>>>(p);
        check_launch("nb_init_layered_kernel");
        for (int it = 1; it <= max_iterations; it++) {
            for (size_t l = 0; l + 1 < layer_begin.size(); l++) {
                const int rows = layer_begin[l + 1] - layer_begin[l];
                if (rows == 0) {
                    continue;
                }
                const dim3 grid(rows, fgroups);
                const int* lr = d_layer_rows + layer_begin[l];
                check_fn<<<grid, cblock, smem, stream>>>(p, lr);
                check_launch("nb_check_kernel (layered)");
            }
            nb_decide_kernel<<<static_cast<unsigned>(frames), 256, 0, stream>>>(
                p, it, et ? 1 : 0);
            check_launch("nb_decide_kernel");
        }
        return;
    }
    const int vg = q > 32 ? 1 : std::max(1, 128 / q);
    const size_t nv = static_cast<size_t>(n) * frames;
    const unsigned vblocks = static_cast<unsigned>((nv + vg - 1) / vg);
    if (chk) {
        nb_init_chk_kernel<<<init_blocks, threads, 0, stream>>>(p);
        check_launch("nb_init_chk_kernel");
    } else {
        nb_init_v2c_kernel<<<init_blocks, threads, 0, stream>>>(p);
        check_launch("nb_init_v2c_kernel");
    }
    for (int it = 1; it <= max_iterations; it++) {
        if (m > 0) {
            const dim3 grid(m, fgroups);
            check_fn<<<grid, cblock, smem, stream>>>(p, nullptr);
            check_launch("nb_check_kernel (flooding)");
        }
        if (chk) {
            if (vnp32) {
                const size_t per_block = 4 * VNP_ITEMS; // 4 warps
                nb_vnp_chk32_kernel<<<static_cast<unsigned>((nv + per_block - 1) /
                                                            per_block),
                                      128,
                                      0,
                                      stream>>>(p);
                check_launch("nb_vnp_chk32_kernel");
            } else {
                nb_vnp_chk_kernel<<<vblocks, dim3(q, vg), 0, stream>>>(p);
                check_launch("nb_vnp_chk_kernel");
            }
            nb_syndrome_kernel<<<static_cast<unsigned>((frames + 7) / 8),
                                 256,
                                 0,
                                 stream>>>(p, it, et ? 1 : 0);
            check_launch("nb_syndrome_kernel");
        } else {
            nb_vnp_kernel<<<vblocks, dim3(q, vg), 0, stream>>>(p);
            check_launch("nb_vnp_kernel");
            nb_decide_kernel<<<static_cast<unsigned>(frames), 256, 0, stream>>>(
                p, it, et ? 1 : 0);
            check_launch("nb_decide_kernel");
        }
    }
}

void nb_clear(const nb_dev& p, cudaStream_t stream)
{
    const size_t frames = static_cast<size_t>(p.frames);
    nb_clear_kernel<<<static_cast<unsigned>((frames + 255) / 256), 256, 0, stream>>>(p);
    check_launch("nb_clear_kernel");
}

void nb_prep_bits(const nb_dev& p,
                  const float* raw,
                  unsigned long long* bad,
                  cudaStream_t stream)
{
    const size_t ns = static_cast<size_t>(p.n) * p.frames;
    nb_prep_bits_kernel<<<static_cast<unsigned>((ns + 127) / 128), 128, 0, stream>>>(
        p, raw, bad);
    check_launch("nb_prep_bits_kernel");
}

void nb_prep_symbols(const nb_dev& p,
                     const float* raw,
                     unsigned long long* bad,
                     cudaStream_t stream)
{
    const int vg = p.q > 32 ? 1 : std::max(1, 128 / p.q);
    const size_t ns = static_cast<size_t>(p.n) * p.frames;
    nb_prep_symbols_kernel<<<static_cast<unsigned>((ns + vg - 1) / vg),
                             dim3(p.q, vg),
                             0,
                             stream>>>(p, raw, bad);
    check_launch("nb_prep_symbols_kernel");
}

} // namespace cuda_detail
} // namespace gpufec
