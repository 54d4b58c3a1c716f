/* -*- c++ -*- */
/*
 * normal_blocks(): Philox4x32-10 (Salmon et al., SC'11) and the float Box-Muller
 * of normal_sample.h over 16 blocks at a time, written as plain loops over the
 * lanes so that GCC vectorizes them. On x86-64 the function is compiled for
 * AVX-512, AVX2 and the baseline (GCC target_clones; the loader picks the best
 * the processor has); every version does the same IEEE float operations per
 * lane (this file is compiled without FP contraction), so all give the same bits
 * as the scalar path and the GPU.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "normal_blocks.h"
#include "normal_sample.h"
#include <gpufec/channel.h>

namespace gpufec {

namespace {

constexpr int lanes = 16;

/*!
 * lanes blocks starting at block j0 into out[4 * lanes]; always inlined, so that
 * each target clone of normal_blocks() compiles it for its own ISA.
 */
__attribute__((always_inline)) inline void group(uint32_t k0,
                                                 uint32_t k1,
                                                 uint32_t c1,
                                                 uint32_t c2,
                                                 uint32_t c3,
                                                 uint32_t j0,
                                                 float* __restrict out)
{
    // Philox rounds on 16 lanes as GCC vectors: the 32 x 32 -> 64 products of the
    // even and the odd lanes each as one 64-bit multiply of masked / shifted
    // halves (pmuludq), rather than lane by lane through zero-extensions
    typedef uint32_t v16u __attribute__((vector_size(64)));
    typedef uint64_t v8u __attribute__((vector_size(64)));
    v16u x0, x1, x2, x3;
    for (int l = 0; l < lanes; ++l) {
        x0[l] = j0 + static_cast<uint32_t>(l);
        x1[l] = c1;
        x2[l] = c2;
        x3[l] = c3;
    }
    const v8u low = v8u{} + 0xffffffffull;
    // hi and lo words of m * x, lane by lane
    auto mul_hi_lo = [&low](uint32_t m, v16u x, v16u& hi, v16u& lo) {
        const v8u even = ((v8u)x & low) * static_cast<uint64_t>(m);
        const v8u odd = ((v8u)x >> 32) * static_cast<uint64_t>(m);
        lo = (v16u)((even & low) | (odd << 32));
        hi = (v16u)((even >> 32) | (odd & ~low));
    };
    uint32_t ka = k0, kb = k1;
    for (int round = 0; round < 10; ++round) {
        if (round > 0) {
            ka += philox4x32_10::W0;
            kb += philox4x32_10::W1;
        }
        v16u hi0, lo0, hi1, lo1;
        mul_hi_lo(philox4x32_10::M0, x0, hi0, lo0);
        mul_hi_lo(philox4x32_10::M1, x2, hi1, lo1);
        const v16u y0 = hi1 ^ x1 ^ ka;
        const v16u y2 = hi0 ^ x3 ^ kb;
        x0 = y0;
        x1 = lo1;
        x2 = y2;
        x3 = lo0;
    }
    float z0[lanes], z1[lanes], z2[lanes], z3[lanes];
    for (int l = 0; l < lanes; ++l)
        normal_detail::box_muller(x0[l], x1[l], z0[l], z1[l]);
    for (int l = 0; l < lanes; ++l)
        normal_detail::box_muller(x2[l], x3[l], z2[l], z3[l]);
    for (int l = 0; l < lanes; ++l) {
        out[4 * l] = z0[l];
        out[4 * l + 1] = z1[l];
        out[4 * l + 2] = z2[l];
        out[4 * l + 3] = z3[l];
    }
}

} // namespace

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx512f", "avx2", "default")))
#endif
void normal_blocks(uint64_t seed,
                   uint64_t frame,
                   uint32_t stream,
                   uint32_t first,
                   size_t blocks,
                   float* out)
{
    const uint32_t k0 = static_cast<uint32_t>(seed),
                   k1 = static_cast<uint32_t>(seed >> 32);
    const uint32_t c1 = static_cast<uint32_t>(frame),
                   c2 = static_cast<uint32_t>(frame >> 32);
    size_t i = 0;
    for (; i + lanes <= blocks; i += lanes)
        group(k0, k1, c1, c2, stream, first + static_cast<uint32_t>(i), out + 4 * i);
    if (i < blocks) { // the last, partial group
        float tail[4 * lanes];
        group(k0, k1, c1, c2, stream, first + static_cast<uint32_t>(i), tail);
        for (size_t t = 0; t < 4 * (blocks - i); ++t)
            out[4 * i + t] = tail[t];
    }
}

} // namespace gpufec
