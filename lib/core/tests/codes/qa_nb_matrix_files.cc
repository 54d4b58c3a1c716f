/* -*- c++ -*- */
/*
 * Tests of the GF(q) matrix file readers (include/gpufec/nb_matrix_files.h):
 * every matrix file under ../shared/refcodes/nonbinary loads (and the files there
 * that are not matrices are refused with file and line), values decoded per
 * layout (MacKay elements, RPTU exponents, Lab-STICC alpha^(v-1)), the two BeiDou
 * transcriptions, malformed inputs and values >= q refused with file and line,
 * MacKay write/read round trip.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test_util.h"
#include <gpufec/error.h>
#include <gpufec/nb_code.h>
#include <gpufec/nb_matrix_files.h>

#include <filesystem>
#include <iostream>
#include <sstream>

namespace {

using namespace gpufec;

std::string nbdir() { return gpufec_test::refcodes_dir() + "/nonbinary"; }

/* Files under nonbinary/ that are not parity-check matrices (or are broken). */
bool expected_refused(const std::string& path)
{
    return path.find("/EMS_results/") != std::string::npos ||
           path.find("/data/") != std::string::npos ||
           path.find("readme.txt.txt") != std::string::npos ||
           path.find("Alist_format.txt") != std::string::npos ||
           path.find("MatDeclercq_R23_GF64_Alist") != std::string::npos;
}

nb_matrix_file parse(const std::string& text,
                     nb_matrix_format f = nb_matrix_format::automatic)
{
    std::istringstream in(text);
    return parse_nb_matrix(in, "bad.txt", f);
}

// H = [[1, 2, 0], [0, 3, 1]] over GF(4), MacKay alist.
const char* good_mackay = "3 2 4\n2 2\n1 2 1\n2 2\n1 1\n1 2 2 3\n2 1\n1 1 2 2\n2 3 3 1\n";

