/* -*- c++ -*- */
/*
 * Generic systematic encoder for any binary parity-check matrix H, prepared once at
 * construction in two stages:
 *
 *  1. Peeling (sparse triangulation, as in the greedy algorithms of T. J.
 *     Richardson and R. L. Urbanke, "Efficient encoding of low-density
 *     parity-check codes", IEEE Trans. IT 47(2), 2001): while some unsolved column
 *     has exactly one one among the remaining rows, take the highest-numbered such
 *     column (so that parity lands at the end and information first); that row
 *     solves that column and leaves. Staircase (IRA, DVB-S2) and dual-diagonal
 *     extension parts peel completely.
 *  2. Gauss-Jordan elimination over GF(2), on 64-bit words, of what is left: the
 *     remaining rows over the remaining columns, pivots chosen from the right
 *     (highest column first). Rows that reduce to zero are dependent and dropped,
 *     so a rank-deficient H gives K = N - rank(H).
 *
 * The information positions are the columns that are neither peeled nor pivots,
 * ascending. Or they are given (make_generic_encoder(h, info_positions), e.g.
 * gr-fec's placement): then only the other columns may be peeled or pivots, the
 * given ones count as known from the start, and the constructor checks that
 * they form an information set (every other column solved, no check left on
 * information columns alone).
 *
 * Encoding: the dense pivots first (parity = A * info over packed words), then
 * the peeled rows in reverse order of peeling, each giving its column as the sum
 * of the others in its row (all known by then).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <cstddef> // size_t: parity_check_matrix.h uses it without including it

#include <algorithm>
#include <gpufec/encoder.h>
#include <gpufec/error.h>
#include <gpufec/limits.h>
#include <queue>
#include <string>

namespace gpufec {

namespace {

inline int ctz64(uint64_t x) { return __builtin_ctzll(x); }
inline int parity64(uint64_t x) { return __builtin_parityll(x); }

class generic_encoder : public encoder
{
public:
    /*! `given`: the information columns in bit order, or null to choose them. */
    generic_encoder(const parity_check_matrix& h, const std::vector<int>* given)
    {
        d_n = h.cols();
        std::vector<char> is_info(d_n, 0);
        if (given) {
            check_given(*given, d_n, is_info);
        }
        // 1. peeling
        const peeling peel = peel_columns(h, is_info);
        // 2. dense elimination of the rest: its rows and columns, packed, reduced
        dense_system dense;
        select_dense(h, peel, is_info, given != nullptr, dense);
        fill_dense(h, dense);
        eliminate(dense);
        if (given) {
            check_information_set(
                dense.rank, dense.n_parity_bits, dense.row_ptr, dense.words, dense.cols);
        }
        // the encoding program: information positions, A, then the peeled rows
        const std::vector<int> info_index = choose_info_positions(peel, dense, given);
        build_parity_matrix(dense, info_index);
        build_peel_program(h, peel);
    }

    void encode(const uint8_t* info, uint8_t* codeword) const override
    {
        const size_t k = d_info_positions.size();
        std::vector<uint64_t> packed(d_info_words, 0);
        for (size_t i = 0; i < k; i++) {
            const uint8_t b = info[i] & 1;
            codeword[d_info_positions[i]] = b;
            packed[i / 64] |= uint64_t{ b } << (i % 64);
        }
        const size_t rank = d_pivot_cols.size();
        for (size_t i = 0; i < rank; i++) {
            const uint64_t* a = d_a.data() + i * d_info_words;
            uint64_t acc = 0;
            for (size_t w = 0; w < d_info_words; w++) {
                acc ^= a[w] & packed[w];
            }
            codeword[d_pivot_cols[i]] = static_cast<uint8_t>(parity64(acc));
        }
        for (size_t s = 0; s < d_peel_target.size(); s++) {
            uint8_t v = 0;
            for (int e = d_peel_ptr[s]; e < d_peel_ptr[s + 1]; e++) {
                v ^= codeword[d_peel_cols[e]];
            }
            codeword[d_peel_target[s]] = v;
        }
    }

    std::string method() const override { return "generic"; }

