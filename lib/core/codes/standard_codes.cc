/* -*- c++ -*- */
/*
 * The standard LDPC families built from the standards' own tables
 * (standard_tables_*.cc):
 *  - IEEE 802.11n-2009 Annex R and IEEE 802.16e-2005 8.4.9.2.5: QC codes with 24
 *    block columns, Z = N/24, dual-diagonal parity part over all block rows;
 *  - 3GPP TS 38.212 5.3.2: base graph 1 or 2 lifted by Z (Table 5.3.2-1), shift
 *    V mod Z, the first 2Z columns punctured, dual-diagonal core of 4 block rows;
 *  - ETSI EN 302 307-1 5.3.2: H = [A | staircase] from the Annex B/C address tables,
 *    information bit 360 g + j checked by (x + j q) mod (n - k) for each address x of
 *    row g, parity row i joining columns k + i and k + i - 1.
 * Every refusal is a gpufec::invalid_argument whose message lists the valid values.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "codes/standard_tables.h"
#include <algorithm>
#include <cctype>
#include <gpufec/code_families.h>
#include <gpufec/error.h>
#include <gpufec/standard_codes.h>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace gpufec {

namespace {

namespace st = standard_tables;

constexpr int wimax_z0 = 96;
constexpr int wimax_n_min = 576;
constexpr int wimax_n_max = 2304;
constexpr int wimax_n_step = 96;
constexpr int nr5g_z_max = 384;
constexpr int dvbs2_group = 360;

template <typename T>
std::string join(const std::vector<T>& values)
{
    std::string out;
    for (size_t i = 0; i < values.size(); i++) {
        if (i > 0) {
            out += ", ";
        }
        if constexpr (std::is_same_v<T, std::string>) {
            out += values[i];
        } else {
            out += std::to_string(values[i]);
        }
    }
    return out;
}

std::string upper(std::string s)
{
    for (auto& c : s) {
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return s;
}

/*! Lifts a base matrix to Z with `scale` applied to every shift p >= 0. */
template <typename Scale>
qc_structure lift(const st::base_matrix& base, int z, Scale scale)
{
    qc_structure qc;
    qc.z = z;
    qc.block_rows = base.block_rows;
    qc.block_cols = base.block_cols;
    const size_t count = static_cast<size_t>(base.block_rows) * base.block_cols;
    qc.shifts.resize(count);
    for (size_t i = 0; i < count; i++) {
        const int p = base.shifts[i];
        qc.shifts[i] = p < 0 ? -1 : scale(p);
    }
    return qc;
}

/*! 802.11n / 802.16e: the parity part is the last block_rows block columns. */
standard_code dual_diagonal_code(const qc_structure& qc)
{
    standard_code code;
    code.h = parity_check_matrix::from_qc(qc);
    code.encoder = standard_code::encoder_kind::dual_diagonal;
    code.kb = qc.block_cols - qc.block_rows;
    code.core_rows = qc.block_rows;
    return code;
}

const st::dvbs2_table* find_dvbs2(const std::string& frame, const std::string& rate)
{
    for (int i = 0; i < st::dvbs2_table_count; i++) {
        const auto& t = st::dvbs2_tables[i];
        if (frame == t.frame && rate == t.rate) {
            return &t;
        }
    }
    return nullptr;
}

} // namespace

std::vector<int> wifi_lengths()
{
    std::vector<int> n;
    for (int i = 0; i < st::wifi_table_count; i++) {
        if (std::find(n.begin(), n.end(), st::wifi_tables[i].n) == n.end()) {
            n.push_back(st::wifi_tables[i].n);
        }
    }
    std::sort(n.begin(), n.end());
    return n;
}

std::vector<int> wimax_lengths()
{
    std::vector<int> n;
    for (int v = wimax_n_min; v <= wimax_n_max; v += wimax_n_step) {
        n.push_back(v);
    }
    return n;
}

std::vector<std::string> wifi_rates() { return { "1/2", "2/3", "3/4", "5/6" }; }

std::vector<std::string> wimax_rates()
{
    return { "1/2", "2/3A", "2/3B", "3/4A", "3/4B", "5/6" };
}

std::vector<std::string> dvbs2_rates(const std::string& frame)
{
    std::vector<std::string> rates;
    for (int i = 0; i < st::dvbs2_table_count; i++) {
        if (frame == st::dvbs2_tables[i].frame) {
            rates.emplace_back(st::dvbs2_tables[i].rate);
        }
    }
    if (rates.empty()) {
        throw invalid_argument("dvbs2: frame '" + frame +
                               "' is not a DVB-S2 FECFRAME; valid frames: normal, short");
    }
    return rates;
}

standard_code wifi_code(int n, const std::string& rate)
{
    bool n_known = false;
    for (int i = 0; i < st::wifi_table_count; i++) {
        const auto& t = st::wifi_tables[i];
        if (t.n != n) {
            continue;
        }
        n_known = true;
        if (rate == t.rate) {
            const int z = n / t.base.block_cols;
            return dual_diagonal_code(lift(t.base, z, [](int p) { return p; }));
        }
    }
    if (!n_known) {
        throw invalid_argument("wifi: N = " + std::to_string(n) +
                               " is not an IEEE 802.11n codeword length; valid N: 648, "
                               "1296, 1944");
    }
    throw invalid_argument(
        "wifi: rate '" + rate +
        "' is not an IEEE 802.11n code rate; valid rates: " + join(wifi_rates()));
}

