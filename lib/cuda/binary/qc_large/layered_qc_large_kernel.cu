/* -*- c++ -*- */
/*
 * The layered min-sum family (MS, NMS, OMS) for large QC codes (nr5g base graphs
 * lifted to Z up to 384, any QC code with more layers or longer rows than the
 * register kernel's tiles): one layer is one block row, its Z rows decoded in
 * parallel by Z threads of a unit (Wang et al., "GPU Accelerated Scalable Parallel
 * Decoding of LDPC Codes", section IV-C; the compressed check-node messages of Wang et
 * al. (cuLDPC) section IV-B / Hocevar's layered schedule). The posterior LLRs of a unit
 * (a frame in float32, a frame pair in half2) live in shared memory (or global memory,
 * below). The check-to-variable messages of a row are kept COMPRESSED in global memory,
 * one 16-byte record per row and unit:
 *
 *   word 0: corrected min1 magnitude with the row's sign product folded in
 *           (float, or half2 of the two frames: minsum_out's m1s)
 *   word 1: the same of min2
 *   word 2: bit j (half2: bits j and 16 + j) = sign bit of edge j's V2C, so
 *           edge j's C2V is (word 0 or 1) XOR its sign bit
 *   word 3: the index of the edge that gets min2 (|V2C| == min1): an integer in
 *           float, the index as a half value per lane in half2 (one HSET2
 *           rebuilds the mask)
 *
 * (half2 rows of more than 16 edges keep the sign bits of edges 16.. in a second
 * 4-byte record). A record is read once and written once per layer and
 * iteration; records of consecutive rows are consecutive, so a warp's loads are
 * 512 contiguous bytes, and the whole batch's records are sized to stay mostly in
 * L2. The messages rebuilt from a record are bit-identical to the per-edge
 * messages of the general kernel (ties: every edge with |V2C| == min1 gets min2,
 * which then equals min1), so the result equals the CPU reference
 * (cpu_reference_decoder.cc) in float.
 *
 * Addresses come from the QC structure: edge j of row slot s of layer l reads
 * column block * Z + (s + shift) mod Z, as a byte offset and a wrap threshold per
 * (layer, edge) in the kernel's __grid_constant__ parameter (constant bank). Row
 * degrees are compile-time constants (one instance per degree, chosen by a
 * switch that is uniform over the block), so the loops carry no per-edge guards.
 * The first iteration of a task starts from all-zero messages without reading
 * the records; the record of layer l + 1 is loaded while layer l is processed.
 *
 * DVB-S2 (EN 302 307-1 section 5.3.2; parity_check_matrix's 360-periodic layers):
 * with the columns permuted (information column 360 j + k -> block j lane k,
 * parity column r + k q -> block K/360 + r lane k, q = M / 360) the row set
 * {r + k q} is block row r of a QC code with Z = 360; the tables of transmitted
 * and information columns carry the permutation, so LLRs and bits keep their
 * natural order. The one missing edge (row 0 has no parity column -1: block q - 1,
 * shift 359, lane 0) is a masked circulant whose missing rows read the unit's
 * +big padding words; sets split into sublayers (rows sharing a column) run as
 * row masks over their block row. The normal frame's posterior (255 KiB per unit)
 * does not fit shared memory: by default its information part is in shared
 * memory and its parity part per thread (qc_post::parity_thread: parity word
 * (r, k) is touched only by lane k, in block rows r and r + 1, so it stays in a
 * register between them and is stored to a thread-private global array after
 * block row r + 1 and fetched back by cp.async two block rows ahead into a 3-word
 * ring per thread in shared memory; row 0's wrap into block q - 1 goes through a
 * 360-word shared array; barriers only between layers that share an information
 * block column); where that does not fit, the whole posterior in global memory
 * (qc_post::global, also selectable through gpu_options::kernel).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "binary/cuda_kernels.h"
#include "binary/decoder_tables.h"
#include "binary/frame_io.cuh"
#include "binary/lane_math.cuh"
#include <algorithm>
#include <cuda_pipeline.h>
#include <map>
#include <memory>
#include <utility>
#include <vector>

namespace gpufec {
namespace cuda_detail {

namespace {

/*! The bits of the half-precision value j (0 <= j < 2048, exact). */
__host__ __device__ constexpr uint32_t half_bits_of(int j)
{
    int e = 0;
    while ((2 << e) <= j) {
        ++e;
    }
    return j == 0 ? 0u
                  : static_cast<uint32_t>(((e + 15) << 10) | ((j << (10 - e)) & 0x3ff));
}

/*!
 * Record packing of one lane type (see the file comment): the sign bits of edge j
 * and the index of the edge that gets min2 (float: an integer; half2: one half
 * value per lane, compared with one HSET2).
 */
template <typename V>
struct qc_pack;

