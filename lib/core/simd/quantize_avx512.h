/* -*- c++ -*- */
/*
 * Copyright 2026 The gr-gpufec authors.
 *
 * AVX-512 quantization of the channel LLRs for the fixed-point kernels (namespace
 * isa_ops; included by ops_avx512.h only): frame_io.h's quantize / quantize_frame
 * over 16 values per register, the same IEEE operations in the same order (NaN to
 * 0, times the scale, clamp at +-channel_max, + copysign(0.5, v), truncation), so
 * the values are the scalar loop's bit for bit. The scalar v + (v < 0 ? -0.5 :
 * 0.5) adds +0.5 to -0.0 where copysign adds -0.5: both truncate to 0.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SIMD_QUANTIZE_AVX512_H
#define INCLUDED_GPUFEC_SIMD_QUANTIZE_AVX512_H

#include <cstdint>
#include <immintrin.h>

namespace gpufec {
namespace simd {
namespace {
namespace isa_ops {

/*! round half away from zero of clamp(v, -cmax, cmax), truncated to T (16 values). */
template <typename T>
inline void quantize16(__m512 v, __m512 cmax, T* q)
{
    const __m512i sign = _mm512_set1_epi32(static_cast<int>(0x80000000u));
    const __m512i half = _mm512_castps_si512(_mm512_set1_ps(0.5f));
    v = _mm512_max_ps(_mm512_min_ps(v, cmax), _mm512_sub_ps(_mm512_setzero_ps(), cmax));
    // (v & sign) | 0.5: copysign(0.5, v)
    const __m512 h = _mm512_castsi512_ps(
        _mm512_ternarylogic_epi32(_mm512_castps_si512(v), sign, half, 0xea));
    const __m512i r = _mm512_cvttps_epi32(_mm512_add_ps(v, h));
    if constexpr (sizeof(T) == 1)
        _mm_storeu_si128(reinterpret_cast<__m128i*>(q), _mm512_cvtepi32_epi8(r));
    else
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(q), _mm512_cvtepi32_epi16(r));
}

/*!
 * frame_io.h's fixed-point quantize of float LLRs in[0..n) into q, 16 values at a
 * time; returns the count done (a multiple of 16), the rest is the caller's.
 */
template <typename T>
inline int quantize_fixed(const float* in, int n, float scale, float cmax, T* q)
{
    const __m512 s = _mm512_set1_ps(scale), c = _mm512_set1_ps(cmax);
    int i = 0;
    for (; i + 16 <= n; i += 16) {
        const __m512 v = _mm512_loadu_ps(in + i);
        const __mmask16 ord = _mm512_cmp_ps_mask(v, v, _CMP_ORD_Q);
        quantize16<T>(_mm512_maskz_mul_ps(ord, v, s), c, q + i);
    }
    return i;
}

/*!
 * The same of int8 LLRs in[0..n) standing for float(v) * step (quantize_frame):
 * (float(v) * step) * scale, then as above.
 */
template <typename T>
inline int
quantize_fixed8(const int8_t* in, int n, float step, float scale, float cmax, T* q)
{
    const __m512 st = _mm512_set1_ps(step), s = _mm512_set1_ps(scale),
                 c = _mm512_set1_ps(cmax);
    int i = 0;
    for (; i + 16 <= n; i += 16) {
        const __m512 v = _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(
            _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i))));
        quantize16<T>(_mm512_mul_ps(_mm512_mul_ps(v, st), s), c, q + i);
    }
    return i;
}

} // namespace isa_ops
} // namespace
} // namespace simd
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_SIMD_QUANTIZE_AVX512_H */
