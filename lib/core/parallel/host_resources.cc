/* -*- c++ -*- */
/*
 * The host's threads and memory as the bounds of host_resources.h check them.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gpufec/error.h>
#include <gpufec/host_resources.h>

#include <algorithm>
#include <cstdio>
#include <thread>
#include <unistd.h>

namespace gpufec {

void check_threads(long long threads, const std::string& what)
{
    if (threads < 0 || threads > limits::max_threads) {
        throw invalid_argument(what + " is " + std::to_string(threads) +
                               "; it must be in [0, " +
                               std::to_string(limits::max_threads) +
                               "] (0 = one per core; gpufec::limits::max_threads)");
    }
}

int resolve_threads(int threads, const std::string& what)
{
    check_threads(threads, what);
    if (threads > 0) {
        return threads;
    }
    const unsigned cores = std::thread::hardware_concurrency();
    return static_cast<int>(
        std::clamp<unsigned>(cores, 1u, static_cast<unsigned>(limits::max_threads)));
}

uint64_t host_memory_bytes()
{
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long page = ::sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0) {
        return 0;
    }
    return static_cast<uint64_t>(pages) * static_cast<uint64_t>(page);
}

void check_batch_memory(uint64_t frames,
                        uint64_t bytes_per_frame,
                        const std::string& what)
{
    const double have = static_cast<double>(host_memory_bytes());
    const double need =
        static_cast<double>(frames) * static_cast<double>(bytes_per_frame);
    if (have > 0.0 && need > have / 2) {
        char msg[320];
        std::snprintf(msg,
                      sizeof(msg),
                      "%s %llu: the batch needs %.1f GiB of host memory (%llu bytes a "
                      "frame), more than half of this machine's %.1f GiB",
                      what.c_str(),
                      static_cast<unsigned long long>(frames),
                      need / double(1 << 30),
                      static_cast<unsigned long long>(bytes_per_frame),
                      have / double(1 << 30));
        throw invalid_argument(msg);
    }
}

} // namespace gpufec
