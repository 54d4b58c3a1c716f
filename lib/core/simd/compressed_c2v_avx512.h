/* -*- c++ -*- */
/*
 * Copyright 2026 The gr-gpufec authors.
 *
 * The AVX-512 mask-register paths of the SIMD min-sum-family kernels (namespace
 * isa_ops; included by ops_avx512.h only):
 * - the compressed C2V of the layered fixed-point rules but SCMS: per row the two
 *   corrected magnitudes (mag1, mag2, one vector each), per edge two lane masks
 *   (the C2V is negative, or for int8 inter-frame the extrinsic is, mag1 / mag2
 *   then signed by the row's parity; it took mag2), from which the old C2V is
 *   rebuilt exactly
 *   (row_update_compressed), so the results are row_update()'s bit for bit; the
 *   inter-frame row on it, which also leaves each column's sign mask for the
 *   syndrome (compressed_row), and the intra-frame chunk of a pass, which loads
 *   the circulants' rotated posteriors straight from the frame's posteriors and
 *   stores them back with masked stores (compressed_chunk);
 * - the rotated posterior vectors of a circulant (load_rot / store_rot: a blend
 *   of two loads where the rotation wraps, masked stores), and the intra-frame
 *   copies in and out of the row-aligned buffer built on them (rotate_in /
 *   rotate_out, the names of ops_generic.h).
 * Inter-frame layout (frame l in lane l): "Implementation of a Heterogeneous LDPC
 * Decoder on ARM and GPU of Mobile Devices"; the rules as in row_update.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SIMD_COMPRESSED_C2V_AVX512_H
#define INCLUDED_GPUFEC_SIMD_COMPRESSED_C2V_AVX512_H

#include "num_traits.h"
#include "ops_generic.h"
#include "simd_kernels.h"
#include <algorithm>
#include <cstdint>
#include <immintrin.h>
#include <limits>

namespace gpufec {
namespace simd {
namespace {
namespace isa_ops {

/*! Bits [0, n) of a lane mask (n <= 64). */
inline uint64_t low_lanes(int n)
{
    return n >= 64 ? ~uint64_t(0) : (uint64_t(1) << n) - 1;
}

/*!
 * The 64-byte vector of lanes i = 0.. of a circulant rotated by p within a block
 * of Z values at Lb: lane i holds Lb[(p + i) mod Z] for p + i < 2Z (a blend of two
 * loads where it wraps). Reads up to 64 bytes before Lb and after Lb + Z.
 */
template <typename T>
inline __m512i load_rot(const T* Lb, int p, int Z)
{
    constexpr int V = 64 / sizeof(T);
    if (p >= Z)
        return _mm512_loadu_si512(Lb + p - Z);
    const __m512i a = _mm512_loadu_si512(Lb + p);
    if (p + V <= Z)
        return a;
    const __m512i b = _mm512_loadu_si512(Lb + p - Z);
    const uint64_t wrap = ~low_lanes(Z - p);
    if constexpr (sizeof(T) == 1)
        return _mm512_mask_blend_epi8(wrap, a, b);
    else if constexpr (sizeof(T) == 2)
        return _mm512_mask_blend_epi16(static_cast<__mmask32>(wrap), a, b);
    else
        return _mm512_mask_blend_epi32(static_cast<__mmask16>(wrap), a, b);
}

template <typename T>
inline void mask_store(T* p, uint64_t m, __m512i v)
{
    if constexpr (sizeof(T) == 1)
        _mm512_mask_storeu_epi8(p, m, v);
    else if constexpr (sizeof(T) == 2)
        _mm512_mask_storeu_epi16(p, static_cast<__mmask32>(m), v);
    else
        _mm512_mask_storeu_epi32(p, static_cast<__mmask16>(m), v);
}

