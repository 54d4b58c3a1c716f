/*
 * CppUnit runner shared by every qa_*.cc test program: runs the suites each
 * program registers. A test program that needs ../shared/refcodes (or a GPU) and
 * finds none exits 77, which CTest reports as skipped.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test_util.h"
#include <cppunit/CompilerOutputter.h>
#include <cppunit/TestResult.h>
#include <cppunit/TestResultCollector.h>
#include <cppunit/TextTestProgressListener.h>
#include <cppunit/TextTestRunner.h>
#include <cppunit/extensions/TestFactoryRegistry.h>
#include <cstdlib>
#include <gpufec/cuda_decoder.h>
#include <iostream>

namespace gpufec_test {

std::string refcodes_dir()
{
    const char* env = std::getenv("GPUFEC_REFCODES_DIR");
    return env && *env ? std::string(env) : std::string(GPUFEC_DEFAULT_REFCODES_DIR);
}

bool have_refcodes()
{
    std::ifstream f(refcodes_dir() + "/README.md");
    return f.good();
}

void require_refcodes()
{
    if (!have_refcodes()) {
        std::cerr << "SKIP: reference matrices not found at " << refcodes_dir()
                  << " (set GPUFEC_REFCODES_DIR or -DGPUFEC_REFCODES_DIR)\n";
        std::exit(77);
    }
}

void require_gpu()
{
    std::string why;
    if (!gpufec::cuda_available(&why)) {
        std::cerr << "SKIP: no working CUDA device (" << why << ")\n";
        std::exit(77);
    }
}

uint64_t test_seed(uint64_t fallback)
{
    const char* env = std::getenv("GPUFEC_TEST_SEED");
    return env && *env ? std::strtoull(env, nullptr, 10) : fallback;
}

} // namespace gpufec_test

int main(int argc, char** argv)
{
    CppUnit::TextTestRunner runner;
    runner.addTest(CppUnit::TestFactoryRegistry::getRegistry().makeTest());
    runner.setOutputter(new CppUnit::CompilerOutputter(&runner.result(), std::cerr));
    CppUnit::TextTestProgressListener progress;
    runner.eventManager().addListener(&progress);
    const std::string only = argc > 1 ? argv[1] : "";
    const bool ok = runner.run(only, false, true, false);
    return ok ? 0 : 1;
}
