/*
 * The standard families (standard_codes.h) against the public matrices of
 * shared/refcodes: 802.11n (the 12 YairMZ .qc base matrices and AFF3CT's
 * WIFI_540_648.alist, which is N = 648 rate 5/6), 802.16e (WIMAX_1152_2304 and
 * sionna's 576 rate 1/2, WIMAX_480_576 rate 5/6 up to the one circulant where the
 * sources disagree, and WRAN_360_480, the 802.22 reuse of rate 3/4A at Z = 20),
 * 5G NR (both base graphs from the CSV tables at every lifting size), DVB-S2 (the
 * five normal-frame AFF3CT alists, and the address-table text files expanded here
 * by the EN 302 307 5.3.2 rule, independently of the library).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test_util.h"

#include <cppunit/extensions/HelperMacros.h>
#include <fstream>
#include <gpufec/matrix_files.h>
#include <gpufec/standard_codes.h>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

using gpufec::parity_check_matrix;
using gpufec::qc_structure;
using gpufec::standard_code;

std::string binary_dir() { return gpufec_test::refcodes_dir() + "/binary"; }

/*! Rows of V values of one 38.212 base graph CSV: (row, col, V[0..7]). */
struct bg_entry {
    int row;
    int col;
    int v[8];
};

std::vector<bg_entry> read_bg_csv(const std::string& path)
{
    std::ifstream in(path);
    CPPUNIT_ASSERT_MESSAGE("cannot open " + path, in.good());
    std::vector<bg_entry> out;
    std::string line;
    int line_no = 0;
    int row = -1;
    while (std::getline(in, line)) {
        if (++line_no <= 2 || line.empty()) {
            continue; // two header lines
        }
        std::vector<std::string> f;
        std::stringstream ss(line);
        std::string field;
        while (std::getline(ss, field, ';')) {
            f.push_back(field);
        }
        CPPUNIT_ASSERT_MESSAGE(path + ":" + std::to_string(line_no), f.size() >= 10);
        if (!f[0].empty()) {
            row = std::stoi(f[0]); // the row is written only on its first entry
        }
        bg_entry e;
        e.row = row;
        e.col = std::stoi(f[1]);
        for (int i = 0; i < 8; i++) {
            e.v[i] = std::stoi(f[2 + i]);
        }
        out.push_back(e);
    }
    return out;
}

/*! The set index iLS of Table 5.3.2-1 for lifting size z: the odd factor's position. */
int set_index(int z)
{
    const int a_values[8] = { 2, 3, 5, 7, 9, 11, 13, 15 };
    for (int i = 0; i < 8; i++) {
        for (int v = a_values[i]; v <= 384; v *= 2) {
            if (v == z) {
                return i;
            }
        }
    }
    return -1;
}

/*!
 * EN 302 307 5.3.2, written out here again: information bit 360 g + j is checked by
 * (x + j q) mod M for every address x of table row g; parity row i holds columns
 * K + i and K + i - 1. Lines starting with '#' are comments.
 */
parity_check_matrix expand_dvbs2_text(const std::string& path, int n, int k)
{
    std::ifstream in(path);
    CPPUNIT_ASSERT_MESSAGE("cannot open " + path, in.good());
    const int m = n - k;
    const int q = m / 360;
    std::vector<std::pair<int, int>> entries;
    std::string line;
    int g = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') {
            continue;
        }
        std::stringstream ss(line);
        int x;
        while (ss >> x) {
            for (int j = 0; j < 360; j++) {
                entries.emplace_back((x + j * q) % m, 360 * g + j);
            }
        }
        g++;
    }
    CPPUNIT_ASSERT_EQUAL_MESSAGE(path + ": table rows", k / 360, g);
    for (int i = 0; i < m; i++) {
        entries.emplace_back(i, k + i);
        if (i > 0) {
            entries.emplace_back(i, k + i - 1);
        }
    }
    return parity_check_matrix::from_entries(m, n, entries);
}

} // namespace

