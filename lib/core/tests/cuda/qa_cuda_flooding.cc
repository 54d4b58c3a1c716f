/*
 * Tests of the flooding schedule in the CUDA register-resident kernels
 * (layered_register_kernel.cu with FLOOD: the posterior, the next posterior and
 * the channel LLRs of each unit in shared memory, C2V messages in registers),
 * against the CPU float reference decoder (cpu_reference_decoder.cc, its two-phase
 * flooding schedule), which is the oracle:
 *  - the tuner takes a register flooding instance ("flooding-...") for the flooding
 *    schedule and the min-sum family (MS, NMS, OMS, SCMS) in float32 and half2 on
 *    the QC codes below, the general kernel for SPA, and the layered instances for
 *    the layered schedule;
 *  - float32: the same codewords, information bits, iteration counts and parity
 *    flags as the CPU reference, frame for frame, on fresh random noisy frames at
 *    several Eb/N0 (from the waterfall down into failures at the iteration
 *    limit), every min-sum rule, with early termination on and off and with 1 or 4
 *    units per block; on wimax:2304:1/2 every flooding instance that takes the
 *    code (address table in global or shared memory, exact-degree, plain: no
 *    table, padding edges), with its channel LLRs in shared memory
 *    and in the global workspace (NAME-l2chan), is forced in turn through
 *    gpu.kernel;
 *  - half2 with float and with int8 input: noiseless frames exact; on noisy
 *    frames the frame and bit errors close to the CPU float reference's (for int8
 *    input the reference decodes the dequantized LLRs).
 * Codes: wimax:2304:1/2 (the 12 x 7 exact-degree tile), wifi:648:1/2 (12 x 8
 * tile, Z = 27: units that are not a whole number of warps), wimax:2304:3/4A
 * (6 layers of row degree 14 - 15: the 6 x 16 tile).
 * Without a working CUDA device the program exits 77 at once (CTest: skipped). The
 * random inputs are frames of seed $GPUFEC_TEST_SEED (default 20261121).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "decode_batches.h"
#include "decoders/cpu_reference_decoder.h"
#include "rule_list.h"
#include "test_util.h"
#include <algorithm>
#include <cmath>
#include <cppunit/TestFixture.h>
#include <cppunit/extensions/HelperMacros.h>
#include <cstdint>
#include <cstdio>
#include <gpufec/channel.h>
#include <gpufec/cuda_decoder.h>
#include <gpufec/decoder.h>
#include <gpufec/error.h>
#include <gpufec/ldpc_code.h>
#include <iostream>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

using namespace gpufec;

GPUFEC_REQUIRE_GPU_PROGRAM
using gpufec_test::assert_no_failures;
using gpufec_test::test_seed;

namespace {

const auto& minsum_rules = gpufec_test::min_sum_rules;

/*! A code of the tests and Eb/N0 points (dB) from many failures to few. */
struct flood_case {
    const char* spec;
    double ebn0[3];
};

const flood_case flood_cases[] = {
    { "wimax:2304:1/2", { 1.5, 2.25, 3.0 } },
    { "wifi:648:1/2", { 1.75, 2.5, 3.25 } },
    { "wimax:2304:3/4A", { 2.5, 3.25, 4.0 } },
};

decoder_options flooding_options(check_node_rule rule, message_precision precision)
{
    decoder_options o;
    o.backend = backend_kind::cuda;
    o.rule = rule;
    o.schedule = decoding_schedule::flooding;
    o.precision = precision;
    o.max_iterations = 10;
    o.early_termination = true;
    o.threads = 0;
    return o;
}

/*! The CPU float reference decoder with the same options (the oracle). */
std::unique_ptr<decoder> make_reference(ldpc_code::sptr code, decoder_options o)
{
    o.backend = backend_kind::cpu;
    o.precision = message_precision::float32;
    o.threads = 0;
    return make_cpu_reference_decoder(std::move(code), o);
}

