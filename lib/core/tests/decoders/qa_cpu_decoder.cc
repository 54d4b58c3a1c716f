/*
 * Tests of the decoder interface (decoder.cc) and the CPU float reference decoder
 * (cpu_reference_decoder.cc): names and option checks, refused inputs, each
 * check-node rule on hand-computed single-check cases (exact box-plus, alpha,
 * beta), noiseless decoding for every rule x schedule, FER sanity over BPSK/AWGN
 * (channel.h), layered vs flooding iterations, self-corrected min-sum (Andrade et al.,
 * "Near-LSPA Performance at MSA Complexity" eq. 9) vs min-sum, thread-count independence,
 * punctured columns and NaN LLRs.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "decode_batches.h"
#include "rule_list.h"
#include "test_util.h"
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cppunit/TestFixture.h>
#include <cppunit/extensions/HelperMacros.h>
#include <cstdint>
#include <gpufec/channel.h>
#include <gpufec/cuda_decoder.h>
#include <gpufec/decoder.h>
#include <gpufec/error.h>
#include <gpufec/ldpc_code.h>
#include <iostream>
#include <limits>
#include <numeric>
#include <string>
#include <thread>
#include <vector>

using namespace gpufec;

namespace {

const auto& all_rules = gpufec_test::all_rules;
const decoding_schedule all_schedules[] = { decoding_schedule::layered,
                                            decoding_schedule::flooding };

std::string binary_code(const std::string& file)
{
    return "alist:" + gpufec_test::refcodes_dir() + "/binary/" + file;
}

/*! One parity check over three bits: H = [1 1 1] (no refcodes needed). */
ldpc_code::sptr single_check_code()
{
    return ldpc_code::from_matrix(
        parity_check_matrix::from_entries(1, 3, { { 0, 0 }, { 0, 1 }, { 0, 2 } }),
        {},
        "single-check");
}

decoder_options cpu_options(check_node_rule rule, decoding_schedule schedule)
{
    decoder_options o;
    o.rule = rule;
    o.schedule = schedule;
    o.backend = backend_kind::cpu;
    o.threads = 1;
    return o;
}

// random codewords through BPSK/AWGN (decode_batches.h)
using gpufec_test::batch;
using gpufec_test::make_batch;

/*! What a decoder made of one batch. */
struct result {
    std::vector<uint8_t> info;
    std::vector<uint8_t> codeword;
    std::vector<int> iterations;
    std::vector<uint8_t> parity_ok;
    std::vector<uint8_t> wrong; //!< per frame: the codeword differs from the one sent
    size_t frame_errors = 0;    //!< frames whose codeword differs from the one sent
    size_t bit_errors = 0;      //!< over the transmitted bits
    double mean_iterations = 0;
};

result run(decoder& dec, const batch& b)
{
    const size_t k = dec.code().k();
    const size_t n = dec.code().n();
    result r;
    r.info.assign(b.frames * k, 2);
    r.codeword.assign(b.frames * n, 2);
    r.iterations.assign(b.frames, -1);
    r.parity_ok.assign(b.frames, 2);
    decode_output out;
    out.info_bits = r.info.data();
    out.codewords = r.codeword.data();
    out.iterations = r.iterations.data();
    out.parity_ok = r.parity_ok.data();
    dec.decode(b.llrs.data(), b.llrs.size(), b.frames, out);
    for (size_t f = 0; f < b.frames; ++f) {
        size_t errors = 0;
        for (size_t i = 0; i < n; ++i) {
            errors += r.codeword[f * n + i] != b.codeword[f * n + i];
        }
        r.bit_errors += errors;
        r.frame_errors += errors > 0;
        r.wrong.push_back(errors > 0);
    }
    r.mean_iterations =
        std::accumulate(r.iterations.begin(), r.iterations.end(), 0.0) / b.frames;
    return r;
}

/*! Hard decisions of the single-check code after one iteration, ET off. */
std::vector<uint8_t> single_check_bits(check_node_rule rule,
                                       decoding_schedule schedule,
                                       std::vector<float> llrs,
                                       float alpha = 0.75f,
                                       float beta = 0.5f)
{
    decoder_options o = cpu_options(rule, schedule);
    o.max_iterations = 1;
    o.early_termination = false;
    o.alpha = alpha;
    o.beta = beta;
    auto dec = decoder::make(single_check_code(), o);
    std::vector<uint8_t> bits(3, 2);
    decode_output out;
    out.codewords = bits.data();
    dec->decode(llrs.data(), llrs.size(), 1, out);
    return bits;
}

} // namespace

