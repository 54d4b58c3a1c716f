/* -*- c++ -*- */
/*
 * frame_decoder and frame_encoder: one small interface over the core's binary
 * (gpufec::decoder, ldpc_code) and nonbinary (gpufec::nb_decoder, nb_code)
 * codes, in the units every gr-gpufec block and FECAPI object uses: a frame is
 * n_bits() bit LLRs in (positive means bit 0) and k_bits() information bits or
 * n_bits() codeword bits out, one bit per byte. For a binary code n_bits() = N;
 * for a code over GF(q), q = 2^p, it is N*p, the symbols' binary images (bit j
 * of symbol s at s*p + j). The code spec decides which core object is made.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_FRAME_CODEC_H
#define INCLUDED_GR_GPUFEC_FRAME_CODEC_H

#include "decoder_params.h"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

/*! Sizes of a code, binary or nonbinary (p = 1, q = 2 for a binary code). */
struct frame_sizes {
    bool nonbinary = false;
    int n = 0; //!< code length N: bits, or GF(q) symbols
    int k = 0; //!< information bits, or symbols
    int p = 1; //!< bits per symbol
    int q() const { return 1 << p; }
    int n_bits() const { return n * p; }
    int k_bits() const { return k * p; }
};

class frame_decoder
{
public:
    using uptr = std::unique_ptr<frame_decoder>;

    /*!
     * The decoder of the code of `spec` (binary or nonbinary) with `args`
     * (decoder_params.h). Throws std::invalid_argument for a bad spec or
     * argument, gpufec::backend_unavailable when the backend cannot run here;
     * messages start with `who`.
     */
    static uptr
    make(const std::string& spec, const decoder_args& args, const std::string& who);

    virtual ~frame_decoder() = default;

    const frame_sizes& sizes() const { return d_sizes; }
    virtual std::string code_name() const = 0;
    /*! "cpu" or "cuda". */
    virtual std::string backend_name() const = 0;
    /*!
     * The message precision in use, "auto" resolved: "float32", "half2", "int16"
     * or "int8" (a nonbinary decoder: "float32").
     */
    virtual std::string precision() const = 0;

    /*!
     * Decodes `frames` frames of sizes().n_bits() LLRs. info_bits (frames *
     * k_bits()) or codeword_bits (frames * n_bits()) may be null; iterations and
     * parity_ok (frames entries each) may not.
     */
    virtual void decode(const float* llrs,
                        size_t frames,
                        uint8_t* info_bits,
                        uint8_t* codeword_bits,
                        int* iterations,
                        uint8_t* parity_ok) = 0;

    /*!
     * As decode(), from int8 LLRs: value v stands for the LLR v * step (step >
     * 0 and finite). A binary code goes through the core's int8 entry point
     * (gpufec::decoder::decode(const int8_t*, ...): the CUDA backend ships the
     * bytes as they are, a quarter of the float traffic); the nonbinary core
     * decoder takes floats only, so a GF(q) frame is converted here first.
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
     * Normalized / offset min-sum parameters of a binary code. A nonbinary
     * decoder has none: it reports -1 and accepts only -1 (std::invalid_argument
     * otherwise).
     */
    virtual void set_alpha(float alpha) = 0;
    virtual float alpha() const = 0;
    virtual void set_beta(float beta) = 0;
    virtual float beta() const = 0;

protected:
    explicit frame_decoder(const frame_sizes& sizes) : d_sizes(sizes) {}
    const frame_sizes d_sizes;
};

/*!
 * The arguments of the CPU decoder that takes over from a decoder that failed in
 * the middle of a stream (a GPU error): `args` with backend "cpu", device 0 and
 * a precision the CPU has: "half2" becomes "float32" (like half2, it decides the
 * same for any input scale, so the switch needs no other setting); "auto" stays
 * "auto" (the CPU's: int8 for the min-sum family, float32 for SPA and GF(q)
 * codes), float32, int16 and int8 stay.
 */
decoder_args cpu_fallback_args(const decoder_args& args);

class frame_encoder
{
public:
    /*! The systematic encoder of the code of `spec`; errors as frame_decoder::make. */
    frame_encoder(const std::string& spec, const std::string& who);

    const frame_sizes& sizes() const { return d_sizes; }
    const std::string& code_name() const;

    /*!
     * Encodes one frame: sizes().k_bits() bytes in (the least significant bit of
     * each is used), sizes().n_bits() codeword bits out. Not thread-safe (one
     * scratch frame).
     */
    void encode(const uint8_t* info_bits, uint8_t* codeword_bits);

private:
    spec_code d_code;
    frame_sizes d_sizes;
    std::vector<uint8_t> d_info;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_FRAME_CODEC_H */
