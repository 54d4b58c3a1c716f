/* -*- c++ -*- */
/*
 * Copyright 2026 The gr-gpufec authors.
 *
 * Lane operations of the SIMD min-sum-family kernels for AArch64 Advanced SIMD
 * (namespace isa_ops, the names of ops_generic.h; kernel_neon.cc only): the
 * saturating add / sub of fixed-point lanes as vqaddq / vqsubq (which saturate at
 * -max-1) followed by vmaxq with -max, bit-identical to the portable loop. The
 * rest is the portable version, auto-vectorised for NEON.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SIMD_OPS_NEON_H
#define INCLUDED_GPUFEC_SIMD_OPS_NEON_H

#include "ops_generic.h"
#include <arm_neon.h>

namespace gpufec {
namespace simd {
namespace {
namespace isa_ops {

using generic_ops::block_cols;
using generic_ops::compressed_chunk;
using generic_ops::compressed_row;
using generic_ops::compressed_row_by_degree;
using generic_ops::float_row_by_degree;
using generic_ops::float_sign_masks;
using generic_ops::hard_block;
using generic_ops::lane_transpose;
using generic_ops::load_columns_block;
using generic_ops::mask_registers;
using generic_ops::quantize_fixed;
using generic_ops::quantize_fixed8;
using generic_ops::rotate_in;
using generic_ops::rotate_out;
using generic_ops::row_consts;
using generic_ops::sign_bits64;

/*! out[l] = clamp(a[l] +- b[l], -max, max) over W lanes (ops_generic.h). */
template <typename T, int W, bool Sub>
inline void addsub_sat(const T* __restrict a, const T* __restrict b, T* __restrict out)
{
    constexpr int bytes = W * static_cast<int>(sizeof(T));
    constexpr bool i8 = sizeof(T) == 1;
    if constexpr (bytes % 16 == 0) {
        constexpr int step = 16 / static_cast<int>(sizeof(T));
        for (int i = 0; i < W; i += step) {
            if constexpr (i8) {
                const int8x16_t x = vld1q_s8(reinterpret_cast<const int8_t*>(a + i));
                const int8x16_t y = vld1q_s8(reinterpret_cast<const int8_t*>(b + i));
                vst1q_s8(
                    reinterpret_cast<int8_t*>(out + i),
                    vmaxq_s8(Sub ? vqsubq_s8(x, y) : vqaddq_s8(x, y), vdupq_n_s8(-127)));
            } else {
                const int16x8_t x = vld1q_s16(reinterpret_cast<const int16_t*>(a + i));
                const int16x8_t y = vld1q_s16(reinterpret_cast<const int16_t*>(b + i));
                vst1q_s16(reinterpret_cast<int16_t*>(out + i),
                          vmaxq_s16(Sub ? vqsubq_s16(x, y) : vqaddq_s16(x, y),
                                    vdupq_n_s16(-32767)));
            }
        }
    } else {
        generic_ops::addsub_sat<T, W, Sub>(a, b, out);
    }
}

} // namespace isa_ops
} // namespace
} // namespace simd
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_SIMD_OPS_NEON_H */