/*! The inverse of load_rot for the lanes of mask m: Lb[(p + i) mod Z] = lane i. */
template <typename T>
inline void store_rot(T* Lb, int p, int Z, __m512i v, uint64_t m)
{
    constexpr int V = 64 / sizeof(T);
    if (p >= Z) {
        mask_store<T>(Lb + p - Z, m, v);
        return;
    }
    if (p + V <= Z) {
        mask_store<T>(Lb + p, m, v);
        return;
    }
    const uint64_t lo = low_lanes(Z - p);
    mask_store<T>(Lb + p, m & lo, v);
    mask_store<T>(Lb + p - Z, m & ~lo, v);
}

/*!
 * ops_generic.h's rotate_in as rotated 64-byte vectors (a blend where the
 * rotation wraps) instead of memcpy: no call overhead, and the row update's
 * loads are forwarded from same-size stores.
 */
template <typename T, int W>
inline void rotate_in(T* X, const T* Lb, int s, int Z, int chunks)
{
    if constexpr (W * sizeof(T) == 64) {
        for (int c = 0; c < chunks; ++c)
            _mm512_storeu_si512(X + c * W, load_rot<T>(Lb, s + c * W, Z));
    } else {
        generic_ops::rotate_in<T, W>(X, Lb, s, Z, chunks);
    }
}

/*! ops_generic.h's rotate_out as masked stores of the lanes of bit mask bm. */
template <typename T, int W>
inline void rotate_out(T* Lb,
                       const T* X,
                       int s,
                       int Z,
                       int chunks,
                       const uint64_t* bm,
                       const typename num<T>::M* mk)
{
    if constexpr (W * sizeof(T) == 64) {
        for (int c = 0; c < chunks; ++c) {
            uint64_t m = low_lanes(std::min(W, Z - c * W));
            if (bm)
                m &= (bm[c * W / 64] >> (c * W % 64)) & low_lanes(W);
            if (m)
                store_rot<T>(Lb, s + c * W, Z, _mm512_loadu_si512(X + c * W), m);
        }
    } else {
        generic_ops::rotate_out<T, W>(Lb, X, s, Z, chunks, bm, mk);
    }
}

/*!
 * The constant vectors of the compressed rows, made once per iteration (or
 * intra-frame chunk) rather than in every row: the rows' stores may alias the
 * job, so the compiler rebuilt them from it row by row. lo / top: -max / +max;
 * beta: the OMS offset (at most max); cmax: the C2V clamp; alpha: the NMS factor
 * as a vpmulhrsw operand (nms_scale), alpha16: alpha_q = 16 (int16: no scaling).
 */
template <typename T>
struct row_consts {
    __m512i lo, top, beta, cmax, alpha;
    bool alpha16;

    explicit row_consts(const job& jb)
    {
        alpha16 = jb.alpha_q >= 16;
        if constexpr (num<T>::is_float) {
            // the float rows take none of these
            lo = top = beta = cmax = alpha = _mm512_setzero_si512();
        } else if constexpr (sizeof(T) == 1) {
            const int b = std::min<int>(jb.beta_q, std::numeric_limits<T>::max());
            lo = _mm512_set1_epi8(-127);
            top = _mm512_set1_epi8(127);
            beta = _mm512_set1_epi8(static_cast<char>(b));
            cmax = _mm512_set1_epi8(static_cast<char>(jb.c2v_max));
            alpha = _mm512_set1_epi16(static_cast<int16_t>(jb.alpha_q << 3));
        } else {
            const int b = std::min<int>(jb.beta_q, std::numeric_limits<T>::max());
            lo = _mm512_set1_epi16(-32767);
            top = _mm512_set1_epi16(32767);
            beta = _mm512_set1_epi16(static_cast<short>(b));
            cmax = _mm512_set1_epi16(static_cast<short>(jb.c2v_max));
            alpha = _mm512_set1_epi16(static_cast<int16_t>(jb.alpha_q << 11));
        }
    }
};

/*!
 * NMS on 64 bytes of magnitudes m >= 0: (m * alpha_q + 8) >> 4 as rounding high
 * multiplies (vpmulhrsw): int8 on the even and the odd bytes of the 16-bit words
 * (6 instructions, no widening), int16 in one where alpha_q < 16.
 */
