/* -*- c++ -*- */
/*
 * Internal header of the CUDA backend: the adaptive tuner (after Wang et al., "GPU
 * Accelerated Scalable Parallel Decoding of LDPC Codes", Wang et al., section IV-D). From
 * cudaGetDeviceProperties (SMs, threads, registers and shared memory per SM and per block
 * with opt-in), cudaFuncGetAttributes and cudaOccupancyMaxActiveBlocksPerMultiprocessor
 * of each candidate kernel, and the code's size, it picks the kernel, the units (frames)
 * per block that maximise the resident threads per SM with the fewest frames, and the
 * batch that fills every SM. options.gpu.frames_per_block / batch_frames override it (0 =
 * tuner), and options.gpu.kernel restricts it to one kernel ("auto" = tuner). The kernels
 * come in families (kernel_family.h), asked in order of preference: register-resident
 * layered, large-QC layered, general message passing.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_TUNER_H
#define INCLUDED_GPUFEC_CUDA_TUNER_H

#include "binary/decoder_tables.h"
#include "binary/kernel_family.h"
#include <gpufec/cuda_decoder.h>
#include <memory>
#include <vector>

namespace gpufec {
namespace cuda_detail {

/*! The tuner's choice: a family's plan for the code on one device. */
struct kernel_choice {
    std::shared_ptr<const kernel_plan> plan;
    bool half2 = false;
    int lanes = 1; //!< frames per unit: 2 in half2
    int sm_count = 0;
    cuda_tuning tuning;
};

/*!
 * Checks the combination (throws gpufec::invalid_argument for one the GPU cannot
 * do, e.g. half2 SPA) and tunes for `device`: the first family's plan that fits
 * (gpu.kernel "auto" or "first"), or the named kernel. The device must be current.
 */
kernel_choice tune(const ldpc_code& code,
                   const host_tables& tables,
                   const decoder_options& options,
                   int device);

/*!
 * Every instance of the register-resident family that can decode the code with
 * these options on `device`, each as tune() would return it with gpu.kernel set to
 * its name, in the family's list order, and after each the same instance with one
 * unit per block and with the fewest units that fill whole warps, where those
 * differ and fit (as gpu.frames_per_block would force them). The decoder times
 * them (choose_by_measurement in cuda_ldpc_decoder.cu). Empty when none fits. The
 * device must be current.
 */
std::vector<kernel_choice> register_candidates(const ldpc_code& code,
                                               const host_tables& tables,
                                               const decoder_options& options,
                                               int device);

} // namespace cuda_detail
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_CUDA_TUNER_H */
