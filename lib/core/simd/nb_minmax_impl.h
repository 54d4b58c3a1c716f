/* -*- c++ -*- */
/*
 * Body of the vector nonbinary convolution protokernels (nb_minmax.h), included
 * by nb_minmax_avx2.cc and nb_minmax_avx512.cc with the ISA's vector type V of W
 * floats and its operations. For q = R*W, out block r (a = W r + j) takes, for
 * a' = W h + l, y block r ^ h permuted by j -> j ^ l: the W permutations of y are
 * made once per l (R permutes) and shared by the R values of h, so a (q, q)
 * convolution costs q R (op, min) pairs and q permutes, all data-independent.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_NB_MINMAX_IMPL_H
#define INCLUDED_GPUFEC_NB_MINMAX_IMPL_H

namespace gpufec {
namespace simd {
namespace NB_ISA {

template <bool MINMAX, int R>
inline void conv_blocks(const float* x, const float* y, float* out)
{
    // A accumulators per output block break the min dependency chains (min is
    // exact and associative: the order does not change the result).
    constexpr int A = R >= 4 ? 1 : 4 / R;
    V best[A][R];
    V yv[R];
    V yl[R];
    for (int r = 0; r < R; r++) {
        for (int c = 0; c < A; c++) {
            best[c][r] = vinf();
        }
        yv[r] = vload(y + r * W);
    }
    for (int l = 0; l < W; l += A) {
        for (int c = 0; c < A; c++) {
            const VI perm = vperm_index(l + c);
            for (int r = 0; r < R; r++) {
                yl[r] = vpermute(yv[r], perm);
            }
            for (int h = 0; h < R; h++) {
                const V xb = vbroadcast(x[h * W + l + c]);
                for (int r = 0; r < R; r++) {
                    const V v = MINMAX ? vmax(xb, yl[r ^ h]) : vadd(xb, yl[r ^ h]);
                    best[c][r] = vmin(best[c][r], v);
                }
            }
        }
    }
    for (int r = 0; r < R; r++) {
        V b = best[0][r];
        for (int c = 1; c < A; c++) {
            b = vmin(b, best[c][r]);
        }
        vstore(out + r * W, b);
    }
}

template <bool MINMAX>
void conv(const float* x, const float* y, float* out, int q)
{
    switch (q / W) {
    case 1:
        conv_blocks<MINMAX, 1>(x, y, out);
        return;
    case 2:
        conv_blocks<MINMAX, 2>(x, y, out);
        return;
    case 4:
        conv_blocks<MINMAX, 4>(x, y, out);
        return;
    case 8:
        conv_blocks<MINMAX, 8>(x, y, out);
        return;
    case 16:
        conv_blocks<MINMAX, 16>(x, y, out);
        return;
    case 32:
        conv_blocks<MINMAX, 32>(x, y, out);
        return;
    default: // q < W
        if (MINMAX) {
            nb_minmax_generic().min_max(x, y, out, q);
        } else {
            nb_minmax_generic().min_sum(x, y, out, q);
        }
    }
}

} // namespace NB_ISA
} // namespace simd
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_NB_MINMAX_IMPL_H */