template <typename T>
inline __m512i nms_scale(__m512i v, const row_consts<T>& rk)
{
    if constexpr (sizeof(T) == 1) {
        // each byte m (0..127) in the high byte of a 16-bit word, m << 8, times
        // alpha_q << 3 as a rounding high multiply: ((m 2^11 alpha_q >> 14) + 1)
        // >> 1 = (m alpha_q + 8) >> 4, in the word's low byte
        const __m512i even = _mm512_mulhrs_epi16(_mm512_slli_epi16(v, 8), rk.alpha);
        const __m512i odd =
            _mm512_mulhrs_epi16(_mm512_and_si512(v, _mm512_set1_epi16(-256)), rk.alpha);
        return _mm512_mask_blend_epi8(
            0xaaaaaaaaaaaaaaaaull, even, _mm512_slli_epi16(odd, 8));
    } else {
        // alpha_q is 1..16 (alpha in (0, 1], checked by the decoder): for
        // alpha_q < 16, (m * alpha_q + 8) >> 4 = (m * (alpha_q << 11) + 2^14) >> 15
        // exactly, one rounding high multiply, no widening (m >= 0, alpha_q << 11
        // < 2^15); alpha_q = 16 scales nothing, (16 m + 8) >> 4 = m. No widening
        // path for larger factors: its code in the unrolled rows cost more than
        // the branch saved.
        if (rk.alpha16)
            return v;
        return _mm512_mulhrs_epi16(v, rk.alpha);
    }
}

/*!
 * The rule's correction of the row minima, then the C2V clamp (row_update.h).
 * OMS max(m - beta, 0) is an unsigned saturating subtract (m, beta >= 0).
 */
template <typename T, check_node_rule Rule>
inline void corrected_magnitudes(
    __m512i min1, __m512i min2, __m512i& mag1, __m512i& mag2, const row_consts<T>& rk)
{
    constexpr bool i8 = sizeof(T) == 1;
    mag1 = min1;
    mag2 = min2;
    if constexpr (check_node_traits<Rule>::correction ==
                  magnitude_correction::normalized) {
        mag1 = nms_scale<T>(min1, rk);
        mag2 = nms_scale<T>(min2, rk);
    } else if constexpr (check_node_traits<Rule>::correction ==
                         magnitude_correction::offset) {
        if constexpr (i8) {
            mag1 = _mm512_subs_epu8(min1, rk.beta);
            mag2 = _mm512_subs_epu8(min2, rk.beta);
        } else {
            mag1 = _mm512_subs_epu16(min1, rk.beta);
            mag2 = _mm512_subs_epu16(min2, rk.beta);
        }
    }
    if constexpr (i8) {
        mag1 = _mm512_min_epi8(mag1, rk.cmax);
        mag2 = _mm512_min_epi8(mag2, rk.cmax);
    } else {
        mag1 = _mm512_min_epi16(mag1, rk.cmax);
        mag2 = _mm512_min_epi16(mag2, rk.cmax);
    }
}

/*!
 * The row's two corrected magnitudes negated in the lanes where the sign bit of
 * negv (the XOR of the row's extrinsics: its sign parity) is set.
 */
template <typename T>
inline void parity_signed(__m512i negv, __m512i& mag1, __m512i& mag2)
{
    const __m512i zero = _mm512_setzero_si512();
    if constexpr (sizeof(T) == 1) {
        const __mmask64 p = _mm512_movepi8_mask(negv);
        mag1 = _mm512_mask_sub_epi8(mag1, p, zero, mag1);
        mag2 = _mm512_mask_sub_epi8(mag2, p, zero, mag2);
    } else {
        const __mmask32 p = _mm512_movepi16_mask(negv);
        mag1 = _mm512_mask_sub_epi16(mag1, p, zero, mag1);
        mag2 = _mm512_mask_sub_epi16(mag2, p, zero, mag2);
    }
}

