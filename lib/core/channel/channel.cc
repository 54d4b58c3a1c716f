/* -*- c++ -*- */
/*
 * Channel model for simulation: the Philox4x32-10 counter-based generator
 * (Salmon, Moraes, Dror, Shaw, "Parallel random numbers: as easy as 1, 2, 3",
 * SC'11; checked against Random123's known-answer vectors), random bits,
 * Box-Muller normals (Box and Muller 1958), BPSK and Gray QPSK over AWGN with
 * exact LLRs. The exact arithmetic, which a GPU kernel must follow to give the
 * same numbers, is written down in include/gpufec/channel.h.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "channel/channel_kernels.h"
#include "channel/normal_sample.h"
#include "codes/text_input.h"
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

constexpr uint64_t max_normals = uint64_t(4) << 32; // 2^32 blocks of 4
constexpr uint64_t max_bits = uint64_t(128) << 32;  // 2^32 blocks of 128

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
    const std::string n = detail::lower_case(name);
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
    chan::best_kernel().random_bits(seed, frame, count, bits);
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
    const chan::kernel& k = chan::best_kernel();
    k.normals(seed, frame, stream, 0, count / 4, out);
    if (whole < count) {
        float tail[4];
        k.normals(seed, frame, stream, static_cast<uint32_t>(count / 4), 1, tail);
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
    chan::best_kernel().llrs(
        chan::llr_params_of(*this), d_seed, frame, bits, count, llrs);
}

chan::llr_params chan::llr_params_of(const awgn_channel& ch, float int8_step)
{
    chan::llr_params p;
    p.amplitude = static_cast<float>(ch.amplitude());
    p.sigma = static_cast<float>(ch.sigma());
    p.scale = ch.llr_scale();
    p.inv_step = int8_step > 0.0f ? 1.0f / int8_step : 0.0f;
    return p;
}

} // namespace gpufec
