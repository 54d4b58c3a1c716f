/* -*- c++ -*- */
/*
 * Internal header of the CUDA backend: the decoding kernels as host-callable
 * handles, so the tuner (cuda_tuner.cu) can ask the runtime about each one
 * (cudaFuncGetAttributes, cudaOccupancyMaxActiveBlocksPerMultiprocessor) and the
 * decoder can launch the one it picked. Kernels: the register-resident layered
 * min-sum kernel for uniform-layer (QC) codes (layered_register_kernel.cu) and the
 * general message-passing kernel for every code, rule and schedule
 * (message_passing_kernel.cu), and the layered kernel for large QC codes with
 * compressed messages in global memory (layered_qc_large_kernel.cu).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_KERNELS_H
#define INCLUDED_GPUFEC_CUDA_KERNELS_H

#include "kernel_params.h"
#include <string>
#include <vector>

namespace gpufec {
namespace cuda_detail {

using fast_kernel_fn = void (*)(code_view, run_params, fast_shape);
using generic_kernel_fn = void (*)(code_view, run_params);

/*! One instance of the register kernel. */
struct fast_variant {
    fast_kernel_fn fn = nullptr;
    int max_layers = 0;
    int max_degree = 0;
    int max_threads = 0; //!< its __launch_bounds__
    bool half2 = false;
    bool scms = false;
    int table_words = 0; //!< 4-byte edge addresses per thread in shared memory (0: none)
    /*!
     * Nonzero: an exact-degree instance for codes of exactly max_layers layers whose
     * layer l has max_degree - 1 edges per row where bit l is set, max_degree otherwise.
     */
    uint32_t short_layers = 0;
    std::string name;
};

/*! Every instance, smallest register tiles first within a precision. */
const std::vector<fast_variant>& fast_variants();

/*! Threads per block of the general kernel (128 registers per thread). */
constexpr int generic_max_threads = 512;

/*! Rule family of the general kernel. */
enum class generic_rule { min_sum, scms, spa };

/*! Largest row degree the general kernel's SPA handles (its per-thread arrays). */
constexpr int spa_max_degree = 64;

/*!
 * The general kernel for (precision, rule, posterior on chip?). Returns null for
 * combinations that do not exist (half2 SPA).
 */
generic_kernel_fn generic_kernel(bool half2, generic_rule rule, bool posterior_in_shared);

/*! Limits of the large-QC layered kernel (layered_qc_large_kernel.cu). */
constexpr int qc_large_max_layers = 192;
constexpr int qc_large_max_edges = 1024; //!< block-row edges (circulants) in all
constexpr int qc_large_max_degree = 20;
constexpr int qc_large_max_threads = 768; //!< its __launch_bounds__

/*! One circulant of a block row: byte offset 4 * (block * Z + shift), wrap at Z - shift. */
struct alignas(8) qc_edge {
    int off;
    int thr;
};

/*!
 * The QC structure for the large-QC kernel, passed as a __grid_constant__ kernel
 * parameter (about 11 KB). Layer l's edges are edge[first[l] .. first[l] + deg[l]);
 * its compressed C2V records start at byte rec[l] of a unit's record region of
 * rec_words 32-bit words.
 */
struct qc_large_shape {
    int layers = 0;
    int slots = 0; //!< Z
    int rec_words = 0;
    int deg[qc_large_max_layers] = {};
    int first[qc_large_max_layers] = {};
    int rec[qc_large_max_layers] = {};
    qc_edge edge[qc_large_max_edges] = {};
};

using qc_large_kernel_fn = void (*)(code_view, run_params, qc_large_shape);

/*! The large-QC layered min-sum kernel (MS, NMS, OMS; no SCMS, no SPA). */
qc_large_kernel_fn qc_large_kernel(bool half2);

struct host_tables;

/*!
 * The large-QC kernel's description of a code; false when the code is not QC with
 * uniform layers (block rows of Z circulant rows) or exceeds the kernel's limits.
 */
bool build_qc_large_shape(const host_tables& t, bool half2, qc_large_shape* shape);

} // namespace cuda_detail
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_CUDA_KERNELS_H */
