/*
 * The fixed-point decoders against float below the waterfall (CPU backend): at
 * the deep points of fer_matrix.h (the float reference near FER 1e-4, 2e-3 for
 * the other DVB-S2 short rates), int16 for every rule and int8 for NMS (what
 * precision auto picks) no worse than float 0.1 dB lower by the paired rule,
 * early termination on; and a negative control: int8
 * min-sum with the quantization that left an error floor on DVB-S2 short (2
 * fraction bits, C2V clamp 20) is caught at the deep point (the waterfall
 * points of qa_fer_matrix passed with it).
 *
 * The matrix is the deep points' largest share of the test suite's time, so by
 * default (CI, 2 cores) a bounded subset runs: every NMS point of the short codes
 * (int8 and int16: precision auto's CPU default), the layered wimax points of the
 * other min-sum rules (int16) and dvbs2:short:1/2 NMS. GPUFEC_FER_DEEP=full runs
 * every point (docs/VALIDATION.md "FER matrix, deep" says where it runs).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fer_matrix.h"
#include <chrono>
#include <cppunit/extensions/HelperMacros.h>
#include <cstdlib>
#include <gpufec/decoder.h>
#include <iostream>
#include <stdexcept>
#include <string>

using namespace gpufec;
using namespace gpufec_test;

namespace {

bool full_matrix()
{
    const char* v = std::getenv("GPUFEC_FER_DEEP");
    if (v == nullptr || std::string(v).empty() || std::string(v) == "ci")
        return false;
    if (std::string(v) == "full")
        return true;
    throw std::invalid_argument("GPUFEC_FER_DEEP is '" + std::string(v) +
                                "'; it must be ci or full");
}

/* The bounded subset of the file comment. */
bool in_ci_subset(const fer_point& p)
{
    if (p.spec.rfind("dvbs2:", 0) == 0)
        return p.spec == "dvbs2:short:1/2" &&
               p.rule == check_node_rule::normalized_min_sum;
    return p.rule == check_node_rule::normalized_min_sum ||
           (p.spec == "wimax:576:1/2" && p.schedule == decoding_schedule::layered);
}

} // namespace

class qa_fer_matrix_deep : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_fer_matrix_deep);
    CPPUNIT_TEST(test_fixed_point_deep_within_0p1_db);
    CPPUNIT_TEST(test_deep_point_detects_error_floor);
    CPPUNIT_TEST_SUITE_END();

public:
    void test_fixed_point_deep_within_0p1_db()
    {
        require_refcodes();
        // int8 for NMS, the rule precision auto gives int8 (ms, oms and scms in
        // int8 have floors at some of these points: auto gives them int16)
        const bool full = full_matrix();
        std::vector<fer_point> nms, others;
        for (const fer_point& p :
             deep_code_points(refcodes_dir() + "/binary/MACKAY_504_1008.alist"))
            if (full || in_ci_subset(p))
                (p.rule == check_node_rule::normalized_min_sum ? nms : others)
                    .push_back(p);
        const fer_variant int8{
            "int8", backend_kind::cpu, message_precision::int8, false
        };
        const fer_variant int16{
            "int16", backend_kind::cpu, message_precision::int16, false
        };
        size_t cases = 0;
        const auto t0 = std::chrono::steady_clock::now();
        const std::string failed = run_deep_fer_matrix(nms, { int8, int16 }, cases) +
                                   run_deep_fer_matrix(others, { int16 }, cases);
        std::cout << cases << " cases (" << (full ? "full" : "ci subset") << "), "
                  << std::chrono::duration_cast<std::chrono::seconds>(
                         std::chrono::steady_clock::now() - t0)
                         .count()
                  << " s\n";
        CPPUNIT_ASSERT_MESSAGE("FER worse than float by more than 0.1 dB:\n" + failed,
                               failed.empty());
    }

    /*!
     * int8 min-sum on dvbs2:short:1/2 with 2 fraction bits and the C2V clamp at 20
     * (5 LLR units): frames with one or two wrong bits that never converge.
     */
    void test_deep_point_detects_error_floor()
    {
        const std::string spec = "dvbs2:short:1/2";
        fer_point deep{};
        for (const fer_point& p : deep_code_points(""))
            if (p.spec == spec && p.rule == check_node_rule::min_sum &&
                p.schedule == decoding_schedule::layered)
                deep = p;
        CPPUNIT_ASSERT(!deep.spec.empty());
        const ldpc_code::sptr code = ldpc_code::make(spec);
        decoder_options o;
        o.backend = backend_kind::cpu;
        o.rule = check_node_rule::min_sum;
        o.max_iterations = deep.iterations;
        auto ref_dec = decoder::make(code, o);
        o.precision = message_precision::int8;
        o.fixed.fraction_bits = 2;
        o.fixed.c2v_max = 20;
        auto dec = decoder::make(code, o);
        paired_tally tally;
        const size_t frames = 8192;
        for (size_t first = 0; first < frames; first += 4096) {
            const fer_frames fr(code, 4096, 914, first);
            tally.add(decode_failures(*dec, fr, fr.llrs(deep.ebn0)),
                      decode_failures(*ref_dec, fr, fr.llrs(deep.ebn0 - 0.1)));
        }
        fer_point shown = deep;
        shown.frames = frames;
        const fer_verdict v = tally.verdict();
        std::cout << verdict_line(shown, "int8 f2 c2v 20", true, v) << "\n";
        CPPUNIT_ASSERT_MESSAGE("the error floor was not detected", !v.within);
        // the narrow decoder's failures carry few wrong bits: a floor, not a collapse
        CPPUNIT_ASSERT(v.narrow_bits <= 4 * v.narrow_errors);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_fer_matrix_deep);
