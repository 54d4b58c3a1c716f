/* -*- c++ -*- */
/*
 * Tests of the channel model: Philox4x32-10 against Random123's known-answer
 * vectors (Salmon et al., SC'11), the documented bit and Box-Muller mappings
 * (what a GPU must reproduce), reproducibility per (seed, frame), Gaussian
 * moments, exact LLRs for BPSK and Gray QPSK, Eb/N0 to sigma, argument checks.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "channel/normal_sample.h"
#include "test_util.h"
#include <gpufec/channel.h>
#include <gpufec/error.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace {

using gpufec::modulation;
using gpufec::philox4x32_10;

class qa_channel : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_channel);
    CPPUNIT_TEST(philox_known_answers);
    CPPUNIT_TEST(bit_mapping_is_documented_one);
    CPPUNIT_TEST(normal_mapping_is_documented_one);
    CPPUNIT_TEST(vectorized_normals_equal_scalar_path);
    CPPUNIT_TEST(uniform_range);
    CPPUNIT_TEST(reproducible_per_seed_and_frame);
    CPPUNIT_TEST(frames_seeds_streams_differ);
    CPPUNIT_TEST(bits_balanced);
    CPPUNIT_TEST(gaussian_moments);
    CPPUNIT_TEST(ebn0_to_sigma_values);
    CPPUNIT_TEST(llr_exact_formula);
    CPPUNIT_TEST(llr_sign_and_scale_noiseless);
    CPPUNIT_TEST(qpsk_matches_bpsk);
    CPPUNIT_TEST(uncoded_ber_matches_theory);
    CPPUNIT_TEST(modulation_names);
    CPPUNIT_TEST(bad_arguments_refused);
    CPPUNIT_TEST_SUITE_END();

public:
    void philox_known_answers()
    {
        // Random123 kat_vectors, philox4x32 with 10 rounds.
        struct kat {
            philox4x32_10::counter ctr;
            philox4x32_10::key key;
            philox4x32_10::counter expected;
        };
        const kat kats[] = {
            { { 0, 0, 0, 0 },
              { 0, 0 },
              { 0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8 } },
            { { 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff },
              { 0xffffffff, 0xffffffff },
              { 0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd } },
            { { 0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344 },
              { 0xa4093822, 0x299f31d0 },
              { 0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1 } },
        };
        for (const kat& k : kats) {
            const philox4x32_10::counter got = philox4x32_10::generate(k.ctr, k.key);
            for (int w = 0; w < 4; w++) {
                CPPUNIT_ASSERT_EQUAL(k.expected[w], got[w]);
            }
        }
    }

    void bit_mapping_is_documented_one()
    {
        const uint64_t seed = 0x0123456789abcdefull;
        const uint64_t frame = 0x100000007ull; // both frame words non-zero
        const size_t count = 1000;             // not a multiple of 128
        std::vector<uint8_t> bits(count);
        gpufec::random_bits(seed, frame, count, bits.data());
        for (size_t i = 0; i < count; i++) {
            const philox4x32_10::counter x = philox4x32_10::generate(
                { static_cast<uint32_t>(i / 128),
                  static_cast<uint32_t>(frame),
                  static_cast<uint32_t>(frame >> 32),
                  0 },
                { static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32) });
            const uint8_t expected = (x[(i / 32) % 4] >> (i % 32)) & 1u;
            CPPUNIT_ASSERT_EQUAL(static_cast<int>(expected), static_cast<int>(bits[i]));
        }
    }

    void normal_mapping_is_documented_one()
    {
        const uint64_t seed = 77;
        const uint64_t frame = 5;
        const uint32_t stream = 3;
        const size_t count = 1023;
        std::vector<float> z(count);
        gpufec::gaussian_samples(seed, frame, stream, count, z.data());
        for (size_t i = 0; i < count; i++) {
            const philox4x32_10::counter x = philox4x32_10::generate(
                { static_cast<uint32_t>(i / 4), static_cast<uint32_t>(frame), 0, stream },
                { static_cast<uint32_t>(seed), 0 });
            const size_t pair = (i % 4) / 2;
            // the documented float uniforms, then Box-Muller in double: the float
            // implementation agrees to a few float ulps
            const float fa =
                (static_cast<float>(x[2 * pair]) + 0.5f) * 2.3283064365386963e-10f;
            const float fb =
                (static_cast<float>(x[2 * pair + 1]) + 0.5f) * 2.3283064365386963e-10f;
            const double r = std::sqrt(-2.0 * std::log(static_cast<double>(fa)));
            const double t = 2.0 * 3.14159265358979323846 * static_cast<double>(fb);
            const double expected = i % 2 == 0 ? r * std::cos(t) : r * std::sin(t);
            CPPUNIT_ASSERT_DOUBLES_EQUAL(
                expected, z[i], 1e-6 + 1e-6 * std::fabs(expected));
        }
    }

    /*!
     * The vectorized normals (normal_blocks, whichever ISA version the loader
     * chose) are the scalar path's (normal_sample.h, which the GPU runs) bit for
     * bit, for every count (partial groups and blocks included).
     */
    void vectorized_normals_equal_scalar_path()
    {
        std::random_device rd;
        const uint64_t seed = (static_cast<uint64_t>(rd()) << 32) | rd();
        const uint64_t frame = rd();
        for (size_t count : { 1, 3, 4, 5, 63, 64, 65, 67, 130, 2304, 64801 }) {
            std::vector<float> z(count);
            gpufec::gaussian_samples(seed, frame, 1, count, z.data());
            for (size_t i = 0; i < count; i++) {
                const philox4x32_10::counter x = philox4x32_10::generate(
                    { static_cast<uint32_t>(i / 4),
                      static_cast<uint32_t>(frame),
                      static_cast<uint32_t>(frame >> 32),
                      1 },
                    { static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32) });
                const size_t pair = (i % 4) / 2;
                float z0, z1;
                gpufec::normal_detail::box_muller(x[2 * pair], x[2 * pair + 1], z0, z1);
                CPPUNIT_ASSERT_EQUAL(i % 2 == 0 ? z0 : z1, z[i]);
            }
        }
    }

    void uniform_range()
    {
        CPPUNIT_ASSERT(gpufec::uniform_from_word(0) > 0.0);
        CPPUNIT_ASSERT_EQUAL(std::ldexp(1.0, -33), gpufec::uniform_from_word(0));
        CPPUNIT_ASSERT(gpufec::uniform_from_word(0xffffffffu) < 1.0);
        CPPUNIT_ASSERT_EQUAL(1.0 - std::ldexp(1.0, -33),
                             gpufec::uniform_from_word(0xffffffffu));
    }

    void reproducible_per_seed_and_frame()
    {
        std::vector<uint8_t> a(5000), b(5000), prefix(37);
        gpufec::random_bits(9, 1234, a.size(), a.data());
        gpufec::random_bits(9, 1234, b.size(), b.data());
        CPPUNIT_ASSERT(a == b);
        gpufec::random_bits(9, 1234, prefix.size(), prefix.data());
        CPPUNIT_ASSERT(std::equal(prefix.begin(), prefix.end(), a.begin()));

        std::vector<float> x(3001), y(3001), p(6);
        gpufec::gaussian_samples(9, 1234, 1, x.size(), x.data());
        gpufec::gaussian_samples(9, 1234, 1, y.size(), y.data());
        CPPUNIT_ASSERT(x == y);
        gpufec::gaussian_samples(9, 1234, 1, p.size(), p.data());
        CPPUNIT_ASSERT(std::equal(p.begin(), p.end(), x.begin()));

        // A channel's output depends only on (seed, frame), not on call order.
        const gpufec::awgn_channel ch(modulation::bpsk, 2.0, 0.5, 9);
        std::vector<uint8_t> bits(a.begin(), a.begin() + 999);
        std::vector<float> l1(999), l2(999), other(999);
        ch.transmit(bits.data(), bits.size(), 42, l1.data());
        ch.transmit(bits.data(), bits.size(), 43, other.data());
        ch.transmit(bits.data(), bits.size(), 42, l2.data());
        CPPUNIT_ASSERT(l1 == l2);
        CPPUNIT_ASSERT(l1 != other);
    }

    void frames_seeds_streams_differ()
    {
        const size_t n = 256;
        auto bits = [n](uint64_t seed, uint64_t frame) {
            std::vector<uint8_t> v(n);
            gpufec::random_bits(seed, frame, n, v.data());
            return v;
        };
        auto normals = [n](uint64_t seed, uint64_t frame, uint32_t stream) {
            std::vector<float> v(n);
            gpufec::gaussian_samples(seed, frame, stream, n, v.data());
            return v;
        };
        CPPUNIT_ASSERT(bits(1, 0) != bits(1, 1));
        CPPUNIT_ASSERT(bits(1, 0) != bits(2, 0));
        CPPUNIT_ASSERT(bits(1, 0) != bits(1, uint64_t(1) << 32));     // frame high word
        CPPUNIT_ASSERT(bits(1, 0) != bits(uint64_t(1) << 32 | 1, 0)); // seed high word
        CPPUNIT_ASSERT(normals(1, 0, 1) != normals(1, 1, 1));
        CPPUNIT_ASSERT(normals(1, 0, 1) != normals(2, 0, 1));
        CPPUNIT_ASSERT(normals(1, 0, 1) != normals(1, 0, 2));
        CPPUNIT_ASSERT(normals(1, 7, 1) != normals(1, uint64_t(7) << 32, 1));
    }

    void bits_balanced()
    {
        const size_t n = 1000000;
        std::vector<uint8_t> v(n);
        gpufec::random_bits(3, 0, n, v.data());
        size_t ones = 0;
        size_t runs = 1;
        for (size_t i = 0; i < n; i++) {
            CPPUNIT_ASSERT(v[i] <= 1);
            ones += v[i];
            if (i > 0 && v[i] != v[i - 1]) {
                runs++;
            }
        }
        // Binomial(1e6, 1/2): sd 500; runs: mean n/2, sd ~500. Five sigma.
        CPPUNIT_ASSERT(std::fabs(static_cast<double>(ones) - 500000.0) < 2500.0);
        CPPUNIT_ASSERT(std::fabs(static_cast<double>(runs) - 500000.0) < 2500.0);
    }

    void gaussian_moments()
    {
        const size_t n = 1000000;
        std::vector<float> z(n);
        gpufec::gaussian_samples(11, 3, 1, n, z.data());
        double s1 = 0, s2 = 0, s3 = 0, s4 = 0;
        size_t beyond2 = 0;
        for (float v : z) {
            const double x = v;
            s1 += x;
            s2 += x * x;
            s3 += x * x * x;
            s4 += x * x * x * x;
            beyond2 += std::fabs(x) > 2.0;
        }
        const double mean = s1 / n;
        const double var = s2 / n - mean * mean;
        // Five standard errors: mean 1/sqrt(n), variance sqrt(2/n), skew sqrt(15/n),
        // fourth moment sqrt(96/n).
        CPPUNIT_ASSERT(std::fabs(mean) < 5.0 / std::sqrt(n));
        CPPUNIT_ASSERT(std::fabs(var - 1.0) < 5.0 * std::sqrt(2.0 / n));
        CPPUNIT_ASSERT(std::fabs(s3 / n) < 5.0 * std::sqrt(15.0 / n));
        CPPUNIT_ASSERT(std::fabs(s4 / n - 3.0) < 5.0 * std::sqrt(96.0 / n));
        // P(|Z| > 2) = erfc(2/sqrt(2)) = 0.0455003
        const double p = std::erfc(std::sqrt(2.0));
        CPPUNIT_ASSERT(std::fabs(static_cast<double>(beyond2) / n - p) <
                       5.0 * std::sqrt(p * (1 - p) / n));
    }

    void ebn0_to_sigma_values()
    {
        const double eps = 1e-12;
        CPPUNIT_ASSERT_DOUBLES_EQUAL(
            1.0, gpufec::ebn0_to_sigma(0.0, 0.5, modulation::bpsk), eps);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(
            std::sqrt(0.5), gpufec::ebn0_to_sigma(0.0, 0.5, modulation::qpsk), eps);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(std::sqrt(1.0 / (2.0 * std::pow(10.0, 0.3))),
                                     gpufec::ebn0_to_sigma(3.0, 1.0, modulation::bpsk),
                                     eps);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(std::sqrt(1.0 / (2.0 * 0.75 * 2.0 * 0.1)),
                                     gpufec::ebn0_to_sigma(-10.0, 0.75, modulation::qpsk),
                                     eps);
        // 10 dB more Eb/N0: sigma / sqrt(10).
        CPPUNIT_ASSERT_DOUBLES_EQUAL(gpufec::ebn0_to_sigma(1.5, 0.8, modulation::bpsk) /
                                         std::sqrt(10.0),
                                     gpufec::ebn0_to_sigma(11.5, 0.8, modulation::bpsk),
                                     eps);
        const gpufec::awgn_channel ch(modulation::qpsk, 2.0, 0.5, 1);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(
            gpufec::ebn0_to_sigma(2.0, 0.5, modulation::qpsk), ch.sigma(), 0.0);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(std::sqrt(0.5), ch.amplitude(), 1e-15);
    }

    void llr_exact_formula()
    {
        for (modulation m : { modulation::bpsk, modulation::qpsk }) {
            const uint64_t seed = 5;
            const uint64_t frame = 17;
            const size_t n = 777; // odd: the last QPSK symbol is padded
            const gpufec::awgn_channel ch(m, 1.25, 2.0 / 3.0, seed);
            std::vector<uint8_t> bits(n);
            gpufec::random_bits(99, 0, n, bits.data());
            std::vector<float> llr(n), z(n);
            ch.transmit(bits.data(), n, frame, llr.data());
            gpufec::gaussian_samples(seed, frame, 1, n, z.data());
            const double a = m == modulation::qpsk ? 1.0 / std::sqrt(2.0) : 1.0;
            const float c = static_cast<float>(2.0 * a / (ch.sigma() * ch.sigma()));
            CPPUNIT_ASSERT_EQUAL(c, ch.llr_scale());
            // y = a s + sigma z and L = y c, each operation in float (channel.h)
            const float af = static_cast<float>(a);
            const float sf = static_cast<float>(ch.sigma());
            for (size_t i = 0; i < n; i++) {
                const float sz = sf * z[i];
                const float y = (bits[i] ? -af : af) + sz;
                CPPUNIT_ASSERT_EQUAL(y * c, llr[i]);
            }
        }
    }

    void llr_sign_and_scale_noiseless()
    {
        // 80 dB: sigma ~ 1e-4, noise negligible next to the symbol; LLRs stay finite.
        for (modulation m : { modulation::bpsk, modulation::qpsk }) {
            const gpufec::awgn_channel ch(m, 80.0, 0.5, 1);
            const size_t n = 1001;
            std::vector<uint8_t> bits(n);
            gpufec::random_bits(4, 4, n, bits.data());
            std::vector<float> llr(n);
            ch.transmit(bits.data(), n, 0, llr.data());
            const double a = ch.amplitude();
            const double expected = 2.0 * a * a / (ch.sigma() * ch.sigma());
            for (size_t i = 0; i < n; i++) {
                CPPUNIT_ASSERT(std::isfinite(llr[i]));
                CPPUNIT_ASSERT_EQUAL(bits[i] == 0, llr[i] > 0.0f);
                const double s = bits[i] ? -1.0 : 1.0;
                CPPUNIT_ASSERT_DOUBLES_EQUAL(1.0, llr[i] / (s * expected), 1e-3);
            }
        }
    }

    void qpsk_matches_bpsk()
    {
        // With sigma from ebn0_to_sigma, Gray QPSK is two BPSK channels: the same
        // noise samples give the same LLRs up to float rounding.
        const size_t n = 100000;
        std::vector<uint8_t> bits(n);
        gpufec::random_bits(8, 8, n, bits.data());
        const gpufec::awgn_channel b(modulation::bpsk, 1.0, 0.5, 21);
        const gpufec::awgn_channel q(modulation::qpsk, 1.0, 0.5, 21);
        std::vector<float> lb(n), lq(n);
        b.transmit(bits.data(), n, 3, lb.data());
        q.transmit(bits.data(), n, 3, lq.data());
        for (size_t i = 0; i < n; i++) {
            CPPUNIT_ASSERT_DOUBLES_EQUAL(lb[i], lq[i], 1e-5 * (1.0 + std::fabs(lb[i])));
        }
    }

    void uncoded_ber_matches_theory()
    {
        // Hard decisions on the LLRs: BER = Q(sqrt(2 R Eb/N0)) for both modulations.
        const double ebn0_db = 2.0;
        const double rate = 0.5;
        const double theory =
            0.5 * std::erfc(std::sqrt(rate * std::pow(10.0, ebn0_db / 10.0)));
        const size_t n = 1000000;
        std::vector<uint8_t> bits(n);
        gpufec::random_bits(12, 0, n, bits.data());
        std::vector<float> llr(n);
        double ber[2];
        int idx = 0;
        for (modulation m : { modulation::bpsk, modulation::qpsk }) {
            const gpufec::awgn_channel ch(m, ebn0_db, rate, 12);
            ch.transmit(bits.data(), n, 1, llr.data());
            size_t errors = 0;
            for (size_t i = 0; i < n; i++) {
                errors += (llr[i] < 0.0f) != (bits[i] == 1);
            }
            ber[idx++] = static_cast<double>(errors) / n;
        }
        const double tol = 5.0 * std::sqrt(theory * (1 - theory) / n);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(theory, ber[0], tol);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(theory, ber[1], tol);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(ber[0], ber[1], 1e-4);
    }

    void modulation_names()
    {
        CPPUNIT_ASSERT(gpufec::parse_modulation("bpsk") == modulation::bpsk);
        CPPUNIT_ASSERT(gpufec::parse_modulation("QPSK") == modulation::qpsk);
        CPPUNIT_ASSERT_EQUAL(std::string("qpsk"), gpufec::to_string(modulation::qpsk));
        CPPUNIT_ASSERT_EQUAL(std::string("bpsk"), gpufec::to_string(modulation::bpsk));
        CPPUNIT_ASSERT_EQUAL(1, gpufec::bits_per_symbol(modulation::bpsk));
        CPPUNIT_ASSERT_EQUAL(2, gpufec::bits_per_symbol(modulation::qpsk));
    }

    void bad_arguments_refused()
    {
        using gpufec::invalid_argument;
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const double inf = std::numeric_limits<double>::infinity();
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::parse_modulation("8psk"), invalid_argument, "8psk");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::ebn0_to_sigma(1.0, 0.0, modulation::bpsk), invalid_argument, "rate");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::ebn0_to_sigma(1.0, 1.5, modulation::bpsk), invalid_argument, "rate");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::ebn0_to_sigma(1.0, -0.5, modulation::bpsk), invalid_argument, "rate");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::ebn0_to_sigma(1.0, nan, modulation::bpsk), invalid_argument, "rate");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::ebn0_to_sigma(nan, 0.5, modulation::bpsk), invalid_argument, "Eb/N0");
        GPUFEC_ASSERT_THROW_MSG(gpufec::awgn_channel(modulation::bpsk, nan, 0.5, 1),
                                invalid_argument,
                                "Eb/N0");
        GPUFEC_ASSERT_THROW_MSG(gpufec::awgn_channel(modulation::bpsk, inf, 0.5, 1),
                                invalid_argument,
                                "Eb/N0");
        GPUFEC_ASSERT_THROW_MSG(gpufec::awgn_channel(modulation::qpsk, 1.0, 1.01, 1),
                                invalid_argument,
                                "rate");
        GPUFEC_ASSERT_THROW_MSG(gpufec::awgn_channel(modulation::bpsk, 1e6, 0.5, 1),
                                invalid_argument,
                                "Eb/N0");

        const gpufec::awgn_channel ch(modulation::bpsk, 1.0, 0.5, 1);
        std::vector<uint8_t> bits(10, 0);
        std::vector<float> llr(10);
        GPUFEC_ASSERT_THROW_MSG(
            ch.transmit(nullptr, 10, 0, llr.data()), invalid_argument, "bits is null");
        GPUFEC_ASSERT_THROW_MSG(
            ch.transmit(bits.data(), 10, 0, nullptr), invalid_argument, "llrs is null");
        bits[7] = 2;
        GPUFEC_ASSERT_THROW_MSG(
            ch.transmit(bits.data(), 10, 0, llr.data()), invalid_argument, "bits[7]");
        ch.transmit(nullptr, 0, 0, nullptr); // nothing to do, nothing refused
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::random_bits(1, 0, 5, nullptr), invalid_argument, "null");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::gaussian_samples(1, 0, 1, 5, nullptr), invalid_argument, "null");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_channel);

} // namespace
