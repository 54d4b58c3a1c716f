/* -*- c++ -*- */
/*
 * AVX2 protokernel of the nonbinary check-node convolution (nb_minmax.h): GF(q)
 * vectors as q/8 registers of 8 floats (GF(32) = 4 x 8), XOR permutations by
 * vpermps. Compiled with -mavx2 only; chosen at run time.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "nb_minmax.h"
#include <immintrin.h>

namespace gpufec {
namespace simd {
namespace nb_avx2 {

using V = __m256;
using VI = __m256i;
constexpr int W = 8;
inline V vinf() { return _mm256_set1_ps(__builtin_inff()); }
inline V vload(const float* p) { return _mm256_loadu_ps(p); }
inline void vstore(float* p, V v) { _mm256_storeu_ps(p, v); }
inline V vbroadcast(float x) { return _mm256_set1_ps(x); }
inline V vmax(V a, V b) { return _mm256_max_ps(a, b); }
inline V vmin(V a, V b) { return _mm256_min_ps(a, b); }
inline V vadd(V a, V b) { return _mm256_add_ps(a, b); }
inline VI vperm_index(int l)
{
    return _mm256_xor_si256(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
                            _mm256_set1_epi32(l));
}
inline V vpermute(V v, VI idx) { return _mm256_permutevar8x32_ps(v, idx); }

/* q = 8: one vpermps; else hardware gathers, 8 indices at a time. */
void gather(const float* in, const uint8_t* idx, float* out, int q)
{
    if (q < 8) {
        nb_minmax_generic().gather(in, idx, out, q);
    } else if (q == 8) {
        const __m256i i0 =
            _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(idx)));
        _mm256_storeu_ps(out, _mm256_permutevar8x32_ps(_mm256_loadu_ps(in), i0));
    } else {
        for (int a = 0; a < q; a += 8) {
            const __m256i ia = _mm256_cvtepu8_epi32(
                _mm_loadl_epi64(reinterpret_cast<const __m128i*>(idx + a)));
            _mm256_storeu_ps(out + a, _mm256_i32gather_ps(in, ia, 4));
        }
    }
}

} // namespace nb_avx2
} // namespace simd
} // namespace gpufec

#define NB_ISA nb_avx2
#include "nb_minmax_impl.h"

namespace gpufec {
namespace simd {

const nb_minmax_kernel& nb_minmax_avx2()
{
    static const nb_minmax_kernel k{
        "avx2", nb_avx2::conv<true>, nb_avx2::conv<false>, nb_avx2::gather
    };
    return k;
}

} // namespace simd
} // namespace gpufec
