/* -*- c++ -*- */
/*
 * Copyright 2026 The gr-gpufec authors.
 *
 * AVX-512 lane transposes of the inter-frame kernel (namespace isa_ops; included by
 * ops_avx512.h only): a whole lane group's frames into the lane-interleaved
 * posteriors (frame l in lane l, the layout of "Implementation of a Heterogeneous
 * LDPC Decoder on ARM and GPU of Mobile Devices") and the finished frames' hard
 * decisions out of the per-column sign masks, as in-register transposes instead
 * of one scalar move per value. Within each 128-bit lane, four unpack stages
 * (bytes, 16, 32, 64 bits; three for 16-bit values, two for floats) pairing
 * register k with k + R / 2 into 2k, 2k + 1 transpose a 16 x 16 byte (8 x 8 word,
 * 4 x 4 float) block up to a
 * bit reversal of the input register order: out[j][i] = in[rev(i)][j]; the four
 * 128-bit lanes are four independent blocks. Pure data movement, so the results
 * are the scalar loops' bit for bit.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SIMD_LANE_TRANSPOSE_AVX512_H
#define INCLUDED_GPUFEC_SIMD_LANE_TRANSPOSE_AVX512_H

#include <cstddef>
#include <cstdint>
#include <immintrin.h>

namespace gpufec {
namespace simd {
namespace {
namespace isa_ops {

//! Whole-group transposes of the inter-frame loads and outputs (this header).
constexpr bool lane_transpose = true;

/*! The R-register unpack network (R = 16: bytes, 8: 16-bit words, 4: floats). */
template <int R>
inline void unpack_network(__m512i* r)
{
    __m512i t[R];
    auto stage = [&](auto lo, auto hi) {
        for (int k = 0; k < R / 2; ++k) {
            t[2 * k] = lo(r[k], r[k + R / 2]);
            t[2 * k + 1] = hi(r[k], r[k + R / 2]);
        }
        for (int k = 0; k < R; ++k)
            r[k] = t[k];
    };
    if constexpr (R == 16)
        stage([](__m512i a, __m512i b) { return _mm512_unpacklo_epi8(a, b); },
              [](__m512i a, __m512i b) { return _mm512_unpackhi_epi8(a, b); });
    if constexpr (R >= 8)
        stage([](__m512i a, __m512i b) { return _mm512_unpacklo_epi16(a, b); },
              [](__m512i a, __m512i b) { return _mm512_unpackhi_epi16(a, b); });
    stage([](__m512i a, __m512i b) { return _mm512_unpacklo_epi32(a, b); },
          [](__m512i a, __m512i b) { return _mm512_unpackhi_epi32(a, b); });
    stage([](__m512i a, __m512i b) { return _mm512_unpacklo_epi64(a, b); },
          [](__m512i a, __m512i b) { return _mm512_unpackhi_epi64(a, b); });
}

/*! Bit reversal of k over log2(R) bits. */
template <int R>
constexpr int rev_index(int k)
{
    int r = 0;
    for (int b = 1, m = R / 2; b < R; b <<= 1, m >>= 1)
        if (k & b)
            r |= m;
    return r;
}

/*!
 * Values per 128-bit lane and block: the columns moved per block (16 int8, 8
 * int16, 4 float), i.e. also the frames of one 128-bit lane of a column vector.
 */
template <typename T>
constexpr int block_cols = 16 / static_cast<int>(sizeof(T));

/*!
 * Columns i0 .. i0 + block_cols of all W = 64 / sizeof(T) frames: q holds the
 * frames' values frame-major (frame t at q + t * n), column i0 + j goes to the
 * W-lane vector L + tr[i0 + j] * W.
 */
template <typename T>
inline void load_columns_block(const T* q, size_t n, int i0, const int* tr, T* L)
{
    constexpr int R = block_cols<T>;
    constexpr int W = 64 / static_cast<int>(sizeof(T));
    __m512i r[R];
    for (int k = 0; k < R; ++k) {
        // lane p of register k: frame p R + rev(k)
        const T* s = q + static_cast<size_t>(rev_index<R>(k)) * n + i0;
        static_assert(sizeof(T) * R == 16, "one 128-bit lane per frame and block");
        __m512i v =
            _mm512_castsi128_si512(_mm_loadu_si128(reinterpret_cast<const __m128i*>(s)));
        v = _mm512_inserti32x4(
            v, _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + R * n)), 1);
        v = _mm512_inserti32x4(
            v, _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + 2 * R * n)), 2);
        v = _mm512_inserti32x4(
            v, _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + 3 * R * n)), 3);
        r[k] = v;
    }
    unpack_network<R>(r);
    for (int j = 0; j < R; ++j)
        _mm512_storeu_si512(L + static_cast<size_t>(tr[i0 + j]) * W, r[j]);
}

/*!
 * The lane masks of L < 0 (float posteriors, 16 lanes per column; -0 is not
 * negative, as the hard decision L < 0) of columns [0, cols) into m.
 */
inline void float_sign_masks(const float* L, int cols, uint64_t* m)
{
    const __m512 zero = _mm512_setzero_ps();
    for (int c = 0; c < cols; ++c)
        m[c] = _mm512_cmp_ps_mask(
            _mm512_loadu_ps(L + static_cast<size_t>(c) * 16), zero, _CMP_LT_OQ);
}

/*!
 * Hard decisions of positions pos[i0 .. i0 + 16) for the 64 mask lanes of the
 * sign masks sg (bit l of sg[c]: column c of lane l is negative): dst[l] + i0
 * receives lane l's 16 bytes (0/1) where dst[l] is not null (lanes >= 64 / the
 * masks' width have dst null).
 */
inline void hard_block(const uint64_t* sg, const int* pos, int i0, uint8_t* const* dst)
{
    constexpr int R = 16;
    const __m512i one = _mm512_set1_epi8(1);
    __m512i r[R];
    for (int k = 0; k < R; ++k)
        r[k] = _mm512_maskz_mov_epi8(sg[pos[i0 + rev_index<R>(k)]], one);
    unpack_network<R>(r);
    for (int j = 0; j < R; ++j) {
        // lane p of register j: frame p R + j, positions i0 .. i0 + 15
        if (dst[j])
            _mm_storeu_si128(reinterpret_cast<__m128i*>(dst[j] + i0),
                             _mm512_castsi512_si128(r[j]));
        if (dst[R + j])
            _mm_storeu_si128(reinterpret_cast<__m128i*>(dst[R + j] + i0),
                             _mm512_extracti32x4_epi32(r[j], 1));
        if (dst[2 * R + j])
            _mm_storeu_si128(reinterpret_cast<__m128i*>(dst[2 * R + j] + i0),
                             _mm512_extracti32x4_epi32(r[j], 2));
        if (dst[3 * R + j])
            _mm_storeu_si128(reinterpret_cast<__m128i*>(dst[3 * R + j] + i0),
                             _mm512_extracti32x4_epi32(r[j], 3));
    }
}

} // namespace isa_ops
} // namespace
} // namespace simd
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_SIMD_LANE_TRANSPOSE_AVX512_H */
