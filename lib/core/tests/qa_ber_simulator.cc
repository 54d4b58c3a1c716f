/* -*- c++ -*- */
/*
 * Tests of the Monte-Carlo engine (ber_simulator.h): results independent of the
 * thread count and batch size, stop rules met exactly, runs split by first_frame
 * add up, the all-zero option, FER high at low and low at high Eb/N0 for the
 * IEEE 802.11n (648, 324) code, Wilson intervals and Eb/N0 ranges.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test_util.h"
#include <gpufec/ber_simulator.h>
#include <gpufec/error.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace {

using gpufec::ber_options;
using gpufec::ber_point;
using gpufec::ber_simulator;

const char* small_code = "wifi:648:1/2";

ber_options small_options()
{
    ber_options o;
    o.decoder.backend = gpufec::backend_kind::cpu;
    o.decoder.threads = 2;
    o.decoder.max_iterations = 8;
    o.ebn0_db = { 1.0, 2.0 };
    o.min_frame_errors = 15;
    o.max_frames = 200;
    o.seed = 7;
    return o;
}

std::vector<ber_point> simulate(const ber_options& o)
{
    ber_simulator sim(gpufec::ldpc_code::make(small_code), o);
    return sim.run();
}

void assert_same_counts(const std::vector<ber_point>& a, const std::vector<ber_point>& b)
{
    CPPUNIT_ASSERT_EQUAL(a.size(), b.size());
    for (size_t i = 0; i < a.size(); i++) {
        CPPUNIT_ASSERT_EQUAL(a[i].ebn0_db, b[i].ebn0_db);
        CPPUNIT_ASSERT_EQUAL(a[i].frames, b[i].frames);
        CPPUNIT_ASSERT_EQUAL(a[i].bit_errors, b[i].bit_errors);
        CPPUNIT_ASSERT_EQUAL(a[i].frame_errors, b[i].frame_errors);
        CPPUNIT_ASSERT_EQUAL(a[i].undetected_frame_errors, b[i].undetected_frame_errors);
        CPPUNIT_ASSERT_EQUAL(a[i].info_bits, b[i].info_bits);
        CPPUNIT_ASSERT_EQUAL(a[i].ber, b[i].ber);
        CPPUNIT_ASSERT_EQUAL(a[i].fer, b[i].fer);
        CPPUNIT_ASSERT_EQUAL(a[i].avg_iterations, b[i].avg_iterations);
    }
}

class qa_ber_simulator : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_ber_simulator);
    CPPUNIT_TEST(same_results_any_threads_and_batch);
    CPPUNIT_TEST(stop_rules);
    CPPUNIT_TEST(split_by_first_frame_adds_up);
    CPPUNIT_TEST(all_zero_codeword);
    CPPUNIT_TEST(fer_falls_with_snr);
    CPPUNIT_TEST(point_fields_consistent);
    CPPUNIT_TEST(wilson_intervals);
    CPPUNIT_TEST(ebn0_ranges);
    CPPUNIT_TEST(bad_options_refused);
    CPPUNIT_TEST_SUITE_END();

public:
    void same_results_any_threads_and_batch()
    {
        ber_options o = small_options();
        o.threads = 1;
        o.decoder.threads = 1;
        const std::vector<ber_point> ref = simulate(o); // adaptive batches, 1 thread

        o.threads = 2;
        o.decoder.threads = 2;
        assert_same_counts(ref, simulate(o));

        for (size_t batch : { size_t(1), size_t(7), size_t(64), size_t(1000) }) {
            o.batch_frames = batch;
            assert_same_counts(ref, simulate(o));
        }
    }

    void stop_rules()
    {
        ber_options o = small_options();
        o.ebn0_db = { 0.0 }; // nearly every frame fails
        o.min_frame_errors = 10;
        o.max_frames = 1000;
        o.batch_frames = 64;
        std::vector<ber_point> r = simulate(o);
        CPPUNIT_ASSERT_EQUAL(uint64_t(10), r[0].frame_errors); // stops at the 10th error
        CPPUNIT_ASSERT(r[0].frames < 64);
        CPPUNIT_ASSERT(r[0].decoded_frames >= r[0].frames);

        o.ebn0_db = { 6.0 }; // error-free: the frame limit ends it
        o.max_frames = 100;
        o.batch_frames = 0;
        r = simulate(o);
        CPPUNIT_ASSERT_EQUAL(uint64_t(100), r[0].frames);
        CPPUNIT_ASSERT_EQUAL(uint64_t(100), r[0].decoded_frames); // never past max_frames

        o.ebn0_db = { 0.0 }; // min_frame_errors 0: only the frame limit
        o.min_frame_errors = 0;
        o.max_frames = 77;
        r = simulate(o);
        CPPUNIT_ASSERT_EQUAL(uint64_t(77), r[0].frames);
        CPPUNIT_ASSERT(r[0].frame_errors > 30);
    }

    void split_by_first_frame_adds_up()
    {
        ber_options o = small_options();
        o.ebn0_db = { 1.5 };
        o.min_frame_errors = 0;
        o.max_frames = 90;
        const ber_point whole = simulate(o)[0];
        o.max_frames = 40;
        const ber_point a = simulate(o)[0];
        o.first_frame = 40;
        o.max_frames = 50;
        const ber_point b = simulate(o)[0];
        CPPUNIT_ASSERT_EQUAL(whole.frames, a.frames + b.frames);
        CPPUNIT_ASSERT_EQUAL(whole.bit_errors, a.bit_errors + b.bit_errors);
        CPPUNIT_ASSERT_EQUAL(whole.frame_errors, a.frame_errors + b.frame_errors);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(whole.avg_iterations * 90,
                                     a.avg_iterations * 40 + b.avg_iterations * 50,
                                     1e-9);
    }

    void all_zero_codeword()
    {
        ber_options o = small_options();
        o.all_zero = true;
        o.ebn0_db = { 0.0, 5.0 };
        o.min_frame_errors = 20;
        o.max_frames = 150;
        const std::vector<ber_point> z = simulate(o);
        CPPUNIT_ASSERT(z[0].fer > 0.5);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), z[1].frame_errors);
        CPPUNIT_ASSERT_EQUAL(uint64_t(150), z[1].frames);
        // Differs from the random-data run (other bits sent), same statistics.
        o.all_zero = false;
        const std::vector<ber_point> r = simulate(o);
        CPPUNIT_ASSERT(r[0].fer > 0.5);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), r[1].frame_errors);
    }

    void fer_falls_with_snr()
    {
        ber_options o = small_options();
        o.ebn0_db = { 0.0, 4.0 };
        o.min_frame_errors = 30;
        o.max_frames = 300;
        o.decoder.max_iterations = 10;
        const std::vector<ber_point> r = simulate(o);
        CPPUNIT_ASSERT(r[0].fer > 0.5);
        CPPUNIT_ASSERT(r[0].ber > 1e-2);
        CPPUNIT_ASSERT(r[1].fer <= 0.02);
        CPPUNIT_ASSERT(r[1].avg_iterations < r[0].avg_iterations);
        CPPUNIT_ASSERT(r[0].avg_iterations <= 10.0);
    }

    void point_fields_consistent()
    {
        ber_options o = small_options();
        o.ebn0_db = { 1.0 };
        const ber_point p = simulate(o)[0];
        CPPUNIT_ASSERT_EQUAL(p.frames * 324, p.info_bits);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(
            static_cast<double>(p.bit_errors) / p.info_bits, p.ber, 1e-15);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(
            static_cast<double>(p.frame_errors) / p.frames, p.fer, 1e-15);
        CPPUNIT_ASSERT(p.bit_errors >= p.frame_errors);
        CPPUNIT_ASSERT(p.undetected_frame_errors <= p.frame_errors);
        CPPUNIT_ASSERT(p.seconds > 0.0);
        CPPUNIT_ASSERT(p.decode_seconds > 0.0 && p.decode_seconds <= p.seconds);
        CPPUNIT_ASSERT(p.info_throughput_bps > 0.0);
        const gpufec::confidence_interval ci = gpufec::fer_confidence_interval(p);
        CPPUNIT_ASSERT(ci.lower <= p.fer && p.fer <= ci.upper);
    }

    void wilson_intervals()
    {
        // Reference values: Wilson score interval, z = 1.959964.
        gpufec::confidence_interval ci = gpufec::wilson_interval(0, 10);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(0.0, ci.lower, 1e-12);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(0.277533, ci.upper, 1e-5);
        ci = gpufec::wilson_interval(5, 10);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(0.236593, ci.lower, 1e-5);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(0.763407, ci.upper, 1e-5);
        ci = gpufec::wilson_interval(10, 10);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(0.722467, ci.lower, 1e-5);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(1.0, ci.upper, 1e-12);
        ci = gpufec::wilson_interval(50, 100000);
        CPPUNIT_ASSERT(ci.lower < 5e-4 && 5e-4 < ci.upper);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(3.79e-4, ci.lower, 1e-6);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(6.59e-4, ci.upper, 1e-6);
        // Wider at higher confidence.
        const gpufec::confidence_interval c99 = gpufec::wilson_interval(5, 10, 0.99);
        CPPUNIT_ASSERT(c99.lower < 0.236593 && c99.upper > 0.763407);
        ci = gpufec::wilson_interval(0, 0);
        CPPUNIT_ASSERT_EQUAL(0.0, ci.lower);
        CPPUNIT_ASSERT_EQUAL(1.0, ci.upper);
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::wilson_interval(11, 10), gpufec::invalid_argument, "exceed");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::wilson_interval(1, 10, 1.0), gpufec::invalid_argument, "confidence");
    }

    void ebn0_ranges()
    {
        std::vector<double> v = gpufec::parse_ebn0_range("1.0:3.0:0.5");
        const std::vector<double> expected{ 1.0, 1.5, 2.0, 2.5, 3.0 };
        CPPUNIT_ASSERT(v == expected);
        v = gpufec::parse_ebn0_range("0:1:0.1");
        CPPUNIT_ASSERT_EQUAL(size_t(11), v.size());
        CPPUNIT_ASSERT_EQUAL(0.3, v[3]);
        CPPUNIT_ASSERT_EQUAL(1.0, v[10]);
        v = gpufec::parse_ebn0_range("-2.5");
        CPPUNIT_ASSERT(v == std::vector<double>{ -2.5 });
        v = gpufec::parse_ebn0_range("2:2:1");
        CPPUNIT_ASSERT(v == std::vector<double>{ 2.0 });
        v = gpufec::parse_ebn0_range("-1:0.2:0.3"); // stop not on the grid
        CPPUNIT_ASSERT_EQUAL(size_t(5), v.size());
        CPPUNIT_ASSERT_EQUAL(0.2, v[4]);

        using gpufec::invalid_argument;
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::parse_ebn0_range("3:1:0.5"), invalid_argument, "stop");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::parse_ebn0_range("1:3:0"), invalid_argument, "step");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::parse_ebn0_range("1:3:-1"), invalid_argument, "step");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::parse_ebn0_range("1:3"), invalid_argument, "START");
        GPUFEC_ASSERT_THROW_MSG(gpufec::parse_ebn0_range(""), invalid_argument, "finite");
        GPUFEC_ASSERT_THROW_MSG(gpufec::parse_ebn0_range("x"), invalid_argument, "'x'");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::parse_ebn0_range("nan"), invalid_argument, "finite");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::parse_ebn0_range("1:inf:1"), invalid_argument, "finite");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::parse_ebn0_range("1:2:0.5dB"), invalid_argument, "0.5dB");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::parse_ebn0_range("0:100:1e-6"), invalid_argument, "100000");
    }

    void bad_options_refused()
    {
        using gpufec::invalid_argument;
        const gpufec::ldpc_code::sptr code = gpufec::ldpc_code::make(small_code);
        ber_options o = small_options();
        o.max_frames = 0;
        GPUFEC_ASSERT_THROW_MSG(ber_simulator(code, o), invalid_argument, "max_frames");
        o = small_options();
        o.ebn0_db.clear();
        GPUFEC_ASSERT_THROW_MSG(ber_simulator(code, o), invalid_argument, "ebn0_db");
        o.ebn0_db = { 1.0, std::numeric_limits<double>::quiet_NaN() };
        GPUFEC_ASSERT_THROW_MSG(ber_simulator(code, o), invalid_argument, "ebn0_db[1]");
        o = small_options();
        o.threads = -1;
        GPUFEC_ASSERT_THROW_MSG(ber_simulator(code, o), invalid_argument, "threads");
        o = small_options();
        GPUFEC_ASSERT_THROW_MSG(
            ber_simulator(gpufec::ldpc_code::sptr(), o), invalid_argument, "null");
        GPUFEC_ASSERT_THROW_MSG(
            ber_simulator(gpufec::decoder::uptr(), o), invalid_argument, "null");
        ber_simulator sim(code, o);
        GPUFEC_ASSERT_THROW_MSG(sim.run_point(std::numeric_limits<double>::infinity()),
                                invalid_argument,
                                "Eb/N0");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_ber_simulator);

} // namespace
