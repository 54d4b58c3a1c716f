/* -*- c++ -*- */
/*
 * Encoders as straight-line GF(2) programs (encoder_program.h): the dual-diagonal
 * form from the QC description, the peeling form (with a dense step where peeling
 * stops) for every other encoder.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <algorithm>
#include <gpufec/encoder_program.h>
#include <gpufec/error.h>
#include <string>

namespace gpufec {

namespace {

/*! Appends a step: target = XOR of `cols` (pairs cancel). */
void add_step(xor_program& p, int target, std::vector<int> cols)
{
    std::sort(cols.begin(), cols.end());
    std::vector<int> odd;
    for (size_t i = 0; i < cols.size();) {
        size_t j = i;
        while (j < cols.size() && cols[j] == cols[i])
            ++j;
        if ((j - i) % 2 == 1)
            odd.push_back(cols[i]);
        i = j;
    }
    p.target.push_back(target);
    p.sources.insert(p.sources.end(), odd.begin(), odd.end());
    p.src_ptr.push_back(static_cast<int>(p.sources.size()));
}

/*! Scalar row r's columns other than `skip`. */
std::vector<int> row_without(const parity_check_matrix& h, int r, int skip)
{
    std::vector<int> cols;
    for (int c : h.row(r))
        if (c != skip)
            cols.push_back(c);
    return cols;
}

/*!
 * Dual-diagonal QC codes: kb information block columns, core rows whose sum
 * leaves one circulant P^a in block column kb, the other parity blocks by
 * rows. Returns false when H lacks the structure (then peeling is used).
 */
bool dual_diagonal_program(const encoder& enc,
                           const parity_check_matrix& h,
                           xor_program& p)
{
    if (!h.is_qc())
        return false;
    const qc_structure& qc = h.qc();
    const int z = qc.z, mb = qc.block_rows, nb = qc.block_cols;
    if (z <= 0 || enc.k() % z != 0)
        return false;
    const int kb = enc.k() / z;
    if (nb != kb + mb)
        return false;
    auto shift = [&](int i, int j) { return qc.shifts[static_cast<size_t>(i) * nb + j]; };
    // core rows: the first c block rows touch no column >= kb + c, and every later
    // row r has its own extension block column kb + r and nothing right of it
    int core = -1;
    for (int c = 1; c <= mb && core < 0; ++c) {
        bool ok = true;
        for (int i = 0; i < c && ok; ++i)
            for (int j = kb + c; j < nb && ok; ++j)
                ok = shift(i, j) < 0;
        for (int r = c; r < mb && ok; ++r) {
            ok = shift(r, kb + r) >= 0;
            for (int j = kb + r + 1; j < nb && ok; ++j)
                ok = shift(r, j) < 0;
        }
        if (ok)
            core = c;
    }
    if (core < 0)
        return false;
    // a: the one shift left in block column kb when the core rows are summed
    std::vector<int> odd_count(static_cast<size_t>(z), 0);
    for (int i = 0; i < core; ++i)
        if (shift(i, kb) >= 0)
            odd_count[static_cast<size_t>(shift(i, kb))] ^= 1;
    int a = -1;
    for (int s = 0; s < z; ++s)
        if (odd_count[static_cast<size_t>(s)]) {
            if (a >= 0)
                return false;
            a = s;
        }
    if (a < 0)
        return false;
    // block column kb: p0[w] = sum over the core rows i of row i*z + (w - a) mod z,
    // whose parity parts cancel but for p0[w] itself
    for (int w = 0; w < z; ++w) {
        const int k = ((w - a) % z + z) % z;
        std::vector<int> cols;
        for (int i = 0; i < core; ++i) {
            const std::vector<int> r = row_without(h, i * z + k, -1);
            cols.insert(cols.end(), r.begin(), r.end());
        }
        cols.push_back(kb * z + w); // the sum holds p0[w] once: drop it
        add_step(p, kb * z + w, cols);
    }
    // the other parity block columns, each solved by a row that holds it and
    // otherwise only known blocks (peeling over blocks, as the block encoder)
    std::vector<bool> known(static_cast<size_t>(nb), false);
    for (int j = 0; j <= kb; ++j)
        known[static_cast<size_t>(j)] = true;
    std::vector<bool> used(static_cast<size_t>(mb), false);
    for (int solved = kb + 1; solved < nb; ++solved) {
        int row = -1, col = -1;
        for (int i = 0; i < mb && row < 0; ++i) {
            if (used[static_cast<size_t>(i)])
                continue;
            int unknown = -1, n_unknown = 0;
            for (int j = kb; j < nb; ++j)
                if (shift(i, j) >= 0 && !known[static_cast<size_t>(j)]) {
                    unknown = j;
                    ++n_unknown;
                }
            if (n_unknown == 1) {
                row = i;
                col = unknown;
            }
        }
        if (row < 0)
            return false;
        used[static_cast<size_t>(row)] = true;
        known[static_cast<size_t>(col)] = true;
        const int s = shift(row, col);
        for (int k = 0; k < z; ++k) {
            const int target = col * z + (k + s) % z;
            add_step(p, target, row_without(h, row * z + k, target));
        }
    }
    return true;
}