template <>
struct qc_pack<float> {
    static constexpr int group = 32; //!< edges per sign word
    /*! all-ones where edge j gets min2 */
    __device__ static uint32_t is_min2(uint32_t idx, int j)
    {
        return idx == j ? ~0u : 0u;
    }
    /*! idx where eq, else the old index */
    __device__ static uint32_t pick(uint32_t eq, int j, uint32_t idx)
    {
        return (eq & static_cast<uint32_t>(j)) | (idx & ~eq);
    }
    __device__ static uint32_t sign_of(uint32_t w, int j)
    {
        return (w << (31 - j)) & 0x80000000u;
    }
    __device__ static uint32_t pack_sign(uint32_t t, int j)
    {
        return (t >> (31 - j)) & (1u << j);
    }
};

template <>
struct qc_pack<__half2> {
    static constexpr int group = 16;
    __device__ static uint32_t is_min2(uint32_t idx, int j)
    {
        const uint32_t h = half_bits_of(j) * 0x10001u;
        return __heq2_mask(lane_ops<__half2>::from_bits(idx),
                           lane_ops<__half2>::from_bits(h));
    }
    __device__ static uint32_t pick(uint32_t eq, int j, uint32_t idx)
    {
        return (eq & (half_bits_of(j) * 0x10001u)) | (idx & ~eq);
    }
    __device__ static uint32_t bit(int j) { return (1u << j) | (1u << (16 + j)); }
    __device__ static uint32_t sign_of(uint32_t w, int j)
    {
        return (w << (15 - j)) & 0x80008000u;
    }
    __device__ static uint32_t pack_sign(uint32_t t, int j)
    {
        return (t >> (15 - j)) & bit(j);
    }
};

/*!
 * One row of degree D: rebuild the old C2V from the record, V2C = L - C2V, min1 /
 * min2 / sign product, new C2V, L = V2C + C2V, new record. qc_post::parity_thread:
 * edges 0..D-3 are the information circulants (shared memory, plain wrap), the
 * posteriors of edges D-2 and D-1 are plo (the lower parity word: (r - 1, k), or
 * row 0's wrap (q - 1, k - 1)) and phi (parity (r, k)), in registers, updated in
 * place.
 */
template <typename V, int D, qc_post MODE>
__device__ __forceinline__ void qc_row(unsigned char* sbase,
                                       int s,
                                       int wrap,
                                       const qc_large_shape& shape,
                                       int first,
                                       uint4 r,
                                       uint4* rec_a,
                                       long long b_off,
                                       bool zero_b,
                                       V ca,
                                       V ncb,
                                       V& plo,
                                       V& phi)
{
    using ops = lane_ops<V>;
    using pk = qc_pack<V>;
    constexpr int G = pk::group;
    constexpr bool two = D > G;
    constexpr bool PT = MODE == qc_post::parity_thread;
    // half2 rows of more than 16 edges: the sign word of edges 16.. (b_off bytes on)
    uint32_t* rec_b =
        reinterpret_cast<uint32_t*>(reinterpret_cast<unsigned char*>(rec_a) + b_off);
    uint32_t rb = 0u;
    if (two && !zero_b) {
        rb = __ldcg(rec_b);
    }
    V v[D];
    // shared memory: D pointers (as the nr5g instances were measured); global and
    // parity_thread: 32-bit byte offsets (D 64-bit pointers would spill)
    constexpr bool PTR =
        MODE == qc_post::shared_plain || MODE == qc_post::shared_edge_wrap;
    V* addr[PTR ? D : 1];
    int off[PTR ? 1 : D];
#define GPUFEC_QC_AT(j) \
    (PTR ? addr[PTR ? j : 0] : reinterpret_cast<V*>(sbase + off[PTR ? 0 : j]))
    minsum_acc<V> acc, acc_odd;
    acc.reset();
    acc_odd.reset();
#pragma unroll
    for (int j = 0; j < D; ++j) {
        V post;
        if (PT && j >= D - 2) {
            post = j == D - 2 ? plo : phi;
        } else {
            const qc_edge e = shape.edge[first + j];
            // parity_thread: information edges are plain circulants (-4Z wrap)
            const int w =
                s >= e.thr ? (MODE != qc_post::shared_plain && !PT ? shape.wrap[first + j]
                                                                   : wrap)
                           : 0;
            if (PTR) {
                addr[PTR ? j : 0] = reinterpret_cast<V*>(sbase + e.off + w);
            } else {
                off[PTR ? 0 : j] = e.off + w;
            }
            post = *GPUFEC_QC_AT(j);
        }
        const uint32_t eq = pk::is_min2(r.w, j);
        const uint32_t c =
            ((r.y & eq) | (r.x & ~eq)) ^ pk::sign_of(j < G ? r.z : rb, j % G);
        v[j] = ops::sub(post, ops::from_bits(c));
        if (j & 1) {
            acc_odd.add(v[j]);
        } else {
            acc.add(v[j]);
        }
    }
    acc.merge(acc_odd);
    const uint32_t sp = acc.sign & ops::sign_bits;
    // corrected magnitudes with the row's sign product folded in (minsum_out)
    const uint32_t m1s =
        ops::bits(ops::max(ops::fma(acc.min1, ca, ncb), ops::zero())) ^ sp;
    const uint32_t m2s =
        ops::bits(ops::max(ops::fma(acc.min2, ca, ncb), ops::zero())) ^ sp;
    uint32_t sa = 0u, sb = 0u, idx = 0u;
#pragma unroll
    for (int j = 0; j < D; ++j) {
        const uint32_t eq = ops::eq_mask(ops::abs(v[j]), acc.min1);
        const uint32_t t = ops::bits(v[j]);
        const uint32_t c = ((m2s & eq) | (m1s & ~eq)) ^ (t & ops::sign_bits);
        const V post = ops::add(v[j], ops::from_bits(c));
        if (PT && j == D - 2) {
            plo = post;
        } else if (PT && j == D - 1) {
            phi = post;
        } else {
            *GPUFEC_QC_AT(j) = post;
        }
        // ties: every edge with |V2C| == min1 gets min2, which then equals min1, so
        // recording the last of them rebuilds the same messages
        idx = pk::pick(eq, j, idx);
        if (j < G) {
            sa |= pk::pack_sign(t, j % G);
        } else {
            sb |= pk::pack_sign(t, j % G);
        }
    }
#undef GPUFEC_QC_AT
    __stcg(rec_a, make_uint4(m1s, m2s, sa, idx));
    if (two) {
        __stcg(rec_b, sb);
    }
}

