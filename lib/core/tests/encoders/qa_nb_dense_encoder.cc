/* -*- c++ -*- */
/*
 * Tests of the dense GF(q) encoder form that the GPU simulator runs
 * (lib/core/encoders/nb_dense_encoder.h), on the CPU: it encodes exactly as
 * nb_code::encode on random, all-zero and all-(q-1) messages for q = 2..256,
 * random regular and NB-QC (rank-deficient) codes; its log / extended exp
 * product equals the field's multiplication for every pair; information symbols
 * cut from packed Philox words equal random_bits turned into symbols (the host
 * simulator's frames); a table over the size limit is refused.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "encoders/nb_dense_encoder.h"
#include "test_util.h"
#include <cppunit/extensions/HelperMacros.h>
#include <gpufec/channel.h>
#include <gpufec/error.h>
#include <gpufec/nb_code.h>

#include <random>
#include <string>
#include <vector>

using namespace gpufec;

namespace {

const char* const codes[] = { "nbreg:32:620:3:6", "nbqc:32:3:24",     "nbqc:16:2:8",
                              "nbreg:2:96:3:6",   "nbreg:4:120:3:6",  "nbreg:8:96:2:4",
                              "nbreg:64:120:2:4", "nbreg:128:60:3:6", "nbreg:256:96:2:4",
                              "nbqc:8:2:4" };

} // namespace

class qa_nb_dense_encoder : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_nb_dense_encoder);
    CPPUNIT_TEST(test_equals_nb_code_encode);
    CPPUNIT_TEST(test_log_product);
    CPPUNIT_TEST(test_info_symbols_from_words);
    CPPUNIT_TEST(test_kernel_steps);
    CPPUNIT_TEST(test_limit);
    CPPUNIT_TEST_SUITE_END();

public:
    void test_equals_nb_code_encode()
    {
        std::mt19937_64 rng(gpufec_test::test_seed());
        for (const char* spec : codes) {
            const nb_code::sptr code = nb_code::make(spec);
            const nb_dense_encoder e = nb_dense_encoder::make(*code);
            const int k = code->k(), n = code->n(), q = code->q();
            CPPUNIT_ASSERT_EQUAL(k, e.k);
            CPPUNIT_ASSERT_EQUAL(n - k, e.parity);
            CPPUNIT_ASSERT_EQUAL(size_t(n - k), e.parity_cols.size());
            std::vector<uint8_t> info(static_cast<size_t>(k)), want(n), got(n);
            for (int m = 0; m < 60; m++) {
                for (auto& u : info) {
                    u = m == 0   ? 0
                        : m == 1 ? static_cast<uint8_t>(q - 1)
                                 : static_cast<uint8_t>(rng() % static_cast<unsigned>(q));
                }
                code->encode(info.data(), want.data());
                std::fill(got.begin(), got.end(), 0xee);
                e.encode(info.data(), got.data());
                CPPUNIT_ASSERT_MESSAGE(std::string(spec) + ": codeword differs",
                                       want == got);
                CPPUNIT_ASSERT_MESSAGE(std::string(spec) + ": H c != 0",
                                       code->check(got.data()));
            }
            // a symbol outside the field is refused
            info[0] = static_cast<uint8_t>(q);
            if (q < 256) {
                GPUFEC_ASSERT_THROW_MSG(
                    e.encode(info.data(), got.data()), invalid_argument, "info symbol 0");
            }
        }
    }

    void test_log_product()
    {
        for (int q = 2; q <= 256; q *= 2) {
            const std::string spec = "nbreg:" + std::to_string(q) + ":24:2:4";
            const nb_code::sptr code = nb_code::make(spec);
            const nb_dense_encoder e = nb_dense_encoder::make(*code);
            CPPUNIT_ASSERT_EQUAL(size_t(4 * q - 3), e.exp_ext.size());
            CPPUNIT_ASSERT_EQUAL(int(2 * (q - 1)), int(e.zero_log));
            for (int a = 0; a < q; a++) {
                for (int b = 0; b < q; b++) {
                    const int prod = e.exp_ext[e.log[a] + e.log[b]];
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(
                        spec, int(code->field().mul(a, b)), prod);
                }
            }
        }
    }

    void test_info_symbols_from_words()
    {
        const uint64_t seed = gpufec_test::test_seed(0x1234567890abcdefull);
        for (int p = 1; p <= 8; p++) {
            for (int k : { 1, 7, 25, 26, 310, 333 }) {
                const size_t bits_n = static_cast<size_t>(k) * p;
                const size_t blocks = (bits_n + 127) / 128;
                for (uint64_t frame : { uint64_t(0), uint64_t(5), uint64_t(1) << 33 }) {
                    std::vector<uint8_t> bits(bits_n), want(static_cast<size_t>(k));
                    random_bits(seed, frame, bits_n, bits.data());
                    nb_bits_to_symbols(bits.data(), k, p, want.data());
                    std::vector<uint32_t> words(4 * blocks);
                    for (size_t j = 0; j < blocks; j++) {
                        const philox4x32_10::counter x = philox4x32_10::generate(
                            { static_cast<uint32_t>(j),
                              static_cast<uint32_t>(frame),
                              static_cast<uint32_t>(frame >> 32),
                              0u },
                            { static_cast<uint32_t>(seed),
                              static_cast<uint32_t>(seed >> 32) });
                        for (int w = 0; w < 4; w++) {
                            words[4 * j + w] = x[w];
                        }
                    }
                    for (int i = 0; i < k; i++) {
                        CPPUNIT_ASSERT_EQUAL_MESSAGE(
                            "p " + std::to_string(p) + " k " + std::to_string(k) +
                                " symbol " + std::to_string(i),
                            unsigned(want[i]),
                            nb_dense_detail::info_symbol(words.data(), i, p));
                    }
                }
            }
        }
    }

    /*
     * The GPU encoder kernel's steps for 8 frames at a time, on the CPU: Philox
     * words, symbols cut from them, their logs (zero_log for the frames past the
     * batch), parity_sums<8>; the binary image equals encode_bits of random_bits.
     */
    void test_kernel_steps()
    {
        const uint64_t seed = gpufec_test::test_seed(20261125u);
        for (const char* spec :
             { "nbreg:32:620:3:6", "nbqc:32:3:24", "nbreg:256:96:2:4" }) {
            const nb_code::sptr code = nb_code::make(spec);
            const nb_dense_encoder e = nb_dense_encoder::make(*code);
            const int k = e.k, n = e.n, p = e.p;
            const size_t blocks = (static_cast<size_t>(k) * p + 127) / 128;
            constexpr int F = 8;
            const int valid = 5; // frames 5..7 are past the batch's end
            const uint64_t first = (uint64_t(1) << 32) - 2;
            std::vector<uint32_t> words(F * 4 * blocks);
            std::vector<uint16_t> ilog(static_cast<size_t>(F) * k, e.zero_log);
            std::vector<uint8_t> cw(static_cast<size_t>(F) * n, 0);
            for (int b = 0; b < valid; b++) {
                const uint64_t f = first + b;
                for (size_t j = 0; j < blocks; j++) {
                    const philox4x32_10::counter x =
                        philox4x32_10::generate({ static_cast<uint32_t>(j),
                                                  static_cast<uint32_t>(f),
                                                  static_cast<uint32_t>(f >> 32),
                                                  0u },
                                                { static_cast<uint32_t>(seed),
                                                  static_cast<uint32_t>(seed >> 32) });
                    for (int w = 0; w < 4; w++) {
                        words[(b * blocks + j) * 4 + w] = x[w];
                    }
                }
                for (int i = 0; i < k; i++) {
                    const unsigned u =
                        nb_dense_detail::info_symbol(words.data() + b * 4 * blocks, i, p);
                    cw[static_cast<size_t>(b) * n + e.info_cols[i]] =
                        static_cast<uint8_t>(u);
                    ilog[static_cast<size_t>(b) * k + i] = e.log[u];
                }
            }
            for (int t = 0; t < e.parity; t++) {
                unsigned acc[F];
                nb_dense_detail::parity_sums<F>(e.coef_log.data() + t,
                                                static_cast<size_t>(e.parity),
                                                ilog.data(),
                                                k,
                                                k,
                                                e.exp_ext.data(),
                                                acc);
                for (int b = 0; b < F; b++) {
                    if (b < valid) {
                        cw[static_cast<size_t>(b) * n + e.parity_cols[t]] =
                            static_cast<uint8_t>(acc[b]);
                    } else {
                        CPPUNIT_ASSERT_EQUAL(0u, acc[b]);
                    }
                }
            }
            const size_t kb = static_cast<size_t>(k) * p, nb = static_cast<size_t>(n) * p;
            std::vector<uint8_t> bits(kb), want(nb), got(nb);
            for (int b = 0; b < valid; b++) {
                random_bits(seed, first + b, kb, bits.data());
                code->encode_bits(bits.data(), want.data());
                nb_symbols_to_bits(
                    cw.data() + static_cast<size_t>(b) * n, n, p, got.data());
                CPPUNIT_ASSERT_MESSAGE(std::string(spec) + ": frame " + std::to_string(b),
                                       want == got);
            }
        }
    }

    void test_limit()
    {
        const nb_code::sptr code = nb_code::make("nbreg:32:620:3:6");
        GPUFEC_ASSERT_THROW_MSG(
            nb_dense_encoder::make(*code, 1000), invalid_argument, "coefficients exceed");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_nb_dense_encoder);
