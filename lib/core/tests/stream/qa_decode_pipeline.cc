/*
 * The pipeline of batches in flight (decode_pipeline.h): with a real CPU decoder
 * on fresh noisy frames, batches of varying size come back in order with exactly
 * what a direct decode gives; at most `depth` batches are in flight (a further
 * submit waits); a decoder that fails in the middle of a stream is replaced by
 * the recover function and no frame is lost, repeated or reordered; without one
 * the failed batch's take() rethrows and later submits fail; the destructor
 * waits for the batches in flight; submit_with() decodes what its fill function
 * writes, and a fill that throws queues nothing; with several workers (one
 * decoder each) batches decode at the same time and still come out in order,
 * and a failed batch stops the stream at that batch; bad arguments are refused.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test_util.h"
#include <atomic>
#include <chrono>
#include <cppunit/extensions/HelperMacros.h>
#include <cstring>
#include <gpufec/channel.h>
#include <gpufec/decode_pipeline.h>
#include <gpufec/decoder.h>
#include <gpufec/error.h>
#include <gpufec/host_resources.h>
#include <random>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace gpufec;

namespace {

struct fixture {
    ldpc_code::sptr code = ldpc_code::make("wimax:576:1/2");
    decoder::uptr dec; //!< the pipeline's
    decoder::uptr ref; //!< the direct decode's (a decoder is not shared between threads)
    std::vector<float> llrs; // frames * n
    size_t frames;

    explicit fixture(size_t f) : frames(f)
    {
        decoder_options o;
        o.backend = backend_kind::cpu;
        dec = decoder::make(code, o);
        ref = decoder::make(code, o);
        std::mt19937_64 rng(gpufec_test::test_seed());
        std::normal_distribution<float> noise(0.0f, 0.8f);
        std::bernoulli_distribution bit(0.5);
        const size_t n = static_cast<size_t>(code->n());
        llrs.resize(frames * n);
        for (auto& l : llrs) // random signs and noise: some frames fail, most decode
            l = (bit(rng) ? 2.5f : -2.5f) + noise(rng);
    }

    decode_pipeline::decode_fn fn() { return fn_of(*dec); }

    /*! A decode function on decoder d (one per worker thread). */
    decode_pipeline::decode_fn fn_of(decoder& d)
    {
        return
            [this, &d](const uint8_t* in, size_t f, uint8_t* bits, int* it, uint8_t* ok) {
                decode_output out;
                out.info_bits = bits;
                out.iterations = it;
                out.parity_ok = ok;
                d.decode(reinterpret_cast<const float*>(in),
                         f * static_cast<size_t>(code->n()),
                         f,
                         out);
            };
    }

    /*! The direct decode of frames [first, first + f). */
    void
    expected(size_t first, size_t f, std::vector<uint8_t>& bits, std::vector<int>& it)
    {
        const size_t n = static_cast<size_t>(code->n()),
                     k = static_cast<size_t>(code->k());
        bits.assign(f * k, 0);
        it.assign(f, 0);
        decode_output out;
        out.info_bits = bits.data();
        out.iterations = it.data();
        ref->decode(llrs.data() + first * n, f * n, f, out);
    }
};

} // namespace

