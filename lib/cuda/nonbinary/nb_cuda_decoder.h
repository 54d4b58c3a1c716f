/* -*- c++ -*- */
/*
 * The CUDA nonbinary (GF(q)) Min-Max decoder (lib/cuda/nonbinary/nb_cuda_decoder.cu),
 * private to the library: nb_decoder::make (lib/core/decoders/nb_decoder.cc) calls
 * make_nb_cuda_decoder for backend cuda. Builds without CUDA take
 * lib/core/cuda_stubs/nb_cuda_stub.cc, which throws gpufec::backend_unavailable.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_NB_CUDA_DECODER_H
#define INCLUDED_GPUFEC_NB_CUDA_DECODER_H

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

/* nb_cuda_time_device_resident (gpufec-bench's timing) is declared in
   gpufec/nb_decoder.h. */

} // namespace gpufec

#endif
