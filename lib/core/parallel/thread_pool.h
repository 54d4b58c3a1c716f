/* -*- c++ -*- */
/*
 * The core's one pool of worker threads, shared by the CPU decoders and the
 * simulator (through run_parallel.h), so that a decode call hands its work to
 * threads that already exist instead of starting and joining threads each time.
 *
 * run(n, task) runs task(1) .. task(n - 1) on pool threads and task(0) on the
 * caller, then waits. The pool grows to the largest number of tasks that were
 * ever in flight at once (a decoder called from inside a simulator worker, for
 * example, nests one run() in another), so a task never waits for a thread that
 * another task holds; while it waits, the caller runs tasks of its own call that
 * no thread has taken yet (where a thread cannot be started, the caller runs
 * them all). The threads live until the process ends.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_THREAD_POOL_H
#define INCLUDED_GPUFEC_THREAD_POOL_H

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace gpufec {

class thread_pool
{
public:
    /*! The process's pool (created on first use, never destroyed). */
    static thread_pool& shared();

    /*!
     * Calls task(i) for i in [0, n) concurrently, task(0) on the calling thread,
     * and returns when all have returned; rethrows the exception of the lowest
     * index that threw.
     */
    void run(size_t n, const std::function<void(size_t)>& task);

    /*! Threads the pool holds now (for tests). */
    size_t threads() const;

private:
    struct call;
    struct job {
        call* c;
        size_t index;
    };

    thread_pool() = default;
    void worker();
    static void invoke(const job& j);
    static void complete(call& c);
    bool take_own(call* c, job& j);

    mutable std::mutex d_mutex;
    std::condition_variable d_wake;
    std::deque<job> d_jobs;
    std::vector<std::thread> d_threads;
    size_t d_idle = 0; //!< threads waiting for a job
};

} // namespace gpufec

#endif
