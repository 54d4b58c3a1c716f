/* -*- c++ -*- */
/*
 * The one way the core's CPU decoders and the simulator run work on several
 * threads: run_parallel(n, task) calls task(0) .. task(n - 1) concurrently,
 * task(0) on the calling thread and each other on a thread of its own (on the
 * caller too when no thread can be started), waits for all of them and rethrows
 * the exception of the lowest index that threw.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_RUN_PARALLEL_H
#define INCLUDED_GPUFEC_RUN_PARALLEL_H

#include <cstddef>
#include <exception>
#include <system_error>
#include <thread>
#include <vector>

namespace gpufec {

template <typename Task>
void run_parallel(size_t n, Task&& task)
{
    std::vector<std::exception_ptr> errors(n);
    auto guarded = [&](size_t i) {
        try {
            task(i);
        } catch (...) {
            errors[i] = std::current_exception();
        }
    };
    std::vector<std::thread> threads;
    threads.reserve(n > 0 ? n - 1 : 0);
    for (size_t i = 1; i < n; ++i) {
        try {
            threads.emplace_back(guarded, i);
        } catch (const std::system_error&) {
            guarded(i); // no thread to be had: run it here
        }
    }
    if (n > 0)
        guarded(0);
    for (auto& t : threads)
        t.join();
    for (const auto& e : errors)
        if (e)
            std::rethrow_exception(e);
}

} // namespace gpufec

#endif
