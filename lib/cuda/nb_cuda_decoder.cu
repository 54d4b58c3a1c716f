/* -*- c++ -*- */
/*
 * CUDA Min-Max decoder of nonbinary LDPC codes over GF(q), q = 2..256 (issue 5),
 * float messages, the same arithmetic as the CPU reference (nb_cpu_decoder.cc) so
 * that decisions agree exactly (min, max, one subtraction per normalization and
 * the APP sums in the same order):
 *
 *  - nb_check_quad_kernel (default for q >= 4): one thread block per (check
 *    node, group of G frames), q/4 threads per check node and frame, each owning
 *    four field elements, so that every (min, max) convolution step is one
 *    broadcast 128-bit shared load, one 128-bit load and 16 pairs in registers
 *    (derivation at the kernel). About 1.3x to 2x the lane kernel's throughput
 *    on an H200 (docs/BENCHMARKS.md "Nonbinary").
 *  - nb_check_kernel ("lane", q < 4 or GPUFEC_NB_CUDA_CNP=lane): the block is
 *    q x G threads (x = field element a, y = frame of the group), so
 *    q threads per check node per frame (paper 000). The check node's input
 *    vectors, forward F, backward B and merged M vectors live in shared memory
 *    (4 x dc x q floats per frame); forward and backward recursions run in the
 *    same step (paper 004: concurrently), then the dc merger outputs (MMMA,
 *    paper 004 eqs. 8-10: one XOR per pair) in parallel. Each (min, max)
 *    convolution is computed by thread a as min_{a'} max(X(a'), Y(a ^ a')), X(a')
 *    a shared-memory broadcast, Y(a ^ a') conflict-free. The multiplications by
 *    h and h^-1 are per-edge permutation tables (edges x q bytes, read once per
 *    edge and element).
 *      flooding: input V2C (normalized by the VNP), output C2V;
 *      layered: launched once per layer ((q-1) check nodes of a block row of an
 *      NB-QC code, or a greedy column-disjoint group), V2C = APP - C2V,
 *      normalized (group min-reduction: warp shuffles, shared memory above 32),
 *      APP = V2C + new C2V.
 *  - nb_vnp_kernel (flooding): q threads per (frame, variable): APP = LLR + sum of
 *    C2V (column order, as the CPU), V2C = APP - C2V normalized.
 *  - nb_decide_kernel: one block per frame: hard decision (first minimum), the
 *    syndrome over GF(q), iterations and parity; with early termination the frame
 *    is marked done and every later kernel skips it.
 *  - message layout: [frame][edge][a] and [frame][variable][a], so the q threads
 *    of a (frame, edge) read q consecutive floats (coalesced).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cuda_check.h"
#include "nb_cuda_decoder.h"
#include <gpufec/error.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace gpufec {

namespace {

using cuda_detail::check;
using cuda_detail::check_launch;
using cuda_detail::device_buffer;

struct nb_dev {
    int q;
    int n;
    int m;
    int edges;
    int dcmax;
    int frames;
    const int* row_ptr;
    const int* row_cols;
    const int* col_ptr;
    const int* col_edges;
    const uint8_t* to_var;   // edges x q: h^-1 a
    const uint8_t* to_check; // edges x q: h a
    const float* llr;        // frames x n x q
    float* app;              // frames x n x q
    float* r;                // frames x edges x q (C2V; V2C in flooding below)
    float* v2c;              // frames x edges x q (flooding only)
    uint8_t* symbols;        // frames x n
    int* iterations;         // frames
    uint8_t* parity;         // frames
    uint8_t* done;           // frames
};

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
 */
