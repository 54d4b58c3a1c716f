/* -*- c++ -*- */
/*
 * The CUDA decoder entry points of a build without CUDA (include/gpufec/
 * cuda_decoder.h): cuda_decoder::make throws gpufec::backend_unavailable,
 * cuda_available() is false with the reason, cuda_tuner_choices() is empty. The
 * CUDA build defines GPUFEC_HAVE_CUDA and takes lib/cuda/binary/cuda_ldpc_decoder.cu
 * instead.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gpufec/cuda_decoder.h>
#include <gpufec/error.h>

namespace gpufec {

#ifndef GPUFEC_HAVE_CUDA

namespace {
const char* const no_cuda =
    "this build of gpufec has no CUDA support (configured without "
    "nvcc or with ENABLE_CUDA=OFF)";
}

std::unique_ptr<cuda_decoder> cuda_decoder::make(ldpc_code::sptr, const decoder_options&)
{
    throw backend_unavailable(std::string("decoder backend cuda is not available: ") +
                              no_cuda + "; use backend cpu or auto");
}

bool cuda_available(std::string* why_not)
{
    if (why_not) {
        *why_not = no_cuda;
    }
    return false;
}

std::vector<cuda_tuning> cuda_tuner_choices(const ldpc_code&, const decoder_options&)
{
    return {};
}

#endif

} // namespace gpufec