class qa_cpu_decoder : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_cpu_decoder);
    CPPUNIT_TEST(test_names);
    CPPUNIT_TEST(test_option_checks);
    CPPUNIT_TEST(test_backends);
    CPPUNIT_TEST(test_decode_argument_checks);
    CPPUNIT_TEST(test_runtime_setters);
    CPPUNIT_TEST(test_single_check_rules);
    CPPUNIT_TEST(test_degree_one_row);
    CPPUNIT_TEST(test_noiseless_every_rule_and_schedule);
    CPPUNIT_TEST(test_no_early_termination_stays_finite);
    CPPUNIT_TEST(test_outputs_optional);
    CPPUNIT_TEST(test_fer_sanity);
    CPPUNIT_TEST(test_threads_do_not_change_results);
    CPPUNIT_TEST(test_concurrent_calls);
    CPPUNIT_TEST(test_self_corrected_min_sum);
    CPPUNIT_TEST(test_punctured_columns);
    CPPUNIT_TEST(test_nan_llrs);
    CPPUNIT_TEST_SUITE_END();

public:
    void test_names()
    {
        for (auto r : all_rules) {
            CPPUNIT_ASSERT(parse_check_node_rule(to_string(r)) == r);
        }
        CPPUNIT_ASSERT_EQUAL(std::string("nms"),
                             to_string(check_node_rule::normalized_min_sum));
        CPPUNIT_ASSERT_EQUAL(std::string("scms"),
                             to_string(check_node_rule::self_corrected_min_sum));
        for (auto s : all_schedules) {
            CPPUNIT_ASSERT(parse_schedule(to_string(s)) == s);
        }
        for (auto b :
             { backend_kind::automatic, backend_kind::cpu, backend_kind::cuda }) {
            CPPUNIT_ASSERT(parse_backend(to_string(b)) == b);
        }
        CPPUNIT_ASSERT_EQUAL(std::string("auto"), to_string(backend_kind::automatic));

        GPUFEC_ASSERT_THROW_MSG(parse_check_node_rule("bp"),
                                gpufec::invalid_argument,
                                "spa, ms, nms, oms, scms");
        GPUFEC_ASSERT_THROW_MSG(
            parse_check_node_rule("minsum"), gpufec::invalid_argument, "'minsum'");
        GPUFEC_ASSERT_THROW_MSG(
            parse_schedule("serial"), gpufec::invalid_argument, "layered, flooding");
        GPUFEC_ASSERT_THROW_MSG(
            parse_backend("opencl"), gpufec::invalid_argument, "auto, cpu, cuda");
        GPUFEC_ASSERT_THROW_MSG(
            parse_backend(""), gpufec::invalid_argument, "valid names");
    }

    void test_option_checks()
    {
        auto code = single_check_code();
        auto refused = [&](decoder_options o, const std::string& text) {
            GPUFEC_ASSERT_THROW_MSG(o.validate(), gpufec::invalid_argument, text);
            GPUFEC_ASSERT_THROW_MSG(
                decoder::make(code, o), gpufec::invalid_argument, text);
        };
        decoder_options good;
        good.validate();

        decoder_options o = good;
        o.max_iterations = 0;
        refused(o, "max_iterations is 0");
        o.max_iterations = -3;
        refused(o, ">= 1");

        o = good;
        o.alpha = 0.0f;
        refused(o, "alpha is 0");
        o.alpha = 1.5f;
        refused(o, "alpha is 1.5");
        o.alpha = std::numeric_limits<float>::quiet_NaN();
        refused(o, "alpha is nan");
        o.alpha = std::numeric_limits<float>::infinity();
        refused(o, "(0, 1]");
        o.alpha = 1.0f; // the upper end is allowed
        o.validate();

        o = good;
        o.beta = -0.25f;
        refused(o, "beta is -0.25");
        o.beta = std::numeric_limits<float>::infinity();
        refused(o, "beta is inf");
        o.beta = 0.0f;
        o.validate();

        o = good;
        o.threads = -1;
        refused(o, "threads is -1");

        GPUFEC_ASSERT_THROW_MSG(
            decoder::make(nullptr, good), gpufec::invalid_argument, "code is null");
    }

    void test_backends()
    {
        auto code = single_check_code();
        decoder_options o;
        o.backend = backend_kind::cuda;
        std::string why;
        const bool gpu = cuda_available(&why);
        if (!gpu) {
            // no usable device (or no CUDA in this build): cuda is refused with the
            // reason
            GPUFEC_ASSERT_THROW_MSG(
                decoder::make(code, o), gpufec::backend_unavailable, "cuda");
            CPPUNIT_ASSERT(!why.empty());
        } else {
            CPPUNIT_ASSERT_EQUAL(std::string("cuda"),
                                 decoder::make(code, o)->backend_name());
        }

        // auto takes the GPU where one works, else the CPU
        o.backend = backend_kind::automatic;
        auto dec = decoder::make(code, o);
        CPPUNIT_ASSERT_EQUAL(std::string(gpu ? "cuda" : "cpu"), dec->backend_name());
        o.backend = backend_kind::cpu;
        CPPUNIT_ASSERT_EQUAL(std::string("cpu"), decoder::make(code, o)->backend_name());

        const std::string d = describe_backends();
        CPPUNIT_ASSERT(d.find("cpu: available") != std::string::npos);
        CPPUNIT_ASSERT(d.find("cuda: ") != std::string::npos);
    }

    void test_decode_argument_checks()
    {
        auto dec = decoder::make(
            single_check_code(),
            cpu_options(check_node_rule::min_sum, decoding_schedule::layered));
        std::vector<float> llrs(6, 1.0f);
        decode_output out;
        GPUFEC_ASSERT_THROW_MSG(dec->decode(llrs.data(), 5, 2, out),
                                gpufec::invalid_argument,
                                "llr_count is 5 but frames * n = 2 * 3 = 6");
        GPUFEC_ASSERT_THROW_MSG(dec->decode(llrs.data(), 7, 2, out),
                                gpufec::invalid_argument,
                                "llr_count is 7");
        GPUFEC_ASSERT_THROW_MSG(
            dec->decode(llrs.data(), 0, 0, out), gpufec::invalid_argument, "frames is 0");
        GPUFEC_ASSERT_THROW_MSG(
            dec->decode(nullptr, 6, 2, out), gpufec::invalid_argument, "llrs is null");
        GPUFEC_ASSERT_THROW_MSG(dec->decode(llrs.data(),
                                            std::numeric_limits<size_t>::max(),
                                            std::numeric_limits<size_t>::max(),
                                            out),
                                gpufec::invalid_argument,
                                "overflows");
        dec->decode(llrs.data(), 6, 2, out); // right: accepted
    }

    void test_runtime_setters()
    {
        decoder_options o =
            cpu_options(check_node_rule::normalized_min_sum, decoding_schedule::flooding);
        o.early_termination = false;
        auto dec = decoder::make(single_check_code(), o);

        GPUFEC_ASSERT_THROW_MSG(
            dec->set_max_iterations(0), gpufec::invalid_argument, "max_iterations is 0");
        GPUFEC_ASSERT_THROW_MSG(
            dec->set_alpha(0.0f), gpufec::invalid_argument, "alpha is 0");
        GPUFEC_ASSERT_THROW_MSG(dec->set_alpha(1.5f), gpufec::invalid_argument, "alpha");
        GPUFEC_ASSERT_THROW_MSG(
            dec->set_alpha(std::nanf("")), gpufec::invalid_argument, "alpha");
        GPUFEC_ASSERT_THROW_MSG(
            dec->set_beta(-2.0f), gpufec::invalid_argument, "beta is -2");
        GPUFEC_ASSERT_THROW_MSG(
            dec->set_beta(std::nanf("")), gpufec::invalid_argument, "beta");
        // refused values leave the options alone
        CPPUNIT_ASSERT_EQUAL(10, dec->options().max_iterations);
        CPPUNIT_ASSERT_EQUAL(0.75f, dec->options().alpha);

        dec->set_max_iterations(3);
        dec->set_alpha(0.5f);
        dec->set_beta(1.0f);
        CPPUNIT_ASSERT_EQUAL(3, dec->options().max_iterations);
        CPPUNIT_ASSERT_EQUAL(0.5f, dec->options().alpha);
        CPPUNIT_ASSERT_EQUAL(1.0f, dec->options().beta);

        std::vector<float> llrs = { 1.0f, 2.0f, 3.0f };
        int iterations = 0;
        decode_output out;
        out.iterations = &iterations;
        dec->decode(llrs.data(), 3, 1, out);
        CPPUNIT_ASSERT_EQUAL(3, iterations); // ET off: every iteration runs

        // the new alpha applies: with alpha 0.5 the check tells bit 0 "+0.5"
        std::vector<uint8_t> bits(3);
        out = decode_output();
        out.codewords = bits.data();
        dec->set_max_iterations(1);
        llrs = { -0.45f, 1.0f, 1.0f };
        dec->decode(llrs.data(), 3, 1, out);
        CPPUNIT_ASSERT_EQUAL(0, int(bits[0]));
        llrs = { -0.55f, 1.0f, 1.0f };
        dec->decode(llrs.data(), 3, 1, out);
        CPPUNIT_ASSERT_EQUAL(1, int(bits[0]));
    }

    /*
     * H = [1 1 1], one iteration: L_0 = l_0 + (l_1 [+] l_2) with l_1 = l_2 = 1.
     * Exact: 1 [+] 1 = 2 atanh(tanh(0.5)^2) = 0.43378; min-sum: 1; NMS: alpha;
     * OMS: 1 - beta. Bit 0 flips where l_0 crosses minus that value.
     */
    void test_single_check_rules()
    {
        for (auto s : all_schedules) {
            auto bit0 = [&](check_node_rule rule, float l0) {
                return int(single_check_bits(rule, s, { l0, 1.0f, 1.0f })[0]);
            };
            CPPUNIT_ASSERT_EQUAL(0, bit0(check_node_rule::spa, -0.430f));
            CPPUNIT_ASSERT_EQUAL(1, bit0(check_node_rule::spa, -0.437f));
            CPPUNIT_ASSERT_EQUAL(0, bit0(check_node_rule::min_sum, -0.95f));
            CPPUNIT_ASSERT_EQUAL(1, bit0(check_node_rule::min_sum, -1.05f));
            CPPUNIT_ASSERT_EQUAL(0, bit0(check_node_rule::normalized_min_sum, -0.70f));
            CPPUNIT_ASSERT_EQUAL(1, bit0(check_node_rule::normalized_min_sum, -0.80f));
            CPPUNIT_ASSERT_EQUAL(0, bit0(check_node_rule::offset_min_sum, -0.45f));
            CPPUNIT_ASSERT_EQUAL(1, bit0(check_node_rule::offset_min_sum, -0.55f));
            CPPUNIT_ASSERT_EQUAL(0,
                                 bit0(check_node_rule::self_corrected_min_sum, -0.95f));
            CPPUNIT_ASSERT_EQUAL(1,
                                 bit0(check_node_rule::self_corrected_min_sum, -1.05f));
            // the extrinsic sign is the product of the other signs: l_1 < 0 makes
            // the check push bit 0 towards 1, so a weak l_0 = +0.3 becomes 1
            CPPUNIT_ASSERT_EQUAL(1,
                                 int(single_check_bits(
                                     check_node_rule::spa, s, { 0.3f, -2.0f, 2.0f })[0]));
            CPPUNIT_ASSERT_EQUAL(1,
                                 int(single_check_bits(check_node_rule::min_sum,
                                                       s,
                                                       { 0.3f, -2.0f, 2.0f })[0]));
        }
        // OMS never flips the sign of a small minimum: max(min - beta, 0)
        CPPUNIT_ASSERT_EQUAL(0,
                             int(single_check_bits(check_node_rule::offset_min_sum,
                                                   decoding_schedule::flooding,
                                                   { 0.1f, -0.4f, 2.0f },
                                                   0.75f,
                                                   0.5f)[0]));
        // infinite inputs are saturated, never turned into NaN
        const float inf = std::numeric_limits<float>::infinity();
        for (auto rule : all_rules) {
            for (auto s : all_schedules) {
                auto bits = single_check_bits(rule, s, { inf, -inf, -0.5f });
                CPPUNIT_ASSERT_EQUAL(0, int(bits[0]));
                CPPUNIT_ASSERT_EQUAL(1, int(bits[1]));
                CPPUNIT_ASSERT_EQUAL(1, int(bits[2]));
            }
        }
    }

    /*!
     * Rows {0} and {0,1,2}: the first forces bit 0 to 0 whatever the channel says,
     * then the second flips the weaker of bits 1 and 2.
     */
    void test_degree_one_row()
    {
        auto code =
            ldpc_code::from_matrix(parity_check_matrix::from_entries(
                                       2, 3, { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 1, 2 } }),
                                   {},
                                   "degree-one");
        for (auto rule : all_rules) {
            for (auto s : all_schedules) {
                auto dec = decoder::make(code, cpu_options(rule, s));
                std::vector<float> llrs = { -3.0f, 2.0f, -1.0f };
                std::vector<uint8_t> bits(3);
                uint8_t ok = 0;
                decode_output out;
                out.codewords = bits.data();
                out.parity_ok = &ok;
                dec->decode(llrs.data(), 3, 1, out);
                CPPUNIT_ASSERT_MESSAGE(to_string(rule),
                                       bits == std::vector<uint8_t>({ 0, 0, 0 }));
                CPPUNIT_ASSERT_EQUAL(1, int(ok));
            }
        }
    }

    void test_noiseless_every_rule_and_schedule()
    {
        gpufec_test::require_refcodes();
        for (const char* file : { "WIMAX_288_576.alist", "MACKAY_504_1008.alist" }) {
            auto code = ldpc_code::make(binary_code(file));
            const batch b = make_batch(*code, 6, std::nan(""), 11);
            for (auto rule : all_rules) {
                for (auto s : all_schedules) {
                    auto dec = decoder::make(code, cpu_options(rule, s));
                    const result r = run(*dec, b);
                    const std::string what =
                        std::string(file) + " " + to_string(rule) + " " + to_string(s);
                    CPPUNIT_ASSERT_MESSAGE(what, r.codeword == b.codeword);
                    CPPUNIT_ASSERT_MESSAGE(what, r.info == b.info);
                    for (size_t f = 0; f < b.frames; ++f) {
                        CPPUNIT_ASSERT_EQUAL_MESSAGE(what, 1, r.iterations[f]);
                        CPPUNIT_ASSERT_EQUAL_MESSAGE(what, 1, int(r.parity_ok[f]));
                    }
                }
            }
        }
    }

    /*! 300 iterations of growing min-sum messages: clamped, still the codeword. */
    void test_no_early_termination_stays_finite()
    {
        gpufec_test::require_refcodes();
        auto code = ldpc_code::make(binary_code("WIMAX_288_576.alist"));
        const batch b = make_batch(*code, 2, std::nan(""), 12);
        for (auto rule : all_rules) {
            for (auto s : all_schedules) {
                decoder_options o = cpu_options(rule, s);
                o.early_termination = false;
                o.max_iterations = 300;
                auto dec = decoder::make(code, o);
                const result r = run(*dec, b);
                CPPUNIT_ASSERT_MESSAGE(to_string(rule), r.codeword == b.codeword);
                CPPUNIT_ASSERT_EQUAL(300, r.iterations[0]);
                CPPUNIT_ASSERT_EQUAL(1, int(r.parity_ok[0]));
            }
        }
    }

    void test_outputs_optional()
    {
        gpufec_test::require_refcodes();
        auto code = ldpc_code::make(binary_code("WIMAX_288_576.alist"));
        const batch b = make_batch(*code, 3, 2.0, 13);
        auto dec = decoder::make(
            code,
            cpu_options(check_node_rule::normalized_min_sum, decoding_schedule::layered));
        dec->decode(b.llrs.data(), b.llrs.size(), b.frames, decode_output());
        const result all = run(*dec, b);
        std::vector<int> iterations(b.frames);
        decode_output out;
        out.iterations = iterations.data();
        dec->decode(b.llrs.data(), b.llrs.size(), b.frames, out);
        CPPUNIT_ASSERT(iterations == all.iterations);
    }

    /*
     * WiMAX (2304,1152) over BPSK/AWGN, 200 frames at a fixed seed: layered NMS
     * below 5% FER at 2.5 dB, nearly every frame lost at 0 dB, layered converging in
     * fewer iterations than flooding, SPA no worse than min-sum.
     */
    void test_fer_sanity()
    {
        gpufec_test::require_refcodes();
        auto code = ldpc_code::make(binary_code("WIMAX_1152_2304.alist"));
        const size_t frames = 200;
        auto make = [&](check_node_rule rule, decoding_schedule s) {
            decoder_options o = cpu_options(rule, s);
            o.max_iterations = 20;
            o.threads = 2;
            return decoder::make(code, o);
        };

        const batch good = make_batch(*code, frames, 2.5, 2025);
        const result layered = run(
            *make(check_node_rule::normalized_min_sum, decoding_schedule::layered), good);
        const result flooding =
            run(*make(check_node_rule::normalized_min_sum, decoding_schedule::flooding),
                good);
        std::cerr << "\n  wimax 2304 r1/2, 2.5 dB, NMS: layered FER "
                  << layered.frame_errors << "/" << frames << " mean it "
                  << layered.mean_iterations << "; flooding FER " << flooding.frame_errors
                  << "/" << frames << " mean it " << flooding.mean_iterations << "\n";
        CPPUNIT_ASSERT(layered.frame_errors < frames / 20);
        CPPUNIT_ASSERT(flooding.frame_errors < frames / 10);
        CPPUNIT_ASSERT(layered.mean_iterations < flooding.mean_iterations);
        // a frame failing parity cannot be the codeword sent; a frame meeting parity
        // early stopped there
        for (size_t f = 0; f < frames; ++f) {
            CPPUNIT_ASSERT(layered.parity_ok[f] || layered.wrong[f]);
            CPPUNIT_ASSERT(!layered.parity_ok[f] || layered.iterations[f] <= 20);
            CPPUNIT_ASSERT(layered.parity_ok[f] || layered.iterations[f] == 20);
        }

        const batch mid = make_batch(*code, frames, 1.25, 77);
        const result spa =
            run(*make(check_node_rule::spa, decoding_schedule::layered), mid);
        const result ms =
            run(*make(check_node_rule::min_sum, decoding_schedule::layered), mid);
        std::cerr << "  1.25 dB layered: SPA FER " << spa.frame_errors << ", MS FER "
                  << ms.frame_errors << "\n";
        CPPUNIT_ASSERT(spa.frame_errors <= ms.frame_errors);
        CPPUNIT_ASSERT(spa.bit_errors <= ms.bit_errors);

        const batch bad = make_batch(*code, frames, 0.0, 99);
        const result lost = run(
            *make(check_node_rule::normalized_min_sum, decoding_schedule::layered), bad);
        std::cerr << "  0 dB layered NMS FER " << lost.frame_errors << "/" << frames
                  << "\n";
        CPPUNIT_ASSERT(lost.frame_errors > frames * 9 / 10);
        size_t claimed = 0;
        for (size_t f = 0; f < frames; ++f) {
            claimed += lost.parity_ok[f];
            CPPUNIT_ASSERT(lost.parity_ok[f] || lost.iterations[f] == 20);
        }
        CPPUNIT_ASSERT(claimed < frames / 10);
    }

    void test_threads_do_not_change_results()
    {
        gpufec_test::require_refcodes();
        auto code = ldpc_code::make(binary_code("WIMAX_288_576.alist"));
        const batch b = make_batch(*code, 37, 1.5, 31); // many frames fail at 1.5 dB
        for (auto rule :
             { check_node_rule::spa, check_node_rule::self_corrected_min_sum }) {
            for (auto s : all_schedules) {
                decoder_options o = cpu_options(rule, s);
                const result one = run(*decoder::make(code, o), b);
                o.threads = 2;
                const result two = run(*decoder::make(code, o), b);
                o.threads = 5;
                const result five = run(*decoder::make(code, o), b);
                CPPUNIT_ASSERT(one.frame_errors > 0);
                CPPUNIT_ASSERT(one.codeword == two.codeword &&
                               one.codeword == five.codeword);
                CPPUNIT_ASSERT(one.info == two.info && one.info == five.info);
                CPPUNIT_ASSERT(one.iterations == two.iterations &&
                               one.iterations == five.iterations);
                CPPUNIT_ASSERT(one.parity_ok == two.parity_ok &&
                               one.parity_ok == five.parity_ok);
            }
        }
    }

    /*!
     * decode() from two threads at once on one decoder (each call takes its own
     * scratch states) while a third changes the iteration limit: no interference.
     */
    void test_concurrent_calls()
    {
        gpufec_test::require_refcodes();
        auto code = ldpc_code::make(binary_code("WIMAX_288_576.alist"));
        const batch b = make_batch(*code, 40, 2.0, 33);
        decoder_options o =
            cpu_options(check_node_rule::normalized_min_sum, decoding_schedule::layered);
        o.threads = 2;
        o.max_iterations = 20;
        auto dec = decoder::make(code, o);
        const result expected = run(*dec, b);

        std::vector<result> got(2);
        std::atomic<bool> done{ false };
        std::thread setter([&] {
            while (!done.load()) {
                dec->set_max_iterations(20); // the same value: results must not change
            }
        });
        std::vector<std::thread> callers;
        for (int t = 0; t < 2; ++t) {
            callers.emplace_back([&, t] {
                for (int i = 0; i < 5; ++i) {
                    got[t] = run(*dec, b);
                }
            });
        }
        for (auto& c : callers) {
            c.join();
        }
        done.store(true);
        setter.join();
        for (const auto& r : got) {
            CPPUNIT_ASSERT(r.codeword == expected.codeword);
            CPPUNIT_ASSERT(r.iterations == expected.iterations);
            CPPUNIT_ASSERT(r.parity_ok == expected.parity_ok);
        }
    }

    /*! SCMS (Andrade et al. eq. 9) changes what min-sum does and is not worse on average.
     */
    void test_self_corrected_min_sum()
    {
        gpufec_test::require_refcodes();
        auto code = ldpc_code::make(binary_code("MACKAY_504_1008.alist"));
        const batch b = make_batch(*code, 300, 2.0, 41);
        for (auto s : all_schedules) {
            decoder_options o = cpu_options(check_node_rule::min_sum, s);
            o.max_iterations = 20;
            o.threads = 2;
            const result ms = run(*decoder::make(code, o), b);
            o.rule = check_node_rule::self_corrected_min_sum;
            const result scms = run(*decoder::make(code, o), b);
            std::cerr << "\n  MacKay 1008, 2.0 dB, " << to_string(s) << ": MS FER "
                      << ms.frame_errors << " BER " << ms.bit_errors << " it "
                      << ms.mean_iterations << "; SCMS FER " << scms.frame_errors
                      << " BER " << scms.bit_errors << " it " << scms.mean_iterations;
            CPPUNIT_ASSERT(ms.iterations != scms.iterations ||
                           ms.codeword != scms.codeword);
            CPPUNIT_ASSERT(scms.frame_errors <= ms.frame_errors);
            CPPUNIT_ASSERT(scms.bit_errors <= ms.bit_errors);
        }
        std::cerr << "\n";
    }

    /*!
     * Punctured columns get LLR 0 and must be recovered: AR4JA (.qc file, 4 of 20
     * block columns punctured, generic encoder) and 5G NR BG2 Z=16 (first 2Z
     * columns punctured, degree-1 extension columns, dual-diagonal encoder).
     */
    void test_punctured_columns()
    {
        gpufec_test::require_refcodes();
        struct case_t {
            std::string spec;
            double ebn0;
            size_t frames;
            size_t max_frame_errors;
        };
        const case_t cases[] = {
            { "qc:" + gpufec_test::refcodes_dir() + "/binary/AR4JA_4096_8192.qc",
              2.0,
              8,
              1 },
            { "nr5g:bg2:16", 2.5, 100, 10 },
        };
        for (const auto& c : cases) {
            auto code = ldpc_code::make(c.spec);
            CPPUNIT_ASSERT(!code->punctured_columns().empty());
            CPPUNIT_ASSERT_EQUAL(code->n_full(),
                                 code->n() +
                                     static_cast<int>(code->punctured_columns().size()));

            const batch clean = make_batch(*code, 2, std::nan(""), 51);
            for (auto rule : all_rules) {
                for (auto s : all_schedules) {
                    decoder_options o = cpu_options(rule, s);
                    o.max_iterations = 30;
                    const result r = run(*decoder::make(code, o), clean);
                    const std::string what =
                        c.spec + " " + to_string(rule) + " " + to_string(s);
                    CPPUNIT_ASSERT_MESSAGE(what, r.codeword == clean.codeword);
                    CPPUNIT_ASSERT_MESSAGE(what, r.info == clean.info);
                    // the parity check covers the punctured bits too
                    CPPUNIT_ASSERT_MESSAGE(what, r.parity_ok[0] && r.parity_ok[1]);
                }
            }

            const batch noisy = make_batch(*code, c.frames, c.ebn0, 52);
            decoder_options o = cpu_options(check_node_rule::normalized_min_sum,
                                            decoding_schedule::layered);
            o.max_iterations = 30;
            o.threads = 2;
            const result r = run(*decoder::make(code, o), noisy);
            std::cerr << "\n  " << code->name() << " at " << c.ebn0
                      << " dB, layered NMS: FER " << r.frame_errors << "/" << c.frames;
            CPPUNIT_ASSERT(r.frame_errors <= c.max_frame_errors);
        }
        std::cerr << "\n";
    }

    void test_nan_llrs()
    {
        gpufec_test::require_refcodes();
        auto code = ldpc_code::make(binary_code("WIMAX_288_576.alist"));
        const size_t n = code->n();
        batch b = make_batch(*code, 3, std::nan(""), 61);
        const float nan = std::numeric_limits<float>::quiet_NaN();
        // frame 0: a few NaNs; frame 1: all NaN; frame 2: untouched
        for (size_t i : { 0, 17, 100, 333, 575 }) {
            b.llrs[i] = nan;
        }
        for (size_t i = 0; i < n; ++i) {
            b.llrs[n + i] = nan;
        }
        const std::vector<float> input = b.llrs;

        // float: the reference (SPA) or the SIMD decoder (min-sum family); int8 and
        // int16: the SIMD decoder, whose workers map NaN to 0 as they quantize
        std::vector<std::pair<check_node_rule, message_precision>> cases;
        for (auto rule : all_rules) {
            cases.emplace_back(rule, message_precision::float32);
            if (rule != check_node_rule::spa) {
                cases.emplace_back(rule, message_precision::int8);
                cases.emplace_back(rule, message_precision::int16);
            }
        }
        for (const auto& [rule, precision] : cases) {
            for (auto s : all_schedules) {
                decoder_options o = cpu_options(rule, s);
                o.precision = precision;
                auto dec = decoder::make(code, o);
                const result r = run(*dec, b);
                // the caller's buffer is not touched
                CPPUNIT_ASSERT(std::equal(
                    input.begin(), input.end(), b.llrs.begin(), [](float x, float y) {
                        return x == y || (std::isnan(x) && std::isnan(y));
                    }));
                CPPUNIT_ASSERT(std::equal(
                    r.codeword.begin(), r.codeword.begin() + n, b.codeword.begin()));
                CPPUNIT_ASSERT(std::equal(r.codeword.begin() + 2 * n,
                                          r.codeword.end(),
                                          b.codeword.begin() + 2 * n));
                CPPUNIT_ASSERT_EQUAL(1, int(r.parity_ok[0]));

                // the all-NaN frame decodes exactly as an all-zero frame
                batch zeros = b;
                zeros.frames = 1;
                zeros.llrs.assign(n, 0.0f);
                zeros.codeword.assign(b.codeword.begin() + n, b.codeword.begin() + 2 * n);
                zeros.info.assign(code->k(), 0);
                const result z = run(*dec, zeros);
                CPPUNIT_ASSERT(std::equal(
                    z.codeword.begin(), z.codeword.end(), r.codeword.begin() + n));
                CPPUNIT_ASSERT_EQUAL(int(z.parity_ok[0]), int(r.parity_ok[1]));
                CPPUNIT_ASSERT_EQUAL(z.iterations[0], r.iterations[1]);
                // L = 0 everywhere decides all zeros, which satisfies H, but no
                // codeword can be told from no information: the frame is failed
                CPPUNIT_ASSERT_EQUAL(0, int(r.parity_ok[1]));
                CPPUNIT_ASSERT_EQUAL(1, r.iterations[1]);
            }
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_cpu_decoder);
