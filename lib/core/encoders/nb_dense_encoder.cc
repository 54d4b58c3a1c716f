/* -*- c++ -*- */
/*
 * The dense GF(q) form of a nonbinary code's systematic encoder
 * (nb_dense_encoder.h): the coefficients read off nb_code::encode of the unit
 * vectors (the encoder is GF(q)-linear), kept as discrete logarithms, with the
 * extended exponential table that folds the zero element in.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "encoders/nb_dense_encoder.h"
#include <gpufec/error.h>

#include <string>

namespace gpufec {

nb_dense_encoder nb_dense_encoder::make(const nb_code& code, size_t max_coefficients)
{
    nb_dense_encoder e;
    const galois_field& gf = code.field();
    e.q = code.q();
    e.p = code.p();
    e.n = code.n();
    e.k = code.k();
    e.parity = e.n - e.k;
    const size_t entries = static_cast<size_t>(e.k) * static_cast<size_t>(e.parity);
    if (entries > max_coefficients) {
        throw invalid_argument(
            "nonbinary dense encoder: K x (N - K) = " + std::to_string(e.k) + " x " +
            std::to_string(e.parity) + " coefficients exceed " +
            std::to_string(max_coefficients));
    }
    e.zero_log = static_cast<uint16_t>(2 * (e.q - 1));
    e.log.resize(static_cast<size_t>(e.q));
    e.log[0] = e.zero_log;
    for (int a = 1; a < e.q; a++) {
        e.log[static_cast<size_t>(a)] =
            static_cast<uint16_t>(gf.log(static_cast<uint8_t>(a)));
    }
    e.exp_ext.assign(static_cast<size_t>(4 * e.q - 3), 0);
    for (int x = 0; x < e.zero_log; x++) {
        e.exp_ext[static_cast<size_t>(x)] = gf.exp(x);
    }

    e.info_cols = code.info_positions();
    std::vector<char> is_info(static_cast<size_t>(e.n), 0);
    for (int c : e.info_cols) {
        is_info[static_cast<size_t>(c)] = 1;
    }
    for (int c = 0; c < e.n; c++) {
        if (!is_info[static_cast<size_t>(c)]) {
            e.parity_cols.push_back(c);
        }
    }
    e.coef_log.assign(entries, e.zero_log);
    std::vector<uint8_t> unit(static_cast<size_t>(e.k), 0);
    std::vector<uint8_t> cw(static_cast<size_t>(e.n));
    for (int i = 0; i < e.k; i++) {
        unit[static_cast<size_t>(i)] = 1;
        code.encode(unit.data(), cw.data());
        unit[static_cast<size_t>(i)] = 0;
        uint16_t* row = e.coef_log.data() + static_cast<size_t>(i) * e.parity;
        for (int t = 0; t < e.parity; t++) {
            row[t] =
                e.log[cw[static_cast<size_t>(e.parity_cols[static_cast<size_t>(t)])]];
        }
    }
    return e;
}

void nb_dense_encoder::encode(const uint8_t* info_symbols, uint8_t* codeword) const
{
    if ((k > 0 && !info_symbols) || !codeword) {
        throw invalid_argument("nb_dense_encoder::encode: null pointer");
    }
    std::vector<uint16_t> info_log(static_cast<size_t>(k));
    for (int i = 0; i < k; i++) {
        const uint8_t u = info_symbols[i];
        if (u >= q) {
            throw invalid_argument("nb_dense_encoder::encode: info symbol " +
                                   std::to_string(i) + " = " + std::to_string(u) +
                                   " is not in GF(" + std::to_string(q) + ")");
        }
        codeword[info_cols[static_cast<size_t>(i)]] = u;
        info_log[static_cast<size_t>(i)] = log[u];
    }
    for (int t = 0; t < parity; t++) {
        unsigned acc = 0;
        nb_dense_detail::parity_sums<1>(coef_log.data() + t,
                                        static_cast<size_t>(parity),
                                        info_log.data(),
                                        k,
                                        k,
                                        exp_ext.data(),
                                        &acc);
        codeword[parity_cols[static_cast<size_t>(t)]] = static_cast<uint8_t>(acc);
    }
}

} // namespace gpufec
