/* -*- c++ -*- */
/*
 * The CUDA nonbinary (GF(q)) Min-Max decoder (lib/cuda/nonbinary/nb_cuda_decoder.cu),
 * private to the library: its entry points are declared on the core's side, in
 * lib/core/decoders/nb_cuda_backend.h, which nb_decoder.cc includes.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_NB_CUDA_DECODER_H
#define INCLUDED_GPUFEC_NB_CUDA_DECODER_H

#include "decoders/nb_cuda_backend.h"

#endif
