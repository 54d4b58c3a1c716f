/* -*- c++ -*- */
/*
 * Tests of the nonbinary check-node convolution protokernels
 * (lib/core/simd/nb_minmax.h): every variant the CPU runs (generic,
 * avx2, avx512) gives output bit-identical to the generic one, for Min-Max and
 * EMS, q = 2..256, on random non-negative vectors with ties, zeros and the
 * 1e30 "impossible" value; and the CPU nonbinary decoder decodes noisy frames
 * identically with each variant (make_nb_cpu_decoder's arch), both schedules.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "decoders/nb_cpu_decoder.h"
#include "simd/nb_minmax.h"
#include "test_util.h"
#include <cppunit/TestFixture.h>
#include <cppunit/extensions/HelperMacros.h>
#include <gpufec/channel.h>
#include <gpufec/error.h>
#include <gpufec/nb_channel.h>
#include <gpufec/nb_decoder.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <random>
#include <string>
#include <vector>

using namespace gpufec;

namespace {

class qa_nb_minmax_simd : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_nb_minmax_simd);
    CPPUNIT_TEST(variants_identical_to_generic);
    CPPUNIT_TEST(decoder_identical_with_each_variant);
    CPPUNIT_TEST(unknown_variant_refused);
    CPPUNIT_TEST_SUITE_END();

public:
    void variants_identical_to_generic()
    {
        const auto all = simd::nb_available_minmax_kernels();
        std::printf("nb_minmax variants here:");
        for (auto* k : all) {
            std::printf(" %s", k->name);
        }
        std::printf("\n");
#if defined(__aarch64__)
        // NEON is baseline on AArch64: the neon variant must be among them
        CPPUNIT_ASSERT_EQUAL(std::string("neon"), std::string(all.back()->name));
#endif
        std::mt19937 rng(20261122);
        for (int q = 2; q <= 256; q *= 2) {
            std::vector<float> x(q), y(q), ref(q), out(q);
            for (int trial = 0; trial < 200; trial++) {
                for (int a = 0; a < q; a++) {
                    const unsigned kind = rng() % 8;
                    // a few distinct values (ties), zeros, large and 1e30 entries
                    x[a] = kind == 0   ? 0.0f
                           : kind == 1 ? 1e30f
                           : kind == 2 ? float(rng() % 4)
                                       : std::ldexp(float(rng() % 100000), -10);
                    const unsigned k2 = rng() % 8;
                    y[a] = k2 == 0   ? 0.0f
                           : k2 == 1 ? 1e30f
                           : k2 == 2 ? float(rng() % 4)
                                     : float(rng() % 100000) * 0.37f;
                }
                std::vector<uint8_t> perm(q);
                std::iota(perm.begin(), perm.end(), 0);
                std::shuffle(perm.begin(), perm.end(), rng);
                simd::nb_minmax_generic().gather(x.data(), perm.data(), ref.data(), q);
                for (auto* k : all) {
                    std::fill(out.begin(), out.end(), -1.0f);
                    k->gather(x.data(), perm.data(), out.data(), q);
                    if (std::memcmp(out.data(), ref.data(), q * sizeof(float)) != 0) {
                        CPPUNIT_FAIL(std::string(k->name) +
                                     " gather differs, q = " + std::to_string(q));
                    }
                }
                for (int op = 0; op < 2; op++) {
                    const auto& g = simd::nb_minmax_generic();
                    (op ? g.min_sum : g.min_max)(x.data(), y.data(), ref.data(), q);
                    for (auto* k : all) {
                        std::fill(out.begin(), out.end(), -1.0f);
                        (op ? k->min_sum : k->min_max)(x.data(), y.data(), out.data(), q);
                        if (std::memcmp(out.data(), ref.data(), q * sizeof(float)) != 0) {
                            CPPUNIT_FAIL(
                                std::string(k->name) + " differs from generic, q = " +
                                std::to_string(q) + (op ? " min-sum" : " min-max"));
                        }
                    }
                }
            }
        }
    }

    void decoder_identical_with_each_variant()
    {
        const auto all = simd::nb_available_minmax_kernels();
        for (const char* spec :
             { "nbreg:32:620:3:6", "nbqc:16:2:8", "nbreg:64:120:3:6" }) {
            const auto code = nb_code::make(spec);
            const int n = code->n(), k = code->k(), p = code->p();
            const int frames = 12;
            awgn_channel ch(modulation::bpsk, 2.0, code->rate(), 77);
            std::vector<float> llr(static_cast<size_t>(frames) * n * p);
            std::vector<uint8_t> bits(static_cast<size_t>(k) * p),
                cw(static_cast<size_t>(n) * p);
            for (int f = 0; f < frames; f++) {
                random_bits(77, f, bits.size(), bits.data());
                code->encode_bits(bits.data(), cw.data());
                ch.transmit(
                    cw.data(), cw.size(), f, &llr[static_cast<size_t>(f) * n * p]);
            }
            for (auto s : { decoding_schedule::layered, decoding_schedule::flooding }) {
                for (auto rule : { nb_check_rule::min_max, nb_check_rule::ems }) {
                    std::vector<uint8_t> ref;
                    std::vector<int> ref_it;
                    for (auto* kv : all) {
                        nb_decoder_options o;
                        o.schedule = s;
                        o.rule = rule;
                        if (rule == nb_check_rule::ems) {
                            o.ems_nm = std::min(16, code->q());
                            o.ems_offset = 0.5f;
                        }
                        o.backend = backend_kind::cpu;
                        o.threads = 2;
                        auto dec = make_nb_cpu_decoder(code, o, kv->name);
                        std::vector<uint8_t> sym(static_cast<size_t>(frames) * n);
                        std::vector<int> it(frames);
                        nb_decode_output out;
                        out.symbols = sym.data();
                        out.iterations = it.data();
                        dec->decode_bits(llr.data(), llr.size(), frames, out);
                        if (ref.empty()) {
                            ref = sym;
                            ref_it = it;
                        } else {
                            CPPUNIT_ASSERT_MESSAGE(std::string(spec) + " " + kv->name,
                                                   sym == ref && it == ref_it);
                        }
                    }
                    std::printf("%s %s %s: %zu variants agree\n",
                                spec,
                                s == decoding_schedule::layered ? "layered" : "flooding",
                                to_string(rule).c_str(),
                                all.size());
                }
            }
        }
    }

    void unknown_variant_refused()
    {
        GPUFEC_ASSERT_THROW_MSG(
            simd::nb_minmax_kernel_by_name("neon9"), invalid_argument, "neon9");
    }
};

} // namespace

CPPUNIT_TEST_SUITE_REGISTRATION(qa_nb_minmax_simd);
