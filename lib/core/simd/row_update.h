/* -*- c++ -*- */
/*
 * Copyright 2026 The gr-gpufec authors.
 *
 * The check-node row update of the SIMD min-sum-family kernels over a W-lane
 * group: min-sum, normalized and offset min-sum, and self-corrected min-sum
 * (Andrade et al., "Near-LSPA Performance at MSA Complexity": a V2C whose sign
 * changed against the previous iteration's is erased). One row of W frames
 * inter-frame (the layout of "Implementation of a Heterogeneous LDPC Decoder on
 * ARM and GPU of Mobile Devices") or W rows of a layer intra-frame; same
 * operations in the same order as cpu_reference_decoder's process_row /
 * min_sum_row. Fixed point saturates at +-max and clamps C2V magnitudes at
 * c2v_max after the rule's correction; float uses only IEEE add/sub/mul/compare
 * in the reference's order (no FMA, no reassociation), so it is the reference's
 * result bit for bit on every ISA.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SIMD_ROW_UPDATE_H
#define INCLUDED_GPUFEC_SIMD_ROW_UPDATE_H

#include "lane_ops.h"
#include "num_traits.h"
#include "simd_kernels.h"
#include <algorithm>
#include <cstdint>
#include <cstring>

namespace gpufec {
namespace simd {
namespace {

/*!
 * The float row of row_update() in GCC/Clang vector extensions (W floats, lowered
 * to the ISA's registers; plain loops stayed scalar: without -ffast-math GCC 12
 * does not vectorize the float min/max/select pattern). Every operation is the
 * reference's scalar one lane-wise: std::min(a, b) = b < a ? b : a,
 * std::max(a, b) = a < b ? b : a, so the results are bit-identical.
 */
template <int W,
          check_node_rule Rule,
          bool Flood,
          bool Masked,
          typename LIn,
          typename LOut,
          typename MAt,
          typename PAt>
inline void row_update_float(int d,
                             LIn lin,
                             LOut lout,
                             MAt mat,
                             PAt pat,
                             float* __restrict ext,
                             float* __restrict v2c,
                             const int32_t* keep,
                             const job& jb)
{
    typedef float vf __attribute__((vector_size(W * 4)));
    typedef int32_t vi __attribute__((vector_size(W * 4)));
    auto ld = [](const float* p) {
        vf v;
        std::memcpy(&v, p, sizeof v);
        return v;
    };
    auto st = [](float* p, const vf& v) { std::memcpy(p, &v, sizeof v); };
    auto fabs_v = [](const vf& v) { return (vf)((vi)v & 0x7fffffff); };
    const float lim = num<float>::init;
    const vf zero = vf{} * 0.0f;
    vf min1 = zero + lim, min2 = zero + lim;
    vi neg = (vi)zero & 0;
    for (int j = 0; j < d; ++j) {
        if constexpr (Masked) {
            and_into<int32_t, W>(reinterpret_cast<int32_t*>(mat(j)), keep);
            if constexpr (check_node_traits<Rule>::self_corrected)
                and_into<int32_t, W>(reinterpret_cast<int32_t*>(pat(j)), keep);
        }
        const vf x = ld(lin(j)) - ld(mat(j));
        st(ext + static_cast<size_t>(j) * W, x);
        vf e = x < -lim ? zero - lim : x; // std::max(x, -lim)
        e = lim < e ? zero + lim : e;     // std::min(e, lim)
        if constexpr (check_node_traits<Rule>::self_corrected) {
            float* p = pat(j);
            const vf pv = ld(p);
            const vi changed = ((e < 0.0f) & (pv > 0.0f)) | ((e > 0.0f) & (pv < 0.0f));
            e = changed ? zero : e;
            st(p, e);
        }
        st(v2c + static_cast<size_t>(j) * W, e);
        const vf a = fabs_v(e);
        neg ^= (e < 0.0f);
        const vf mx = min1 < a ? a : min1; // std::max(min1, a)
        min2 = mx < min2 ? mx : min2;      // std::min(min2, mx)
        min1 = a < min1 ? a : min1;        // std::min(min1, a)
    }
    vf mag1 = min1, mag2 = min2;
    if constexpr (check_node_traits<Rule>::correction ==
                  magnitude_correction::normalized) {
        mag1 = jb.alpha * min1;
        mag2 = jb.alpha * min2;
    } else if constexpr (check_node_traits<Rule>::correction ==
                         magnitude_correction::offset) {
        mag1 = min1 - jb.beta;
        mag2 = min2 - jb.beta;
        mag1 = mag1 < 0.0f ? zero : mag1; // std::max(m - beta, 0)
        mag2 = mag2 < 0.0f ? zero : mag2;
    }
    for (int j = 0; j < d; ++j) {
        const vf v = ld(v2c + static_cast<size_t>(j) * W);
        const vf mag = fabs_v(v) == min1 ? mag2 : mag1;
        const vi sgn = neg ^ (v < 0.0f);
        const vf m = sgn ? -mag : mag;
        st(mat(j), m);
        if constexpr (Flood)
            st(lout(j), ld(lout(j)) + m);
        else
            st(lout(j), ld(ext + static_cast<size_t>(j) * W) + m);
    }
}

/*!
 * The rule's correction of the fixed-point row minima: NMS (m * alpha_q + 8) >> 4
 * (rounded), OMS max(m - beta_q, 0), then the C2V clamp at c2v_max.
 */