class qa_decode_pipeline : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_decode_pipeline);
    CPPUNIT_TEST(test_order_and_results);
    CPPUNIT_TEST(test_depth_bound);
    CPPUNIT_TEST(test_recover_mid_stream);
    CPPUNIT_TEST(test_error_without_recover);
    CPPUNIT_TEST(test_destructor_waits);
    CPPUNIT_TEST(test_submit_with);
    CPPUNIT_TEST(test_several_workers);
    CPPUNIT_TEST(test_workers_overlap);
    CPPUNIT_TEST(test_several_workers_error);
    CPPUNIT_TEST(test_several_workers_recover);
    CPPUNIT_TEST(test_bad_arguments);
    CPPUNIT_TEST_SUITE_END();

    /*! Submits batches of 1..7 frames over the fixture's frames, takes them as it
     * goes (and the rest at the end), checks each against the direct decode. */
    /*! view: submit_view (the fixture's LLRs read in place) instead of submit. */
    static void run_stream(fixture& fx,
                           decode_pipeline& p,
                           size_t* recovered = nullptr,
                           bool view = false)
    {
        const size_t n = static_cast<size_t>(fx.code->n());
        const size_t k = static_cast<size_t>(fx.code->k());
        std::vector<size_t> first_of; // batch -> first frame
        size_t next = 0, taken = 0;
        uint64_t expect_seq = 0;
        auto check = [&](const pipeline_batch& b) {
            CPPUNIT_ASSERT_EQUAL(expect_seq, b.sequence);
            ++expect_seq;
            std::vector<uint8_t> bits;
            std::vector<int> it;
            fx.expected(first_of[b.sequence], b.frames, bits, it);
            CPPUNIT_ASSERT(b.output.size() == b.frames * k);
            CPPUNIT_ASSERT(std::memcmp(bits.data(), b.output.data(), bits.size()) == 0);
            CPPUNIT_ASSERT(it == b.iterations);
            taken += b.frames;
        };
        pipeline_batch b;
        for (size_t i = 0; next < fx.frames; ++i) {
            const size_t f = std::min<size_t>(1 + i % 7, fx.frames - next);
            if (p.in_flight() == p.depth()) { // the caller frees a place first
                CPPUNIT_ASSERT(p.take(b, true));
                check(b);
            }
            first_of.push_back(next);
            const float* src = fx.llrs.data() + next * n;
            CPPUNIT_ASSERT_EQUAL(static_cast<uint64_t>(i),
                                 view ? p.submit_view(src, f) : p.submit(src, f));
            next += f;
            CPPUNIT_ASSERT(p.in_flight() <= p.depth());
            while (p.take(b, false))
                check(b);
        }
        while (p.take(b, true))
            check(b);
        CPPUNIT_ASSERT_EQUAL(fx.frames, taken);
        CPPUNIT_ASSERT_EQUAL(size_t(0), p.in_flight());
        if (recovered)
            *recovered = p.recoveries();
    }

