/* -*- c++ -*- */
/*
 * Readers (and a MacKay writer) of GF(q) parity-check matrix files, the layouts
 * below (the reference files: docs/VALIDATION.md):
 *  - mackay: MacKay GF(q) alist. "N M q", "max_col max_row", N column weights,
 *    M row weights, N lines of 1-based "row value" pairs, M lines of 1-based
 *    "col value" pairs (padded with "0 0"); value = field element integer
 *    (polynomial basis). Column and row lists must agree.
 *  - rptu: RPTU (Kaiserslautern) database. "N M q", column weights, row weights,
 *    then per row 1-based "col exponent" pairs, value = alpha^exponent (-1 = zero
 *    entry, skipped). The large files are full alists (with a max-weight line and
 *    column lists too), also with exponents; both forms are read.
 *  - labsticc: Lab-STICC EMS layout. "N M q", column weights, row weights, M lines
 *    of 0-based column indices, M lines of values v meaning alpha^(v-1) (0 = zero).
 *  - binary: structure-only files found beside them (binary alist, dense 0/1
 *    rows, .qc base matrices "cols rows Z", "N M w ..." row lists): read as GF(2)
 *    matrices (every entry 1).
 * Detection (format automatic): "N M q" on line 1 with q a power of two > 2 picks
 * among mackay / rptu / labsticc by the shape of the body and the values (a 0
 * value with a nonzero index or a -1 means exponents); otherwise the binary
 * layouts are tried. The exponent layouts need the field: the default primitive
 * polynomial of galois_field.h unless one is given (the RPTU files use GF(64)
 * 1+x+x^6 and GF(256) 1+x^2+x^3+x^4+x^8, the defaults).
 *
 * Every refusal is a gpufec::file_format_error naming the file and the line:
 * malformed numbers, wrong counts, indices out of range, values >= q, weights
 * that disagree with the lists, column and row lists that disagree.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_NB_MATRIX_FILES_H
#define INCLUDED_GPUFEC_NB_MATRIX_FILES_H

#include <gpufec/api.h>
#include <gpufec/galois_field.h>
#include <gpufec/nb_matrix.h>
#include <iosfwd>
#include <string>

namespace gpufec {

enum class nb_matrix_format { automatic, mackay, rptu, labsticc, binary };

/*! "auto", "mackay", "rptu", "labsticc", "binary"; else gpufec::invalid_argument. */
GPUFEC_API nb_matrix_format parse_nb_matrix_format(const std::string& name);
GPUFEC_API std::string to_string(nb_matrix_format format);

/*! What a reader found. */
struct GPUFEC_API nb_matrix_file {
    nb_matrix h;
    nb_matrix_format format = nb_matrix_format::automatic; //!< the layout read
    std::string layout; //!< e.g. "rptu (row pairs)", "binary (qc base matrix)"
};

/*!
 * Reads a GF(q) matrix file. `field` converts exponents (rptu, labsticc); null
 * means the default field of the file's q; a field of another q is refused.
 */
GPUFEC_API nb_matrix_file
read_nb_matrix(const std::string& path,
               nb_matrix_format format = nb_matrix_format::automatic,
               galois_field::sptr field = nullptr);
/*! Parses text; `name` stands for the path in messages. */
GPUFEC_API nb_matrix_file
parse_nb_matrix(std::istream& in,
                const std::string& name,
                nb_matrix_format format = nb_matrix_format::automatic,
                galois_field::sptr field = nullptr);

/*! Writes H as a MacKay GF(q) alist (exact-length lists, values as integers). */
GPUFEC_API void write_nb_alist(const nb_matrix& h, const std::string& path);
GPUFEC_API void write_nb_alist(const nb_matrix& h, std::ostream& out);

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_NB_MATRIX_FILES_H */
