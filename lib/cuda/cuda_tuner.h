/* -*- c++ -*- */
/*
 * Internal header of the CUDA backend: the adaptive tuner (after paper 001, Wang
 * et al., section IV-D). From cudaGetDeviceProperties (SMs, threads, registers and
 * shared memory per SM and per block with opt-in), cudaFuncGetAttributes and
 * cudaOccupancyMaxActiveBlocksPerMultiprocessor of each candidate kernel, and the
 * code's size, it picks the kernel, the units (frames) per block that maximise the
 * resident threads per SM with the fewest frames, and the batch that fills every
 * SM. options.gpu.frames_per_block / batch_frames override it (0 = tuner), and
 * options.gpu.kernel restricts it to one kernel ("auto" = tuner).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_TUNER_H
#define INCLUDED_GPUFEC_CUDA_TUNER_H

#include "cuda_kernels.h"
#include "decoder_tables.h"
#include <gpufec/cuda_decoder.h>
#include <memory>
#include <vector>

namespace gpufec {
namespace cuda_detail {

struct kernel_choice {
    bool fast = false;
    const fast_variant* variant = nullptr;          //!< when fast
    fast_shape shape;                               //!< when fast
    bool qc_large = false;                          //!< the large-QC layered kernel
    qc_large_kernel_fn qc_fn = nullptr;             //!< when qc_large
    std::shared_ptr<const qc_large_shape> qc_shape; //!< when qc_large
    /*!
     * When qc_large on a 360-periodic (DVB-S2) code: natural column -> posterior
     * word (build_qc_large_shape); the decoder maps its column tables through it.
     */
    std::vector<int> qc_col_perm;
    generic_kernel_fn generic = nullptr; //!< otherwise
    bool post_shared = true;
    bool half2 = false;
    int lanes = 1;
    int units_per_block = 1;
    int threads = 0;
    size_t shared_bytes = 0;
    int blocks_per_sm = 0;
    int resident_blocks = 0; //!< SMs * blocks_per_sm: the generic kernel's grid
    int sm_count = 0;
    cuda_tuning tuning;
};

/*!
 * Checks the combination (throws gpufec::invalid_argument for one the GPU cannot
 * do, e.g. half2 SPA) and tunes for `device`. The device must be current.
 */
kernel_choice tune(const ldpc_code& code,
                   const host_tables& tables,
                   const decoder_options& options,
                   int device);

} // namespace cuda_detail
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_CUDA_TUNER_H */
