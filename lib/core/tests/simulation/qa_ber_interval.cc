/* -*- c++ -*- */
/*
 * Tests of the BER interval that takes frames as the trials
 * (clustered_ber_interval, ber_simulator.h): wider than the Wilson interval of
 * independent bits where the errors come in few frames, the cases of no, one and
 * only failed frames, counts no frames can give refused, a sum of squares that
 * would pass 2^64 refused, Student's t quantiles, and the coverage of the true BER in a
 * Monte-Carlo of clustered errors.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "simulation/ber_tally.h"
#include "test_util.h"
#include <gpufec/ber_simulator.h>
#include <gpufec/error.h>

#include <cmath>
#include <cstdint>
#include <iostream>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>

namespace {

using gpufec::clustered_ber_interval;
using gpufec::confidence_interval;
using gpufec::wilson_interval;

/* A uniform in (0, 1) from the raw output of mt19937_64 (the same on any library). */
double uniform(std::mt19937_64& rng)
{
    return (static_cast<double>(rng() >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}

/* How the bit errors of a failed frame of k bits are spread. */
enum class spread {
    few,    //!< 1 + a geometric count of mean 4 (a floor's trapping sets)
    many,   //!< uniform from k / 10 to k / 4 (a waterfall's diverged frames)
    mixture //!< few, one frame in five many: a rare mode of large failures
};

uint64_t failed_frame_errors(std::mt19937_64& rng, uint64_t k, spread how)
{
    if (how == spread::few || (how == spread::mixture && uniform(rng) < 0.8)) {
        return 1 +
               static_cast<uint64_t>(std::floor(std::log(uniform(rng)) / std::log(0.8)));
    }
    const uint64_t lo = k / 10, hi = k / 4;
    return lo + static_cast<uint64_t>(uniform(rng) * static_cast<double>(hi - lo + 1));
}

/* The mean bit errors of a failed frame. */
double mean_errors(uint64_t k, spread how)
{
    // the geometric count on {0, 1, ...} with P(X >= j) = 0.8^j has mean 4
    const double few = 1.0 + 4.0;
    const double many = 0.5 * static_cast<double>(k / 10 + k / 4);
    return how == spread::few ? few : how == spread::many ? many : 0.8 * few + 0.2 * many;
}

struct coverage {
    double clustered = 0.0; //!< share of trials whose clustered interval holds the truth
    double wilson = 0.0;    //!< the same for the Wilson interval of independent bits
};

/* trials runs of n frames of k bits, each frame failing with probability fer. */
coverage measure_coverage(
    uint64_t n, uint64_t k, double fer, spread how, int trials, uint64_t seed)
{
    std::mt19937_64 rng(seed);
    const double truth = fer * mean_errors(k, how) / static_cast<double>(k);
    int hit = 0, hit_wilson = 0;
    for (int t = 0; t < trials; t++) {
        uint64_t m = 0, s = 0, q = 0;
        for (uint64_t f = 0; f < n; f++) {
            if (uniform(rng) < fer) {
                const uint64_t e = failed_frame_errors(rng, k, how);
                m++;
                s += e;
                q += e * e;
            }
        }
        const confidence_interval ci = clustered_ber_interval(n, m, s, q, k);
        hit += ci.lower <= truth && truth <= ci.upper;
        const confidence_interval w = wilson_interval(s, n * k);
        hit_wilson += w.lower <= truth && truth <= w.upper;
    }
    coverage c;
    c.clustered = static_cast<double>(hit) / trials;
    c.wilson = static_cast<double>(hit_wilson) / trials;
    std::cout << "  spread " << static_cast<int>(how) << ", " << n << " frames, FER "
              << fer << " (" << fer * n << " failed frames expected): coverage "
              << c.clustered << ", Wilson over bits " << c.wilson << "\n";
    return c;
}

} // namespace

class qa_ber_interval : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_ber_interval);
    CPPUNIT_TEST(one_failed_frame_is_wide);
    CPPUNIT_TEST(no_errors);
    CPPUNIT_TEST(every_frame_failed);
    CPPUNIT_TEST(many_failed_frames);
    CPPUNIT_TEST(impossible_counts_refused);
    CPPUNIT_TEST(overflow_refused);
    CPPUNIT_TEST(student_t_quantiles);
    CPPUNIT_TEST(point_interval);
    CPPUNIT_TEST(covers_the_true_ber);
    CPPUNIT_TEST_SUITE_END();