/*!
 * The posterior x + C2V of the Par format (row_update_compressed) from the
 * extrinsic's magnitude a = |x| (x >= -max, so a <= max), its sign mask sg and
 * the parity-signed magnitude pm, where C2V = sign(x) pm: x + C2V = sign(x) (a +
 * pm), and a + pm >= -max, so saturating a + pm at +max and then negating in the
 * lanes of sg is the symmetric saturation of x + C2V, without the clamp to -max
 * that the saturating x + C2V needs.
 */
template <typename T>
inline __m512i signed_sum(__m512i a, __m512i pm, uint64_t sg)
{
    const __m512i zero = _mm512_setzero_si512();
    if constexpr (sizeof(T) == 1) {
        const __m512i y = _mm512_adds_epi8(a, pm);
        return _mm512_mask_sub_epi8(y, sg, zero, y);
    } else {
        const __m512i y = _mm512_adds_epi16(a, pm);
        return _mm512_mask_sub_epi16(y, static_cast<__mmask32>(sg), zero, y);
    }
}

/*!
 * AVX-512 layered row of the fixed-point min-sum rules (not SCMS) on the
 * compressed C2V (rowmag: mag1, mag2; emask: per edge the sign and took-mag2
 * masks). ld(j) / st(j, v) load and store edge j's posterior vector. Masked: the
 * lanes not in keep were refilled this iteration, their old C2V is taken as 0.
 * The C2V memory streamed per iteration drops from d vectors to 2 vectors +
 * d x 2 masks per row (DVB-S2 1/2 int8: 448 -> 240 B). Par (the inter-frame
 * format): the two magnitudes are stored negated in the lanes of odd row sign
 * parity and the sign masks are those of the extrinsics, so the second pass
 * takes each edge's sign mask straight from its extrinsic (the C2V is negative
 * where the two differ, as before: the same values). Not Par (intra-frame): the
 * sign masks are the C2V's.
 */
template <typename T,
          check_node_rule Rule,
          bool Masked,
          bool Par,
          typename LLoad,
          typename LStore>
