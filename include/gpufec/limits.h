/* -*- c++ -*- */
/*
 * The documented limits of the gpufec core on what it accepts from files, code
 * specs and callers, so that a file of a few bytes cannot make the library reserve
 * gigabytes, loop for minutes or overflow an integer. Each is checked before the
 * allocation or loop it bounds; a refusal names the file and line (or the spec or
 * argument) and the limit. Every size read from a file is also range-checked
 * before use, and nothing is reserved from a header alone: what is allocated is
 * bounded by what the file holds, or, for the one expansion a file describes (a
 * quasi-cyclic base matrix lifted by Z), by these limits. At the limits a code
 * is constructed in about a second (docs/VALIDATION.md, "Bad input").
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_LIMITS_H
#define INCLUDED_GPUFEC_LIMITS_H

#include <cstddef>
#include <cstdint>

namespace gpufec {
namespace limits {

/*!
 * Largest matrix file read (alist, .qc, the GF(q) layouts): 64 MiB, twenty times
 * the largest public matrix file (DVB-S2 normal 1/2 alist, 3 MB). A larger file,
 * a directory, or a file holding a NUL byte (binary data, /dev/zero) is refused.
 */
constexpr std::size_t max_matrix_file_bytes = std::size_t(64) << 20;

/*! Most columns (N: bits of a binary code, symbols of a GF(q) code): 2^20. */
constexpr int max_columns = 1 << 20;

/*! Most rows (M) of a parity-check matrix: 2^20. */
constexpr int max_rows = 1 << 20;

/*!
 * Most nonzero entries (Tanner graph edges) of a parity-check matrix: 2^20,
 * three and a half times those of DVB-S2 normal frames (300 000). Bounds the matrix's
 * memory (about 24 bytes an edge while it is built) and the time to build it.
 */
constexpr std::size_t max_edges = std::size_t(1) << 20;

/*!
 * Edges of a random (nbreg) GF(q) code: progressive edge growth runs a
 * breadth-first search over the graph for every edge, so its time grows with the
 * square of the edges; 2^14 edges take about a second (2^15 took 11 s).
 */
constexpr std::size_t max_peg_edges = std::size_t(1) << 14;

/*!
 * Largest dense matrix of a generic encoder, built by Gaussian elimination when
 * the encoder is first needed: GF(q) codes (M x N bytes), binary codes (the rows
 * and columns left after peeling, in bits): 256 MiB.
 */
constexpr std::size_t max_dense_encoder_bytes = std::size_t(256) << 20;

/*!
 * Message memory of a nonbinary decoder: edges x q entries per worker, at most
 * 2^27 (512 MiB of floats).
 */
constexpr std::size_t max_nb_edge_states = std::size_t(1) << 27;

/*! Most decoder iterations (decoder_options, nb_decoder_options, the CLI). */
constexpr int max_iterations = 100000;

/*! Longest piece of a bad token quoted in an error message (bytes). */
constexpr std::size_t max_quoted_token = 40;

} // namespace limits
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_LIMITS_H */
