/* -*- c++ -*- */
/*
 * Tests of the channel kernels (channel_kernels.h): every kernel this CPU runs
 * (generic, avx2, avx512) gives the scalar path's bits (normal_sample.h, which
 * the GPU simulator runs too) for the normals, the float and int8 LLRs
 * (awgn_channel::transmit, quantize_llrs), the random bits (channel.h's
 * mapping), the unpacked codeword bits and the 64 x 64 bit transposes, on fresh random
 * seeds, every length (partial groups included), and for Box-Muller on chosen words at
 * the edges of its branches.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "channel/channel_kernels.h"
#include "channel/normal_sample.h"
#include "test_util.h"
#include <gpufec/channel.h>
#include <gpufec/decoder.h>
#include <gpufec/error.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

using gpufec::philox4x32_10;
namespace chan = gpufec::chan;
namespace nd = gpufec::normal_detail;

uint32_t bits_of(float x)
{
    uint32_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
}

philox4x32_10::counter block(uint64_t seed, uint64_t frame, uint32_t stream, uint32_t j)
{
    return philox4x32_10::generate(
        { j, static_cast<uint32_t>(frame), static_cast<uint32_t>(frame >> 32), stream },
        { static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32) });
}

/* Normal sample i of (seed, frame, stream) by the scalar path. */
float scalar_normal(uint64_t seed, uint64_t frame, uint32_t stream, size_t i)
{
    const philox4x32_10::counter x =
        block(seed, frame, stream, static_cast<uint32_t>(i / 4));
    const size_t pair = (i % 4) / 2;
    float z0, z1;
    nd::box_muller(x[2 * pair], x[2 * pair + 1], z0, z1);
    return i % 2 == 0 ? z0 : z1;
}

class qa_channel_kernels : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_channel_kernels);
    CPPUNIT_TEST(kernels_available);
    CPPUNIT_TEST(normals_equal_scalar_path);
    CPPUNIT_TEST(box_muller_edges_equal_scalar_path);
    CPPUNIT_TEST(llrs_equal_transmit);
    CPPUNIT_TEST(int8_llrs_equal_quantized_transmit);
    CPPUNIT_TEST(random_bits_equal_mapping);
    CPPUNIT_TEST(unpack_bits_equal_words);
    CPPUNIT_TEST(transposes_transpose);
    CPPUNIT_TEST_SUITE_END();

    std::mt19937_64 d_rng;
    std::string d_where;

    /* A fresh seed (logged in failure messages), or $GPUFEC_TEST_SEED. */
    uint64_t fresh() { return d_rng(); }