inline void row_update_compressed(int d,
                                  LLoad ld,
                                  LStore st,
                                  T* rowmag,
                                  uint64_t* emask,
                                  T* ext,
                                  uint64_t keep,
                                  const row_consts<T>& rk)
{
    constexpr bool i8 = sizeof(T) == 1;
    const __m512i zero = _mm512_setzero_si512();
    const __m512i lo = rk.lo, top = rk.top;
    const __m512i om1 = _mm512_loadu_si512(rowmag);
    const __m512i om2 = _mm512_loadu_si512(rowmag + 64 / sizeof(T));
    __m512i min1 = top, min2 = top;
    // the XOR of the row's extrinsics: its sign bits are the row's sign parity
    // (one vector op per edge, no round trip through a general register)
    __m512i negv = zero;
    for (int j = 0; j < d; ++j) {
        uint64_t sg = emask[2 * j], t2 = emask[2 * j + 1];
        if constexpr (Masked) {
            sg &= keep;
            t2 &= keep;
        }
        __m512i c, x;
        const __m512i Lv = ld(j);
        if constexpr (i8) {
            c = _mm512_mask_blend_epi8(t2, om1, om2);
            c = _mm512_mask_sub_epi8(c, sg, zero, c);
            if constexpr (Masked)
                c = _mm512_maskz_mov_epi8(keep, c);
            x = _mm512_max_epi8(_mm512_subs_epi8(Lv, c), lo);
            const __m512i a = _mm512_abs_epi8(x);
            min2 = _mm512_min_epi8(min2, _mm512_max_epi8(min1, a));
            min1 = _mm512_min_epi8(min1, a);
        } else {
            c = _mm512_mask_blend_epi16(static_cast<__mmask32>(t2), om1, om2);
            c = _mm512_mask_sub_epi16(c, static_cast<__mmask32>(sg), zero, c);
            if constexpr (Masked)
                c = _mm512_maskz_mov_epi16(static_cast<__mmask32>(keep), c);
            x = _mm512_max_epi16(_mm512_subs_epi16(Lv, c), lo);
            const __m512i a = _mm512_abs_epi16(x);
            min2 = _mm512_min_epi16(min2, _mm512_max_epi16(min1, a));
            min1 = _mm512_min_epi16(min1, a);
        }
        negv = _mm512_xor_si512(negv, x);
        _mm512_storeu_si512(ext + static_cast<size_t>(j) * (64 / sizeof(T)), x);
    }
    __m512i mag1, mag2;
    corrected_magnitudes<T, Rule>(min1, min2, mag1, mag2, rk);
    if constexpr (Par)
        parity_signed<T>(negv, mag1, mag2);
    for (int j = 0; j < d; ++j) {
        const __m512i x =
            _mm512_loadu_si512(ext + static_cast<size_t>(j) * (64 / sizeof(T)));
        __m512i c, out;
        uint64_t t2, sg;
        if constexpr (i8) {
            const __m512i a = _mm512_abs_epi8(x);
            t2 = _mm512_cmpeq_epi8_mask(a, min1);
            sg = _mm512_movepi8_mask(Par ? x : _mm512_xor_si512(negv, x));
            c = _mm512_mask_blend_epi8(t2, mag1, mag2);
            if constexpr (Par) {
                out = signed_sum<T>(a, c, sg);
            } else {
                c = _mm512_mask_sub_epi8(c, sg, zero, c);
                out = _mm512_max_epi8(_mm512_adds_epi8(x, c), lo);
            }
        } else {
            const __m512i a = _mm512_abs_epi16(x);
            t2 = _mm512_cmpeq_epi16_mask(a, min1);
            sg = _mm512_movepi16_mask(Par ? x : _mm512_xor_si512(negv, x));
            c = _mm512_mask_blend_epi16(static_cast<__mmask32>(t2), mag1, mag2);
            c = _mm512_mask_sub_epi16(c, static_cast<__mmask32>(sg), zero, c);
            out = _mm512_max_epi16(_mm512_adds_epi16(x, c), lo);
        }
        emask[2 * j] = sg;
        emask[2 * j + 1] = t2;
        st(j, out);
    }
    _mm512_storeu_si512(rowmag, mag1);
    _mm512_storeu_si512(rowmag + 64 / sizeof(T), mag2);
}

//! The inter-frame rows' format of the compressed C2V (row_update_compressed):
//! Par for int8; int16 keeps the C2V's sign masks (with Par it measured slower,
//! its one operation fewer per edge notwithstanding).
template <typename T>
constexpr bool inter_par = sizeof(T) == 1;

/*!
 * Inter-frame layered row r on the compressed C2V (rm: its two magnitudes, em: its
 * edges' masks): the posterior vectors of its columns rc[0..d) in L (64 bytes per
 * column), written back with each column's lane mask of L < 0 in sgn: the last
 * row of the iteration to touch a column leaves its final signs, from which the
 * syndrome and the hard decisions are read. Signs false: the masks are not
 * stored (an iteration after which no lane reads them).
 */
template <typename T, check_node_rule Rule, bool Masked, bool Signs>
inline void compressed_row(int d,
                           T* L,
                           const int* rc,
                           T* rm,
                           uint64_t* em,
                           T* ext,
                           uint64_t* sgn,
                           uint64_t keep_bits,
                           const row_consts<T>& rk)
{
    constexpr int W = 64 / sizeof(T);
    auto ld = [&](int j) {
        return _mm512_loadu_si512(L + static_cast<size_t>(rc[j]) * W);
    };
    auto st = [&](int j, __m512i v) {
        _mm512_storeu_si512(L + static_cast<size_t>(rc[j]) * W, v);
        if constexpr (!Signs)
            return;
        else if constexpr (sizeof(T) == 1)
            sgn[rc[j]] = _mm512_movepi8_mask(v);
        else
            sgn[rc[j]] = _mm512_movepi16_mask(v);
    };
    row_update_compressed<T, Rule, Masked, inter_par<T>>(
        d, ld, st, rm, em, ext, keep_bits, rk);
}

