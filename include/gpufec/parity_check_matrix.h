/* -*- c++ -*- */
/*
 * Sparse binary parity-check matrix H (M rows x N columns, at most the sizes of
 * gpufec/limits.h: from_entries and from_qc refuse more) with row (CSR) and
 * column (CSC) views, the quasi-cyclic description (base matrix, lifting size Z,
 * circulant shifts) when the code has one, and the layers used by layered
 * decoders: the block rows of a QC code, the 360-periodic row sets of DVB-S2-like
 * codes, otherwise a greedy partition of the rows into groups that share no
 * column.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PARITY_CHECK_MATRIX_H
#define INCLUDED_GPUFEC_PARITY_CHECK_MATRIX_H

#include <cstddef>
#include <cstdint>
#include <gpufec/api.h>
#include <utility>
#include <vector>

namespace gpufec {

/*!
 * Quasi-cyclic description: a block_rows x block_cols base matrix of circulant
 * shifts (-1 for an all-zero block). A shift s puts row z of block (i,j) at
 * column j*Z + (z+s) mod Z, i.e. the identity matrix cyclically shifted right by s.
 */
struct GPUFEC_API qc_structure {
    int z = 0;
    int block_rows = 0;
    int block_cols = 0;
    std::vector<int> shifts; //!< row-major, block_rows*block_cols entries, -1 = zero

    int shift(int block_row, int block_col) const
    {
        return shifts[static_cast<size_t>(block_row) * block_cols + block_col];
    }
    bool operator==(const qc_structure& o) const
    {
        return z == o.z && block_rows == o.block_rows && block_cols == o.block_cols &&
               shifts == o.shifts;
    }
};

/*! A view of the indices of one row or one column. */
struct index_span {
    const int* first;
    const int* last;
    const int* begin() const { return first; }
    const int* end() const { return last; }
    int size() const { return static_cast<int>(last - first); }
    int operator[](int i) const { return first[i]; }
};

class GPUFEC_API parity_check_matrix
{
public:
    parity_check_matrix() = default;

    /*!
     * Builds H from (row, column) positions of its ones, 0-based, any order.
     * Throws gpufec::invalid_argument on an index out of range or a duplicate
     * entry, naming the entry.
     */
    static parity_check_matrix
    from_entries(int rows, int cols, const std::vector<std::pair<int, int>>& entries);

    /*! Expands a QC base matrix; the result keeps the QC description. */
    static parity_check_matrix from_qc(const qc_structure& qc);

    int rows() const { return d_rows; }
    int cols() const { return d_cols; }
    size_t edges() const { return d_row_cols.size(); }

    /*! Columns of row r, ascending. */
    index_span row(int r) const
    {
        return { d_row_cols.data() + d_row_ptr[r], d_row_cols.data() + d_row_ptr[r + 1] };
    }
    /*! Rows of column c, ascending. */
    index_span col(int c) const
    {
        return { d_col_rows.data() + d_col_ptr[c], d_col_rows.data() + d_col_ptr[c + 1] };
    }
    int row_degree(int r) const { return d_row_ptr[r + 1] - d_row_ptr[r]; }
    int col_degree(int c) const { return d_col_ptr[c + 1] - d_col_ptr[c]; }
    int max_row_degree() const { return d_max_row_degree; }
    int max_col_degree() const { return d_max_col_degree; }

    /*! CSR arrays: row r's edges are [row_ptr[r], row_ptr[r+1]). */
    const std::vector<int>& row_ptr() const { return d_row_ptr; }
    const std::vector<int>& row_cols() const { return d_row_cols; }
    /*! CSC arrays: column c's edges are [col_ptr[c], col_ptr[c+1]). */
    const std::vector<int>& col_ptr() const { return d_col_ptr; }
    const std::vector<int>& col_rows() const { return d_col_rows; }
    /*! For each CSC edge, the index of the same edge in CSR order. */
    const std::vector<int>& col_edge_to_row_edge() const { return d_col_to_row_edge; }

    bool is_qc() const { return d_qc.z > 0; }
    /*! The QC description; z == 0 when the matrix has none. */
    const qc_structure& qc() const { return d_qc; }

    /*!
     * Layers for layered decoding, in decoding order: each is a list of rows that
     * share no column. QC: block row i is rows [i*Z, (i+1)*Z). Otherwise, when
     * M = 360 q (q >= 2), N - M = 360 g and the first N - M columns are 360-periodic
     * (row r + (k+1) q has row r + k q's columns 360 j + i moved to
     * 360 j + (i+1) mod 360): for r = 0..q-1 in order, the strided row set
     * {r + k q : k = 0..359} (the DVB-S2 codes: their parity bit addresses repeat
     * with period q, EN 302 307-1 section 5.3.2; the QC form with Z = 360 under
     * the row permutation r + k q -> (r, k)); a set two of whose rows share a
     * column (two addresses of one information group congruent mod q) is split
     * into column-disjoint sublayers by a 2-colouring of its conflict graph
     * (breadth first from its lowest row) or, where none exists, first-fit in
     * row order; each layer lists its rows ascending. Otherwise: greedy first-fit
     * over the rows in ascending order. A matrix whose squared column degrees sum
     * to more than 2^26 (one column of degree > 8192 alone: not low-density) gets
     * one layer per row, so that building the layers stays fast.
     */
    const std::vector<std::vector<int>>& layers() const { return d_layers; }

    /*! s = H c (mod 2) for a codeword c of cols() bytes (0/1); true when s == 0. */
    bool syndrome_ok(const uint8_t* codeword) const;

    /*! Degree histograms: index = degree, value = number of columns / rows. */
    std::vector<int> col_degree_histogram() const;
    std::vector<int> row_degree_histogram() const;

    /*! Same rows, columns and ones (the QC description is not compared). */
    bool same_entries(const parity_check_matrix& o) const;

private:
    void build_layers();
    /*! from_entries without the layers (from_qc builds its own). */
    static parity_check_matrix
    build_views(int rows, int cols, const std::vector<std::pair<int, int>>& entries);
    /*! Layers from the row sets r + k * (M / z); false when H is not z-periodic. */
    bool build_strided_layers(int z);
    static constexpr int strided_layer_period = 360;
    static constexpr unsigned long long layer_work_limit = 1ull << 26;

    int d_rows = 0;
    int d_cols = 0;
    int d_max_row_degree = 0;
    int d_max_col_degree = 0;
    std::vector<int> d_row_ptr{ 0 };
    std::vector<int> d_row_cols;
    std::vector<int> d_col_ptr{ 0 };
    std::vector<int> d_col_rows;
    std::vector<int> d_col_to_row_edge;
    qc_structure d_qc;
    std::vector<std::vector<int>> d_layers;
};

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_PARITY_CHECK_MATRIX_H */
