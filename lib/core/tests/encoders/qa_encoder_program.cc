/*
 * Encoders as GF(2) programs (encoder_program.h): for every code family (the
 * dual-diagonal QC codes, DVB-S2's accumulator, alist codes through the generic
 * encoder, rank-deficient ones too), the program fills the codeword exactly as
 * the encoder does, on fresh random information bits; every non-information
 * column is set once and only from known columns.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test_util.h"
#include <cppunit/extensions/HelperMacros.h>
#include <gpufec/encoder_program.h>
#include <gpufec/ldpc_code.h>
#include <random>
#include <string>
#include <vector>

using namespace gpufec;

class qa_encoder_program : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_encoder_program);
    CPPUNIT_TEST(test_standard_codes);
    CPPUNIT_TEST(test_alist_codes);
    CPPUNIT_TEST_SUITE_END();

    static void check(const std::string& spec)
    {
        const auto code = ldpc_code::make(spec);
        const parity_check_matrix& h = code->h();
        const encoder& enc = code->get_encoder();
        const xor_program p = make_xor_program(enc, h);
        const int n = h.cols(), k = enc.k();
        // each non-information column is a target once, after its sources are known
        std::vector<int> known(static_cast<size_t>(n), 0);
        for (int c : enc.info_positions())
            known[static_cast<size_t>(c)] = 1;
        for (size_t s = 0; s < p.steps(); ++s) {
            for (int e = p.src_ptr[s]; e < p.src_ptr[s + 1]; ++e)
                CPPUNIT_ASSERT_MESSAGE(spec + ": source not yet known",
                                       known[static_cast<size_t>(p.sources[e])]);
            CPPUNIT_ASSERT_MESSAGE(spec + ": column set twice",
                                   !known[static_cast<size_t>(p.target[s])]);
            known[static_cast<size_t>(p.target[s])] = 1;
        }
        CPPUNIT_ASSERT_EQUAL_MESSAGE(spec, static_cast<size_t>(n - k), p.steps());

        std::random_device rd;
        std::mt19937 rng(rd());
        std::vector<uint8_t> info(static_cast<size_t>(k)), want(static_cast<size_t>(n)),
            got(static_cast<size_t>(n));
        for (int frame = 0; frame < 5; ++frame) {
            for (auto& b : info)
                b = static_cast<uint8_t>(rng() & 1);
            enc.encode(info.data(), want.data());
            std::fill(got.begin(), got.end(), 0xee); // poison: every column written
            for (int i = 0; i < k; ++i)
                got[static_cast<size_t>(enc.info_positions()[static_cast<size_t>(i)])] =
                    info[static_cast<size_t>(i)];
            run_xor_program(p, got.data());
            CPPUNIT_ASSERT_MESSAGE(spec + ": program differs from encode()", got == want);
        }
    }

public:
    void test_standard_codes()
    {
        for (const char* spec : { "wifi:648:1/2",
                                  "wifi:1944:5/6",
                                  "wimax:576:2/3B",
                                  "wimax:2304:1/2",
                                  "wimax:1152:3/4A",
                                  "nr5g:bg1:384",
                                  "nr5g:bg2:52",
                                  "nr5g:bg2:3",
                                  "dvbs2:short:1/2",
                                  "dvbs2:normal:8/9" })
            check(spec);
    }

    void test_alist_codes()
    {
        gpufec_test::require_refcodes();
        const std::string dir = gpufec_test::refcodes_dir() + "/binary/";
        for (const char* f : { "MACKAY_504_1008.alist",
                               "PEG_Reg_1008x504.alist",
                               "CCSDS_64_128.alist",
                               "WIMAX_288_576.alist",
                               "DEBUG_6_3.alist" })
            check("alist:" + dir + f);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_encoder_program);
