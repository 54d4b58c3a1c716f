/* -*- c++ -*- */
/*
 * The testing hook of fault_injection.h: a process-wide call counter and the
 * range of calls that throw.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stream/fault_injection.h"
#include <atomic>
#include <cstdint>
#include <gpufec/error.h>
#include <stdexcept>
#include <string>

namespace gpufec {
namespace testing {

namespace {
std::atomic<uint64_t> attempts{ 0 }; // decoder calls begun
std::atomic<int64_t> fail_at{ -1 };  // the first call that throws, or -1
std::atomic<int> fail_left{ 0 };     // the calls that throw from there
} // namespace

void inject_decode_failure_after(int batches, int failures)
{
    if (batches < 0 || failures < 1) {
        throw invalid_argument("inject_decode_failure_after: batches is " +
                               std::to_string(batches) + " and failures " +
                               std::to_string(failures) +
                               "; batches must be >= 0, failures >= 1");
    }
    fail_left = failures;
    fail_at = static_cast<int64_t>(attempts.load() + static_cast<uint64_t>(batches));
}

void before_decode_call()
{
    const uint64_t attempt = attempts++;
    const int64_t at = fail_at.load();
    if (at < 0 || attempt < static_cast<uint64_t>(at)) {
        return;
    }
    int left = fail_left.load();
    while (left > 0 && !fail_left.compare_exchange_weak(left, left - 1)) {
    }
    if (left > 0) {
        throw std::runtime_error("decoder failure injected by the testing hook "
                                 "inject_decode_failure_after()");
    }
}

} // namespace testing
} // namespace gpufec
