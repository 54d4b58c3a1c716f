/* -*- c++ -*- */
/*
 * Generic (scalar) nonbinary check-node convolution, the reference of the
 * nb_minmax protokernels (nb_minmax.h): x is visited in ascending order and the
 * scan stops once x(a') reaches the best result so far (op(a, b) >= a for
 * b >= 0), exact and fast when messages are reliable.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "nb_minmax.h"

#include <algorithm>
#include <limits>
#include <numeric>

namespace gpufec {
namespace simd {

namespace {

template <bool MINMAX>
void conv_generic(const float* x, const float* y, float* out, int q)
{
    int idx[256];
    std::iota(idx, idx + q, 0);
    std::sort(idx, idx + q, [x](int a, int b) { return x[a] < x[b]; });
    for (int a = 0; a < q; a++) {
        float best = std::numeric_limits<float>::infinity();
        for (int t = 0; t < q; t++) {
            const int ap = idx[t];
            const float xa = x[ap];
            if (xa >= best) {
                break;
            }
            const float yb = y[a ^ ap];
            const float v = MINMAX ? std::max(xa, yb) : xa + yb;
            if (v < best) {
                best = v;
            }
        }
        out[a] = best;
    }
}

void gather_generic(const float* in, const uint8_t* idx, float* out, int q)
{
    for (int a = 0; a < q; a++) {
        out[a] = in[idx[a]];
    }
}

} // namespace

const nb_minmax_kernel& nb_minmax_generic()
{
    static const nb_minmax_kernel k{
        "generic", conv_generic<true>, conv_generic<false>, gather_generic
    };
    return k;
}

} // namespace simd
} // namespace gpufec
