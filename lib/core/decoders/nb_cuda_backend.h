/* -*- c++ -*- */
/*
 * The core's view of the CUDA nonbinary (GF(q)) backend, private to the library
 * (not installed): what nb_decoder::make (nb_decoder.cc) builds for backend
 * cuda, and the device-resident timing of gpufec-bench, the one program that
 * needs it. The CUDA build defines both in lib/cuda/nb_cuda_decoder.cu; a build
 * without CUDA takes lib/core/cuda_stubs/nb_cuda_stub.cc, which throws
 * gpufec::backend_unavailable.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_NB_CUDA_BACKEND_H
#define INCLUDED_GPUFEC_NB_CUDA_BACKEND_H

#include <gpufec/api.h>
#include <gpufec/nb_decoder.h>

namespace gpufec {

/*!
 * The CUDA Min-Max decoder (flooding or block-layered). Throws
 * gpufec::backend_unavailable when no device works, gpufec::invalid_argument for
 * the EMS rule (CPU only for now) or a code whose check nodes do not fit in
 * shared memory.
 */
nb_decoder::uptr make_nb_cuda_decoder(nb_code::sptr code,
                                      const nb_decoder_options& options);

/*!
 * Device-resident timing of the CUDA Min-Max decoder (gpufec-bench): uploads
 * `frames` normalized symbol LLR frames (frames * n * q floats), then runs `reps`
 * full decodes (init + all iterations + decisions) on the device and returns the
 * mean seconds per decode (CUDA events). Exported for gpufec-bench only. Throws
 * gpufec::backend_unavailable in a build without CUDA.
 */
GPUFEC_API double nb_cuda_time_device_resident(nb_code::sptr code,
                                               const nb_decoder_options& options,
                                               const float* symbol_llrs,
                                               size_t frames,
                                               int reps);

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_NB_CUDA_BACKEND_H */
