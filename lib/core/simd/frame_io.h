/* -*- c++ -*- */
/*
 * Copyright 2026 The gr-gpufec authors.
 *
 * Frame input and output of the SIMD min-sum-family kernels: channel LLRs (float,
 * or int8 with a step) to decoder values (quantize: float clamped as the reference
 * decoder, fixed point rounded and saturated, NaN to 0), the punctured columns,
 * and a finished
 * frame's outputs (info bits, codeword, iterations, parity flag) from its hard
 * decisions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SIMD_FRAME_IO_H
#define INCLUDED_GPUFEC_SIMD_FRAME_IO_H

#include "lane_ops.h"
#include "num_traits.h"
#include "simd_kernels.h"
#include <algorithm>
#include <cstdint>
#include <vector>

namespace gpufec {
namespace simd {
namespace {

/*! Channel LLR -> decoder value: float clamped at +-1e6 (as the reference), fixed
 *  point rounded half away from zero and saturated at +-channel_max; NaN ("no
 *  information") -> 0, as decoder::decode() would have mapped it (it skips its own
 *  NaN scan for this decoder). */
template <typename T>
inline void quantize(const job& jb, const float* __restrict in, T* __restrict q)
{
    if constexpr (num<T>::is_float) {
        for (int i = 0; i < jb.n; ++i) {
            const float v = in[i] == in[i] ? in[i] : 0.0f;
            q[i] = std::min(std::max(v, -num<T>::init), num<T>::init);
        }
    } else {
        const float cmax = static_cast<float>(jb.channel_max);
        for (int i = isa_ops::quantize_fixed<T>(in, jb.n, jb.scale, cmax, q); i < jb.n;
             ++i) {
            float v = in[i] == in[i] ? in[i] * jb.scale : 0.0f;
            v = v > cmax ? cmax : v;
            v = v < -cmax ? -cmax : v;
            q[i] = static_cast<T>(static_cast<int>(v + (v < 0.0f ? -0.5f : 0.5f)));
        }
    }
}

/*!
 * Frame f's channel values: quantize() of its float LLRs, or of its int8 ones
 * converted as decoder::decode(int8_t*) converts them (float(v) * step8, then the
 * same operations), so both inputs give the same values.
 */
template <typename T>
inline void quantize_frame(const job& jb, size_t f, T* __restrict q)
{
    const size_t at = f * static_cast<size_t>(jb.n);
    if (!jb.llrs8) {
        quantize<T>(jb, jb.llrs + at, q);
        return;
    }
    const int8_t* __restrict in = jb.llrs8 + at;
    const float step = jb.step8;
    if constexpr (num<T>::is_float) {
        for (int i = 0; i < jb.n; ++i) {
            const float v = static_cast<float>(in[i]) * step;
            q[i] = std::min(std::max(v, -num<T>::init), num<T>::init);
        }
    } else {
        const float cmax = static_cast<float>(jb.channel_max);
        for (int i = isa_ops::quantize_fixed8<T>(in, jb.n, step, jb.scale, cmax, q);
             i < jb.n;
             ++i) {
            float v = (static_cast<float>(in[i]) * step) * jb.scale;
            v = v > cmax ? cmax : v;
            v = v < -cmax ? -cmax : v;
            q[i] = static_cast<T>(static_cast<int>(v + (v < 0.0f ? -0.5f : 0.5f)));
        }
    }
}

/*! The columns no input LLR feeds (punctured: LLR 0). */
inline std::vector<int> punctured_columns(const job& jb)
{
    std::vector<int> punctured;
    std::vector<uint8_t> fed(jb.cols, 0);
    for (int i = 0; i < jb.n; ++i)
        fed[jb.transmitted[i]] = 1;
    for (int c = 0; c < jb.cols; ++c)
        if (!fed[c])
            punctured.push_back(c);
    return punctured;
}

/*! Writes frame f's outputs from its hard decisions: hd(c) = column c's bit. */
template <typename HD>
inline void write_outputs_fn(const job& jb, size_t f, HD hd, int iters, bool ok)
{
    if (jb.out.info_bits) {
        uint8_t* dst = jb.out.info_bits + f * static_cast<size_t>(jb.k);
        for (int i = 0; i < jb.k; ++i)
            dst[i] = hd(jb.info_positions[i]);
    }
    if (jb.out.codewords) {
        uint8_t* dst = jb.out.codewords + f * static_cast<size_t>(jb.n);
        for (int i = 0; i < jb.n; ++i)
            dst[i] = hd(jb.transmitted[i]);
    }
    if (jb.out.iterations)
        jb.out.iterations[f] = iters;
    if (jb.out.parity_ok)
        jb.out.parity_ok[f] = ok ? 1 : 0;
}

/*! Writes frame f's outputs from its hard decisions (one byte per column). */
inline void
write_outputs(const job& jb, size_t f, const uint8_t* hard, int iters, bool ok)
{
    write_outputs_fn(
        jb, f, [hard](int c) { return hard[c]; }, iters, ok);
}

/*!
 * Writes frame f's outputs from its posteriors L (intra-frame: internal columns;
 * icol_info / tcol: the internal column of each info bit / transmitted bit).
 */
template <typename T>
inline void write_outputs_posteriors(const job& jb,
                                     size_t f,
                                     const T* __restrict L,
                                     const int* __restrict icol_info,
                                     const int* __restrict tcol,
                                     int iters,
                                     bool ok)
{
    if (jb.out.info_bits) {
        uint8_t* dst = jb.out.info_bits + f * static_cast<size_t>(jb.k);
        for (int i = 0; i < jb.k; ++i)
            dst[i] = L[icol_info[i]] < 0;
    }
    if (jb.out.codewords) {
        uint8_t* dst = jb.out.codewords + f * static_cast<size_t>(jb.n);
        for (int i = 0; i < jb.n; ++i)
            dst[i] = L[tcol[i]] < 0;
    }
    if (jb.out.iterations)
        jb.out.iterations[f] = iters;
    if (jb.out.parity_ok)
        jb.out.parity_ok[f] = ok ? 1 : 0;
}

} // namespace
} // namespace simd
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_SIMD_FRAME_IO_H */