// batches and results (decode_batches.h)
using gpufec_test::batch;
using gpufec_test::make_batch;
using gpufec_test::outputs::result;
using gpufec_test::outputs::run_int8;
using gpufec_test::outputs::run_llrs;

/*! Frames whose information bits differ from those sent, and the bits that do. */
struct errors {
    size_t frames = 0;
    size_t bits = 0;
};

errors count_errors(const result& r, const batch& b)
{
    errors e;
    const size_t k = b.info.size() / b.frames;
    for (size_t f = 0; f < b.frames; ++f) {
        size_t wrong = 0;
        for (size_t i = 0; i < k; ++i) {
            wrong += r.info[f * k + i] != b.info[f * k + i];
        }
        e.frames += wrong != 0;
        e.bits += wrong;
    }
    return e;
}

/*! Frames where a and b differ in any output (codeword, info, iterations, parity). */
size_t frames_differing(const result& a, const result& b, const ldpc_code& code)
{
    const size_t n = code.n();
    const size_t k = code.k();
    size_t d = 0;
    for (size_t f = 0; f < a.iterations.size(); ++f) {
        const bool same = std::equal(a.codeword.begin() + f * n,
                                     a.codeword.begin() + (f + 1) * n,
                                     b.codeword.begin() + f * n) &&
                          std::equal(a.info.begin() + f * k,
                                     a.info.begin() + (f + 1) * k,
                                     b.info.begin() + f * k) &&
                          a.iterations[f] == b.iterations[f] &&
                          a.parity_ok[f] == b.parity_ok[f];
        d += !same;
    }
    return d;
}

double mean_iterations(const result& r)
{
    double s = 0;
    for (int it : r.iterations) {
        s += it;
    }
    return r.iterations.empty() ? 0.0 : s / r.iterations.size();
}

bool starts_with(const std::string& s, const std::string& prefix)
{
    return s.compare(0, prefix.size(), prefix) == 0;
}

bool ends_with(const std::string& s, const std::string& suffix)
{
    return s.size() >= suffix.size() &&
           s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/*! The suffix of a flooding instance whose channel LLRs are in global memory. */
const std::string l2chan = "-l2chan";

/*! A kernel name without the l2chan suffix. */
std::string instance_of(const std::string& kernel)
{
    return ends_with(kernel, l2chan) ? kernel.substr(0, kernel.size() - l2chan.size())
                                     : kernel;
}

} // namespace

class qa_cuda_flooding : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_cuda_flooding);
    CPPUNIT_TEST(test_tuner_takes_register_flooding);
    CPPUNIT_TEST(test_f32_equals_cpu_reference);
    CPPUNIT_TEST(test_f32_instances_equal_cpu_reference);
    CPPUNIT_TEST(test_half2_close_to_cpu_reference);
    CPPUNIT_TEST_SUITE_END();

