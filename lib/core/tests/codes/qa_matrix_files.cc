/*
 * Tests of the alist and .qc readers and writers (matrix_files.h): round trips
 * (alist zero-padded and exact-length, .qc with and without the punctured-columns
 * line), the layouts found in circulation (comments, tabs, CRLF, blank lines,
 * mixed padding, empty lists), and the refusal of every kind of malformed file
 * with a gpufec::file_format_error naming the file and the line.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test_util.h"
#include <cstddef>

#include <cppunit/extensions/HelperMacros.h>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <gpufec/error.h>
#include <gpufec/matrix_files.h>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

/*! A temporary directory removed when the test program ends. */
class temp_dir
{
public:
    temp_dir()
    {
        std::random_device rd;
        d_path =
            fs::temp_directory_path() /
            ("gpufec_qa_matrix_files_" + std::to_string(rd()) + std::to_string(rd()));
        fs::create_directories(d_path);
    }
    ~temp_dir()
    {
        std::error_code ec;
        fs::remove_all(d_path, ec);
    }
    std::string write(const std::string& name, const std::string& text) const
    {
        const std::string p = (d_path / name).string();
        std::ofstream f(p, std::ios::binary);
        f << text;
        return p;
    }
    std::string path(const std::string& name) const { return (d_path / name).string(); }

private:
    fs::path d_path;
};

const temp_dir& tmp()
{
    static temp_dir d;
    return d;
}

/*! A random sparse matrix with some empty rows and columns. */
gpufec::parity_check_matrix
random_matrix(int rows, int cols, double density, unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    std::vector<std::pair<int, int>> e;
    for (int r = 0; r < rows; r++) {
        if (r == 1) {
            continue; // an empty row
        }
        for (int c = 0; c < cols; c++) {
            if (c == 2) {
                continue; // an empty column
            }
            if (u(rng) < density) {
                e.emplace_back(r, c);
            }
        }
    }
    return gpufec::parity_check_matrix::from_entries(rows, cols, e);
}

// The 6 x 3 example of the AFF3CT files (DEBUG_6_3.alist), with comments.
const char* debug_6_3 = "# VN CN\n"
                        "  6  3\n"
                        "# dmax_VN dmax_CN\n"
                        "  2       3\n"
                        "# d_VN\n"
                        "1 1 2 2 1 1\n"
                        "# d_CN\n"
                        "2 3 3\n"
                        "# VN to CN (first CN id is 1)\n"
                        "1\n"
                        "2\n"
                        "1 3\n"
                        "2 3\n"
                        "2\n"
                        "3\n"
                        "# CN to VN (first VN id is 1)\n"
                        "1 3\n"
                        "2 4 5\n"
                        "3 4 6\n";

// A small valid alist (3 columns, 2 rows), every line numbered in the comments of
// the malformed variants below:
//   1: 3 2
//   2: 2 2
//   3: 1 2 1
//   4: 2 2
//   5..7: column lists, 8..9: row lists
std::string small_alist(const std::vector<std::string>& lines)
{
    std::string s;
    for (const auto& l : lines) {
        s += l + "\n";
    }
    return s;
}

const std::vector<std::string> good_small = { "3 2", "2 2", "1 2 1", "2 2", "1 0",
                                              "1 2", "2 0", "1 2",   "2 3" };

std::vector<std::string>
with(std::vector<std::string> lines, size_t i, const std::string& l)
{
    lines.at(i) = l;
    return lines;
}

/*! Asserts that reading `text` as an alist file throws naming the file, `line`, `text`.
 */
