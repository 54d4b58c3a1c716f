/* -*- c++ -*- */
/*
 * Philox4x32-10 on the GPU (Salmon, Moraes, Dror, Shaw, "Parallel random numbers:
 * as easy as 1, 2, 3", SC'11), the same function as lib/core/channel/channel.cc's, for
 * the simulator's on-device loops: counter (c.x, c.y, c.z, c.w), key (k0, k1).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PHILOX_DEVICE_CUH
#define INCLUDED_GPUFEC_PHILOX_DEVICE_CUH

#include <cstdint>
#include <gpufec/channel.h>

namespace gpufec {
namespace cuda_detail {

__device__ __forceinline__ uint4 philox_device(uint4 c, uint32_t k0, uint32_t k1)
{
#pragma unroll
    for (int round = 0; round < 10; ++round) {
        if (round > 0) {
            k0 += philox4x32_10::W0;
            k1 += philox4x32_10::W1;
        }
        const uint32_t lo0 = philox4x32_10::M0 * c.x;
        const uint32_t hi0 = __umulhi(philox4x32_10::M0, c.x);
        const uint32_t lo1 = philox4x32_10::M1 * c.z;
        const uint32_t hi1 = __umulhi(philox4x32_10::M1, c.z);
        c = make_uint4(hi1 ^ c.y ^ k0, lo1, hi0 ^ c.w ^ k1, lo0);
    }
    return c;
}

} // namespace cuda_detail
} // namespace gpufec

#endif
