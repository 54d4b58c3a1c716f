/* -*- c++ -*- */
/*
 * Channel model for simulation: BPSK and Gray-mapped QPSK over AWGN, exact LLRs,
 * Eb/N0 to noise variance from the code rate and bits per symbol. Noise and random
 * information bits come from a counter-based generator, Philox4x32-10 (Salmon et
 * al., SC'11): the numbers of frame i depend only on (seed, i), so the GPU can
 * reproduce the CPU's streams and a run splits across threads, devices and
 * processes with identical counts.
 *
 * Counter layout: (word index, frame low 32, frame high 32, stream), key = seed.
 * Streams: 0 = information bits, 1 = noise.
 *
 * Exact mapping (what a GPU kernel must do to reproduce the CPU's numbers):
 *  - Philox block j of (seed, frame, stream): x[0..3] = philox4x32_10(
 *    counter = { j, (uint32)frame, (uint32)(frame >> 32), stream },
 *    key = { (uint32)seed, (uint32)(seed >> 32) }). Rounds as Random123:
 *    (hi0,lo0) = M0*c0, (hi1,lo1) = M1*c2 (64-bit products),
 *    c = { hi1^c1^k0, lo1, hi0^c3^k1, lo0 }, then k0 += W0, k1 += W1 (mod 2^32);
 *    the key bump happens between rounds (10 rounds, 9 bumps).
 *  - Random bit i (stream 0): block j = i / 128, word w = (i / 32) % 4,
 *    bit = (x[w] >> (i % 32)) & 1 (least significant bit first).
 *  - Uniform from a word, for the normals: u(x) = ((float)x + 0.5f) * 2^-32 in
 *    float, in (0, 1] (the tails keep full resolution: the smallest u is 2^-33).
 *  - Normal sample i (Box-Muller in float, lib/core/channel/normal_sample.h): block
 *    j = i / 4; the pair p = (i % 4) / 2 uses u_a = u(x[2p]), u_b = u(x[2p+1]);
 *    r = sqrt(-2 ln u_a) with ln from the exponent and a series of atanh on the
 *    mantissa; cos and sin of 2 pi u_b from the quadrant of 4 u_b and Taylor
 *    polynomials on [-pi/4, pi/4]; sample 4j+2p = r cos, 4j+2p+1 = r sin. Every
 *    step is an IEEE float add, multiply, divide or square root, so a GPU gives
 *    the same bits. (Until 2026-11-25 this was double precision with the C
 *    library's log / cos / sin; the samples agree with those to a few float
 *    ulps, so counts recorded before move by a frame or a bit at most.)
 *  - Channel, bit i of a frame (BPSK and QPSK alike): s = 1 - 2 b_i, n_i = normal
 *    sample i of (seed, frame, stream 1), y = a s + sigma n_i and L_i = y c in
 *    float, a = 1 (BPSK) or (float)(1/sqrt(2)) (QPSK), sigma = (float)sigma,
 *    c = (float)(2 a / sigma^2) from the double values; I carries bit 2m, Q bit
 *    2m+1 of symbol m, so bit i always meets noise sample i. With sigma from
 *    ebn0_to_sigma, QPSK LLRs equal BPSK LLRs up to float rounding: Gray QPSK is
 *    two BPSK channels.
 *  Every product and sum above is rounded on its own: no fused multiply-add
 *  (channel.cc is compiled with -ffp-contract=off; the CUDA code uses
 *  __fmul_rn / __fadd_rn).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CHANNEL_H
#define INCLUDED_GPUFEC_CHANNEL_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <gpufec/api.h>
#include <string>

namespace gpufec {

/*!
 * Philox4x32 with 10 rounds (Salmon, Moraes, Dror, Shaw, "Parallel random
 * numbers: as easy as 1, 2, 3", SC'11; constants and rounds of Random123's
 * philox4x32_R(10, ...)). generate() is a pure function of (counter, key).
 */