template <typename V, qc_post MODE>
__device__ __forceinline__ void qc_row_dispatch(int D,
                                                unsigned char* sbase,
                                                int s,
                                                int wrap,
                                                const qc_large_shape& shape,
                                                int first,
                                                uint4 r,
                                                uint4* rec_a,
                                                long long b_off,
                                                bool zero_b,
                                                V ca,
                                                V ncb,
                                                V& plo,
                                                V& phi)
{
#define GPUFEC_QC_ROW(d)                                                               \
    case d:                                                                            \
        qc_row<V, d, MODE>(                                                            \
            sbase, s, wrap, shape, first, r, rec_a, b_off, zero_b, ca, ncb, plo, phi); \
        break;
    switch (D) {
        GPUFEC_QC_ROW(1)
        GPUFEC_QC_ROW(2)
        GPUFEC_QC_ROW(3)
        GPUFEC_QC_ROW(4)
        GPUFEC_QC_ROW(5)
        GPUFEC_QC_ROW(6)
        GPUFEC_QC_ROW(7)
        GPUFEC_QC_ROW(8)
        GPUFEC_QC_ROW(9)
        GPUFEC_QC_ROW(10)
        GPUFEC_QC_ROW(11)
        GPUFEC_QC_ROW(12)
        GPUFEC_QC_ROW(13)
        GPUFEC_QC_ROW(14)
        GPUFEC_QC_ROW(15)
        GPUFEC_QC_ROW(16)
        GPUFEC_QC_ROW(17)
        GPUFEC_QC_ROW(18)
        GPUFEC_QC_ROW(19)
        GPUFEC_QC_ROW(20)
    default:
        // rows of more than qc_plain_max_degree edges: not in the plain mode, the
        // nr5g codes' kernel, which keeps its smaller switch (code size;
        // docs/CUDA_PERFORMANCE_NOTES.md)
        if constexpr (MODE != qc_post::shared_plain) {
            switch (D) {
                GPUFEC_QC_ROW(21)
                GPUFEC_QC_ROW(22)
                GPUFEC_QC_ROW(23)
                GPUFEC_QC_ROW(24)
                GPUFEC_QC_ROW(25)
                GPUFEC_QC_ROW(26)
                GPUFEC_QC_ROW(27)
                GPUFEC_QC_ROW(28)
                GPUFEC_QC_ROW(29)
                GPUFEC_QC_ROW(30)
                GPUFEC_QC_ROW(31)
                GPUFEC_QC_ROW(32)
            default:
                break; // excluded by build_qc_large_shape
            }
        }
        break;
    }
#undef GPUFEC_QC_ROW
}
static_assert(qc_large_max_degree == 32, "qc_row_dispatch covers degrees 1..32");
static_assert(qc_plain_max_degree == 20, "qc_row_dispatch's plain mode covers 1..20");

/*! Bit i of word i / 64: row slot s is in row mask i (parity_thread). */
struct slot_masks {
    unsigned long long word[qc_large_max_masks / 64];

    __device__ bool has(int i) const
    {
        return ((word[i >> 6] >> (i & 63)) & 1ull) != 0ull;
    }
};
static_assert(qc_large_max_masks % 64 == 0, "slot_masks holds whole 64-bit words");

/*!
 * parity_thread: the row masks this thread's row slot s is in (read once, not per
 * layer).
 */
__device__ __forceinline__ slot_masks qc_slot_masks(const qc_large_shape& shape, int s)
{
    slot_masks mine{};
    for (int i = 0; i < qc_large_max_masks; ++i) {
        mine.word[i >> 6] |=
            static_cast<unsigned long long>((shape.mask[i][s >> 5] >> (s & 31)) & 1u)
            << (i & 63);
    }
    return mine;
}

