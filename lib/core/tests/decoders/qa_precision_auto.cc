/*
 * Tests of precision "auto" (decoders/precision_defaults.cc): the name, the
 * choice per backend and rule (the table of docs/VALIDATION.md "precision
 * auto"), decoder::make resolving it for the backend it builds and options()
 * reporting the result, an auto decoder deciding exactly as one made with the
 * chosen precision on noisy frames, the fixed-point options checked against the
 * chosen precision, and the nonbinary decoder's precision (float32 and auto
 * only) and device options. The CUDA side of decoder::make runs where a device
 * works (qa_cuda_decoder checks it on the GPU machine); the rest is CPU only.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "rule_list.h"
#include "test_util.h"
#include <cppunit/TestFixture.h>
#include <cppunit/extensions/HelperMacros.h>
#include <cstdint>
#include <gpufec/channel.h>
#include <gpufec/decoder.h>
#include <gpufec/error.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/nb_code.h>
#include <gpufec/nb_decoder.h>
#include <string>
#include <vector>

using namespace gpufec;

namespace {

const auto& min_sum_rules = gpufec_test::min_sum_rules;
const decoding_schedule all_schedules[] = { decoding_schedule::layered,
                                            decoding_schedule::flooding };

decoder_options auto_options(check_node_rule rule, decoding_schedule schedule)
{
    decoder_options o;
    o.rule = rule;
    o.schedule = schedule;
    o.backend = backend_kind::cpu;
    o.threads = 2;
    o.precision = message_precision::automatic;
    return o;
}

/* Codewords of random information bits over BPSK / AWGN, and their LLRs. */
struct noisy_batch {
    size_t frames = 0;
    std::vector<uint8_t> codewords;
    std::vector<float> llrs;
};

noisy_batch make_batch(const ldpc_code& code, size_t frames, double ebn0, uint64_t seed)
{
    noisy_batch b;
    b.frames = frames;
    const size_t n = code.n();
    b.codewords.resize(frames * n);
    b.llrs.resize(frames * n);
    std::vector<uint8_t> info(code.k());
    awgn_channel ch(modulation::bpsk, ebn0, code.rate(), seed);
    for (size_t f = 0; f < frames; ++f) {
        random_bits(seed, f, info.size(), info.data());
        code.encode(info.data(), b.codewords.data() + f * n);
        ch.transmit(b.codewords.data() + f * n, n, f, b.llrs.data() + f * n);
    }
    return b;
}

struct decoded {
    std::vector<uint8_t> codewords;
    std::vector<int> iterations;
    std::vector<uint8_t> ok;
};

decoded run(decoder& d, const noisy_batch& b)
{
    decoded r;
    r.codewords.resize(b.codewords.size());
    r.iterations.resize(b.frames);
    r.ok.resize(b.frames);
    decode_output out;
    out.codewords = r.codewords.data();
    out.iterations = r.iterations.data();
    out.parity_ok = r.ok.data();
    d.decode(b.llrs.data(), b.llrs.size(), b.frames, out);
    return r;
}

size_t frame_errors(const decoded& r, const noisy_batch& b, size_t n)
{
    size_t errors = 0;
    for (size_t f = 0; f < b.frames; ++f) {
        for (size_t i = 0; i < n; ++i) {
            if (r.codewords[f * n + i] != b.codewords[f * n + i]) {
                errors++;
                break;
            }
        }
    }
    return errors;
}

} // namespace

class qa_precision_auto : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_precision_auto);
    CPPUNIT_TEST(test_names);
    CPPUNIT_TEST(test_choice_per_backend_and_rule);
    CPPUNIT_TEST(test_explicit_precision_kept);
    CPPUNIT_TEST(test_make_resolves_and_reports);
    CPPUNIT_TEST(test_auto_decodes_as_its_choice);
    CPPUNIT_TEST(test_fixed_point_options_checked_for_the_choice);
    CPPUNIT_TEST(test_nonbinary_precision_and_device);
    CPPUNIT_TEST_SUITE_END();

