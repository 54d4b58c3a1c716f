/* -*- c++ -*- */
/*
 * Device-resident decoding of a nonbinary decoder (private to libgpufec): the
 * small interface through which the simulator's on-device loop
 * (nb_sim_device_engine.cu) decodes bit LLRs that are already in device memory,
 * with no host copy. The CUDA Min-Max decoder (nb_cuda_decoder.cu) implements it;
 * nb_decoder::device_decoding() returns it (nullptr for a CPU backend), so no cast
 * is needed. A workspace holds one batch's
 * messages, so that two batches decode at once on two streams.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_NB_DEVICE_DECODING_H
#define INCLUDED_GPUFEC_NB_DEVICE_DECODING_H

#include <cstddef>
#include <cstdint>
#include <memory>

namespace gpufec {

/*! Device buffers of one batch in flight (messages, channel vectors). */
class nb_device_workspace
{
public:
    virtual ~nb_device_workspace() = default;
};

class nb_device_decoding
{
public:
    virtual ~nb_device_decoding() = default;

    /*! The CUDA device the decoder's tables live on. */
    virtual int cuda_device() const = 0;
    /*! Most frames one workspace (and one decode_device call) takes. */
    virtual size_t max_device_frames() const = 0;
    /*! Device bytes a workspace takes per frame. */
    virtual size_t workspace_bytes_per_frame() const = 0;
    /*! A workspace for up to `frames` frames (1..max_device_frames()). */
    virtual std::unique_ptr<nb_device_workspace> make_workspace(size_t frames) = 0;

    /*!
     * Queues the decoding of `frames` frames (at most the workspace's) on the
     * cudaStream_t `stream`: d_bit_llrs holds frames x N x p bit LLRs (nb_code.h
     * order, finite: they are not checked), converted to symbol LLRs with the
     * arithmetic of decode_bits; writes d_symbols (frames x N hard-decision
     * symbols), d_iterations and d_parity_ok (frames each), with the decoder's
     * current iteration limit and early termination. The workspace must not be
     * in use by work queued on another stream.
     */
    virtual void decode_device(nb_device_workspace& workspace,
                               const float* d_bit_llrs,
                               size_t frames,
                               uint8_t* d_symbols,
                               int* d_iterations,
                               uint8_t* d_parity_ok,
                               void* stream) = 0;
};

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_NB_DEVICE_DECODING_H */