/*!
 * qc_post::parity_thread: the information part (shape.split bytes) of the U units'
 * posteriors from global memory (post_raw) to shared memory (to_shared) or back,
 * and with to_shared this thread's word of the parity block q - 1 (gpar) to xb.
 * Called by all threads; ends with __syncthreads().
 */
template <typename V>
__device__ __forceinline__ void qc_copy_split(const bool& to_shared,
                                              const code_view& code,
                                              const qc_large_shape& shape,
                                              const int& U,
                                              const int& Z,
                                              const int& q,
                                              const int& s,
                                              unsigned char* const& post_raw,
                                              unsigned char* const& gpar,
                                              V* const& xb)
{
    extern __shared__ __align__(16) unsigned char smem_raw[];
    const int words = shape.split / 4;
    for (int i = threadIdx.x; i < U * words; i += blockDim.x) {
        const int uu = i / words;
        const int c = i - uu * words;
        uint32_t* g = reinterpret_cast<uint32_t*>(post_raw) +
                      static_cast<size_t>(uu) * code.post_stride + c;
        uint32_t* sh = reinterpret_cast<uint32_t*>(smem_raw) + i;
        if (to_shared) {
            *sh = *g;
        } else {
            *g = *sh;
        }
    }
    if (to_shared) {
        xb[s] = *reinterpret_cast<const V*>(gpar + 4LL * Z * (q - 1));
    }
    __syncthreads();
}

/*!
 * The syndrome of iteration it: each thread checks its own row of every layer and
 * ORs the unit's failing lanes into bs.fail. parity_thread: the parity block
 * q - 1 goes to global memory first (the syndrome and the outputs read it there),
 * and the shared part of the posteriors back to global memory when some lane is
 * done (the outputs are written from the global copy). Called by all threads;
 * contains __syncthreads().
 */
template <typename V,
          qc_post MODE,
          typename InLayer,
          typename ParStore,
          typename CopySplit>
__device__ __forceinline__ void qc_syndrome(const qc_large_shape& shape,
                                            const run_params& rp,
                                            block_state& bs,
                                            const int& it,
                                            const int& U,
                                            const int& u,
                                            const int& L,
                                            const int& q,
                                            const int& s,
                                            const unsigned char* const& gbase,
                                            const unsigned char* const& sbase,
                                            const int& wrap,
                                            const V* const& xb,
                                            const InLayer& in_layer,
                                            const ParStore& par_store,
                                            const CopySplit& copy_split)
{
    using ops = lane_ops<V>;
    constexpr bool EW = MODE != qc_post::shared_plain; // per-edge wrap
    constexpr bool PT = MODE == qc_post::parity_thread;
    if (PT) {
        if (bs.active[u]) {
            par_store(q - 1, xb[s]);
        }
    }
    for (int i = threadIdx.x; i < U; i += blockDim.x) {
        bs.fail[i] = 0u;
    }
    __syncthreads();
    const uint32_t a = bs.active[u];
    if (a) {
        uint32_t parity_any = 0u;
        for (int l = 0; l < L; ++l) {
            if (!in_layer(l)) {
                continue;
            }
            const qc_edge* e = shape.edge + shape.first[l];
            uint32_t parity = 0u;
            for (int j = 0; j < shape.deg[l]; ++j) {
                const int w =
                    s >= e[j].thr ? (EW ? shape.wrap[shape.first[l] + j] : wrap) : 0;
                const unsigned char* b = PT && e[j].off >= shape.split ? gbase : sbase;
                parity ^= ops::neg_mask(*reinterpret_cast<const V*>(b + e[j].off + w));
            }
            parity_any |= parity;
        }
        const uint32_t bad = ops::lane_flags(parity_any) & a;
        if (bad) {
            atomicOr(&bs.fail[u], bad);
        }
    }
    __syncthreads();
    if (PT) {
        bool out = it >= rp.max_iterations;
        for (int i = 0; i < U && !out; ++i) {
            out = (bs.active[i] & ~bs.fail[i]) != 0u;
        }
        if (out) {
            copy_split(false);
        }
    }
}

/* qc_large_body's row update of layer l (qc_row_dispatch with this thread's
   constants), written out in place: a lambda around it changed the machine code. */
#define GPUFEC_QC_LAYER_ROW(r, lo, hi)       \
    qc_row_dispatch<V, MODE>(shape.deg[l],   \
                             sbase,          \
                             s,              \
                             wrap,           \
                             shape,          \
                             shape.first[l], \
                             (r),            \
                             rec_a(l),       \
                             b_off,          \
                             it == 1,        \
                             ca,             \
                             ncb,            \
                             (lo),           \
                             (hi))
/*!
 * The kernel's body (every mode; the __global__ wrappers below set the bounds):
 * where this thread's posteriors, parity words and records lie, then per task and
 * iteration the layers (the row update is qc_row_dispatch) and the syndrome
 * (qc_syndrome); the copies of parity_thread are qc_copy_split, its row masks
 * qc_slot_masks. Over 120 lines on purpose: the layer loop, whose
 * record (loaded a layer ahead), parity word and cp.async ring slot
 * (parity_thread) are carried from layer to layer, is written here in one piece;
 * moving either of its branches (parity_thread, the other modes) or the row call
 * into a helper or a lambda changed the SASS of every instance (NVVM optimizes
 * such a function on its own before it inlines it).
 */
