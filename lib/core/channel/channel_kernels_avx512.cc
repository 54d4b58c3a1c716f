/* -*- c++ -*- */
/*
 * The avx512 channel kernel (channel_kernels.h, body in channel_kernels_x86.h):
 * 16 Philox blocks (64 samples) a group in 512-bit vectors, AVX-512 F / BW / VL.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#if defined(__x86_64__) || defined(__i386__)
#include "channel/channel_kernels_x86.h"

namespace gpufec {
namespace chan {
namespace {

struct avx512 {
    static constexpr size_t W = 16;
    static constexpr size_t U = 2; // independent vectors a step
    using vi = __m512i;
    using vf = __m512;
    using mask = __mmask16;

    static vi set1_i(uint32_t x) { return _mm512_set1_epi32(static_cast<int>(x)); }
    static vf set1_f(float x) { return _mm512_set1_ps(x); }
    static vi zero_i() { return _mm512_setzero_si512(); }
    static vi lane_index()
    {
        return _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    }
    static vi add_i(vi a, vi b) { return _mm512_add_epi32(a, b); }
    static vi sub_i(vi a, vi b) { return _mm512_sub_epi32(a, b); }
    static vi and_i(vi a, vi b) { return _mm512_and_si512(a, b); }
    static vi or_i(vi a, vi b) { return _mm512_or_si512(a, b); }
    static vi xor_i(vi a, vi b) { return _mm512_xor_si512(a, b); }
    static vi xor3(vi a, vi b, vi c) { return _mm512_ternarylogic_epi32(a, b, c, 0x96); }
    template <int N>
    static vi srli(vi a)
    {
        return _mm512_srli_epi32(a, N);
    }
    template <int N>
    static vi slli(vi a)
    {
        return _mm512_slli_epi32(a, N);
    }
    static vi slli_var(vi a, int n)
    {
        return _mm512_slli_epi32(a, static_cast<unsigned>(n));
    }
    /* hi and lo words of the 32 x 32 -> 64 bit products a * m, lane by lane */
    static void mulhilo(vi a, vi m, vi& hi, vi& lo)
    {
        const vi even = _mm512_mul_epu32(a, m);
        const vi odd = _mm512_mul_epu32(_mm512_shuffle_epi32(a, _MM_PERM_CDAB), m);
        hi = _mm512_mask_shuffle_epi32(odd, 0x5555, even, _MM_PERM_CDAB);
        lo = _mm512_mask_shuffle_epi32(even, 0xAAAA, odd, _MM_PERM_CDAB);
    }
    static vf as_f(vi a) { return _mm512_castsi512_ps(a); }
    static vi as_i(vf a) { return _mm512_castps_si512(a); }
    static vf u2f(vi a) { return _mm512_cvtepu32_ps(a); }
    static vf i2f(vi a) { return _mm512_cvtepi32_ps(a); }
    static vi f2i_trunc(vf a) { return _mm512_cvttps_epi32(a); }
    static vi f2i_round(vf a) { return _mm512_cvtps_epi32(a); }
    static vf add(vf a, vf b) { return _mm512_add_ps(a, b); }
    static vf sub(vf a, vf b) { return _mm512_sub_ps(a, b); }
    static vf mul(vf a, vf b) { return _mm512_mul_ps(a, b); }
    static vf div(vf a, vf b) { return _mm512_div_ps(a, b); }
    static vf sqrt(vf a) { return _mm512_sqrt_ps(a); }
    static vf min(vf a, vf b) { return _mm512_min_ps(a, b); }
    static vf max(vf a, vf b) { return _mm512_max_ps(a, b); }
    /* a with its sign bit flipped where bit 31 of f is set */
    static vf flip_sign(vf a, vi f)
    {
        return _mm512_castsi512_ps(_mm512_ternarylogic_epi32(
            _mm512_castps_si512(a), f, _mm512_set1_epi32(INT32_MIN), 0x78));
    }
    static mask cmpgt(vf a, vf b) { return _mm512_cmp_ps_mask(a, b, _CMP_GT_OQ); }
    static mask cmpge(vf a, vf b) { return _mm512_cmp_ps_mask(a, b, _CMP_GE_OQ); }
    static mask test_i(vi a, vi b) { return _mm512_test_epi32_mask(a, b); }
    /* m ? a : b */
    static vf select_f(mask m, vf a, vf b) { return _mm512_mask_blend_ps(m, b, a); }
    static vi select_i(mask m, vi a, vi b) { return _mm512_mask_blend_epi32(m, b, a); }
    static vi load_i(const void* p) { return _mm512_loadu_si512(p); }
    static void store_i(void* p, vi a) { _mm512_storeu_si512(p, a); }
    static void store_f(float* p, vf a) { _mm512_storeu_ps(p, a); }
    /* out[4 l + t] = z[t] lane l */
    static void store_interleaved(const vf z[4], float* out)
    {
        const vf t01lo = _mm512_unpacklo_ps(z[0], z[1]); // z0[l] z1[l] z0[l+1] z1[l+1]
        const vf t01hi = _mm512_unpackhi_ps(z[0], z[1]);
        const vf t23lo = _mm512_unpacklo_ps(z[2], z[3]);
        const vf t23hi = _mm512_unpackhi_ps(z[2], z[3]);
        // 128-bit lane k: samples of lanes 4k, 4k + 1, 4k + 2, 4k + 3
        const vf a = _mm512_castpd_ps(
            _mm512_unpacklo_pd(_mm512_castps_pd(t01lo), _mm512_castps_pd(t23lo)));
        const vf b = _mm512_castpd_ps(
            _mm512_unpackhi_pd(_mm512_castps_pd(t01lo), _mm512_castps_pd(t23lo)));
        const vf c = _mm512_castpd_ps(
            _mm512_unpacklo_pd(_mm512_castps_pd(t01hi), _mm512_castps_pd(t23hi)));
        const vf d = _mm512_castpd_ps(
            _mm512_unpackhi_pd(_mm512_castps_pd(t01hi), _mm512_castps_pd(t23hi)));
        // a0 b0 c0 d0 | a1 b1 c1 d1 | ... (128-bit pieces)
        const vf ab01 = _mm512_shuffle_f32x4(a, b, 0x44);                   // a0 a1 b0 b1
        const vf cd01 = _mm512_shuffle_f32x4(c, d, 0x44);                   // c0 c1 d0 d1
        const vf ab23 = _mm512_shuffle_f32x4(a, b, 0xee);                   // a2 a3 b2 b3
        const vf cd23 = _mm512_shuffle_f32x4(c, d, 0xee);                   // c2 c3 d2 d3
        _mm512_storeu_ps(out, _mm512_shuffle_f32x4(ab01, cd01, 0x88));      // a0 b0 c0 d0
        _mm512_storeu_ps(out + 16, _mm512_shuffle_f32x4(ab01, cd01, 0xdd)); // a1 b1 c1 d1
        _mm512_storeu_ps(out + 32, _mm512_shuffle_f32x4(ab23, cd23, 0x88)); // a2 b2 c2 d2
        _mm512_storeu_ps(out + 48, _mm512_shuffle_f32x4(ab23, cd23, 0xdd)); // a3 b3 c3 d3
    }
    /* byte t of 32-bit lane l = low byte of q[t] lane l */
    static vi pack_bytes(const vi q[4])
    {
        const vi lo = _mm512_ternarylogic_epi32(
            _mm512_set1_epi32(0xff), q[0], _mm512_slli_epi32(q[1], 8), 0xca);
        const vi hi = _mm512_ternarylogic_epi32(_mm512_set1_epi32(0xffffff),
                                                _mm512_slli_epi32(q[2], 16),
                                                _mm512_slli_epi32(q[3], 24),
                                                0xca);
        return _mm512_ternarylogic_epi32(_mm512_set1_epi32(0xffff), lo, hi, 0xca);
    }
    /* out[i] = bit i of w, i < 32, one a byte */
    static void expand_bits(uint32_t w, uint8_t* out)
    {
        const __m256i ones = _mm256_set1_epi8(1);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out),
                            _mm256_maskz_mov_epi8(static_cast<__mmask32>(w), ones));
    }
};

} // namespace
} // namespace chan
} // namespace gpufec

GPUFEC_DEFINE_CHANNEL_KERNEL(avx512, avx512)
#endif