__device__ __forceinline__ float4 conv_minmax4(const float* X, const float* Y, int t, int q)
{
    const float4* X4 = reinterpret_cast<const float4*>(X);
    const float4* Y4 = reinterpret_cast<const float4*>(Y);
    const float inf = __int_as_float(0x7f800000);
    float o0 = inf, o1 = inf, o2 = inf, o3 = inf;
#pragma unroll 2
    for (int k = 0; k < q / 4; k++) {
        const float4 x = X4[k];
        const float4 y = Y4[t ^ k];
        o0 = fminf(o0,
                   fminf(fminf(fmaxf(x.x, y.x), fmaxf(x.y, y.y)),
                         fminf(fmaxf(x.z, y.z), fmaxf(x.w, y.w))));
        o1 = fminf(o1,
                   fminf(fminf(fmaxf(x.y, y.x), fmaxf(x.x, y.y)),
                         fminf(fmaxf(x.w, y.z), fmaxf(x.z, y.w))));
        o2 = fminf(o2,
                   fminf(fminf(fmaxf(x.z, y.x), fmaxf(x.w, y.y)),
                         fminf(fmaxf(x.x, y.z), fmaxf(x.y, y.w))));
        o3 = fminf(o3,
                   fminf(fminf(fmaxf(x.w, y.x), fmaxf(x.z, y.y)),
                         fminf(fmaxf(x.y, y.z), fmaxf(x.x, y.w))));
    }
    return make_float4(o0, o1, o2, o3);
}

/*
 * Quad check-node kernel: block (q/4, G), shared per frame U, F, B (dc x q floats
 * each) and the dc normalization minima. The inputs are gathered already
 * permuted (U_i(a) = V2C_i(h^-1 a), the normalization minimum being the same
 * over any permutation); the layered APP update recomputes the V2C from APP and
 * the old C2V (both still in global memory) with the stored minimum, the same
 * float operations as the CPU.
 */
