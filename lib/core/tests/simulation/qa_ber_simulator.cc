/* -*- c++ -*- */
/*
 * Tests of the Monte-Carlo engine (ber_simulator.h): results independent of the
 * thread count and batch size, stop rules met exactly, runs split by first_frame
 * add up, the all-zero option, FER high at low and low at high Eb/N0 for the
 * IEEE 802.11n (648, 324) code, Wilson intervals and Eb/N0 ranges; the stop
 * rules of time (max_seconds) and of the sweep (stop_fer), the progress callback,
 * resumed runs equal to uninterrupted ones, the per-frame sums of squared bit
 * errors, and runs split over workers (and over
 * two in-process "processes" through a part_exchange) equal to one simulator.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test_util.h"
#include <gpufec/ber_simulator.h>
#include <gpufec/error.h>
#include <gpufec/nb_code.h>
#include <gpufec/split_ber_simulator.h>

#include <cmath>
#include <condition_variable>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
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
        CPPUNIT_ASSERT_EQUAL(a[i].bit_errors_sq, b[i].bit_errors_sq);
        CPPUNIT_ASSERT_EQUAL(a[i].frame_errors, b[i].frame_errors);
        CPPUNIT_ASSERT_EQUAL(a[i].undetected_frame_errors, b[i].undetected_frame_errors);
        CPPUNIT_ASSERT_EQUAL(a[i].info_bits, b[i].info_bits);
        CPPUNIT_ASSERT_EQUAL(a[i].ber, b[i].ber);
        CPPUNIT_ASSERT_EQUAL(a[i].fer, b[i].fer);
        CPPUNIT_ASSERT_EQUAL(a[i].avg_iterations, b[i].avg_iterations);
        CPPUNIT_ASSERT_EQUAL(a[i].total_iterations, b[i].total_iterations);
        CPPUNIT_ASSERT_EQUAL(a[i].symbol_errors, b[i].symbol_errors);
        CPPUNIT_ASSERT_EQUAL(a[i].first_frame, b[i].first_frame);
        CPPUNIT_ASSERT(a[i].stopped_by == b[i].stopped_by);
        CPPUNIT_ASSERT_EQUAL(a[i].fer_ci.lower, b[i].fer_ci.lower);
        CPPUNIT_ASSERT_EQUAL(a[i].ber_ci.lower, b[i].ber_ci.lower);
        CPPUNIT_ASSERT_EQUAL(a[i].ber_ci.upper, b[i].ber_ci.upper);
    }
}

/* n simulators of the small code, each with `threads` threads. */
std::vector<std::unique_ptr<ber_simulator>>
make_workers(const ber_options& o, size_t n, int threads, const char* spec = small_code)
{
    std::vector<std::unique_ptr<ber_simulator>> w;
    for (size_t i = 0; i < n; i++) {
        ber_options wo = o;
        wo.threads = threads;
        wo.decoder.threads = threads;
        if (gpufec::nb_code::is_nb_spec(spec)) {
            w.push_back(std::make_unique<ber_simulator>(gpufec::nb_code::make(spec), wo));
        } else {
            w.push_back(
                std::make_unique<ber_simulator>(gpufec::ldpc_code::make(spec), wo));
        }
    }
    return w;
}

/*
 * Processes simulated by threads: every collective call waits for all of them,
 * then each gets the parts of all in rank order (what an MPI exchange does).
 */
class thread_exchange_hub
{
public:
    explicit thread_exchange_hub(int size) : d_size(size), d_parts(size) {}

    std::vector<gpufec::ber_part>
    gather(int rank, const std::vector<gpufec::ber_part>& mine, unsigned& flags)
    {
        std::unique_lock<std::mutex> lock(d_mutex);
        const uint64_t gen = d_generation;
        d_parts[rank] = mine;
        d_flags |= flags;
        if (++d_arrived == d_size) {
            d_result.clear();
            for (const auto& p : d_parts) {
                d_result.insert(d_result.end(), p.begin(), p.end());
            }
            d_result_flags = d_flags;
            d_flags = 0;
            d_arrived = 0;
            d_generation++;
            d_cv.notify_all();
        } else {
            d_cv.wait(lock, [&] { return d_generation != gen; });
        }
        flags = d_result_flags;
        return d_result;
    }

