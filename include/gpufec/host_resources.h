/* -*- c++ -*- */
/*
 * The bounds on what a caller may ask of the host, the same for every interface
 * (the core options, the blocks, Python, the apps): CPU threads (0 = one per
 * core, resolved and bounded here) and the host memory of a batch (at most half
 * of this machine's, refused up front with the bytes it would need).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_HOST_RESOURCES_H
#define INCLUDED_GPUFEC_HOST_RESOURCES_H

#include <cstdint>
#include <gpufec/api.h>
#include <string>

namespace gpufec {
namespace limits {

/*!
 * Most CPU threads of one decoder, simulator or stream block (decoder_options,
 * nb_decoder_options, ber_options, the blocks' threads, the CLI's --threads, the
 * stream pipeline's workers): 1024, above the hardware threads of a
 * two-socket server. A larger value is refused, naming it; threads = 0 (one
 * per core) resolves to at most this many.
 */
constexpr int max_threads = 1024;

} // namespace limits

/*!
 * The threads that `threads` stands for: itself when in [1, limits::max_threads],
 * for 0 the hardware threads (at least 1, at most limits::max_threads). Throws
 * gpufec::invalid_argument starting with \p what for a negative value or one
 * above the limit.
 */
GPUFEC_API int resolve_threads(int threads, const std::string& what);

/*! Refuses (gpufec::invalid_argument, starting with \p what) threads < 0 or above the
 * limit. */
GPUFEC_API void check_threads(long long threads, const std::string& what);

/*! This machine's physical memory in bytes; 0 when it cannot be told. */
GPUFEC_API uint64_t host_memory_bytes();

/*!
 * Refuses a batch of \p frames frames of \p bytes_per_frame bytes of host memory
 * each when it needs more than half of this machine's memory: throws
 * gpufec::invalid_argument "WHAT FRAMES: the batch needs X GiB of host memory
 * (B bytes a frame), more than half of this machine's Y GiB". The product is
 * computed without overflow.
 */
GPUFEC_API void
check_batch_memory(uint64_t frames, uint64_t bytes_per_frame, const std::string& what);

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_HOST_RESOURCES_H */