class qa_nb_matrix_files : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_nb_matrix_files);
    CPPUNIT_TEST(every_reference_file_loads);
    CPPUNIT_TEST(values_per_layout);
    CPPUNIT_TEST(beidou_transcriptions);
    CPPUNIT_TEST(small_mackay);
    CPPUNIT_TEST(malformed_refused);
    CPPUNIT_TEST(round_trip);
    CPPUNIT_TEST(format_names);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override { gpufec_test::require_refcodes(); }

    void every_reference_file_loads()
    {
        int loaded = 0, refused = 0;
        for (const auto& entry : std::filesystem::recursive_directory_iterator(nbdir())) {
            if (!entry.is_regular_file()) {
                continue;
            }
            const std::string path = entry.path().string();
            if (expected_refused(path)) {
                try {
                    read_nb_matrix(path);
                    CPPUNIT_FAIL("not a matrix, yet it loaded: " + path);
                } catch (const file_format_error& e) {
                    CPPUNIT_ASSERT(std::string(e.what()).find(path + ":") == 0);
                    CPPUNIT_ASSERT(e.line() >= 1);
                    refused++;
                }
                continue;
            }
            try {
                const nb_matrix_file f = read_nb_matrix(path);
                CPPUNIT_ASSERT(f.h.rows() > 0 && f.h.cols() > 0 && f.h.edges() > 0);
                loaded++;
            } catch (const std::exception& e) {
                CPPUNIT_FAIL(std::string("failed to load: ") + e.what());
            }
        }
        std::cout << "\n  nonbinary refcodes: " << loaded << " matrices loaded, "
                  << refused << " non-matrix files refused\n";
        CPPUNIT_ASSERT_EQUAL(60, loaded);
        CPPUNIT_ASSERT_EQUAL(27, refused);
    }

    void values_per_layout()
    {
        const auto gf64 = galois_field::make(64);
        // MacKay: column 1 of 204.102.3.6.16 is "73 6 84 13 81 13" (GF(16) elements).
        {
            const auto f = read_nb_matrix(
                nbdir() + "/abdallaka91_matlab_NB/matrices/204.102.3.6.16.txt");
            CPPUNIT_ASSERT(f.format == nb_matrix_format::mackay);
            CPPUNIT_ASSERT_EQUAL(16, f.h.q());
            CPPUNIT_ASSERT_EQUAL(102, f.h.rows());
            CPPUNIT_ASSERT_EQUAL(204, f.h.cols());
            CPPUNIT_ASSERT_EQUAL(6, f.h.value(72, 0));
            CPPUNIT_ASSERT_EQUAL(13, f.h.value(83, 0));
            CPPUNIT_ASSERT_EQUAL(13, f.h.value(80, 0));
        }
        // RPTU: first row of N96_K48_GF64 is "4 27 7 1 10 36 16 49" (1-based, exponents).
        {
            const auto f =
                read_nb_matrix(nbdir() + "/Lcrypto_EMS/matrices/KN/N96_K48_GF64.txt");
            CPPUNIT_ASSERT(f.format == nb_matrix_format::rptu);
            CPPUNIT_ASSERT_EQUAL(int(gf64->exp(27)), f.h.value(0, 3));
            CPPUNIT_ASSERT_EQUAL(int(gf64->exp(1)), f.h.value(0, 6));
            CPPUNIT_ASSERT_EQUAL(int(gf64->exp(49)), f.h.value(0, 15));
        }
        // Lab-STICC: row 0 of Mat24_N48_M24 has columns "4 9 34 42", values "38 55 18 1".
        {
            const auto f =
                read_nb_matrix(nbdir() + "/Lcrypto_EMS/matrices/Mat24_N48_M24");
            CPPUNIT_ASSERT(f.format == nb_matrix_format::labsticc);
            CPPUNIT_ASSERT_EQUAL(int(gf64->exp(37)), f.h.value(0, 4));
            CPPUNIT_ASSERT_EQUAL(int(gf64->exp(54)), f.h.value(0, 9));
            CPPUNIT_ASSERT_EQUAL(int(gf64->exp(0)), f.h.value(0, 42));
        }
        // RPTU full alists of the 64800-bit GF(256) codes.
        {
            const auto f = read_nb_matrix(
                nbdir() + "/Lcrypto_EMS/matrices/KN/N64800_K51840_GF256.txt");
            CPPUNIT_ASSERT(f.format == nb_matrix_format::rptu);
            CPPUNIT_ASSERT_EQUAL(1620, f.h.rows());
            CPPUNIT_ASSERT_EQUAL(8100, f.h.cols());
            CPPUNIT_ASSERT_EQUAL(256, f.h.q());
        }
        // Structure-only binary files load as GF(2).
        {
            const auto f = read_nb_matrix(nbdir() + "/Lcrypto_BP/Dv2Dc4_G16_N160");
            CPPUNIT_ASSERT(f.format == nb_matrix_format::binary);
            CPPUNIT_ASSERT_EQUAL(2, f.h.q());
            CPPUNIT_ASSERT_EQUAL(320, int(f.h.edges()));
        }
        // Format given explicitly agrees with detection.
        CPPUNIT_ASSERT(
            read_nb_matrix(nbdir() + "/Lcrypto_EMS/matrices/KN/N96_K48_GF64.txt",
                           nb_matrix_format::rptu)
                .h ==
            read_nb_matrix(nbdir() + "/Lcrypto_EMS/matrices/KN/N96_K48_GF64.txt").h);
        // A wrong format given is refused with a line.
        GPUFEC_ASSERT_THROW_MSG(
            read_nb_matrix(nbdir() + "/Lcrypto_EMS/matrices/KN/N96_K48_GF64.txt",
                           nb_matrix_format::labsticc),
            file_format_error,
            "N96_K48_GF64.txt:");
    }

    void beidou_transcriptions()
    {
        const auto a = read_nb_matrix(
            nbdir() + "/Sadam452_navic/matrices/KN/N528_K264_GF64_BeiDou.txt");
        const auto b = read_nb_matrix(
            nbdir() + "/abdallaka91_matlab_NB/matrices/BeiDou_GF64_88x44.txt");
        CPPUNIT_ASSERT_EQUAL(44, a.h.rows());
        CPPUNIT_ASSERT_EQUAL(88, a.h.cols());
        CPPUNIT_ASSERT(a.h.row_ptr() == b.h.row_ptr());
        CPPUNIT_ASSERT(a.h.row_cols() == b.h.row_cols()); // same positions
        CPPUNIT_ASSERT(a.h.row_vals() != b.h.row_vals()); // different values
        for (const auto* f : { &a, &b }) {
            const auto code =
                nb_code::from_matrix(f->h, galois_field::make(64), "beidou");
            CPPUNIT_ASSERT_EQUAL(44, code->k());
        }
    }

    void small_mackay()
    {
        const auto f = parse(good_mackay);
        CPPUNIT_ASSERT(f.format == nb_matrix_format::mackay);
        CPPUNIT_ASSERT_EQUAL(1, f.h.value(0, 0));
        CPPUNIT_ASSERT_EQUAL(2, f.h.value(0, 1));
        CPPUNIT_ASSERT_EQUAL(3, f.h.value(1, 1));
        CPPUNIT_ASSERT_EQUAL(1, f.h.value(1, 2));
        CPPUNIT_ASSERT_EQUAL(0, f.h.value(1, 0));
    }

    void malformed_refused()
    {
        // MacKay value >= q (line 8).
        GPUFEC_ASSERT_THROW_MSG(
            parse("3 2 4\n2 2\n1 2 1\n2 2\n1 1\n1 2 2 3\n2 1\n1 1 2 4\n2 3 3 1\n"),
            file_format_error,
            "bad.txt:8: value 4 is not a nonzero element of GF(4)");
        // Column and row lists disagree.
        GPUFEC_ASSERT_THROW_MSG(
            parse("3 2 4\n2 2\n1 2 1\n2 2\n1 1\n1 2 2 3\n2 1\n1 1 2 3\n2 3 3 1\n"),
            file_format_error,
            "bad.txt:8: row 1, column 2: value 3 disagrees");
        // Truncated.
        GPUFEC_ASSERT_THROW_MSG(
            parse("3 2 4\n2 2\n1 2 1\n2 2\n1 1\n1 2 2 3\n2 1\n1 1 2 2\n"),
            file_format_error,
            "bad.txt:8: file ends");
        // Index out of range.
        GPUFEC_ASSERT_THROW_MSG(
            parse("3 2 4\n2 2\n1 2 1\n2 2\n1 1\n1 2 2 3\n2 1\n1 1 4 2\n2 3 3 1\n"),
            file_format_error,
            "bad.txt:8: row 1: index 4 outside [1, 3]");
        // RPTU exponent >= q - 1 (line 5).
        GPUFEC_ASSERT_THROW_MSG(parse("3 2 4\n1 2 1\n2 2\n1 0 2 1\n2 1 3 3\n"),
                                file_format_error,
                                "bad.txt:5: exponent 3 is outside [-1, 2] for GF(4)");
        // RPTU column weight disagreeing with the rows.
        GPUFEC_ASSERT_THROW_MSG(parse("3 2 4\n1 1 1\n2 2\n1 0 2 1\n2 1 3 2\n"),
                                file_format_error,
                                "bad.txt:2: column 2 has weight 1");
        // Lab-STICC value >= q (line 7).
        GPUFEC_ASSERT_THROW_MSG(parse("3 2 4\n1 2 1\n2 2\n0 1\n1 2\n1 2\n3 4\n"),
                                file_format_error,
                                "bad.txt:7: value 4 is outside [0, 3]");
        // Lab-STICC column index out of range.
        GPUFEC_ASSERT_THROW_MSG(parse("3 2 4\n1 2 1\n2 2\n0 1\n1 3\n1 2\n3 1\n"),
                                file_format_error,
                                "bad.txt:5: row 2: column 3 outside [0, 2]");
        // Not a number.
        GPUFEC_ASSERT_THROW_MSG(parse("3 2 4\n1 x 1\n"),
                                file_format_error,
                                "bad.txt:2: 'x' is not an integer");
        // q not a power of two given as a GF(q) header with a wrong layout.
        GPUFEC_ASSERT_THROW_MSG(parse("3 2 6\n2 2\n", nb_matrix_format::mackay),
                                file_format_error,
                                "bad.txt:1: q = 6 is not a power of two");
        GPUFEC_ASSERT_THROW_MSG(parse(""), file_format_error, "empty file");
        GPUFEC_ASSERT_THROW_MSG(
            read_nb_matrix("/nonexistent/file.alist"), file_format_error, "cannot open");
        // Spec refers to a bad file: the file_format_error reaches the caller.
        GPUFEC_ASSERT_THROW_MSG(
            nb_code::make("nbalist:/nonexistent/x"), file_format_error, "/nonexistent/x");
    }

    void round_trip()
    {
        for (const char* rel :
             { "/Lcrypto_EMS/matrices/KN/N576_K288_GF64.txt",
               "/Lcrypto_EMS/matrices/Mat24_N96_M48",
               "/abdallaka91_matlab_NB/matrices/273.191.4.14.64.txt" }) {
            const auto f = read_nb_matrix(nbdir() + rel);
            std::stringstream s;
            write_nb_alist(f.h, s);
            const auto g = parse_nb_matrix(s, "roundtrip", nb_matrix_format::mackay);
            CPPUNIT_ASSERT(f.h == g.h);
        }
    }

    void format_names()
    {
        CPPUNIT_ASSERT(parse_nb_matrix_format("RPTU") == nb_matrix_format::rptu);
        CPPUNIT_ASSERT(parse_nb_matrix_format("labsticc") == nb_matrix_format::labsticc);
        CPPUNIT_ASSERT(parse_nb_matrix_format("mackay") == nb_matrix_format::mackay);
        CPPUNIT_ASSERT(parse_nb_matrix_format("auto") == nb_matrix_format::automatic);
        GPUFEC_ASSERT_THROW_MSG(parse_nb_matrix_format("xml"),
                                invalid_argument,
                                "unknown GF(q) matrix format 'xml'");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_nb_matrix_files);

} // namespace