template <typename V, qc_post MODE>
__device__ __forceinline__ void
qc_large_body(const code_view& code, const run_params& rp, const qc_large_shape& shape)
{
    using ops = lane_ops<V>;
    constexpr bool EW = MODE != qc_post::shared_plain; // per-edge wrap
    constexpr bool PT = MODE == qc_post::parity_thread;
    extern __shared__ __align__(16) unsigned char smem_raw[];
    __shared__ block_state bs;

    const int U = rp.units_per_block;
    const int Z = shape.slots;
    const int L = shape.layers;
    // the block's units' posteriors: shared memory, or this block's region of rp.post
    // (parity_thread: the first shape.split bytes of each unit's also in shared memory)
    unsigned char* post_raw =
        MODE == qc_post::global || PT
            ? static_cast<unsigned char*>(rp.post) +
                  static_cast<size_t>(blockIdx.x) * U * code.post_stride * sizeof(V)
            : smem_raw;
    V* post = reinterpret_cast<V*>(post_raw);
    const int u = threadIdx.x / Z;
    const int s = threadIdx.x - u * Z;
    unsigned char* gbase =
        post_raw + static_cast<size_t>(u) * code.post_stride * sizeof(V) + 4 * s;
    unsigned char* sbase =
        PT ? smem_raw + static_cast<size_t>(u) * shape.split + 4 * s : gbase;
    // parity_thread: parity word (r, s) of this unit at gpar + 4 Z r (global), the
    // parity block q - 1 at xb[0..Z) (shared, after the units' information parts)
    const int q = shape.sets;
    unsigned char* gpar = gbase + shape.split;
    V* xb = reinterpret_cast<V*>(smem_raw + static_cast<size_t>(U) * shape.split) +
            static_cast<size_t>(u) * Z;
    // the parity words' ring, word i of this thread at sx + 4 Z i (after xb)
    unsigned char* sx = smem_raw + static_cast<size_t>(U) * (shape.split + 4 * Z) +
                        static_cast<size_t>(u) * 4 * Z + 4 * s;
    auto par_store = [&](int r, V x) { *reinterpret_cast<V*>(gpar + 4LL * Z * r) = x; };
    auto ring_fetch = [&](int r, int slot) {
        __pipeline_memcpy_async(sx + 4LL * Z * slot, gpar + 4LL * Z * r, 4);
        __pipeline_commit();
    };
    // parity_thread: the information part of the units' posteriors from / to global
    // memory, and the parity block q - 1 to shared memory
    auto copy_split = [&](bool to_shared) {
        qc_copy_split<V>(to_shared, code, shape, U, Z, q, s, post_raw, gpar, xb);
    };
    const int wrap = -4 * Z;
    const V ca = launch_factor<V>(rp);
    const V ncb = launch_offset<V>(rp);
    // this unit's records: [block][unit][rec_words]; this thread's 16-byte record of
    // layer l at byte rec[l] + 16 s, its sign word of edges 16.. at rec[l] + 16 Z + 4 s
    unsigned char* rec_t =
        static_cast<unsigned char*>(rp.c2v) +
        (static_cast<size_t>(blockIdx.x) * U + u) * shape.rec_words * 4 + 16 * s;
    const long long b_off = 16LL * Z - 12LL * s;
    auto rec_a = [&](int l) { return reinterpret_cast<uint4*>(rec_t + shape.rec[l]); };
    const uint4 zero = make_uint4(0u, 0u, 0u, 0u);
    // does this thread's row slot belong to layer l (sublayers: a row mask)?
    const slot_masks mine = PT ? qc_slot_masks(shape, s) : slot_masks{};
    auto in_layer = [&](int l) {
        if (!EW) {
            return true;
        }
        const int mi = shape.mask_of[l];
        if (PT) {
            return mi < 0 || mine.has(mi);
        }
        return mi < 0 || ((shape.mask[mi][s >> 5] >> (s & 31)) & 1u) != 0u;
    };

    for (long long task = blockIdx.x; task < rp.tasks; task += gridDim.x) {
        load_units(post, static_cast<V*>(nullptr), code, rp, task, bs);
        if (PT) {
            copy_split(true);
        }
        // parity_thread: plo = parity (r - 1, s) after this thread's row of set
        // r - 1 (r: the next set this thread works on)
        V plo = ops::zero(), ph = ops::zero();
        int slot = 0; // the ring slot of the next row's parity word
        if (PT) {
            ring_fetch(0, 0);
            ring_fetch(q > 1 ? 1 : 0, 1);
        }
        uint4 next = zero; // iteration 1: all messages 0
        for (int it = 1;; ++it) {
            const bool act = bs.active[u] != 0u;
            for (int l = 0; l < L; ++l) {
                if (act && PT) {
                    // parity_thread: no value loaded from global memory is copied or
                    // selected before its use (ptxas made such copies wait for the
                    // load at once): the next layer's record is loaded in every
                    // iteration (the first's are not read: all zero), the next set's
                    // parity word after this thread's row (a word of block q - 1 is
                    // loaded but not read: xb holds that block)
                    const uint4 r = it == 1 ? zero : next;
                    next = __ldcg(rec_a(l + 1 < L ? l + 1 : 0));
                    if (in_layer(l)) {
                        const int set = shape.set_of[l];
                        const V x_lo = xb[s > 0 ? s - 1 : 0];
                        const V x_hi = xb[s];
                        // row 0's wrap is masked at s = 0
                        V lo = set == 0 ? (s > 0 ? x_lo : ops::big()) : plo;
                        // parity (set + 2, s) two rows ahead into the ring; this
                        // row's word (fetched two rows ago) complete
                        const int r2 = set + 2 < q ? set + 2 : set + 2 - q;
                        ring_fetch(r2, slot == 0 ? 2 : slot - 1);
                        __pipeline_wait_prior(2);
                        V hi = set == q - 1
                                   ? x_hi
                                   : *reinterpret_cast<const V*>(sx + 4LL * Z * slot);
                        slot = slot == 2 ? 0 : slot + 1;
                        GPUFEC_QC_LAYER_ROW(r, lo, hi);
                        // parity (set - 1, s) is final for this iteration
                        if (set == 0) {
                            if (s > 0) {
                                xb[s - 1] = lo;
                            }
                        } else {
                            par_store(set - 1, lo);
                        }
                        if (set == q - 1) {
                            xb[s] = hi;
                        }
                        plo = hi;
                    }
                } else if (act) {
                    // this layer's record was loaded during the previous layer; load
                    // the next one (written by this thread in the previous iteration,
                    // or layer 0's in this one: L >= 2; none in the first iteration).
                    // A thread outside a sublayer still loads the next layer's record.
                    const uint4 r = next;
                    const int ln = l + 1 < L ? l + 1 : 0;
                    next = (it > 1 || ln == 0) ? __ldcg(rec_a(ln)) : zero;
                    if (in_layer(l)) {
                        V lo = plo, hi = ph; // not used by these modes
                        GPUFEC_QC_LAYER_ROW(r, lo, hi);
                    }
                }
                if (!PT || shape.sync_after[l]) {
                    __syncthreads();
                }
            }
            auto syndrome = [&] {
                qc_syndrome<V, MODE>(shape,
                                     rp,
                                     bs,
                                     it,
                                     U,
                                     u,
                                     L,
                                     q,
                                     s,
                                     gbase,
                                     sbase,
                                     wrap,
                                     xb,
                                     in_layer,
                                     par_store,
                                     copy_split);
            };
            if (end_of_iteration(post, code, rp, task, it, bs, syndrome)) {
                break;
            }
        }
        if (PT) {
            __pipeline_wait_prior(0); // no ring write left over for the next task
        }
    }
}

