/* -*- c++ -*- */
/*
 * AVX-512 protokernel of the nonbinary check-node convolution (nb_minmax.h):
 * GF(q) vectors as q/16 registers of 16 floats (GF(16) = one register, GF(32) =
 * two), XOR permutations by vpermps. Compiled with -mavx512f only; chosen at run
 * time.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "nb_minmax.h"
// GCC 12 warns about its own _mm512_undefined_* inside the set1/permute intrinsics
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

namespace gpufec {
namespace simd {
namespace nb_avx512 {

using V = __m512;
using VI = __m512i;
constexpr int W = 16;
inline V vinf() { return _mm512_set1_ps(__builtin_inff()); }
inline V vload(const float* p) { return _mm512_loadu_ps(p); }
inline void vstore(float* p, V v) { _mm512_storeu_ps(p, v); }
inline V vbroadcast(float x) { return _mm512_set1_ps(x); }
inline V vmax(V a, V b) { return _mm512_max_ps(a, b); }
inline V vmin(V a, V b) { return _mm512_min_ps(a, b); }
inline V vadd(V a, V b) { return _mm512_add_ps(a, b); }
inline VI vperm_index(int l)
{
    return _mm512_xor_si512(
        _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
        _mm512_set1_epi32(l));
}
inline V vpermute(V v, VI idx) { return _mm512_permutexvar_ps(idx, v); }

/* q = 16: one vpermps; q = 32: one vpermt2ps per half; else hardware gathers. */
void gather(const float* in, const uint8_t* idx, float* out, int q)
{
    if (q < 16) {
        nb_minmax_generic().gather(in, idx, out, q);
    } else if (q == 16) {
        const __m512i i0 =
            _mm512_cvtepu8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(idx)));
        _mm512_storeu_ps(out, _mm512_permutexvar_ps(i0, _mm512_loadu_ps(in)));
    } else if (q == 32) {
        const __m512 lo = _mm512_loadu_ps(in);
        const __m512 hi = _mm512_loadu_ps(in + 16);
        for (int h = 0; h < 2; h++) {
            const __m512i ih = _mm512_cvtepu8_epi32(
                _mm_loadu_si128(reinterpret_cast<const __m128i*>(idx + 16 * h)));
            _mm512_storeu_ps(out + 16 * h, _mm512_permutex2var_ps(lo, ih, hi));
        }
    } else {
        for (int a = 0; a < q; a += 16) {
            const __m512i ia = _mm512_cvtepu8_epi32(
                _mm_loadu_si128(reinterpret_cast<const __m128i*>(idx + a)));
            _mm512_storeu_ps(out + a, _mm512_i32gather_ps(ia, in, 4));
        }
    }
}

} // namespace nb_avx512
} // namespace simd
} // namespace gpufec

#define NB_ISA nb_avx512
#include "nb_minmax_impl.h"

namespace gpufec {
namespace simd {

const nb_minmax_kernel& nb_minmax_avx512()
{
    static const nb_minmax_kernel k{
        "avx512", nb_avx512::conv<true>, nb_avx512::conv<false>, nb_avx512::gather
    };
    return k;
}

} // namespace simd
} // namespace gpufec