struct GPUFEC_API philox4x32_10 {
    using counter = std::array<uint32_t, 4>;
    using key = std::array<uint32_t, 2>;
    static constexpr uint32_t M0 = 0xD2511F53u; //!< round multiplier of c0
    static constexpr uint32_t M1 = 0xCD9E8D57u; //!< round multiplier of c2
    static constexpr uint32_t W0 = 0x9E3779B9u; //!< key bump of k0 (golden ratio)
    static constexpr uint32_t W1 = 0xBB67AE85u; //!< key bump of k1 (sqrt(3) - 1)
    static counter generate(counter ctr, key k);
};

/*! (x + 0.5) * 2^-32 in double, in (0, 1): a word as a uniform (the normals use float).
 */
inline double uniform_from_word(uint32_t x) { return (x + 0.5) * (1.0 / 4294967296.0); }

enum class modulation { bpsk, qpsk };

/*! "bpsk" or "qpsk" (any case); anything else throws gpufec::invalid_argument. */
GPUFEC_API modulation parse_modulation(const std::string& name);
/*! "bpsk", "qpsk" */
GPUFEC_API std::string to_string(modulation m);
/*! 1 for BPSK, 2 for QPSK. */
GPUFEC_API int bits_per_symbol(modulation m);

/*!
 * Noise standard deviation per real dimension for unit-energy symbols:
 * sigma^2 = 1 / (2 * rate * bits_per_symbol * 10^(ebn0_db/10)).
 * Throws gpufec::invalid_argument for a rate outside (0,1] or a non-finite Eb/N0.
 */
GPUFEC_API double ebn0_to_sigma(double ebn0_db, double code_rate, modulation m);

/*!
 * Random bits (0/1 bytes) of frame `frame` for `seed`: stream 0. At most 2^39
 * bits per frame (the 32-bit word index); bits may be null when count is 0.
 */
GPUFEC_API void random_bits(uint64_t seed, uint64_t frame, size_t count, uint8_t* bits);

/*!
 * Standard normal samples of frame `frame` for `seed` and `stream` (Box-Muller,
 * see file comment). At most 2^34 samples per (frame, stream).
 */
GPUFEC_API void gaussian_samples(
    uint64_t seed, uint64_t frame, uint32_t stream, size_t count, float* out);

class GPUFEC_API awgn_channel
{
public:
    /*!
     * Throws gpufec::invalid_argument for a rate outside (0,1] or a non-finite
     * Eb/N0 (an infinite one would give infinite LLRs).
     */
    awgn_channel(modulation m, double ebn0_db, double code_rate, uint64_t seed);

    /*!
     * Modulates `count` bits (bit 0 -> +a, bit 1 -> -a; QPSK: bit pairs on I and Q,
     * a = 1/sqrt(2); an odd count pads the last symbol's Q with bit 0), adds noise
     * of frame `frame`, and writes the exact LLR of each bit,
     * L = 2 a y / sigma^2 (positive means bit 0). The exact arithmetic is in the
     * file comment. Throws gpufec::invalid_argument for a null pointer with
     * count > 0 or a bit other than 0/1 (naming its index).
     */
    void transmit(const uint8_t* bits, size_t count, uint64_t frame, float* llrs) const;

    double sigma() const { return d_sigma; }
    modulation mod() const { return d_mod; }
    uint64_t seed() const { return d_seed; }
    /*! Symbol amplitude per real dimension: 1 (BPSK) or 1/sqrt(2) (QPSK). */
    double amplitude() const
    {
        return d_mod == modulation::qpsk ? 0.70710678118654752 : 1.0;
    }
    /*! The float factor c = 2 a / sigma^2 that turns y into an LLR. */
    float llr_scale() const
    {
        return static_cast<float>(2.0 * amplitude() / (d_sigma * d_sigma));
    }

private:
    modulation d_mod;
    double d_sigma;
    uint64_t d_seed;
};

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_CHANNEL_H */