/*! Peeling with dense steps where it stops (any encoder). */
void peeling_program(const encoder& enc, const parity_check_matrix& h, xor_program& p)
{
    const int n = h.cols(), m = h.rows(), k = enc.k();
    std::vector<uint8_t> known(static_cast<size_t>(n), 0);
    for (int c : enc.info_positions())
        known[static_cast<size_t>(c)] = 1;
    std::vector<int> unknown_in_row(static_cast<size_t>(m), 0);
    for (int r = 0; r < m; ++r)
        for (int c : h.row(r))
            unknown_in_row[static_cast<size_t>(r)] += !known[static_cast<size_t>(c)];
    std::vector<int> ready;
    for (int r = 0; r < m; ++r)
        if (unknown_in_row[static_cast<size_t>(r)] == 1)
            ready.push_back(r);
    int left = n - k;
    std::vector<uint8_t> linear; // k x n: encoding of unit vector i, built on first need
    auto learn = [&](int c) {
        known[static_cast<size_t>(c)] = 1;
        --left;
        for (int r : h.col(c))
            if (--unknown_in_row[static_cast<size_t>(r)] == 1)
                ready.push_back(r);
    };
    while (left > 0) {
        if (!ready.empty()) {
            const int r = ready.back();
            ready.pop_back();
            if (unknown_in_row[static_cast<size_t>(r)] != 1)
                continue;
            int target = -1;
            for (int c : h.row(r))
                if (!known[static_cast<size_t>(c)])
                    target = c;
            add_step(p, target, row_without(h, r, target));
            learn(target);
            continue;
        }
        // stuck: the unknown column in the most rows with two unknowns, written
        // as the XOR of the information bits it depends on
        int best = -1, best_score = -1;
        for (int c = 0; c < n; ++c) {
            if (known[static_cast<size_t>(c)])
                continue;
            int score = 0;
            for (int r : h.col(c))
                score += unknown_in_row[static_cast<size_t>(r)] == 2;
            if (score > best_score) {
                best = c;
                best_score = score;
            }
        }
        if (linear.empty()) {
            if (static_cast<double>(k) * n > 4.0e9)
                throw invalid_argument(
                    "encoder program: the code (" + std::to_string(k) + " x " +
                    std::to_string(n) +
                    ") is too large for the dense steps its encoder needs");
            linear.assign(static_cast<size_t>(k) * n, 0);
            std::vector<uint8_t> unit(static_cast<size_t>(k), 0);
            for (int i = 0; i < k; ++i) {
                unit[static_cast<size_t>(i)] = 1;
                enc.encode(unit.data(), linear.data() + static_cast<size_t>(i) * n);
                unit[static_cast<size_t>(i)] = 0;
            }
        }
        std::vector<int> cols;
        for (int i = 0; i < k; ++i)
            if (linear[static_cast<size_t>(i) * n + best])
                cols.push_back(enc.info_positions()[static_cast<size_t>(i)]);
        add_step(p, best, cols);
        learn(best);
    }
}

} // namespace

xor_program make_xor_program(const encoder& enc, const parity_check_matrix& h)
{
    if (enc.n() != h.cols())
        throw invalid_argument("encoder program: the encoder's length " +
                               std::to_string(enc.n()) + " is not H's " +
                               std::to_string(h.cols()));
    xor_program p;
    if (enc.method() == "dual-diagonal" && dual_diagonal_program(enc, h, p))
        return p;
    p = xor_program();
    peeling_program(enc, h, p);
    return p;
}

void run_xor_program(const xor_program& p, uint8_t* codeword)
{
    for (size_t s = 0; s < p.steps(); ++s) {
        uint8_t x = 0;
        for (int e = p.src_ptr[s]; e < p.src_ptr[s + 1]; ++e)
            x ^= codeword[p.sources[static_cast<size_t>(e)]];
        codeword[p.target[s]] = x;
    }
}

} // namespace gpufec