private:
    /*! Stage 1's result: the solved columns and rows, and the order of solving. */
    struct peeling {
        std::vector<int> deg;       //!< ones of each column in the unused rows (0: info)
        std::vector<char> col_done; //!< peeled
        std::vector<char> row_used;
        std::vector<int> rows; //!< the row that solved each peeled column, in order
        std::vector<int> cols; //!< the peeled columns, in order of peeling
    };

    /*!
     * Stage 2's system: the rows left after peeling over the dense columns, as
     * packed bits, then its reduced form.
     */
    struct dense_system {
        std::vector<int> rows;    //!< the rows of H left after peeling
        std::vector<int> cols;    //!< column of H of each bit (bit j <-> cols[j])
        std::vector<int> bit_of;  //!< bit of each column of H, -1 if none
        size_t n_parity_bits = 0; //!< bits [0, n_parity_bits) may become pivots
        size_t words = 0;         //!< 64-bit words per row
        std::vector<uint64_t> mat;
        std::vector<uint64_t*> row_ptr; //!< rows of mat; pivot rows first once reduced
        std::vector<size_t> pivot_bit;  //!< the pivot bit of each of the first rank rows
        size_t rank = 0;
    };

    // ---- 1. peeling -----------------------------------------------------------
    /*!
     * While some unsolved, non-information column has exactly one one in the
     * unused rows, the highest such column is solved by that row.
     */
    static peeling peel_columns(const parity_check_matrix& h,
                                const std::vector<char>& is_info)
    {
        const int m = h.rows();
        const int n = h.cols();
        peeling p;
        p.deg.resize(n);
        p.col_done.assign(n, 0);
        p.row_used.assign(m, 0);
        std::priority_queue<int> candidates; // max-heap: highest column first
        for (int c = 0; c < n; c++) {
            p.deg[c] = is_info[c] ? 0 : h.col_degree(c);
            if (p.deg[c] == 1) {
                candidates.push(c);
            }
        }
        while (!candidates.empty()) {
            const int c = candidates.top();
            candidates.pop();
            if (p.col_done[c] || p.deg[c] != 1) {
                continue; // stale entry
            }
            int r = -1;
            for (int rr : h.col(c)) {
                if (!p.row_used[rr]) {
                    r = rr;
                    break;
                }
            }
            p.row_used[r] = 1;
            p.col_done[c] = 1;
            p.rows.push_back(r);
            p.cols.push_back(c);
            for (int c2 : h.row(r)) {
                if (!p.col_done[c2] && !is_info[c2] && --p.deg[c2] == 1) {
                    candidates.push(c2);
                }
            }
        }
        return p;
    }

    // ---- 2. dense elimination of the rest ------------------------------------
    /*!
     * The rows and columns of the dense system. Remaining rows touch only unpeeled
     * columns. Dense columns: the unpeeled columns that still have ones, highest
     * first. Given information columns: the unsolved parity columns first (the
     * only ones that may become pivots), then the information columns that occur
     * in the remaining rows.
     */
    static void select_dense(const parity_check_matrix& h,
                             const peeling& peel,
                             const std::vector<char>& is_info,
                             bool given,
                             dense_system& d)
    {
        const int m = h.rows();
        const int n = h.cols();
        for (int r = 0; r < m; r++) {
            if (!peel.row_used[r]) {
                d.rows.push_back(r);
            }
        }
        d.bit_of.assign(n, -1);
        if (!given) {
            for (int c = n - 1; c >= 0; c--) {
                if (!peel.col_done[c] && peel.deg[c] > 0) {
                    d.bit_of[c] = static_cast<int>(d.cols.size());
                    d.cols.push_back(c);
                }
            }
        } else {
            std::vector<char> in_dense(n, 0);
            for (int r : d.rows) {
                for (int c : h.row(r)) {
                    in_dense[c] = 1;
                }
            }
            for (int pass = 0; pass < 2; pass++) {
                for (int c = n - 1; c >= 0; c--) {
                    const bool take = pass == 0 ? (!is_info[c] && !peel.col_done[c])
                                                : (is_info[c] && in_dense[c]);
                    if (take) {
                        d.bit_of[c] = static_cast<int>(d.cols.size());
                        d.cols.push_back(c);
                    }
                }
            }
        }
        d.n_parity_bits = d.cols.size();
        if (given) {
            d.n_parity_bits = 0;
            while (d.n_parity_bits < d.cols.size() && !is_info[d.cols[d.n_parity_bits]]) {
                d.n_parity_bits++;
            }
        }
    }

    /*! Packs the dense rows into bits, within limits::max_dense_encoder_bytes. */
    static void fill_dense(const parity_check_matrix& h, dense_system& d)
    {
        const size_t n_rows = d.rows.size();
        const size_t n_bits = d.cols.size();
        const size_t words = (n_bits + 63) / 64;
        if (n_rows * words * sizeof(uint64_t) > limits::max_dense_encoder_bytes) {
            throw invalid_argument("generic encoder: after peeling, " +
                                   std::to_string(n_rows) + " rows x " +
                                   std::to_string(n_bits) +
                                   " columns are left for dense "
                                   "elimination (" +
                                   std::to_string((n_rows * words * 8) >> 20) +
                                   " MiB), more than the limit of " +
                                   std::to_string(limits::max_dense_encoder_bytes >> 20) +
                                   " MiB (gpufec::limits::max_dense_encoder_bytes)");
        }
        d.words = words;
        d.mat.assign(n_rows * words, 0);
        for (size_t i = 0; i < n_rows; i++) {
            for (int c : h.row(d.rows[i])) {
                const int b = d.bit_of[c];
                d.mat[i * words + b / 64] |= uint64_t{ 1 } << (b % 64);
            }
        }
        d.row_ptr.resize(n_rows);
        for (size_t i = 0; i < n_rows; i++) {
            d.row_ptr[i] = d.mat.data() + i * words;
        }
    }

    /*!
     * Gauss-Jordan elimination over GF(2), pivots among the first n_parity_bits
     * bits in order: the pivot rows move to the front, each pivot bit is cleared
     * from every other row.
     */
    static void eliminate(dense_system& d)
    {
        const size_t n_rows = d.row_ptr.size();
        const size_t words = d.words;
        std::vector<uint64_t*>& row_ptr = d.row_ptr;
        size_t rank = 0;
        for (size_t j = 0; j < d.n_parity_bits && rank < n_rows; j++) {
            const size_t w = j / 64;
            const uint64_t mask = uint64_t{ 1 } << (j % 64);
            size_t p = rank;
            while (p < n_rows && !(row_ptr[p][w] & mask)) {
                p++;
            }
            if (p == n_rows) {
                continue; // no pivot: a free (information) column
            }
            std::swap(row_ptr[p], row_ptr[rank]);
            const uint64_t* piv = row_ptr[rank];
            // The pivot row is zero left of bit j (pivot bits were cleared from it,
            // free bits were zero in every unpivoted row), so words below w stay.
            for (size_t q = 0; q < n_rows; q++) {
                uint64_t* row = row_ptr[q];
                if (q != rank && (row[w] & mask)) {
                    for (size_t k = w; k < words; k++) {
                        row[k] ^= piv[k];
                    }
                }
            }
            d.pivot_bit.push_back(j);
            rank++;
        }
        d.rank = rank;
    }

    // ---- information positions and the dense parity matrix A -----------------
    /*!
     * Sets d_info_positions (the given columns, or the columns neither peeled nor
     * pivots, ascending); returns the information bit of each column, -1 if none.
     */
    std::vector<int> choose_info_positions(const peeling& peel,
                                           const dense_system& d,
                                           const std::vector<int>* given)
    {
        std::vector<char> is_parity(d_n, 0);
        for (int c : peel.cols) {
            is_parity[c] = 1;
        }
        for (size_t b : d.pivot_bit) {
            is_parity[d.cols[b]] = 1;
        }
        std::vector<int> info_index(d_n, -1);
        if (given) {
            d_info_positions = *given;
            for (size_t i = 0; i < given->size(); i++) {
                info_index[(*given)[i]] = static_cast<int>(i);
            }
        } else {
            for (int c = 0; c < d_n; c++) {
                if (!is_parity[c]) {
                    info_index[c] = static_cast<int>(d_info_positions.size());
                    d_info_positions.push_back(c);
                }
            }
        }
        return info_index;
    }

    /*! d_pivot_cols and d_a: each pivot row's free bits as information bits. */
    void build_parity_matrix(const dense_system& d, const std::vector<int>& info_index)
    {
        const size_t k = d_info_positions.size();
        const size_t rank = d.rank;
        d_info_words = (k + 63) / 64;
        d_pivot_cols.resize(rank);
        d_a.assign(rank * d_info_words, 0);
        for (size_t i = 0; i < rank; i++) {
            d_pivot_cols[i] = d.cols[d.pivot_bit[i]];
            const uint64_t* row = d.row_ptr[i];
            uint64_t* a = d_a.data() + i * d_info_words;
            for (size_t w = 0; w < d.words; w++) {
                uint64_t bits = row[w];
                while (bits) {
                    const size_t b = w * 64 + ctz64(bits);
                    bits &= bits - 1;
                    if (b == d.pivot_bit[i]) {
                        continue;
                    }
                    // Any other set bit is a free column: reduced rows carry no
                    // other pivot.
                    const int ii = info_index[d.cols[b]];
                    a[ii / 64] |= uint64_t{ 1 } << (ii % 64);
                }
            }
        }
    }

    // ---- peeled rows, in encoding (reverse) order -----------------------------
    /*! Each peeled column as the sum of the other columns of its row. */
    void build_peel_program(const parity_check_matrix& h, const peeling& peel)
    {
        d_peel_ptr.push_back(0);
        for (size_t s = peel.rows.size(); s-- > 0;) {
            d_peel_target.push_back(peel.cols[s]);
            for (int c : h.row(peel.rows[s])) {
                if (c != peel.cols[s]) {
                    d_peel_cols.push_back(c);
                }
            }
            d_peel_ptr.push_back(static_cast<int>(d_peel_cols.size()));
        }
    }

    /*! Given information columns: distinct, in [0, n); marks them in is_info. */
    static void
    check_given(const std::vector<int>& given, int n, std::vector<char>& is_info)
    {
        for (size_t i = 0; i < given.size(); i++) {
            const int c = given[i];
            if (c < 0 || c >= n) {
                throw invalid_argument("generic encoder: information column " +
                                       std::to_string(c) + " (entry " +
                                       std::to_string(i) + ") is outside 0.." +
                                       std::to_string(n - 1));
            }
            if (is_info[c]) {
                throw invalid_argument("generic encoder: information column " +
                                       std::to_string(c) + " is given twice (entry " +
                                       std::to_string(i) + ")");
            }
            is_info[c] = 1;
        }
    }

    /*!
     * After elimination with given information columns: every unsolved parity
     * column got a pivot, and the rows without one reduced to zero (else some
     * check constrains the information columns alone).
     */
    static void check_information_set(size_t rank,
                                      size_t n_parity_bits,
                                      const std::vector<uint64_t*>& row_ptr,
                                      size_t words,
                                      const std::vector<int>& dense_cols)
    {
        if (rank < n_parity_bits) {
            throw invalid_argument(
                "generic encoder: the given information columns are not an "
                "information set of H: the other columns leave " +
                std::to_string(n_parity_bits - rank) +
                " parity bit(s) undetermined (too few information columns, or "
                "dependent parity columns)");
        }
        for (size_t i = rank; i < row_ptr.size(); i++) {
            for (size_t w = 0; w < words; w++) {
                if (row_ptr[i][w]) {
                    const size_t b = w * 64 + ctz64(row_ptr[i][w]);
                    throw invalid_argument(
                        "generic encoder: the given information columns are not an "
                        "information set of H: a combination of checks involves "
                        "information columns only (e.g. column " +
                        std::to_string(dense_cols[b]) +
                        "), so they are not free (too many information columns)");
                }
            }
        }
    }

    size_t d_info_words = 0;
    std::vector<int> d_pivot_cols; //!< column solved by each dense pivot row
    std::vector<uint64_t> d_a;     //!< per pivot: its info dependencies, packed
    std::vector<int> d_peel_target;
    std::vector<int> d_peel_ptr;
    std::vector<int> d_peel_cols;
};

} // namespace

std::unique_ptr<encoder> make_generic_encoder(const parity_check_matrix& h)
{
    return std::make_unique<generic_encoder>(h, nullptr);
}

std::unique_ptr<encoder> make_generic_encoder(const parity_check_matrix& h,
                                              const std::vector<int>& info_positions)
{
    return std::make_unique<generic_encoder>(h, &info_positions);
}

} // namespace gpufec
