/*
 * The core's shared thread pool (thread_pool.h, run_parallel.h): every index
 * runs exactly once and the tasks of one call run at the same time (they meet
 * at a barrier), the lowest failing index's exception comes back, nested calls
 * (a decoder inside a simulator worker) finish, and repeated calls reuse the
 * pool's threads instead of starting new ones.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "parallel/run_parallel.h"
#include "parallel/thread_pool.h"
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cppunit/extensions/HelperMacros.h>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

using namespace gpufec;

namespace {

/*! n threads meet here; false when they did not all arrive within 20 s. */
class barrier
{
public:
    explicit barrier(size_t n) : d_left(n) {}
    bool arrive()
    {
        std::unique_lock<std::mutex> lock(d_mutex);
        if (--d_left == 0) {
            d_all.notify_all();
            return true;
        }
        return d_all.wait_for(
            lock, std::chrono::seconds(20), [this] { return d_left == 0; });
    }

private:
    std::mutex d_mutex;
    std::condition_variable d_all;
    size_t d_left;
};

} // namespace

class qa_thread_pool : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_thread_pool);
    CPPUNIT_TEST(test_every_index_once_and_concurrent);
    CPPUNIT_TEST(test_lowest_exception);
    CPPUNIT_TEST(test_nested);
    CPPUNIT_TEST(test_threads_reused);
    CPPUNIT_TEST_SUITE_END();

public:
    void test_every_index_once_and_concurrent()
    {
        for (size_t n : { 0, 1, 2, 5, 17 }) {
            std::vector<std::atomic<int>> runs(n);
            barrier meet(n);
            std::atomic<int> late{ 0 };
            run_parallel(n, [&](size_t i) {
                ++runs[i];
                if (!meet.arrive())
                    ++late;
            });
            for (size_t i = 0; i < n; ++i)
                CPPUNIT_ASSERT_EQUAL(1, runs[i].load());
            CPPUNIT_ASSERT_EQUAL(0, late.load());
        }
    }

    void test_lowest_exception()
    {
        std::atomic<int> ran{ 0 };
        try {
            run_parallel(6, [&](size_t i) {
                ++ran;
                if (i == 2 || i == 4)
                    throw std::runtime_error("task " + std::to_string(i));
            });
            CPPUNIT_FAIL("no exception");
        } catch (const std::runtime_error& e) {
            CPPUNIT_ASSERT_EQUAL(std::string("task 2"), std::string(e.what()));
        }
        CPPUNIT_ASSERT_EQUAL(6, ran.load()); // the others still ran
    }

    void test_nested()
    {
        const size_t outer = 4, inner = 3;
        std::atomic<int> total{ 0 };
        barrier all(outer * inner); // every inner task of every outer task at once
        std::atomic<int> late{ 0 };
        run_parallel(outer, [&](size_t) {
            run_parallel(inner, [&](size_t) {
                ++total;
                if (!all.arrive())
                    ++late;
            });
        });
        CPPUNIT_ASSERT_EQUAL(static_cast<int>(outer * inner), total.load());
        CPPUNIT_ASSERT_EQUAL(0, late.load());
    }

    void test_threads_reused()
    {
        run_parallel(4, [](size_t) {});
        const size_t before = thread_pool::shared().threads();
        for (int r = 0; r < 200; ++r) {
            std::atomic<int> sum{ 0 };
            run_parallel(4, [&](size_t i) { sum += static_cast<int>(i); });
            CPPUNIT_ASSERT_EQUAL(6, sum.load());
        }
        CPPUNIT_ASSERT_EQUAL(before, thread_pool::shared().threads());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_thread_pool);
