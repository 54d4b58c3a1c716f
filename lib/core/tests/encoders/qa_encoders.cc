/*
 * Tests of the systematic encoders (encoder.h):
 *  - generic encoder (peeling + GF(2) elimination) on random small matrices,
 *    rank-deficient ones included (K = N - rank, rank computed here independently),
 *    and on reference files: 10GBASE-T (rank 325, K = 1723), MacKay 816.3.174
 *    (K = 410), MacKay 4000 x 8000, the DVB-S2 64800 alists (peeled completely);
 *  - dual-diagonal encoder on small hand-made QC matrices (and its refusals), then
 *    on every 802.11n, 802.16e and 5G NR code through ldpc_code::make;
 *  - accumulator encoder on every DVB-S2 code, and against the generic encoder;
 *  - the 802.11n encoder against the codewords of
 *    refcodes/binary/ieee802.11_testvectors_YairMZ (4 files, 300 frames each).
 * Every code: H c = 0 for 100 random messages, and c[info_positions[i]] == info[i].
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test_util.h"
#include <cstddef>

#include <chrono>
#include <cppunit/extensions/HelperMacros.h>
#include <cstdint>
#include <fstream>
#include <gpufec/encoder.h>
#include <gpufec/error.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/matrix_files.h>
#include <gpufec/standard_codes.h>
#include <iostream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

namespace {

using gpufec::parity_check_matrix;

std::string bin(const std::string& rel)
{
    return gpufec_test::refcodes_dir() + "/binary/" + rel;
}

/*! Rank of H over GF(2), by plain dense elimination (independent of the encoder). */
int gf2_rank(const parity_check_matrix& h)
{
    const size_t words = (h.cols() + 63) / 64;
    std::vector<std::vector<uint64_t>> rows(h.rows(), std::vector<uint64_t>(words, 0));
    for (int r = 0; r < h.rows(); r++) {
        for (int c : h.row(r)) {
            rows[r][c / 64] |= uint64_t{ 1 } << (c % 64);
        }
    }
    int rank = 0;
    for (int c = 0; c < h.cols() && rank < h.rows(); c++) {
        const uint64_t mask = uint64_t{ 1 } << (c % 64);
        int p = rank;
        while (p < h.rows() && !(rows[p][c / 64] & mask)) {
            p++;
        }
        if (p == h.rows()) {
            continue;
        }
        std::swap(rows[p], rows[rank]);
        for (int q = rank + 1; q < h.rows(); q++) {
            if (rows[q][c / 64] & mask) {
                for (size_t w = 0; w < words; w++) {
                    rows[q][w] ^= rows[rank][w];
                }
            }
        }
        rank++;
    }
    return rank;
}

/*!
 * Encodes `frames` random messages: H c = 0 and c[info_positions[i]] == info[i];
 * the information positions are distinct columns.
 */
void check_encoder(const gpufec::encoder& enc,
                   const parity_check_matrix& h,
                   const std::string& what,
                   int frames = 100,
                   unsigned seed = 1)
{
    CPPUNIT_ASSERT_EQUAL_MESSAGE(what, h.cols(), enc.n());
    const auto& pos = enc.info_positions();
    std::vector<char> used(h.cols(), 0);
    for (int p : pos) {
        if (p < 0 || p >= h.cols() || used[p]) {
            CPPUNIT_FAIL(what + ": information position " + std::to_string(p) +
                         " out of range or repeated");
        }
        used[p] = 1;
    }
    std::mt19937 rng(seed);
    std::vector<uint8_t> info(enc.k()), cw(enc.n());
    for (int f = 0; f < frames; f++) {
        for (auto& b : info) {
            b = rng() & 1;
        }
        if (f == 0) {
            std::fill(info.begin(), info.end(), 0);
        } else if (f == 1) {
            std::fill(info.begin(), info.end(), 1);
        }
        std::fill(cw.begin(), cw.end(), 0xAA);
        enc.encode(info.data(), cw.data());
        for (int i = 0; i < enc.n(); i++) {
            if (cw[i] > 1) {
                CPPUNIT_FAIL(what + ": codeword bit " + std::to_string(i) +
                             " is not 0/1");
            }
        }
        CPPUNIT_ASSERT_MESSAGE(what + ": H c != 0, frame " + std::to_string(f),
                               h.syndrome_ok(cw.data()));
        for (int i = 0; i < enc.k(); i++) {
            if (cw[pos[i]] != info[i]) {
                CPPUNIT_FAIL(what + ": not systematic at info bit " + std::to_string(i));
            }
        }
    }
}