public:
    void test_tuner_takes_register_flooding()
    {
        for (const flood_case& fc : flood_cases) {
            const auto code = ldpc_code::make(fc.spec);
            for (const message_precision p :
                 { message_precision::float32, message_precision::half2 }) {
                const std::string suffix =
                    p == message_precision::half2 ? "-half2" : "-f32";
                for (const check_node_rule rule : minsum_rules) {
                    const decoder_options o = flooding_options(rule, p);
                    auto gpu = cuda_decoder::make(code, o);
                    const cuda_tuning t = gpu->tuning();
                    const std::string what = std::string(fc.spec) + " " +
                                             to_string(rule) + " flooding" + suffix;
                    std::cout << "tuning " << what << ": " << t.kernel << ", "
                              << t.frames_per_block << " frames/block, "
                              << t.shared_bytes_per_block << " B shared, "
                              << t.blocks_per_sm << " blocks/SM (" << t.reason << ")\n";
                    const std::string rule_part =
                        rule == check_node_rule::self_corrected_min_sum ? "-scms"
                                                                        : "-minsum";
                    CPPUNIT_ASSERT_MESSAGE(what + ": kernel " + t.kernel,
                                           starts_with(t.kernel, "flooding-"));
                    CPPUNIT_ASSERT_MESSAGE(
                        what + ": kernel " + t.kernel,
                        ends_with(instance_of(t.kernel), rule_part + suffix));
                    // cuda_tuner_choices reports the same choice
                    const std::vector<cuda_tuning> choices = cuda_tuner_choices(*code, o);
                    CPPUNIT_ASSERT(!choices.empty());
                    CPPUNIT_ASSERT_EQUAL(t.kernel, choices[0].kernel);
                }
            }
        }
        const auto wimax = ldpc_code::make("wimax:2304:1/2");
        // wimax rate 1/2: the first of the list (gpu.kernel "first"; "auto" times
        // the instances that fit), an instance with its address table in global
        // memory (exact-degree in float)
        for (const message_precision p :
             { message_precision::float32, message_precision::half2 }) {
            const std::string suffix = p == message_precision::half2 ? "half2" : "f32";
            decoder_options first =
                flooding_options(check_node_rule::normalized_min_sum, p);
            first.gpu.kernel = "first";
            auto gpu = cuda_decoder::make(wimax, first);
            CPPUNIT_ASSERT_EQUAL(p == message_precision::half2
                                     ? std::string("flooding-gtab-12x7-minsum-half2")
                                     : std::string("flooding-gtab-12x7-exact-minsum-f32"),
                                 instance_of(gpu->tuning().kernel));
            // both channel placements can be named
            for (const std::string& name :
                 { "flooding-tab-12x7-exact-minsum-" + suffix,
                   "flooding-tab-12x7-exact-minsum-" + suffix + l2chan }) {
                decoder_options o =
                    flooding_options(check_node_rule::normalized_min_sum, p);
                o.gpu.kernel = name;
                CPPUNIT_ASSERT_EQUAL(name, cuda_decoder::make(wimax, o)->tuning().kernel);
            }
        }
        // SPA flooding stays on the general kernel, layered on the layered instances
        auto spa = cuda_decoder::make(
            wimax, flooding_options(check_node_rule::spa, message_precision::float32));
        CPPUNIT_ASSERT_EQUAL(std::string("general-flooding-spa-f32"),
                             spa->tuning().kernel);
        decoder_options layered = flooding_options(check_node_rule::normalized_min_sum,
                                                   message_precision::float32);
        layered.schedule = decoding_schedule::layered;
        auto lay = cuda_decoder::make(wimax, layered);
        CPPUNIT_ASSERT_MESSAGE(lay->tuning().kernel,
                               starts_with(lay->tuning().kernel, "layered-"));
        // the general flooding kernel can still be named
        decoder_options named = flooding_options(check_node_rule::normalized_min_sum,
                                                 message_precision::float32);
        named.gpu.kernel = "general-flooding-minsum-f32";
        CPPUNIT_ASSERT_EQUAL(std::string("general-flooding-minsum-f32"),
                             cuda_decoder::make(wimax, named)->tuning().kernel);
        // a flooding instance cannot be named for the layered schedule
        layered.gpu.kernel = "flooding-tab-12x7-minsum-f32";
        GPUFEC_ASSERT_THROW_MSG(
            cuda_decoder::make(wimax, layered), gpufec::invalid_argument, "gpu.kernel");
    }

    void test_f32_equals_cpu_reference()
    {
        const uint64_t seed = test_seed();
        uint64_t first = 0;
        std::vector<std::string> failures;
        for (const flood_case& fc : flood_cases) {
            const auto code = ldpc_code::make(fc.spec);
            for (const check_node_rule rule : minsum_rules) {
                for (int pi = 0; pi < 3; ++pi) {
                    const double ebn0 = fc.ebn0[pi];
                    // fresh frames for every configuration
                    const batch b = make_batch(*code, 500, ebn0, seed, first);
                    first += 1000000;
                    for (const bool et : { true, false }) {
                        for (const int fpb : { 0, 4 }) {
                            if ((!et || fpb != 0) && pi != 1) {
                                continue; // the variations at the middle point only
                            }
                            decoder_options o =
                                flooding_options(rule, message_precision::float32);
                            o.early_termination = et;
                            o.gpu.frames_per_block = fpb;
                            auto gpu = cuda_decoder::make(code, o);
                            auto cpu = make_reference(code, o);
                            const result g = run_llrs(*gpu, b.llrs, b.frames);
                            const result c = run_llrs(*cpu, b.llrs, b.frames);
                            const size_t differ = frames_differing(g, c, *code);
                            const errors eg = count_errors(g, b);
                            const errors ec = count_errors(c, b);
                            char line[400];
                            std::snprintf(line,
                                          sizeof(line),
                                          "%s %s flooding f32 %.2f dB%s fpb %d (%s): "
                                          "%zu frames, FER gpu %zu cpu %zu, mean it "
                                          "gpu %.2f cpu %.2f, frames differing %zu",
                                          fc.spec,
                                          to_string(rule).c_str(),
                                          ebn0,
                                          et ? "" : " no-et",
                                          fpb,
                                          gpu->tuning().kernel.c_str(),
                                          b.frames,
                                          eg.frames,
                                          ec.frames,
                                          mean_iterations(g),
                                          mean_iterations(c),
                                          differ);
                            std::cout << line << "\n";
                            if (!starts_with(gpu->tuning().kernel, "flooding-")) {
                                failures.push_back(std::string("not a register "
                                                               "flooding kernel: ") +
                                                   line);
                            }
                            if (differ != 0) {
                                failures.push_back(std::string("differs: ") + line);
                            }
                        }
                    }
                }
            }
        }
        assert_no_failures(failures);
    }

    void test_f32_instances_equal_cpu_reference()
    {
        // every float flooding instance that takes wimax:2304:1/2, forced in turn:
        // the table (with and without exact degrees) and plain (padding edges) paths,
        // the channel LLRs in shared memory and in the global workspace (-l2chan)
        const auto code = ldpc_code::make("wimax:2304:1/2");
        const batch b = make_batch(*code, 600, 2.25, test_seed(), 93000000);
        struct forced {
            std::string kernel;
            check_node_rule rule;
        };
        std::vector<forced> runs;
        for (const std::string& place : { std::string(), l2chan }) {
            for (const check_node_rule rule : { check_node_rule::min_sum,
                                                check_node_rule::normalized_min_sum,
                                                check_node_rule::offset_min_sum }) {
                for (const char* k : { "flooding-gtab-12x7-exact-minsum-f32",
                                       "flooding-gtab-12x7-minsum-f32",
                                       "flooding-gtab-12x8-minsum-f32",
                                       "flooding-tab-12x7-exact-minsum-f32",
                                       "flooding-tab-12x7-minsum-f32",
                                       "flooding-tab-12x8-minsum-f32",
                                       "flooding-reg-12x7-minsum-f32",
                                       "flooding-reg-12x8-minsum-f32" }) {
                    runs.push_back({ k + place, rule });
                }
            }
            runs.push_back({ "flooding-reg-12x8-scms-f32" + place,
                             check_node_rule::self_corrected_min_sum });
        }
        for (const forced& fr : runs) {
            for (const int fpb : { 0, 3 }) {
                decoder_options o = flooding_options(fr.rule, message_precision::float32);
                o.gpu.kernel = fr.kernel;
                o.gpu.frames_per_block = fpb;
                auto gpu = cuda_decoder::make(code, o);
                CPPUNIT_ASSERT_EQUAL(fr.kernel, gpu->tuning().kernel);
                auto cpu = make_reference(code, o);
                const result g = run_llrs(*gpu, b.llrs, b.frames);
                const result c = run_llrs(*cpu, b.llrs, b.frames);
                const size_t differ = frames_differing(g, c, *code);
                const std::string what =
                    fr.kernel + " " + to_string(fr.rule) + " fpb " + std::to_string(fpb);
                std::cout << what << ": frame errors gpu " << count_errors(g, b).frames
                          << " cpu " << count_errors(c, b).frames << ", frames differing "
                          << differ << "\n";
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, size_t(0), differ);
            }
        }
    }

    void test_half2_close_to_cpu_reference()
    {
        const float step = default_int8_llr_step;
        uint64_t first = 95000000;
        for (const flood_case& fc : flood_cases) {
            const auto code = ldpc_code::make(fc.spec);
            // noiseless frames: exact
            const batch clean =
                make_batch(*code, 33, std::numeric_limits<double>::quiet_NaN(), 7, 0);
            std::vector<int8_t> clean8(clean.llrs.size());
            quantize_llrs(clean.llrs.data(), clean.llrs.size(), step, clean8.data());
            for (const check_node_rule rule : minsum_rules) {
                const decoder_options o =
                    flooding_options(rule, message_precision::half2);
                auto h2 = cuda_decoder::make(code, o);
                const std::string what = std::string(fc.spec) + " " + to_string(rule) +
                                         " flooding half2 (" + h2->tuning().kernel + ")";
                CPPUNIT_ASSERT_MESSAGE(what,
                                       starts_with(h2->tuning().kernel, "flooding-"));
                CPPUNIT_ASSERT_MESSAGE(what + " noiseless",
                                       run_llrs(*h2, clean.llrs, clean.frames).codeword ==
                                           clean.codeword);
                CPPUNIT_ASSERT_MESSAGE(
                    what + " noiseless int8",
                    run_int8(*h2, clean8, clean.frames, step).codeword == clean.codeword);

                // noisy frames at the middle Eb/N0 (FER near 1e-2 - 1e-1)
                const double ebn0 = fc.ebn0[1];
                const batch b = make_batch(*code, 2000, ebn0, test_seed(), first);
                first += 1000000;
                std::vector<int8_t> b8(b.llrs.size());
                quantize_llrs(b.llrs.data(), b.llrs.size(), step, b8.data());
                std::vector<float> dequantized(b8.size());
                for (size_t i = 0; i < b8.size(); ++i) {
                    dequantized[i] = b8[i] * step;
                }
                auto cpu = make_reference(code, o);
                const errors ec = count_errors(run_llrs(*cpu, b.llrs, b.frames), b);
                const errors eh = count_errors(run_llrs(*h2, b.llrs, b.frames), b);
                const errors ec8 = count_errors(run_llrs(*cpu, dequantized, b.frames), b);
                const errors eh8 = count_errors(run_int8(*h2, b8, b.frames, step), b);
                std::cout << what << " " << ebn0 << " dB, " << b.frames
                          << " frames: frame / bit errors cpu float " << ec.frames
                          << " / " << ec.bits << ", half2 " << eh.frames << " / "
                          << eh.bits << "; int8 input: cpu float (dequantized) "
                          << ec8.frames << " / " << ec8.bits << ", half2 " << eh8.frames
                          << " / " << eh8.bits << "\n";
                // close: frame errors within 1.5x + 10 of the float reference's, bit
                // errors within 2x + 2 frames' worth of information bits
                const size_t bit_margin = 2 * code->k();
                CPPUNIT_ASSERT_MESSAGE(what + " FER",
                                       eh.frames <= ec.frames * 3 / 2 + 10);
                CPPUNIT_ASSERT_MESSAGE(what + " BER",
                                       eh.bits <= 2 * ec.bits + bit_margin);
                CPPUNIT_ASSERT_MESSAGE(what + " int8 FER",
                                       eh8.frames <= ec8.frames * 3 / 2 + 10);
                CPPUNIT_ASSERT_MESSAGE(what + " int8 BER",
                                       eh8.bits <= 2 * ec8.bits + bit_margin);
            }
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_cuda_flooding);
