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
    uint32_t x0[lanes], x1[lanes], x2[lanes], x3[lanes];
    for (int l = 0; l < lanes; ++l) {
        x0[l] = j0 + static_cast<uint32_t>(l);
        x1[l] = c1;
        x2[l] = c2;
        x3[l] = c3;
    }
    uint32_t ka = k0, kb = k1;
    for (int round = 0; round < 10; ++round) {
        if (round > 0) {
            ka += philox4x32_10::W0;
            kb += philox4x32_10::W1;
        }
        for (int l = 0; l < lanes; ++l) {
            const uint64_t p0 = static_cast<uint64_t>(philox4x32_10::M0) * x0[l];
            const uint64_t p1 = static_cast<uint64_t>(philox4x32_10::M1) * x2[l];
            const uint32_t y0 = static_cast<uint32_t>(p1 >> 32) ^ x1[l] ^ ka;
            const uint32_t y1 = static_cast<uint32_t>(p1);
            const uint32_t y2 = static_cast<uint32_t>(p0 >> 32) ^ x3[l] ^ kb;
            const uint32_t y3 = static_cast<uint32_t>(p0);
            x0[l] = y0;
            x1[l] = y1;
            x2[l] = y2;
            x3[l] = y3;
        }
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
