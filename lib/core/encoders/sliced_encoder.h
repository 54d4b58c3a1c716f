/* -*- c++ -*- */
/*
 * Encoding 64 frames at once on the CPU, bit-sliced: bit f of a 64-bit word is
 * frame f, so one XOR of the encoder's GF(2) program (encoder_program.h) serves
 * 64 frames, as the GPU simulator does with 32. The information bits go in and
 * the transmitted codeword bits come out through 64 x 64 bit transposes (the
 * recursive block swap of H. S. Warren, "Hacker's Delight", 2nd ed., 7-3). The
 * codewords are those of ldpc_code::encode bit for bit.
 *
 * Copyright 2026 gr-gpufec authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SLICED_ENCODER_H
#define INCLUDED_GPUFEC_SLICED_ENCODER_H

#include <cstddef>
#include <cstdint>
#include <gpufec/encoder_program.h>
#include <gpufec/ldpc_code.h>
#include <vector>

namespace gpufec {

/*! a[r] bit c becomes a[c] bit r (64 x 64 bits, bit 0 the least significant). */
void transpose_64x64(uint64_t a[64]);

class sliced_encoder
{
public:
    static constexpr size_t max_frames = 64; //!< frames a call

    /*! Builds the GF(2) program of the code's encoder. */
    explicit sliced_encoder(const ldpc_code& code);

    size_t k() const { return d_k; }
    size_t n() const { return d_n; }
    /*! 64-bit words a frame's packed codeword takes: ceil(n / 64). */
    size_t words() const { return (d_n + 63) / 64; }

    /*!
     * Encodes `frames` (<= 64) frames: info holds frames x k bits (0/1 bytes,
     * frame after frame); codeword bit i of frame f, as ldpc_code::encode writes
     * it, becomes bit i % 64 of out[f * words() + i / 64] (bits past n are 0).
     */
    void encode(const uint8_t* info, size_t frames, uint64_t* out) const;

private:
    size_t d_k, d_n, d_n_full;
    std::vector<int> d_info_positions; //!< full-codeword column of each info bit
    std::vector<int> d_transmitted;    //!< full-codeword column of each sent bit
    xor_program d_program;
};

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_SLICED_ENCODER_H */
