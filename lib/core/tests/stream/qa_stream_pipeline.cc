/*
 * The stream pipeline (stream_pipeline.h) on fresh random noisy frames: the
 * asynchronous path gives, frame for frame, what a direct decode gives; an
 * injected decoder failure (fault_injection.h) makes a CPU decoder take over,
 * with no frame lost, repeated or reordered and the output still equal to the
 * direct decode, logged once as an error event; with recovery off, or with the
 * CPU decoder failing too, the error propagates; the synchronous decode()
 * recovers the same way; the sign check warns once on negated input and never on
 * the right sign or on noise; the frames in flight are resolved (auto) and
 * bounded by the option, the bound on values and the caller's buffer.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stream/fault_injection.h"
#include "test_util.h"
#include <algorithm>
#include <cppunit/extensions/HelperMacros.h>
#include <gpufec/decoder.h>
#include <gpufec/error.h>
#include <gpufec/host_resources.h>
#include <gpufec/stream_pipeline.h>
#include <random>
#include <stdexcept>
#include <vector>

using namespace gpufec;

namespace {

decoder_options cpu_options(int threads = 0)
{
    decoder_options o;
    o.backend = backend_kind::cpu;
    o.precision = message_precision::float32;
    o.threads = threads;
    return o;
}

/*!
 * Fresh noisy frames: random codewords over BPSK/AWGN of noise sigma (at 0.75 most
 * decode, some fail).
 */
std::vector<float>
noisy_frames(const ldpc_code& code, size_t frames, uint64_t seed, float sigma = 0.75f)
{
    std::mt19937_64 rng(gpufec_test::test_seed(seed));
    std::bernoulli_distribution bit(0.5);
    std::normal_distribution<float> noise(0.0f, sigma);
    const size_t n = code.n(), k = code.k();
    std::vector<uint8_t> info(k), cw(n);
    std::vector<float> llrs(frames * n);
    for (size_t f = 0; f < frames; f++) {
        for (auto& b : info)
            b = bit(rng);
        code.encode(info.data(), cw.data());
        for (size_t i = 0; i < n; i++)
            llrs[f * n + i] =
                2.0f * ((cw[i] ? -1.0f : 1.0f) + noise(rng)) / (sigma * sigma);
    }
    return llrs;
}

struct result {
    std::vector<uint8_t> bits;
    std::vector<int> iterations;
    std::vector<uint8_t> parity_ok;
};

/*! What one direct decoder call gives. */
result direct(const ldpc_code::sptr& code, const std::vector<float>& llrs)
{
    decoder_options o = cpu_options();
    auto d = decoder::make(code, o);
    const size_t frames = llrs.size() / code->n();
    result r;
    r.bits.resize(frames * code->k());
    r.iterations.resize(frames);
    r.parity_ok.resize(frames);
    decode_output out;
    out.info_bits = r.bits.data();
    out.iterations = r.iterations.data();
    out.parity_ok = r.parity_ok.data();
    d->decode(llrs.data(), llrs.size(), frames, out);
    return r;
}

/*! The asynchronous path as a stream block drives it, in calls of `chunk` frames. */
result streamed(stream_pipeline& p, const std::vector<float>& llrs, size_t buffer)
{
    const size_t n = p.input_frame_values(), k = p.output_frame_bits();
    const size_t frames = llrs.size() / n;
    result r;
    p.start(buffer);
    size_t consumed = 0; // frames written out (their input consumed)
    while (r.iterations.size() < frames) {
        const size_t available = std::min(buffer, frames - consumed);
        const size_t first = p.in_flight();
        if (available > first)
            p.submit_ready(&llrs[(consumed + first) * n], available - first, false);
        const stream_output o = p.next_output(frames, true);
        CPPUNIT_ASSERT(o.frames > 0);
        r.bits.insert(r.bits.end(), o.bits, o.bits + o.frames * k);
        r.iterations.insert(r.iterations.end(), o.iterations, o.iterations + o.frames);
        r.parity_ok.insert(r.parity_ok.end(), o.parity_ok, o.parity_ok + o.frames);
        consumed += o.frames;
    }
    CPPUNIT_ASSERT_EQUAL(size_t(0), p.in_flight());
    p.stop();
    return r;
}

void assert_same(const result& a, const result& b)
{
    CPPUNIT_ASSERT(a.bits == b.bits);
    CPPUNIT_ASSERT(a.iterations == b.iterations);
    CPPUNIT_ASSERT(a.parity_ok == b.parity_ok);
}

size_t count_events(const std::vector<stream_event>& events,
                    stream_event::level level,
                    const std::string& text)
{
    size_t c = 0;
    for (const auto& e : events)
        if (e.severity == level && e.text.find(text) != std::string::npos)
            c++;
    return c;
}

} // namespace

