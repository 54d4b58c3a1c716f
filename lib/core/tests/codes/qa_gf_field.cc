/* -*- c++ -*- */
/*
 * Tests of GF(2^p), p = 1..8 (include/gpufec/galois_field.h): the field axioms
 * for every q with the default polynomials (closure, commutativity,
 * associativity, distributivity, identities, inverses), exp/log tables, the
 * documented default polynomials, user polynomials (primitive accepted,
 * non-primitive refused), bad q refused.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test_util.h"
#include <gpufec/error.h>
#include <gpufec/galois_field.h>

#include <set>

namespace {

using gpufec::galois_field;

/* Reference product: carry-less multiply and reduce (no tables). */
unsigned slow_mul(unsigned a, unsigned b, unsigned poly, int p)
{
    unsigned r = 0;
    for (int i = 0; i < p; i++) {
        if ((b >> i) & 1u) {
            r ^= a << i;
        }
    }
    for (int i = 2 * p - 2; i >= p; i--) {
        if ((r >> i) & 1u) {
            r ^= poly << (i - p);
        }
    }
    return r;
}

class qa_gf_field : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_gf_field);
    CPPUNIT_TEST(default_polynomials);
    CPPUNIT_TEST(axioms_every_q);
    CPPUNIT_TEST(exp_log_tables);
    CPPUNIT_TEST(user_polynomials);
    CPPUNIT_TEST(bad_arguments_refused);
    CPPUNIT_TEST_SUITE_END();

public:
    void default_polynomials()
    {
        CPPUNIT_ASSERT_EQUAL(0x3u, galois_field::default_polynomial(2));
        CPPUNIT_ASSERT_EQUAL(0x7u, galois_field::default_polynomial(4));
        CPPUNIT_ASSERT_EQUAL(0xBu, galois_field::default_polynomial(8));
        CPPUNIT_ASSERT_EQUAL(0x13u, galois_field::default_polynomial(16));  // x^4+x+1
        CPPUNIT_ASSERT_EQUAL(0x25u, galois_field::default_polynomial(32));  // x^5+x^2+1
        CPPUNIT_ASSERT_EQUAL(0x43u, galois_field::default_polynomial(64));  // x^6+x+1
        CPPUNIT_ASSERT_EQUAL(0x89u, galois_field::default_polynomial(128)); // x^7+x^3+1
        CPPUNIT_ASSERT_EQUAL(0x11Du, galois_field::default_polynomial(256));
        CPPUNIT_ASSERT_EQUAL(std::string("x^8 + x^4 + x^3 + x^2 + 1"),
                             galois_field::make(256)->polynomial_text());
        CPPUNIT_ASSERT_EQUAL(std::string("x^5 + x^2 + 1"),
                             galois_field::make(32)->polynomial_text());
    }

    void axioms_every_q()
    {
        for (int p = 1; p <= 8; p++) {
            const int q = 1 << p;
            const auto gf = galois_field::make(q);
            CPPUNIT_ASSERT_EQUAL(q, gf->q());
            CPPUNIT_ASSERT_EQUAL(p, gf->p());
            for (int a = 0; a < q; a++) {
                CPPUNIT_ASSERT_EQUAL(0, int(gf->mul(a, 0)));
                CPPUNIT_ASSERT_EQUAL(a, int(gf->mul(a, 1)));
                CPPUNIT_ASSERT_EQUAL(0, int(galois_field::add(a, a)));
                if (a) {
                    CPPUNIT_ASSERT_EQUAL(1, int(gf->mul(a, gf->inv(a))));
                }
                for (int b = 0; b < q; b++) {
                    const int ab = gf->mul(a, b);
                    CPPUNIT_ASSERT(ab < q);
                    CPPUNIT_ASSERT_EQUAL(ab, int(gf->mul(b, a)));
                    CPPUNIT_ASSERT_EQUAL(ab, int(slow_mul(a, b, gf->polynomial(), p)));
                    if (a && b) {
                        CPPUNIT_ASSERT(ab != 0); // no zero divisors
                        CPPUNIT_ASSERT_EQUAL(a, int(gf->div(ab, b)));
                    }
                    // associativity and distributivity over a sample of c
                    for (int c = 0; c < q; c += (q > 32 ? 7 : 1)) {
                        CPPUNIT_ASSERT_EQUAL(int(gf->mul(ab, c)),
                                             int(gf->mul(a, gf->mul(b, c))));
                        CPPUNIT_ASSERT_EQUAL(int(gf->mul(a, b ^ c)), ab ^ gf->mul(a, c));
                    }
                }
            }
        }
    }

    void exp_log_tables()
    {
        for (int p = 1; p <= 8; p++) {
            const int q = 1 << p;
            const auto gf = galois_field::make(q);
            std::set<int> seen;
            for (int i = 0; i < q - 1; i++) {
                const int x = gf->exp(i);
                CPPUNIT_ASSERT(x != 0);
                seen.insert(x);
                CPPUNIT_ASSERT_EQUAL(i, gf->log(x));
                CPPUNIT_ASSERT_EQUAL(x, int(gf->exp(i + q - 1)));
                CPPUNIT_ASSERT_EQUAL(x, int(gf->exp(i - (q - 1))));
            }
            CPPUNIT_ASSERT_EQUAL(size_t(q - 1), seen.size()); // alpha is primitive
            CPPUNIT_ASSERT_EQUAL(-1, gf->log(0));
            CPPUNIT_ASSERT_EQUAL(0, int(gf->inv(0)));
        }
    }

    void user_polynomials()
    {
        // x^4 + x^3 + 1 is primitive; x^4 + x^3 + x^2 + x + 1 is irreducible, not
        // primitive.
        const auto gf = galois_field::make(16, 0x19);
        CPPUNIT_ASSERT_EQUAL(0x19u, gf->polynomial());
        CPPUNIT_ASSERT(galois_field::is_primitive(0x19, 4));
        CPPUNIT_ASSERT(!galois_field::is_primitive(0x1F, 4));
        GPUFEC_ASSERT_THROW_MSG(galois_field::make(16, 0x1F),
                                gpufec::invalid_argument,
                                "not a primitive polynomial");
        GPUFEC_ASSERT_THROW_MSG(
            galois_field::make(16, 0x25), gpufec::invalid_argument, "degree 4");
        // GF(256) alternative x^8+x^6+x^5+x^4+1 (0x171) is primitive
        CPPUNIT_ASSERT(galois_field::is_primitive(0x171, 8));
        CPPUNIT_ASSERT(
            !galois_field::is_primitive(0x11B, 8)); // AES: irreducible, x not primitive
    }

    void bad_arguments_refused()
    {
        for (int q : { 0, 1, 3, 6, 100, 512, -4 }) {
            GPUFEC_ASSERT_THROW_MSG(
                galois_field::make(q), gpufec::invalid_argument, "not a power of two");
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_gf_field);

} // namespace
