/* -*- c++ -*- */
/*
 * Channel model for simulation: the Philox4x32-10 counter-based generator
 * (Salmon, Moraes, Dror, Shaw, "Parallel random numbers: as easy as 1, 2, 3",
 * SC'11; checked against Random123's known-answer vectors), random bits,
 * Box-Muller normals (Box and Muller 1958), BPSK and Gray QPSK over AWGN with
 * exact LLRs. The exact arithmetic, which a GPU kernel must follow to give the
 * same numbers, is written down in include/gpufec/channel.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "normal_blocks.h"
#include "normal_sample.h"
#include <gpufec/channel.h>
#include <gpufec/error.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <sstream>
#include <vector>


namespace gpufec {

namespace {

using counter = philox4x32_10::counter;
using key = philox4x32_10::key;

inline void mulhilo(uint32_t a, uint32_t b, uint32_t& hi, uint32_t& lo)
{
    const uint64_t p = static_cast<uint64_t>(a) * b;
    hi = static_cast<uint32_t>(p >> 32);
    lo = static_cast<uint32_t>(p);
}

inline counter philox_round(const counter& c, const key& k)
{
    uint32_t hi0, lo0, hi1, lo1;
    mulhilo(philox4x32_10::M0, c[0], hi0, lo0);
    mulhilo(philox4x32_10::M1, c[2], hi1, lo1);
    return { hi1 ^ c[1] ^ k[0], lo1, hi0 ^ c[3] ^ k[1], lo0 };
}

inline counter philox(counter c, key k)
{
    for (int round = 0; round < 10; round++) {
        if (round > 0) {
            k[0] += philox4x32_10::W0;
            k[1] += philox4x32_10::W1;
        }
        c = philox_round(c, k);
    }
    return c;
}

inline key key_of(uint64_t seed)
{
    return { static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32) };
}

inline counter counter_of(uint32_t word_block, uint64_t frame, uint32_t stream)
{
    return { word_block,
             static_cast<uint32_t>(frame),
             static_cast<uint32_t>(frame >> 32),
             stream };
}

constexpr uint32_t bits_stream = 0;
constexpr uint32_t noise_stream = 1;
/*! count normals of (seed, frame, stream) into out (count rounded up to 4 floats). */
void normals(uint64_t seed, uint64_t frame, uint32_t stream, size_t count, float* out)
{
    normal_blocks(seed, frame, stream, 0, (count + 3) / 4, out);
}

constexpr uint64_t max_normals = uint64_t(4) << 32; // 2^32 blocks of 4
constexpr uint64_t max_bits = uint64_t(128) << 32;  // 2^32 blocks of 128

std::string lowercase(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) {
        return static_cast<char>(std::tolower(c));
    });
    return s;
}

void check_rate_and_ebn0(double ebn0_db, double code_rate)
{
    if (!(code_rate > 0.0 && code_rate <= 1.0)) {
        std::ostringstream msg;
        msg << "code rate " << code_rate << " is outside (0, 1]";
        throw invalid_argument(msg.str());
    }
    if (!std::isfinite(ebn0_db)) {
        std::ostringstream msg;
        msg << "Eb/N0 " << ebn0_db << " dB is not a finite number";
        throw invalid_argument(msg.str());
    }
}

} // namespace

philox4x32_10::counter philox4x32_10::generate(counter ctr, key k)
{
    return philox(ctr, k);
}

modulation parse_modulation(const std::string& name)
{
    const std::string n = lowercase(name);
    if (n == "bpsk") {
        return modulation::bpsk;
    }
    if (n == "qpsk") {
        return modulation::qpsk;
    }
    throw invalid_argument("unknown modulation '" + name + "' (valid: bpsk, qpsk)");
}

std::string to_string(modulation m) { return m == modulation::qpsk ? "qpsk" : "bpsk"; }

int bits_per_symbol(modulation m) { return m == modulation::qpsk ? 2 : 1; }