/*!
 * compressed_row() for a row of compile-time degree D, not Masked: the row's
 * extrinsics stay in registers between the two passes (no scratch stores and
 * reloads), the loops are unrolled. Same operations, so the same results. Zero:
 * the row's old C2V is 0 (the first iteration of a whole group), so its
 * compressed C2V is neither read nor needs clearing, and the extrinsics are the
 * posteriors.
 */
template <typename T, check_node_rule Rule, bool Signs, bool Zero, int D>
inline void compressed_row_fixed(T* L,
                                 const int* rc,
                                 T* rowmag,
                                 uint64_t* emask,
                                 uint64_t* sgn,
                                 const row_consts<T>& rk)
{
    constexpr bool i8 = sizeof(T) == 1;
    constexpr int W = 64 / sizeof(T);
    const __m512i zero = _mm512_setzero_si512();
    const __m512i lo = rk.lo, top = rk.top;
    const __m512i om1 = Zero ? zero : _mm512_loadu_si512(rowmag);
    const __m512i om2 = Zero ? zero : _mm512_loadu_si512(rowmag + W);
    __m512i min1 = top, min2 = top, negv = zero;
    __m512i x[D];
    T* Lc[D];
#pragma GCC unroll 32
    for (int j = 0; j < D; ++j) {
        Lc[j] = L + static_cast<size_t>(rc[j]) * W;
        const __m512i Lv = _mm512_loadu_si512(Lc[j]);
        __m512i c, a;
        if constexpr (Zero) {
            // L - 0: the posteriors are within +-max
            x[j] = Lv;
            if constexpr (i8) {
                a = _mm512_abs_epi8(x[j]);
                min2 = _mm512_min_epi8(min2, _mm512_max_epi8(min1, a));
                min1 = _mm512_min_epi8(min1, a);
            } else {
                a = _mm512_abs_epi16(x[j]);
                min2 = _mm512_min_epi16(min2, _mm512_max_epi16(min1, a));
                min1 = _mm512_min_epi16(min1, a);
            }
            negv = _mm512_xor_si512(negv, x[j]);
            continue;
        }
        const uint64_t sg = emask[2 * j], t2 = emask[2 * j + 1];
        if constexpr (i8) {
            c = _mm512_mask_blend_epi8(t2, om1, om2);
            c = _mm512_mask_sub_epi8(c, sg, zero, c);
            x[j] = _mm512_max_epi8(_mm512_subs_epi8(Lv, c), lo);
            a = _mm512_abs_epi8(x[j]);
            min2 = _mm512_min_epi8(min2, _mm512_max_epi8(min1, a));
            min1 = _mm512_min_epi8(min1, a);
        } else {
            c = _mm512_mask_blend_epi16(static_cast<__mmask32>(t2), om1, om2);
            c = _mm512_mask_sub_epi16(c, static_cast<__mmask32>(sg), zero, c);
            x[j] = _mm512_max_epi16(_mm512_subs_epi16(Lv, c), lo);
            a = _mm512_abs_epi16(x[j]);
            min2 = _mm512_min_epi16(min2, _mm512_max_epi16(min1, a));
            min1 = _mm512_min_epi16(min1, a);
        }
        negv = _mm512_xor_si512(negv, x[j]);
    }
    __m512i mag1, mag2;
    corrected_magnitudes<T, Rule>(min1, min2, mag1, mag2, rk);
    if constexpr (inter_par<T>)
        parity_signed<T>(negv, mag1, mag2);
#pragma GCC unroll 32
    for (int j = 0; j < D; ++j) {
        __m512i c, out;
        uint64_t t2, sg;
        if constexpr (i8) {
            const __m512i a = _mm512_abs_epi8(x[j]);
            t2 = _mm512_cmpeq_epi8_mask(a, min1);
            sg = _mm512_movepi8_mask(x[j]);
            out = signed_sum<T>(a, _mm512_mask_blend_epi8(t2, mag1, mag2), sg);
        } else {
            t2 = _mm512_cmpeq_epi16_mask(_mm512_abs_epi16(x[j]), min1);
            sg = _mm512_movepi16_mask(_mm512_xor_si512(negv, x[j]));
            c = _mm512_mask_blend_epi16(static_cast<__mmask32>(t2), mag1, mag2);
            c = _mm512_mask_sub_epi16(c, static_cast<__mmask32>(sg), zero, c);
            out = _mm512_max_epi16(_mm512_adds_epi16(x[j], c), lo);
        }
        emask[2 * j] = sg;
        emask[2 * j + 1] = t2;
        _mm512_storeu_si512(Lc[j], out);
        if constexpr (Signs) {
            if constexpr (i8)
                sgn[rc[j]] = _mm512_movepi8_mask(out);
            else
                sgn[rc[j]] = _mm512_movepi16_mask(out);
        }
    }
    _mm512_storeu_si512(rowmag, mag1);
    _mm512_storeu_si512(rowmag + W, mag2);
}

