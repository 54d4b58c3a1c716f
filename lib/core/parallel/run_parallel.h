/* -*- c++ -*- */
/*
 * The one way the core's CPU decoders and the simulator run work on several
 * threads: run_parallel(n, task) calls task(0) .. task(n - 1) concurrently,
 * task(0) on the calling thread and the others on the core's shared thread pool
 * (thread_pool.h: threads are started once, not on each call), waits for all of
 * them and rethrows the exception of the lowest index that threw.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_RUN_PARALLEL_H
#define INCLUDED_GPUFEC_RUN_PARALLEL_H

#include "parallel/thread_pool.h"
#include <cstddef>
#include <functional>

namespace gpufec {

template <typename Task>
void run_parallel(size_t n, Task&& task)
{
    if (n == 1) {
        task(size_t(0));
        return;
    }
    const std::function<void(size_t)> f = [&task](size_t i) { task(i); };
    thread_pool::shared().run(n, f);
}

} // namespace gpufec

#endif
