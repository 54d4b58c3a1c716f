/* -*- c++ -*- */
/*
 * The CUDA nonbinary decoder entry points of a build without CUDA
 * (lib/core/decoders/nb_cuda_backend.h): both throw gpufec::backend_unavailable. The
 * CUDA build defines GPUFEC_HAVE_CUDA and takes lib/cuda/nonbinary/nb_cuda_decoder.cu
 * instead.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "decoders/nb_cuda_backend.h"
#include <gpufec/error.h>

namespace gpufec {

#ifndef GPUFEC_HAVE_CUDA

namespace {
const char* const nb_no_cuda =
    "nonbinary decoder backend cuda is not available: this build of gpufec has no "
    "CUDA support (configured without nvcc or with ENABLE_CUDA=OFF); use backend "
    "cpu or auto";
}

nb_decoder::uptr make_nb_cuda_decoder(nb_code::sptr, const nb_decoder_options&)
{
    throw backend_unavailable(nb_no_cuda);
}

double nb_cuda_time_device_resident(
    nb_code::sptr, const nb_decoder_options&, const float*, size_t, int)
{
    throw backend_unavailable(nb_no_cuda);
}

#endif

} // namespace gpufec
