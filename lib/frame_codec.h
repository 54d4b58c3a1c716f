/* -*- c++ -*- */
/*
 * frame_encoder: one small interface over the core's binary (ldpc_code) and
 * nonbinary (nb_code) encoders, in the units of gr-gpufec's encoder block and
 * FECAPI object: a frame is k_bits() information bits in and n_bits() codeword
 * bits out, one bit per byte. For a binary code n_bits() = N; for a code over
 * GF(q), q = 2^p, it is N*p, the symbols' binary images (bit j of symbol s at
 * s*p + j). The code spec decides which core code is made. (The decoder side is
 * the core's stream pipeline: lib/core/stream/, stream_setup.h.)
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_FRAME_CODEC_H
#define INCLUDED_GR_GPUFEC_FRAME_CODEC_H

#include "decoder_arguments.h"
#include "input_convention.h" // check_positive, for the encoders' frames
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

class frame_encoder
{
public:
    /*! The systematic encoder of the code of `spec`; throws std::invalid_argument
     * prefixed with `who` (code_of_spec). */
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
    ::gpufec::code_handle d_code;
    frame_sizes d_sizes;
    std::vector<uint8_t> d_info;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_FRAME_CODEC_H */