//! Row degrees with a compressed_row_fixed instance.
constexpr int fixed_degree_min = 3, fixed_degree_max = 16;

/*!
 * compressed_row_fixed() for degree d when it has an instance (true), else
 * nothing (false: the caller takes compressed_row(); not with Zero).
 */
template <typename T,
          check_node_rule Rule,
          bool Signs,
          bool Zero,
          int D = fixed_degree_min>
inline bool compressed_row_by_degree(int d,
                                     T* L,
                                     const int* rc,
                                     T* rowmag,
                                     uint64_t* emask,
                                     uint64_t* sgn,
                                     const row_consts<T>& rk)
{
    if (d == D) {
        compressed_row_fixed<T, Rule, Signs, Zero, D>(L, rc, rowmag, emask, sgn, rk);
        return true;
    }
    if constexpr (D < fixed_degree_max)
        return compressed_row_by_degree<T, Rule, Signs, Zero, D + 1>(
            d, L, rc, rowmag, emask, sgn, rk);
    else
        return false;
}

/*!
 * Intra-frame: lanes [off, off + 64 bytes) of a pass's rows on the compressed
 * C2V, straight from / to the posteriors (rotated vector loads, masked stores
 * of the lanes written back): the rows of a pass share no column, so no copy is
 * needed. Circulant j's block is Lj[j], its shift Sj[j]; mb[j * chunks] are its
 * lanes without an edge (they read +max), wb[j * chunks] the lanes written back.
 */
template <typename T, check_node_rule Rule>
inline void compressed_chunk(int d,
                             T* const* Lj,
                             const int* Sj,
                             int off,
                             int Z,
                             int chunks,
                             const uint64_t* mb,
                             const uint64_t* wb,
                             T* rowmag,
                             uint64_t* emask,
                             T* ext,
                             const job& jb)
{
    const __m512i vmaxv =
        sizeof(T) == 1 ? _mm512_set1_epi8(127) : _mm512_set1_epi16(32767);
    auto ld = [&](int j) {
        const __m512i v = load_rot<T>(Lj[j], Sj[j] + off, Z);
        const uint64_t mm = mb[static_cast<size_t>(j) * chunks];
        if (mm == 0)
            return v;
        if constexpr (sizeof(T) == 1)
            return _mm512_mask_mov_epi8(v, mm, vmaxv);
        else
            return _mm512_mask_mov_epi16(v, static_cast<__mmask32>(mm), vmaxv);
    };
    auto st = [&](int j, __m512i v) {
        store_rot<T>(Lj[j], Sj[j] + off, Z, v, wb[static_cast<size_t>(j) * chunks]);
    };
    row_update_compressed<T, Rule, false, false>(
        d, ld, st, rowmag, emask, ext, ~uint64_t(0), row_consts<T>(jb));
}

} // namespace isa_ops
} // namespace
} // namespace simd
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_SIMD_COMPRESSED_C2V_AVX512_H */