standard_code wimax_code(int n, const std::string& rate)
{
    if (n < wimax_n_min || n > wimax_n_max || (n - wimax_n_min) % wimax_n_step != 0) {
        throw invalid_argument(
            "wimax: N = " + std::to_string(n) +
            " is not an IEEE 802.16e codeword length; valid N (576..2304 "
            "step 96): " +
            join(wimax_lengths()));
    }
    const std::string r = upper(rate);
    for (int i = 0; i < st::wimax_table_count; i++) {
        const auto& t = st::wimax_tables[i];
        if (r != t.rate) {
            continue;
        }
        const int z = n / t.base.block_cols;
        if (t.modulo_scaling) {
            return dual_diagonal_code(lift(t.base, z, [z](int p) { return p % z; }));
        }
        return dual_diagonal_code(
            lift(t.base, z, [z](int p) { return static_cast<int>(p * z / wimax_z0); }));
    }
    throw invalid_argument(
        "wimax: rate '" + rate +
        "' is not an IEEE 802.16e code rate; valid rates: " + join(wimax_rates()));
}

std::vector<int> nr5g_lifting_sizes()
{
    // 38.212 Table 5.3.2-1: Z = a * 2^j <= 384, a in {2, 3, 5, 7, 9, 11, 13, 15}
    std::vector<int> sizes;
    for (int a : { 2, 3, 5, 7, 9, 11, 13, 15 }) {
        for (int z = a; z <= nr5g_z_max; z *= 2) {
            sizes.push_back(z);
        }
    }
    std::sort(sizes.begin(), sizes.end());
    return sizes;
}

standard_code nr5g_code(int base_graph, int z)
{
    if (base_graph != 1 && base_graph != 2) {
        throw invalid_argument("nr5g: base graph " + std::to_string(base_graph) +
                               " does not exist; valid base graphs: 1, 2");
    }
    // set index iLS: the index of the odd factor a of Z = a * 2^j in Table 5.3.2-1
    static const int odd_factors[8] = { 2, 3, 5, 7, 9, 11, 13, 15 };
    int set_index = -1;
    if (z > 0 && z <= nr5g_z_max) {
        for (int i = 0; i < 8 && set_index < 0; i++) {
            for (int v = odd_factors[i]; v <= z; v *= 2) {
                if (v == z) {
                    set_index = i;
                    break;
                }
            }
        }
    }
    if (set_index < 0) {
        throw invalid_argument(
            "nr5g: Z = " + std::to_string(z) +
            " is not a lifting size of 38.212 Table 5.3.2-1; valid Z: " +
            join(nr5g_lifting_sizes()));
    }

    const st::nr5g_base_graph& bg = base_graph == 1 ? st::nr5g_bg1 : st::nr5g_bg2;
    qc_structure qc;
    qc.z = z;
    qc.block_rows = bg.rows;
    qc.block_cols = bg.cols;
    qc.shifts.assign(static_cast<size_t>(bg.rows) * bg.cols, -1);
    for (int i = 0; i < bg.entry_count; i++) {
        const auto& e = bg.entries[i];
        qc.shifts[static_cast<size_t>(e.row) * bg.cols + e.col] = e.v[set_index] % z;
    }

    standard_code code;
    code.h = parity_check_matrix::from_qc(qc);
    code.punctured_columns.resize(2 * static_cast<size_t>(z));
    for (int c = 0; c < 2 * z; c++) {
        code.punctured_columns[c] = c;
    }
    code.encoder = standard_code::encoder_kind::dual_diagonal;
    code.kb = bg.kb;
    code.core_rows = 4;
    return code;
}

standard_code dvbs2_code(const std::string& frame, const std::string& rate)
{
    const std::vector<std::string> rates = dvbs2_rates(frame); // refuses a bad frame
    const st::dvbs2_table* t = find_dvbs2(frame, rate);
    if (t == nullptr) {
        throw invalid_argument("dvbs2: rate '" + rate + "' is not a DVB-S2 " + frame +
                               " frame code rate; valid rates: " + join(rates));
    }

    const int k = t->k;
    const int m = t->n - k;
    const int q = m / dvbs2_group;
    std::vector<std::pair<int, int>> entries;
    entries.reserve(static_cast<size_t>(t->size) * dvbs2_group +
                    2 * static_cast<size_t>(m));
    int group = 0;
    for (int pos = 0; pos < t->size; group++) {
        const int count = t->rows[pos++];
        for (int a = 0; a < count; a++) {
            const int x = t->rows[pos++];
            for (int j = 0; j < dvbs2_group; j++) {
                entries.emplace_back((x + j * q) % m, group * dvbs2_group + j);
            }
        }
    }
    if (group * dvbs2_group != k) {
        throw invalid_argument("dvbs2: internal table for " + frame + " " + rate +
                               " has " + std::to_string(group) + " rows, expected " +
                               std::to_string(k / dvbs2_group));
    }
    // staircase (accumulator) parity part
    for (int i = 0; i < m; i++) {
        entries.emplace_back(i, k + i);
        if (i > 0) {
            entries.emplace_back(i, k + i - 1);
        }
    }

    standard_code code;
    code.h = parity_check_matrix::from_entries(m, t->n, entries);
    code.encoder = standard_code::encoder_kind::accumulator;
    return code;
}

std::vector<std::string> standard_families()
{
    std::vector<std::string> names;
    for (const code_family& f : code_families()) {
        if (f.standard) {
            names.push_back(f.name);
        }
    }
    return names;
}

std::vector<std::string> standard_code_specs(const std::string& family)
{
    const code_family* f = find_code_family(family);
    if (f == nullptr || !f->standard) {
        throw invalid_argument(
            "'" + family +
            "' is not a standard code family; families: " + join(standard_families()));
    }
    return f->standard_specs();
}

} // namespace gpufec