double ebn0_to_sigma(double ebn0_db, double code_rate, modulation m)
{
    check_rate_and_ebn0(ebn0_db, code_rate);
    const double ebn0 = std::pow(10.0, ebn0_db / 10.0);
    const double sigma = std::sqrt(1.0 / (2.0 * code_rate * bits_per_symbol(m) * ebn0));
    if (!(sigma > 0.0) || !std::isfinite(sigma)) {
        std::ostringstream msg;
        msg << "Eb/N0 " << ebn0_db << " dB at rate " << code_rate
            << " gives a noise sigma of " << sigma << ", outside the range of a double";
        throw invalid_argument(msg.str());
    }
    return sigma;
}

void random_bits(uint64_t seed, uint64_t frame, size_t count, uint8_t* bits)
{
    if (count == 0) {
        return;
    }
    if (!bits) {
        throw invalid_argument("random_bits: bits is null");
    }
    if (static_cast<uint64_t>(count) > max_bits) {
        throw invalid_argument("random_bits: count " + std::to_string(count) +
                               " exceeds 2^39 bits per frame");
    }
    const key k = key_of(seed);
    const size_t blocks = (count + 127) / 128;
    for (size_t j = 0; j < blocks; j++) {
        const counter x =
            philox(counter_of(static_cast<uint32_t>(j), frame, bits_stream), k);
        const size_t base = 128 * j;
        const size_t m = std::min<size_t>(128, count - base);
        for (size_t t = 0; t < m; t++) {
            bits[base + t] = static_cast<uint8_t>((x[t / 32] >> (t % 32)) & 1u);
        }
    }
}

void gaussian_samples(
    uint64_t seed, uint64_t frame, uint32_t stream, size_t count, float* out)
{
    if (count == 0) {
        return;
    }
    if (!out) {
        throw invalid_argument("gaussian_samples: out is null");
    }
    if (static_cast<uint64_t>(count) > max_normals) {
        throw invalid_argument("gaussian_samples: count " + std::to_string(count) +
                               " exceeds 2^34 samples per frame");
    }
    const size_t whole = count / 4 * 4;
    normal_blocks(seed, frame, stream, 0, count / 4, out);
    if (whole < count) {
        float tail[4];
        normal_blocks(seed, frame, stream, static_cast<uint32_t>(count / 4), 1, tail);
        for (size_t i = whole; i < count; i++) {
            out[i] = tail[i - whole];
        }
    }
}

awgn_channel::awgn_channel(modulation m, double ebn0_db, double code_rate, uint64_t seed)
    : d_mod(m), d_sigma(ebn0_to_sigma(ebn0_db, code_rate, m)), d_seed(seed)
{
    if (m != modulation::bpsk && m != modulation::qpsk) {
        throw invalid_argument("awgn_channel: unknown modulation value " +
                               std::to_string(static_cast<int>(m)));
    }
    if (!std::isfinite(llr_scale())) {
        std::ostringstream msg;
        msg << "awgn_channel: Eb/N0 " << ebn0_db
            << " dB gives an LLR scale beyond the range of a float";
        throw invalid_argument(msg.str());
    }
}

void awgn_channel::transmit(const uint8_t* bits,
                            size_t count,
                            uint64_t frame,
                            float* llrs) const
{
    if (count == 0) {
        return;
    }
    if (!bits || !llrs) {
        throw invalid_argument(std::string("awgn_channel::transmit: ") +
                               (bits ? "llrs" : "bits") + " is null");
    }
    if (static_cast<uint64_t>(count) > max_normals) {
        throw invalid_argument("awgn_channel::transmit: count " + std::to_string(count) +
                               " exceeds 2^34 bits per frame");
    }
    for (size_t i = 0; i < count; i++) {
        if (bits[i] > 1) {
            throw invalid_argument("awgn_channel::transmit: bits[" + std::to_string(i) +
                                   "] = " + std::to_string(bits[i]) + " is not 0 or 1");
        }
    }

    // y_i = a s_i + sigma n_i and L_i = y_i c, in float (normal_sample.h): the
    // same operations as the GPU simulator's channel
    const float a = static_cast<float>(amplitude());
    const float sigma = static_cast<float>(d_sigma);
    const float c = llr_scale();
    thread_local std::vector<float> z;
    z.resize((count + 3) / 4 * 4);
    normals(d_seed, frame, noise_stream, count, z.data());
    for (size_t i = 0; i < count; i++) {
        llrs[i] = normal_detail::llr(bits[i], a, sigma, c, z[i]);
    }
}

} // namespace gpufec
