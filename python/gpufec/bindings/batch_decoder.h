/*
 * The decoder behind gpufec.batch_decoder: one object for every code, holding
 * the core decoder of the code (gpufec::decoder::make(code_handle, options),
 * binary or GF(q) alike), in the units of the numpy API: a frame is n_bits() bit
 * LLRs in (positive means bit 0; for a code over GF(2^p) the symbols' binary
 * images, N*p bits) and k_bits() information bits or n_bits() codeword bits
 * out. Float and int8 LLRs are taken for both kinds.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PYTHON_BATCH_DECODER_H
#define INCLUDED_GPUFEC_PYTHON_BATCH_DECODER_H

#include "decoder_args.h"
#include <cstddef>
#include <cstdint>
#include <gpufec/code.h>
#include <gpufec/decoder.h>
#include <string>

namespace gpufec_python {

/*! Where decode() writes, `frames` entries each (none may be null). */
struct batch_output {
    uint8_t* bits = nullptr; //!< frames * k_bits(), or frames * n_bits() with codeword
    bool codeword = false;
    int* iterations = nullptr;
    uint8_t* parity_ok = nullptr;
};

class batch_decoder
{
public:
    /*!
     * The decoder of `code` with `args` (decoder_args.h). Throws
     * gpufec::invalid_argument for a bad argument and gpufec::backend_unavailable
     * where the backend cannot run; messages start with "batch_decoder".
     */
    batch_decoder(const gpufec::code_handle& code, const decoder_arguments& args);

    const gpufec::code_handle& code() const { return d_code; }
    bool nonbinary() const { return !d_code.is_binary(); }
    /*! The options in force (decoder::options). */
    gpufec::decoder_options options() const { return d_decoder->options(); }

    const std::string& spec() const;
    size_t n_bits() const { return static_cast<size_t>(d_code.n_bits()); }
    size_t k_bits() const { return static_cast<size_t>(d_code.k_bits()); }
    /*! "cpu" or "cuda". */
    std::string backend_name() const { return d_decoder->backend_name(); }
    /*! The precision in force (auto resolved): "float32", "half2", "int16", "int8". */
    std::string precision() const;

    void set_max_iterations(int iterations);
    /*! Binary codes; a nonbinary code takes only -1 (family_default). */
    void set_alpha(float alpha);
    void set_beta(float beta);

    /*! Decodes frames * n_bits() float LLRs; the GIL may be released. */
    void decode(const float* llrs, size_t frames, const batch_output& out);
    /*! int8 LLRs: value v stands for v * step (step > 0 and finite). */
    void decode(const int8_t* llrs, size_t frames, float step, const batch_output& out);

private:
    gpufec::code_handle d_code;
    gpufec::decoder::uptr d_decoder;

    void refuse_binary_only(const char* name, float value) const;
};

} // namespace gpufec_python

#endif /* INCLUDED_GPUFEC_PYTHON_BATCH_DECODER_H */
