/* -*- c++ -*- */
/*
 * GF(2^p), p = 1..8: the finite fields of the nonbinary LDPC codes.
 * Elements are integers 0..q-1 in the polynomial basis: bit i of an element is
 * the coefficient of x^i, so addition is XOR. alpha (the class of x) is the
 * primitive element; exp(i) = alpha^i, log(alpha^i) = i.
 *
 * Default primitive polynomials (bit i = coefficient of x^i):
 *   GF(2)   x + 1                   0x3    (alpha = 1)
 *   GF(4)   x^2 + x + 1             0x7
 *   GF(8)   x^3 + x + 1             0xB
 *   GF(16)  x^4 + x + 1             0x13
 *   GF(32)  x^5 + x^2 + 1           0x25
 *   GF(64)  x^6 + x + 1             0x43   (RPTU database, Lab-STICC)
 *   GF(128) x^7 + x^3 + 1           0x89
 *   GF(256) x^8 + x^4 + x^3 + x^2 + 1  0x11D (RPTU database, Lab-STICC)
 * These are the polynomials of the reference matrix files
 * (docs/VALIDATION.md) and of Wang et al., "Parallel Nonbinary LDPC Decoding on GPU" and
 * Thi and Lee, "Efficient Parallel Block-layered Nonbinary Quasi-cyclic LDPC Decoding on
 * a GPU". A user-given polynomial must have degree p and be primitive (x has
 * multiplicative order q - 1); anything else is refused with gpufec::invalid_argument.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_GALOIS_FIELD_H
#define INCLUDED_GPUFEC_GALOIS_FIELD_H

#include <cstdint>
#include <gpufec/api.h>
#include <memory>
#include <string>
#include <vector>

namespace gpufec {

class GPUFEC_API galois_field
{
public:
    using sptr = std::shared_ptr<const galois_field>;

    /*!
     * The field GF(q). q must be a power of two in [2, 256]; polynomial 0 picks the
     * documented default, otherwise it must be a primitive polynomial of degree
     * log2(q) (bit i = coefficient of x^i). Throws gpufec::invalid_argument.
     */
    static sptr make(int q, unsigned polynomial = 0);

    /*! The default primitive polynomial of GF(q) (see file comment). */
    static unsigned default_polynomial(int q);

    /*! True when `polynomial` has degree p and x generates its multiplicative group. */
    static bool is_primitive(unsigned polynomial, int p);

    /*! log2(q) for a power of two q in [2, 256], else -1. */
    static int degree_of(int q);

    int q() const { return d_q; }
    int p() const { return d_p; }
    unsigned polynomial() const { return d_poly; }
    /*! "x^5 + x^2 + 1" */
    std::string polynomial_text() const;

    static uint8_t add(uint8_t a, uint8_t b) { return a ^ b; }
    uint8_t mul(uint8_t a, uint8_t b) const { return d_mul[a * d_q + b]; }
    /*! a / b; b must be nonzero (div by 0 gives 0). */
    uint8_t div(uint8_t a, uint8_t b) const { return d_mul[a * d_q + d_inv[b]]; }
    /*! Multiplicative inverse; inv(0) = 0 by convention. */
    uint8_t inv(uint8_t a) const { return d_inv[a]; }
    /*! alpha^i for any integer i (reduced mod q - 1). */
    uint8_t exp(int i) const
    {
        int r = i % (d_q - 1);
        return d_exp[r < 0 ? r + d_q - 1 : r];
    }
    /*! i in [0, q-2] with alpha^i = a; log(0) = -1. */
    int log(uint8_t a) const { return d_log[a]; }

    /*! Row-major q x q product table: mul_table()[a * q + b] = a * b. */
    const uint8_t* mul_table() const { return d_mul.data(); }
    /*! q entries, inv_table()[0] = 0. */
    const uint8_t* inv_table() const { return d_inv.data(); }
    /*! q - 1 entries: alpha^0 .. alpha^(q-2). */
    const uint8_t* exp_table() const { return d_exp.data(); }
    /*! q entries, log_table()[0] = -1. */
    const int16_t* log_table() const { return d_log.data(); }

private:
    galois_field(int q, unsigned polynomial);

    int d_q;
    int d_p;
    unsigned d_poly;
    std::vector<uint8_t> d_mul;
    std::vector<uint8_t> d_inv;
    std::vector<uint8_t> d_exp;
    std::vector<int16_t> d_log;
};

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_GALOIS_FIELD_H */