    uint64_t max(uint64_t v)
    {
        std::unique_lock<std::mutex> lock(d_mutex);
        const uint64_t gen = d_generation;
        d_max = std::max(d_max, v);
        if (++d_arrived == d_size) {
            d_max_result = d_max;
            d_max = 0;
            d_arrived = 0;
            d_generation++;
            d_cv.notify_all();
        } else {
            d_cv.wait(lock, [&] { return d_generation != gen; });
        }
        return d_max_result;
    }

private:
    int d_size;
    std::mutex d_mutex;
    std::condition_variable d_cv;
    uint64_t d_generation = 0;
    int d_arrived = 0;
    std::vector<std::vector<gpufec::ber_part>> d_parts;
    std::vector<gpufec::ber_part> d_result;
    unsigned d_flags = 0;
    unsigned d_result_flags = 0;
    uint64_t d_max = 0;
    uint64_t d_max_result = 0;
};

class thread_exchange : public gpufec::part_exchange
{
public:
    thread_exchange(thread_exchange_hub& hub, int rank, int size)
        : d_hub(hub), d_rank(rank), d_size(size)
    {
    }
    int rank() const override { return d_rank; }
    int size() const override { return d_size; }
    std::vector<gpufec::ber_part> all_parts(const std::vector<gpufec::ber_part>& mine,
                                            unsigned& flags) override
    {
        return d_hub.gather(d_rank, mine, flags);
    }
    uint64_t max_over_processes(uint64_t value) override { return d_hub.max(value); }

private:
    thread_exchange_hub& d_hub;
    int d_rank;
    int d_size;
};

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
    CPPUNIT_TEST(intervals_in_points);
    CPPUNIT_TEST(squares_of_frame_counts);
    CPPUNIT_TEST(max_seconds_ends_at_a_batch);
    CPPUNIT_TEST(stop_fer_ends_the_sweep);
    CPPUNIT_TEST(progress_reports);
    CPPUNIT_TEST(resume_equals_uninterrupted);
    CPPUNIT_TEST(resume_after_interrupt);
    CPPUNIT_TEST(split_frame_ranges);
    CPPUNIT_TEST(two_workers_equal_one);
    CPPUNIT_TEST(two_processes_equal_one);
    CPPUNIT_TEST(long_split_rounds);
    CPPUNIT_TEST(nonbinary_split_and_resume);
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
        CPPUNIT_ASSERT_EQUAL(whole.bit_errors_sq, a.bit_errors_sq + b.bit_errors_sq);
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
        const double nan = std::numeric_limits<double>::quiet_NaN();
        for (double v : { -1.0, nan, std::numeric_limits<double>::infinity() }) {
            o = small_options();
            o.max_seconds = v;
            GPUFEC_ASSERT_THROW_MSG(
                ber_simulator(code, o), invalid_argument, "max_seconds");
        }
        for (double v : { -0.1, 1.0, 2.0, nan }) {
            o = small_options();
            o.stop_fer = v;
            GPUFEC_ASSERT_THROW_MSG(ber_simulator(code, o), invalid_argument, "stop_fer");
        }
        // Eb/N0 lists
        CPPUNIT_ASSERT(gpufec::parse_ebn0_range("0,1:2:0.5,5") ==
                       (std::vector<double>{ 0.0, 1.0, 1.5, 2.0, 5.0 }));
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::parse_ebn0_range("1,,2"), invalid_argument, "empty item");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::parse_ebn0_range("1,"), invalid_argument, "empty item");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::parse_ebn0_range("1,nan"), invalid_argument, "finite");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::parse_ebn0_range("1,3:1:-1"), invalid_argument, "step");
        // a resumed point must start where this run starts
        o = small_options();
        ber_simulator s2(code, o);
        ber_point prev;
        prev.ebn0_db = 1.0;
        prev.first_frame = 5;
        prev.frames = 3;
        prev.info_bits = 3 * 324;
        GPUFEC_ASSERT_THROW_MSG(s2.run({}, { prev }), invalid_argument, "frame 5");
        // split: no worker, more workers than frames
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::split_ber_simulator({}), invalid_argument, "no worker");
        o.max_frames = 1;
        GPUFEC_ASSERT_THROW_MSG(gpufec::split_ber_simulator(make_workers(o, 2, 1)),
                                invalid_argument,
                                "max_frames");
        GPUFEC_ASSERT_THROW_MSG(gpufec::split_frames(0, 10, 0), invalid_argument, "part");
    }

    void intervals_in_points()
    {
        ber_options o = small_options();
        o.ebn0_db = { 1.0, 3.0 };
        for (const ber_point& p : simulate(o)) {
            const gpufec::confidence_interval f = gpufec::fer_confidence_interval(p);
            const gpufec::confidence_interval b = gpufec::ber_confidence_interval(p);
            CPPUNIT_ASSERT_EQUAL(f.lower, p.fer_ci.lower);
            CPPUNIT_ASSERT_EQUAL(f.upper, p.fer_ci.upper);
            CPPUNIT_ASSERT_EQUAL(b.lower, p.ber_ci.lower);
            CPPUNIT_ASSERT_EQUAL(b.upper, p.ber_ci.upper);
            CPPUNIT_ASSERT(p.ber_ci.lower <= p.ber && p.ber <= p.ber_ci.upper);
            CPPUNIT_ASSERT(p.ber_ci.upper < 1.0);
            CPPUNIT_ASSERT_EQUAL(
                p.total_iterations,
                static_cast<uint64_t>(std::llround(p.avg_iterations * p.frames)));
            CPPUNIT_ASSERT(p.stopped_by == gpufec::stop_reason::min_frame_errors ||
                           p.stopped_by == gpufec::stop_reason::max_frames);
        }
        CPPUNIT_ASSERT_EQUAL(std::string("max_seconds"),
                             gpufec::to_string(gpufec::stop_reason::max_seconds));
        CPPUNIT_ASSERT(gpufec::parse_stop_reason("interrupted") ==
                       gpufec::stop_reason::interrupted);
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::parse_stop_reason("x"), gpufec::invalid_argument, "stop reason");
    }

    void squares_of_frame_counts()
    {
        // bit_errors_sq is the sum of the squares of the frames' own counts, each
        // frame run alone; the marks of a part carry its running sums
        ber_options o = small_options();
        o.min_frame_errors = 0;
        o.max_frames = 60;
        ber_simulator sim(gpufec::ldpc_code::make(small_code), o);
        for (const double ebn0 : { 1.0, 2.0 }) {
            const gpufec::ber_part whole = sim.run_part(ebn0, 0, 60, 0);
            const gpufec::ber_part marked = sim.run_part(ebn0, 0, 60, 60);
            uint64_t s = 0, q = 0, failed = 0;
            for (uint64_t f = 0; f < 60; f++) {
                const uint64_t e = sim.run_part(ebn0, f, 1, 0).counts.bit_errors;
                s += e;
                q += e * e;
                if (e > 0) {
                    failed++;
                    CPPUNIT_ASSERT_EQUAL(s, marked.marks[failed - 1].bit_errors);
                    CPPUNIT_ASSERT_EQUAL(q, marked.marks[failed - 1].bit_errors_sq);
                }
            }
            std::cout << "  " << ebn0 << " dB: " << failed << " of 60 frames failed\n";
            CPPUNIT_ASSERT(failed >= 2 && failed < 60);
            CPPUNIT_ASSERT_EQUAL(s, whole.counts.bit_errors);
            CPPUNIT_ASSERT_EQUAL(q, whole.counts.bit_errors_sq);
            CPPUNIT_ASSERT(q > s); // errors cluster: some frame has more than one
            // the interval of the frames is wider than that of independent bits
            const ber_point& p = whole.counts;
            const gpufec::confidence_interval bits =
                gpufec::wilson_interval(p.bit_errors, p.info_bits);
            CPPUNIT_ASSERT(p.ber_ci.upper - p.ber_ci.lower > bits.upper - bits.lower);
            CPPUNIT_ASSERT(p.ber_ci.lower <= p.ber && p.ber <= p.ber_ci.upper);
        }
    }

    void max_seconds_ends_at_a_batch()
    {
        ber_options o = small_options();
        o.ebn0_db = { 2.0 };
        o.min_frame_errors = 0;
        o.max_frames = 100000;
        o.batch_frames = 16;
        o.max_seconds = 1e-9; // over after the first batch
        const ber_point p = simulate(o)[0];
        CPPUNIT_ASSERT(p.stopped_by == gpufec::stop_reason::max_seconds);
        CPPUNIT_ASSERT_EQUAL(uint64_t(16), p.frames);
        CPPUNIT_ASSERT_EQUAL(uint64_t(16), p.decoded_frames);
        // the same frames as a run limited to 16 frames
        o.max_seconds = 0.0;
        o.max_frames = 16;
        const ber_point q = simulate(o)[0];
        CPPUNIT_ASSERT_EQUAL(q.bit_errors, p.bit_errors);
        CPPUNIT_ASSERT_EQUAL(q.total_iterations, p.total_iterations);
        // a generous limit: the count rules end the point
        o.max_frames = 50;
        o.max_seconds = 3600.0;
        CPPUNIT_ASSERT(simulate(o)[0].stopped_by == gpufec::stop_reason::max_frames);
    }

    void stop_fer_ends_the_sweep()
    {
        ber_options o = small_options();
        o.ebn0_db = { 0.0, 1.0, 2.0, 3.0, 4.0, 5.0 };
        o.min_frame_errors = 10;
        o.max_frames = 300;
        o.stop_fer = 0.05;
        std::vector<ber_point> seen;
        ber_simulator sim(gpufec::ldpc_code::make(small_code), o);
        const std::vector<ber_point> r =
            sim.run([&](const ber_point& p) { seen.push_back(p); });
        CPPUNIT_ASSERT(r.size() >= 2 && r.size() < o.ebn0_db.size());
        CPPUNIT_ASSERT_EQUAL(r.size(), seen.size());
        CPPUNIT_ASSERT(r.back().fer < 0.05);
        for (size_t i = 0; i + 1 < r.size(); i++) {
            CPPUNIT_ASSERT(r[i].fer >= 0.05);
        }
        // without the rule every point runs
        o.stop_fer = 0.0;
        CPPUNIT_ASSERT_EQUAL(o.ebn0_db.size(), simulate(o).size());
    }

    void progress_reports()
    {
        ber_options o = small_options();
        o.ebn0_db = { 1.0, 3.0 };
        o.min_frame_errors = 0;
        o.max_frames = 100;
        o.batch_frames = 10;
        ber_simulator sim(gpufec::ldpc_code::make(small_code), o);
        std::vector<gpufec::ber_progress> seen;
        sim.set_progress_callback(
            [&](const gpufec::ber_progress& p) {
                seen.push_back(p);
                return true;
            },
            0.0);
        const std::vector<ber_point> r = sim.run();
        // every batch but the last of each point (which ends it)
        CPPUNIT_ASSERT_EQUAL(size_t(18), seen.size());
        for (size_t i = 0; i < seen.size(); i++) {
            const gpufec::ber_progress& p = seen[i];
            CPPUNIT_ASSERT_EQUAL(i / 9, p.point_index);
            CPPUNIT_ASSERT_EQUAL(size_t(2), p.points);
            CPPUNIT_ASSERT_EQUAL(uint64_t(10 * (i % 9 + 1)), p.point.frames);
            CPPUNIT_ASSERT_EQUAL(p.point.frames * 324, p.point.info_bits);
            CPPUNIT_ASSERT(p.point.frame_errors <= r[i / 9].frame_errors);
            CPPUNIT_ASSERT(p.frames_per_second > 0.0);
            CPPUNIT_ASSERT(p.eta_seconds >= 0.0);
            CPPUNIT_ASSERT(p.point.fer_ci.lower <= p.point.fer);
        }
        // returning false ends the point at that batch and the sweep with it
        sim.set_progress_callback(
            [](const gpufec::ber_progress& p) { return p.point.frames < 30; }, 0.0);
        const std::vector<ber_point> cut = sim.run();
        CPPUNIT_ASSERT_EQUAL(size_t(1), cut.size());
        CPPUNIT_ASSERT_EQUAL(uint64_t(30), cut[0].frames);
        CPPUNIT_ASSERT(cut[0].stopped_by == gpufec::stop_reason::interrupted);
    }

    void resume_equals_uninterrupted()
    {
        ber_options o = small_options();
        o.ebn0_db = { 0.5, 1.5, 2.5, 3.5 };
        o.min_frame_errors = 25;
        o.max_frames = 500;
        const std::vector<ber_point> whole = simulate(o);

        // interrupted by a lower frame limit, then resumed with the full one
        ber_options low = o;
        low.max_frames = 37;
        const std::vector<ber_point> part = simulate(low);
        ber_simulator sim(gpufec::ldpc_code::make(small_code), o);
        assert_same_counts(whole, sim.run({}, part));

        // interrupted by time (one batch of 7 per point), resumed twice
        ber_options timed = o;
        timed.batch_frames = 7;
        timed.max_seconds = 1e-9;
        std::vector<ber_point> r = simulate(timed);
        CPPUNIT_ASSERT(r[0].stopped_by == gpufec::stop_reason::max_seconds);
        {
            ber_simulator again(gpufec::ldpc_code::make(small_code), timed);
            r = again.run({}, r);
            CPPUNIT_ASSERT_EQUAL(uint64_t(14), r[3].frames);
        }
        assert_same_counts(whole, sim.run({}, r));

        // the sweep of a run that was stopped early after two points
        const std::vector<ber_point> first_two(whole.begin(), whole.begin() + 2);
        assert_same_counts(whole, sim.run({}, first_two));
        // finished points are kept as they are
        const std::vector<ber_point> again = sim.run({}, whole);
        for (size_t i = 0; i < whole.size(); i++) {
            CPPUNIT_ASSERT_EQUAL(whole[i].seconds, again[i].seconds);
        }
    }

    void resume_after_interrupt()
    {
        ber_options o = small_options();
        o.ebn0_db = { 1.0, 2.0 };
        o.min_frame_errors = 60;
        o.max_frames = 400;
        o.batch_frames = 16;
        const std::vector<ber_point> whole = simulate(o);
        CPPUNIT_ASSERT(whole[0].frames > 48);

        ber_simulator sim(gpufec::ldpc_code::make(small_code), o);
        std::vector<ber_point> done;
        int calls = 0;
        // the snapshot the app writes to its JSON file before stopping
        sim.set_progress_callback(
            [&](const gpufec::ber_progress& p) {
                if (++calls == 2) {
                    done.push_back(p.point);
                    return false;
                }
                return true;
            },
            0.0);
        const std::vector<ber_point> cut = sim.run();
        CPPUNIT_ASSERT_EQUAL(size_t(1), cut.size());
        CPPUNIT_ASSERT(cut[0].stopped_by == gpufec::stop_reason::interrupted);
        CPPUNIT_ASSERT_EQUAL(done[0].frames, cut[0].frames);
        sim.set_progress_callback({});
        assert_same_counts(whole, sim.run({}, done));
        assert_same_counts(whole, sim.run({}, cut));
    }

    void split_frame_ranges()
    {
        const auto r = gpufec::split_frames(10, 11, 3);
        CPPUNIT_ASSERT_EQUAL(size_t(3), r.size());
        CPPUNIT_ASSERT_EQUAL(uint64_t(10), r[0].first);
        CPPUNIT_ASSERT_EQUAL(uint64_t(4), r[0].second);
        CPPUNIT_ASSERT_EQUAL(uint64_t(14), r[1].first);
        CPPUNIT_ASSERT_EQUAL(uint64_t(4), r[1].second);
        CPPUNIT_ASSERT_EQUAL(uint64_t(18), r[2].first);
        CPPUNIT_ASSERT_EQUAL(uint64_t(3), r[2].second);
        const auto e = gpufec::split_frames(5, 1, 2);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), e[0].second);
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), e[1].second);
        CPPUNIT_ASSERT_EQUAL(uint64_t(6), e[1].first);
    }

    void two_workers_equal_one()
    {
        ber_options o = small_options();
        o.ebn0_db = { 0.0, 1.0, 2.0, 3.0 }; // error rule, then the frame rule
        o.min_frame_errors = 30;
        o.max_frames = 700;
        o.batch_frames = 32; // rounds of several batches per worker
        o.threads = 1;
        o.decoder.threads = 1;
        const std::vector<ber_point> one = simulate(o);
        gpufec::split_ber_simulator two(make_workers(o, 2, 1));
        CPPUNIT_ASSERT_EQUAL(uint64_t(2), two.total_workers());
        assert_same_counts(one, two.run());
        gpufec::split_ber_simulator three(make_workers(o, 3, 1));
        assert_same_counts(one, three.run());

        // resume through the split simulator, and adaptive batches
        ber_options low = o;
        low.max_frames = 45;
        const std::vector<ber_point> part = simulate(low);
        assert_same_counts(one, two.run({}, part));
        o.batch_frames = 0;
        gpufec::split_ber_simulator adaptive(make_workers(o, 2, 1));
        assert_same_counts(simulate(o), adaptive.run());

        // progress and interruption after each round
        size_t calls = 0;
        two.set_progress_callback(
            [&](const gpufec::ber_progress& p) {
                calls++;
                CPPUNIT_ASSERT(p.point.frames > 0);
                return false;
            },
            0.0);
        const std::vector<ber_point> cut = two.run();
        // points that end in their first round never report; the first that
        // reports is interrupted, and the sweep ends with it
        CPPUNIT_ASSERT_EQUAL(size_t(1), calls);
        CPPUNIT_ASSERT(cut.back().stopped_by == gpufec::stop_reason::interrupted);
        for (size_t i = 0; i + 1 < cut.size(); i++) {
            CPPUNIT_ASSERT_EQUAL(one[i].frames, cut[i].frames);
        }
    }

    void long_split_rounds()
    {
        // rounds of several full batches per worker, the error rule met late
        ber_options o = small_options();
        o.ebn0_db = { 3.5 };
        o.min_frame_errors = 4;
        o.max_frames = 30000;
        o.decoder.max_iterations = 5;
        const std::vector<ber_point> one = simulate(o);
        CPPUNIT_ASSERT(one[0].frames > 8 * 1024);
        gpufec::split_ber_simulator two(make_workers(o, 2, 1));
        assert_same_counts(one, two.run());
    }

    void two_processes_equal_one()
    {
        ber_options o = small_options();
        o.ebn0_db = { 0.0, 1.5, 3.0 };
        o.min_frame_errors = 20;
        o.max_frames = 600;
        o.batch_frames = 24;
        const std::vector<ber_point> one = simulate(o);
        thread_exchange_hub hub(2);
        std::vector<ber_point> results[2];
        std::vector<std::thread> ranks;
        for (int rank = 0; rank < 2; rank++) {
            ranks.emplace_back([&, rank] {
                auto ex = std::make_shared<thread_exchange>(hub, rank, 2);
                // rank 1 with two workers: the share of each process stays the same
                gpufec::split_ber_simulator sim(make_workers(o, rank == 0 ? 1 : 2, 1),
                                                ex);
                results[rank] = sim.run();
            });
        }
        for (auto& t : ranks) {
            t.join();
        }
        assert_same_counts(one, results[0]);
        assert_same_counts(one, results[1]);
    }

    void nonbinary_split_and_resume()
    {
        const char* spec = "nbreg:16:96:2:4";
        ber_options o = small_options();
        o.ebn0_db = { 1.0, 3.0 };
        o.min_frame_errors = 12;
        o.max_frames = 120;
        o.batch_frames = 16;
        o.decoder.backend = gpufec::backend_kind::cpu;
        o.decoder.threads = 1;
        ber_simulator one(gpufec::nb_code::make(spec), o);
        const std::vector<ber_point> whole = one.run();
        CPPUNIT_ASSERT(whole[0].nonbinary && whole[0].symbol_errors > 0);
        gpufec::split_ber_simulator two(make_workers(o, 2, 1, spec));
        assert_same_counts(whole, two.run());
        ber_options low = o;
        low.max_frames = 20;
        ber_simulator cut(gpufec::nb_code::make(spec), low);
        assert_same_counts(whole, one.run({}, cut.run()));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_ber_simulator);

} // namespace
