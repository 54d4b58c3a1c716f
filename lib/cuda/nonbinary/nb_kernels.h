/* -*- c++ -*- */
/*
 * Internal header of the CUDA backend: the nonbinary (GF(q) Min-Max) kernel family
 * (nb_kernels.cu), as the binary families of kernel_family.h are asked: can its
 * kernels decode this code on this device (nb_kernel_plan::make: the Min-Max rule,
 * a check node within the shared memory), the workspace per frame, the launch
 * configuration (check-node kernel, threads and frames per block, flooding
 * pipeline) and decode (message init and every iteration on one stream). The
 * decoder (nb_cuda_decoder.cu) owns the tables, the buffers and the host pipeline.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_NB_KERNELS_H
#define INCLUDED_GPUFEC_NB_KERNELS_H

#include <cstddef>
#include <cstdint>
#include <cuda_runtime.h>
#include <gpufec/nb_decoder.h>
#include <vector>

namespace gpufec {
namespace cuda_detail {

/*! What every nonbinary kernel is given: the code's tables and one batch's buffers. */
struct nb_dev {
    int q;
    int p; // bits per symbol
    int n;
    int m;
    int edges;
    int dcmax;
    int frames;
    const int* row_ptr;
    const int* row_cols;
    const int* col_ptr;
    const int* col_edges;
    const uint8_t* to_var;   // edges x q: h^-1 a
    const uint8_t* to_check; // edges x q: h a
    const float* llr;        // frames x n x q
    float* app;              // frames x n x q
    float* r;                // frames x edges x q (C2V; V2C in flooding below)
    float* v2c;              // frames x edges x q (flooding only)
    uint8_t* symbols;        // frames x n
    int* iterations;         // frames
    uint8_t* parity;         // frames
    uint8_t* done;           // frames
};

/*! A check-node kernel: (batch, rows of the layer or null for all rows). */
using nb_check_fn = void (*)(nb_dev, const int*);

/*! The nonbinary family's choice for one code on one device. */
struct nb_kernel_plan {
    int q = 2;
    int n = 0;
    int m = 0;
    int edges = 0;
    bool layered = true;
    bool quad = true;  //!< check node: "quad" (q/4 threads per check node and frame)
    bool chk = true;   //!< flooding: the check-domain pipeline
    bool vnp32 = true; //!< check-domain VNP: the q = 32 kernel
    int tx = 1;        //!< check-node threads per frame
    int group = 1;     //!< frames per check-node block
    size_t smem = 0;   //!< the check-node block's shared memory
    nb_check_fn check_fn = nullptr;
    std::vector<int> layer_begin; //!< layered: layer l's rows are rows[begin[l]..[l+1])

    /*!
     * Chooses the kernels and launch configuration for a code of n variables, m
     * checks, `edges` edges and rows of at most dcmax edges over GF(q), with
     * layer_begin as above; throws gpufec::invalid_argument when a check node does
     * not fit the device's opt-in shared memory `smem_optin`.
     */
    static nb_kernel_plan make(int q,
                               int n,
                               int m,
                               int edges,
                               int dcmax,
                               std::vector<int> layer_begin,
                               const nb_decoder_options& options,
                               int smem_optin);

    /*! Device bytes a workspace takes per frame. */
    size_t workspace_bytes_per_frame() const;

    /*!
     * Queues message init and every iteration of the frames p covers on `stream`
     * (d_layer_rows: the rows of the layers, in layer order).
     */
    void decode(const nb_dev& p,
                int max_iterations,
                bool early_termination,
                const int* d_layer_rows,
                cudaStream_t stream) const;
};

/*! Clears the per-frame flags of p's frames (iterations, parity, done). */
void nb_clear(const nb_dev& p, cudaStream_t stream);

/*!
 * Host-fed input: checks and converts bit LLRs (raw, frames x n x p) into p.llr;
 * the first infinite index goes to *bad.
 */
void nb_prep_bits(const nb_dev& p,
                  const float* raw,
                  unsigned long long* bad,
                  cudaStream_t stream);

/*!
 * Host-fed input: checks and normalizes symbol LLRs (raw, frames x n x q) into
 * p.llr; the first non-finite index goes to *bad.
 */
void nb_prep_symbols(const nb_dev& p,
                     const float* raw,
                     unsigned long long* bad,
                     cudaStream_t stream);

} // namespace cuda_detail
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_NB_KERNELS_H */
