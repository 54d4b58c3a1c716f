/*
 * The fixed-point decoders against float, every combination (CPU backend): short
 * codes of every family (802.16e, 802.11n, 5G NR, DVB-S2, an alist file), every
 * min-sum rule x schedule x precision (int8, int16) x early termination, each
 * within 0.1 dB of the float reference decoder by the paired rule of fer_matrix.h.
 * Prints the whole table (docs/data/fer_matrix.md shows it).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fer_matrix.h"
#include <cmath>
#include <cppunit/extensions/HelperMacros.h>
#include <gpufec/decoder.h>
#include <gpufec/error.h>
#include <iostream>
#include <map>
#include <memory>

using namespace gpufec;
using namespace gpufec_test;

class qa_fer_matrix : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_fer_matrix);
    CPPUNIT_TEST(test_fixed_point_within_0p1_db);
    CPPUNIT_TEST(test_rule_detects_saturation_collapse);
    CPPUNIT_TEST(test_family_defaults);
    CPPUNIT_TEST(test_dvbs2_defaults_at_qef);
    CPPUNIT_TEST_SUITE_END();

public:
    void test_fixed_point_within_0p1_db()
    {
        require_refcodes();
        const auto points =
            short_code_points(refcodes_dir() + "/binary/MACKAY_504_1008.alist");
        size_t cases = 0;
        const std::string failed = run_fer_matrix(
            points,
            { { "int8", backend_kind::cpu, message_precision::int8, false },
              { "int16", backend_kind::cpu, message_precision::int16, false } },
            cases);
        std::cout << cases << " cases\n";
        CPPUNIT_ASSERT_MESSAGE("FER worse than float by more than 0.1 dB:\n" + failed,
                               failed.empty());
    }

    /*!
     * The rule can fail: int8 min-sum without the C2V clamp (2 fraction bits and
     * c2v_max = 127, the quantization before the clamp existed) decodes wrong bits on
     * wimax:2304 and dvbs2:short:1/2, and the comparison says so.
     */
    void test_rule_detects_saturation_collapse()
    {
        const fer_point points[] = {
            { "wimax:2304:1/2",
              decoding_schedule::layered,
              check_node_rule::min_sum,
              2.25,
              1000,
              10 },
            { "dvbs2:short:1/2",
              decoding_schedule::layered,
              check_node_rule::min_sum,
              1.5,
              200,
              20 },
        };
        for (const fer_point& p : points) {
            const std::string& spec = p.spec;
            const fer_frames fr(ldpc_code::make(spec), p.frames, 912);
            decoder_options o;
            o.backend = backend_kind::cpu;
            o.rule = p.rule;
            o.max_iterations = p.iterations;
            auto ref_dec = decoder::make(ldpc_code::make(spec), o);
            const auto ref = decode_failures(*ref_dec, fr, fr.llrs(p.ebn0 - 0.1));
            o.precision = message_precision::int8;
            o.fixed.fraction_bits = 2;
            o.fixed.c2v_max = 127;
            auto dec = decoder::make(ldpc_code::make(spec), o);
            const fer_verdict v =
                compare_failures(decode_failures(*dec, fr, fr.llrs(p.ebn0)), ref);
            std::cout << verdict_line(p, "int8 c2v 127", true, v) << "\n";
            CPPUNIT_ASSERT_MESSAGE(spec + ": collapse not detected", !v.within);
        }
    }

    /*! alpha / beta = family_default resolve per family, in options() and setters. */
    void test_family_defaults()
    {
        struct c {
            const char* spec;
            float alpha, beta;
        };
        for (const c& x : { c{ "wimax:576:1/2", 0.8125f, 0.5f },
                            c{ "wifi:648:1/2", 0.8125f, 0.5f },
                            c{ "nr5g:bg2:52", 0.6875f, 0.5f },
                            c{ "dvbs2:short:1/2", 0.875f, 0.25f } }) {
            decoder_options o;
            o.backend = backend_kind::cpu;
            CPPUNIT_ASSERT_EQUAL(family_default, o.alpha);
            auto d = decoder::make(ldpc_code::make(x.spec), o);
            CPPUNIT_ASSERT_EQUAL(x.alpha, d->options().alpha);
            CPPUNIT_ASSERT_EQUAL(x.beta, d->options().beta);
            d->set_alpha(0.5f);
            d->set_beta(1.0f);
            CPPUNIT_ASSERT_EQUAL(0.5f, d->options().alpha);
            d->set_alpha(family_default);
            d->set_beta(family_default);
            CPPUNIT_ASSERT_EQUAL(x.alpha, d->options().alpha);
            CPPUNIT_ASSERT_EQUAL(x.beta, d->options().beta);
            o.precision = message_precision::int8; // the same through the SIMD decoder
            CPPUNIT_ASSERT_EQUAL(
                x.alpha, decoder::make(ldpc_code::make(x.spec), o)->options().alpha);
        }
        decoder_options o;
        o.alpha = -0.5f; // negative but not the marker: refused
        GPUFEC_ASSERT_THROW_MSG(o.validate(), gpufec::invalid_argument, "alpha is -0.5");
    }

    /*!
     * DVB-S2 with the decoder's defaults (NMS, the rate's alpha and iterations,
     * int8 as precision auto picks on the CPU) decodes every rate at the
     * quasi-error-free Es/N0 of EN 302 307-1 Table 13 (QPSK) + 0.7 dB: at most 1
     * of 60 frames fails (short frames, every rate; normal 1/4 and 1/2). The old
     * family default of 10 iterations fails every frame of rate 1/4 there.
     */
    void test_dvbs2_defaults_at_qef()
    {
        struct qef {
            const char* rate;
            double es_n0;
        };
        const qef table[] = { { "1/4", -2.35 }, { "1/3", -1.24 }, { "2/5", -0.30 },
                              { "1/2", 1.00 },  { "3/5", 2.23 },  { "2/3", 3.10 },
                              { "3/4", 4.03 },  { "4/5", 4.68 },  { "5/6", 5.18 },
                              { "8/9", 6.20 } };
        auto failed = [](const std::string& spec, double es_n0, int iterations) {
            const ldpc_code::sptr code = ldpc_code::make(spec);
            // QPSK with Gray mapping: each bit sees BPSK at the same Eb/N0
            const double ebn0 = es_n0 - 10.0 * std::log10(2.0 * code->rate());
            const size_t frames = 60;
            const fer_frames fr(code, frames, 915);
            decoder_options o;
            o.backend = backend_kind::cpu;
            o.precision = message_precision::int8;
            o.max_iterations = iterations;
            auto dec = decoder::make(code, o);
            const size_t n = count_failed(decode_failures(*dec, fr, fr.llrs(ebn0)));
            std::cout << spec << " at Es/N0 " << es_n0 << " dB (" << ebn0
                      << " dB Eb/N0), " << dec->options().max_iterations
                      << " iterations, alpha " << dec->options().alpha << ": " << n
                      << " of " << frames << " frames failed\n";
            return n;
        };
        for (const qef& q : table)
            CPPUNIT_ASSERT(failed(std::string("dvbs2:short:") + q.rate,
                                  q.es_n0 + 0.7,
                                  code_default_iterations) <= 1);
        for (const char* rate : { "1/4", "1/2" }) {
            const double es_n0 = rate[2] == '4' ? -2.35 : 1.00;
            CPPUNIT_ASSERT(failed(std::string("dvbs2:normal:") + rate,
                                  es_n0 + 0.7,
                                  code_default_iterations) <= 1);
        }
        CPPUNIT_ASSERT(failed("dvbs2:normal:1/4", -2.35 + 0.7, 10) >= 55);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_fer_matrix);
