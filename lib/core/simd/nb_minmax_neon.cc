/* -*- c++ -*- */
/*
 * NEON protokernel of the nonbinary check-node convolution (nb_minmax.h) for
 * AArch64 Advanced SIMD: GF(q) vectors as q/4 registers of 4 floats (GF(32) =
 * 8 x 4), the XOR permutations j -> j ^ l by byte table lookups (tbl); q = 256
 * (64 registers) and q < 4 use the generic kernel. NEON is baseline on AArch64,
 * so no extra flags; compiles to nothing on other architectures.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#if defined(__aarch64__) && defined(__ARM_NEON)
#include "nb_minmax.h"
#include <arm_neon.h>
#include <cstring>

namespace gpufec {
namespace simd {
namespace nb_neon {

using V = float32x4_t;
using VI = uint8x16_t; //!< byte indices of a float permutation (tbl)
constexpr int W = 4;
inline V vinf() { return vdupq_n_f32(__builtin_inff()); }
inline V vload(const float* p) { return vld1q_f32(p); }
inline void vstore(float* p, V v) { vst1q_f32(p, v); }
inline V vbroadcast(float x) { return vdupq_n_f32(x); }
inline V vmax(V a, V b) { return vmaxq_f32(a, b); }
inline V vmin(V a, V b) { return vminq_f32(a, b); }
inline V vadd(V a, V b) { return vaddq_f32(a, b); }
/* float j -> j ^ l: byte 4 j + k reads byte 4 (j ^ l) + k = (4 j + k) ^ 4 l */
inline VI vperm_index(int l)
{
    static const uint8_t base[16] = {
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
    };
    return veorq_u8(vld1q_u8(base), vdupq_n_u8(static_cast<uint8_t>((l & 3) << 2)));
}
inline V vpermute(V v, VI idx)
{
    return vreinterpretq_f32_u8(vqtbl1q_u8(vreinterpretq_u8_f32(v), idx));
}

/* Byte indices of floats idx[0..3] (< 16): 4 idx[j] + k in byte 4 j + k. */
inline uint8x16_t byte_index(const uint8_t* idx)
{
    static const uint8_t rep[16] = { 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3 };
    static const uint8_t off[16] = { 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3 };
    uint32_t w;
    std::memcpy(&w, idx, sizeof w);
    const uint8x16_t v = vqtbl1q_u8(vreinterpretq_u8_u32(vdupq_n_u32(w)), vld1q_u8(rep));
    return vaddq_u8(vshlq_n_u8(v, 2), vld1q_u8(off));
}

/* q = 4, 8, 16: the whole input in 1, 2 or 4 registers, one tbl per 4 outputs;
 * else scalar (no gather instruction). */
void gather(const float* in, const uint8_t* idx, float* out, int q)
{
    const uint8_t* b = reinterpret_cast<const uint8_t*>(in);
    if (q == 4) {
        vst1q_f32(out, vreinterpretq_f32_u8(vqtbl1q_u8(vld1q_u8(b), byte_index(idx))));
    } else if (q == 8) {
        uint8x16x2_t t;
        t.val[0] = vld1q_u8(b);
        t.val[1] = vld1q_u8(b + 16);
        for (int a = 0; a < 8; a += 4)
            vst1q_f32(out + a, vreinterpretq_f32_u8(vqtbl2q_u8(t, byte_index(idx + a))));
    } else if (q == 16) {
        uint8x16x4_t t;
        for (int i = 0; i < 4; i++)
            t.val[i] = vld1q_u8(b + 16 * i);
        for (int a = 0; a < 16; a += 4)
            vst1q_f32(out + a, vreinterpretq_f32_u8(vqtbl4q_u8(t, byte_index(idx + a))));
    } else {
        nb_minmax_generic().gather(in, idx, out, q);
    }
}

} // namespace nb_neon
} // namespace simd
} // namespace gpufec

#define NB_ISA nb_neon
#include "nb_minmax_impl.h"

namespace gpufec {
namespace simd {

const nb_minmax_kernel& nb_minmax_neon()
{
    static const nb_minmax_kernel k{
        "neon", nb_neon::conv<true>, nb_neon::conv<false>, nb_neon::gather
    };
    return k;
}

} // namespace simd
} // namespace gpufec
#endif