template <bool LAYERED>
__global__ void nb_check_quad_kernel(nb_dev p, const int* __restrict__ rows)
{
    extern __shared__ float4 sh4[];
    float* sh = reinterpret_cast<float*>(sh4);
    const int q = p.q;
    const int T = q >> 2;
    const int t = threadIdx.x;
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
    const int mstride = (p.dcmax + 3) & ~3;
    float* U = sh + fy * (3 * slot + mstride);
    float* F = U + slot;
    float* B = F + slot;
    float* mns = B + slot;
    float* red = sh + blockDim.y * (3 * slot + mstride);
    const int f = active ? frame : 0;
    const size_t fe = static_cast<size_t>(f) * p.edges * q;
    const size_t fa = static_cast<size_t>(f) * p.n * q;

    for (int i = 0; i < dc; i++) {
        const int e = e0 + i;
        const uchar4 tv =
            *reinterpret_cast<const uchar4*>(p.to_var + static_cast<size_t>(e) * q + 4 * t);
        float4 v;
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
        reinterpret_cast<float4*>(U + i * q)[t] = v;
    }
    __syncthreads();
    if (dc == 1) {
        reinterpret_cast<float4*>(U)[t] =
            make_float4(t == 0 ? 0.0f : 1e30f, 1e30f, 1e30f, 1e30f);
    } else {
        float4* F4 = reinterpret_cast<float4*>(F);
        float4* B4 = reinterpret_cast<float4*>(B);
        float4* U4 = reinterpret_cast<float4*>(U);
        F4[t] = U4[t];
        B4[(dc - 1) * T + t] = U4[(dc - 1) * T + t];
        __syncthreads();
        for (int s = 1; s <= dc - 2; s++) {
            F4[s * T + t] = conv_minmax4(F + (s - 1) * q, U + s * q, t, q);
            const int bi = dc - 1 - s;
            B4[bi * T + t] = conv_minmax4(B + (bi + 1) * q, U + bi * q, t, q);
            __syncthreads();
        }
        const float4 m0 = B4[T + t];
        const float4 ml = F4[(dc - 2) * T + t];
        for (int i = 1; i <= dc - 2; i++) {
            U4[i * T + t] = conv_minmax4(F + (i - 1) * q, B + (i + 1) * q, t, q);
        }
        U4[t] = m0;
        U4[(dc - 1) * T + t] = ml;
    }
    __syncthreads();
    if (!active) {
        return;
    }
    for (int i = 0; i < dc; i++) {
        const int e = e0 + i;
        const uchar4 tc = *reinterpret_cast<const uchar4*>(p.to_check +
                                                           static_cast<size_t>(e) * q + 4 * t);
        const float* m = U + i * q;
        const float4 c = make_float4(m[tc.x], m[tc.y], m[tc.z], m[tc.w]);
        float4* rp = reinterpret_cast<float4*>(p.r + fe + static_cast<size_t>(e) * q) + t;
        if (LAYERED) {
            float4* ap = reinterpret_cast<float4*>(
                             p.app + fa + static_cast<size_t>(p.row_cols[e]) * q) + t;
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
        p.v2c[i] =
            p.llr[(f * p.n + static_cast<size_t>(p.row_cols[e])) * p.q + a];
    }
}

/* Layered: APP = channel, C2V = 0; flags cleared. */
__global__ void nb_init_layered_kernel(nb_dev p)
{
    const size_t na = static_cast<size_t>(p.n) * p.q * p.frames;
    const size_t ne = static_cast<size_t>(p.edges) * p.q * p.frames;
    const size_t total = na > ne ? na : ne;
    for (size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
         i < total;
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

class nb_cuda_decoder : public nb_decoder
{
public:
    nb_cuda_decoder(nb_code::sptr code, const nb_decoder_options& options)
        : nb_decoder(std::move(code), options)
    {
        if (options.rule != nb_check_rule::min_max) {
            throw invalid_argument("the CUDA nonbinary decoder implements Min-Max "
                                   "only; use backend cpu for EMS");
        }
        int count = 0;
        check(cudaGetDeviceCount(&count), "cudaGetDeviceCount");
        if (count < 1) {
            throw backend_unavailable("gpufec cuda: no CUDA device");
        }
        check(cudaFree(nullptr), "cudaFree(0) (context creation)");
        const nb_matrix& h = d_code->h();
        const galois_field& gf = d_code->field();
        d_q = h.q();
        d_n = h.cols();
        d_m = h.rows();
        d_edges = static_cast<int>(h.edges());
        d_dcmax = std::max(1, h.max_row_degree());
        d_layered = options.schedule == decoding_schedule::layered;
        std::vector<uint8_t> tv(static_cast<size_t>(d_edges) * d_q);
        std::vector<uint8_t> tc(tv.size());
        for (int e = 0; e < d_edges; e++) {
            const uint8_t hv = h.row_vals()[e];
            const uint8_t hi = gf.inv(hv);
            for (int a = 0; a < d_q; a++) {
                tc[static_cast<size_t>(e) * d_q + a] = gf.mul(hv, static_cast<uint8_t>(a));
                tv[static_cast<size_t>(e) * d_q + a] = gf.mul(hi, static_cast<uint8_t>(a));
            }
        }
        d_to_var.upload(tv.data(), tv.size());
        d_to_check.upload(tc.data(), tc.size());
        d_row_ptr.upload(h.row_ptr().data(), h.row_ptr().size());
        d_row_cols.upload(h.row_cols().data(), std::max<size_t>(1, h.row_cols().size()));
        d_col_ptr.upload(h.col_ptr().data(), h.col_ptr().size());
        d_col_edges.upload(h.col_edges().data(), std::max<size_t>(1, h.col_edges().size()));
        std::vector<int> order;
        for (const auto& layer : h.layers()) {
            d_layer_begin.push_back(static_cast<int>(order.size()));
            order.insert(order.end(), layer.begin(), layer.end());
        }
        d_layer_begin.push_back(static_cast<int>(order.size()));
        if (order.empty()) {
            order.push_back(0);
        }
        d_layer_rows.upload(order.data(), order.size());

        // Frames per check-node block: q * G >= 32 (whole warps per shuffle
        // group), about 128 threads, shared memory within the device limit.
        int dev = 0;
        check(cudaGetDevice(&dev), "cudaGetDevice");
        int smem_optin = 0;
        check(cudaDeviceGetAttribute(
                  &smem_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev),
              "cudaDeviceGetAttribute");
        // Check-node variant: "quad" (q/4 threads per check node and frame) for
        // q >= 4, "lane" (q threads) otherwise or when GPUFEC_NB_CUDA_CNP=lane.
        d_quad = d_q >= 4;
        if (const char* v = std::getenv("GPUFEC_NB_CUDA_CNP")) {
            if (std::strcmp(v, "lane") == 0) {
                d_quad = false;
            } else if (std::strcmp(v, "quad") != 0) {
                throw invalid_argument(std::string("GPUFEC_NB_CUDA_CNP = '") + v +
                                       "' (expected lane or quad)");
            }
        }
        d_tx = d_quad ? d_q / 4 : d_q;
        const int gmin = d_quad ? 1 : std::max(1, 32 / d_q);
        d_group = std::max(gmin, 128 / d_tx);
        auto smem = [&](int g) {
            const size_t per_frame =
                d_quad ? (3 * static_cast<size_t>(d_dcmax) * d_q + ((d_dcmax + 3) & ~3))
                       : 4 * static_cast<size_t>(d_dcmax) * d_q;
            return static_cast<size_t>(g) * per_frame * sizeof(float) +
                   static_cast<size_t>(g) * std::max(1, d_tx / 32) * sizeof(float);
        };
        while (d_group > gmin && smem(d_group) > 64 * 1024) {
            d_group /= 2;
        }
        d_smem = smem(d_group);
        if (d_smem > static_cast<size_t>(smem_optin)) {
            throw invalid_argument(
                "the CUDA nonbinary decoder needs " + std::to_string(d_smem) +
                " bytes of shared memory per check node (4 x dc x q floats, dc = " +
                std::to_string(d_dcmax) + ", q = " + std::to_string(d_q) +
                "); the device allows " + std::to_string(smem_optin));
        }
        check(cudaFuncSetAttribute(nb_check_kernel<true>,
                                   cudaFuncAttributeMaxDynamicSharedMemorySize,
                                   static_cast<int>(d_smem)),
              "cudaFuncSetAttribute");
        check(cudaFuncSetAttribute(nb_check_kernel<false>,
                                   cudaFuncAttributeMaxDynamicSharedMemorySize,
                                   static_cast<int>(d_smem)),
              "cudaFuncSetAttribute");
        check(cudaFuncSetAttribute(nb_check_quad_kernel<true>,
                                   cudaFuncAttributeMaxDynamicSharedMemorySize,
                                   static_cast<int>(d_smem)),
              "cudaFuncSetAttribute");
        check(cudaFuncSetAttribute(nb_check_quad_kernel<false>,
                                   cudaFuncAttributeMaxDynamicSharedMemorySize,
                                   static_cast<int>(d_smem)),
              "cudaFuncSetAttribute");
        const size_t per_frame =
            (static_cast<size_t>(d_n) * 2 + static_cast<size_t>(d_edges) * 2) * d_q *
            sizeof(float);
        d_chunk = std::max<size_t>(
            1, std::min<size_t>(16384, (size_t(12) << 30) / std::max<size_t>(1, per_frame)));
    }

    std::string backend_name() const override { return "cuda"; }

    /* Device-resident: buffers already hold the LLRs of `frames` frames. */
    void run_device(size_t frames, int max_iterations, cudaStream_t stream)
    {
        nb_dev p = params(frames);
        const int threads = 256;
        nb_clear_kernel<<<static_cast<unsigned>((frames + 255) / 256), 256, 0, stream>>>(p);
        check_launch("nb_clear_kernel");
        const size_t ne =
            static_cast<size_t>(std::max(d_edges, d_n)) * d_q * frames;
        const unsigned init_blocks =
            static_cast<unsigned>(std::min<size_t>((ne + threads - 1) / threads, 65535));
        const dim3 cblock(d_tx, d_group);
        const unsigned fgroups = static_cast<unsigned>((frames + d_group - 1) / d_group);
        const bool et = d_options.early_termination;
        if (d_layered) {
            nb_init_layered_kernel<<<init_blocks, threads, 0, stream>>>(p);
            check_launch("nb_init_layered_kernel");
            for (int it = 1; it <= max_iterations; it++) {
                for (size_t l = 0; l + 1 < d_layer_begin.size(); l++) {
                    const int rows = d_layer_begin[l + 1] - d_layer_begin[l];
                    if (rows == 0) {
                        continue;
                    }
                    const dim3 grid(rows, fgroups);
                    const int* lr = d_layer_rows.get() + d_layer_begin[l];
                    if (d_quad) {
                        nb_check_quad_kernel<true><<<grid, cblock, d_smem, stream>>>(p, lr);
                    } else {
                        nb_check_kernel<true><<<grid, cblock, d_smem, stream>>>(p, lr);
                    }
                    check_launch("nb_check_kernel (layered)");
                }
                nb_decide_kernel<<<static_cast<unsigned>(frames), 256, 0, stream>>>(
                    p, it, et ? 1 : 0);
                check_launch("nb_decide_kernel");
            }
        } else {
            nb_init_v2c_kernel<<<init_blocks, threads, 0, stream>>>(p);
            check_launch("nb_init_v2c_kernel");
            const int vg = d_q > 32 ? 1 : std::max(1, 128 / d_q);
            const size_t nv = static_cast<size_t>(d_n) * frames;
            const unsigned vblocks = static_cast<unsigned>((nv + vg - 1) / vg);
            for (int it = 1; it <= max_iterations; it++) {
                if (d_m > 0) {
                    const dim3 grid(d_m, fgroups);
                    if (d_quad) {
                        nb_check_quad_kernel<false><<<grid, cblock, d_smem, stream>>>(
                            p, nullptr);
                    } else {
                        nb_check_kernel<false><<<grid, cblock, d_smem, stream>>>(p,
                                                                                 nullptr);
                    }
                    check_launch("nb_check_kernel (flooding)");
                }
                nb_vnp_kernel<<<vblocks, dim3(d_q, vg), 0, stream>>>(p);
                check_launch("nb_vnp_kernel");
                nb_decide_kernel<<<static_cast<unsigned>(frames), 256, 0, stream>>>(
                    p, it, et ? 1 : 0);
                check_launch("nb_decide_kernel");
            }
        }
    }

    void reserve(size_t frames)
    {
        const size_t nq = static_cast<size_t>(d_n) * d_q * frames;
        const size_t eq = static_cast<size_t>(d_edges) * d_q * frames;
        d_llr.reserve(nq);
        d_app.reserve(nq);
        d_r.reserve(std::max<size_t>(1, eq));
        if (!d_layered) {
            d_v2c.reserve(std::max<size_t>(1, eq));
        }
        d_symbols.reserve(std::max<size_t>(1, static_cast<size_t>(d_n) * frames));
        d_iterations.reserve(frames);
        d_parity.reserve(frames);
        d_done.reserve(frames);
    }

    float* device_llrs() { return d_llr.get(); }
    size_t chunk() const { return d_chunk; }

protected:
    void decode_checked(const float* llrs,
                        size_t frames,
                        int max_iterations,
                        uint8_t* symbols,
                        int* iterations,
                        uint8_t* parity_ok) override
    {
        const size_t nq = static_cast<size_t>(d_n) * d_q;
        for (size_t f0 = 0; f0 < frames; f0 += d_chunk) {
            const size_t fc = std::min(d_chunk, frames - f0);
            reserve(fc);
            check(cudaMemcpy(d_llr.get(),
                             llrs + f0 * nq,
                             fc * nq * sizeof(float),
                             cudaMemcpyHostToDevice),
                  "cudaMemcpy (symbol LLRs to device)");
            run_device(fc, max_iterations, nullptr);
            check(cudaDeviceSynchronize(), "nonbinary CUDA decode");
            check(cudaMemcpy(symbols + f0 * d_n,
                             d_symbols.get(),
                             fc * d_n,
                             cudaMemcpyDeviceToHost),
                  "cudaMemcpy (symbols to host)");
            check(cudaMemcpy(iterations + f0,
                             d_iterations.get(),
                             fc * sizeof(int),
                             cudaMemcpyDeviceToHost),
                  "cudaMemcpy (iterations to host)");
            check(cudaMemcpy(parity_ok + f0, d_parity.get(), fc, cudaMemcpyDeviceToHost),
                  "cudaMemcpy (parity to host)");
        }
    }

private:
    nb_dev params(size_t frames)
    {
        nb_dev p;
        p.q = d_q;
        p.n = d_n;
        p.m = d_m;
        p.edges = d_edges;
        p.dcmax = d_dcmax;
        p.frames = static_cast<int>(frames);
        p.row_ptr = d_row_ptr.get();
        p.row_cols = d_row_cols.get();
        p.col_ptr = d_col_ptr.get();
        p.col_edges = d_col_edges.get();
        p.to_var = d_to_var.get();
        p.to_check = d_to_check.get();
        p.llr = d_llr.get();
        p.app = d_app.get();
        p.r = d_r.get();
        p.v2c = d_v2c.get();
        p.symbols = d_symbols.get();
        p.iterations = d_iterations.get();
        p.parity = d_parity.get();
        p.done = d_done.get();
        return p;
    }

    int d_q = 2, d_n = 0, d_m = 0, d_edges = 0, d_dcmax = 1;
    bool d_layered = true;
    int d_group = 1;
    bool d_quad = true;
    int d_tx = 1;
    size_t d_smem = 0;
    size_t d_chunk = 1;
    std::vector<int> d_layer_begin;
    device_buffer<uint8_t> d_to_var, d_to_check;
    device_buffer<int> d_row_ptr, d_row_cols, d_col_ptr, d_col_edges, d_layer_rows;
    device_buffer<float> d_llr, d_app, d_r, d_v2c;
    device_buffer<uint8_t> d_symbols, d_parity, d_done;
    device_buffer<int> d_iterations;
};

} // namespace

nb_decoder::uptr make_nb_cuda_decoder(nb_code::sptr code,
                                      const nb_decoder_options& options)
{
    return nb_decoder::uptr(new nb_cuda_decoder(std::move(code), options));
}

double nb_cuda_time_device_resident(nb_code::sptr code,
                                    const nb_decoder_options& options,
                                    const float* symbol_llrs,
                                    size_t frames,
                                    int reps)
{
    nb_cuda_decoder dec(std::move(code), options);
    if (frames > dec.chunk()) {
        throw invalid_argument("nb_cuda_time_device_resident: at most " +
                               std::to_string(dec.chunk()) + " frames per batch");
    }
    dec.reserve(frames);
    const size_t nq = static_cast<size_t>(dec.code().n()) * dec.code().q();
    check(cudaMemcpy(dec.device_llrs(),
                     symbol_llrs,
                     frames * nq * sizeof(float),
                     cudaMemcpyHostToDevice),
          "cudaMemcpy (benchmark LLRs)");
    cuda_detail::stream_owner stream;
    cudaEvent_t start = nullptr, stop = nullptr;
    check(cudaEventCreate(&start), "cudaEventCreate");
    check(cudaEventCreate(&stop), "cudaEventCreate");
    const int iters = options.max_iterations;
    dec.run_device(frames, iters, stream.get()); // warm-up
    check(cudaEventRecord(start, stream.get()), "cudaEventRecord");
    for (int r = 0; r < reps; r++) {
        dec.run_device(frames, iters, stream.get());
    }
    check(cudaEventRecord(stop, stream.get()), "cudaEventRecord");
    check(cudaEventSynchronize(stop), "cudaEventSynchronize");
    float ms = 0.0f;
    check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return ms / 1000.0 / std::max(1, reps);
}

} // namespace gpufec
