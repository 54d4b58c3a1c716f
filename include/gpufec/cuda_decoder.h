/* -*- c++ -*- */
/*
 * The CUDA backend of the decoder interface (decoder.h), with what only a GPU
 * decoder has: device-resident decoding (LLRs already in GPU memory, results left
 * there) and the adaptive tuner's choice (after Wang et al., "GPU Accelerated Scalable
 * Parallel Decoding of LDPC Codes": frames per block and batch from
 * cudaGetDeviceProperties and the code's size).
 *
 * Builds without CUDA too: then make() throws gpufec::backend_unavailable.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_DECODER_H
#define INCLUDED_GPUFEC_CUDA_DECODER_H

#include <cstddef>
#include <cstdint>
#include <gpufec/api.h>
#include <gpufec/decoder.h>
#include <memory>
#include <string>
#include <vector>

namespace gpufec {

/*! What the tuner chose (or the user forced) for one code on one device. */
struct GPUFEC_API cuda_tuning {
    int device = 0;
    std::string device_name;
    //! e.g. "layered-qc-large-minsum-half2"; gpu_options::kernel takes these names
    std::string kernel;
    int frames_per_block = 0; //!< frames one thread block decodes together
    int threads_per_block = 0;
    size_t shared_bytes_per_block = 0;
    int blocks_per_sm = 0; //!< resident blocks per SM at that configuration
    int batch_frames = 0;  //!< frames per launch that fill the device
    int streams = 0;
    std::string reason; //!< one line: why these numbers
};

class GPUFEC_API cuda_decoder : public decoder
{
public:
    /*!
     * Makes a CUDA decoder (options.backend is ignored; precision auto becomes
     * auto_precision(backend_kind::cuda, options)). Throws
     * gpufec::backend_unavailable when CUDA is not built or no device works, and
     * gpufec::invalid_argument for a combination the GPU cannot do (e.g. half2 SPA).
     */
    static std::unique_ptr<cuda_decoder> make(ldpc_code::sptr code,
                                              const decoder_options& options);

    std::string backend_name() const override { return "cuda"; }
    cuda_decoder* cuda_backend() override { return this; }

    /*! The tuner's choice in force. */
    virtual cuda_tuning tuning() const = 0;

    /*!
     * Device-resident decoding: every pointer is device memory; stream is a
     * cudaStream_t (nullptr = the default stream). Returns when the work is queued;
     * synchronize the stream before reading results. d_llrs: frames * n floats;
     * d_info_bits: frames * k bytes; d_iterations / d_parity_ok: frames entries or
     * nullptr. frames may be any number >= 1.
     */
    virtual void decode_device(const float* d_llrs,
                               size_t frames,
                               uint8_t* d_info_bits,
                               int* d_iterations,
                               uint8_t* d_parity_ok,
                               void* stream) = 0;
    /*! The same from int8 LLRs (LLR = value * step). */
    virtual void decode_device(const int8_t* d_llrs,
                               float step,
                               size_t frames,
                               uint8_t* d_info_bits,
                               int* d_iterations,
                               uint8_t* d_parity_ok,
                               void* stream) = 0;

protected:
    using decoder::decoder;
    bool maps_nan_on_load() const override { return true; }
};

/*! True when this build has the CUDA backend and at least one device works. */
GPUFEC_API bool cuda_available(std::string* why_not = nullptr);

/*!
 * The tuner's choice for a code and options on every visible device (empty when
 * CUDA is unavailable), for gpufec-info --code: what cuda_decoder::make with
 * options.gpu.device set to each device chooses (precision auto resolved, gpu.kernel
 * auto measured).
 */
GPUFEC_API std::vector<cuda_tuning> cuda_tuner_choices(const ldpc_code& code,
                                                       const decoder_options& options);

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_CUDA_DECODER_H */
