/* -*- c++ -*- */
/* The neon protokernel of the inter-frame SIMD decoder (AArch64 Advanced SIMD; see
 * simd_kernel_impl.h): the shared kernel body with NEON saturating add/sub
 * (vqaddq / vqsubq + vmaxq) in the hot loops, the rest auto-vectorised for NEON.
 * Compiles to nothing on other architectures.
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#if defined(__aarch64__) && defined(__ARM_NEON)
#define GPUFEC_SIMD_NEON 1
#include "simd_kernel_impl.h"
GPUFEC_DEFINE_PROTOKERNEL(neon, 64)
#endif
