/* -*- c++ -*- */
/*
 * Sparse binary parity-check matrix: CSR/CSC views built from entries or from a
 * QC base matrix (shift s: row z of block (i,j) at column j*Z + (z+s) mod Z), and
 * the layers for layered decoding (block rows for QC codes; for M = 360 q rows
 * (the DVB-S2 codes of EN 302 307-1 section 5.3.2, whose parity bit addresses
 * repeat with period q) the 360-periodic row sets r + k q, each split into
 * column-disjoint sublayers where two of its rows share a column; greedy
 * first-fit partition into column-disjoint row groups otherwise). Sizes within
 * include/gpufec/limits.h (rows, columns, edges), checked before any allocation.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <algorithm>
#include <gpufec/error.h>
#include <gpufec/limits.h>
#include <gpufec/parity_check_matrix.h>
#include <string>

namespace gpufec {

parity_check_matrix parity_check_matrix::from_entries(
    int rows, int cols, const std::vector<std::pair<int, int>>& entries)
{
    parity_check_matrix h = build_views(rows, cols, entries);
    h.build_layers();
    return h;
}

parity_check_matrix parity_check_matrix::build_views(
    int rows, int cols, const std::vector<std::pair<int, int>>& entries)
{
    if (rows <= 0 || cols <= 0) {
        throw invalid_argument("parity_check_matrix: size must be positive, got " +
                               std::to_string(rows) + " x " + std::to_string(cols));
    }
    if (rows > limits::max_rows || cols > limits::max_columns ||
        entries.size() > limits::max_edges) {
        throw invalid_argument(
            "parity_check_matrix: " + std::to_string(rows) + " x " +
            std::to_string(cols) + " with " + std::to_string(entries.size()) +
            " ones exceeds the limits of " + std::to_string(limits::max_rows) +
            " rows, " + std::to_string(limits::max_columns) + " columns and " +
            std::to_string(limits::max_edges) +
            " ones (gpufec::limits::max_rows, max_columns, max_edges)");
    }
    parity_check_matrix h;
    h.d_rows = rows;
    h.d_cols = cols;

    std::vector<int> row_count(rows, 0);
    for (size_t i = 0; i < entries.size(); i++) {
        const auto& e = entries[i];
        if (e.first < 0 || e.first >= rows || e.second < 0 || e.second >= cols) {
            throw invalid_argument("parity_check_matrix: entry " + std::to_string(i) +
                                   " (" + std::to_string(e.first) + ", " +
                                   std::to_string(e.second) + ") is outside " +
                                   std::to_string(rows) + " x " + std::to_string(cols));
        }
        row_count[e.first]++;
    }
    h.d_row_ptr.assign(rows + 1, 0);
    for (int r = 0; r < rows; r++) {
        h.d_row_ptr[r + 1] = h.d_row_ptr[r] + row_count[r];
    }
    h.d_row_cols.assign(entries.size(), 0);
    std::vector<int> fill(h.d_row_ptr.begin(), h.d_row_ptr.end() - 1);
    for (const auto& e : entries) {
        h.d_row_cols[fill[e.first]++] = e.second;
    }
    for (int r = 0; r < rows; r++) {
        auto b = h.d_row_cols.begin() + h.d_row_ptr[r];
        auto e = h.d_row_cols.begin() + h.d_row_ptr[r + 1];
        std::sort(b, e);
        auto dup = std::adjacent_find(b, e);
        if (dup != e) {
            throw invalid_argument("parity_check_matrix: duplicate entry (" +
                                   std::to_string(r) + ", " + std::to_string(*dup) + ")");
        }
        h.d_max_row_degree = std::max(h.d_max_row_degree, static_cast<int>(e - b));
    }

    // CSC view and the CSC -> CSR edge map
    std::vector<int> col_count(cols, 0);
    for (int c : h.d_row_cols) {
        col_count[c]++;
    }
    h.d_col_ptr.assign(cols + 1, 0);
    for (int c = 0; c < cols; c++) {
        h.d_col_ptr[c + 1] = h.d_col_ptr[c] + col_count[c];
        h.d_max_col_degree = std::max(h.d_max_col_degree, col_count[c]);
    }
    h.d_col_rows.assign(entries.size(), 0);
    h.d_col_to_row_edge.assign(entries.size(), 0);
    std::vector<int> cfill(h.d_col_ptr.begin(), h.d_col_ptr.end() - 1);
    for (int r = 0; r < rows; r++) { // rows ascending -> each column's rows ascending
        for (int e = h.d_row_ptr[r]; e < h.d_row_ptr[r + 1]; e++) {
            const int c = h.d_row_cols[e];
            h.d_col_rows[cfill[c]] = r;
            h.d_col_to_row_edge[cfill[c]] = e;
            cfill[c]++;
        }
    }
    return h;
}

parity_check_matrix parity_check_matrix::from_qc(const qc_structure& qc)
{
    if (qc.z <= 0 || qc.block_rows <= 0 || qc.block_cols <= 0 ||
        qc.shifts.size() != static_cast<size_t>(qc.block_rows) * qc.block_cols) {
        throw invalid_argument(
            "parity_check_matrix::from_qc: inconsistent base matrix (Z=" +
            std::to_string(qc.z) + ", " + std::to_string(qc.block_rows) + " x " +
            std::to_string(qc.block_cols) + ", " + std::to_string(qc.shifts.size()) +
            " shifts)");
    }
    // the expansion, checked before it is made (the products in 64 bits)
    size_t blocks = 0;
    for (int s : qc.shifts) {
        blocks += s >= 0 ? 1 : 0;
    }
    const long long z = qc.z;
    if (qc.block_rows * z > limits::max_rows || qc.block_cols * z > limits::max_columns ||
        blocks * static_cast<unsigned long long>(z) > limits::max_edges) {
        throw invalid_argument(
            "parity_check_matrix::from_qc: " + std::to_string(qc.block_rows) + " x " +
            std::to_string(qc.block_cols) + " blocks (" + std::to_string(blocks) +
            " nonzero) of Z=" + std::to_string(qc.z) + " exceed the limits of " +
            std::to_string(limits::max_rows) + " rows, " +
            std::to_string(limits::max_columns) + " columns and " +
            std::to_string(limits::max_edges) +
            " ones (gpufec::limits::max_rows, max_columns, max_edges)");
    }
    std::vector<std::pair<int, int>> entries;
    entries.reserve(blocks * qc.z);
    for (int i = 0; i < qc.block_rows; i++) {
        for (int j = 0; j < qc.block_cols; j++) {
            const int s = qc.shift(i, j);
            if (s < 0) {
                continue;
            }
            if (s >= qc.z) {
                throw invalid_argument("parity_check_matrix::from_qc: shift " +
                                       std::to_string(s) + " at block (" +
                                       std::to_string(i) + ", " + std::to_string(j) +
                                       ") is not below Z=" + std::to_string(qc.z));
            }
            for (int z = 0; z < qc.z; z++) {
                entries.emplace_back(i * qc.z + z, j * qc.z + (z + s) % qc.z);
            }
        }
    }
    // the layers once, from the block rows (not the greedy partition first)
    parity_check_matrix h =
        build_views(qc.block_rows * qc.z, qc.block_cols * qc.z, entries);
    h.d_qc = qc;
    h.build_layers();
    return h;
}

void parity_check_matrix::build_layers()
{
    d_layers.clear();
    if (is_qc()) {
        for (int i = 0; i < d_qc.block_rows; i++) {
            std::vector<int> layer(d_qc.z);
            for (int z = 0; z < d_qc.z; z++) {
                layer[z] = i * d_qc.z + z;
            }
            d_layers.push_back(std::move(layer));
        }
        return;
    }
    // Both partitions below cost up to the sum of the squared column degrees; where
    // that exceeds layer_work_limit (a column of degree > 8192 alone: not a
    // low-density matrix), each row is its own layer, so that a crafted matrix
    // cannot stall construction.
    unsigned long long work = 0;
    for (int c = 0; c < d_cols; c++) {
        const unsigned long long d = static_cast<unsigned long long>(col_degree(c));
        work += d * d;
    }
    if (work > layer_work_limit) {
        for (int r = 0; r < d_rows; r++) {
            d_layers.push_back({ r });
        }
        return;
    }
    if (build_strided_layers(strided_layer_period)) {
        return;
    }
    // Greedy first-fit: a row joins the lowest-numbered layer none of whose rows
    // shares a column with it. col_layers[c] lists the layers already using column c
    // (at most its degree), so the layers a row may not join are the union of its
    // columns' lists.
    std::vector<std::vector<int>> col_layers(d_cols);
    std::vector<int>
        blocked_stamp; // blocked_stamp[l] == r + 1: layer l clashes with row r
    for (int r = 0; r < d_rows; r++) {
        const auto cols = row(r);
        for (int c : cols) {
            for (int l : col_layers[c]) {
                blocked_stamp[l] = r + 1;
            }
        }
        int chosen = 0;
        while (chosen < static_cast<int>(d_layers.size()) &&
               blocked_stamp[chosen] == r + 1) {
            chosen++;
        }
        if (chosen == static_cast<int>(d_layers.size())) {
            d_layers.emplace_back();
            blocked_stamp.push_back(0);
        }
        d_layers[chosen].push_back(r);
        for (int c : cols) {
            col_layers[c].push_back(chosen);
        }
    }
}

bool parity_check_matrix::build_strided_layers(int z)
{
    if (d_rows % z != 0 || d_rows / z < 2) {
        return false;
    }
    const int q = d_rows / z;
    const int n0 = d_cols - d_rows; // the columns before the parity part
    if (n0 < 0 || n0 % z != 0) {
        return false;
    }
    // periodic: row r + (k + 1) q has the columns of row r + k q with each column
    // z j + i of the first n0 moved to z j + (i + 1) mod z (DVB-S2's information
    // groups; the parity part is not compared)
    std::vector<int> a, b;
    for (int row = 0; row < d_rows; row++) {
        const int next = row + q < d_rows ? row + q : row + q - d_rows;
        a.clear();
        b.clear();
        for (int c : this->row(row)) {
            if (c < n0) {
                a.push_back(c / z * z + (c % z + 1) % z);
            }
        }
        for (int c : this->row(next)) {
            if (c < n0) {
                b.push_back(c);
            }
        }
        std::sort(a.begin(), a.end());
        if (a != b) {
            return false;
        }
    }
    // conflicts inside a strided set: two rows r + k q, r + k' q sharing a column
    // (DVB-S2: two addresses of one information group congruent mod q)
    std::vector<std::vector<int>> adj(d_rows);
    for (int c = 0; c < d_cols; c++) {
        const index_span rows = col(c);
        for (int i = 0; i < rows.size(); i++) {
            for (int j = i + 1; j < rows.size(); j++) {
                if (rows[i] % q == rows[j] % q) {
                    adj[rows[i]].push_back(rows[j]);
                    adj[rows[j]].push_back(rows[i]);
                }
            }
        }
    }
    // each set split into column-disjoint sublayers: a 2-colouring of its conflict
    // graph when it has one (breadth first from the lowest row), else first-fit
    std::vector<int> color(d_rows, -1);
    d_layers.clear();
    for (int r = 0; r < q; r++) {
        bool two = true;
        for (int k = 0; k < z && two; k++) {
            const int root = r + k * q;
            if (color[root] >= 0) {
                continue;
            }
            color[root] = 0;
            std::vector<int> queue{ root };
            for (size_t i = 0; i < queue.size() && two; i++) {
                for (int o : adj[queue[i]]) {
                    if (color[o] < 0) {
                        color[o] = 1 - color[queue[i]];
                        queue.push_back(o);
                    } else if (color[o] == color[queue[i]]) {
                        two = false;
                    }
                }
            }
        }
        if (!two) {
            for (int k = 0; k < z; k++) {
                color[r + k * q] = -1;
            }
            for (int k = 0; k < z; k++) {
                const int row = r + k * q;
                std::vector<char> used;
                for (int o : adj[row]) {
                    if (color[o] >= 0) {
                        used.resize(std::max<size_t>(used.size(), color[o] + 1), 0);
                        used[color[o]] = 1;
                    }
                }
                int c = 0;
                while (c < static_cast<int>(used.size()) && used[c]) {
                    c++;
                }
                color[row] = c;
            }
        }
        int colors = 0;
        for (int k = 0; k < z; k++) {
            colors = std::max(colors, color[r + k * q] + 1);
        }
        for (int c = 0; c < colors; c++) {
            std::vector<int> layer;
            for (int k = 0; k < z; k++) {
                if (color[r + k * q] == c) {
                    layer.push_back(r + k * q);
                }
            }
            d_layers.push_back(std::move(layer));
        }
    }
    return true;
}

bool parity_check_matrix::syndrome_ok(const uint8_t* codeword) const
{
    for (int r = 0; r < d_rows; r++) {
        uint8_t parity = 0;
        for (int c : row(r)) {
            parity ^= codeword[c] & 1;
        }
        if (parity) {
            return false;
        }
    }
    return true;
}

std::vector<int> parity_check_matrix::col_degree_histogram() const
{
    std::vector<int> hist(d_max_col_degree + 1, 0);
    for (int c = 0; c < d_cols; c++) {
        hist[col_degree(c)]++;
    }
    return hist;
}

std::vector<int> parity_check_matrix::row_degree_histogram() const
{
    std::vector<int> hist(d_max_row_degree + 1, 0);
    for (int r = 0; r < d_rows; r++) {
        hist[row_degree(r)]++;
    }
    return hist;
}

bool parity_check_matrix::same_entries(const parity_check_matrix& o) const
{
    return d_rows == o.d_rows && d_cols == o.d_cols && d_row_ptr == o.d_row_ptr &&
           d_row_cols == o.d_row_cols;
}

} // namespace gpufec
