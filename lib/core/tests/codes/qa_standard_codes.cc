/*
 * The standard families (standard_codes.h) without reference files: the size, rate,
 * lifting size and encoder description of every code; the dual-diagonal parity part
 * of every 802.11n / 802.16e code and the 5G NR extension columns; the 802.16e shift
 * scaling (floor(p Z / 96), p mod Z for rate 2/3A); the 38.212 lifting sizes; the
 * DVB-S2 column degrees (EN 302 307 Tables 5a/5b) and staircase; the lists of rates;
 * refusals whose messages list the valid values; that each family's own encoder
 * accepts the codes and writes codewords that satisfy H; and the listing of every
 * code spec of a family (12 802.11n codes, 19 x 6 802.16e, 11 + 10 DVB-S2, 2 x 51
 * 5G NR), each a code that ldpc_code::make() builds with the family's N and K.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test_util.h"

#include <algorithm>
#include <cppunit/extensions/HelperMacros.h>
#include <cstdint>
#include <gpufec/encoder.h>
#include <gpufec/error.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/standard_codes.h>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace {

using gpufec::parity_check_matrix;
using gpufec::qc_structure;
using gpufec::standard_code;

const std::vector<int> wifi_lengths = { 648, 1296, 1944 };

/*! K / N of a rate name such as "2/3" or "3/4B". */
std::pair<int, int> rate_fraction(const std::string& rate)
{
    const auto slash = rate.find('/');
    return { std::stoi(rate.substr(0, slash)), std::stoi(rate.substr(slash + 1)) };
}

std::string where(const std::string& family, int n, const std::string& rate)
{
    return family + " N=" + std::to_string(n) + " rate " + rate;
}

/*!
 * The dual-diagonal parity part of 802.11n / 802.16e / the 5G NR core. Within the
 * core rows, block column kb has three nonzero blocks and block column kb + 1 + i is
 * the identity in core rows i and i + 1 only. 802.11n / 802.16e (`whole_columns`):
 * the core is every block row and column kb's first and last blocks have equal
 * shifts (its middle one is 0, or 80 in 802.16e rate 3/4B). 5G NR: extension row r >=
 * core_rows has an identity at block column kb + r, the only nonzero block of that
 * column.
 */
void check_parity_structure(const qc_structure& qc,
                            int kb,
                            int core_rows,
                            const std::string& what,
                            bool whole_columns)
{
    std::vector<int> nz;
    for (int r = 0; r < (whole_columns ? qc.block_rows : core_rows); r++) {
        if (qc.shift(r, kb) >= 0) {
            nz.push_back(r);
        }
    }
    CPPUNIT_ASSERT_EQUAL_MESSAGE(what + ": blocks in column kb", size_t(3), nz.size());
    if (whole_columns) {
        CPPUNIT_ASSERT_EQUAL_MESSAGE(what + ": core rows", qc.block_rows, core_rows);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(what + ": column kb first row", 0, nz.front());
        CPPUNIT_ASSERT_EQUAL_MESSAGE(
            what + ": column kb last row", core_rows - 1, nz.back());
        CPPUNIT_ASSERT_EQUAL_MESSAGE(
            what + ": column kb ends", qc.shift(0, kb), qc.shift(core_rows - 1, kb));
    }
    for (int i = 0; i + 1 < core_rows; i++) {
        const int c = kb + 1 + i;
        for (int r = 0; r < (whole_columns ? qc.block_rows : core_rows); r++) {
            const int expect = (r == i || r == i + 1) ? 0 : -1;
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what + ": staircase block (" +
                                             std::to_string(r) + "," + std::to_string(c) +
                                             ")",
                                         expect,
                                         qc.shift(r, c));
        }
    }
    for (int r = core_rows; r < qc.block_rows; r++) {
        const int c = kb + r;
        for (int rr = 0; rr < qc.block_rows; rr++) {
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what + ": extension block (" +
                                             std::to_string(rr) + "," +
                                             std::to_string(c) + ")",
                                         rr == r ? 0 : -1,
                                         qc.shift(rr, c));
        }
    }
}

