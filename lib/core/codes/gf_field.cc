/* -*- c++ -*- */
/*
 * GF(2^p) tables (include/gpufec/galois_field.h): powers of alpha by shift and
 * reduction modulo the primitive polynomial, then log, product and inverse tables.
 * Primitivity is checked by the order of x (q - 1 exactly).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gpufec/error.h>
#include <gpufec/galois_field.h>

#include <sstream>

namespace gpufec {

namespace {

std::string hex(unsigned v)
{
    std::ostringstream s;
    s << "0x" << std::hex << v;
    return s.str();
}

} // namespace

int galois_field::degree_of(int q)
{
    for (int p = 1; p <= 8; p++) {
        if (q == (1 << p)) {
            return p;
        }
    }
    return -1;
}

unsigned galois_field::default_polynomial(int q)
{
    switch (degree_of(q)) {
    case 1:
        return 0x3;
    case 2:
        return 0x7;
    case 3:
        return 0xB;
    case 4:
        return 0x13;
    case 5:
        return 0x25;
    case 6:
        return 0x43;
    case 7:
        return 0x89;
    case 8:
        return 0x11D;
    default:
        throw invalid_argument("GF(q): q = " + std::to_string(q) +
                               " is not a power of two in [2, 256]");
    }
}

bool galois_field::is_primitive(unsigned polynomial, int p)
{
    if (p < 1 || p > 8) {
        return false;
    }
    if ((polynomial >> p) != 1u || (polynomial & 1u) == 0) {
        return false; // degree must be p, constant term 1
    }
    const unsigned q = 1u << p;
    unsigned x = 1;
    for (unsigned i = 1; i < q; i++) {
        x <<= 1;
        if (x & q) {
            x ^= polynomial;
        }
        if (x == 1) {
            return i == q - 1;
        }
    }
    return false;
}

galois_field::sptr galois_field::make(int q, unsigned polynomial)
{
    const int p = degree_of(q);
    if (p < 0) {
        throw invalid_argument("GF(q): q = " + std::to_string(q) +
                               " is not a power of two in [2, 256]");
    }
    if (polynomial == 0) {
        polynomial = default_polynomial(q);
    }
    if (!is_primitive(polynomial, p)) {
        throw invalid_argument(
            "GF(" + std::to_string(q) + "): polynomial " + hex(polynomial) +
            " is not a primitive polynomial of degree " + std::to_string(p));
    }
    return sptr(new galois_field(q, polynomial));
}

galois_field::galois_field(int q, unsigned polynomial)
    : d_q(q), d_p(degree_of(q)), d_poly(polynomial), d_mul(static_cast<size_t>(q) * q),
      d_inv(q), d_exp(q - 1), d_log(q)
{
    unsigned x = 1;
    d_log[0] = -1;
    for (int i = 0; i < q - 1; i++) {
        d_exp[i] = static_cast<uint8_t>(x);
        d_log[x] = static_cast<int16_t>(i);
        x <<= 1;
        if (x & static_cast<unsigned>(q)) {
            x ^= polynomial;
        }
    }
    for (int a = 0; a < q; a++) {
        for (int b = 0; b < q; b++) {
            uint8_t v = 0;
            if (a && b) {
                v = d_exp[(d_log[a] + d_log[b]) % (q - 1)];
            }
            d_mul[a * q + b] = v;
        }
        d_inv[a] = a ? d_exp[(q - 1 - d_log[a]) % (q - 1)] : 0;
    }
}

std::string galois_field::polynomial_text() const
{
    std::ostringstream s;
    bool first = true;
    for (int i = d_p; i >= 0; i--) {
        if (!((d_poly >> i) & 1u)) {
            continue;
        }
        if (!first) {
            s << " + ";
        }
        first = false;
        if (i == 0) {
            s << "1";
        } else if (i == 1) {
            s << "x";
        } else {
            s << "x^" << i;
        }
    }
    return s.str();
}

} // namespace gpufec
