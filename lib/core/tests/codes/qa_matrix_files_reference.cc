/*
 * The file readers (matrix_files.h) on the public matrices of shared/refcodes/binary:
 * every alist file found by walking the directory loads (with spot checks of N, M
 * and the number of ones), the one 0-based generator matrix in alist layout is
 * refused with a message naming its first bad line, the CCSDS AR4JA H given as
 * (row, col) pairs equals its alist, and the .qc base matrices load (AR4JA with its
 * punctured-columns line).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test_util.h"
#include <cstddef>

#include <algorithm>
#include <cppunit/extensions/HelperMacros.h>
#include <filesystem>
#include <fstream>
#include <gpufec/error.h>
#include <gpufec/matrix_files.h>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

std::string binary_dir() { return gpufec_test::refcodes_dir() + "/binary"; }

// Files under binary/ that are not alists, by extension: test vectors and tables.
const std::set<std::string> not_alist_ext = { ".csv", ".qc",   ".md",
                                              ".txt", ".bmat", ".tsv" };

// In alist layout, but 0-based: the CCSDS AR4JA rate 4/5 k=1024 generator matrix.
// The reader refuses it (its first column list is "0" on line 5).
const std::string zero_based_generator = "ccsds/ldpc_r_4_5_n_1280_k_1024.alist";

/*! Every file under binary/ that should be read as an alist, relative paths. */
std::vector<std::string> alist_files()
{
    std::vector<std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(binary_dir())) {
        if (!e.is_regular_file()) {
            continue;
        }
        if (not_alist_ext.count(e.path().extension().string())) {
            continue;
        }
        out.push_back(fs::relative(e.path(), binary_dir()).generic_string());
    }
    std::sort(out.begin(), out.end());
    return out;
}

struct expected_size {
    int n;
    int m;
    size_t edges;
};

} // namespace