/*! Encodes random information with the code's own encoder; every codeword passes H. */
void check_encoder(const standard_code& code, int expected_k, const std::string& what)
{
    std::unique_ptr<gpufec::encoder> enc =
        code.encoder == standard_code::encoder_kind::accumulator
            ? gpufec::make_accumulator_encoder(code.h)
            : gpufec::make_dual_diagonal_encoder(code.h, code.kb, code.core_rows);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(what + ": encoder K", expected_k, enc->k());
    CPPUNIT_ASSERT_EQUAL_MESSAGE(what + ": encoder N", code.h.cols(), enc->n());
    std::mt19937 rng(12345);
    std::vector<uint8_t> info(expected_k), cw(code.h.cols());
    for (int frame = 0; frame < 3; frame++) {
        for (auto& b : info) {
            b = static_cast<uint8_t>(rng() & 1);
        }
        enc->encode(info.data(), cw.data());
        CPPUNIT_ASSERT_MESSAGE(what + ": codeword fails H",
                               code.h.syndrome_ok(cw.data()));
        for (int i = 0; i < expected_k; i++) {
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what + ": systematic bit",
                                         int(info[i]),
                                         int(cw[enc->info_positions()[i]]));
        }
    }
}

struct dvbs2_expect {
    int k;
    std::map<int, int> info_degrees; //!< degree -> number of information columns
};

/*! EN 302 307 Tables 5a (normal) and 5b (short): K and the information column degrees. */
const std::map<std::string, dvbs2_expect>& dvbs2_expected()
{
    static const std::map<std::string, dvbs2_expect> e = {
        { "normal 1/4", { 16200, { { 12, 5400 }, { 3, 10800 } } } },
        { "normal 1/3", { 21600, { { 12, 7200 }, { 3, 14400 } } } },
        { "normal 2/5", { 25920, { { 12, 8640 }, { 3, 17280 } } } },
        { "normal 1/2", { 32400, { { 8, 12960 }, { 3, 19440 } } } },
        { "normal 3/5", { 38880, { { 12, 12960 }, { 3, 25920 } } } },
        { "normal 2/3", { 43200, { { 13, 4320 }, { 3, 38880 } } } },
        { "normal 3/4", { 48600, { { 12, 5400 }, { 3, 43200 } } } },
        { "normal 4/5", { 51840, { { 11, 6480 }, { 3, 45360 } } } },
        { "normal 5/6", { 54000, { { 13, 5400 }, { 3, 48600 } } } },
        { "normal 8/9", { 57600, { { 4, 7200 }, { 3, 50400 } } } },
        { "normal 9/10", { 58320, { { 4, 6480 }, { 3, 51840 } } } },
        { "short 1/4", { 3240, { { 12, 1440 }, { 3, 1800 } } } },
        { "short 1/3", { 5400, { { 12, 1800 }, { 3, 3600 } } } },
        { "short 2/5", { 6480, { { 12, 2160 }, { 3, 4320 } } } },
        { "short 1/2", { 7200, { { 8, 1800 }, { 3, 5400 } } } },
        { "short 3/5", { 9720, { { 12, 3240 }, { 3, 6480 } } } },
        { "short 2/3", { 10800, { { 13, 1080 }, { 3, 9720 } } } },
        { "short 3/4", { 11880, { { 12, 360 }, { 3, 11520 } } } },
        { "short 4/5", { 12600, { { 3, 12600 } } } },
        { "short 5/6", { 13320, { { 13, 360 }, { 3, 12960 } } } },
        { "short 8/9", { 14400, { { 4, 1800 }, { 3, 12600 } } } },
    };
    return e;
}

} // namespace

class qa_standard_codes : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_standard_codes);
    CPPUNIT_TEST(test_rate_lists);
    CPPUNIT_TEST(test_wifi_codes);
    CPPUNIT_TEST(test_wimax_codes);
    CPPUNIT_TEST(test_wimax_shift_scaling);
    CPPUNIT_TEST(test_nr5g_lifting_sizes);
    CPPUNIT_TEST(test_nr5g_codes);
    CPPUNIT_TEST(test_dvbs2_codes);
    CPPUNIT_TEST(test_strided_layers);
    CPPUNIT_TEST(test_refusals);
    CPPUNIT_TEST(test_encoders_accept_codes);
    CPPUNIT_TEST(test_family_specs);
    CPPUNIT_TEST_SUITE_END();

