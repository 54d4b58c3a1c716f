/* -*- c++ -*- */
/*
 * The channel's bulk work on the CPU (include/gpufec/channel.h documents the
 * mapping): Philox4x32-10 (Salmon et al., SC'11) random bits, the float
 * Box-Muller normals of normal_sample.h (Box and Muller 1958) and the BPSK / QPSK
 * LLRs of a frame, in float or quantized to int8 as quantize_llrs() does. One
 * interface, several kernels (VOLK's model, like lib/core/simd/): generic
 * (portable C++), avx2 and avx512 (x86-64 intrinsics, one translation unit each
 * with its flags). Every kernel does the same IEEE float operations per sample
 * in the same order, so all give the bits of the scalar path (normal_sample.h),
 * which the GPU simulator runs too.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CHANNEL_KERNELS_H
#define INCLUDED_GPUFEC_CHANNEL_KERNELS_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace gpufec {

class awgn_channel;

namespace chan {

constexpr uint32_t bits_stream = 0;  //!< Philox stream of the information bits
constexpr uint32_t noise_stream = 1; //!< Philox stream of the channel noise

/*!
 * The LLR of bit b with noise sample z (channel.h, normal_sample.h's llr()):
 * L = ((b ? -amplitude : amplitude) + sigma z) scale, each step rounded; the int8
 * form is quantize_llrs(L, step): v = L inv_step (inv_step = 1.0f / step in
 * float), clamped to [-127, 127] (NaN: 0) and rounded to nearest even.
 */
struct llr_params {
    float amplitude = 1.0f;
    float sigma = 1.0f;
    float scale = 2.0f;
    float inv_step = 8.0f;
};

/*!
 * The parameters of a channel's LLRs (amplitude, sigma and scale as
 * awgn_channel::transmit uses them); inv_step = 1.0f / int8_step, or 0 where
 * int8_step is 0 (float LLRs only).
 */
llr_params llr_params_of(const awgn_channel& ch, float int8_step = 0.0f);

/*! One instruction set's channel functions. */
struct kernel {
    const char* name; //!< generic, avx2 or avx512 (the names of GPUFEC_SIMD_ARCH)
    /*!
     * out[4 i + t] = normal sample 4 (first + i) + t of (seed, frame, stream), for
     * i < blocks.
     */
    void (*normals)(uint64_t seed,
                    uint64_t frame,
                    uint32_t stream,
                    uint32_t first,
                    size_t blocks,
                    float* out);
    /*!
     * out[i] = the LLR of bits[i] (0 or 1) with normal sample i of (seed, frame,
     * noise_stream), i < count.
     */
    void (*llrs)(const llr_params& p,
                 uint64_t seed,
                 uint64_t frame,
                 const uint8_t* bits,
                 size_t count,
                 float* out);
    /*! The same LLRs quantized to int8 (llr_params). */
    void (*llrs_int8)(const llr_params& p,
                      uint64_t seed,
                      uint64_t frame,
                      const uint8_t* bits,
                      size_t count,
                      int8_t* out);
    /*! bits[i] = random bit i of (seed, frame) (stream 0), i < count. */
    void (*random_bits)(uint64_t seed, uint64_t frame, size_t count, uint8_t* bits);
    /*! bytes[i] = bit i % 64 of words[i / 64] (0 or 1), i < count. */
    void (*unpack_bits)(const uint64_t* words, size_t count, uint8_t* bytes);
    /*! a[r] bit c becomes a[c] bit r (64 x 64 bits; sliced_encoder.h). */
    void (*transpose_64x64)(uint64_t a[64]);
    /*!
     * Box-Muller of given word pairs, for the tests: out[2 i], out[2 i + 1] =
     * normal_detail::box_muller(words[2 i], words[2 i + 1]), i < pairs.
     */
    void (*box_muller)(const uint32_t* words, size_t pairs, float* out);
};

const kernel& kernel_generic();
#if defined(__x86_64__) || defined(__i386__)
const kernel& kernel_avx2();
const kernel& kernel_avx512();
#endif

/*! The kernels this CPU runs, generic first, best last. */
std::vector<const kernel*> available_kernels();
/*! By name; throws invalid_argument when unknown or not runnable here. */
const kernel& kernel_by_name(const std::string& name);
/*!
 * The best kernel this CPU runs, or the best one not above the instruction set
 * $GPUFEC_SIMD_ARCH names (sse4_1 gives generic; neon, which has no channel
 * kernel, generic too). Chosen once per process.
 */
const kernel& best_kernel();

} // namespace chan
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_CHANNEL_KERNELS_H */