#undef GPUFEC_QC_LAYER_ROW

template <typename V, qc_post MODE>
__global__ void __launch_bounds__(qc_large_max_threads)
    layered_qc_large_kernel(const code_view code,
                            const run_params rp,
                            const __grid_constant__ qc_large_shape shape)
{
    qc_large_body<V, MODE>(code, rp, shape);
}

/*!
 * qc_post::parity_thread: one unit per block, registers up to 65536 / 384 (with
 * the bounds of the other modes ptxas kept 80 registers and spilled)
 */
template <typename V>
__global__ void __launch_bounds__(qc_parity_max_threads, 1)
    layered_qc_parity_kernel(const code_view code,
                             const run_params rp,
                             const __grid_constant__ qc_large_shape shape)
{
    qc_large_body<V, qc_post::parity_thread>(code, rp, shape);
}

} // namespace

qc_large_kernel_fn qc_large_kernel(bool half2, qc_post mode)
{
    switch (mode) {
    case qc_post::shared_plain:
        return half2 ? &layered_qc_large_kernel<__half2, qc_post::shared_plain>
                     : &layered_qc_large_kernel<float, qc_post::shared_plain>;
    case qc_post::shared_edge_wrap:
        return half2 ? &layered_qc_large_kernel<__half2, qc_post::shared_edge_wrap>
                     : &layered_qc_large_kernel<float, qc_post::shared_edge_wrap>;
    case qc_post::global:
        return half2 ? &layered_qc_large_kernel<__half2, qc_post::global>
                     : &layered_qc_large_kernel<float, qc_post::global>;
    default:
        return half2 ? &layered_qc_parity_kernel<__half2>
                     : &layered_qc_parity_kernel<float>;
    }
}