void expect_alist_error(const std::string& name,
                        const std::string& text,
                        long line,
                        const std::string& what)
{
    const std::string p = tmp().write(name, text);
    GPUFEC_ASSERT_THROW_MSG(gpufec::read_alist(p),
                            gpufec::file_format_error,
                            p + ":" + std::to_string(line) + ":");
    GPUFEC_ASSERT_THROW_MSG(gpufec::read_alist(p), gpufec::file_format_error, what);
    try {
        gpufec::read_alist(p);
    } catch (const gpufec::file_format_error& e) {
        CPPUNIT_ASSERT_EQUAL(p, e.path());
        CPPUNIT_ASSERT_EQUAL(line, e.line());
    }
}

void expect_qc_error(const std::string& name,
                     const std::string& text,
                     long line,
                     const std::string& what)
{
    const std::string p = tmp().write(name, text);
    GPUFEC_ASSERT_THROW_MSG(gpufec::read_qc(p),
                            gpufec::file_format_error,
                            p + ":" + std::to_string(line) + ":");
    GPUFEC_ASSERT_THROW_MSG(gpufec::read_qc(p), gpufec::file_format_error, what);
}

} // namespace

class qa_matrix_files : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_matrix_files);
    CPPUNIT_TEST(test_alist_round_trip);
    CPPUNIT_TEST(test_alist_round_trip_file);
    CPPUNIT_TEST(test_alist_layouts);
    CPPUNIT_TEST(test_alist_malformed);
    CPPUNIT_TEST(test_qc_round_trip);
    CPPUNIT_TEST(test_qc_malformed);
    CPPUNIT_TEST(test_missing_file);
    CPPUNIT_TEST_SUITE_END();