/*! The same through ldpc_code (full and transmitted codewords agree). */
void check_code(const std::string& spec, int expected_k = -1)
{
    const auto code = gpufec::ldpc_code::make(spec);
    const auto& enc = code->get_encoder();
    if (expected_k >= 0) {
        CPPUNIT_ASSERT_EQUAL_MESSAGE(spec, expected_k, code->k());
    }
    check_encoder(enc, code->h(), spec, 100, 7);
    std::mt19937 rng(3);
    std::vector<uint8_t> info(code->k()), full(code->n_full()), tx(code->n());
    for (auto& b : info) {
        b = rng() & 1;
    }
    code->encode_full(info.data(), full.data());
    code->encode(info.data(), tx.data());
    for (int i = 0; i < code->n(); i++) {
        if (full[code->transmitted_columns()[i]] != tx[i]) {
            CPPUNIT_FAIL(spec + ": transmitted bit " + std::to_string(i) +
                         " differs from the full codeword");
        }
    }
}

/*! A random sparse H; rows [extra..) may be made sums of earlier rows. */
parity_check_matrix
random_h(int rows, int cols, double density, int dependent, unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    std::vector<std::vector<uint8_t>> d(rows, std::vector<uint8_t>(cols, 0));
    for (int r = 0; r < rows - dependent; r++) {
        for (int c = 0; c < cols; c++) {
            d[r][c] = u(rng) < density;
        }
    }
    for (int r = rows - dependent; r < rows; r++) {
        const int a = rng() % (rows - dependent), b = rng() % (rows - dependent);
        for (int c = 0; c < cols; c++) {
            d[r][c] = d[a][c] ^ d[b][c]; // a == b gives an all-zero row
        }
    }
    std::vector<std::pair<int, int>> e;
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            if (d[r][c]) {
                e.emplace_back(r, c);
            }
        }
    }
    return parity_check_matrix::from_entries(rows, cols, e);
}

gpufec::qc_structure qc_of(int z, int rows, int cols, std::vector<int> shifts)
{
    gpufec::qc_structure qc;
    qc.z = z;
    qc.block_rows = rows;
    qc.block_cols = cols;
    qc.shifts = std::move(shifts);
    return qc;
}

// A small 802.11n-like code: 3 information block columns, a 3-row dual-diagonal
// core (first parity column 1 / 0 / 1) and one 5G-like extension row.
std::vector<int> small_dd_shifts()
{
    return {
        2,  -1, 3,  /**/ 1, 0,  -1, -1, //
        0,  1,  -1, /**/ 0, 0,  0,  -1, //
        -1, 3,  2,  /**/ 1, -1, 0,  -1, //
        1,  2,  0,  /**/ 3, -1, -1, 0,  //
    };
}

/*! Reads a comma/whitespace separated file of 0/1 bits. */
std::vector<uint8_t> read_bits(const std::string& path)
{
    std::ifstream f(path, std::ios::binary);
    CPPUNIT_ASSERT_MESSAGE("cannot open " + path, f.good());
    const std::string text((std::istreambuf_iterator<char>(f)),
                           std::istreambuf_iterator<char>());
    std::vector<uint8_t> bits;
    bits.reserve(text.size() / 2);
    for (char ch : text) {
        if (ch == '0' || ch == '1') {
            bits.push_back(ch - '0');
        } else if (ch != ',' && ch != '\n' && ch != '\r' && ch != ' ' && ch != '\t') {
            CPPUNIT_FAIL(path + ": unexpected character '" + std::string(1, ch) + "'");
        }
    }
    return bits;
}

/*!
 * The tests of this program that need shared/refcodes return early (saying so)
 * when it is absent, so that the family tests, which do not, still run.
 */
bool have_refcodes_or_say(const char* test)
{
    if (gpufec_test::have_refcodes()) {
        return true;
    }
    std::cerr << "\n  SKIP " << test << ": reference matrices not found at "
              << gpufec_test::refcodes_dir() << "\n";
    return false;
}

double seconds_since(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

} // namespace

