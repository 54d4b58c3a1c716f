/* -*- c++ -*- */
/*
 * Information-bit placement (info_placement.h): the placement names, and the
 * information columns gr-fec's cldpc picks for a parity-check matrix, computed
 * as GF2Mat::get_G (gr-fec/lib/gf2mat.cc, GNU Radio 3.10) does but on 64-bit
 * words: each row of H, in order, is reduced by the pivot rows found so far
 * (which gives the same row as gr-fec's eager Gauss-Jordan elimination: a row of
 * span(earlier rows) + row that is zero on every earlier pivot column is
 * unique), and its pivot is the first 1 in gr-fec's current column order from
 * the pivot's position on; the columns' order is gr-fec's swap sequence.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <cstddef> // size_t: parity_check_matrix.h uses it without including it

#include <cstdint>
#include <gpufec/info_placement.h>
#include <numeric>
#include <string>
#include <vector>

namespace gpufec {

std::string info_placement_name(info_placement p)
{
    switch (p) {
    case info_placement::standard:
        return "standard";
    case info_placement::pivot:
        return "pivot";
    case info_placement::grfec:
        return "grfec";
    }
    return "unknown";
}

bool parse_info_placement(const std::string& text, info_placement* out)
{
    if (text == "pivot") {
        *out = info_placement::pivot;
        return true;
    }
    if (text == "grfec") {
        *out = info_placement::grfec;
        return true;
    }
    return false;
}

std::vector<int> grfec_info_positions(const parity_check_matrix& h)
{
    const int m = h.rows();
    const int n = h.cols();
    const size_t words = (static_cast<size_t>(n) + 63) / 64;
    auto bit = [](const uint64_t* row, int c) {
        return (row[c / 64] >> (c % 64)) & uint64_t{ 1 };
    };

    // permute[i]: the column of H at position i of gr-fec's column order.
    std::vector<int> permute(n);
    std::iota(permute.begin(), permute.end(), 0);
    std::vector<uint64_t> pivot_rows; // rank x words, in pivot order
    std::vector<int> pivot_cols;
    std::vector<uint64_t> row(words);
    int rank = 0;
    for (int r = 0; r < m && rank < n; r++) {
        std::fill(row.begin(), row.end(), 0);
        for (int c : h.row(r)) {
            row[c / 64] |= uint64_t{ 1 } << (c % 64);
        }
        // Pivot row j is zero on the pivot columns of rows before it, so one
        // pass in pivot order clears every pivot column from this row.
        for (int j = 0; j < rank; j++) {
            if (bit(row.data(), pivot_cols[j])) {
                const uint64_t* p = pivot_rows.data() + static_cast<size_t>(j) * words;
                for (size_t w = 0; w < words; w++) {
                    row[w] ^= p[w];
                }
            }
        }
        int pos = rank;
        while (pos < n && !bit(row.data(), permute[pos])) {
            pos++;
        }
        if (pos == n) {
            continue; // a dependent row: gr-fec moves it to the bottom
        }
        std::swap(permute[rank], permute[pos]);
        pivot_cols.push_back(permute[rank]);
        pivot_rows.insert(pivot_rows.end(), row.begin(), row.end());
        rank++;
    }
    return std::vector<int>(permute.begin() + rank, permute.end());
}

std::string describe_columns(const std::vector<int>& columns, int max_runs)
{
    std::string s;
    int runs = 0;
    size_t i = 0;
    while (i < columns.size()) {
        size_t j = i;
        while (j + 1 < columns.size() && columns[j + 1] == columns[j] + 1) {
            j++;
        }
        if (runs == max_runs) {
            s += ", ... (" + std::to_string(columns.size()) + " columns)";
            return s;
        }
        if (runs++) {
            s += ", ";
        }
        s += std::to_string(columns[i]);
        if (j > i) {
            s += "-" + std::to_string(columns[j]);
        }
        i = j + 1;
    }
    return s.empty() ? "none" : s;
}

} // namespace gpufec
