/* -*- c++ -*- */
/*
 * Sparse GF(q) parity-check matrix (include/gpufec/nb_matrix.h): CSR and CSC
 * views, QC block layout, layers (block rows of Thi and Lee, "Efficient Parallel
 * Block-layered Nonbinary Quasi-cyclic LDPC Decoding on a GPU": NB-QC codes, else greedy
 * column-disjoint row groups).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gpufec/error.h>
#include <gpufec/galois_field.h>
#include <gpufec/limits.h>
#include <gpufec/nb_matrix.h>

#include <algorithm>
#include <string>

namespace gpufec {

nb_matrix
nb_matrix::from_entries(int rows, int cols, int q, std::vector<nb_entry> entries)
{
    if (galois_field::degree_of(q) < 0) {
        throw invalid_argument("nb_matrix: q = " + std::to_string(q) +
                               " is not a power of two in [2, 256]");
    }
    if (rows < 1 || cols < 1) {
        throw invalid_argument("nb_matrix: size " + std::to_string(rows) + " x " +
                               std::to_string(cols) + " must be at least 1 x 1");
    }
    if (rows > limits::max_rows || cols > limits::max_columns ||
        entries.size() > limits::max_edges) {
        throw invalid_argument(
            "nb_matrix: " + std::to_string(rows) + " x " + std::to_string(cols) +
            " with " + std::to_string(entries.size()) +
            " nonzero entries exceeds the limits of " + std::to_string(limits::max_rows) +
            " rows, " + std::to_string(limits::max_columns) + " columns and " +
            std::to_string(limits::max_edges) +
            " entries (gpufec::limits::max_rows, max_columns, "
            "max_edges)");
    }
    for (size_t i = 0; i < entries.size(); i++) {
        const nb_entry& e = entries[i];
        if (e.row < 0 || e.row >= rows || e.col < 0 || e.col >= cols) {
            throw invalid_argument("nb_matrix: entry " + std::to_string(i) + " at (" +
                                   std::to_string(e.row) + ", " + std::to_string(e.col) +
                                   ") is outside the " + std::to_string(rows) + " x " +
                                   std::to_string(cols) + " matrix");
        }
        if (e.value < 1 || e.value >= q) {
            throw invalid_argument("nb_matrix: entry " + std::to_string(i) + " at (" +
                                   std::to_string(e.row) + ", " + std::to_string(e.col) +
                                   ") has value " + std::to_string(e.value) +
                                   ", not in [1, " + std::to_string(q - 1) + "]");
        }
    }
    std::sort(entries.begin(), entries.end(), [](const nb_entry& a, const nb_entry& b) {
        return a.row != b.row ? a.row < b.row : a.col < b.col;
    });
    for (size_t i = 1; i < entries.size(); i++) {
        if (entries[i].row == entries[i - 1].row &&
            entries[i].col == entries[i - 1].col) {
            throw invalid_argument("nb_matrix: position (" +
                                   std::to_string(entries[i].row) + ", " +
                                   std::to_string(entries[i].col) + ") is given twice");
        }
    }
    nb_matrix h;
    h.d_rows = rows;
    h.d_cols = cols;
    h.d_q = q;
    h.d_row_ptr.assign(rows + 1, 0);
    h.d_row_cols.resize(entries.size());
    h.d_row_vals.resize(entries.size());
    std::vector<int> col_count(cols, 0);
    for (size_t i = 0; i < entries.size(); i++) {
        h.d_row_ptr[entries[i].row + 1]++;
        h.d_row_cols[i] = entries[i].col;
        h.d_row_vals[i] = static_cast<uint8_t>(entries[i].value);
        col_count[entries[i].col]++;
    }
    for (int r = 0; r < rows; r++) {
        h.d_row_ptr[r + 1] += h.d_row_ptr[r];
        h.d_max_row_degree = std::max(h.d_max_row_degree, h.row_degree(r));
    }
    h.d_col_ptr.assign(cols + 1, 0);
    for (int c = 0; c < cols; c++) {
        h.d_col_ptr[c + 1] = h.d_col_ptr[c] + col_count[c];
        h.d_max_col_degree = std::max(h.d_max_col_degree, col_count[c]);
    }
    h.d_col_rows.resize(entries.size());
    h.d_col_edges.resize(entries.size());
    std::vector<int> fill(h.d_col_ptr.begin(), h.d_col_ptr.end() - 1);
    for (int r = 0; r < rows; r++) {
        for (int e = h.d_row_ptr[r]; e < h.d_row_ptr[r + 1]; e++) {
            const int c = h.d_row_cols[e];
            h.d_col_rows[fill[c]] = r;
            h.d_col_edges[fill[c]] = e;
            fill[c]++;
        }
    }
    h.build_layers();
    return h;
}

int nb_matrix::min_row_degree() const
{
    int m = d_max_row_degree;
    for (int r = 0; r < d_rows; r++) {
        m = std::min(m, row_degree(r));
    }
    return m;
}

int nb_matrix::min_col_degree() const
{
    int m = d_max_col_degree;
    for (int c = 0; c < d_cols; c++) {
        m = std::min(m, col_degree(c));
    }
    return m;
}

int nb_matrix::value(int row, int col) const
{
    if (row < 0 || row >= d_rows || col < 0 || col >= d_cols) {
        return 0;
    }
    const auto first = d_row_cols.begin() + d_row_ptr[row];
    const auto last = d_row_cols.begin() + d_row_ptr[row + 1];
    const auto it = std::lower_bound(first, last, col);
    return it != last && *it == col ? d_row_vals[it - d_row_cols.begin()] : 0;
}

std::vector<nb_entry> nb_matrix::entries() const
{
    std::vector<nb_entry> out;
    out.reserve(edges());
    for (int r = 0; r < d_rows; r++) {
        for (int e = d_row_ptr[r]; e < d_row_ptr[r + 1]; e++) {
            out.push_back({ r, d_row_cols[e], d_row_vals[e] });
        }
    }
    return out;
}

void nb_matrix::set_qc(const nb_qc_structure& qc)
{
    if (qc.z < 1 || qc.block_rows * qc.z != d_rows || qc.block_cols * qc.z != d_cols ||
        qc.exponents.size() != static_cast<size_t>(qc.block_rows) * qc.block_cols) {
        throw invalid_argument("nb_matrix::set_qc: the block layout does not fit the " +
                               std::to_string(d_rows) + " x " + std::to_string(d_cols) +
                               " matrix");
    }
    d_qc = qc;
    build_layers();
}

void nb_matrix::build_layers()
{
    d_layers.clear();
    if (d_qc.z > 0) {
        // A block row of CPMs meets every column at most once.
        for (int b = 0; b < d_qc.block_rows; b++) {
            std::vector<int> layer(d_qc.z);
            for (int z = 0; z < d_qc.z; z++) {
                layer[z] = b * d_qc.z + z;
            }
            d_layers.push_back(std::move(layer));
        }
        return;
    }
    // Greedy: a row joins the current layer when it shares no column with it.
    std::vector<int> mark(d_cols, -1);
    std::vector<int> current;
    const int id_base = 0;
    int layer_id = id_base;
    for (int r = 0; r < d_rows; r++) {
        bool clash = false;
        for (int e = d_row_ptr[r]; e < d_row_ptr[r + 1] && !clash; e++) {
            clash = mark[d_row_cols[e]] == layer_id;
        }
        if (clash) {
            d_layers.push_back(std::move(current));
            current.clear();
            layer_id++;
        }
        for (int e = d_row_ptr[r]; e < d_row_ptr[r + 1]; e++) {
            mark[d_row_cols[e]] = layer_id;
        }
        current.push_back(r);
    }
    if (!current.empty()) {
        d_layers.push_back(std::move(current));
    }
}

} // namespace gpufec
