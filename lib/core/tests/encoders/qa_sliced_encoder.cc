/* -*- c++ -*- */
/*
 * Tests of the bit-sliced encoder (sliced_encoder.h): the 64 x 64 bit transpose
 * against its definition, and the codewords of 1 .. 64 frames a call against
 * ldpc_code::encode on the standard families (punctured 5G NR columns, the DVB-S2
 * accumulator) and alist codes, on fresh random information bits.
 *
 * Copyright 2026 gr-gpufec authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "encoders/sliced_encoder.h"
#include "test_util.h"
#include <gpufec/channel.h>
#include <gpufec/ldpc_code.h>

#include <random>
#include <string>
#include <vector>

namespace {

using gpufec::ldpc_code;
using gpufec::sliced_encoder;

class qa_sliced_encoder : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_sliced_encoder);
    CPPUNIT_TEST(transpose_is_transpose);
    CPPUNIT_TEST(standard_codes_equal_encode);
    CPPUNIT_TEST(alist_codes_equal_encode);
    CPPUNIT_TEST_SUITE_END();

    std::mt19937_64 d_rng;
    std::string d_where;

    void check(const std::string& spec)
    {
        const auto code = ldpc_code::make(spec);
        const sliced_encoder enc(*code);
        const size_t k = static_cast<size_t>(code->k()),
                     n = static_cast<size_t>(code->n());
        CPPUNIT_ASSERT_EQUAL(k, enc.k());
        CPPUNIT_ASSERT_EQUAL(n, enc.n());
        for (size_t frames : { 1, 2, 17, 63, 64 }) {
            std::vector<uint8_t> info(frames * k);
            for (auto& b : info)
                b = static_cast<uint8_t>(d_rng() & 1u);
            std::vector<uint64_t> out(frames * enc.words(), ~0ull);
            enc.encode(info.data(), frames, out.data());
            std::vector<uint8_t> want(n);
            for (size_t f = 0; f < frames; f++) {
                code->encode(info.data() + f * k, want.data());
                for (size_t i = 0; i < 64 * enc.words(); i++) {
                    const int got = static_cast<int>(
                        (out[f * enc.words() + i / 64] >> (i % 64)) & 1u);
                    const int expected = i < n ? want[i] : 0;
                    if (got != expected) {
                        CPPUNIT_FAIL(spec + ": bit " + std::to_string(i) + " of frame " +
                                     std::to_string(f) + " of " + std::to_string(frames) +
                                     " (" + d_where + ")");
                    }
                }
            }
        }
    }

public:
    void setUp() override
    {
        std::random_device rd;
        const uint64_t s =
            gpufec_test::test_seed((static_cast<uint64_t>(rd()) << 32) | rd());
        d_rng.seed(s);
        d_where = "GPUFEC_TEST_SEED=" + std::to_string(s);
    }

    void transpose_is_transpose()
    {
        uint64_t a[64], t[64];
        for (int r = 0; r < 64; r++)
            a[r] = t[r] = d_rng();
        gpufec::transpose_64x64(t);
        for (int r = 0; r < 64; r++)
            for (int c = 0; c < 64; c++)
                CPPUNIT_ASSERT_EQUAL((a[r] >> c) & 1u, (t[c] >> r) & 1u);
    }

    void standard_codes_equal_encode()
    {
        for (const char* spec : { "wifi:648:1/2",
                                  "wifi:1944:5/6",
                                  "wimax:576:2/3B",
                                  "wimax:2304:1/2",
                                  "nr5g:bg1:384",
                                  "nr5g:bg2:52",
                                  "dvbs2:short:1/2",
                                  "dvbs2:normal:8/9" })
            check(spec);
    }

    void alist_codes_equal_encode()
    {
        gpufec_test::require_refcodes();
        const std::string dir = gpufec_test::refcodes_dir() + "/binary/";
        for (const char* f :
             { "MACKAY_504_1008.alist", "CCSDS_64_128.alist", "DEBUG_6_3.alist" })
            check("alist:" + dir + f);
    }
};

} // namespace

CPPUNIT_TEST_SUITE_REGISTRATION(qa_sliced_encoder);
