/* -*- c++ -*- */
/*
 * Bit LLRs of a GF(2^p) symbol's binary image to its normalized symbol LLR vector
 * (include/gpufec/nb_channel.h; DESIGN.md convention, min 0).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gpufec/error.h>
#include <gpufec/nb_channel.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace gpufec {

void nb_bit_llrs_to_symbol_llrs(const float* bit_llrs,
                                size_t symbols,
                                int p,
                                float* symbol_llrs)
{
    if (p < 1 || p > 8) {
        throw invalid_argument("nb_bit_llrs_to_symbol_llrs: p = " + std::to_string(p) +
                               " is outside [1, 8]");
    }
    if (symbols > 0 && (!bit_llrs || !symbol_llrs)) {
        throw invalid_argument("nb_bit_llrs_to_symbol_llrs: null pointer");
    }
    const int q = 1 << p;
    for (size_t s = 0; s < symbols; s++) {
        const float* l = bit_llrs + s * p;
        float* out = symbol_llrs + s * q;
        float base = 0.0f;
        float lj[8];
        for (int j = 0; j < p; j++) {
            lj[j] = std::isnan(l[j]) ? 0.0f : l[j];
            base += std::min(0.0f, lj[j]);
        }
        // Gray-free recursion: out[a] = out[a without its top bit] + l[top bit].
        out[0] = -base;
        for (int j = 0; j < p; j++) {
            const int half = 1 << j;
            for (int a = 0; a < half; a++) {
                out[half + a] = out[a] + lj[j];
            }
        }
        // Rounding may leave the minimum a hair off 0: normalize exactly.
        float mn = out[0];
        for (int a = 1; a < q; a++) {
            mn = std::min(mn, out[a]);
        }
        for (int a = 0; a < q; a++) {
            out[a] = std::max(0.0f, out[a] - mn);
        }
    }
}

void nb_normalize_symbol_llrs(float* symbol_llrs, size_t symbols, int q)
{
    for (size_t s = 0; s < symbols; s++) {
        float* v = symbol_llrs + s * q;
        const float mn = *std::min_element(v, v + q);
        for (int a = 0; a < q; a++) {
            v[a] -= mn;
        }
    }
}

} // namespace gpufec
