/* -*- c++ -*- */
/*
 * The core's shared worker threads (thread_pool.h).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "parallel/thread_pool.h"
#include <exception>
#include <system_error>

namespace gpufec {

/*! One run(): its task, the jobs not yet finished, and their exceptions. */
struct thread_pool::call {
    const std::function<void(size_t)>* task;
    std::vector<std::exception_ptr> errors;
    size_t unfinished;
    std::mutex mutex;
    std::condition_variable done;
};

thread_pool& thread_pool::shared()
{
    // never destroyed: its threads may still be parked when static objects die
    static thread_pool* pool = new thread_pool;
    return *pool;
}

size_t thread_pool::threads() const
{
    std::lock_guard<std::mutex> lock(d_mutex);
    return d_threads.size();
}

void thread_pool::invoke(const job& j)
{
    try {
        (*j.c->task)(j.index);
    } catch (...) {
        j.c->errors[j.index] = std::current_exception();
    }
}

void thread_pool::complete(call& c)
{
    std::lock_guard<std::mutex> lock(c.mutex);
    if (--c.unfinished == 0)
        c.done.notify_all();
}

void thread_pool::worker()
{
    std::unique_lock<std::mutex> lock(d_mutex);
    for (;;) {
        d_wake.wait(lock, [this] { return !d_jobs.empty(); });
        const job j = d_jobs.front();
        d_jobs.pop_front();
        --d_idle;
        lock.unlock();
        invoke(j);
        lock.lock();
        // idle again before the call can end, so that the caller's next call
        // finds this thread counted and starts none
        ++d_idle;
        lock.unlock();
        complete(*j.c);
        lock.lock();
    }
}

/*! A job of call c that no thread has taken yet, removed from the queue. */
bool thread_pool::take_own(call* c, job& j)
{
    std::lock_guard<std::mutex> lock(d_mutex);
    for (auto it = d_jobs.begin(); it != d_jobs.end(); ++it) {
        if (it->c == c) {
            j = *it;
            d_jobs.erase(it);
            return true;
        }
    }
    return false;
}

void thread_pool::run(size_t n, const std::function<void(size_t)>& task)
{
    if (n == 0)
        return;
    call c;
    c.task = &task;
    c.errors.resize(n);
    c.unfinished = n;
    if (n > 1) {
        std::lock_guard<std::mutex> lock(d_mutex);
        for (size_t i = 1; i < n; ++i)
            d_jobs.push_back(job{ &c, i });
        // an idle thread for every queued job: start what is missing
        try {
            while (d_idle < d_jobs.size()) {
                d_threads.emplace_back([this] { worker(); });
                ++d_idle; // idle from its start until it takes a job
            }
        } catch (const std::system_error&) {
            // no more threads: the callers run what no thread takes
        }
        d_wake.notify_all();
    }
    invoke(job{ &c, 0 });
    complete(c);
    job j;
    while (take_own(&c, j)) {
        invoke(j);
        complete(c);
    }
    {
        std::unique_lock<std::mutex> lock(c.mutex);
        c.done.wait(lock, [&c] { return c.unfinished == 0; });
    }
    for (const auto& e : c.errors)
        if (e)
            std::rethrow_exception(e);
}

} // namespace gpufec
