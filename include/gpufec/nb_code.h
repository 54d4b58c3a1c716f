/* -*- c++ -*- */
/*
 * A nonbinary LDPC code over GF(q), q = 2^p <= 256, named by a spec:
 *   nbalist:PATH[:mackay|rptu|labsticc|binary]   a GF(q) matrix file
 *                                  (nb_matrix_files.h; format detected when absent)
 *   nbqc:Q:DV:DC      NB-QC code by array dispersion (Thi and Lee, "Efficient Parallel
 * Block-layered Nonbinary Quasi-cyclic LDPC Decoding on a GPU" section 2.1, after Zhou et
 * al.): base matrix W = [alpha^(i+j) - 1] over GF(Q), rows 0..DV-1 and columns 1..DC (the
 * first DC columns with no zero), each entry alpha^e dispersed into the (Q-1)x(Q-1)
 * alpha-multiplied CPM whose row r holds alpha^(r+e) at column (r+e) mod. N = DC
 * M = DV; DV + DC <= Q - 1. nbreg:Q:N:DV:DC[:SEED]  random (DV,DC)-regular
 * code over GF(Q): columns placed by progressive edge growth (Hu, Eleftheriou, Arnold
 * 2005: each new edge goes to a lowest-degree check farthest from the column in the graph
 * so far, ties broken by the seeded RNG), nonzero values uniform in GF(Q)\{0}; SEED
 * default 1. The field is GF(q) with the default primitive polynomial (galois_field.h)
 * unless a polynomial is given to make().
 *
 * Symbols and bits. A codeword is N symbols; its binary image is N*p bits, symbol
 * s occupying bits s*p .. s*p+p-1 with bit j = (symbol >> j) & 1 (least
 * significant first). K = N - rank(H) information symbols (K*p information bits,
 * same order) sit at info_positions() of a systematic codeword.
 *
 * Encoder: Gaussian elimination of H over GF(q) to reduced row-echelon form, done
 * once (on first use, thread-safe), pivots searched from the last column down so
 * that a code with its parity part on the right keeps its information symbols
 * first; rank deficiency is handled (K = N - rank).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_NB_CODE_H
#define INCLUDED_GPUFEC_NB_CODE_H

#include <cstdint>
#include <gpufec/api.h>
#include <gpufec/galois_field.h>
#include <gpufec/nb_matrix.h>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace gpufec {

/*! NB-QC matrix by array dispersion (see file comment). Throws invalid_argument. */
GPUFEC_API nb_matrix make_nbqc_matrix(const galois_field& gf, int dv, int dc);

/*!
 * Random (dv,dc)-regular GF(q) matrix, n columns, n*dv/dc rows (n*dv must be a
 * multiple of dc), PEG placement (see file comment). Deterministic per seed.
 */
GPUFEC_API nb_matrix
make_nbreg_matrix(const galois_field& gf, int n, int dv, int dc, uint64_t seed);

/*! Length of the shortest cycle of the Tanner graph (0 when it has none). */
GPUFEC_API int tanner_girth(const nb_matrix& h);

class GPUFEC_API nb_code
{
public:
    using sptr = std::shared_ptr<const nb_code>;

    /*!
     * Makes a code from a spec (see file comment). polynomial 0: default field.
     * Throws gpufec::invalid_argument for a bad spec (message lists the forms),
     * gpufec::file_format_error for a bad file.
     */
    static sptr make(const std::string& spec, unsigned polynomial = 0);

    /*! True for the nbalist:, nbqc: and nbreg: spec forms. */
    static bool is_nb_spec(const std::string& spec);

    /*! Text listing the nonbinary spec forms. */
    static std::string spec_forms();

    /*! Wraps a matrix; the field must be GF(h.q()). */
    static sptr
    from_matrix(nb_matrix h, galois_field::sptr field, const std::string& name);

    const std::string& name() const { return d_name; }
    const nb_matrix& h() const { return d_h; }
    const galois_field& field() const { return *d_field; }
    galois_field::sptr field_ptr() const { return d_field; }
    int q() const { return d_h.q(); }
    int p() const { return d_field->p(); }
    /*! Code symbols N. */
    int n() const { return d_h.cols(); }
    /*! Check rows M (rank may be lower). */
    int m() const { return d_h.rows(); }
    /*! rank of H over GF(q) (builds the encoder). */
    int rank() const;
    /*! Information symbols K = N - rank (builds the encoder). */
    int k() const { return n() - rank(); }
    double rate() const { return static_cast<double>(k()) / n(); }
    /*! Binary image lengths: n()*p() and k()*p(). */
    int n_bits() const { return n() * p(); }
    int k_bits() const { return k() * p(); }
    /*! Columns carrying information symbol i (k() entries, ascending). */
    const std::vector<int>& info_positions() const;

    /*! Encodes k() info symbols (each < q) to n() code symbols; checks the range. */
    void encode(const uint8_t* info_symbols, uint8_t* codeword) const;
    /*! Encodes k()*p() info bits (0/1) to the n()*p() bits of the binary image. */
    void encode_bits(const uint8_t* info_bits, uint8_t* code_bits) const;
    /*! True when H c = 0 over GF(q) for the n() symbols c. */
    bool check(const uint8_t* codeword) const;

private:
    nb_code() = default;
    void build_encoder() const;

    std::string d_name;
    nb_matrix d_h;
    galois_field::sptr d_field;
    mutable std::once_flag d_once;
    mutable int d_rank = 0;
    mutable std::vector<int> d_info;   // info columns
    mutable std::vector<int> d_parity; // pivot column of each independent row
    // parity symbol t = sum_i d_coef[t * K + i] * info_i
    mutable std::vector<uint8_t> d_coef;
};

/*! Symbols (n, each < 2^p) to bits (n*p), bit j of symbol s at s*p + j. */
GPUFEC_API void
nb_symbols_to_bits(const uint8_t* symbols, size_t n, int p, uint8_t* bits);
/*! Bits (n*p, 0/1) to symbols (n). */
GPUFEC_API void
nb_bits_to_symbols(const uint8_t* bits, size_t n, int p, uint8_t* symbols);

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_NB_CODE_H */
