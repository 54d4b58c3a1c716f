/* -*- c++ -*- */
/*
 * IRA (accumulator) encoder of DVB-S2, ETSI EN 302 307-1 5.3.2: H = [A | S] where
 * S, over the last M columns, is the staircase (column K+i has ones in rows i and
 * i+1, the last column only in row M-1). Row i reads (A u)_i + p_(i-1) + p_i = 0, so
 *   p_i = p_(i-1) xor (A u)_i,   p_(-1) = 0,
 * the accumulator of 5.3.2 written per row. The staircase is checked at
 * construction; a column that breaks it is named in a gpufec::invalid_argument.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <cstddef> // size_t: parity_check_matrix.h uses it without including it

#include <gpufec/encoder.h>
#include <gpufec/error.h>
#include <string>

namespace gpufec {

namespace {

class accumulator_encoder : public encoder
{
public:
    explicit accumulator_encoder(const parity_check_matrix& h)
    {
        const std::string me = "accumulator encoder: ";
        const int m = h.rows();
        const int n = h.cols();
        d_k = n - m;
        if (d_k <= 0) {
            throw invalid_argument(me + "H is " + std::to_string(m) + " x " +
                                   std::to_string(n) + ": no information columns");
        }
        for (int i = 0; i < m; i++) {
            const int c = d_k + i;
            const auto rows = h.col(c);
            const bool ok = i + 1 < m
                                ? rows.size() == 2 && rows[0] == i && rows[1] == i + 1
                                : rows.size() == 1 && rows[0] == i;
            if (!ok) {
                std::string got;
                for (int r : rows) {
                    got += (got.empty() ? "" : ", ") + std::to_string(r);
                }
                throw invalid_argument(
                    me + "column " + std::to_string(c) +
                    " is not a staircase column: rows {" + got + "}, expected {" +
                    std::to_string(i) +
                    (i + 1 < m ? ", " + std::to_string(i + 1) : std::string()) + "}");
            }
        }
        // The information part A, row by row (columns of a row are ascending).
        d_row_ptr.assign(m + 1, 0);
        for (int r = 0; r < m; r++) {
            for (int c : h.row(r)) {
                if (c < d_k) {
                    d_cols.push_back(c);
                }
            }
            d_row_ptr[r + 1] = static_cast<int>(d_cols.size());
        }
        d_n = n;
        d_info_positions.resize(d_k);
        for (int i = 0; i < d_k; i++) {
            d_info_positions[i] = i;
        }
    }

    void encode(const uint8_t* info, uint8_t* codeword) const override
    {
        for (int i = 0; i < d_k; i++) {
            codeword[i] = info[i] & 1;
        }
        const int m = d_n - d_k;
        uint8_t p = 0;
        for (int r = 0; r < m; r++) {
            for (int e = d_row_ptr[r]; e < d_row_ptr[r + 1]; e++) {
                p ^= codeword[d_cols[e]];
            }
            codeword[d_k + r] = p;
        }
    }

    std::string method() const override { return "accumulator"; }

private:
    int d_k = 0;
    std::vector<int> d_row_ptr;
    std::vector<int> d_cols;
};

} // namespace

std::unique_ptr<encoder> make_accumulator_encoder(const parity_check_matrix& h)
{
    return std::make_unique<accumulator_encoder>(h);
}

} // namespace gpufec
