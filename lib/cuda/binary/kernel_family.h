/* -*- c++ -*- */
/*
 * Internal header of the CUDA backend: one small interface per family of binary
 * decoding kernels, in the spirit of cuPHY's LDPC `decode_algo` (can it decode this
 * code on this device, workspace size, launch configuration, decode). A family
 * (register-resident layered: register_family.cu; large-QC layered:
 * qc_large_family.cu; general message passing: general_family.cu) looks at a code,
 * the options and the device and, when one of its kernels can decode the code,
 * returns a kernel_plan: the kernel, its launch configuration, the scratch it needs
 * per stream, how it lays out a unit's posterior, and how it is launched. The tuner
 * (cuda_tuner.cu) asks the families in order of preference and keeps the first
 * plan; the decoder (cuda_ldpc_decoder.cu) only talks to the plan. Launch
 * configurations follow Wang et al., "GPU Accelerated Scalable Parallel Decoding of LDPC
 * Codes", section IV-D: the units per block that maximise the resident threads per SM
 * with the fewest units, from the runtime's occupancy calculator.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_KERNEL_FAMILY_H
#define INCLUDED_GPUFEC_KERNEL_FAMILY_H

#include "binary/cuda_kernels.h"
#include "binary/decoder_tables.h"
#include "common/cuda_check.h"
#include <cuda_runtime.h>
#include <gpufec/decoder.h>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace gpufec {
namespace cuda_detail {

/*! What a family is asked: the code, its tables, the options and the device. */
struct tune_request {
    const ldpc_code& code;
    const host_tables& tables;
    const decoder_options& options;
    const cudaDeviceProp& prop;
    bool half2 = false;
    bool scms = false;     //!< rule self-corrected min-sum
    int forced_units = 0;  //!< units per block from gpu.frames_per_block; 0 = tuner
    size_t smem_limit = 0; //!< dynamic shared memory a block may take
    std::string want;      //!< gpu.kernel; empty = auto
};

/*! A kernel's launch configuration on one device. */
struct launch_config {
    int units_per_block = 1;
    int threads = 0;
    size_t shared_bytes = 0;
    int blocks_per_sm = 0;
    int resident_blocks = 0; //!< SMs * blocks_per_sm (set by the tuner)
};

/*! Device scratch of one stream, in 32-bit words; 0 = not used. */
struct workspace_size {
    size_t c2v = 0;
    size_t prev = 0;
    size_t post = 0;
    size_t chan = 0;
};

/*! The scratch buffers of one stream (sized by kernel_plan::workspace). */
struct kernel_workspace {
    device_buffer<uint32_t> c2v, prev, post, chan;
};

/*! One kernel of a family, configured for one code on one device. */
class kernel_plan
{
public:
    virtual ~kernel_plan() = default;

    std::string kernel; //!< its name (cuda_tuning::kernel, gpu_options::kernel)
    launch_config config;

    /*! Posterior words of a unit after the code's n_full columns. */
    virtual int posterior_pad() const { return 0; }
    /*! Natural column -> posterior word; empty when the columns stay in place. */
    virtual const std::vector<int>& column_permutation() const;
    /*! Scratch per stream for config.resident_blocks blocks. */
    virtual workspace_size workspace() const { return {}; }
    /*! Queues the decoding of rp's frames on `stream` with `ws` as scratch. */
    virtual void decode(const code_view& view,
                        run_params rp,
                        kernel_workspace& ws,
                        cudaStream_t stream) const = 0;
};

/*! A family of kernels: which of them, if any, decodes a code, and how. */
class kernel_family
{
public:
    virtual ~kernel_family() = default;
    /*!
     * A plan when one of the family's kernels can decode r.code on r.prop with
     * r.options (restricted to r.want when it is set), else null with the reason
     * appended to `why`. Throws gpufec::invalid_argument or backend_unavailable
     * where no other family could take the code either.
     */
    virtual std::unique_ptr<kernel_plan> plan(const tune_request& r,
                                              std::ostream& why) const = 0;
};

/*! The register-resident layered family (layered_register_kernel.cu). */
const kernel_family& register_family();
/*! The large-QC layered family (layered_qc_large_kernel.cu). */
const kernel_family& qc_large_family();
/*! The general message-passing family (message_passing_kernel.cu). */
const kernel_family& general_family();

/* Occupancy helpers of the families (cuda_tuner.cu). */

/*! A launch configuration the occupancy calculator accepts. */
struct candidate {
    int units = 0;
    int threads = 0;
    size_t smem = 0;
    int blocks = 0;
    long long active_threads = 0;
};

/*! Blocks per SM of `fn` at (threads, smem); 0 when it cannot run. */
int blocks_per_sm(const void* fn, int threads, size_t smem, const cudaDeviceProp& prop);

/*! Registers per thread of `fn`. */
int registers_of(const void* fn);

/*!
 * Picks the units per block: most resident threads per SM, then fewest units.
 * shape_of(u, &threads, &smem) gives the block of u units (threads 0: impossible).
 */
template <typename F>
candidate best_units(const void* fn,
                     int max_units,
                     int forced_units,
                     const cudaDeviceProp& prop,
                     F shape_of)
{
    candidate best;
    const int lo = forced_units > 0 ? forced_units : 1;
    const int hi = forced_units > 0 ? forced_units : max_units;
    for (int u = lo; u <= hi; ++u) {
        candidate c;
        c.units = u;
        shape_of(u, &c.threads, &c.smem);
        if (c.threads <= 0) {
            continue;
        }
        c.blocks = blocks_per_sm(fn, c.threads, c.smem, prop);
        if (c.blocks == 0) {
            continue;
        }
        c.active_threads = static_cast<long long>(c.blocks) * c.threads;
        if (c.active_threads > best.active_threads) {
            best = c;
        }
    }
    return best;
}

} // namespace cuda_detail
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_KERNEL_FAMILY_H */
