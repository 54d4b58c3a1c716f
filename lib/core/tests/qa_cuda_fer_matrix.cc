/*
 * The GPU decoders' narrow paths against float, every combination: the FER
 * matrix of qa_fer_matrix (five short codes of every family, every min-sum rule x
 * schedule x early termination) on the CUDA backend in half2 with float input,
 * half2 with int8 input and float32 with int8 input, each within 0.1 dB of the
 * CPU float reference decoder by the paired rule of fer_matrix.h; plus the two
 * long codes the benchmarks use (wimax:2304:1/2, dvbs2:normal:1/2). Exits 77
 * without a working CUDA device.
 *
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
std::string run_points(const std::vector<fer_point>& points, size_t& cases)
{
    std::map<std::string, std::unique_ptr<fer_frames>> frames;
    std::string failed;
    for (const fer_point& p : points) {
        auto& fr = frames[p.spec];
        if (!fr)
            fr = std::make_unique<fer_frames>(ldpc_code::make(p.spec), p.frames, 911);
        const std::vector<float> at_e = fr->llrs(p.ebn0);
        const std::vector<float> below = fr->llrs(p.ebn0 - 0.1);
        for (bool et : { true, false }) {
            decoder_options o;
            o.backend = backend_kind::cpu;
            o.rule = p.rule;
            o.schedule = p.schedule;
            o.max_iterations = p.iterations;
            o.early_termination = et;
            auto ref_dec = decoder::make(ldpc_code::make(p.spec), o);
            const auto ref = decode_failures(*ref_dec, *fr, below);
            CPPUNIT_ASSERT_MESSAGE(p.spec + ": reference FER too low to compare",
                                   count_failed(ref) >= 10);
            o.backend = backend_kind::cuda;
            struct variant {
                message_precision precision;
                bool int8_input;
                const char* name;
            };
            for (const variant& var :
                 { variant{ message_precision::half2, false, "half2" },
                   variant{ message_precision::half2, true, "half2 i8in" },
                   variant{ message_precision::float32, true, "f32 i8in" } }) {
                o.precision = var.precision;
                auto dec = decoder::make(ldpc_code::make(p.spec), o);
                const auto got = var.int8_input ? decode_failures_int8(*dec, *fr, at_e)
                                                : decode_failures(*dec, *fr, at_e);
                const fer_verdict v = compare_failures(got, ref);
                const std::string line = verdict_line(p, var.name, et, v);
                std::cout << line << "\n";
                ++cases;
                if (!v.within)
                    failed += line + "\n";
            }
        }
    }
    return failed;
}

} // namespace

class qa_cuda_fer_matrix : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_cuda_fer_matrix);
    CPPUNIT_TEST(test_short_codes_within_0p1_db);
    CPPUNIT_TEST(test_long_codes_within_0p1_db);
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
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_cuda_fer_matrix);
