/*
 * The code of either kind behind one handle (code.h): make_code picks the kind
 * from the spec, and the handle reports the lengths of both kinds alike.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <cppunit/extensions/HelperMacros.h>
#include <gpufec/code.h>
#include <gpufec/error.h>

using namespace gpufec;

class qa_code_handle : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_code_handle);
    CPPUNIT_TEST(test_binary);
    CPPUNIT_TEST(test_nonbinary);
    CPPUNIT_TEST(test_refusals);
    CPPUNIT_TEST_SUITE_END();

public:
    void test_binary()
    {
        const code_handle c = make_code("wifi:648:1/2");
        CPPUNIT_ASSERT(c.is_binary());
        CPPUNIT_ASSERT(c.binary());
        CPPUNIT_ASSERT(!c.nonbinary());
        CPPUNIT_ASSERT_EQUAL(1, c.bits_per_symbol());
        CPPUNIT_ASSERT_EQUAL(2, c.q());
        CPPUNIT_ASSERT_EQUAL(648, c.n());
        CPPUNIT_ASSERT_EQUAL(324, c.k());
        CPPUNIT_ASSERT_EQUAL(648, c.n_bits());
        CPPUNIT_ASSERT_EQUAL(c.binary()->name(), c.name());
    }

    void test_nonbinary()
    {
        const code_handle c = make_code("nbqc:16:2:8");
        CPPUNIT_ASSERT(!c.is_binary());
        CPPUNIT_ASSERT(c.nonbinary());
        CPPUNIT_ASSERT_EQUAL(4, c.bits_per_symbol());
        CPPUNIT_ASSERT_EQUAL(16, c.q());
        CPPUNIT_ASSERT_EQUAL(c.nonbinary()->n(), c.n());
        CPPUNIT_ASSERT_EQUAL(c.nonbinary()->k(), c.k());
        CPPUNIT_ASSERT_EQUAL(c.nonbinary()->n_bits(), c.n_bits());
        CPPUNIT_ASSERT_EQUAL(c.nonbinary()->k_bits(), c.k_bits());
        CPPUNIT_ASSERT_EQUAL(c.nonbinary()->name(), c.name());
    }

    void test_refusals()
    {
        CPPUNIT_ASSERT_THROW(make_code("nosuch:1"), std::invalid_argument);
        CPPUNIT_ASSERT_THROW(code_handle{ ldpc_code::sptr() }, gpufec::invalid_argument);
        CPPUNIT_ASSERT_THROW(code_handle{ nb_code::sptr() }, gpufec::invalid_argument);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_code_handle);
