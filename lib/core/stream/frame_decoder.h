/* -*- c++ -*- */
/*
 * frame_decoder: one small interface over the core's binary (gpufec::decoder,
 * ldpc_code) and nonbinary (gpufec::nb_decoder, nb_code) decoders, in the units
 * of a stream of frames: a frame is n_bits() bit LLRs in (positive means bit 0)
 * and k_bits() information bits or n_bits() codeword bits out, one bit per
 * byte. For a binary code n_bits() = N; for a code over GF(q), q = 2^p, it is
 * N*p, the symbols' binary images (bit j of symbol s at s*p + j). The code
 * decides which core decoder is made. Internal to the stream pipeline.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_STREAM_FRAME_DECODER_H
#define INCLUDED_GPUFEC_STREAM_FRAME_DECODER_H

#include <cstdint>
#include <gpufec/code.h>
#include <gpufec/stream_pipeline.h>
#include <memory>
#include <string>

namespace gpufec {

class frame_decoder
{
public:
    using uptr = std::unique_ptr<frame_decoder>;

    /*!
     * The decoder of `code` with options.binary or options.nonbinary. Throws
     * gpufec::invalid_argument ("who: ...") for bad options,
     * gpufec::backend_unavailable ("who: backend 'B': ...") where the backend
     * cannot run here.
     */
    static uptr make(const code_handle& code,
                     const code_decoder_options& options,
                     const std::string& who);

    virtual ~frame_decoder() = default;

    virtual std::string code_name() const = 0;
    /*! "cpu" or "cuda". */
    virtual std::string backend_name() const = 0;
    /*! True when it decodes on a GPU. */
    bool on_gpu() const { return backend_name() == "cuda"; }
    /*! The message precision in use, automatic resolved. */
    virtual message_precision precision() const = 0;

    /*!
     * Decodes `frames` frames of n_bits() LLRs. info_bits (frames * k_bits()) or
     * codeword_bits (frames * n_bits()) may be null; iterations and parity_ok
     * may not.
     */
    virtual void decode(const float* llrs,
                        size_t frames,
                        uint8_t* info_bits,
                        uint8_t* codeword_bits,
                        int* iterations,
                        uint8_t* parity_ok) = 0;
    /*!
     * As decode(), from int8 LLRs v * step. A binary code goes through the core's
     * int8 entry point (the CUDA backend ships the bytes as they are); a GF(q)
     * frame is converted to floats here first.
     */
    virtual void decode_int8(const int8_t* llrs,
                             size_t frames,
                             float step,
                             uint8_t* info_bits,
                             uint8_t* codeword_bits,
                             int* iterations,
                             uint8_t* parity_ok) = 0;

    /*! Safe while another thread decodes; applies from the next call. */
    virtual void set_max_iterations(int max_iterations) = 0;
    virtual int max_iterations() const = 0;
    /*!
     * Normalized / offset min-sum parameters of a binary code. A nonbinary decoder
     * has none: it reports family_default and accepts only that
     * (std::invalid_argument otherwise).
     */
    virtual void set_alpha(float alpha) = 0;
    virtual float alpha() const = 0;
    virtual void set_beta(float beta) = 0;
    virtual float beta() const = 0;
};

/*!
 * The options of the CPU decoder that takes over from one that failed in the
 * middle of a stream (a GPU error): backend cpu, device 0 and a precision the
 * CPU has: half2 becomes float32 (like half2, it decides the same for any input
 * scale); automatic stays automatic (the CPU's: int8 for the min-sum family,
 * float32 for SPA and GF(q) codes); float32, int16 and int8 stay.
 */
code_decoder_options cpu_fallback_options(const code_decoder_options& options);

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_STREAM_FRAME_DECODER_H */
