/* -*- c++ -*- */
/*
 * The channel's normal samples in bulk: blocks of four (one Philox4x32-10 call,
 * two Box-Muller pairs, normal_sample.h), many blocks per call, computed lane by
 * lane so that the compiler vectorizes them; bit-identical to the one-block path.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_NORMAL_BLOCKS_H
#define INCLUDED_GPUFEC_NORMAL_BLOCKS_H

#include <cstddef>
#include <cstdint>

namespace gpufec {

/*!
 * out[4 i + t] = normal sample 4 (first + i) + t of (seed, frame, stream), for
 * i < blocks (channel.h's mapping).
 */
void normal_blocks(uint64_t seed,
                   uint64_t frame,
                   uint32_t stream,
                   uint32_t first,
                   size_t blocks,
                   float* out);

} // namespace gpufec

#endif
