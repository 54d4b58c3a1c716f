/* -*- c++ -*- */
/*
 * Copyright 2026 The gr-gpufec authors.
 *
 * Lane operations of the SIMD min-sum-family kernels in portable C++ (namespace
 * generic_ops): the generic protokernel's own, and the fallback of every ISA
 * header (ops_sse41.h, ops_avx2.h, ops_avx512.h, ops_neon.h define the same names
 * in namespace isa_ops, lane_ops.h picks one by the translation unit's ISA flags).
 * Written as plain loops over the lanes so that the compiler vectorizes them with
 * the ISA at hand; results are the ISA versions' bit for bit.
 *
 * The AVX-512 mask-register paths (compressed C2V, rotated vector loads and
 * masked stores, compressed_c2v_avx512.h) have no portable equivalent:
 * mask_registers is false here and their entry points are declared only so that
 * the kernels name them in branches that are never instantiated.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SIMD_OPS_GENERIC_H
#define INCLUDED_GPUFEC_SIMD_OPS_GENERIC_H

#include "num_traits.h"
#include "simd_kernels.h"
#include <cstdint>
#include <cstring>
#include <limits>

namespace gpufec {
namespace simd {
namespace {
namespace generic_ops {

//! No lane mask registers: the kernels use the uncompressed C2V and copies.
constexpr bool mask_registers = false;

/*!
 * out[l] = clamp(a[l] + sign * b[l], -max, max) over W lanes, with max the type's
 * maximum (symmetric range), in int arithmetic.
 */
template <typename T, int W, bool Sub>
inline void addsub_sat(const T* __restrict a, const T* __restrict b, T* __restrict out)
{
    constexpr int MX = std::numeric_limits<T>::max();
    for (int l = 0; l < W; ++l) {
        int v = Sub ? int(a[l]) - int(b[l]) : int(a[l]) + int(b[l]);
        v = v > MX ? MX : v;
        v = v < -MX ? -MX : v;
        out[l] = static_cast<T>(v);
    }
}

/*!
 * Bit l of the result: p[l] < 0, l = 0..63 (the hard decisions of 64 values;
 * float compares, so -0 is not negative, as the reference's L < 0).
 */
template <typename T>
inline uint64_t sign_bits64(const T* p)
{
    uint64_t w = 0;
    for (int l = 0; l < 64; ++l)
        w |= static_cast<uint64_t>(p[l] < 0) << l;
    return w;
}

/*! dst[i] = mask[i] ? src[i] : dst[i] over n values (mask 0 / all ones). */
template <typename T>
inline void blend_values(T* __restrict dst,
                         const T* __restrict src,
                         const typename num<T>::M* __restrict mask,
                         int n)
{
    using M = typename num<T>::M;
    M* d = reinterpret_cast<M*>(dst);
    const M* s = reinterpret_cast<const M*>(src);
    for (int i = 0; i < n; ++i)
        d[i] = static_cast<M>((s[i] & mask[i]) | (d[i] & ~mask[i]));
}

/*!
 * Intra-frame: the Z posteriors of a circulant of shift s at Lb, rotated into the
 * row-aligned buffer X (X[k] = Lb[(k + s) mod Z]): two contiguous copies.
 * (chunks: the number of W-lane chunks of X, used by the vector versions.)
 */
template <typename T, int W>
inline void rotate_in(T* X, const T* Lb, int s, int Z, int /* chunks */)
{
    std::memcpy(X, Lb + s, static_cast<size_t>(Z - s) * sizeof(T));
    std::memcpy(X + (Z - s), Lb, static_cast<size_t>(s) * sizeof(T));
}

/*!
 * The inverse of rotate_in: Lb[(k + s) mod Z] = X[k] for every lane k (mk null)
 * or for the lanes k whose mask value mk[k] is all ones (the lanes of a pass's
 * rows with an edge there). bm, the same mask as bits, is for the vector
 * versions.
 */
template <typename T, int W>
inline void rotate_out(T* Lb,
                       const T* X,
                       int s,
                       int Z,
                       int /* chunks */,
                       const uint64_t* /* bm */,
                       const typename num<T>::M* mk)
{
    if (!mk) {
        std::memcpy(Lb + s, X, static_cast<size_t>(Z - s) * sizeof(T));
        std::memcpy(Lb, X + (Z - s), static_cast<size_t>(s) * sizeof(T));
    } else {
        blend_values<T>(Lb + s, X, mk, Z - s);
        blend_values<T>(Lb, X + (Z - s), mk + (Z - s), s);
    }
}

/*! Vector quantization of frame_io.h (AVX-512 only): none here, 0 values done. */
template <typename T, typename... A>
inline int quantize_fixed(A&&...)
{
    return 0;
}

template <typename T, typename... A>
inline int quantize_fixed8(A&&...)
{
    return 0;
}

/*! The compressed rows' constant vectors (AVX-512 only): nothing here. */
template <typename T>
struct row_consts {
    explicit row_consts(const job&) {}
};

/*! Inter-frame compressed-C2V row (AVX-512 only; never instantiated here). */
template <typename T, check_node_rule Rule, bool Masked, bool Signs, typename... A>
inline void compressed_row(A&&...)
{
    static_assert(sizeof(T) == 0, "compressed C2V needs AVX-512 mask registers");
}

//! Whole-group lane transposes (AVX-512 only: lane_transpose_avx512.h).
constexpr bool lane_transpose = false;

template <typename T>
constexpr int block_cols = 1;

/*! Lane transposes (AVX-512 only; never instantiated here). */
template <typename T, typename... A>
inline void load_columns_block(A&&...)
{
    static_assert(sizeof(T) == 0, "lane transposes need AVX-512");
}

template <typename... A>
inline void hard_block(A&&...)
{
}

template <typename... A>
inline void float_sign_masks(A&&...)
{
}

template <typename T, check_node_rule Rule, bool Signs, bool Zero, typename... A>
inline bool compressed_row_by_degree(A&&...)
{
    static_assert(sizeof(T) == 0, "compressed C2V needs AVX-512 mask registers");
    return false;
}

/*! Register-resident float rows (AVX-512 only): none here. */
template <check_node_rule Rule, typename... A>
inline bool float_row_by_degree(A&&...)
{
    return false;
}

/*! Intra-frame compressed-C2V chunk (AVX-512 only; never instantiated here). */
template <typename T, check_node_rule Rule, typename... A>
inline void compressed_chunk(A&&...)
{
    static_assert(sizeof(T) == 0, "compressed C2V needs AVX-512 mask registers");
}

} // namespace generic_ops
} // namespace
} // namespace simd
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_SIMD_OPS_GENERIC_H */
