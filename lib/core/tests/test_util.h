/*
 * Helpers shared by the CppUnit tests: where the reference matrices are, skipping
 * when they are absent, the seed of random inputs, the report of a list of
 * failures, and a macro asserting that an expression throws an exception whose
 * message contains given text.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_TEST_UTIL_H
#define INCLUDED_GPUFEC_TEST_UTIL_H

#include <cppunit/extensions/HelperMacros.h>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace gpufec_test {
/*! $GPUFEC_REFCODES_DIR, else the CMake cache variable GPUFEC_REFCODES_DIR. */
std::string refcodes_dir();
bool have_refcodes();
/*! Exits 77 (CTest: skipped) with a message when the reference files are absent. */
void require_refcodes();
/*! Exits 77 (CTest: skipped) with the reason when no CUDA device works here. */
void require_gpu();
/*!
 * The seed of a test's random inputs: $GPUFEC_TEST_SEED when set (to rerun a
 * failure), else `fallback`.
 */
uint64_t test_seed(uint64_t fallback = 20261121u);

/*! Prints every failure ("FAIL ..."), then fails with the first (passes if none). */
inline void assert_no_failures(const std::vector<std::string>& failures)
{
    for (const std::string& f : failures) {
        std::cout << "FAIL " << f << "\n";
    }
    CPPUNIT_ASSERT_MESSAGE(failures.empty() ? std::string() : failures.front(),
                           failures.empty());
}
} // namespace gpufec_test

/*! In a GPU test program, before any test runs: skip the program without a GPU. */
#define GPUFEC_REQUIRE_GPU_PROGRAM                                      \
    namespace {                                                         \
    const bool gpufec_gpu_checked = (gpufec_test::require_gpu(), true); \
    }

/*! Asserts that `expr` throws `ex_type` whose what() contains `text`. */
#define GPUFEC_ASSERT_THROW_MSG(expr, ex_type, text)                                    \
    do {                                                                                \
        bool _thrown = false;                                                           \
        try {                                                                           \
            expr;                                                                       \
        } catch (const ex_type& _e) {                                                   \
            _thrown = true;                                                             \
            const std::string _w = _e.what();                                           \
            CPPUNIT_ASSERT_MESSAGE("message '" + _w + "' lacks '" + std::string(text) + \
                                       "'",                                             \
                                   _w.find(text) != std::string::npos);                 \
        }                                                                               \
        CPPUNIT_ASSERT_MESSAGE(#expr " did not throw " #ex_type, _thrown);              \
    } while (0)

#endif