public:
    void setUp() override
    {
        std::random_device rd;
        const uint64_t s =
            gpufec_test::test_seed((static_cast<uint64_t>(rd()) << 32) | rd());
        d_rng.seed(s);
        d_where = "GPUFEC_TEST_SEED=" + std::to_string(s);
    }

    void kernels_available()
    {
        const std::vector<const chan::kernel*> v = chan::available_kernels();
        CPPUNIT_ASSERT(!v.empty());
        CPPUNIT_ASSERT_EQUAL(std::string("generic"), std::string(v.front()->name));
        bool found = false;
        for (const chan::kernel* k : v) {
            CPPUNIT_ASSERT_EQUAL(k, &chan::kernel_by_name(k->name));
            found = found || k == &chan::best_kernel();
        }
        CPPUNIT_ASSERT(found);
        GPUFEC_ASSERT_THROW_MSG(chan::kernel_by_name("mmx"),
                                gpufec::invalid_argument,
                                "available here: generic");
    }

    void normals_equal_scalar_path()
    {
        for (const chan::kernel* k : chan::available_kernels()) {
            const uint64_t seed = fresh();
            const uint64_t frame = fresh();
            const uint32_t stream = static_cast<uint32_t>(fresh() % 3);
            for (size_t blocks : { 1, 3, 7, 8, 9, 15, 16, 17, 33, 576, 1001 }) {
                for (uint32_t first : { 0u, 5u, 0xfffffff0u }) {
                    std::vector<float> z(4 * blocks);
                    k->normals(seed, frame, stream, first, blocks, z.data());
                    for (size_t i = 0; i < z.size(); i++) {
                        const size_t sample = 4 * static_cast<size_t>(first) + i;
                        const float want = scalar_normal(seed, frame, stream, sample);
                        if (bits_of(want) != bits_of(z[i])) {
                            std::ostringstream m;
                            m << k->name << " normal " << i << " of blocks " << blocks
                              << " from " << first << ": " << z[i] << " != " << want
                              << " (" << d_where << ")";
                            CPPUNIT_FAIL(m.str());
                        }
                    }
                }
            }
        }
    }

    void box_muller_edges_equal_scalar_path()
    {
        // words at the ends of the uniforms, the quadrants of cos_sin_turn (4 u near
        // an integer or a half) and the mantissa split of log_unit (near sqrt 2)
        std::vector<uint32_t> edges = { 0u,          1u,          2u,
                                        0x7fu,       0x80u,       0xffu,
                                        0x7fffffffu, 0x80000000u, 0xfffffffeu,
                                        0xffffffffu, 0xffffff7fu, 0xffffff80u };
        for (uint32_t q = 0; q <= 8; q++) {
            const uint64_t centre = (static_cast<uint64_t>(q) << 29);
            for (int d = -300; d <= 300; d++) {
                const int64_t w = static_cast<int64_t>(centre) + d;
                if (w >= 0 && w <= 0xffffffffll)
                    edges.push_back(static_cast<uint32_t>(w));
            }
        }
        for (int e = 0; e < 33; e++) { // u = sqrt(1/2) 2^-e, where log_unit splits
            const double u = 0.70710678118654752 * std::ldexp(1.0, -e);
            const int64_t centre = static_cast<int64_t>(u * 4294967296.0);
            for (int d = -200; d <= 200; d++) {
                const int64_t w = centre + d;
                if (w >= 0 && w <= 0xffffffffll)
                    edges.push_back(static_cast<uint32_t>(w));
            }
        }
        std::vector<uint32_t> words;
        for (uint32_t a : edges) { // each edge word as either word of a pair
            words.push_back(a);
            words.push_back(static_cast<uint32_t>(fresh()));
            words.push_back(static_cast<uint32_t>(fresh()));
            words.push_back(a);
        }
        for (int i = 0; i < (1 << 18); i++)
            words.push_back(static_cast<uint32_t>(fresh()));
        const size_t pairs = words.size() / 2;
        for (const chan::kernel* k : chan::available_kernels()) {
            std::vector<float> z(2 * pairs);
            k->box_muller(words.data(), pairs, z.data());
            for (size_t i = 0; i < pairs; i++) {
                float z0, z1;
                nd::box_muller(words[2 * i], words[2 * i + 1], z0, z1);
                if (bits_of(z0) != bits_of(z[2 * i]) ||
                    bits_of(z1) != bits_of(z[2 * i + 1])) {
                    std::ostringstream m;
                    m << k->name << " Box-Muller of words " << words[2 * i] << ", "
                      << words[2 * i + 1] << ": " << z[2 * i] << ", " << z[2 * i + 1]
                      << " != " << z0 << ", " << z1 << " (" << d_where << ")";
                    CPPUNIT_FAIL(m.str());
                }
            }
        }
    }

    /* LLRs of random bits, float and int8, against transmit and quantize_llrs. */
    void check_llrs(bool int8)
    {
        struct setup {
            gpufec::modulation mod;
            double ebn0;
            double rate;
            float step;
        };
        const setup setups[] = {
            { gpufec::modulation::bpsk, 2.0, 0.5, 0.125f },
            { gpufec::modulation::qpsk, -1.5, 0.75, 0.0625f },
            { gpufec::modulation::bpsk, 6.0, 0.9, 0.01f },  // most values clamped
            { gpufec::modulation::bpsk, 40.0, 0.5, 1e-3f }, // huge LLRs
        };
        for (const chan::kernel* k : chan::available_kernels()) {
            for (const setup& s : setups) {
                const gpufec::awgn_channel ch(s.mod, s.ebn0, s.rate, fresh());
                const chan::llr_params p = chan::llr_params_of(ch, s.step);
                for (size_t count : { 1, 3, 31, 32, 33, 63, 64, 65, 100, 2304, 4001 }) {
                    const uint64_t frame = fresh();
                    std::vector<uint8_t> bits(count);
                    for (auto& b : bits)
                        b = static_cast<uint8_t>(fresh() & 1u);
                    std::vector<float> want(count);
                    ch.transmit(bits.data(), count, frame, want.data());
                    // transmit's own LLRs are the scalar path's
                    for (size_t i = 0; i < count; i++) {
                        const float z =
                            scalar_normal(ch.seed(), frame, chan::noise_stream, i);
                        const float l =
                            nd::llr(bits[i], p.amplitude, p.sigma, p.scale, z);
                        CPPUNIT_ASSERT_EQUAL(bits_of(l), bits_of(want[i]));
                    }
                    bool same = true;
                    size_t bad = 0;
                    if (int8) {
                        std::vector<int8_t> q(count), got(count);
                        gpufec::quantize_llrs(want.data(), count, s.step, q.data());
                        k->llrs_int8(p, ch.seed(), frame, bits.data(), count, got.data());
                        for (bad = 0; bad < count && same; bad++)
                            same = q[bad] == got[bad];
                    } else {
                        std::vector<float> got(count);
                        k->llrs(p, ch.seed(), frame, bits.data(), count, got.data());
                        for (bad = 0; bad < count && same; bad++)
                            same = bits_of(want[bad]) == bits_of(got[bad]);
                    }
                    if (!same) {
                        std::ostringstream m;
                        m << k->name << (int8 ? " int8" : " float") << " LLR " << bad - 1
                          << " of " << count << " differs, " << gpufec::to_string(s.mod)
                          << " " << s.ebn0 << " dB (" << d_where << ")";
                        CPPUNIT_FAIL(m.str());
                    }
                }
            }
        }
    }

    void llrs_equal_transmit() { check_llrs(false); }

    void int8_llrs_equal_quantized_transmit()
    {
        check_llrs(true);
        // the clamp's corners, with parameters no channel has: 0 * inf = NaN (to 0),
        // infinite values (to +-127), halves (to even)
        struct corner {
            float amplitude, sigma, scale, step;
        };
        const corner corners[] = {
            { 0.0f, 0.0f, 1.0f, 1e-45f }, // inv_step inf, every LLR 0: NaN
            { 1.0f, 1.0f, 1.0f, 1e-45f }, // +-inf
            { 0.5f, 0.0f, 1.0f, 1.0f },   // 0.5 and -0.5: 0
            { 1.5f, 0.0f, 1.0f, 1.0f },   // 1.5 and -1.5: +-2
            { 127.5f, 0.0f, 1.0f, 1.0f }, // beyond 127
            { 1.0f, 3e38f, 10.0f, 1.0f }, // y c overflows
        };
        for (const chan::kernel* k : chan::available_kernels()) {
            for (const corner& c : corners) {
                chan::llr_params p;
                p.amplitude = c.amplitude;
                p.sigma = c.sigma;
                p.scale = c.scale;
                p.inv_step = 1.0f / c.step;
                const size_t count = 300;
                const uint64_t seed = fresh(), frame = fresh();
                std::vector<uint8_t> bits(count);
                for (auto& b : bits)
                    b = static_cast<uint8_t>(fresh() & 1u);
                std::vector<float> l(count);
                for (size_t i = 0; i < count; i++)
                    l[i] = nd::llr(bits[i],
                                   p.amplitude,
                                   p.sigma,
                                   p.scale,
                                   scalar_normal(seed, frame, chan::noise_stream, i));
                std::vector<int8_t> want(count), got(count);
                gpufec::quantize_llrs(l.data(), count, c.step, want.data());
                k->llrs_int8(p, seed, frame, bits.data(), count, got.data());
                for (size_t i = 0; i < count; i++) {
                    if (want[i] != got[i]) {
                        std::ostringstream m;
                        m << k->name << " int8 LLR " << i << " of amplitude "
                          << c.amplitude << " sigma " << c.sigma << " step " << c.step
                          << ": " << int(got[i]) << " != " << int(want[i]);
                        CPPUNIT_FAIL(m.str());
                    }
                }
            }
        }
    }

    void random_bits_equal_mapping()
    {
        for (const chan::kernel* k : chan::available_kernels()) {
            const uint64_t seed = fresh();
            const uint64_t frame = fresh();
            for (size_t count :
                 { 1, 7, 31, 32, 33, 127, 128, 129, 1000, 1152, 2049, 16 * 128 + 5 }) {
                std::vector<uint8_t> bits(count + 1, 0xaa);
                k->random_bits(seed, frame, count, bits.data());
                for (size_t i = 0; i < count; i++) {
                    const philox4x32_10::counter x = block(
                        seed, frame, chan::bits_stream, static_cast<uint32_t>(i / 128));
                    const int want = static_cast<int>((x[(i / 32) % 4] >> (i % 32)) & 1u);
                    if (want != bits[i]) {
                        std::ostringstream m;
                        m << k->name << " bit " << i << " of " << count << " (" << d_where
                          << ")";
                        CPPUNIT_FAIL(m.str());
                    }
                }
                CPPUNIT_ASSERT_EQUAL(0xaa, static_cast<int>(bits[count])); // no overrun
            }
        }
    }

    void unpack_bits_equal_words()
    {
        for (const chan::kernel* k : chan::available_kernels()) {
            for (size_t count : { 1, 31, 32, 33, 63, 64, 65, 2304, 4001 }) {
                std::vector<uint64_t> words((count + 63) / 64);
                for (auto& w : words)
                    w = fresh();
                std::vector<uint8_t> bytes(count + 1, 0xaa);
                k->unpack_bits(words.data(), count, bytes.data());
                for (size_t i = 0; i < count; i++)
                    CPPUNIT_ASSERT_EQUAL(
                        static_cast<int>((words[i / 64] >> (i % 64)) & 1u),
                        static_cast<int>(bytes[i]));
                CPPUNIT_ASSERT_EQUAL(0xaa, static_cast<int>(bytes[count]));
            }
        }
    }

    void transposes_transpose()
    {
        for (const chan::kernel* k : chan::available_kernels()) {
            uint64_t a[64], t[64];
            for (int r = 0; r < 64; r++)
                a[r] = t[r] = fresh();
            k->transpose_64x64(t);
            for (int r = 0; r < 64; r++)
                for (int c = 0; c < 64; c++)
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(
                        k->name, (a[r] >> c) & 1u, (t[c] >> r) & 1u);
        }
    }
};

} // namespace

CPPUNIT_TEST_SUITE_REGISTRATION(qa_channel_kernels);
