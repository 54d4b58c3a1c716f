/* -*- c++ -*- */
/* The generic protokernel of the inter-frame SIMD decoder (see simd_kernel_impl.h).
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later */

#include "simd_kernel_impl.h"
GPUFEC_DEFINE_PROTOKERNEL(generic, 64)
