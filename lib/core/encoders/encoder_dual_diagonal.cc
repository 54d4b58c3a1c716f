/* -*- c++ -*- */
/*
 * Systematic encoder for quasi-cyclic LDPC codes whose parity part has the
 * dual-diagonal core of IEEE 802.11n-2009 (Annex R), IEEE 802.16e-2005
 * (8.4.9.2.5) and 3GPP TS 38.212 (5.3.2, base graphs 1 and 2), working on blocks
 * of Z bits with cyclic shifts (no dense matrix):
 *
 *  - information: block columns [0, kb); core rows [0, core_rows) over the core
 *    parity block columns [kb, kb + core_rows);
 *  - summing the core rows cancels every core parity block column but the first,
 *    whose circulants add up to one circulant P^a; hence
 *      p_0 = P^-a * sum over the core rows of the information contributions
 *    (the method of T. J. Richardson and R. L. Urbanke, "Efficient encoding of
 *    low-density parity-check codes", IEEE Trans. IT 47(2), 2001, with the gap
 *    of one block column that these codes are designed for);
 *  - the other core parity blocks follow by peeling the core rows, one unknown
 *    block at a time;
 *  - every further block row r (5G NR) solves its own extension parity block
 *    column kb + r, from the blocks already known.
 * The structure is checked at construction; a block that breaks it is named in a
 * gpufec::invalid_argument.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <cstddef> // size_t: parity_check_matrix.h uses it without including it

#include <algorithm>
#include <cstring>
#include <gpufec/encoder.h>
#include <gpufec/error.h>
#include <map>
#include <string>

namespace gpufec {

namespace {

std::string block_name(int i, int j)
{
    return "(" + std::to_string(i) + ", " + std::to_string(j) + ")";
}

/*! dst ^= P^s src over Z bits: dst[z] ^= src[(z + s) mod Z]. */
inline void add_shifted(uint8_t* dst, const uint8_t* src, int s, int z)
{
    const int head = z - s;
    for (int i = 0; i < head; i++) {
        dst[i] ^= src[i + s];
    }
    for (int i = head; i < z; i++) {
        dst[i] ^= src[i - head];
    }
}

/*! dst = P^-s rhs, the solution x of P^s x = rhs: x[w] = rhs[(w - s) mod Z]. */
inline void solve_shifted(uint8_t* dst, const uint8_t* rhs, int s, int z)
{
    const int t = (z - s) % z; // P^-s = P^(Z-s)
    const int head = z - t;
    std::memcpy(dst, rhs + t, head);
    std::memcpy(dst + head, rhs, t);
}

class dual_diagonal_encoder : public encoder
{
public:
    dual_diagonal_encoder(const parity_check_matrix& h, int kb, int core_rows)
        : d_kb(kb), d_core(core_rows)
    {
        // the structure, checked step by step, and the encoding steps it gives
        read_base_matrix(h);
        check_core_rows();
        find_first_parity_shift();
        plan_core_peeling();
        plan_extension_rows();
        set_positions(h);
    }

