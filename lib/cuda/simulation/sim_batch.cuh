/* -*- c++ -*- */
/*
 * What the kernels of the simulator's on-device engines (sim_device_engine.cu
 * for binary codes, nb_sim_device_engine.cu for GF(q) codes) share: a batch's
 * parameters of the random streams and the channel, filled once per batch from
 * the run's seed and the point's awgn_channel; the Philox4x32-10 block of a
 * frame (counter (j, frame, stream): stream 0 gives the information bits as
 * random_bits does, stream 1 the noise as awgn_channel does, channel.h); the
 * four normal samples of a noise block (normal_sample.h: the host's float
 * operations, so the LLRs are the host's bit for bit); a frame's outcome record.
 *
 * Philox: Salmon, Moraes, Dror, Shaw, "Parallel random numbers: as easy as 1, 2,
 * 3", SC'11.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SIM_BATCH_CUH
#define INCLUDED_GPUFEC_SIM_BATCH_CUH

#include "channel/normal_sample.h"
#include "common/philox_device.cuh"
#include "simulation/sim_device_engine.h"
#include <cstddef>
#include <cstdint>
#include <gpufec/channel.h>

namespace gpufec {
namespace cuda_detail {

/*! The random streams and the channel of one batch of frames. */
struct sim_batch {
    uint32_t key0, key1; //!< the run's seed
    uint64_t first;      //!< index of the batch's first frame
    int frames;
    float amplitude, sigma, llr_scale; //!< the point's channel (awgn_channel)
};

/*! The batch of frames [first, first + frames) at the point of `channel`. */
inline sim_batch
make_sim_batch(uint64_t seed, const awgn_channel& channel, uint64_t first, size_t frames)
{
    sim_batch b;
    b.key0 = static_cast<uint32_t>(seed);
    b.key1 = static_cast<uint32_t>(seed >> 32);
    b.first = first;
    b.frames = static_cast<int>(frames);
    b.amplitude = static_cast<float>(channel.amplitude());
    b.sigma = static_cast<float>(channel.sigma());
    b.llr_scale = channel.llr_scale();
    return b;
}

/*! Stream `stream`'s Philox block j of frame `frame` (an absolute frame index). */
__device__ __forceinline__ uint4 frame_block(const sim_batch& b,
                                             uint64_t frame,
                                             int j,
                                             uint32_t stream)
{
    return philox_device(make_uint4(static_cast<uint32_t>(j),
                                    static_cast<uint32_t>(frame),
                                    static_cast<uint32_t>(frame >> 32),
                                    stream),
                         b.key0,
                         b.key1);
}

/*! The normal samples of transmitted bits 4j .. 4j + 3 of frame `frame`. */
__device__ __forceinline__ void
noise_block(const sim_batch& b, uint64_t frame, int j, float z[4])
{
    const uint4 x = frame_block(b, frame, j, 1u);
    normal_detail::box_muller(x.x, x.y, z[0], z[1]);
    normal_detail::box_muller(x.z, x.w, z[2], z[3]);
}

/*! The LLR of a sent bit with noise sample z (normal_detail::llr). */
__device__ __forceinline__ float bit_llr(const sim_batch& b, uint32_t bit, float z)
{
    return normal_detail::llr(bit, b.amplitude, b.sigma, b.llr_scale, z);
}

/*! A frame's outcome record. */
__device__ __forceinline__ frame_outcome make_outcome(uint32_t bit_errors,
                                                      uint32_t symbol_errors,
                                                      int iterations,
                                                      uint8_t parity_ok)
{
    frame_outcome r;
    r.bit_errors = bit_errors;
    r.symbol_errors = symbol_errors;
    r.iterations = iterations;
    r.parity_ok = parity_ok;
    return r;
}

/*! Blocks of `threads` threads for `items` threads of work. */
inline unsigned grid_for(long items, int threads)
{
    return static_cast<unsigned>((items + threads - 1) / threads);
}

} // namespace cuda_detail
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_SIM_BATCH_CUH */
