/* -*- c++ -*- */
/* The avx2 protokernel of the inter-frame SIMD decoder (see simd_kernel_impl.h).
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#if defined(__x86_64__) || defined(__i386__)
#include "simd_kernel_impl.h"
GPUFEC_DEFINE_PROTOKERNEL(avx2, 64)
#endif