public:
    void test_alist_round_trip()
    {
        for (unsigned seed = 1; seed <= 20; seed++) {
            const auto h = random_matrix(10 + seed, 25 + 2 * seed, 0.15, seed);
            for (bool pad : { false, true }) {
                std::stringstream s;
                gpufec::write_alist(h, s, pad);
                const auto back = gpufec::parse_alist(s, "round-trip");
                CPPUNIT_ASSERT(back.same_entries(h));
            }
        }
        // Padded lists really are padded, exact ones are not.
        const auto h = random_matrix(8, 16, 0.3, 99);
        std::stringstream exact, padded;
        gpufec::write_alist(h, exact, false);
        gpufec::write_alist(h, padded, true);
        CPPUNIT_ASSERT(padded.str().size() > exact.str().size());
        std::istringstream lines(padded.str());
        std::string line;
        for (int i = 0; i < 4; i++) {
            std::getline(lines, line);
        }
        for (int c = 0; c < h.cols(); c++) {
            std::getline(lines, line);
            std::istringstream tok(line);
            int v, count = 0;
            while (tok >> v) {
                count++;
            }
            CPPUNIT_ASSERT_EQUAL(h.max_col_degree(), count);
        }
    }

    void test_alist_round_trip_file()
    {
        const auto h = random_matrix(30, 60, 0.1, 7);
        for (bool pad : { false, true }) {
            const std::string p = tmp().path(pad ? "rt_pad.alist" : "rt_exact.alist");
            gpufec::write_alist(h, p, pad);
            CPPUNIT_ASSERT(gpufec::read_alist(p).same_entries(h));
        }
    }

    void test_alist_layouts()
    {
        std::istringstream dbg(debug_6_3);
        const auto h = gpufec::parse_alist(dbg, "DEBUG_6_3");
        CPPUNIT_ASSERT_EQUAL(3, h.rows());
        CPPUNIT_ASSERT_EQUAL(6, h.cols());
        CPPUNIT_ASSERT_EQUAL(size_t{ 8 }, h.edges());
        CPPUNIT_ASSERT_EQUAL(2, h.row(0).size());
        CPPUNIT_ASSERT_EQUAL(0, h.row(0)[0]);
        CPPUNIT_ASSERT_EQUAL(2, h.row(0)[1]);
        CPPUNIT_ASSERT_EQUAL(3, h.row(2).size());

        // The same matrix with CRLF, tabs, trailing spaces, blank lines, comments
        // after data, zero padding on some lists and not on others.
        const std::string messy = "6\t3 \r\n"
                                  "\r\n"
                                  "2 3   # maxima\r\n"
                                  "1 1 2 2 1 1 \r\n"
                                  "2 3 3\r\n"
                                  "1 0\r\n"
                                  "2\r\n"
                                  "1\t3\r\n"
                                  "# a comment between lists\r\n"
                                  "2 3\r\n"
                                  "2 0 \r\n"
                                  "3\r\n"
                                  "\r\n"
                                  "1 3 0\r\n"
                                  "2 4 5\r\n"
                                  "3 4 6\r\n"
                                  "\r\n"
                                  "# end\r\n";
        std::istringstream ms(messy);
        CPPUNIT_ASSERT(gpufec::parse_alist(ms, "messy").same_entries(h));
        std::istringstream bom(std::string("\xEF\xBB\xBF") + debug_6_3);
        CPPUNIT_ASSERT(gpufec::parse_alist(bom, "bom").same_entries(h));

        // Empty column (weight 0): exact (empty line) and padded (zeros) forms.
        const std::vector<std::pair<int, int>> e = { { 0, 0 }, { 1, 0 }, { 1, 2 } };
        const auto h0 = gpufec::parity_check_matrix::from_entries(2, 3, e);
        std::istringstream exact("3 2\n2 2\n2 0 1\n1 2\n1 2\n\n2\n1\n1 3\n");
        CPPUNIT_ASSERT(gpufec::parse_alist(exact, "w0").same_entries(h0));
        std::istringstream padded("3 2\n2 2\n2 0 1\n1 2\n1 2\n0 0\n2 0\n1 0\n1 3\n");
        CPPUNIT_ASSERT(gpufec::parse_alist(padded, "w0p").same_entries(h0));
        std::istringstream noline("3 2\n2 2\n2 0 1\n1 2\n1 2\n2\n1\n1 3\n");
        CPPUNIT_ASSERT(gpufec::parse_alist(noline, "w0n").same_entries(h0));
    }

    void test_alist_malformed()
    {
        {
            std::istringstream ok(small_alist(good_small));
            CPPUNIT_ASSERT_EQUAL(size_t{ 4 }, gpufec::parse_alist(ok, "ok").edges());
        }
        expect_alist_error("empty.alist", "", 1, "empty file");
        expect_alist_error(
            "comments_only.alist", "# nothing\n\n# here\n", 1, "empty file");
        // truncated: the last row list is missing, or a column list is
        {
            auto l = good_small;
            l.pop_back();
            expect_alist_error("trunc_rows.alist", small_alist(l), 9, "end of file");
            l.resize(5);
            expect_alist_error("trunc_cols.alist", small_alist(l), 6, "column 2");
            expect_alist_error("trunc_head.alist", "3 2\n", 2, "end of file");
        }
        // sizes
        expect_alist_error(
            "zero.alist", small_alist(with(good_small, 0, "0 2")), 1, "positive");
        expect_alist_error(
            "neg.alist", small_alist(with(good_small, 0, "3 -2")), 1, "positive");
        expect_alist_error(
            "three.alist", small_alist(with(good_small, 0, "3 2 4")), 1, "GF(q)");
        expect_alist_error(
            "negmax.alist", small_alist(with(good_small, 1, "-2 2")), 2, "negative");
        // non-numeric token, anywhere
        expect_alist_error("alpha1.alist",
                           small_alist(with(good_small, 0, "3 two")),
                           1,
                           "'two' is not an integer");
        expect_alist_error("alpha2.alist",
                           small_alist(with(good_small, 6, "2 x")),
                           7,
                           "'x' is not an integer");
        expect_alist_error("alpha3.alist",
                           small_alist(with(good_small, 8, "2 3.0")),
                           9,
                           "not an integer");
        // weights lines
        expect_alist_error("nweights.alist",
                           small_alist(with(good_small, 2, "1 2")),
                           3,
                           "expected 3 column weights");
        expect_alist_error("overmax.alist",
                           small_alist(with(good_small, 2, "1 3 1")),
                           3,
                           "column 2 has weight 3");
        expect_alist_error("undermax.alist",
                           small_alist(with(good_small, 1, "3 2")),
                           3,
                           "largest column weight is 2");
        expect_alist_error(
            "sums.alist", small_alist(with(good_small, 3, "2 1")), 4, "sum to 4");
        expect_alist_error(
            "rowweight.alist",
            small_alist(with(with(with(good_small, 2, "2 1 1"), 4, "1 2"), 5, "2 0")),
            4,
            "row 1 has weight 2 but appears in 1 column lists");
        // weights vs lists
        expect_alist_error("longlist.alist",
                           small_alist(with(good_small, 4, "1 2")),
                           5,
                           "column 1 has 2 row indices but its weight is 1");
        expect_alist_error("shortlist.alist",
                           small_alist(with(good_small, 5, "1 0")),
                           6,
                           "column 2 has 1 row indices but its weight is 2");
        expect_alist_error("shortrow.alist",
                           small_alist(with(good_small, 8, "2")),
                           9,
                           "row 2 has 1 column indices but its weight is 2");
        expect_alist_error("overpad.alist",
                           small_alist(with(good_small, 4, "1 0 0")),
                           5,
                           "more than the maximum column weight 2");
        expect_alist_error(
            "zerobased.alist", small_alist(with(good_small, 5, "0 1")), 6, "1-based");
        expect_alist_error("zeromid.alist",
                           small_alist(with(good_small, 7, "1 0 2")),
                           8,
                           "index 0 at entry 2");
        // index out of range, duplicates
        expect_alist_error("range_col.alist",
                           small_alist(with(good_small, 5, "1 3")),
                           6,
                           "row index 3 is outside 1..2");
        expect_alist_error("range_row.alist",
                           small_alist(with(good_small, 8, "2 4")),
                           9,
                           "column index 4 is outside 1..3");
        expect_alist_error("range_neg.alist",
                           small_alist(with(good_small, 8, "2 -3")),
                           9,
                           "column index -3 is outside");
        expect_alist_error(
            "dup_col.alist", small_alist(with(good_small, 5, "2 2")), 6, "row 2 twice");
        expect_alist_error("dup_row.alist",
                           small_alist(with(good_small, 8, "3 3")),
                           9,
                           "column 3 twice");
        // column lists vs row lists
        expect_alist_error("disagree.alist",
                           small_alist(with(good_small, 7, "1 3")),
                           8,
                           "row 1 lists column 3, but the list of column 3 does not "
                           "contain row 1");
        // trailing data
        {
            auto l = good_small;
            l.push_back("1 2");
            expect_alist_error("trailing.alist", small_alist(l), 10, "unexpected data");
        }
        // line numbers count comment and blank lines
        {
            auto l = good_small;
            l.insert(l.begin() + 5, "# comment");
            l.insert(l.begin() + 5, "");
            l[7] = "1 3";
            expect_alist_error("lineno.alist", small_alist(l), 8, "row index 3");
        }
    }

    void test_qc_round_trip()
    {
        gpufec::qc_file f;
        f.qc.z = 7;
        f.qc.block_rows = 3;
        f.qc.block_cols = 5;
        f.qc.shifts = { 0, -1, 3, 6, 1, -1, 2, 2, -1, 0, 5, 4, -1, -1, 0 };
        f.transmitted = { true, true, true, true, true };
        std::stringstream s;
        gpufec::write_qc(f, s);
        CPPUNIT_ASSERT_EQUAL(std::string("5 3 7\n0 -1 3 6 1\n-1 2 2 -1 0\n5 4 -1 -1 0\n"),
                             s.str());
        auto back = gpufec::parse_qc(s, "rt");
        CPPUNIT_ASSERT(back.qc == f.qc);
        CPPUNIT_ASSERT(back.transmitted == f.transmitted);

        f.transmitted = { false, true, true, false, true };
        const std::string p = tmp().path("rt.qc");
        gpufec::write_qc(f, p);
        back = gpufec::read_qc(p);
        CPPUNIT_ASSERT(back.qc == f.qc);
        CPPUNIT_ASSERT(back.transmitted == f.transmitted);

        // tabs, blank lines and comments
        std::istringstream messy(
            "# base matrix\n2\t1\t4\r\n\r\n3\t-1\r\n\n1 0 # flags\n");
        back = gpufec::parse_qc(messy, "messy");
        CPPUNIT_ASSERT_EQUAL(4, back.qc.z);
        CPPUNIT_ASSERT(back.qc.shifts == std::vector<int>({ 3, -1 }));
        CPPUNIT_ASSERT(back.transmitted == std::vector<bool>({ true, false }));
    }

    void test_qc_malformed()
    {
        const std::string good = "3 2 4\n0 1 -1\n3 -1 2\n";
        {
            std::istringstream ok(good);
            CPPUNIT_ASSERT_EQUAL(4, gpufec::parse_qc(ok, "ok").qc.z);
        }
        expect_qc_error("empty.qc", "", 1, "empty file");
        expect_qc_error("trunc.qc", "3 2 4\n0 1 -1\n", 3, "block row 1");
        expect_qc_error("head.qc", "3 2\n0 1 -1\n3 -1 2\n", 1, "3 numbers");
        expect_qc_error("zero.qc", "3 2 0\n0 1 -1\n3 -1 2\n", 1, "positive");
        expect_qc_error("neg.qc", "-3 2 4\n0 1 -1\n3 -1 2\n", 1, "positive");
        expect_qc_error(
            "count.qc", "3 2 4\n0 1 -1\n3 -1\n", 3, "has 2 shifts, expected 3");
        expect_qc_error("shiftz.qc",
                        "3 2 4\n0 1 -1\n3 -1 4\n",
                        3,
                        "shift 4 at block (1, 2) is outside -1..Z-1");
        expect_qc_error("shiftneg.qc", "3 2 4\n0 -2 -1\n3 -1 2\n", 2, "shift -2");
        expect_qc_error("alpha.qc", "3 2 4\n0 1 -1\n3 - 2\n", 3, "'-' is not an integer");
        expect_qc_error("flags.qc", good + "1 0\n", 4, "expected 3");
        expect_qc_error("flagval.qc", good + "1 2 1\n", 4, "is not 1");
        expect_qc_error("allpunct.qc", good + "0 0 0\n", 4, "every block column");
        expect_qc_error("trailing.qc", good + "1 1 0\n\n1 1 1\n", 6, "unexpected data");
    }

    void test_missing_file()
    {
        const std::string p = tmp().path("does_not_exist.alist");
        GPUFEC_ASSERT_THROW_MSG(gpufec::read_alist(p), gpufec::file_format_error, p);
        GPUFEC_ASSERT_THROW_MSG(
            gpufec::read_qc(p), gpufec::file_format_error, "cannot open");
        // the file as a whole: no line number (line 0) in the message
        try {
            gpufec::read_alist(p);
            CPPUNIT_FAIL("read_alist of a missing file did not throw");
        } catch (const gpufec::file_format_error& e) {
            CPPUNIT_ASSERT_EQUAL(0L, e.line());
            CPPUNIT_ASSERT_EQUAL(
                p + ": cannot open for reading: No such file or directory",
                std::string(e.what()));
        }
        const auto h = random_matrix(4, 8, 0.5, 3);
        GPUFEC_ASSERT_THROW_MSG(gpufec::write_alist(h, tmp().path("no/such/dir.alist")),
                                gpufec::invalid_argument,
                                "cannot open");
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_matrix_files);