class qa_standard_codes_reference : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_standard_codes_reference);
    CPPUNIT_TEST(test_wifi_qc_files);
    CPPUNIT_TEST(test_wifi_alist);
    CPPUNIT_TEST(test_wimax_rate_1_2_alists);
    CPPUNIT_TEST(test_wimax_rate_5_6_alist);
    CPPUNIT_TEST(test_wimax_rate_3_4a_wran);
    CPPUNIT_TEST(test_nr5g_base_graphs);
    CPPUNIT_TEST(test_dvbs2_alists);
    CPPUNIT_TEST(test_dvbs2_text_tables);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override { gpufec_test::require_refcodes(); }

    void test_wifi_qc_files()
    {
        const std::vector<std::pair<std::string, std::string>> rates = {
            { "12", "1/2" }, { "23", "2/3" }, { "34", "3/4" }, { "56", "5/6" }
        };
        for (int n : { 648, 1296, 1944 }) {
            for (const auto& r : rates) {
                const std::string file = binary_dir() + "/ieee802.11_qc_YairMZ/N" +
                                         std::to_string(n) + "_R" + r.first + ".qc";
                const gpufec::qc_file ref = gpufec::read_qc(file);
                const standard_code code = gpufec::wifi_code(n, r.second);
                CPPUNIT_ASSERT_MESSAGE(file + ": base matrix", ref.qc == code.h.qc());
                CPPUNIT_ASSERT_MESSAGE(
                    file, parity_check_matrix::from_qc(ref.qc).same_entries(code.h));
            }
        }
    }

    void test_wifi_alist()
    {
        // AFF3CT's WIFI_540_648: N = 648, M = 108, i.e. 802.11n N = 648 rate 5/6
        const parity_check_matrix ref =
            gpufec::read_alist(binary_dir() + "/WIFI_540_648.alist");
        CPPUNIT_ASSERT(ref.same_entries(gpufec::wifi_code(648, "5/6").h));
        for (const auto& rate : { "1/2", "2/3", "3/4" }) {
            CPPUNIT_ASSERT(!ref.same_entries(gpufec::wifi_code(648, rate).h));
        }
    }

    void test_wimax_rate_1_2_alists()
    {
        const parity_check_matrix a2304 =
            gpufec::read_alist(binary_dir() + "/WIMAX_1152_2304.alist");
        CPPUNIT_ASSERT(a2304.same_entries(gpufec::wimax_code(2304, "1/2").h));
        const parity_check_matrix a576 =
            gpufec::read_alist(binary_dir() + "/sionna_wimax_576_0.5.alist");
        CPPUNIT_ASSERT(a576.same_entries(gpufec::wimax_code(576, "1/2").h));
    }

    void test_wimax_rate_5_6_alist()
    {
        // WIMAX_480_576.alist has 50 at rate 5/6, block (3,0) (802.16e-2005 print), we
        // use 68 (802.16-2009/-2012): at Z = 24 that circulant is 12 there, 17 here,
        // and the two matrices agree everywhere else.
        const parity_check_matrix ref =
            gpufec::read_alist(binary_dir() + "/WIMAX_480_576.alist");
        const standard_code code = gpufec::wimax_code(576, "5/6");
        CPPUNIT_ASSERT_EQUAL(17, code.h.qc().shift(3, 0));
        CPPUNIT_ASSERT(!ref.same_entries(code.h));
        qc_structure legacy = code.h.qc();
        legacy.shifts[3 * legacy.block_cols + 0] = 50 * 24 / 96;
        CPPUNIT_ASSERT(ref.same_entries(parity_check_matrix::from_qc(legacy)));
    }

    void test_wimax_rate_3_4a_wran()
    {
        // IEEE 802.22 reuses the 802.16e codes; WRAN_360_480 is rate 3/4A at Z = 20,
        // a size outside 802.16e: scale the model matrix (N = 2304, Z0 = 96) here.
        const parity_check_matrix ref =
            gpufec::read_alist(binary_dir() + "/WRAN_360_480.alist");
        qc_structure qc = gpufec::wimax_code(2304, "3/4A").h.qc();
        qc.z = 20;
        for (auto& s : qc.shifts) {
            s = s <= 0 ? s : s * 20 / 96;
        }
        CPPUNIT_ASSERT(ref.same_entries(parity_check_matrix::from_qc(qc)));
    }

    void test_nr5g_base_graphs()
    {
        for (int bg : { 1, 2 }) {
            const std::string file =
                gpufec_test::refcodes_dir() + "/nr5g/5G_bg" + std::to_string(bg) + ".csv";
            const std::vector<bg_entry> csv = read_bg_csv(file);
            CPPUNIT_ASSERT_EQUAL(size_t(bg == 1 ? 316 : 197), csv.size());
            const int rows = bg == 1 ? 46 : 42;
            const int cols = bg == 1 ? 68 : 52;
            int checked_entries = 0;
            for (int z : gpufec::nr5g_lifting_sizes()) {
                const int ils = set_index(z);
                CPPUNIT_ASSERT(ils >= 0);
                qc_structure qc;
                qc.z = z;
                qc.block_rows = rows;
                qc.block_cols = cols;
                qc.shifts.assign(rows * cols, -1);
                for (const auto& e : csv) {
                    qc.shifts[e.row * cols + e.col] = e.v[ils] % z;
                }
                const standard_code code = gpufec::nr5g_code(bg, z);
                const std::string what = file + " Z=" + std::to_string(z);
                CPPUNIT_ASSERT_MESSAGE(what + ": base matrix", qc == code.h.qc());
                // every H at the smallest and largest Z of each set index (2 and 384
                // among them), and Z = 64
                const bool ends = z == ils_min(ils) || z * 2 > 384 || z == 64;
                if (ends) {
                    CPPUNIT_ASSERT_MESSAGE(
                        what, parity_check_matrix::from_qc(qc).same_entries(code.h));
                    checked_entries++;
                }
            }
            CPPUNIT_ASSERT_EQUAL(17, checked_entries);
        }
    }

    void test_dvbs2_alists()
    {
        // AFF3CT's DVB-S2 normal-frame alists, named by M
        const std::vector<std::pair<int, std::string>> files = { { 32400, "1/2" },
                                                                 { 21600, "2/3" },
                                                                 { 16200, "3/4" },
                                                                 { 12960, "4/5" },
                                                                 { 6480, "9/10" } };
        for (const auto& f : files) {
            const std::string file =
                binary_dir() + "/DVB-S2_64800x" + std::to_string(f.first) + ".alist";
            const parity_check_matrix ref = gpufec::read_alist(file);
            CPPUNIT_ASSERT_MESSAGE(
                file, ref.same_entries(gpufec::dvbs2_code("normal", f.second).h));
        }
    }

    void test_dvbs2_text_tables()
    {
        const std::string dir = binary_dir() + "/dvbs2_tables/";
        CPPUNIT_ASSERT(expand_dvbs2_text(dir + "table_a_1_R1_2_N64800.txt", 64800, 32400)
                           .same_entries(gpufec::dvbs2_code("normal", "1/2").h));
        // headers say DVB-T2 numbering; the contents are the DVB-S2 short-frame tables
        CPPUNIT_ASSERT(expand_dvbs2_text(dir + "table_b_1_R1_2_N16200.txt", 16200, 7200)
                           .same_entries(gpufec::dvbs2_code("short", "1/2").h));
        CPPUNIT_ASSERT(expand_dvbs2_text(dir + "table_b_3_R2_3_N16200.txt", 16200, 10800)
                           .same_entries(gpufec::dvbs2_code("short", "2/3").h));
    }

private:
    /*! The smallest lifting size of set index ils (its odd factor a). */
    static int ils_min(int ils)
    {
        const int a_values[8] = { 2, 3, 5, 7, 9, 11, 13, 15 };
        return a_values[ils];
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_standard_codes_reference);
