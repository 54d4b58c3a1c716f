/* -*- c++ -*- */
/*
 * Readers and writers of binary parity-check matrix files:
 *  - alist (D. J. C. MacKay): "N M", "max_col_weight max_row_weight", N column
 *    weights, M row weights, N lines of 1-based row indices, M lines of 1-based
 *    column indices; lists zero-padded to the max weight or of exact length;
 *    '#' comment lines are skipped.
 *  - .qc base matrix: "n_block_cols n_block_rows Z", then the block_rows x
 *    block_cols shifts (-1 = zero block), then optionally one line of 1/0 per
 *    block column (transmitted / punctured).
 *  - a systematic generator matrix G = [I | P] in alist layout (gr-fec's
 *    generator-matrix files), read as the parity-check matrix of its code.
 * Every refusal is a gpufec::file_format_error naming the file and the line.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_MATRIX_FILES_H
#define INCLUDED_GPUFEC_MATRIX_FILES_H

#include <gpufec/api.h>
#include <gpufec/parity_check_matrix.h>
#include <iosfwd>
#include <string>
#include <vector>

namespace gpufec {

/*! Reads an alist file. */
GPUFEC_API parity_check_matrix read_alist(const std::string& path);
/*! Parses alist text; `name` is used in error messages in place of a path. */
GPUFEC_API parity_check_matrix parse_alist(std::istream& in, const std::string& name);
/*!
 * Reads a generator matrix G (K rows, N columns) written in alist layout, as
 * gr-fec's fec.ldpc_G_matrix reads its *_gen_matrix.alist / *_g_matrix.alist
 * files: line 1 is "N K". G must be systematic, G = [I_K | P] (gr-fec's
 * requirement too); a file that is not is refused naming the first column that
 * breaks the identity and its line. Returns the parity-check matrix of the same
 * code, H = [P^T | I_(N-K)]; information bit i is codeword column i.
 */
GPUFEC_API parity_check_matrix read_generator_alist(const std::string& path);
GPUFEC_API parity_check_matrix parse_generator_alist(std::istream& in,
                                                     const std::string& name);
/*! Writes H as alist (exact-length lists unless zero_pad). */
GPUFEC_API void
write_alist(const parity_check_matrix& h, const std::string& path, bool zero_pad = false);
GPUFEC_API void
write_alist(const parity_check_matrix& h, std::ostream& out, bool zero_pad = false);

/*! A .qc file: the base matrix and which block columns are transmitted. */
struct GPUFEC_API qc_file {
    qc_structure qc;
    std::vector<bool> transmitted; //!< one per block column; all true when absent
};

GPUFEC_API qc_file read_qc(const std::string& path);
GPUFEC_API qc_file parse_qc(std::istream& in, const std::string& name);
/*! Writes the punctured-columns line only when some column is punctured. */
GPUFEC_API void write_qc(const qc_file& f, const std::string& path);
GPUFEC_API void write_qc(const qc_file& f, std::ostream& out);

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_MATRIX_FILES_H */