class qa_stream_pipeline : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_stream_pipeline);
    CPPUNIT_TEST(test_stream_equals_direct);
    CPPUNIT_TEST(test_recovery);
    CPPUNIT_TEST(test_recovery_off_and_second_failure);
    CPPUNIT_TEST(test_sync_decode_recovers);
    CPPUNIT_TEST(test_sign_check);
    CPPUNIT_TEST(test_alignment_check);
    CPPUNIT_TEST(test_in_flight_sizing);
    CPPUNIT_TEST_SUITE_END();

    ldpc_code::sptr code = ldpc_code::make("wimax:576:1/2");

public:
    void test_stream_equals_direct()
    {
        const auto llrs = noisy_frames(*code, 300, 1);
        const result ref = direct(code, llrs);
        size_t failing = 0;
        for (auto ok : ref.parity_ok)
            failing += ok ? 0 : 1;
        CPPUNIT_ASSERT(failing < 300); // a noisy channel, mostly decodable
        for (int in_flight : { 1, 0, 64 }) {
            for (int threads : { 1, 3 }) {
                stream_options s;
                s.frames_per_call = 16;
                s.frames_in_flight = in_flight;
                stream_pipeline p(code_handle(code), cpu_options(threads), s);
                assert_same(streamed(p, llrs, 200), ref);
                CPPUNIT_ASSERT_EQUAL(uint64_t(300), p.frames_decoded());
                CPPUNIT_ASSERT_EQUAL(uint64_t(failing), p.frames_failed());
            }
        }
        // scaled soft-bit input (positive means 1)
        std::vector<float> soft(llrs.size());
        for (size_t i = 0; i < llrs.size(); i++)
            soft[i] = -llrs[i] / 4.0f;
        stream_options s;
        s.frames_per_call = 16;
        s.sign = llr_sign::positive_is_1;
        s.llr_scale = 4.0f;
        stream_pipeline p(code_handle(code), cpu_options(), s);
        assert_same(streamed(p, soft, 200), ref);
    }

    void test_recovery()
    {
        const auto llrs = noisy_frames(*code, 300, 2);
        const result ref = direct(code, llrs);
        for (int threads : { 1, 2 }) {
            stream_options s;
            s.frames_per_call = 16;
            s.frames_in_flight = 64;
            stream_pipeline p(code_handle(code), cpu_options(threads), s);
            p.set_max_iterations(p.max_iterations()); // carried over to the fallback
            testing::inject_decode_failure_after(3);
            assert_same(streamed(p, llrs, 200), ref);
            CPPUNIT_ASSERT_EQUAL(uint64_t(1), p.recoveries());
            CPPUNIT_ASSERT_EQUAL(std::string("cpu"), p.backend_name());
            const auto events = p.take_events();
            CPPUNIT_ASSERT_EQUAL(size_t(1),
                                 count_events(events,
                                              stream_event::level::error,
                                              "the rest of the stream are decoded on "
                                              "the CPU (precision float32)"));
            CPPUNIT_ASSERT_EQUAL(size_t(1),
                                 count_events(events,
                                              stream_event::level::error,
                                              "inject_decode_failure_after"));
        }
    }

    void test_recovery_off_and_second_failure()
    {
        const auto llrs = noisy_frames(*code, 100, 3);
        for (bool recovery : { false, true }) {
            stream_options s;
            s.frames_per_call = 10;
            s.frames_in_flight = 40;
            s.recovery = recovery;
            stream_pipeline p(code_handle(code), cpu_options(1), s);
            testing::inject_decode_failure_after(1, recovery ? 2 : 1);
            p.start(100);
            p.submit_ready(llrs.data(), 40, false);
            bool thrown = false;
            try {
                for (int i = 0; i < 4; i++)
                    p.next_output(10, true);
            } catch (const std::runtime_error& e) {
                thrown = std::string(e.what()).find("inject_decode_failure_after") !=
                         std::string::npos;
            }
            CPPUNIT_ASSERT(thrown);
            CPPUNIT_ASSERT_EQUAL(uint64_t(recovery ? 1 : 0), p.recoveries());
            p.stop();
        }
    }

    void test_sync_decode_recovers()
    {
        // a PDU's path: decode() with recovery, output equal to the direct decode
        const auto llrs = noisy_frames(*code, 30, 4);
        const result ref = direct(code, llrs);
        stream_options s;
        s.frames_per_call = 1;
        s.frames_in_flight = 1;
        s.sign_check = false;
        stream_pipeline p(code_handle(code), cpu_options(), s);
        CPPUNIT_ASSERT(p.synchronous());
        CPPUNIT_ASSERT_EQUAL(size_t(1), p.decoder_threads());
        testing::inject_decode_failure_after(0);
        result r;
        r.bits.resize(30 * code->k());
        r.iterations.resize(30);
        r.parity_ok.resize(30);
        p.decode(llrs.data(), 30, r.bits.data(), r.iterations.data(), r.parity_ok.data());
        assert_same(r, ref);
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), p.recoveries());
        CPPUNIT_ASSERT_EQUAL(size_t(1),
                             count_events(p.take_events(),
                                          stream_event::level::error,
                                          "decoded on the CPU"));
        // the asynchronous path cannot run at the same time
        p.start(4);
        GPUFEC_ASSERT_THROW_MSG(
            p.decode(
                llrs.data(), 1, r.bits.data(), r.iterations.data(), r.parity_ok.data()),
            invalid_argument,
            "asynchronous");
    }

    void test_alignment_check()
    {
        const auto llrs = noisy_frames(*code, 160, 7, 0.4f);
        std::vector<float> negated(llrs.size());
        for (size_t i = 0; i < llrs.size(); i++)
            negated[i] = -llrs[i];
        const std::string shifted = "appear to start";
        // delay > 0: that many values (no information) put in front of the stream;
        // < 0: as many dropped from its start (as channels.channel_model does)
        for (const int delay : { 0, 3, 17, -3 }) {
            for (const bool on : { true, false }) {
                std::vector<float> delayed(llrs.size(), 0.0f);
                if (delay >= 0)
                    std::copy(llrs.begin(), llrs.end() - delay, delayed.begin() + delay);
                else
                    std::copy(llrs.begin() - delay, llrs.end(), delayed.begin());
                stream_options s;
                s.frames_per_call = 8;
                s.frames_in_flight = 32;
                s.check_alignment = on;
                stream_pipeline p(code_handle(code), cpu_options(1), s);
                streamed(p, delayed, 64);
                const auto events = p.take_events();
                const size_t warns = on && delay != 0 ? 1 : 0;
                CPPUNIT_ASSERT_EQUAL(
                    warns, count_events(events, stream_event::level::warning, shifted));
                const std::string where =
                    delay > 0 ? "start " + std::to_string(delay) + " values later"
                              : "start " + std::to_string(-delay) + " values earlier";
                const long drop =
                    delay > 0 ? delay : static_cast<long>(code->n()) + delay;
                CPPUNIT_ASSERT_EQUAL(
                    warns, count_events(events, stream_event::level::warning, where));
                CPPUNIT_ASSERT_EQUAL(warns,
                                     count_events(events,
                                                  stream_event::level::warning,
                                                  "drop " + std::to_string(drop) +
                                                      " values before the decoder"));
                CPPUNIT_ASSERT_EQUAL(size_t(0),
                                     count_events(events,
                                                  stream_event::level::warning,
                                                  "opposite sign convention"));
            }
        }
        // the opposite sign convention is not taken for a shift
        stream_options s;
        s.frames_per_call = 8;
        s.frames_in_flight = 32;
        stream_pipeline p(code_handle(code), cpu_options(1), s);
        streamed(p, negated, 64);
        CPPUNIT_ASSERT_EQUAL(
            size_t(0),
            count_events(p.take_events(), stream_event::level::warning, shifted));
        // nor is pure noise (the sign test's noise-only case stays quiet too)
        std::mt19937_64 rng(gpufec_test::test_seed(8));
        std::normal_distribution<float> noise(0.0f, 1.0f);
        std::vector<float> pure(llrs.size());
        for (auto& v : pure)
            v = noise(rng);
        stream_pipeline q(code_handle(code), cpu_options(1), s);
        streamed(q, pure, 64);
        CPPUNIT_ASSERT_EQUAL(
            size_t(0),
            count_events(q.take_events(), stream_event::level::warning, shifted));
    }

    void test_sign_check()
    {
        const auto llrs = noisy_frames(*code, 160, 5);
        std::vector<float> negated(llrs.size());
        for (size_t i = 0; i < llrs.size(); i++)
            negated[i] = -llrs[i];
        std::mt19937_64 rng(gpufec_test::test_seed(6));
        std::normal_distribution<float> noise(0.0f, 1.0f);
        std::vector<float> pure(llrs.size());
        for (auto& v : pure)
            v = noise(rng);
        struct case_ {
            const std::vector<float>* input;
            bool warns;
        };
        for (const case_& c :
             { case_{ &llrs, false }, case_{ &negated, true }, case_{ &pure, false } }) {
            stream_options s;
            s.frames_per_call = 8;
            s.frames_in_flight = 32;
            stream_pipeline p(code_handle(code), cpu_options(1), s);
            streamed(p, *c.input, 64);
            CPPUNIT_ASSERT_EQUAL(c.warns, p.sign_warning_issued());
            const auto events = p.take_events();
            CPPUNIT_ASSERT_EQUAL(size_t(c.warns ? 1 : 0),
                                 count_events(events,
                                              stream_event::level::warning,
                                              "opposite sign convention"));
            if (c.warns)
                CPPUNIT_ASSERT_EQUAL(size_t(1),
                                     count_events(events,
                                                  stream_event::level::warning,
                                                  "set sign=\"positive_is_1\""));
        }
        // off: no warning
        stream_options s;
        s.frames_per_call = 8;
        s.sign_check = false;
        stream_pipeline p(code_handle(code), cpu_options(1), s);
        streamed(p, negated, 64);
        CPPUNIT_ASSERT(!p.sign_warning_issued());
    }

    void test_in_flight_sizing()
    {
        const int n = code->n();
        const int cores = resolve_threads(0, "cores");
        {
            stream_options s;
            s.frames_per_call = 16;
            stream_pipeline p(code_handle(code), cpu_options(), s);
            // auto on the CPU: 8 batches per decoder thread, one decoder per thread
            CPPUNIT_ASSERT_EQUAL(8 * cores * 16, p.frames_in_flight());
            CPPUNIT_ASSERT_EQUAL(size_t(cores), p.decoder_threads());
            CPPUNIT_ASSERT(!p.synchronous());
            // capped by the caller's buffer, less one batch; said as an info event
            p.start(100);
            CPPUNIT_ASSERT_EQUAL(size_t(1),
                                 count_events(p.take_events(),
                                              stream_event::level::info,
                                              "the input buffer holds 100 frames, so at "
                                              "most 84 of the"));
            p.stop();
        }
        {
            stream_options s;
            s.frames_per_call = 16;
            s.frames_in_flight = 40;
            stream_pipeline p(code_handle(code), cpu_options(2), s);
            CPPUNIT_ASSERT_EQUAL(40, p.frames_in_flight());
            CPPUNIT_ASSERT_EQUAL(size_t(2),
                                 p.decoder_threads()); // min(threads, 3 batches)
            // never more in flight than the cap
            const auto llrs = noisy_frames(*code, 64, 7);
            p.start(1000);
            // two whole batches; the 8 frames left of the cap wait for a whole batch
            CPPUNIT_ASSERT_EQUAL(size_t(32), p.submit_ready(llrs.data(), 64, false));
            CPPUNIT_ASSERT_EQUAL(size_t(32), p.in_flight());
            CPPUNIT_ASSERT_EQUAL(size_t(0), p.submit_ready(llrs.data(), 24, false));
            p.stop();
        }
        {
            stream_options s;
            s.frames_per_call = 16;
            s.frames_in_flight = 8; // <= frames_per_call: synchronous, one decoder
            stream_pipeline p(code_handle(code), cpu_options(4), s);
            CPPUNIT_ASSERT(p.synchronous());
            CPPUNIT_ASSERT_EQUAL(size_t(1), p.decoder_threads());
        }
        {
            // the bound on values in flight: auto stays within it, more is refused
            stream_options s;
            s.frames_per_call = 4;
            s.max_values_in_flight = 10LL * n;
            s.who = "qa";
            stream_pipeline p(code_handle(code), cpu_options(1), s);
            CPPUNIT_ASSERT_EQUAL(10, p.frames_in_flight());
            s.frames_in_flight = 11;
            GPUFEC_ASSERT_THROW_MSG(stream_pipeline(code_handle(code), cpu_options(1), s),
                                    invalid_argument,
                                    "qa: frames_in_flight is 11; it must be 0 (auto) or "
                                    "1 .. 10");
            s.frames_in_flight = 0;
            s.frames_per_call = 11;
            GPUFEC_ASSERT_THROW_MSG(stream_pipeline(code_handle(code), cpu_options(1), s),
                                    invalid_argument,
                                    "frames_per_call");
            s.frames_per_call = 0;
            GPUFEC_ASSERT_THROW_MSG(stream_pipeline(code_handle(code), cpu_options(1), s),
                                    invalid_argument,
                                    "frames_per_call");
            s.frames_per_call = 1;
            s.llr_scale = 0.0f;
            GPUFEC_ASSERT_THROW_MSG(stream_pipeline(code_handle(code), cpu_options(1), s),
                                    invalid_argument,
                                    "llr_scale");
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_stream_pipeline);