public:
    void test_rate_lists()
    {
        using names = std::vector<std::string>;
        const names wifi = { "1/2", "2/3", "3/4", "5/6" };
        const names wimax = { "1/2", "2/3A", "2/3B", "3/4A", "3/4B", "5/6" };
        names dvbs2_short = { "1/4", "1/3", "2/5", "1/2", "3/5",
                              "2/3", "3/4", "4/5", "5/6", "8/9" };
        names dvbs2_normal = dvbs2_short;
        dvbs2_normal.push_back("9/10");
        CPPUNIT_ASSERT(gpufec::wifi_rates() == wifi);
        CPPUNIT_ASSERT(gpufec::wimax_rates() == wimax);
        CPPUNIT_ASSERT(gpufec::dvbs2_rates("normal") == dvbs2_normal);
        CPPUNIT_ASSERT(gpufec::dvbs2_rates("short") == dvbs2_short);
    }

    void test_wifi_codes()
    {
        for (int n : wifi_lengths) {
            for (const auto& rate : gpufec::wifi_rates()) {
                const std::string what = where("wifi", n, rate);
                const standard_code code = gpufec::wifi_code(n, rate);
                const auto fr = rate_fraction(rate);
                const int k = n * fr.first / fr.second;
                const int z = n / 24;
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, n, code.h.cols());
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, n - k, code.h.rows());
                CPPUNIT_ASSERT_MESSAGE(what, code.h.is_qc());
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, z, code.h.qc().z);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, 24, code.h.qc().block_cols);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, (n - k) / z, code.h.qc().block_rows);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, k / z, code.kb);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, (n - k) / z, code.core_rows);
                CPPUNIT_ASSERT_MESSAGE(
                    what, code.encoder == standard_code::encoder_kind::dual_diagonal);
                CPPUNIT_ASSERT_MESSAGE(what, code.punctured_columns.empty());
                for (int s : code.h.qc().shifts) {
                    CPPUNIT_ASSERT_MESSAGE(what + ": shift range", s >= -1 && s < z);
                }
                check_parity_structure(code.h.qc(), code.kb, code.core_rows, what, true);
            }
        }
    }

    void test_wimax_codes()
    {
        int count = 0;
        for (int n = 576; n <= 2304; n += 96) {
            for (const auto& rate : gpufec::wimax_rates()) {
                const std::string what = where("wimax", n, rate);
                const standard_code code = gpufec::wimax_code(n, rate);
                const auto fr = rate_fraction(rate);
                const int k = n * fr.first / fr.second;
                const int z = n / 24;
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, n, code.h.cols());
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, n - k, code.h.rows());
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, z, code.h.qc().z);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, k / z, code.kb);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, (n - k) / z, code.core_rows);
                CPPUNIT_ASSERT_MESSAGE(
                    what, code.encoder == standard_code::encoder_kind::dual_diagonal);
                check_parity_structure(code.h.qc(), code.kb, code.core_rows, what, true);
                // the number of nonzero blocks does not depend on Z
                const standard_code ref = gpufec::wimax_code(2304, rate);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(
                    what, ref.h.edges() / 96 * z, code.h.edges());
                count++;
            }
        }
        CPPUNIT_ASSERT_EQUAL(19 * 6, count);
        // lower-case A/B are accepted
        CPPUNIT_ASSERT(gpufec::wimax_code(576, "2/3b")
                           .h.same_entries(gpufec::wimax_code(576, "2/3B").h));
    }

    void test_wimax_shift_scaling()
    {
        // N = 2304 (Z = 96) carries the model matrices unscaled
        for (const auto& rate : gpufec::wimax_rates()) {
            const qc_structure model = gpufec::wimax_code(2304, rate).h.qc();
            for (int n = 576; n < 2304; n += 96) {
                const int z = n / 24;
                const qc_structure qc = gpufec::wimax_code(n, rate).h.qc();
                for (size_t i = 0; i < model.shifts.size(); i++) {
                    const int p = model.shifts[i];
                    const int expect = p <= 0 ? p : (rate == "2/3A" ? p % z : p * z / 96);
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(where("wimax", n, rate) + " block " +
                                                     std::to_string(i),
                                                 expect,
                                                 qc.shifts[i]);
                }
            }
        }
        // 2/3A, block (1,4): p = 36; at Z = 24 p mod Z = 12 where floor(p Z / 96) = 9
        CPPUNIT_ASSERT_EQUAL(36, gpufec::wimax_code(2304, "2/3A").h.qc().shift(1, 4));
        CPPUNIT_ASSERT_EQUAL(12, gpufec::wimax_code(576, "2/3A").h.qc().shift(1, 4));
        // rate 5/6, block (3,0): 68 (802.16-2009/-2012), not 50 (docs/VALIDATION.md)
        CPPUNIT_ASSERT_EQUAL(68, gpufec::wimax_code(2304, "5/6").h.qc().shift(3, 0));
        CPPUNIT_ASSERT_EQUAL(17, gpufec::wimax_code(576, "5/6").h.qc().shift(3, 0));
    }

    void test_nr5g_lifting_sizes()
    {
        const std::vector<int> z = gpufec::nr5g_lifting_sizes();
        CPPUNIT_ASSERT_EQUAL(size_t(51), z.size());
        CPPUNIT_ASSERT_EQUAL(2, z.front());
        CPPUNIT_ASSERT_EQUAL(384, z.back());
        for (size_t i = 0; i < z.size(); i++) {
            if (i > 0) {
                CPPUNIT_ASSERT(z[i - 1] < z[i]);
            }
            int a = z[i];
            while (a % 2 == 0 && a > 2) {
                a /= 2;
            }
            // odd factor a in {3,5,...,15}, or a power of two (a = 2)
            CPPUNIT_ASSERT_MESSAGE(std::to_string(z[i]),
                                   a == 2 || (a % 2 == 1 && a >= 3 && a <= 15));
        }
        // how many sizes per set index: a = 2, 3, 5, 7, 9, 11, 13, 15
        const std::map<int, int> per_a = { { 2, 8 }, { 3, 8 },  { 5, 7 },  { 7, 6 },
                                           { 9, 6 }, { 11, 6 }, { 13, 5 }, { 15, 5 } };
        for (const auto& pa : per_a) {
            int count = 0;
            for (int v = pa.first; v <= 384; v *= 2) {
                CPPUNIT_ASSERT(std::find(z.begin(), z.end(), v) != z.end());
                count++;
            }
            CPPUNIT_ASSERT_EQUAL(pa.second, count);
        }
    }

    void test_nr5g_codes()
    {
        for (int bg : { 1, 2 }) {
            const int rows = bg == 1 ? 46 : 42;
            const int cols = bg == 1 ? 68 : 52;
            const size_t blocks = bg == 1 ? 316 : 197;
            const int kb = bg == 1 ? 22 : 10;
            for (int z : gpufec::nr5g_lifting_sizes()) {
                const std::string what =
                    "nr5g bg" + std::to_string(bg) + " Z=" + std::to_string(z);
                const standard_code code = gpufec::nr5g_code(bg, z);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, rows * z, code.h.rows());
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, cols * z, code.h.cols());
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, blocks * z, code.h.edges());
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, z, code.h.qc().z);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, kb, code.kb);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, 4, code.core_rows);
                CPPUNIT_ASSERT_MESSAGE(
                    what, code.encoder == standard_code::encoder_kind::dual_diagonal);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(
                    what, size_t(2 * z), code.punctured_columns.size());
                for (int c = 0; c < 2 * z; c++) {
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(what, c, code.punctured_columns[c]);
                }
                check_parity_structure(code.h.qc(), kb, 4, what, false);
            }
        }
    }

    void test_dvbs2_codes()
    {
        for (const std::string frame : { "normal", "short" }) {
            const int n = frame == "normal" ? 64800 : 16200;
            for (const auto& rate : gpufec::dvbs2_rates(frame)) {
                const std::string what = "dvbs2 " + frame + " " + rate;
                const dvbs2_expect& e = dvbs2_expected().at(frame + " " + rate);
                const standard_code code = gpufec::dvbs2_code(frame, rate);
                const int m = n - e.k;
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, n, code.h.cols());
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, m, code.h.rows());
                CPPUNIT_ASSERT_MESSAGE(what, !code.h.is_qc());
                CPPUNIT_ASSERT_MESSAGE(what, code.punctured_columns.empty());
                CPPUNIT_ASSERT_MESSAGE(
                    what, code.encoder == standard_code::encoder_kind::accumulator);
                std::map<int, int> info;
                for (int c = 0; c < e.k; c++) {
                    info[code.h.col_degree(c)]++;
                }
                CPPUNIT_ASSERT_MESSAGE(what + ": information column degrees",
                                       info == e.info_degrees);
                size_t edges = 0;
                for (const auto& d : e.info_degrees) {
                    edges += static_cast<size_t>(d.first) * d.second;
                }
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, edges + 2 * m - 1, code.h.edges());
                // staircase: parity column K+i has rows i and i+1 (the last only row M-1)
                for (int i = 0; i < m; i++) {
                    const auto col = code.h.col(e.k + i);
                    if (i + 1 < m) {
                        CPPUNIT_ASSERT_EQUAL_MESSAGE(what, 2, col.size());
                        CPPUNIT_ASSERT_EQUAL_MESSAGE(what, i, col[0]);
                        CPPUNIT_ASSERT_EQUAL_MESSAGE(what, i + 1, col[1]);
                    } else {
                        CPPUNIT_ASSERT_EQUAL_MESSAGE(what, 1, col.size());
                        CPPUNIT_ASSERT_EQUAL_MESSAGE(what, m - 1, col[0]);
                    }
                }
                // layers: the 360-periodic row sets r + k q (q = M / 360), r in order
                // (EN 302 307-1 section 5.3.2: the parity addresses of the 360 bits
                // of an information group step by q), a set split into sublayers
                // where two of its rows share a column (two addresses of one
                // information group congruent mod q)
                const int q = m / 360;
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, 0, m % 360);
                const auto& layers = code.h.layers();
                std::vector<int> seen(n, -1), covered(m, 0);
                int prev_set = 0, conflicted = 0;
                for (size_t l = 0; l < layers.size(); l++) {
                    const int set = layers[l][0] % q;
                    CPPUNIT_ASSERT_MESSAGE(what + ": sets in order",
                                           set == prev_set || set == prev_set + 1);
                    conflicted += set == prev_set && l > 0;
                    prev_set = set;
                    for (size_t i = 0; i < layers[l].size(); i++) {
                        const int row = layers[l][i];
                        CPPUNIT_ASSERT_EQUAL_MESSAGE(what, set, row % q);
                        CPPUNIT_ASSERT_MESSAGE(what, i == 0 || row > layers[l][i - 1]);
                        covered[row]++;
                        for (int c : code.h.row(row)) {
                            CPPUNIT_ASSERT_MESSAGE(what + ": layer shares a column",
                                                   seen[c] != int(l));
                            seen[c] = static_cast<int>(l);
                        }
                    }
                }
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, q - 1, prev_set);
                CPPUNIT_ASSERT_MESSAGE(what + ": every row once",
                                       std::count(covered.begin(), covered.end(), 1) ==
                                           m);
                std::cout << "  " << what << ": " << layers.size() << " layers (" << q
                          << " sets, " << conflicted << " extra sublayers)\n";
                if (frame == "normal" && std::string(rate) == "1/2") {
                    // 8 of the 90 sets hold one pair of congruent addresses each,
                    // at an offset whose cycles are even: 2 sublayers each
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(what, size_t(98), layers.size());
                }
                // normal frames: every check has the same degree in A (edges / M)
                if (frame == "normal") {
                    const int a_row = static_cast<int>(edges / m);
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(what, size_t(a_row) * m, edges);
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(what, a_row + 1, code.h.row_degree(0));
                    for (int r = 1; r < m; r++) {
                        CPPUNIT_ASSERT_EQUAL_MESSAGE(
                            what, a_row + 2, code.h.row_degree(r));
                    }
                }
            }
        }
    }

    /*!
     * parity_check_matrix's layers of non-QC matrices of M = 360 q rows: the strided
     * row sets r + k q when they share no column, else greedy first-fit.
     */
    void test_strided_layers()
    {
        std::vector<std::pair<int, int>> e;
        for (int i = 0; i < 720; i++) { // row i: columns i, i + 1 (mod 720)
            e.emplace_back(i, i);
            e.emplace_back(i, (i + 1) % 720);
        }
        const auto h = parity_check_matrix::from_entries(720, 720, e);
        CPPUNIT_ASSERT_EQUAL(size_t(2), h.layers().size());
        for (int r = 0; r < 2; r++) {
            CPPUNIT_ASSERT_EQUAL(size_t(360), h.layers()[r].size());
            for (int k = 0; k < 360; k++) {
                CPPUNIT_ASSERT_EQUAL(r + 2 * k, h.layers()[r][k]);
            }
        }
        // 721 columns: N - M is not a multiple of 360: greedy
        e.clear();
        for (int i = 0; i < 720; i++) {
            e.emplace_back(i, i);
        }
        e.emplace_back(0, 720);
        e.emplace_back(2, 720);
        const auto g = parity_check_matrix::from_entries(720, 721, e);
        CPPUNIT_ASSERT_EQUAL(size_t(2), g.layers().size());
        CPPUNIT_ASSERT_EQUAL(size_t(719), g.layers()[0].size());
        CPPUNIT_ASSERT(g.layers()[1] == std::vector<int>{ 2 });
        // 719 rows: no period of 360, greedy (one layer: the rows share no column)
        e.clear();
        for (int i = 0; i < 719; i++) {
            e.emplace_back(i, i);
        }
        const auto o = parity_check_matrix::from_entries(719, 719, e);
        CPPUNIT_ASSERT_EQUAL(size_t(1), o.layers().size());
    }

    void test_refusals()
    {
        using gpufec::invalid_argument;
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::wifi_code(1000, "1/2"), invalid_argument, "648, 1296, 1944");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::wifi_code(648, "7/8"), invalid_argument, "1/2, 2/3, 3/4, 5/6");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::wifi_code(648, "2/3A"), invalid_argument, "'2/3A'");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::wimax_code(600, "1/2"), invalid_argument, "576, 672");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::wimax_code(2400, "1/2"), invalid_argument, "2208, 2304");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::wimax_code(480, "1/2"), invalid_argument, "N = 480");
        GPUFEC_ASSERT_THROW_MSG(gpufec::wimax_code(576, "2/3"),
                                invalid_argument,
                                "1/2, 2/3A, 2/3B, 3/4A, 3/4B, 5/6");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::nr5g_code(3, 8), invalid_argument, "valid base graphs: 1, 2");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::nr5g_code(1, 17), invalid_argument, "2, 3, 4, 5, 6, 7, 8");
        GPUFEC_ASSERT_THROW_MSG(gpufec::nr5g_code(2, 385), invalid_argument, "352, 384");
        GPUFEC_ASSERT_THROW_MSG(gpufec::nr5g_code(1, 0), invalid_argument, "Z = 0");
        GPUFEC_ASSERT_THROW_MSG(gpufec::nr5g_code(1, -4), invalid_argument, "Z = -4");
        GPUFEC_ASSERT_THROW_MSG(gpufec::dvbs2_code("medium", "1/2"),
                                invalid_argument,
                                "valid frames: normal, short");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::dvbs2_code("short", "9/10"), invalid_argument, "5/6, 8/9");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::dvbs2_code("normal", "2/9"), invalid_argument, "8/9, 9/10");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::dvbs2_rates("x"), invalid_argument, "normal, short");
    }

    void test_encoders_accept_codes()
    {
        for (int n : wifi_lengths) {
            for (const auto& rate : gpufec::wifi_rates()) {
                const auto fr = rate_fraction(rate);
                check_encoder(gpufec::wifi_code(n, rate),
                              n * fr.first / fr.second,
                              where("wifi", n, rate));
            }
        }
        for (int n : { 576, 1248, 2304 }) {
            for (const auto& rate : gpufec::wimax_rates()) {
                const auto fr = rate_fraction(rate);
                check_encoder(gpufec::wimax_code(n, rate),
                              n * fr.first / fr.second,
                              where("wimax", n, rate));
            }
        }
        for (int z : { 2, 15, 64, 384 }) {
            check_encoder(
                gpufec::nr5g_code(1, z), 22 * z, "nr5g bg1 Z=" + std::to_string(z));
            check_encoder(
                gpufec::nr5g_code(2, z), 10 * z, "nr5g bg2 Z=" + std::to_string(z));
        }
        for (const auto& rate : gpufec::dvbs2_rates("short")) {
            check_encoder(gpufec::dvbs2_code("short", rate),
                          dvbs2_expected().at("short " + rate).k,
                          "dvbs2 short " + rate);
        }
        check_encoder(gpufec::dvbs2_code("normal", "1/2"), 32400, "dvbs2 normal 1/2");
    }

    void test_family_specs()
    {
        using names = std::vector<std::string>;
        CPPUNIT_ASSERT(gpufec::standard_families() ==
                       names({ "wifi", "wimax", "dvbs2", "nr5g" }));
        const std::map<std::string, size_t> counts = {
            { "wifi", 12 }, { "wimax", 114 }, { "dvbs2", 21 }, { "nr5g", 102 }
        };
        for (const auto& family : gpufec::standard_families()) {
            const names specs = gpufec::standard_code_specs(family);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(family, counts.at(family), specs.size());
            CPPUNIT_ASSERT_EQUAL_MESSAGE(
                family,
                specs.size(),
                std::set<std::string>(specs.begin(), specs.end()).size());
            for (const auto& spec : specs) {
                CPPUNIT_ASSERT_EQUAL_MESSAGE(
                    spec, family + ":", spec.substr(0, family.size() + 1));
                const auto code = gpufec::ldpc_code::make(spec);
                CPPUNIT_ASSERT_EQUAL(spec, code->name());
                const std::string field = spec.substr(spec.find(':') + 1);
                const std::string first = field.substr(0, field.find(':'));
                const std::string last = field.substr(field.find(':') + 1);
                int n = 0, k = 0;
                if (family == "wifi" || family == "wimax") {
                    n = std::stoi(first);
                    const auto fr = rate_fraction(last);
                    k = n * fr.first / fr.second;
                } else if (family == "dvbs2") {
                    n = first == "normal" ? 64800 : 16200;
                    k = dvbs2_expected().at(first + " " + last).k;
                } else {
                    const int z = std::stoi(last);
                    n = (first == "bg1" ? 66 : 50) * z;
                    k = (first == "bg1" ? 22 : 10) * z;
                }
                CPPUNIT_ASSERT_EQUAL_MESSAGE(spec, n, code->n());
                CPPUNIT_ASSERT_EQUAL_MESSAGE(spec, k, code->k());
            }
        }
        // the standards' order: lengths ascending, rates as listed; frames, graphs
        const names wifi = gpufec::standard_code_specs("wifi");
        CPPUNIT_ASSERT_EQUAL(std::string("wifi:648:1/2"), wifi.front());
        CPPUNIT_ASSERT_EQUAL(std::string("wifi:648:2/3"), wifi[1]);
        CPPUNIT_ASSERT_EQUAL(std::string("wifi:1944:5/6"), wifi.back());
        const names wimax = gpufec::standard_code_specs("wimax");
        CPPUNIT_ASSERT_EQUAL(std::string("wimax:576:1/2"), wimax.front());
        CPPUNIT_ASSERT_EQUAL(std::string("wimax:576:2/3A"), wimax[1]);
        CPPUNIT_ASSERT_EQUAL(std::string("wimax:2304:5/6"), wimax.back());
        const names dvbs2 = gpufec::standard_code_specs("dvbs2");
        CPPUNIT_ASSERT_EQUAL(std::string("dvbs2:normal:1/4"), dvbs2.front());
        CPPUNIT_ASSERT_EQUAL(std::string("dvbs2:normal:9/10"), dvbs2[10]);
        CPPUNIT_ASSERT_EQUAL(std::string("dvbs2:short:8/9"), dvbs2.back());
        const names nr5g = gpufec::standard_code_specs("nr5g");
        CPPUNIT_ASSERT_EQUAL(std::string("nr5g:bg1:2"), nr5g.front());
        CPPUNIT_ASSERT_EQUAL(std::string("nr5g:bg1:384"), nr5g[50]);
        CPPUNIT_ASSERT_EQUAL(std::string("nr5g:bg2:2"), nr5g[51]);
        CPPUNIT_ASSERT_EQUAL(std::string("nr5g:bg2:384"), nr5g.back());
        for (const char* bad : { "", "all", "WIFI", "dvb-s2", "5g" }) {
            GPUFEC_ASSERT_THROW_MSG(gpufec::standard_code_specs(bad),
                                    gpufec::invalid_argument,
                                    "families: wifi, wimax, dvbs2, nr5g");
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_standard_codes);
