/* -*- c++ -*- */
/*
 * Nonbinary check-node convolution kernels, the Min-Max check node vectorised
 * over the q entries: the (min, max) / (min, +) step of the forward-backward
 * check node (Savin, ISIT 2008; Wang et al., "Parallel Nonbinary LDPC Decoding on
 * GPU", Algorithm 2; Thi and Lee, "Efficient Parallel Block-layered Nonbinary
 * Quasi-cyclic LDPC Decoding on a GPU", eqs. 2-10):
 *     out(a) = min_{a'} op(x(a'), y(a ^ a')),  op = max (Min-Max) or + (EMS),
 * for x, y of q = 2^p non-negative floats. Protokernels after VOLK's model (as
 * simd_kernels.h): generic (scalar, sorted and pruned, the reference), avx2 (8
 * floats a register, q >= 8) and avx512 (16 a register, q >= 16), each its own
 * translation unit with its ISA's flags; smaller q fall back to generic. Each
 * also has the byte-table gather out[a] = in[idx[a]] (vpermps / vpermt2ps /
 * gathers) that applies h and h^-1 to a message. min and
 * max (and a + b) are exact, so every variant returns bit-identical results
 * (no -0 or NaN reach these kernels). nb_best_minmax_kernel() picks the best one
 * the CPU runs, or the one $GPUFEC_SIMD_ARCH names (generic, avx2, avx512; sse4_1
 * gives generic).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_NB_MINMAX_H
#define INCLUDED_GPUFEC_NB_MINMAX_H

#include <cstdint>
#include <string>
#include <vector>

namespace gpufec {
namespace simd {

using nb_conv_fn = void (*)(const float* x, const float* y, float* out, int q);
/*! out[a] = in[idx[a]], a < q (the GF(q) multiplications as permutations). */
using nb_gather_fn = void (*)(const float* in, const uint8_t* idx, float* out, int q);

struct nb_minmax_kernel {
    const char* name;    //!< generic, avx2, avx512
    nb_conv_fn min_max;  //!< op = max
    nb_conv_fn min_sum;  //!< op = + (EMS)
    nb_gather_fn gather; //!< permutation by a byte table
};

const nb_minmax_kernel& nb_minmax_generic();
#if defined(__x86_64__) || defined(__i386__)
const nb_minmax_kernel& nb_minmax_avx2();
const nb_minmax_kernel& nb_minmax_avx512();
#endif

/*! The variants this build has that the running CPU executes, best last. */
std::vector<const nb_minmax_kernel*> nb_available_minmax_kernels();
/*! By name; throws invalid_argument when unknown or not runnable here. */
const nb_minmax_kernel& nb_minmax_kernel_by_name(const std::string& name);
/*! The best runnable one, or the one $GPUFEC_SIMD_ARCH names (sse4_1: generic). */
const nb_minmax_kernel& nb_best_minmax_kernel();

} // namespace simd
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_NB_MINMAX_H */
