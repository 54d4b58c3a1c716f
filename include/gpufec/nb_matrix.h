/* -*- c++ -*- */
/*
 * Sparse parity-check matrix over GF(q) (nonbinary LDPC): M rows x N
 * columns, each nonzero entry an element 1..q-1 of GF(q) in the polynomial basis
 * (galois_field.h). Row (CSR) and column (CSC) views share the edge numbering of
 * the rows: edge e is the e-th nonzero in row-major order, so row r owns edges
 * row_ptr()[r] .. row_ptr()[r+1]-1, and col_edges() maps the column view onto them.
 *
 * Quasi-cyclic structure (NB-QC codes of Thi and Lee, "Efficient Parallel Block-layered
 * Nonbinary Quasi-cyclic LDPC Decoding on a GPU": (q-1)x(q-1) alpha-multiplied circulant
 * permutation matrices) is kept when known, and the layers of a layered decoder are: the
 * block rows of a QC matrix (each column meets a block row at most once), otherwise a
 * greedy partition of the rows into groups that share no column, in row order.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_NB_MATRIX_H
#define INCLUDED_GPUFEC_NB_MATRIX_H

#include <cstddef>
#include <cstdint>
#include <gpufec/api.h>
#include <vector>

namespace gpufec {

/*! One nonzero entry of H, 0-based. */
struct nb_entry {
    int row;
    int col;
    int value; //!< field element 1..q-1 (polynomial basis)
};

/*!
 * Quasi-cyclic description of an NB-QC matrix: block_rows x block_cols blocks of
 * size z = q - 1. Block (i,j) is zero (exponent -1) or the alpha-multiplied CPM of
 * alpha^e (Thi and Lee Fig. 1b): row r of the block holds alpha^((r + e) mod z) at
 * column (r + e) mod z, each row the right cyclic shift of the previous one
 * multiplied by alpha. The matrix entries themselves are those of nb_matrix; this
 * struct records the block layout and the exponents e.
 */
struct GPUFEC_API nb_qc_structure {
    int z = 0;
    int block_rows = 0;
    int block_cols = 0;
    std::vector<int> exponents; //!< row-major base matrix, -1 = zero block
};

class GPUFEC_API nb_matrix
{
public:
    nb_matrix() = default;

    /*!
     * Builds H (rows x cols over GF(q)) from its nonzero entries, any order.
     * Throws gpufec::invalid_argument for a position outside the matrix, a value
     * outside [1, q-1], a repeated position, or q not a power of two in [2, 256].
     */
    static nb_matrix
    from_entries(int rows, int cols, int q, std::vector<nb_entry> entries);

    int rows() const { return d_rows; }
    int cols() const { return d_cols; }
    int q() const { return d_q; }
    size_t edges() const { return d_row_cols.size(); }

    /*! CSR: row r has edges row_ptr()[r] .. row_ptr()[r+1]-1, columns ascending. */
    const std::vector<int>& row_ptr() const { return d_row_ptr; }
    const std::vector<int>& row_cols() const { return d_row_cols; }
    const std::vector<uint8_t>& row_vals() const { return d_row_vals; }
    /*! CSC: column c has col_ptr()[c] .. col_ptr()[c+1]-1 entries, rows ascending;
     *  col_rows() their rows, col_edges() their edge (row-major) indices. */
    const std::vector<int>& col_ptr() const { return d_col_ptr; }
    const std::vector<int>& col_rows() const { return d_col_rows; }
    const std::vector<int>& col_edges() const { return d_col_edges; }

    int row_degree(int r) const { return d_row_ptr[r + 1] - d_row_ptr[r]; }
    int col_degree(int c) const { return d_col_ptr[c + 1] - d_col_ptr[c]; }
    int max_row_degree() const { return d_max_row_degree; }
    int max_col_degree() const { return d_max_col_degree; }
    int min_row_degree() const;
    int min_col_degree() const;

    /*! The value at (row, col), 0 when absent. */
    int value(int row, int col) const;
    /*! All entries, row-major. */
    std::vector<nb_entry> entries() const;

    /*! Layers of a layered decoder (see file comment). */
    const std::vector<std::vector<int>>& layers() const { return d_layers; }
    bool is_qc() const { return d_qc.z > 0; }
    const nb_qc_structure& qc() const { return d_qc; }
    /*! Records QC structure (block rows become the layers). Checked for shape only. */
    void set_qc(const nb_qc_structure& qc);

    bool operator==(const nb_matrix& o) const
    {
        return d_rows == o.d_rows && d_cols == o.d_cols && d_q == o.d_q &&
               d_row_ptr == o.d_row_ptr && d_row_cols == o.d_row_cols &&
               d_row_vals == o.d_row_vals;
    }

private:
    void build_layers();

    int d_rows = 0;
    int d_cols = 0;
    int d_q = 2;
    int d_max_row_degree = 0;
    int d_max_col_degree = 0;
    std::vector<int> d_row_ptr{ 0 };
    std::vector<int> d_row_cols;
    std::vector<uint8_t> d_row_vals;
    std::vector<int> d_col_ptr{ 0 };
    std::vector<int> d_col_rows;
    std::vector<int> d_col_edges;
    std::vector<std::vector<int>> d_layers;
    nb_qc_structure d_qc;
};

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_NB_MATRIX_H */