    void encode(const uint8_t* info, uint8_t* codeword) const override
    {
        const int z = d_z;
        const size_t zs = static_cast<size_t>(z);
        std::vector<uint8_t> acc(static_cast<size_t>(d_mb) * zs, 0);
        std::vector<uint8_t> rhs(zs);
        for (size_t i = 0; i < static_cast<size_t>(d_kb) * zs; i++) {
            codeword[i] = info[i] & 1;
        }
        // Information contribution of every block row.
        for (int i = 0; i < d_mb; i++) {
            uint8_t* a = acc.data() + i * zs;
            for (int j = 0; j < d_kb; j++) {
                const int s = shift(i, j);
                if (s >= 0) {
                    add_shifted(a, codeword + j * zs, s, z);
                }
            }
        }
        // p_0 = P^-a * (sum of the core rows).
        std::fill(rhs.begin(), rhs.end(), 0);
        for (int i = 0; i < d_core; i++) {
            const uint8_t* a = acc.data() + i * zs;
            for (size_t k = 0; k < zs; k++) {
                rhs[k] ^= a[k];
            }
        }
        solve_shifted(codeword + d_kb * zs, rhs.data(), d_a, z);
        // Remaining core blocks by peeling, then the extension blocks. Each step's
        // row involves, besides its own column, only information and known parity.
        for (const auto& st : d_steps) {
            std::memcpy(rhs.data(), acc.data() + st.row * zs, zs);
            const int last = st.row < d_core ? d_kb + d_core : st.col;
            for (int j = d_kb; j < last; j++) {
                const int s = shift(st.row, j);
                if (s >= 0 && j != st.col) {
                    add_shifted(rhs.data(), codeword + j * zs, s, z);
                }
            }
            solve_shifted(codeword + st.col * zs, rhs.data(), shift(st.row, st.col), z);
        }
    }

    std::string method() const override { return "dual-diagonal"; }

private:
    /*! The start of every error message. */
    static std::string me() { return "dual-diagonal encoder: "; }

    /*! Z, the base matrix and its shifts, checked against kb and core_rows. */
    void read_base_matrix(const parity_check_matrix& h)
    {
        if (!h.is_qc()) {
            throw invalid_argument(me() + "H has no quasi-cyclic description");
        }
        const qc_structure& qc = h.qc();
        d_z = qc.z;
        d_mb = qc.block_rows;
        d_nb = qc.block_cols;
        d_shifts = qc.shifts;
        if (d_kb < 1 || d_core < 1 || d_core > d_mb) {
            throw invalid_argument(me() + "kb=" + std::to_string(d_kb) +
                                   " and core_rows=" + std::to_string(d_core) +
                                   " do not fit a " + std::to_string(d_mb) + " x " +
                                   std::to_string(d_nb) + " base matrix");
        }
        if (d_nb != d_kb + d_mb) {
            throw invalid_argument(
                me() +
                "expects kb + block_rows block columns (one parity block column per "
                "block row), got " +
                std::to_string(d_nb) + " block columns for kb=" + std::to_string(d_kb) +
                " and " + std::to_string(d_mb) + " block rows");
        }
        for (int s : d_shifts) {
            if (s >= d_z || s < -1) {
                throw invalid_argument(me() + "shift " + std::to_string(s) +
                                       " is outside -1..Z-1");
            }
        }
    }

    /*! First extension parity block column. */
    int ext0() const { return d_kb + d_core; }

    /*! Core rows must not touch the extension parity columns. */
    void check_core_rows() const
    {
        for (int i = 0; i < d_core; i++) {
            for (int j = ext0(); j < d_nb; j++) {
                if (shift(i, j) >= 0) {
                    throw invalid_argument(me() + "core block row " + std::to_string(i) +
                                           " has a nonzero block " + block_name(i, j) +
                                           " in extension parity block column " +
                                           std::to_string(j));
                }
            }
        }
    }

    /*!
     * Sum of the core rows over each core parity block column: circulants with the
     * same shift cancel in pairs; what is left must be a single P^a in column kb
     * (its shift goes to d_a) and nothing in the other core columns.
     */
    void find_first_parity_shift()
    {
        for (int j = d_kb; j < ext0(); j++) {
            std::map<int, int> count;
            for (int i = 0; i < d_core; i++) {
                if (shift(i, j) >= 0) {
                    count[shift(i, j)] ^= 1;
                }
            }
            std::vector<int> odd;
            for (const auto& kv : count) {
                if (kv.second) {
                    odd.push_back(kv.first);
                }
            }
            if (j == d_kb) {
                if (odd.size() != 1) {
                    throw invalid_argument(
                        me() +
                        "the core-row circulants of the first parity block column " +
                        std::to_string(j) + " sum to " + std::to_string(odd.size()) +
                        " circulants, not to a single one (blocks " + block_name(0, j) +
                        ".." + block_name(d_core - 1, j) + ")");
                }
                d_a = odd[0];
            } else if (!odd.empty()) {
                throw invalid_argument(
                    me() + "the core-row circulants of parity block column " +
                    std::to_string(j) + " do not cancel (shift " +
                    std::to_string(odd[0]) + " occurs an odd number of times in blocks " +
                    block_name(0, j) + ".." + block_name(d_core - 1, j) + ")");
            }
        }
    }