namespace {

/*! Records of layer l (16 bytes a row, + a sign word when half2 rows pass 16). */
void add_records(qc_large_shape* s, int l, int D, int Z, int group, long long* words)
{
    s->deg[l] = D;
    s->rec[l] = static_cast<int>(4 * *words);
    // every layer's records start 16-byte aligned
    *words += 4LL * Z;
    if (D > group) {
        *words += (Z + 3LL) / 4 * 4;
    }
}

/*! Form (1): uniform layers of circulants in natural column order. */
bool qc_shape_natural(const host_tables& t,
                      int group,
                      qc_large_shape* s,
                      long long* words)
{
    const int L = static_cast<int>(t.layer_rows.size());
    const int Z = t.max_layer_rows;
    if (!t.uniform) {
        return false;
    }
    int edges = 0;
    for (int l = 0; l < L; ++l) {
        const int D = t.layer_deg[l];
        if (D < 1 || edges + D > qc_large_max_edges) {
            return false;
        }
        s->first[l] = edges;
        add_records(s, l, D, Z, group, words);
        for (int j = 0; j < D; ++j) {
            const int* cols = t.slot_cols.data() + t.layer_off[l] + j * Z;
            const int c0 = cols[0];
            if (c0 < 0) {
                return false;
            }
            const int block = c0 / Z;
            const int shift = c0 % Z;
            for (int r = 0; r < Z; ++r) {
                if (cols[r] != block * Z + (r + shift) % Z) {
                    return false; // not a circulant
                }
            }
            s->edge[edges].off = 4 * (block * Z + shift);
            s->edge[edges].thr = Z - shift;
            s->wrap[edges] = -4 * Z;
            ++edges;
        }
    }
    return true;
}

/*!
 * Form (2): the layers of parity_check_matrix for M = 360 q rows: sets of rows
 * r + k q in order r = 0..q-1, each one layer or several sublayers; circulants
 * under col_perm, masked edges where a circulant misses exactly its wrapping rows.
 */
bool qc_shape_strided(const host_tables& t,
                      const parity_check_matrix& h,
                      int group,
                      qc_large_shape* s,
                      long long* words,
                      std::vector<int>* col_perm)
{
    constexpr int Z = 360;
    const auto& layers = h.layers();
    const int m = h.rows();
    const int n0 = t.n_full - m; // columns before the accumulator
    const int q = m / Z;
    const int L = static_cast<int>(layers.size());
    if (m % Z != 0 || q < 2 || n0 < 0 || n0 % Z != 0 || L > qc_large_max_layers ||
        t.n_full != h.cols()) {
        return false;
    }
    std::vector<int> perm(t.n_full);
    for (int c = 0; c < n0; ++c) {
        perm[c] = c;
    }
    for (int i = 0; i < m; ++i) {
        perm[n0 + i] = n0 + (i % q) * Z + i / q;
    }
    std::vector<int> covered(m, 0);
    int edges = 0, masks = 0, l = 0;
    for (int set = 0; set < q; ++set) {
        // circulants (block, shift) of block row `set` -> the lanes that have them
        std::map<std::pair<int, int>, std::vector<int>> circ;
        for (int k = 0; k < Z; ++k) {
            const index_span cols = h.row(set + k * q);
            if (cols.size() < 2) {
                return false; // a masked edge needs two real edges in its row
            }
            for (int c : cols) {
                const int p = perm[c];
                circ[{ p / Z, (p % Z - k + Z) % Z }].push_back(k);
            }
        }
        const int D = static_cast<int>(circ.size());
        if (D > qc_large_max_degree || edges + D > qc_large_max_edges) {
            return false;
        }
        const int first = edges;
        for (const auto& kv : circ) {
            const int block = kv.first.first;
            const int shift = kv.first.second;
            const std::vector<int>& lanes = kv.second; // ascending
            int& wrap = s->wrap[edges];
            qc_edge& e = s->edge[edges++];
            e.thr = Z - shift;
            if (static_cast<int>(lanes.size()) == Z) {
                e.off = 4 * (block * Z + shift);
                wrap = -4 * Z;
            } else if (shift > 0 && static_cast<int>(lanes.size()) == shift &&
                       lanes.front() == Z - shift) {
                // lanes k < Z - shift (where the circulant would wrap) have no edge:
                // they address the unit's padding words n_full + k (+big)
                e.off = 4 * t.n_full;
                wrap = 4 * (block * Z + shift - Z) - e.off;
                s->pad = Z;
            } else {
                return false;
            }
        }
        // this set's layers (one, or sublayers sharing its edges and records)
        const int rec_layer = l;
        int rows = 0;
        while (l < L && layers[l][0] % q == set) {
            if (l > rec_layer) {
                s->deg[l] = D;
                s->rec[l] = s->rec[rec_layer];
            } else {
                add_records(s, l, D, Z, group, words);
            }
            s->first[l] = first;
            s->set_of[l] = set;
            const auto& lr = layers[l];
            if (static_cast<int>(lr.size()) == Z) {
                s->mask_of[l] = -1;
            } else {
                if (masks == qc_large_max_masks) {
                    return false;
                }
                s->mask_of[l] = masks;
                for (int row : lr) {
                    if (row % q != set) {
                        return false;
                    }
                    const int k = row / q;
                    s->mask[masks][k / 32] |= 1u << (k % 32);
                }
                ++masks;
            }
            for (int row : lr) {
                if (row % q != set || covered[row]++) {
                    return false;
                }
            }
            rows += static_cast<int>(lr.size());
            ++l;
        }
        if (rows != Z) {
            return false;
        }
    }
    if (l != L) {
        return false;
    }
    s->layers = L;
    s->slots = Z;
    s->sets = q;
    *col_perm = std::move(perm);
    return true;
}

} // namespace

