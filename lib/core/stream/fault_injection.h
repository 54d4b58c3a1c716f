/* -*- c++ -*- */
/*
 * A testing hook, not installed: makes stream_pipeline's decoder calls throw as
 * a GPU error in the middle of a stream would, so that the switch to the CPU and
 * the end of a stream whose CPU decoder fails too can be tested on any machine.
 * Process-wide: it counts the decoder calls of every stream pipeline. Python
 * reaches it as gpufec._testing.inject_decode_failure_after. Not for flowgraphs.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_STREAM_FAULT_INJECTION_H
#define INCLUDED_GPUFEC_STREAM_FAULT_INJECTION_H

namespace gpufec {
namespace testing {

/*!
 * Makes the decoder call that comes after \p batches more calls (0: the next
 * one) and the \p failures - 1 calls after it throw std::runtime_error
 * ("decoder failure injected by the testing hook inject_decode_failure_after()").
 * Replaces an earlier arming. Throws gpufec::invalid_argument for batches < 0 or
 * failures < 1.
 */
void inject_decode_failure_after(int batches, int failures = 1);

/*!
 * Called by stream_pipeline before each decoder call: counts the call and throws
 * when the hook says so.
 */
void before_decode_call();

} // namespace testing
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_STREAM_FAULT_INJECTION_H */