public:
    void one_failed_frame_is_wide()
    {
        const uint64_t n = 1000000, k = 32400;
        const confidence_interval ci = clustered_ber_interval(n, 1, 30, 900, k);
        const confidence_interval fer = wilson_interval(1, n);
        const confidence_interval bits = wilson_interval(30, n * k);
        const double ber = 30.0 / (static_cast<double>(n) * k);
        // at least the FER's upper bound times the frame's 30 errors per k bits:
        // one frame says nothing of how many bits the next failed frame has wrong
        CPPUNIT_ASSERT(ci.upper >= fer.upper * 30.0 / k);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(fer.upper, ci.upper, 1e-18);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(fer.lower / k, ci.lower, 1e-22);
        CPPUNIT_ASSERT(ci.lower <= ber && ber <= ci.upper);
        // and wider than the interval of independent bits, on both sides
        CPPUNIT_ASSERT(ci.lower < bits.lower && bits.upper < ci.upper);
        CPPUNIT_ASSERT(ci.upper - ci.lower > 100.0 * (bits.upper - bits.lower));
    }

    void no_errors()
    {
        const confidence_interval ci = clustered_ber_interval(1000, 0, 0, 0, 648);
        CPPUNIT_ASSERT_EQUAL(0.0, ci.lower);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(wilson_interval(0, 1000).upper, ci.upper, 1e-15);
        // the Wilson interval of independent bits claims far less
        CPPUNIT_ASSERT(wilson_interval(0, 1000 * 648).upper < ci.upper / 100.0);
        const confidence_interval none = clustered_ber_interval(0, 0, 0, 0, 648);
        CPPUNIT_ASSERT_EQUAL(0.0, none.lower);
        CPPUNIT_ASSERT_EQUAL(1.0, none.upper);
    }

    void every_frame_failed()
    {
        // every bit of every frame wrong: BER 1, upper bound 1
        const uint64_t k = 100;
        confidence_interval ci = clustered_ber_interval(10, 10, 10 * k, 10 * k * k, k);
        CPPUNIT_ASSERT_EQUAL(1.0, ci.upper);
        CPPUNIT_ASSERT(ci.lower > 0.0 && ci.lower < 1.0);
        // every frame failed with 10 to 60 errors of 100 bits
        uint64_t s = 0, q = 0;
        for (uint64_t e = 10; e <= 60; e += 5) {
            s += e;
            q += e * e;
        }
        ci = clustered_ber_interval(11, 11, s, q, k);
        const double ber = static_cast<double>(s) / (11.0 * k);
        CPPUNIT_ASSERT(0.0 < ci.lower && ci.lower <= ber && ber <= ci.upper &&
                       ci.upper <= 1.0);
        CPPUNIT_ASSERT(ci.upper < 0.6);
    }

    void many_failed_frames()
    {
        // 400 failed frames of 20 +- 5 errors among 10^5 frames of 1000 bits: the
        // interval is about FER's (relative width ~10%) and near the normal one
        const uint64_t n = 100000, m = 400, k = 1000;
        uint64_t s = 0, q = 0;
        for (uint64_t i = 0; i < m; i++) {
            const uint64_t e = i % 2 ? 25 : 15;
            s += e;
            q += e * e;
        }
        const confidence_interval ci = clustered_ber_interval(n, m, s, q, k);
        const double ber = static_cast<double>(s) / (n * k);
        CPPUNIT_ASSERT(ci.lower < ber && ber < ci.upper);
        CPPUNIT_ASSERT(ci.lower > 0.85 * ber && ci.upper < 1.15 * ber);
        // all failed frames with the same count: the FER's interval (at 97.5%)
        const confidence_interval same = clustered_ber_interval(n, m, m * 20, m * 400, k);
        const confidence_interval fer = wilson_interval(m, n, 0.975);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(fer.lower * 20 / k, same.lower, 1e-15);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(fer.upper * 20 / k, same.upper, 1e-15);
        // two failed frames, one of 1 error and one of all k: up to the FER's bound
        const confidence_interval two = clustered_ber_interval(n, 2, 1 + k, 1 + k * k, k);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(
            wilson_interval(2, n, 0.975).upper, two.upper, 1e-15);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(
            wilson_interval(2, n, 0.975).lower / k, two.lower, 1e-18);
        // a higher confidence is wider
        const confidence_interval c99 = clustered_ber_interval(n, m, s, q, k, 0.99);
        CPPUNIT_ASSERT(c99.lower < ci.lower && c99.upper > ci.upper);
    }

    void impossible_counts_refused()
    {
        using gpufec::invalid_argument;
        GPUFEC_ASSERT_THROW_MSG(
            clustered_ber_interval(10, 11, 11, 11, 5), invalid_argument, "exceed");
        // fewer wrong bits than failed frames, more than all their bits
        GPUFEC_ASSERT_THROW_MSG(
            clustered_ber_interval(10, 3, 2, 4, 5), invalid_argument, "1 to 5");
        GPUFEC_ASSERT_THROW_MSG(
            clustered_ber_interval(10, 3, 16, 100, 5), invalid_argument, "not those");
        // a sum of squares below s^2 / m, above s k, or errors without a failed frame
        GPUFEC_ASSERT_THROW_MSG(
            clustered_ber_interval(10, 2, 6, 17, 5), invalid_argument, "bit_errors_sq");
        GPUFEC_ASSERT_THROW_MSG(
            clustered_ber_interval(10, 2, 6, 31, 5), invalid_argument, "not those");
        GPUFEC_ASSERT_THROW_MSG(
            clustered_ber_interval(10, 0, 1, 1, 5), invalid_argument, "not those");
        GPUFEC_ASSERT_THROW_MSG(
            clustered_ber_interval(10, 1, 1, 1, 0), invalid_argument, "bits per frame");
        GPUFEC_ASSERT_THROW_MSG(
            clustered_ber_interval(10, 1, 1, 1, 5, 1.0), invalid_argument, "confidence");
        // the extremes are possible
        clustered_ber_interval(10, 2, 6, 18, 5);
        clustered_ber_interval(10, 2, 6, 26, 5);
    }

    void overflow_refused()
    {
        const uint64_t top = std::numeric_limits<uint64_t>::max();
        CPPUNIT_ASSERT_EQUAL(top, gpufec::add_bit_errors_sq(top - 5, 5));
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::add_bit_errors_sq(top - 5, 6), std::overflow_error, "bit_errors_sq");
        // and where parts merge
        gpufec::ber_options rules;
        rules.min_frame_errors = 0;
        rules.max_frames = 100;
        gpufec::ber_point before;
        before.frames = 1;
        before.frame_errors = 1;
        before.bit_errors = 10;
        before.bit_errors_sq = top - 10;
        before.info_bits = 100;
        gpufec::ber_tally tally(rules, 1.0, false, &before);
        gpufec::ber_part part;
        part.counts = before;
        part.counts.first_frame = 1;
        part.counts.bit_errors_sq = 100;
        GPUFEC_ASSERT_THROW_MSG(tally.add(part), std::overflow_error, "2^64");
    }

    void student_t_quantiles()
    {
        // reference values (tables of Student's t)
        CPPUNIT_ASSERT_DOUBLES_EQUAL(
            12.7062047, gpufec::student_t_quantile(0.975, 1), 1e-6);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(
            4.3026527, gpufec::student_t_quantile(0.975, 2), 1e-6);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(
            2.2281389, gpufec::student_t_quantile(0.975, 10), 1e-6);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(
            2.7499957, gpufec::student_t_quantile(0.995, 30), 1e-6);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(
            -1.8124611, gpufec::student_t_quantile(0.05, 10), 1e-6);
        // Cauchy: tan(pi (q - 1/2))
        CPPUNIT_ASSERT_DOUBLES_EQUAL(
            std::tan(M_PI * 0.4875), gpufec::student_t_quantile(0.9875, 1), 1e-6);
        CPPUNIT_ASSERT_DOUBLES_EQUAL(
            1.959964, gpufec::student_t_quantile(0.975, 1e7), 1e-5);
        CPPUNIT_ASSERT_EQUAL(0.0, gpufec::student_t_quantile(0.5, 3));
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::student_t_quantile(1.0, 3), gpufec::invalid_argument, "outside");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::student_t_quantile(0.9, 0), gpufec::invalid_argument, "df");
    }

    void point_interval()
    {
        gpufec::ber_point p;
        p.frames = 500;
        p.frame_errors = 3;
        p.bit_errors = 3 + 40 + 7;
        p.bit_errors_sq = 9 + 1600 + 49;
        p.info_bits = 500 * 324;
        const confidence_interval a = gpufec::ber_confidence_interval(p);
        const confidence_interval b = clustered_ber_interval(500, 3, 50, 1658, 324);
        CPPUNIT_ASSERT_EQUAL(b.lower, a.lower);
        CPPUNIT_ASSERT_EQUAL(b.upper, a.upper);
    }

    void covers_the_true_ber()
    {
        // clustered errors with a known BER, from about one failed frame a run
        // to hundreds: the 95% interval holds the truth in at least 93% of the
        // runs where the errors per failed frame have one mode; with a rare mode of
        // large failures, unseen among 5 to 10 failed frames, no interval from the
        // sums can know of it, and coverage drops (to about 87%; docs/SIMULATOR.md).
        // The Wilson interval of independent bits covers it far less often.
        const int trials = 400;
        const uint64_t n = 2000, k = 648;
        const uint64_t seed = gpufec_test::test_seed(11);
        for (const spread how : { spread::few, spread::many, spread::mixture }) {
            double worst_wilson = 1.0;
            for (const double failed : { 0.5, 3.0, 10.0, 50.0, 300.0 }) {
                const coverage c = measure_coverage(n, k, failed / n, how, trials, seed);
                const double least = how == spread::mixture ? 0.80 : 0.93;
                CPPUNIT_ASSERT_MESSAGE(std::to_string(failed) +
                                           " failed frames: coverage " +
                                           std::to_string(c.clustered),
                                       c.clustered >= least);
                worst_wilson = std::min(worst_wilson, c.wilson);
            }
            CPPUNIT_ASSERT(worst_wilson < 0.8);
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_ber_interval);