public:
    void test_names()
    {
        CPPUNIT_ASSERT(parse_precision("auto") == message_precision::automatic);
        CPPUNIT_ASSERT(parse_precision("AUTO") == message_precision::automatic);
        CPPUNIT_ASSERT_EQUAL(std::string("auto"),
                             to_string(message_precision::automatic));
        for (auto p : { message_precision::float32,
                        message_precision::half2,
                        message_precision::int16,
                        message_precision::int8,
                        message_precision::automatic }) {
            CPPUNIT_ASSERT(parse_precision(to_string(p)) == p);
        }
        CPPUNIT_ASSERT(parse_precision("float32") == message_precision::float32);
        GPUFEC_ASSERT_THROW_MSG(
            parse_precision("fp8"), gpufec::invalid_argument, "half2, int16, int8, auto");
        // the C++ default stays float32: existing callers keep their meaning
        CPPUNIT_ASSERT(decoder_options().precision == message_precision::float32);
        CPPUNIT_ASSERT(nb_decoder_options().precision == message_precision::float32);
    }

    void test_choice_per_backend_and_rule()
    {
        // docs/VALIDATION.md "precision auto": CPU int8 for NMS and int16 for the
        // other min-sum rules (int8 floors at deep points), GPU half2 for the
        // min-sum family (every code family, both schedules), float32 for SPA
        for (auto s : all_schedules) {
            for (auto r : min_sum_rules) {
                const decoder_options o = auto_options(r, s);
                CPPUNIT_ASSERT(auto_precision(backend_kind::cpu, o) ==
                               (r == check_node_rule::normalized_min_sum
                                    ? message_precision::int8
                                    : message_precision::int16));
                CPPUNIT_ASSERT(auto_precision(backend_kind::cuda, o) ==
                               message_precision::half2);
            }
            const decoder_options spa = auto_options(check_node_rule::spa, s);
            CPPUNIT_ASSERT(auto_precision(backend_kind::cpu, spa) ==
                           message_precision::float32);
            CPPUNIT_ASSERT(auto_precision(backend_kind::cuda, spa) ==
                           message_precision::float32);
        }
        // NMS with an alpha the fixed-point decoders round to 1 is plain min-sum
        decoder_options one =
            auto_options(check_node_rule::normalized_min_sum, decoding_schedule::layered);
        one.alpha = 0.98f;
        CPPUNIT_ASSERT(auto_precision(backend_kind::cpu, one) ==
                       message_precision::int16);
        // a kernel named by the user: its own precision
        decoder_options o =
            auto_options(check_node_rule::normalized_min_sum, decoding_schedule::layered);
        o.gpu.kernel = "general-layered-minsum-f32";
        CPPUNIT_ASSERT(auto_precision(backend_kind::cuda, o) ==
                       message_precision::float32);
        o.gpu.kernel = "layered-qc-large-minsum-half2-gmem";
        CPPUNIT_ASSERT(auto_precision(backend_kind::cuda, o) == message_precision::half2);
        o.gpu.kernel = "";
        CPPUNIT_ASSERT(auto_precision(backend_kind::cuda, o) == message_precision::half2);
        // the backend must be known
        GPUFEC_ASSERT_THROW_MSG(auto_precision(backend_kind::automatic, o),
                                gpufec::invalid_argument,
                                "resolve the backend");
    }

    void test_explicit_precision_kept()
    {
        for (auto p : { message_precision::float32,
                        message_precision::half2,
                        message_precision::int16,
                        message_precision::int8 }) {
            decoder_options o =
                auto_options(check_node_rule::min_sum, decoding_schedule::layered);
            o.precision = p;
            CPPUNIT_ASSERT(resolve_precision(backend_kind::cpu, o) == p);
            CPPUNIT_ASSERT(resolve_precision(backend_kind::cuda, o) == p);
        }
        const decoder_options o =
            auto_options(check_node_rule::offset_min_sum, decoding_schedule::flooding);
        CPPUNIT_ASSERT(resolve_precision(backend_kind::cpu, o) ==
                       message_precision::int16);
        CPPUNIT_ASSERT(resolve_precision(backend_kind::cuda, o) ==
                       message_precision::half2);
    }

    void test_make_resolves_and_reports()
    {
        auto code = ldpc_code::make("wimax:576:1/2");
        for (auto s : all_schedules) {
            for (auto r : min_sum_rules) {
                auto d = decoder::make(code, auto_options(r, s));
                CPPUNIT_ASSERT_EQUAL(std::string("cpu"), d->backend_name());
                CPPUNIT_ASSERT(d->options().precision ==
                               (r == check_node_rule::normalized_min_sum
                                    ? message_precision::int8
                                    : message_precision::int16));
            }
            auto spa = decoder::make(code, auto_options(check_node_rule::spa, s));
            CPPUNIT_ASSERT(spa->options().precision == message_precision::float32);
        }
        // backend auto: whichever backend it builds, the precision is that
        // backend's choice (CPU int8 here, CUDA half2 where a GPU works)
        for (auto r : { check_node_rule::spa, check_node_rule::normalized_min_sum }) {
            decoder_options o = auto_options(r, decoding_schedule::layered);
            o.backend = backend_kind::automatic;
            auto d = decoder::make(code, o);
            CPPUNIT_ASSERT(d->options().precision ==
                           auto_precision(parse_backend(d->backend_name()), o));
            CPPUNIT_ASSERT(d->options().precision != message_precision::automatic);
        }
        // the other options pass through unchanged
        decoder_options o =
            auto_options(check_node_rule::normalized_min_sum, decoding_schedule::layered);
        o.alpha = 0.75f;
        o.max_iterations = 7;
        auto d = decoder::make(code, o);
        CPPUNIT_ASSERT_EQUAL(0.75f, d->options().alpha);
        CPPUNIT_ASSERT_EQUAL(7, d->options().max_iterations);
    }

    void test_auto_decodes_as_its_choice()
    {
        // noisy frames: the auto decoder decides bit for bit as one made with the
        // precision it chose, and its FER is float's within the FER matrix's rule
        auto code = ldpc_code::make("wimax:576:1/2");
        const uint64_t seed = gpufec_test::test_seed();
        const noisy_batch b = make_batch(*code, 400, 2.25, seed);
        const size_t n = code->n();
        for (auto s : all_schedules) {
            for (auto r : { check_node_rule::normalized_min_sum,
                            check_node_rule::min_sum,
                            check_node_rule::spa }) {
                const decoder_options o = auto_options(r, s);
                decoder_options chosen = o;
                chosen.precision = auto_precision(backend_kind::cpu, o);
                decoder_options fl = o;
                fl.precision = message_precision::float32;
                auto da = decoder::make(code, o);
                auto dc = decoder::make(code, chosen);
                auto df = decoder::make(code, fl);
                const decoded ra = run(*da, b);
                const decoded rc = run(*dc, b);
                const decoded rf = run(*df, b);
                CPPUNIT_ASSERT(ra.codewords == rc.codewords);
                CPPUNIT_ASSERT(ra.iterations == rc.iterations);
                CPPUNIT_ASSERT(ra.ok == rc.ok);
                const size_t ea = frame_errors(ra, b, n);
                const size_t ef = frame_errors(rf, b, n);
                // a loose bound (the FER matrix tests 0.1 dB; here 400 frames)
                CPPUNIT_ASSERT_MESSAGE(to_string(r) + " " + to_string(s) + ": auto " +
                                           std::to_string(ea) + " frame errors, float " +
                                           std::to_string(ef),
                                       ea <= 2 * ef + 6);
            }
        }
    }

    void test_fixed_point_options_checked_for_the_choice()
    {
        auto code = ldpc_code::make("wimax:576:1/2");
        decoder_options o =
            auto_options(check_node_rule::normalized_min_sum, decoding_schedule::layered);
        o.fixed.channel_max = 200; // int16's range, not int8's
        o.validate();              // auto: checked against int16's range first
        GPUFEC_ASSERT_THROW_MSG(decoder::make(code, o),
                                gpufec::invalid_argument,
                                "precision auto is int8 on backend cpu");
        // SPA: auto is float32, which ignores the fixed-point options
        o.rule = check_node_rule::spa;
        CPPUNIT_ASSERT(decoder::make(code, o)->options().precision ==
                       message_precision::float32);
        // accepted values reach the chosen precision
        o.rule = check_node_rule::normalized_min_sum;
        o.fixed.channel_max = 100;
        o.fixed.fraction_bits = 3;
        auto d = decoder::make(code, o);
        CPPUNIT_ASSERT(d->options().precision == message_precision::int8);
        CPPUNIT_ASSERT_EQUAL(3, d->options().fixed.fraction_bits);
        CPPUNIT_ASSERT_EQUAL(100, d->options().fixed.channel_max);
        o.fixed.channel_max = 40000; // beyond every type
        GPUFEC_ASSERT_THROW_MSG(o.validate(), gpufec::invalid_argument, "channel_max");
    }

    void test_nonbinary_precision_and_device()
    {
        auto code = nb_code::make("nbqc:16:2:8");
        nb_decoder_options o;
        o.backend = backend_kind::cpu;
        o.threads = 2;
        o.precision = message_precision::automatic;
        o.validate();
        auto d = nb_decoder::make(code, o);
        CPPUNIT_ASSERT(d->options().precision == message_precision::float32);
        o.precision = message_precision::float32;
        CPPUNIT_ASSERT(nb_decoder::make(code, o)->options().precision ==
                       message_precision::float32);
        for (auto p : { message_precision::half2,
                        message_precision::int16,
                        message_precision::int8 }) {
            o.precision = p;
            GPUFEC_ASSERT_THROW_MSG(o.validate(),
                                    gpufec::invalid_argument,
                                    "nb_decoder_options.precision is " + to_string(p) +
                                        "; the nonbinary (GF(q)) decoders compute in "
                                        "float32 only");
            GPUFEC_ASSERT_THROW_MSG(
                nb_decoder::make(code, o), gpufec::invalid_argument, "float32 only");
        }
        o.precision = message_precision::automatic;
        o.gpu.device = -1;
        GPUFEC_ASSERT_THROW_MSG(
            nb_decoder::make(code, o), gpufec::invalid_argument, "gpu.device = -1");
        // backend cpu does not look at the device
        o.gpu.device = 3;
        CPPUNIT_ASSERT_EQUAL(3, nb_decoder::make(code, o)->options().gpu.device);
        // backend cuda: a device that does not exist (or no CUDA here) is unavailable
        o.gpu.device = 4096;
        o.backend = backend_kind::cuda;
        CPPUNIT_ASSERT_THROW(nb_decoder::make(code, o), gpufec::backend_unavailable);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_precision_auto);