class qa_matrix_files_reference : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_matrix_files_reference);
    CPPUNIT_TEST(test_every_alist_loads);
    CPPUNIT_TEST(test_zero_based_generator_refused);
    CPPUNIT_TEST(test_ar4ja_csv_equals_alist);
    CPPUNIT_TEST(test_qc_files);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override { gpufec_test::require_refcodes(); }

    void test_every_alist_loads()
    {
        // N (columns), M (rows), ones: from the files' own headers and weight sums.
        const std::map<std::string, expected_size> spot = {
            { "10GBPS-ETHERNET_1723_2048.alist", { 2048, 384, 12288 } },
            { "10GBPS-ETHERNET_ALT_1723_2048.alist", { 2048, 384, 12288 } },
            { "CCSDS_64_128.alist", { 128, 64, 512 } },
            { "DEBUG_6_3.alist", { 6, 3, 8 } },
            { "DVB-S2_64800x32400.alist", { 64800, 32400, 226799 } },
            { "DVB-S2_64800x6480.alist", { 64800, 6480, 194399 } },
            { "GSM_2112_4224.alist", { 4224, 2112, 7392 } },
            { "MACKAY_4000_8000.alist", { 8000, 4000, 24000 } },
            { "WIFI_540_648.alist", { 648, 108, 2376 } },
            { "WIMAX_1152_2304.alist", { 2304, 1152, 7296 } },
            { "PEG_Reg_1008x504.alist", { 1008, 504, 3024 } },
            { "gr-satellites_ccsds_ar4ja_1_2_1024.alist", { 2560, 1536, 7680 } },
            { "gr-fec_ldpc_alist/271.127.3.112", { 271, 127, 813 } },
            { "gr-fec_ldpc_alist/PNB2_512_23C1.alist", { 4440, 1480, 14800 } },
            { "gr-fec_ldpc_alist/n_1800_k_0902_gap_28.alist", { 1800, 898, 5388 } },
            // gr-fec's generator matrices in alist layout (1-based, valid files)
            { "gr-fec_ldpc_alist/n_0100_k_0058_gen_matrix.alist", { 100, 58, 930 } },
            { "gr-fec_ldpc_alist/simple_g_matrix.alist", { 8, 4, 16 } },
            { "mackay_via_cameronkirk/816.3.174.alist", { 816, 408, 2448 } },
            { "mackay_via_cameronkirk/PEGirReg504x1008.alist", { 1008, 504, 4033 } },
        };
        const auto files = alist_files();
        int loaded = 0;
        std::set<std::string> seen;
        for (const auto& rel : files) {
            if (rel == zero_based_generator) {
                continue; // see test_zero_based_generator_refused
            }
            const std::string path = binary_dir() + "/" + rel;
            gpufec::parity_check_matrix h;
            try {
                h = gpufec::read_alist(path);
            } catch (const std::exception& e) {
                CPPUNIT_FAIL(rel + " did not load: " + e.what());
            }
            CPPUNIT_ASSERT_MESSAGE(rel, h.rows() > 0 && h.cols() > 0 && h.edges() > 0);
            // Round trip through the writer.
            std::stringstream s;
            gpufec::write_alist(h, s);
            CPPUNIT_ASSERT_MESSAGE(rel, gpufec::parse_alist(s, rel).same_entries(h));
            const auto it = spot.find(rel);
            if (it != spot.end()) {
                CPPUNIT_ASSERT_EQUAL_MESSAGE(rel, it->second.n, h.cols());
                CPPUNIT_ASSERT_EQUAL_MESSAGE(rel, it->second.m, h.rows());
                CPPUNIT_ASSERT_EQUAL_MESSAGE(rel, it->second.edges, h.edges());
                seen.insert(rel);
            }
            loaded++;
        }
        std::cerr << "\n  " << loaded << " alist files loaded from " << binary_dir()
                  << "\n";
        for (const auto& kv : spot) {
            CPPUNIT_ASSERT_MESSAGE("not found while walking: " + kv.first,
                                   seen.count(kv.first));
        }
        // 25 top-level, 17 gr-fec, 7 MacKay/PEG (the 0-based generator left out):
        // the walk found them all.
        CPPUNIT_ASSERT_EQUAL(49, loaded);
    }

    void test_zero_based_generator_refused()
    {
        const std::string path = binary_dir() + "/" + zero_based_generator;
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::read_alist(path), gpufec::file_format_error, path + ":5:");
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::read_alist(path), gpufec::file_format_error, "1-based");
    }

    void test_ar4ja_csv_equals_alist()
    {
        const auto h = gpufec::read_alist(binary_dir() +
                                          "/gr-satellites_ccsds_ar4ja_1_2_1024.alist");
        std::ifstream f(binary_dir() + "/ccsds/H_matrix.csv");
        CPPUNIT_ASSERT(f.good());
        std::string line;
        std::getline(f, line); // header
        std::vector<std::pair<int, int>> e;
        while (std::getline(f, line)) {
            if (line.empty() || line == "\r") {
                continue;
            }
            const auto comma = line.find(',');
            e.emplace_back(std::stoi(line.substr(0, comma)),
                           std::stoi(line.substr(comma + 1)));
        }
        const auto csv = gpufec::parity_check_matrix::from_entries(1536, 2560, e);
        CPPUNIT_ASSERT(csv.same_entries(h));
    }

    void test_qc_files()
    {
        const auto ar4ja = gpufec::read_qc(binary_dir() + "/AR4JA_4096_8192.qc");
        CPPUNIT_ASSERT_EQUAL(512, ar4ja.qc.z);
        CPPUNIT_ASSERT_EQUAL(12, ar4ja.qc.block_rows);
        CPPUNIT_ASSERT_EQUAL(20, ar4ja.qc.block_cols);
        CPPUNIT_ASSERT_EQUAL(255, ar4ja.qc.shift(0, 11));
        CPPUNIT_ASSERT_EQUAL(474, ar4ja.qc.shift(11, 14));
        for (int j = 0; j < 20; j++) {
            CPPUNIT_ASSERT_EQUAL(j < 16, static_cast<bool>(ar4ja.transmitted[j]));
        }
        const auto h = gpufec::parity_check_matrix::from_qc(ar4ja.qc);
        CPPUNIT_ASSERT_EQUAL(10240, h.cols());
        CPPUNIT_ASSERT_EQUAL(6144, h.rows());

        const std::map<int, int> z_of_n = { { 648, 27 }, { 1296, 54 }, { 1944, 81 } };
        const std::map<std::string, int> rows_of_rate = {
            { "12", 12 }, { "23", 8 }, { "34", 6 }, { "56", 4 }
        };
        int count = 0;
        for (const auto& e :
             fs::directory_iterator(binary_dir() + "/ieee802.11_qc_YairMZ")) {
            const std::string name = e.path().filename().string(); // N648_R12.qc
            if (e.path().extension() != ".qc") {
                continue;
            }
            const int n = std::stoi(name.substr(1, name.find('_') - 1));
            const std::string rate = name.substr(name.find("_R") + 2, 2);
            const auto f = gpufec::read_qc(e.path().string());
            CPPUNIT_ASSERT_EQUAL_MESSAGE(name, 24, f.qc.block_cols);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(name, z_of_n.at(n), f.qc.z);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(name, rows_of_rate.at(rate), f.qc.block_rows);
            CPPUNIT_ASSERT_MESSAGE(
                name, std::all_of(f.transmitted.begin(), f.transmitted.end(), [](bool t) {
                    return t;
                }));
            // 802.11n: the last block column is the identity of the last row.
            CPPUNIT_ASSERT_EQUAL_MESSAGE(name, 0, f.qc.shift(f.qc.block_rows - 1, 23));
            std::stringstream s;
            gpufec::write_qc(f, s);
            CPPUNIT_ASSERT_MESSAGE(name, gpufec::parse_qc(s, name).qc == f.qc);
            count++;
        }
        CPPUNIT_ASSERT_EQUAL(12, count);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_matrix_files_reference);
