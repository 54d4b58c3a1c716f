/*
 * The simulator's on-device loop (sim_device_engine): with a float decoder and
 * the same seed and frame count, the CUDA backend (bits, encoding, channel,
 * decoding and counting on the GPU) gives exactly the bit, frame and undetected
 * error counts and the iterations of the CPU backend, for every code family and
 * both modulations, random and all-zero codewords; with half2 messages it gives
 * exactly what the same GPU decoder gives on frames made on the host; int8 LLRs
 * made on the GPU are the host's quantize_llrs ones. A point
 * that ends on min-frame-errors inside a batch stops at the same frame. Exits 77
 * without a working CUDA device.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test_util.h"
#include <cppunit/extensions/HelperMacros.h>
#include <cstdlib>
#include <gpufec/ber_simulator.h>
#include <gpufec/cuda_decoder.h>
#include <iostream>
#include <string>

using namespace gpufec;

GPUFEC_REQUIRE_GPU_PROGRAM
using gpufec_test::test_seed;

namespace {

ber_point simulate(const std::string& spec,
                   backend_kind backend,
                   message_precision precision,
                   bool on_device,
                   double ebn0,
                   uint64_t frames,
                   uint64_t min_errors,
                   modulation mod = modulation::bpsk,
                   bool all_zero = false,
                   float int8_step = 0.0f)
{
    ber_options o;
    o.decoder.backend = backend;
    o.decoder.precision = precision;
    o.decoder.schedule = decoding_schedule::layered;
    o.decoder.max_iterations = 10;
    o.ebn0_db = { ebn0 };
    o.seed = test_seed(20261125u);
    o.max_frames = frames;
    o.min_frame_errors = min_errors;
    o.mod = mod;
    o.all_zero = all_zero;
    o.on_device = on_device;
    o.int8_step = int8_step;
    ber_simulator sim(ldpc_code::make(spec), o);
    return sim.run_point(ebn0);
}

void assert_same_counts(const std::string& what, const ber_point& a, const ber_point& b)
{
    std::cout << what << ": frames " << a.frames << " / " << b.frames << ", frame errors "
              << a.frame_errors << " / " << b.frame_errors << ", bit errors "
              << a.bit_errors << " / " << b.bit_errors << "\n";
    CPPUNIT_ASSERT_EQUAL_MESSAGE(what + " frames", a.frames, b.frames);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(what + " frame errors", a.frame_errors, b.frame_errors);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(what + " bit errors", a.bit_errors, b.bit_errors);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(
        what + " squared bit errors", a.bit_errors_sq, b.bit_errors_sq);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(
        what + " undetected", a.undetected_frame_errors, b.undetected_frame_errors);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(
        what + " iterations", a.avg_iterations, b.avg_iterations);
}

} // namespace

class qa_cuda_sim : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_cuda_sim);
    CPPUNIT_TEST(test_float_equals_cpu);
    CPPUNIT_TEST(test_half2_equals_host_loop);
    CPPUNIT_TEST(test_stop_inside_batch);
    CPPUNIT_TEST(test_int8_llrs_equal_cpu);
    CPPUNIT_TEST_SUITE_END();

public:
    void test_float_equals_cpu()
    {
        gpufec_test::require_refcodes();
        const std::string mackay =
            "alist:" + gpufec_test::refcodes_dir() + "/binary/MACKAY_504_1008.alist";
        struct c {
            std::string spec;
            double ebn0;
            uint64_t frames;
        };
        for (const c& x : { c{ "wimax:576:1/2", 2.0, 3000 },
                            c{ "wifi:1944:2/3", 2.5, 1000 },
                            c{ "nr5g:bg2:52", 1.25, 1000 },
                            c{ "dvbs2:short:1/2", 1.3, 300 },
                            c{ mackay, 2.0, 3000 } }) {
            for (auto mod : { modulation::bpsk, modulation::qpsk }) {
                const ber_point gpu = simulate(x.spec,
                                               backend_kind::cuda,
                                               message_precision::float32,
                                               true,
                                               x.ebn0,
                                               x.frames,
                                               0,
                                               mod);
                const ber_point cpu = simulate(x.spec,
                                               backend_kind::cpu,
                                               message_precision::float32,
                                               false,
                                               x.ebn0,
                                               x.frames,
                                               0,
                                               mod);
                CPPUNIT_ASSERT_MESSAGE(x.spec + ": no frame errors to compare",
                                       cpu.frame_errors > 0);
                assert_same_counts(x.spec + " " + to_string(mod), gpu, cpu);
            }
        }
        // all-zero codewords
        assert_same_counts("wimax all-zero",
                           simulate("wimax:576:1/2",
                                    backend_kind::cuda,
                                    message_precision::float32,
                                    true,
                                    1.5,
                                    2000,
                                    0,
                                    modulation::bpsk,
                                    true),
                           simulate("wimax:576:1/2",
                                    backend_kind::cpu,
                                    message_precision::float32,
                                    false,
                                    1.5,
                                    2000,
                                    0,
                                    modulation::bpsk,
                                    true));
    }

    void test_half2_equals_host_loop()
    {
        for (const char* spec : { "wimax:2304:1/2", "dvbs2:short:1/2" }) {
            const double e = spec[0] == 'w' ? 1.8 : 1.3;
            const ber_point dev = simulate(
                spec, backend_kind::cuda, message_precision::half2, true, e, 2000, 0);
            const ber_point host = simulate(
                spec, backend_kind::cuda, message_precision::half2, false, e, 2000, 0);
            CPPUNIT_ASSERT(host.frame_errors > 0);
            assert_same_counts(
                std::string(spec) + " half2 device vs host loop", dev, host);
        }
    }

    /*! int8 LLRs (step 0.125) made on the GPU: the CPU's quantize_llrs, bit for bit. */
    void test_int8_llrs_equal_cpu()
    {
        for (const char* spec : { "wimax:576:1/2", "dvbs2:short:1/2" }) {
            const double e = spec[0] == 'w' ? 2.0 : 1.3;
            const uint64_t frames = spec[0] == 'w' ? 3000 : 300;
            const ber_point gpu = simulate(spec,
                                           backend_kind::cuda,
                                           message_precision::float32,
                                           true,
                                           e,
                                           frames,
                                           0,
                                           modulation::bpsk,
                                           false,
                                           0.125f);
            const ber_point cpu = simulate(spec,
                                           backend_kind::cpu,
                                           message_precision::float32,
                                           false,
                                           e,
                                           frames,
                                           0,
                                           modulation::bpsk,
                                           false,
                                           0.125f);
            CPPUNIT_ASSERT(cpu.frame_errors > 0);
            assert_same_counts(std::string(spec) + " int8 LLRs", gpu, cpu);
        }
    }

    void test_stop_inside_batch()
    {
        // 37 frame errors end the point somewhere inside a batch: same frame count
        const ber_point gpu = simulate("wimax:576:1/2",
                                       backend_kind::cuda,
                                       message_precision::float32,
                                       true,
                                       1.5,
                                       50000,
                                       37);
        const ber_point cpu = simulate("wimax:576:1/2",
                                       backend_kind::cpu,
                                       message_precision::float32,
                                       false,
                                       1.5,
                                       50000,
                                       37);
        CPPUNIT_ASSERT_EQUAL(uint64_t(37), gpu.frame_errors);
        assert_same_counts("stop at 37 frame errors", gpu, cpu);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_cuda_sim);