template <typename T, int W, check_node_rule Rule>
inline void
corrected_magnitudes(const T* min1, const T* min2, T* mag1, T* mag2, const job& jb)
{
    for (int l = 0; l < W; ++l) {
        int a1 = min1[l], a2 = min2[l];
        if constexpr (check_node_traits<Rule>::correction ==
                      magnitude_correction::normalized) {
            a1 = (a1 * jb.alpha_q + 8) >> 4; // rounded
            a2 = (a2 * jb.alpha_q + 8) >> 4;
        } else if constexpr (check_node_traits<Rule>::correction ==
                             magnitude_correction::offset) {
            a1 = std::max(a1 - jb.beta_q, 0);
            a2 = std::max(a2 - jb.beta_q, 0);
        }
        a1 = std::min(a1, jb.c2v_max);
        a2 = std::min(a2, jb.c2v_max);
        mag1[l] = static_cast<T>(a1);
        mag2[l] = static_cast<T>(a2);
    }
}

/*! The fixed-point row of row_update() (int8 / int16 lanes, saturating). */
template <typename T,
          int W,
          check_node_rule Rule,
          bool Flood,
          bool Masked,
          typename LIn,
          typename LOut,
          typename MAt,
          typename PAt>
inline void row_update_fixed(int d,
                             LIn lin,
                             LOut lout,
                             MAt mat,
                             PAt pat,
                             T* __restrict ext,
                             T* __restrict v2c,
                             const typename num<T>::M* keep,
                             const job& jb)
{
    using N = num<T>;
    using M = typename N::M;
    constexpr bool scms = check_node_traits<Rule>::self_corrected;
    T min1[W], min2[W];
    M neg[W];
    for (int l = 0; l < W; ++l) {
        min1[l] = N::init;
        min2[l] = N::init;
        neg[l] = 0;
    }
    for (int j = 0; j < d; ++j) {
        T* __restrict x = ext + static_cast<size_t>(j) * W;
        T* __restrict v = v2c + static_cast<size_t>(j) * W;
        if constexpr (Masked) {
            and_into<M, W>(reinterpret_cast<M*>(mat(j)), keep);
            if constexpr (scms)
                and_into<M, W>(reinterpret_cast<M*>(pat(j)), keep);
        }
        sub_lanes<T, W>(lin(j), mat(j), x);
        if constexpr (scms) {
            T* __restrict p = pat(j);
            for (int l = 0; l < W; ++l) {
                T e = x[l];
                const bool changed = ((e < 0) & (p[l] > 0)) | ((e > 0) & (p[l] < 0));
                e = changed ? T(0) : e;
                p[l] = e;
                v[l] = e;
                const T a = static_cast<T>(e < 0 ? -e : e);
                neg[l] ^= static_cast<M>(e < 0);
                min2[l] = std::min(min2[l], std::max(min1[l], a));
                min1[l] = std::min(min1[l], a);
            }
        } else {
            for (int l = 0; l < W; ++l) {
                const T e = x[l];
                const T a = static_cast<T>(e < 0 ? -e : e);
                neg[l] ^= static_cast<M>(e < 0);
                min2[l] = std::min(min2[l], std::max(min1[l], a));
                min1[l] = std::min(min1[l], a);
            }
        }
    }
    T mag1[W], mag2[W];
    corrected_magnitudes<T, W, Rule>(min1, min2, mag1, mag2, jb);
    for (int j = 0; j < d; ++j) {
        T* __restrict m = mat(j);
        const T* __restrict x = ext + static_cast<size_t>(j) * W;
        const T* __restrict v = (scms ? v2c : ext) + static_cast<size_t>(j) * W;
        for (int l = 0; l < W; ++l) {
            const T a = static_cast<T>(v[l] < 0 ? -v[l] : v[l]);
            const T mag = a == min1[l] ? mag2[l] : mag1[l];
            const bool s = (neg[l] != 0) != (v[l] < 0);
            m[l] = s ? static_cast<T>(-mag) : mag;
        }
        if constexpr (Flood)
            acc_lanes<T, W>(lout(j), m);
        else
            add_lanes<T, W>(x, m, lout(j));
    }
}

/*!
 * One check row over W lanes (W frames inter-frame, W rows of a block row
 * intra-frame): lin(j) / mat(j) / pat(j) give the W-lane posterior, C2V and (SCMS)
 * previous-V2C vectors of the row's j-th edge. Layered: lout(j) = lin(j) receives
 * L = extrinsic + C2V_new. Flooding: lout(j) (the next posterior, preset to the
 * channel) accumulates C2V_new. ext and v2c are scratch of d x W values (restrict:
 * no other pointer reaches them, so loops need no overlap check). Masked:
 * the lanes whose keep mask is 0 were refilled with a new frame this iteration,
 * so their stored C2V (and SCMS V2C) are cleared (ANDed) at first use, in place.
 */
template <typename T,
          int W,
          check_node_rule Rule,
          bool Flood,
          bool Masked,
          typename LIn,
          typename LOut,
          typename MAt,
          typename PAt>
inline void row_update(int d,
                       LIn lin,
                       LOut lout,
                       MAt mat,
                       PAt pat,
                       T* __restrict ext,
                       T* __restrict v2c,
                       const typename num<T>::M* keep,
                       const job& jb)
{
    if constexpr (num<T>::is_float)
        row_update_float<W, Rule, Flood, Masked>(
            d, lin, lout, mat, pat, ext, v2c, keep, jb);
    else
        row_update_fixed<T, W, Rule, Flood, Masked>(
            d, lin, lout, mat, pat, ext, v2c, keep, jb);
}

} // namespace
} // namespace simd
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_SIMD_ROW_UPDATE_H */