bool build_qc_large_shape(const host_tables& t,
                          const parity_check_matrix& h,
                          bool half2,
                          qc_large_shape* shape,
                          std::vector<int>* col_perm)
{
    const int L = static_cast<int>(t.layer_rows.size());
    const int Z = t.max_layer_rows;
    const int group = half2 ? 16 : 32;
    col_perm->clear();
    auto s = std::make_unique<qc_large_shape>();
    long long words = 0;
    // (at least two layers: the kernel prefetches layer l + 1's record)
    bool ok = L >= 2 && L <= qc_large_max_layers && Z >= 1 && Z <= qc_large_max_threads &&
              t.max_row_degree <= qc_large_max_degree;
    if (ok) {
        s->layers = L;
        s->slots = Z;
        for (int l = 0; l < L; ++l) {
            s->mask_of[l] = -1;
        }
        ok = qc_shape_natural(t, group, s.get(), &words);
    }
    if (!ok) {
        s = std::make_unique<qc_large_shape>();
        words = 0;
        ok = qc_shape_strided(t, h, group, s.get(), &words, col_perm);
    }
    if (!ok || words > (1LL << 29)) {
        col_perm->clear();
        return false;
    }
    s->rec_words = static_cast<int>(words);
    *shape = *s;
    return true;
}

bool qc_parity_thread_plan(qc_large_shape* shape, int n_full)
{
    qc_large_shape& s = *shape;
    const int Z = s.slots;
    const int q = s.sets;
    const int L = s.layers;
    const int n0 = n_full - q * Z;
    if (q < 3 || Z != 360 || n0 <= 0 || n0 % Z != 0 || L < 2) {
        return false;
    }
    const int nb = n0 / Z; // information blocks
    std::vector<std::vector<int>> blocks(L);
    for (int l = 0; l < L; ++l) {
        const int D = s.deg[l];
        const int f = s.first[l];
        const int r = s.set_of[l];
        if (D < 3 || r < 0 || r >= q) {
            return false;
        }
        for (int j = 0; j < D - 2; ++j) {
            const qc_edge& e = s.edge[f + j];
            const int c = e.off / 4;
            if (e.off % 4 != 0 || c < 0 || c >= n0 || s.wrap[f + j] != -4 * Z ||
                e.thr != Z - c % Z) {
                return false; // not a plain information circulant
            }
            blocks[l].push_back(c / Z);
        }
        const qc_edge& a = s.edge[f + D - 2];
        const qc_edge& b = s.edge[f + D - 1];
        if (r > 0) {
            if (a.off != 4 * (n0 + (r - 1) * Z) || a.thr != Z ||
                b.off != 4 * (n0 + r * Z) || b.thr != Z) {
                return false;
            }
        } else if (a.off != 4 * n0 || a.thr != Z || b.off != 4 * n_full || b.thr != 1 ||
                   b.off + s.wrap[f + D - 1] != 4 * (n0 + (q - 1) * Z - 1)) {
            return false; // row 0: parity block 0 and the masked wrap of block q - 1
        }
    }
    // barriers: none inside a run of layers that pairwise share no information
    // block (parity words are thread-private; the wrap's block q - 1 passes set 0
    // and set q - 1, which have a barrier between them and after the last layer)
    std::vector<int> used(nb, 0);
    for (int l = 0; l < L; ++l) {
        for (int b : blocks[l]) {
            used[b] = 1;
        }
        bool sync = l == L - 1;
        if (!sync) {
            for (int b : blocks[l + 1]) {
                sync = sync || used[b] != 0;
            }
        }
        s.sync_after[l] = sync ? 1 : 0;
        if (sync) {
            std::fill(used.begin(), used.end(), 0);
        }
    }
    // set 0 reads and writes the wrap words (shared) that set q - 1 writes and reads:
    // a barrier between the last layer of set 0 and the first of set q - 1
    int last0 = 0, first_last = L - 1;
    while (last0 + 1 < L && s.set_of[last0 + 1] == 0) {
        ++last0;
    }
    while (first_last > 0 && s.set_of[first_last - 1] == q - 1) {
        --first_last;
    }
    if (s.set_of[0] != 0 || s.set_of[L - 1] != q - 1 || first_last <= last0) {
        return false;
    }
    bool between = false;
    for (int l = last0; l < first_last; ++l) {
        between = between || s.sync_after[l] != 0;
    }
    if (!between) {
        s.sync_after[last0] = 1;
    }
    return true;
}

} // namespace cuda_detail
} // namespace gpufec
