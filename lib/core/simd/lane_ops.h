/* -*- c++ -*- */
/*
 * Copyright 2026 The gr-gpufec authors.
 *
 * Lane operations of the SIMD min-sum-family kernels over a W-lane group (one
 * message vector: W frames inter-frame, W rows of a layer intra-frame). The ISA
 * header is chosen here, once, by the translation unit's ISA flags (VOLK's
 * protokernel model): ops_avx512.h, ops_avx2.h, ops_sse41.h, ops_neon.h
 * (kernel_neon.cc defines GPUFEC_SIMD_NEON) or the portable ops_generic.h, all
 * with the same names in namespace isa_ops. What follows is ISA-independent:
 * vector-extension XOR / AND, and the saturating sub / add of the row update.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SIMD_LANE_OPS_H
#define INCLUDED_GPUFEC_SIMD_LANE_OPS_H

#include "num_traits.h"
#include "ops_generic.h"
#include <cstdint>
#include <cstring>

#if defined(__AVX512BW__)
#include "ops_avx512.h"
#elif defined(__AVX2__)
#include "ops_avx2.h"
#elif defined(__SSE4_1__)
#include "ops_sse41.h"
#elif defined(GPUFEC_SIMD_NEON) && defined(__ARM_NEON)
#include "ops_neon.h"
#else
namespace gpufec {
namespace simd {
namespace {
namespace isa_ops = generic_ops;
} // namespace
} // namespace simd
} // namespace gpufec
#endif

/*!
 * The named steps of a kernel's run() (inter_kernel.h, intra_kernel.h) are inlined
 * into it: the compiler then still sees one function, with its buffers' distinct
 * allocations (no run-time overlap checks in the vectorized loops) and local
 * arrays of known bound, i.e. the code of the single function they were split
 * from.
 */
#define GPUFEC_SIMD_STEP __attribute__((always_inline))

namespace gpufec {
namespace simd {
namespace {

/*!
 * acc[l] ^= x[l] and a[l] &= mask[l] over W lanes, as GCC/Clang vector-extension
 * operations of W * sizeof(T) bytes (lowered to the ISA's registers): plain loops
 * here were left scalar by GCC 12 once inlined into the row loop.
 */
template <typename T, int W>
inline void xor_into(T* acc, const T* x)
{
    typedef T vec __attribute__((vector_size(W * sizeof(T))));
    vec a, b;
    std::memcpy(&a, acc, sizeof a);
    std::memcpy(&b, x, sizeof b);
    a ^= b;
    std::memcpy(acc, &a, sizeof a);
}

template <typename T, int W>
inline void and_into(T* a, const T* mask)
{
    typedef T vec __attribute__((vector_size(W * sizeof(T))));
    vec v, m;
    std::memcpy(&v, a, sizeof v);
    std::memcpy(&m, mask, sizeof m);
    v &= m;
    std::memcpy(a, &v, sizeof v);
}

/*! out = a - b (the extrinsic), saturating in fixed point. */
template <typename T, int W>
inline void sub_lanes(const T* __restrict a, const T* __restrict b, T* __restrict out)
{
    if constexpr (num<T>::is_float) {
        for (int l = 0; l < W; ++l)
            out[l] = a[l] - b[l];
    } else {
        isa_ops::addsub_sat<T, W, true>(a, b, out);
    }
}

/*! out = a + b, saturating in fixed point. */
template <typename T, int W>
inline void add_lanes(const T* __restrict a, const T* __restrict b, T* __restrict out)
{
    if constexpr (num<T>::is_float) {
        for (int l = 0; l < W; ++l)
            out[l] = a[l] + b[l];
    } else {
        isa_ops::addsub_sat<T, W, false>(a, b, out);
    }
}

/*! acc += b (flooding's variable-node sum), saturating in fixed point. */
template <typename T, int W>
inline void acc_lanes(T* acc, const T* __restrict b)
{
    T tmp[W];
    add_lanes<T, W>(acc, b, tmp);
    std::memcpy(acc, tmp, sizeof tmp);
}

/*! Bits [0, n) of a lane mask (n <= 64). */
inline uint64_t low_lanes_n(int n)
{
    return n >= 64 ? ~uint64_t(0) : (uint64_t(1) << n) - 1;
}

} // namespace
} // namespace simd
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_SIMD_LANE_OPS_H */