class qa_encoders : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_encoders);
    CPPUNIT_TEST(test_generic_random);
    CPPUNIT_TEST(test_generic_rank_deficient);
    CPPUNIT_TEST(test_generic_reference_files);
    CPPUNIT_TEST(test_generic_dvbs2_alists);
    CPPUNIT_TEST(test_dual_diagonal_small);
    CPPUNIT_TEST(test_dual_diagonal_refusals);
    CPPUNIT_TEST(test_accumulator_small);
    CPPUNIT_TEST(test_wifi);
    CPPUNIT_TEST(test_wifi_test_vectors);
    CPPUNIT_TEST(test_wimax);
    CPPUNIT_TEST(test_nr5g);
    CPPUNIT_TEST(test_dvbs2);
    CPPUNIT_TEST_SUITE_END();

public:
    void test_generic_random()
    {
        for (unsigned seed = 1; seed <= 30; seed++) {
            const int m = 5 + seed % 17, n = m + 3 + seed % 23;
            const auto h = random_h(m, n, 0.08 + 0.02 * (seed % 10), 0, seed);
            const auto enc = gpufec::make_generic_encoder(h);
            CPPUNIT_ASSERT_EQUAL(std::string("generic"), enc->method());
            CPPUNIT_ASSERT_EQUAL(n - gf2_rank(h), enc->k());
            check_encoder(*enc, h, "random " + std::to_string(seed), 100, seed);
        }
    }

    void test_generic_rank_deficient()
    {
        for (unsigned seed = 1; seed <= 20; seed++) {
            const auto h = random_h(24, 48, 0.12, 6, 100 + seed);
            const int rank = gf2_rank(h);
            CPPUNIT_ASSERT(rank <= 18);
            const auto enc = gpufec::make_generic_encoder(h);
            CPPUNIT_ASSERT_EQUAL(48 - rank, enc->k());
            check_encoder(*enc, h, "rank-deficient " + std::to_string(seed), 100, seed);
        }
        // Degenerate: all-zero H (every column information), H with duplicate rows.
        const auto zero = parity_check_matrix::from_entries(3, 5, {});
        const auto ez = gpufec::make_generic_encoder(zero);
        CPPUNIT_ASSERT_EQUAL(5, ez->k());
        check_encoder(*ez, zero, "zero H", 10);
        const auto dup = parity_check_matrix::from_entries(
            3, 4, { { 0, 0 }, { 0, 1 }, { 1, 0 }, { 1, 1 }, { 2, 2 }, { 2, 3 } });
        const auto ed = gpufec::make_generic_encoder(dup);
        CPPUNIT_ASSERT_EQUAL(2, ed->k());
        check_encoder(*ed, dup, "duplicate rows", 10);
    }

    void test_generic_reference_files()
    {
        if (!have_refcodes_or_say(__func__)) {
            return;
        }
        struct ref {
            const char* file;
            int k; // -1: N - rank, computed here
        };
        const ref refs[] = {
            { "10GBPS-ETHERNET_1723_2048.alist", 1723 },
            { "10GBPS-ETHERNET_ALT_1723_2048.alist", 1723 },
            { "mackay_via_cameronkirk/816.3.174.alist", 410 },
            { "mackay_via_cameronkirk/816.55.178.alist", -1 },
            { "MACKAY_4000_8000.alist", -1 },
            { "MACKAY_504_1008.alist", -1 },
            { "PEG_Reg_1008x504.alist", -1 },
            { "CCSDS_64_128.alist", -1 },
            { "GSM_2112_4224.alist", -1 },
            { "WIMAX_1152_2304.alist", 1152 },
            { "WIFI_540_648.alist", 540 },
            { "WRAN_360_480.alist", -1 },
            { "gr-satellites_ccsds_ar4ja_1_2_1024.alist", -1 },
            { "gr-fec_ldpc_alist/271.127.3.112", -1 },
            { "gr-fec_ldpc_alist/PNB2_512_23C1.alist", -1 },
            { "gr-fec_ldpc_alist/n_1800_k_0902_gap_28.alist", 902 },
            { "Peeling_PureIRA_2400_3000.alist", 2400 },
            { "PureIRA_R_4_5_N20k_H.alist", -1 },
        };
        for (const auto& r : refs) {
            const auto h = gpufec::read_alist(bin(r.file));
            const auto t0 = std::chrono::steady_clock::now();
            const auto enc = gpufec::make_generic_encoder(h);
            const double t = seconds_since(t0);
            std::cerr << "\n  generic encoder " << r.file << ": " << h.rows() << " x "
                      << h.cols() << ", K=" << enc->k() << ", built in " << t * 1e3
                      << " ms";
            const int k = r.k >= 0 ? r.k : h.cols() - gf2_rank(h);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.file, k, enc->k());
            check_encoder(*enc, h, r.file, 100, 11);
        }
        // The AR4JA .qc (punctured block columns) through ldpc_code.
        check_code("qc:" + bin("AR4JA_4096_8192.qc"));
        check_code("qc:" + bin("ieee802.11_qc_YairMZ/N1944_R23.qc"), 1296);
        std::cerr << "\n";
    }

    void test_generic_dvbs2_alists()
    {
        if (!have_refcodes_or_say(__func__)) {
            return;
        }
        for (int m : { 32400, 21600, 16200, 12960, 6480 }) {
            const std::string file = "DVB-S2_64800x" + std::to_string(m) + ".alist";
            const auto h = gpufec::read_alist(bin(file));
            const auto t0 = std::chrono::steady_clock::now();
            const auto enc = gpufec::make_generic_encoder(h);
            const double t = seconds_since(t0);
            std::cerr << "\n  generic encoder " << file << ": K=" << enc->k()
                      << ", built in " << t * 1e3 << " ms";
            CPPUNIT_ASSERT_EQUAL_MESSAGE(file, 64800 - m, enc->k());
            // The staircase peels completely: information = the first K columns.
            for (int i = 0; i < enc->k(); i++) {
                if (enc->info_positions()[i] != i) {
                    CPPUNIT_FAIL(file + ": info position " + std::to_string(i) +
                                 " is column " +
                                 std::to_string(enc->info_positions()[i]));
                }
            }
            check_encoder(*enc, h, file, 100, 13);
            // Same codewords as the accumulator encoder.
            const auto acc = gpufec::make_accumulator_encoder(h);
            CPPUNIT_ASSERT_EQUAL(enc->k(), acc->k());
            std::mt19937 rng(5);
            std::vector<uint8_t> info(enc->k()), a(64800), b(64800);
            for (int f = 0; f < 5; f++) {
                for (auto& x : info) {
                    x = rng() & 1;
                }
                enc->encode(info.data(), a.data());
                acc->encode(info.data(), b.data());
                CPPUNIT_ASSERT_MESSAGE(file, a == b);
            }
        }
        std::cerr << "\n";
    }

    void test_dual_diagonal_small()
    {
        for (int z : { 4, 5, 7 }) {
            const auto h =
                parity_check_matrix::from_qc(qc_of(z, 4, 7, small_dd_shifts()));
            // 3 core rows + 1 extension row
            const auto enc = gpufec::make_dual_diagonal_encoder(h, 3, 3);
            CPPUNIT_ASSERT_EQUAL(std::string("dual-diagonal"), enc->method());
            CPPUNIT_ASSERT_EQUAL(3 * z, enc->k());
            check_encoder(*enc, h, "small dual-diagonal Z=" + std::to_string(z));
            // The generic encoder finds the same code dimension.
            CPPUNIT_ASSERT_EQUAL(enc->k(), gpufec::make_generic_encoder(h)->k());
        }
        // First parity column summing to P^a with a != 0 (5G NR BG2 style: 0 / a / 0).
        std::vector<int> s = small_dd_shifts();
        s[0 * 7 + 3] = 0;
        s[1 * 7 + 3] = 3;
        s[2 * 7 + 3] = 0;
        const auto h = parity_check_matrix::from_qc(qc_of(5, 4, 7, s));
        check_encoder(*gpufec::make_dual_diagonal_encoder(h, 3, 3), h, "a = 3");
        // Without the extension row: 3 x 6, all rows in the core (802.11n style).
        std::vector<int> s3;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 6; j++) {
                s3.push_back(small_dd_shifts()[i * 7 + j]);
            }
        }
        const auto h3 = parity_check_matrix::from_qc(qc_of(6, 3, 6, s3));
        check_encoder(*gpufec::make_dual_diagonal_encoder(h3, 3, 3), h3, "3 x 6");
    }

    void test_dual_diagonal_refusals()
    {
        using gpufec::invalid_argument;
        const auto good = small_dd_shifts();
        auto make = [](const std::vector<int>& s) {
            return parity_check_matrix::from_qc(qc_of(5, 4, 7, s));
        };
        // Not QC at all.
        const auto plain =
            parity_check_matrix::from_entries(2, 4, { { 0, 0 }, { 1, 1 } });
        GPUFEC_ASSERT_THROW_MSG(gpufec::make_dual_diagonal_encoder(plain, 1, 1),
                                invalid_argument,
                                "quasi-cyclic");
        // Wrong kb / core_rows for the shape.
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::make_dual_diagonal_encoder(make(good), 2, 3), invalid_argument, "kb");
        GPUFEC_ASSERT_THROW_MSG(gpufec::make_dual_diagonal_encoder(make(good), 3, 5),
                                invalid_argument,
                                "fit");
        // First parity column no longer sums to one circulant: (1, 0, 2).
        auto s = good;
        s[2 * 7 + 3] = 2;
        GPUFEC_ASSERT_THROW_MSG(gpufec::make_dual_diagonal_encoder(make(s), 3, 3),
                                invalid_argument,
                                "first parity block column 3");
        // A core parity column that does not cancel: (0, 1) in column 4.
        s = good;
        s[1 * 7 + 4] = 1;
        GPUFEC_ASSERT_THROW_MSG(gpufec::make_dual_diagonal_encoder(make(s), 3, 3),
                                invalid_argument,
                                "parity block column 4 do not cancel");
        // A core row touching the extension column.
        s = good;
        s[0 * 7 + 6] = 2;
        GPUFEC_ASSERT_THROW_MSG(gpufec::make_dual_diagonal_encoder(make(s), 3, 3),
                                invalid_argument,
                                "block (0, 6)");
        // The extension row without its parity block.
        s = good;
        s[3 * 7 + 6] = -1;
        GPUFEC_ASSERT_THROW_MSG(gpufec::make_dual_diagonal_encoder(make(s), 3, 3),
                                invalid_argument,
                                "block (3, 6)");
        // A core that cannot be peeled: columns 4 and 5 both in rows 1 and 2 only.
        s = good;
        s[0 * 7 + 4] = -1;
        s[2 * 7 + 4] = 0;
        GPUFEC_ASSERT_THROW_MSG(gpufec::make_dual_diagonal_encoder(make(s), 3, 3),
                                invalid_argument,
                                "cannot be solved");
    }

    void test_accumulator_small()
    {
        // H = [A | staircase], 4 x 7.
        const std::vector<std::pair<int, int>> e = {
            { 0, 0 }, { 0, 2 }, { 1, 1 }, { 2, 0 }, { 2, 1 }, { 3, 2 }, // A
            { 0, 3 }, { 1, 3 }, { 1, 4 }, { 2, 4 }, { 2, 5 }, { 3, 5 }, { 3, 6 },
        };
        const auto h = parity_check_matrix::from_entries(4, 7, e);
        const auto enc = gpufec::make_accumulator_encoder(h);
        CPPUNIT_ASSERT_EQUAL(std::string("accumulator"), enc->method());
        CPPUNIT_ASSERT_EQUAL(3, enc->k());
        check_encoder(*enc, h, "small staircase", 20);
        // Last column in two rows: not a staircase.
        auto bad = e;
        bad.emplace_back(0, 6);
        GPUFEC_ASSERT_THROW_MSG(gpufec::make_accumulator_encoder(
                                    parity_check_matrix::from_entries(4, 7, bad)),
                                gpufec::invalid_argument,
                                "column 6 is not a staircase column");
        bad = e;
        bad.erase(bad.begin() + 7); // (1, 3)
        GPUFEC_ASSERT_THROW_MSG(gpufec::make_accumulator_encoder(
                                    parity_check_matrix::from_entries(4, 7, bad)),
                                gpufec::invalid_argument,
                                "column 3");
    }

    void test_wifi()
    {
        const char* rates[] = { "1/2", "2/3", "3/4", "5/6" };
        const int num[] = { 1, 2, 3, 5 }, den[] = { 2, 3, 4, 6 };
        for (int n : { 648, 1296, 1944 }) {
            for (int r = 0; r < 4; r++) {
                const std::string spec = "wifi:" + std::to_string(n) + ":" + rates[r];
                check_code(spec, n * num[r] / den[r]);
                CPPUNIT_ASSERT_EQUAL(
                    std::string("dual-diagonal"),
                    gpufec::ldpc_code::make(spec)->get_encoder().method());
            }
        }
    }

    void test_wifi_test_vectors()
    {
        if (!have_refcodes_or_say(__func__)) {
            return;
        }
        struct vec {
            const char* tag;
            const char* spec;
        };
        const vec vecs[] = { { "N648_R12", "wifi:648:1/2" },
                             { "N648_R56", "wifi:648:5/6" },
                             { "N1296_R23", "wifi:1296:2/3" },
                             { "N1944_R34", "wifi:1944:3/4" } };
        for (const auto& v : vecs) {
            const auto code = gpufec::ldpc_code::make(v.spec);
            const std::string dir = "ieee802.11_testvectors_YairMZ/";
            const auto info = read_bits(bin(dir + "info_bits_" + v.tag + ".csv"));
            const auto coded = read_bits(bin(dir + "encoded_" + v.tag + ".csv"));
            const size_t k = code->k(), n = code->n();
            CPPUNIT_ASSERT_EQUAL_MESSAGE(v.tag, size_t{ 300 } * k, info.size());
            CPPUNIT_ASSERT_EQUAL_MESSAGE(v.tag, size_t{ 300 } * n, coded.size());
            std::vector<uint8_t> cw(n);
            for (size_t f = 0; f < 300; f++) {
                code->encode(info.data() + f * k, cw.data());
                CPPUNIT_ASSERT_MESSAGE(
                    std::string(v.tag) + " frame " + std::to_string(f),
                    std::equal(cw.begin(), cw.end(), coded.begin() + f * n));
            }
        }
    }

    void test_wimax()
    {
        const auto rates = gpufec::wimax_rates();
        CPPUNIT_ASSERT_EQUAL(size_t{ 6 }, rates.size());
        int count = 0;
        for (int n = 576; n <= 2304; n += 96) {
            for (const auto& rate : rates) {
                const int num = rate[0] - '0', den = rate[2] - '0';
                check_code("wimax:" + std::to_string(n) + ":" + rate, n * num / den);
                count++;
            }
        }
        CPPUNIT_ASSERT_EQUAL(19 * 6, count);
    }

    void test_nr5g()
    {
        const auto sizes = gpufec::nr5g_lifting_sizes();
        CPPUNIT_ASSERT_EQUAL(size_t{ 51 }, sizes.size());
        CPPUNIT_ASSERT_EQUAL(2, sizes.front());
        CPPUNIT_ASSERT_EQUAL(384, sizes.back());
        // Every lifting size (so every set index iLS) of both base graphs.
        for (int z : sizes) {
            for (int bg : { 1, 2 }) {
                const std::string spec =
                    "nr5g:bg" + std::to_string(bg) + ":" + std::to_string(z);
                check_code(spec, (bg == 1 ? 22 : 10) * z);
                const auto code = gpufec::ldpc_code::make(spec);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(
                    spec, (bg == 1 ? 68 : 52) * z, code->n_full());
                CPPUNIT_ASSERT_EQUAL_MESSAGE(spec, (bg == 1 ? 66 : 50) * z, code->n());
            }
        }
    }

    void test_dvbs2()
    {
        struct rate_k {
            const char* rate;
            int k_normal;
            int k_short; // 0: no short frame
        };
        // EN 302 307-1 Tables 5a and 5b (K_ldpc).
        const rate_k table[] = {
            { "1/4", 16200, 3240 },  { "1/3", 21600, 5400 },  { "2/5", 25920, 6480 },
            { "1/2", 32400, 7200 },  { "3/5", 38880, 9720 },  { "2/3", 43200, 10800 },
            { "3/4", 48600, 11880 }, { "4/5", 51840, 12600 }, { "5/6", 54000, 13320 },
            { "8/9", 57600, 14400 }, { "9/10", 58320, 0 },
        };
        for (const auto& t : table) {
            check_code(std::string("dvbs2:normal:") + t.rate, t.k_normal);
            CPPUNIT_ASSERT_EQUAL(
                std::string("accumulator"),
                gpufec::ldpc_code::make(std::string("dvbs2:normal:") + t.rate)
                    ->get_encoder()
                    .method());
            if (t.k_short) {
                check_code(std::string("dvbs2:short:") + t.rate, t.k_short);
            }
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_encoders);
