/* -*- c++ -*- */
/*
 * Information-bit placement: which columns of H carry the information bits of a
 * binary code, a property of every ldpc_code (ldpc_code::placement(),
 * ldpc_code::info_positions()). Two encoders of the same H that place them
 * differently both emit valid codewords, but a decoder made for one returns
 * wrong bits for the other; so a frame exchanged with another implementation
 * needs the same placement on both sides.
 *
 *  - standard: the standard's systematic columns (802.11n, 802.16e, 5G NR and
 *    DVB-S2 put the information bits first).
 *  - pivot: the columns our generic encoder (encoder_generic.cc) leaves free:
 *    peeling and elimination take parity columns from the right, information
 *    is what is left, ascending. The default for alist and .qc files.
 *  - grfec: GNU Radio gr-fec's. For a parity-check matrix this is the column
 *    choice of gr-fec's cldpc (GF2Mat::get_G, used by fec.ldpc_encoder and
 *    fec.ldpc_decoder): rows of H taken in order, each reduced by the earlier
 *    pivots (Gauss-Jordan); a row that reduces to zero is dependent and
 *    skipped; otherwise its pivot is the first 1 in the current column order
 *    from the pivot's own position on, and that column swaps places with the
 *    column at that position. Information bit i is then the column at position
 *    rank + i. When the first M columns of H are invertible, as in gr-fec's
 *    n_*_k_*_gap_*.alist files, this gives columns M .. N-1 in order: exactly
 *    where fec.ldpc_H_matrix (ldpc_par_mtrx_encoder, ldpc_bit_flip_decoder)
 *    puts them (its codeword is [p1 p2 s], s the K information bits).
 *    For a generator-matrix file (galist:, gr-fec's fec.ldpc_G_matrix, G =
 *    [I | P]) it is the first K columns.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_INFO_PLACEMENT_H
#define INCLUDED_GPUFEC_INFO_PLACEMENT_H

#include <gpufec/api.h>
#include <gpufec/parity_check_matrix.h>
#include <string>
#include <vector>

namespace gpufec {

/*! Where a code's information bits sit among the columns of H (file comment). */
enum class info_placement {
    standard, //!< the standard's systematic columns
    pivot,    //!< the columns our generic encoder leaves free
    grfec     //!< gr-fec's (cldpc / ldpc_H_matrix for H, ldpc_G_matrix for G)
};

/*! "standard", "pivot" or "grfec". */
GPUFEC_API std::string info_placement_name(info_placement p);

/*!
 * Parses a placement given in a code spec ("pivot" or "grfec", lower case).
 * Returns false (leaving *out alone) for any other text.
 */
GPUFEC_API bool parse_info_placement(const std::string& text, info_placement* out);

/*!
 * The information columns gr-fec's cldpc chooses for H (see the file comment):
 * N - rank(H) column indices, information bit i in column result[i]. Bit-packed
 * Gauss-Jordan elimination, O(M * rank * N / 64) word operations.
 */
GPUFEC_API std::vector<int> grfec_info_positions(const parity_check_matrix& h);

/*!
 * Text naming a list of columns by ascending runs, e.g. "0-1151" or
 * "3, 5-9, 12"; at most `max_runs` runs, then ", ... (K columns)".
 */
GPUFEC_API std::string describe_columns(const std::vector<int>& columns,
                                        int max_runs = 6);

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_INFO_PLACEMENT_H */
