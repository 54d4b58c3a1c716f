/* -*- c++ -*- */
/*
 * The avx2 channel kernel (channel_kernels.h, body in channel_kernels_x86.h):
 * 8 Philox blocks (32 samples) a group in 256-bit vectors. AVX2 has no unsigned
 * conversion to float: (float)x is (float)(x >> 16) * 65536 + (float)(x & 0xffff),
 * two exact terms and one rounding, so the same value.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#if defined(__x86_64__) || defined(__i386__)
#include "channel/channel_kernels_x86.h"

namespace gpufec {
namespace chan {
namespace {

struct avx2 {
    static constexpr size_t W = 8;
    static constexpr size_t U = 3; // independent vectors a step
    using vi = __m256i;
    using vf = __m256;
    using mask = __m256; // all ones or all zeros a lane

    static vi set1_i(uint32_t x) { return _mm256_set1_epi32(static_cast<int>(x)); }
    static vf set1_f(float x) { return _mm256_set1_ps(x); }
    static vi zero_i() { return _mm256_setzero_si256(); }
    static vi lane_index() { return _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7); }
    static vi add_i(vi a, vi b) { return _mm256_add_epi32(a, b); }
    static vi sub_i(vi a, vi b) { return _mm256_sub_epi32(a, b); }
    static vi and_i(vi a, vi b) { return _mm256_and_si256(a, b); }
    static vi or_i(vi a, vi b) { return _mm256_or_si256(a, b); }
    static vi xor_i(vi a, vi b) { return _mm256_xor_si256(a, b); }
    static vi xor3(vi a, vi b, vi c)
    {
        return _mm256_xor_si256(_mm256_xor_si256(a, b), c);
    }
    template <int N>
    static vi srli(vi a)
    {
        return _mm256_srli_epi32(a, N);
    }
    template <int N>
    static vi slli(vi a)
    {
        return _mm256_slli_epi32(a, N);
    }
    static vi slli_var(vi a, int n) { return _mm256_slli_epi32(a, n); }
    /* hi and lo words of the 32 x 32 -> 64 bit products a * m, lane by lane */
    static void mulhilo(vi a, vi m, vi& hi, vi& lo)
    {
        const vi even = _mm256_mul_epu32(a, m);
        const vi odd = _mm256_mul_epu32(_mm256_shuffle_epi32(a, 0xb1), m);
        hi = _mm256_blend_epi32(_mm256_shuffle_epi32(even, 0xb1), odd, 0xaa);
        lo = _mm256_blend_epi32(even, _mm256_shuffle_epi32(odd, 0xb1), 0xaa);
    }
    static vf as_f(vi a) { return _mm256_castsi256_ps(a); }
    static vi as_i(vf a) { return _mm256_castps_si256(a); }
    static vf u2f(vi a)
    {
        const vf hi = _mm256_cvtepi32_ps(_mm256_srli_epi32(a, 16));
        const vf lo = _mm256_cvtepi32_ps(_mm256_and_si256(a, _mm256_set1_epi32(0xffff)));
        return _mm256_add_ps(_mm256_mul_ps(hi, _mm256_set1_ps(65536.0f)), lo);
    }
    static vf i2f(vi a) { return _mm256_cvtepi32_ps(a); }
    static vi f2i_trunc(vf a) { return _mm256_cvttps_epi32(a); }
    static vi f2i_round(vf a) { return _mm256_cvtps_epi32(a); }
    static vf add(vf a, vf b) { return _mm256_add_ps(a, b); }
    static vf sub(vf a, vf b) { return _mm256_sub_ps(a, b); }
    static vf mul(vf a, vf b) { return _mm256_mul_ps(a, b); }
    static vf div(vf a, vf b) { return _mm256_div_ps(a, b); }
    static vf sqrt(vf a) { return _mm256_sqrt_ps(a); }
    static vf min(vf a, vf b) { return _mm256_min_ps(a, b); }
    static vf max(vf a, vf b) { return _mm256_max_ps(a, b); }
    /* a with its sign bit flipped where bit 31 of f is set */
    static vf flip_sign(vf a, vi f)
    {
        return _mm256_xor_ps(
            a, _mm256_castsi256_ps(_mm256_and_si256(f, _mm256_set1_epi32(INT32_MIN))));
    }
    static mask cmpgt(vf a, vf b) { return _mm256_cmp_ps(a, b, _CMP_GT_OQ); }
    static mask cmpge(vf a, vf b) { return _mm256_cmp_ps(a, b, _CMP_GE_OQ); }
    static mask test_i(vi a, vi b)
    {
        return _mm256_castsi256_ps(_mm256_xor_si256(
            _mm256_cmpeq_epi32(_mm256_and_si256(a, b), _mm256_setzero_si256()),
            _mm256_set1_epi32(-1)));
    }
    /* m ? a : b */
    static vf select_f(mask m, vf a, vf b) { return _mm256_blendv_ps(b, a, m); }
    static vi select_i(mask m, vi a, vi b)
    {
        return _mm256_castps_si256(
            _mm256_blendv_ps(_mm256_castsi256_ps(b), _mm256_castsi256_ps(a), m));
    }
    static vi load_i(const void* p)
    {
        return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    }
    static void store_i(void* p, vi a)
    {
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), a);
    }
    static void store_f(float* p, vf a) { _mm256_storeu_ps(p, a); }
    /* out[4 l + t] = z[t] lane l */
    static void store_interleaved(const vf z[4], float* out)
    {
        const vf t01lo = _mm256_unpacklo_ps(z[0], z[1]);
        const vf t01hi = _mm256_unpackhi_ps(z[0], z[1]);
        const vf t23lo = _mm256_unpacklo_ps(z[2], z[3]);
        const vf t23hi = _mm256_unpackhi_ps(z[2], z[3]);
        // 128-bit half h: lanes 4h, 4h + 1, 4h + 2, 4h + 3
        const vf a = _mm256_castpd_ps(
            _mm256_unpacklo_pd(_mm256_castps_pd(t01lo), _mm256_castps_pd(t23lo)));
        const vf b = _mm256_castpd_ps(
            _mm256_unpackhi_pd(_mm256_castps_pd(t01lo), _mm256_castps_pd(t23lo)));
        const vf c = _mm256_castpd_ps(
            _mm256_unpacklo_pd(_mm256_castps_pd(t01hi), _mm256_castps_pd(t23hi)));
        const vf d = _mm256_castpd_ps(
            _mm256_unpackhi_pd(_mm256_castps_pd(t01hi), _mm256_castps_pd(t23hi)));
        _mm256_storeu_ps(out, _mm256_permute2f128_ps(a, b, 0x20));      // a0 b0
        _mm256_storeu_ps(out + 8, _mm256_permute2f128_ps(c, d, 0x20));  // c0 d0
        _mm256_storeu_ps(out + 16, _mm256_permute2f128_ps(a, b, 0x31)); // a1 b1
        _mm256_storeu_ps(out + 24, _mm256_permute2f128_ps(c, d, 0x31)); // c1 d1
    }
    /* byte t of 32-bit lane l = low byte of q[t] lane l */
    static vi pack_bytes(const vi q[4])
    {
        const vi b0 = _mm256_and_si256(q[0], _mm256_set1_epi32(0xff));
        const vi b1 =
            _mm256_and_si256(_mm256_slli_epi32(q[1], 8), _mm256_set1_epi32(0xff00));
        const vi b2 =
            _mm256_and_si256(_mm256_slli_epi32(q[2], 16), _mm256_set1_epi32(0xff0000));
        const vi b3 = _mm256_slli_epi32(q[3], 24);
        return _mm256_or_si256(_mm256_or_si256(b0, b1), _mm256_or_si256(b2, b3));
    }
    /* out[i] = bit i of w, i < 32, one a byte */
    static void expand_bits(uint32_t w, uint8_t* out)
    {
        // byte i of the word's copy: byte i / 8 of w, then its bit i % 8
        const __m256i spread = _mm256_shuffle_epi8(_mm256_set1_epi32(static_cast<int>(w)),
                                                   _mm256_setr_epi8(0,
                                                                    0,
                                                                    0,
                                                                    0,
                                                                    0,
                                                                    0,
                                                                    0,
                                                                    0,
                                                                    1,
                                                                    1,
                                                                    1,
                                                                    1,
                                                                    1,
                                                                    1,
                                                                    1,
                                                                    1,
                                                                    2,
                                                                    2,
                                                                    2,
                                                                    2,
                                                                    2,
                                                                    2,
                                                                    2,
                                                                    2,
                                                                    3,
                                                                    3,
                                                                    3,
                                                                    3,
                                                                    3,
                                                                    3,
                                                                    3,
                                                                    3));
        const __m256i bit = _mm256_set1_epi64x(0x8040201008040201ll);
        const __m256i set = _mm256_cmpeq_epi8(_mm256_and_si256(spread, bit), bit);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out),
                            _mm256_and_si256(set, _mm256_set1_epi8(1)));
    }
};

} // namespace
} // namespace chan
} // namespace gpufec

GPUFEC_DEFINE_CHANNEL_KERNEL(avx2, avx2)
#endif