    /*!
     * Peeling order of the core parity columns kb+1 .. ext0-1 over the core rows:
     * a row with one unknown column solves it (steps appended to d_steps).
     */
    void plan_core_peeling()
    {
        std::vector<bool> known(d_nb, false);
        for (int j = 0; j <= d_kb; j++) {
            known[j] = true;
        }
        std::vector<bool> row_used(d_core, false);
        for (int solved = 1; solved < d_core; solved++) {
            bool progress = false;
            for (int i = 0; i < d_core && !progress; i++) {
                if (row_used[i]) {
                    continue;
                }
                int unknown = -1, n_unknown = 0;
                for (int j = d_kb; j < ext0(); j++) {
                    if (shift(i, j) >= 0 && !known[j]) {
                        unknown = j;
                        n_unknown++;
                    }
                }
                if (n_unknown == 1) {
                    row_used[i] = true;
                    known[unknown] = true;
                    d_steps.push_back({ i, unknown });
                    progress = true;
                }
            }
            if (!progress) {
                int j = d_kb + 1;
                while (known[j]) {
                    j++;
                }
                throw invalid_argument(me() + "core parity block column " +
                                       std::to_string(j) +
                                       " cannot be solved by peeling the core rows");
            }
        }
    }

    /*! Extension rows: row r solves column kb + r from blocks already known. */
    void plan_extension_rows()
    {
        for (int r = d_core; r < d_mb; r++) {
            const int c = d_kb + r;
            if (shift(r, c) < 0) {
                throw invalid_argument(
                    me() + "extension block row " + std::to_string(r) +
                    " has a zero block " + block_name(r, c) +
                    " where its parity block column needs a circulant");
            }
            for (int j = c + 1; j < d_nb; j++) {
                if (shift(r, j) >= 0) {
                    throw invalid_argument(
                        me() + "extension block row " + std::to_string(r) +
                        " has a nonzero block " + block_name(r, j) +
                        " right of its parity block column " + std::to_string(c));
                }
            }
            d_steps.push_back({ r, c });
        }
    }

    /*! N, the information positions (the first kb*Z columns), H's size checked. */
    void set_positions(const parity_check_matrix& h)
    {
        d_n = d_nb * d_z;
        d_info_positions.resize(static_cast<size_t>(d_kb) * d_z);
        for (size_t i = 0; i < d_info_positions.size(); i++) {
            d_info_positions[i] = static_cast<int>(i);
        }
        if (h.rows() != d_mb * d_z || h.cols() != d_n) {
            throw invalid_argument(me() + "H is " + std::to_string(h.rows()) + " x " +
                                   std::to_string(h.cols()) +
                                   ", not the size of its QC description");
        }
    }

    int shift(int i, int j) const { return d_shifts[static_cast<size_t>(i) * d_nb + j]; }

    struct step {
        int row; //!< block row used
        int col; //!< parity block column it solves
    };

    int d_kb;
    int d_core;
    int d_z = 0;
    int d_mb = 0;
    int d_nb = 0;
    int d_a = 0;
    std::vector<int> d_shifts;
    std::vector<step> d_steps;
};

} // namespace

std::unique_ptr<encoder>
make_dual_diagonal_encoder(const parity_check_matrix& h, int kb, int core_rows)
{
    return std::make_unique<dual_diagonal_encoder>(h, kb, core_rows);
}

} // namespace gpufec