public:
    void test_order_and_results()
    {
        for (const bool view : { false, true }) {
            for (size_t depth : { 1, 2, 4 }) {
                fixture fx(200);
                decode_pipeline p(fx.fn(),
                                  fx.code->n() * sizeof(float),
                                  static_cast<size_t>(fx.code->k()),
                                  depth);
                run_stream(fx, p, nullptr, view);
            }
        }
    }

    void test_depth_bound()
    {
        std::atomic<bool> open{ false };
        std::atomic<int> started{ 0 };
        auto gated = [&](const uint8_t*, size_t, uint8_t*, int*, uint8_t*) {
            ++started;
            while (!open)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
        };
        decode_pipeline p(gated, 4, 1, 2);
        const float x = 1.0f;
        p.submit(&x, 1);
        p.submit(&x, 1);
        std::atomic<bool> third_in{ false };
        std::thread t([&] {
            p.submit(&x, 1);
            third_in = true;
        });
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        CPPUNIT_ASSERT(!third_in); // two in flight: the third waits
        CPPUNIT_ASSERT_EQUAL(size_t(2), p.in_flight());
        open = true;
        pipeline_batch b;
        CPPUNIT_ASSERT(p.take(b, true)); // frees a place
        t.join();
        CPPUNIT_ASSERT(third_in);
        while (p.take(b, true)) {
        }
        CPPUNIT_ASSERT_EQUAL(3, started.load());
    }

    void test_recover_mid_stream()
    {
        fixture fx(300);
        std::atomic<int> calls{ 0 };
        auto failing = fx.fn();
        // a "GPU" that fails at its fourth call and every call after
        auto gpu = [&](const uint8_t* in, size_t f, uint8_t* bits, int* it, uint8_t* ok) {
            if (++calls >= 4)
                throw std::runtime_error("simulated device failure");
            failing(in, f, bits, it, ok);
        };
        std::string why;
        auto recover = [&](const std::exception_ptr& e, size_t worker) {
            CPPUNIT_ASSERT_EQUAL(size_t(0), worker);
            try {
                std::rethrow_exception(e);
            } catch (const std::exception& x) {
                why = x.what();
            }
            return fx.fn();
        };
        decode_pipeline p(gpu,
                          fx.code->n() * sizeof(float),
                          static_cast<size_t>(fx.code->k()),
                          3,
                          recover);
        size_t recovered = 0;
        // in place: the replacement decodes the failed batch from the same view
        run_stream(fx, p, &recovered, true);
        CPPUNIT_ASSERT_EQUAL(size_t(1), recovered);
        CPPUNIT_ASSERT_EQUAL(std::string("simulated device failure"), why);
        CPPUNIT_ASSERT_EQUAL(4, calls.load()); // the failed device was not called again
    }

    void test_error_without_recover()
    {
        std::atomic<int> calls{ 0 };
        auto flaky = [&](const uint8_t*, size_t f, uint8_t* bits, int* it, uint8_t* ok) {
            if (++calls == 2)
                throw std::runtime_error("broken");
            for (size_t i = 0; i < f; ++i) {
                bits[i] = 1;
                it[i] = 3;
                ok[i] = 1;
            }
        };
        decode_pipeline p(flaky, 4, 1, 4);
        const float x[2] = { 1.0f, 2.0f };
        p.submit(x, 1);
        p.submit(x, 2);
        pipeline_batch b;
        CPPUNIT_ASSERT(p.take(b, true));
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), b.sequence);
        CPPUNIT_ASSERT_EQUAL(3, b.iterations[0]);
        CPPUNIT_ASSERT_THROW(p.take(b, true), std::runtime_error);
        CPPUNIT_ASSERT_THROW(p.submit(x, 1), std::runtime_error);
    }

    void test_destructor_waits()
    {
        std::atomic<int> done{ 0 };
        {
            auto slow = [&](const uint8_t*, size_t, uint8_t*, int*, uint8_t*) {
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
                ++done;
            };
            decode_pipeline p(slow, 4, 1, 8);
            const float x = 0.0f;
            for (int i = 0; i < 5; ++i)
                p.submit(&x, 1);
        }
        CPPUNIT_ASSERT_EQUAL(5, done.load());
    }

    void test_submit_with()
    {
        // the fill writes each batch's LLRs scaled by 2 (a power of two: float32
        // min-sum gives the same decisions); a fill that throws queues nothing
        fixture fx(60);
        const size_t n = static_cast<size_t>(fx.code->n());
        const size_t k = static_cast<size_t>(fx.code->k());
        decode_pipeline p(fx.fn(), n * sizeof(float), k, 3);
        pipeline_batch b;
        std::vector<size_t> first_of;
        size_t next = 0, taken = 0;
        auto check = [&](const pipeline_batch& got) {
            std::vector<uint8_t> bits;
            std::vector<int> it;
            fx.expected(first_of[got.sequence], got.frames, bits, it);
            CPPUNIT_ASSERT(std::memcmp(bits.data(), got.output.data(), bits.size()) == 0);
            CPPUNIT_ASSERT(it == got.iterations);
            taken += got.frames;
        };
        for (size_t i = 0; next < fx.frames; ++i) {
            const size_t f = std::min<size_t>(7, fx.frames - next);
            if (p.in_flight() == p.depth()) {
                CPPUNIT_ASSERT(p.take(b, true));
                check(b);
            }
            if (i == 2) { // a failing fill: no batch, no sequence number
                const size_t before = p.in_flight();
                CPPUNIT_ASSERT_THROW(
                    p.submit_with(f, [](uint8_t*) { throw std::runtime_error("fill"); }),
                    std::runtime_error);
                CPPUNIT_ASSERT_EQUAL(before, p.in_flight());
            }
            first_of.push_back(next);
            const float* src = fx.llrs.data() + next * n;
            const uint64_t seq = p.submit_with(f, [src, f, n](uint8_t* dst) {
                float* out = reinterpret_cast<float*>(dst);
                for (size_t j = 0; j < f * n; ++j)
                    out[j] = 2.0f * src[j];
            });
            CPPUNIT_ASSERT_EQUAL(static_cast<uint64_t>(first_of.size() - 1), seq);
            next += f;
        }
        while (p.take(b, true))
            check(b);
        CPPUNIT_ASSERT_EQUAL(fx.frames, taken);
        CPPUNIT_ASSERT_THROW(p.submit_with(1, decode_pipeline::fill_fn()),
                             invalid_argument);
        CPPUNIT_ASSERT_THROW(p.submit_with(0, [](uint8_t*) {}), invalid_argument);
    }

    void test_several_workers()
    {
        for (const bool view : { false, true }) {
            for (size_t workers : { 2, 3 }) {
                fixture fx(300);
                std::vector<decoder::uptr> decs;
                std::vector<decode_pipeline::decode_fn> fns;
                for (size_t w = 0; w < workers; ++w) {
                    decoder_options o;
                    o.backend = backend_kind::cpu;
                    o.threads = 1;
                    decs.push_back(decoder::make(fx.code, o));
                    fns.push_back(fx.fn_of(*decs.back()));
                }
                decode_pipeline p(fns,
                                  fx.code->n() * sizeof(float),
                                  static_cast<size_t>(fx.code->k()),
                                  5);
                CPPUNIT_ASSERT_EQUAL(workers, p.workers());
                run_stream(fx, p, nullptr, view);
            }
        }
    }

    void test_workers_overlap()
    {
        // two workers take two batches at once; a batch that finishes first waits
        // for the one before it
        std::atomic<bool> open_first{ false };
        std::atomic<int> started{ 0 };
        auto gated = [&](const uint8_t* in, size_t, uint8_t* bits, int*, uint8_t*) {
            ++started;
            const float v = *reinterpret_cast<const float*>(in);
            while (v == 0.0f && !open_first)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            bits[0] = static_cast<uint8_t>(v);
        };
        decode_pipeline p({ gated, gated }, 4, 1, 4);
        const float x[2] = { 0.0f, 7.0f };
        p.submit(&x[0], 1);
        p.submit(&x[1], 1);
        for (int i = 0; i < 2000 && started < 2; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        CPPUNIT_ASSERT_EQUAL(2, started.load()); // both decode at once
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        pipeline_batch b;
        CPPUNIT_ASSERT(!p.take(b, false)); // the second is done, the first is not
        open_first = true;
        CPPUNIT_ASSERT(p.take(b, true));
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), b.sequence);
        CPPUNIT_ASSERT_EQUAL(uint8_t(0), b.output[0]);
        CPPUNIT_ASSERT(p.take(b, true));
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), b.sequence);
        CPPUNIT_ASSERT_EQUAL(uint8_t(7), b.output[0]);
        CPPUNIT_ASSERT(!p.take(b, true));
    }

    void test_several_workers_error()
    {
        // the batch whose first LLR is 2 fails: the ones before it come out,
        // then take() rethrows, and the pipeline accepts no more work
        auto flaky =
            [](const uint8_t* in, size_t f, uint8_t* bits, int* it, uint8_t* ok) {
                if (*reinterpret_cast<const float*>(in) == 2.0f)
                    throw std::runtime_error("broken");
                for (size_t i = 0; i < f; ++i) {
                    bits[i] = 1;
                    it[i] = 3;
                    ok[i] = 1;
                }
            };
        decode_pipeline p({ flaky, flaky, flaky }, 4, 1, 8);
        const float x[3] = { 1.0f, 1.0f, 2.0f };
        p.submit(&x[0], 1);
        p.submit(&x[1], 1);
        p.submit(&x[2], 1);
        pipeline_batch b;
        CPPUNIT_ASSERT(p.take(b, true));
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), b.sequence);
        CPPUNIT_ASSERT(p.take(b, true));
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), b.sequence);
        CPPUNIT_ASSERT_THROW(p.take(b, true), std::runtime_error);
        CPPUNIT_ASSERT_THROW(p.submit(&x[0], 1), std::runtime_error);
    }

    void test_several_workers_recover()
    {
        // three workers; the fifth decode call fails: recover() replaces that
        // worker's decoder (told which worker it is), and the stream is whole
        fixture fx(300);
        std::vector<decoder::uptr> decs;
        for (int w = 0; w < 4; ++w) { // three workers' and the replacement
            decoder_options o;
            o.backend = backend_kind::cpu;
            o.threads = 1;
            decs.push_back(decoder::make(fx.code, o));
        }
        std::atomic<int> calls{ 0 };
        std::vector<decode_pipeline::decode_fn> fns;
        for (int w = 0; w < 3; ++w) {
            auto inner = fx.fn_of(*decs[w]);
            fns.push_back(
                [&calls, inner](
                    const uint8_t* in, size_t f, uint8_t* bits, int* it, uint8_t* ok) {
                    if (++calls == 5)
                        throw std::runtime_error("simulated failure");
                    inner(in, f, bits, it, ok);
                });
        }
        std::vector<size_t> recovered_workers;
        auto recover = [&](const std::exception_ptr&, size_t worker) {
            recovered_workers.push_back(worker);
            return fx.fn_of(*decs[3]);
        };
        decode_pipeline p(fns,
                          fx.code->n() * sizeof(float),
                          static_cast<size_t>(fx.code->k()),
                          6,
                          recover);
        size_t recovered = 0;
        run_stream(fx, p, &recovered);
        CPPUNIT_ASSERT_EQUAL(size_t(1), recovered);
        CPPUNIT_ASSERT_EQUAL(size_t(1), recovered_workers.size());
        CPPUNIT_ASSERT(recovered_workers[0] < 3);
    }

    void test_bad_arguments()
    {
        auto nop = [](const uint8_t*, size_t, uint8_t*, int*, uint8_t*) {};
        CPPUNIT_ASSERT_THROW(decode_pipeline(nullptr, 4, 1, 2), invalid_argument);
        CPPUNIT_ASSERT_THROW(decode_pipeline(nop, 0, 1, 2), invalid_argument);
        CPPUNIT_ASSERT_THROW(decode_pipeline(nop, 4, 0, 2), invalid_argument);
        CPPUNIT_ASSERT_THROW(decode_pipeline(nop, 4, 1, 0), invalid_argument);
        CPPUNIT_ASSERT_THROW(decode_pipeline(nop, 4, 1, 100000), invalid_argument);
        CPPUNIT_ASSERT_THROW(
            decode_pipeline(std::vector<decode_pipeline::decode_fn>(), 4, 1, 2),
            invalid_argument);
        CPPUNIT_ASSERT_THROW(decode_pipeline({ nop, nullptr }, 4, 1, 2),
                             invalid_argument);
        CPPUNIT_ASSERT_THROW(decode_pipeline(std::vector<decode_pipeline::decode_fn>(
                                                 limits::max_threads + 1, nop),
                                             4,
                                             1,
                                             2),
                             invalid_argument);
        decode_pipeline p(nop, 4, 1, 2);
        const float x = 0.0f;
        CPPUNIT_ASSERT_THROW(p.submit(&x, 0), invalid_argument);
        CPPUNIT_ASSERT_THROW(p.submit(nullptr, 1), invalid_argument);
        CPPUNIT_ASSERT_THROW(p.submit_view(nullptr, 1), invalid_argument);
        CPPUNIT_ASSERT_THROW(p.submit_view(&x, 0), invalid_argument);
        CPPUNIT_ASSERT_THROW(p.submit(&x, size_t(1) << 60), invalid_argument);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_decode_pipeline);
