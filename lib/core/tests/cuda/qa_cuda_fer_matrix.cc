/*
 * The GPU decoders' narrow paths against float, every combination: the FER
 * matrix of qa_fer_matrix (five short codes of every family, every min-sum rule x
 * schedule x early termination) on the CUDA backend in half2 with float input,
 * half2 with int8 input and float32 with int8 input, each within 0.1 dB of the
 * CPU float reference decoder by the paired rule of fer_matrix.h; plus the two
 * long codes the benchmarks use (wimax:2304:1/2, dvbs2:normal:1/2), and the deep
 * points (the float reference near FER 1e-4). Exits 77 without a working CUDA
 * device.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fer_matrix.h"
#include "test_util.h"
#include <cppunit/extensions/HelperMacros.h>
#include <cstdlib>
#include <gpufec/cuda_decoder.h>
#include <gpufec/decoder.h>
#include <iostream>
#include <map>
#include <memory>

using namespace gpufec;
using namespace gpufec_test;

GPUFEC_REQUIRE_GPU_PROGRAM

namespace {

/*! Runs the matrix of `points` on the GPU; returns the failing lines. */
const std::vector<fer_variant> gpu_variants = {
    { "half2", backend_kind::cuda, message_precision::half2, false },
    { "half2 i8in", backend_kind::cuda, message_precision::half2, true },
    { "f32 i8in", backend_kind::cuda, message_precision::float32, true }
};

std::string run_points(const std::vector<fer_point>& points, size_t& cases)
{
    return run_fer_matrix(points, gpu_variants, cases);
}

} // namespace

class qa_cuda_fer_matrix : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_cuda_fer_matrix);
    CPPUNIT_TEST(test_short_codes_within_0p1_db);
    CPPUNIT_TEST(test_long_codes_within_0p1_db);
    CPPUNIT_TEST(test_deep_within_0p1_db);
    CPPUNIT_TEST(test_deep_dvbs2_within_0p1_db);
    CPPUNIT_TEST_SUITE_END();

public:
    void test_short_codes_within_0p1_db()
    {
        require_refcodes();
        size_t cases = 0;
        const std::string failed = run_points(
            short_code_points(refcodes_dir() + "/binary/MACKAY_504_1008.alist"), cases);
        std::cout << cases << " cases\n";
        CPPUNIT_ASSERT_MESSAGE("GPU FER worse than float by more than 0.1 dB:\n" + failed,
                               failed.empty());
    }

    void test_long_codes_within_0p1_db()
    {
        size_t cases = 0;
        const std::string failed = run_points(long_code_points(), cases);
        std::cout << cases << " cases\n";
        CPPUNIT_ASSERT_MESSAGE("GPU FER worse than float by more than 0.1 dB:\n" + failed,
                               failed.empty());
    }

    /*! The deep points of fer_matrix.h but DVB-S2's, against the CPU float reference. */
    void test_deep_within_0p1_db() { run_deep(false); }

    /*! The deep points of DVB-S2 short (every rate). */
    void test_deep_dvbs2_within_0p1_db() { run_deep(true); }

private:
    static void run_deep(bool dvbs2)
    {
        require_refcodes();
        std::vector<fer_point> points;
        for (const fer_point& p :
             deep_code_points(refcodes_dir() + "/binary/MACKAY_504_1008.alist"))
            if ((p.spec.rfind("dvbs2:", 0) == 0) == dvbs2)
                points.push_back(p);
        size_t cases = 0;
        const std::string failed =
            run_deep_fer_matrix(points, gpu_variants, cases, 16384);
        std::cout << cases << " cases\n";
        CPPUNIT_ASSERT_MESSAGE("GPU FER worse than float by more than 0.1 dB:\n" + failed,
                               failed.empty());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_cuda_fer_matrix);
