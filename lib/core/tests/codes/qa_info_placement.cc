/*
 * Information-bit placement (info_placement.h) and the code specs that choose it:
 * gr-fec's column choice (grfec_info_positions) against a literal port of gr-fec's
 * GF2Mat::get_G on random matrices (rank-deficient ones too) and on gr-fec's own
 * alist files; the generic encoder with given information columns (valid
 * codewords, the bits in the given columns, refusals of sets that are not
 * information sets); generator-matrix alist files (galist:) against G itself,
 * and refused when not [I | P]; alist:PATH:grfec, plain .alist paths, the
 * generator-file-name rule and the spec errors; decoders reading the information
 * bits back from the placement's columns.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test_util.h"
#include <cstddef>

#include <algorithm>
#include <cppunit/extensions/HelperMacros.h>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <gpufec/cuda_decoder.h>
#include <gpufec/decoder.h>
#include <gpufec/encoder.h>
#include <gpufec/error.h>
#include <gpufec/info_placement.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/matrix_files.h>
#include <iostream>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

using namespace gpufec;

namespace {

namespace fs = std::filesystem;

std::string grfec_dir()
{
    return gpufec_test::refcodes_dir() + "/binary/gr-fec_ldpc_alist";
}

/*!
 * gr-fec's GF2Mat::get_G (gr-fec/lib/gf2mat.cc, GNU Radio 3.10.5) ported line by
 * line onto a dense byte matrix: column swaps, eager Gauss-Jordan, dependent rows
 * rotated to the bottom. Returns cldpc's information columns permute[rank..N).
 */
std::vector<int> cldpc_reference(const parity_check_matrix& h)
{
    const int m = h.rows();
    const int n = h.cols();
    std::vector<std::vector<uint8_t>> g(m, std::vector<uint8_t>(n, 0));
    for (int r = 0; r < m; r++) {
        for (int c : h.row(r)) {
            g[r][c] = 1;
        }
    }
    std::vector<int> permute(n);
    std::iota(permute.begin(), permute.end(), 0);
    int rank = 0;
    int diag = 0;
    int limit = m;
    while (diag < limit) {
        bool non_zero = false;
        for (int col = diag; col < n; col++) {
            if (g[diag][col] == 1) {
                non_zero = true;
                rank++;
                for (int r = 0; r < m; r++) {
                    std::swap(g[r][diag], g[r][col]);
                }
                std::swap(permute[diag], permute[col]);
                break;
            }
        }
        if (non_zero) {
            for (int row = 0; row < m; row++) {
                if (row != diag && g[row][diag] == 1) {
                    for (int c = 0; c < n; c++) {
                        g[row][c] ^= g[diag][c];
                    }
                }
            }
            diag++;
        } else {
            std::vector<uint8_t> current = g[diag];
            for (int row = diag; row < limit - 1; row++) {
                g[row] = g[row + 1];
            }
            g[limit - 1] = current;
            limit--;
        }
    }
    return std::vector<int>(permute.begin() + rank, permute.end());
}

/*! A random m x n matrix, `per_row` ones a row; `copies` rows repeat earlier ones. */
parity_check_matrix random_matrix(int m, int n, int per_row, int copies, uint32_t seed)
{
    std::mt19937 rng(seed);
    std::vector<std::vector<int>> rows(m);
    for (int r = 0; r < m; r++) {
        if (r >= m - copies && r > 0) {
            // Sum of two earlier rows (or one): a dependent row.
            const int a = static_cast<int>(rng() % r);
            const int b = static_cast<int>(rng() % r);
            std::vector<uint8_t> v(n, 0);
            for (int c : rows[a]) {
                v[c] ^= 1;
            }
            if (a != b) {
                for (int c : rows[b]) {
                    v[c] ^= 1;
                }
            }
            for (int c = 0; c < n; c++) {
                if (v[c]) {
                    rows[r].push_back(c);
                }
            }
            continue;
        }
        std::vector<int> cols(n);
        std::iota(cols.begin(), cols.end(), 0);
        std::shuffle(cols.begin(), cols.end(), rng);
        rows[r].assign(cols.begin(), cols.begin() + std::min(per_row, n));
    }
    std::vector<std::pair<int, int>> entries;
    for (int r = 0; r < m; r++) {
        for (int c : rows[r]) {
            entries.emplace_back(r, c);
        }
    }
    return parity_check_matrix::from_entries(m, n, entries);
}

int gf2_rank(const parity_check_matrix& h)
{
    std::vector<std::vector<uint8_t>> g(h.rows(), std::vector<uint8_t>(h.cols(), 0));
    for (int r = 0; r < h.rows(); r++) {
        for (int c : h.row(r)) {
            g[r][c] = 1;
        }
    }
    int rank = 0;
    for (int c = 0; c < h.cols() && rank < h.rows(); c++) {
        int p = rank;
        while (p < h.rows() && !g[p][c]) {
            p++;
        }
        if (p == h.rows()) {
            continue;
        }
        std::swap(g[p], g[rank]);
        for (int r = 0; r < h.rows(); r++) {
            if (r != rank && g[r][c]) {
                for (int j = 0; j < h.cols(); j++) {
                    g[r][j] ^= g[rank][j];
                }
            }
        }
        rank++;
    }
    return rank;
}

/*! Asserts two column lists are equal, naming the first difference. */
void assert_same(const std::vector<int>& want,
                 const std::vector<int>& got,
                 const std::string& what)
{
    if (want == got) {
        return;
    }
    size_t i = 0;
    while (i < want.size() && i < got.size() && want[i] == got[i]) {
        i++;
    }
    CPPUNIT_FAIL(what + ": lists differ at entry " + std::to_string(i) + " (sizes " +
                 std::to_string(want.size()) + ", " + std::to_string(got.size()) +
                 (i < want.size() && i < got.size()
                      ? "; " + std::to_string(want[i]) + " vs " + std::to_string(got[i])
                      : std::string()) +
                 ")");
}

/*! Encodes random words: H c = 0 and c[info[i]] == u[i]. */
void check_encoder(const encoder& enc,
                   const parity_check_matrix& h,
                   const std::vector<int>& info,
                   const std::string& what)
{
    assert_same(info, enc.info_positions(), what);
    std::mt19937 rng(7);
    std::vector<uint8_t> u(enc.k());
    std::vector<uint8_t> c(enc.n());
    for (int t = 0; t < 20; t++) {
        for (auto& b : u) {
            b = rng() & 1;
        }
        enc.encode(u.data(), c.data());
        CPPUNIT_ASSERT_MESSAGE(what + ": H c != 0", h.syndrome_ok(c.data()));
        for (size_t i = 0; i < u.size(); i++) {
            CPPUNIT_ASSERT_EQUAL_MESSAGE(what, int(u[i]), int(c[info[i]]));
        }
    }
}

/*! A file written under the build's temporary directory, removed at the end. */
struct temp_file {
    std::string path;
    temp_file(const std::string& name, const std::string& text)
        : path((fs::temp_directory_path() /
                ("gpufec_qa_placement_" + std::to_string(::getpid()) + "_" + name))
                   .string())
    {
        std::ofstream f(path);
        f << text;
    }
    ~temp_file() { std::remove(path.c_str()); }
};

// H = [1 1 0 1 0 0; 0 1 1 0 1 0; 1 0 1 0 0 1] (a (6,3) code) as alist.
const char* const small_h = "6 3\n"
                            "2 3\n"
                            "2 2 2 1 1 1\n"
                            "3 3 3\n"
                            "1 3\n1 2\n2 3\n1\n2\n3\n"
                            "1 2 4\n2 3 5\n1 3 6\n";

// G = [I_2 | P] with P = [1 1 0; 0 1 1]: N = 5, K = 2, in alist layout.
const char* const small_g = "5 2\n"
                            "2 3\n"
                            "1 1 1 2 1\n"
                            "3 3\n"
                            "1\n2\n1\n1 2\n2\n"
                            "1 3 4\n2 4 5\n";

} // namespace

class qa_info_placement : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_info_placement);
    CPPUNIT_TEST(test_grfec_positions_match_gr_fec_port);
    CPPUNIT_TEST(test_generic_encoder_given_columns);
    CPPUNIT_TEST(test_given_columns_refused);
    CPPUNIT_TEST(test_generator_alist);
    CPPUNIT_TEST(test_generator_alist_refused);
    CPPUNIT_TEST(test_specs);
    CPPUNIT_TEST(test_spec_errors);
    CPPUNIT_TEST(test_describe_columns);
    CPPUNIT_TEST(test_decoders_read_placement);
    CPPUNIT_TEST(test_grfec_files);
    CPPUNIT_TEST_SUITE_END();

public:
    void test_grfec_positions_match_gr_fec_port()
    {
        int deficient = 0;
        for (uint32_t seed = 1; seed <= 60; seed++) {
            const int m = 4 + static_cast<int>(seed % 40);
            const int n = m + 2 + static_cast<int>((seed * 7) % 50);
            const int per_row = 2 + static_cast<int>(seed % 5);
            const int copies = static_cast<int>(seed % 4);
            const parity_check_matrix h = random_matrix(m, n, per_row, copies, seed);
            const std::vector<int> got = grfec_info_positions(h);
            const std::vector<int> want = cldpc_reference(h);
            assert_same(want, got, "seed " + std::to_string(seed));
            const int rank = gf2_rank(h);
            CPPUNIT_ASSERT_EQUAL(n - rank, static_cast<int>(got.size()));
            deficient += rank < m;
            // They are an information set: the generic encoder takes them.
            check_encoder(*make_generic_encoder(h, got),
                          h,
                          got,
                          "random seed " + std::to_string(seed));
        }
        CPPUNIT_ASSERT(deficient > 10); // rank-deficient matrices were covered
    }

    void test_generic_encoder_given_columns()
    {
        const std::string spec = "wimax:576:1/2";
        const auto wimax = ldpc_code::make(spec);
        const parity_check_matrix& h = wimax->h();
        // gr-fec's choice, the first K columns and those shuffled (bit order is
        // free) are information sets of a dual-diagonal code.
        const std::vector<int> grfec = grfec_info_positions(h);
        check_encoder(*make_generic_encoder(h, grfec), h, grfec, "wimax grfec");
        std::vector<int> first(288);
        std::iota(first.begin(), first.end(), 0);
        check_encoder(*make_generic_encoder(h, first), h, first, "wimax first K");
        std::vector<int> shuffled = first;
        std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(3));
        check_encoder(*make_generic_encoder(h, shuffled), h, shuffled, "shuffled");

        // Rank-deficient H (duplicate rows): K = N - rank.
        const parity_check_matrix d = random_matrix(30, 70, 4, 5, 99);
        const std::vector<int> dinfo = grfec_info_positions(d);
        CPPUNIT_ASSERT_EQUAL(70 - gf2_rank(d), static_cast<int>(dinfo.size()));
        check_encoder(*make_generic_encoder(d, dinfo), d, dinfo, "deficient");

        // Unchanged default: the encoder's own choice, ascending.
        const auto own = make_generic_encoder(h);
        CPPUNIT_ASSERT(
            std::is_sorted(own->info_positions().begin(), own->info_positions().end()));
    }

    void test_given_columns_refused()
    {
        std::istringstream in(small_h);
        const parity_check_matrix h = parse_alist(in, "small");
        // Valid: {0,1,2} (the parity columns 3,4,5 each sit in one check).
        check_encoder(*make_generic_encoder(h, { 0, 1, 2 }), h, { 0, 1, 2 }, "small");
        GPUFEC_ASSERT_THROW_MSG(make_generic_encoder(h, { 0, 1, 6 }),
                                gpufec::invalid_argument,
                                "information column 6 (entry 2) is outside 0..5");
        GPUFEC_ASSERT_THROW_MSG(make_generic_encoder(h, { 0, 1, -1 }),
                                gpufec::invalid_argument,
                                "outside 0..5");
        GPUFEC_ASSERT_THROW_MSG(make_generic_encoder(h, { 1, 1, 2 }),
                                gpufec::invalid_argument,
                                "information column 1 is given twice");
        // Too few: 2 information columns leave a parity bit free.
        GPUFEC_ASSERT_THROW_MSG(make_generic_encoder(h, { 0, 1 }),
                                gpufec::invalid_argument,
                                "not an information set");
        // Too many: 4 information columns for a rank-3 H.
        GPUFEC_ASSERT_THROW_MSG(make_generic_encoder(h, { 0, 1, 2, 3 }),
                                gpufec::invalid_argument,
                                "information columns only");
        // Right count, but {0, 1, 3} are dependent (row 1: columns 0, 1, 3).
        GPUFEC_ASSERT_THROW_MSG(make_generic_encoder(h, { 0, 1, 3 }),
                                gpufec::invalid_argument,
                                "not an information set");
        // Through a code: the spec-less factory fails when the encoder is built.
        auto code =
            ldpc_code::from_matrix_info(h, { 0, 1, 3 }, "bad", info_placement::grfec);
        GPUFEC_ASSERT_THROW_MSG(code->k(), gpufec::invalid_argument, "information set");
    }

    void test_generator_alist()
    {
        std::istringstream in(small_g);
        const parity_check_matrix h = parse_generator_alist(in, "small_g");
        CPPUNIT_ASSERT_EQUAL(3, h.rows());
        CPPUNIT_ASSERT_EQUAL(5, h.cols());
        // H = [P^T | I]: rows (1 0 | 1 0 0), (1 1 | 0 1 0), (0 1 | 0 0 1).
        const std::vector<std::vector<int>> want = { { 0, 2 }, { 0, 1, 3 }, { 1, 4 } };
        for (int r = 0; r < 3; r++) {
            assert_same(
                want[r], std::vector<int>(h.row(r).begin(), h.row(r).end()), "H row");
        }

        temp_file g("small_gen_matrix.alist", small_g);
        auto code = ldpc_code::make("galist:" + g.path);
        CPPUNIT_ASSERT_EQUAL(2, code->k());
        CPPUNIT_ASSERT_EQUAL(5, code->n());
        CPPUNIT_ASSERT(code->placement() == info_placement::grfec);
        assert_same({ 0, 1 }, code->info_positions(), "galist info");
        // c = u G for every u.
        const std::vector<std::vector<int>> rows_of_g = { { 0, 2, 3 }, { 1, 3, 4 } };
        for (int u = 0; u < 4; u++) {
            const uint8_t info[2] = { uint8_t(u & 1), uint8_t(u >> 1) };
            uint8_t cw[5];
            code->encode(info, cw);
            uint8_t want_cw[5] = { 0, 0, 0, 0, 0 };
            for (int i = 0; i < 2; i++) {
                for (int c : rows_of_g[i]) {
                    want_cw[c] ^= info[i];
                }
            }
            CPPUNIT_ASSERT(std::equal(cw, cw + 5, want_cw));
        }
        // galist:PATH:grfec is the same; :pivot is refused.
        CPPUNIT_ASSERT_EQUAL(2, ldpc_code::make("galist:" + g.path + ":grfec")->k());
        GPUFEC_ASSERT_THROW_MSG(ldpc_code::make("galist:" + g.path + ":pivot"),
                                gpufec::invalid_argument,
                                "placement pivot is not available for galist:");
        // Its name says generator matrix: refused as alist: (and as a plain path).
        GPUFEC_ASSERT_THROW_MSG(ldpc_code::make("alist:" + g.path),
                                gpufec::invalid_argument,
                                "galist:" + g.path);
        GPUFEC_ASSERT_THROW_MSG(
            ldpc_code::make(g.path), gpufec::invalid_argument, "generator matrix");
    }

    void test_generator_alist_refused()
    {
        // Column 2 is (1 1)^T: not the identity. Its list is on line 6.
        const std::string bad = "5 2\n2 4\n1 2 1 2 1\n4 3\n1\n1 2\n1\n1 2\n2\n"
                                "1 2 3 4\n2 4 5\n";
        std::istringstream in(bad);
        GPUFEC_ASSERT_THROW_MSG(parse_generator_alist(in, "g.alist"),
                                gpufec::file_format_error,
                                "g.alist:6: column 2 of the generator matrix has rows "
                                "{1 2} but G must be systematic");
        // K = N: no parity.
        const std::string square = "2 2\n1 1\n1 1\n1 1\n1\n2\n1\n2\n";
        std::istringstream in2(square);
        GPUFEC_ASSERT_THROW_MSG(parse_generator_alist(in2, "sq.alist"),
                                gpufec::file_format_error,
                                "sq.alist:1: a generator matrix with K=2 rows and N=2");
        // Missing file.
        GPUFEC_ASSERT_THROW_MSG(ldpc_code::make("galist:/nonexistent/g.alist"),
                                gpufec::file_format_error,
                                "/nonexistent/g.alist: cannot open");
    }

    void test_specs()
    {
        temp_file f("small_h.alist", small_h);
        const auto pivot = ldpc_code::make("alist:" + f.path);
        CPPUNIT_ASSERT(pivot->placement() == info_placement::pivot);
        CPPUNIT_ASSERT_EQUAL(std::string("pivot"),
                             info_placement_name(pivot->placement()));
        const auto grfec = ldpc_code::make("alist:" + f.path + ":grfec");
        CPPUNIT_ASSERT(grfec->placement() == info_placement::grfec);
        assert_same(grfec_info_positions(grfec->h()), grfec->info_positions(), "grfec");
        CPPUNIT_ASSERT_EQUAL(std::string("alist:" + f.path + ":grfec"), grfec->name());
        CPPUNIT_ASSERT(ldpc_code::make("alist:" + f.path + ":pivot")->placement() ==
                       info_placement::pivot);
        // A plain path ending in .alist is alist:PATH, with or without placement.
        const auto plain = ldpc_code::make(f.path);
        assert_same(pivot->info_positions(), plain->info_positions(), "plain path");
        assert_same(pivot->h().row_cols(), plain->h().row_cols(), "plain path H");
        CPPUNIT_ASSERT_EQUAL(f.path, plain->name());
        CPPUNIT_ASSERT(ldpc_code::make(f.path + ":grfec")->placement() ==
                       info_placement::grfec);
        // Made again from its name: the same code (the Python API does this).
        assert_same(grfec->info_positions(),
                    ldpc_code::make(grfec->name())->info_positions(),
                    "made again from its name");
        // The standard families: standard.
        CPPUNIT_ASSERT(ldpc_code::make("wifi:648:1/2")->placement() ==
                       info_placement::standard);
        const std::string d = ldpc_code::make("wimax:576:1/2")->placement_description();
        CPPUNIT_ASSERT_MESSAGE(d, d.find("standard") == 0);
        CPPUNIT_ASSERT_MESSAGE(d, d.find("columns 0-287") != std::string::npos);
        const std::string g = grfec->placement_description();
        CPPUNIT_ASSERT_MESSAGE(g, g.find("grfec (gr-fec's columns") == 0);
        info_placement p = info_placement::standard;
        CPPUNIT_ASSERT(!parse_info_placement("GRFEC", &p));
        CPPUNIT_ASSERT(p == info_placement::standard);
        CPPUNIT_ASSERT(parse_info_placement("grfec", &p));
        CPPUNIT_ASSERT(p == info_placement::grfec);
    }

    void test_spec_errors()
    {
        // Other unknown specs keep their errors.
        GPUFEC_ASSERT_THROW_MSG(ldpc_code::make("foo"),
                                gpufec::invalid_argument,
                                "expected FAMILY:... or a file path ending in .alist");
        GPUFEC_ASSERT_THROW_MSG(ldpc_code::make("/tmp/h.txt"),
                                gpufec::invalid_argument,
                                "expected FAMILY:...");
        GPUFEC_ASSERT_THROW_MSG(ldpc_code::make("bogus:1:2"),
                                gpufec::invalid_argument,
                                "unknown family 'bogus'");
        GPUFEC_ASSERT_THROW_MSG(
            ldpc_code::make("alist:"), gpufec::invalid_argument, "expected FAMILY");
        GPUFEC_ASSERT_THROW_MSG(
            ldpc_code::make("alist::grfec"), gpufec::invalid_argument, "no file name");
        // A missing plain path: the reader's error, naming the file.
        GPUFEC_ASSERT_THROW_MSG(ldpc_code::make("/nonexistent/h.alist"),
                                gpufec::file_format_error,
                                "/nonexistent/h.alist: cannot open");
        // An unknown placement is part of the path: said when the file is missing.
        GPUFEC_ASSERT_THROW_MSG(ldpc_code::make("alist:/nonexistent/h.alist:grfc"),
                                gpufec::invalid_argument,
                                "not an information placement, pivot or grfec");
        // The valid forms list the new ones.
        const std::string forms = ldpc_code::spec_forms();
        CPPUNIT_ASSERT(forms.find("galist:PATH") != std::string::npos);
        CPPUNIT_ASSERT(forms.find("PATH.alist[:PLACE]") != std::string::npos);
    }

    void test_describe_columns()
    {
        CPPUNIT_ASSERT_EQUAL(std::string("none"), describe_columns({}));
        CPPUNIT_ASSERT_EQUAL(std::string("0-3"), describe_columns({ 0, 1, 2, 3 }));
        CPPUNIT_ASSERT_EQUAL(std::string("3, 5-7, 2"),
                             describe_columns({ 3, 5, 6, 7, 2 }));
        CPPUNIT_ASSERT_EQUAL(std::string("1, 3, ... (4 columns)"),
                             describe_columns({ 1, 3, 5, 7 }, 2));
    }

    void test_decoders_read_placement()
    {
        // A code whose gr-fec columns are not its pivot columns: the decoders
        // return the bits of the placement's columns.
        const auto code =
            ldpc_code::from_matrix_info(ldpc_code::make("wimax:576:1/2")->h(),
                                        {},
                                        "wimax-grfec",
                                        info_placement::grfec);
        CPPUNIT_ASSERT(code->info_positions() !=
                       ldpc_code::make("wimax:576:1/2")->info_positions());
        const size_t frames = 8;
        const size_t n = code->n();
        const size_t k = code->k();
        std::vector<uint8_t> info(frames * k);
        std::vector<float> llrs(frames * n);
        std::mt19937 rng(5);
        std::vector<uint8_t> cw(n);
        for (size_t f = 0; f < frames; f++) {
            for (size_t i = 0; i < k; i++) {
                info[f * k + i] = rng() & 1;
            }
            code->encode(&info[f * k], cw.data());
            for (size_t i = 0; i < n; i++) {
                // One bit in twenty weakly flipped: decoding needed.
                float l = cw[i] ? -4.0f : 4.0f;
                if (i % 20 == f) {
                    l = -0.5f * l / 4.0f;
                }
                llrs[f * n + i] = l;
            }
        }
        // The CPU decoders (reference and SIMD), and the CUDA ones where a device
        // works.
        for (auto backend : { backend_kind::cpu, backend_kind::cuda }) {
            std::string why;
            if (backend == backend_kind::cuda && !cuda_available(&why)) {
                std::cerr << "\n(no CUDA decoder here: " << why << ")\n";
                continue;
            }
            for (auto rule :
                 { check_node_rule::normalized_min_sum, check_node_rule::spa }) {
                for (auto schedule :
                     { decoding_schedule::layered, decoding_schedule::flooding }) {
                    decoder_options o;
                    o.rule = rule;
                    o.schedule = schedule;
                    o.backend = backend;
                    o.threads = 1;
                    o.max_iterations = 20;
                    auto dec = decoder::make(code, o);
                    std::vector<uint8_t> out(frames * k, 2);
                    decode_output d;
                    d.info_bits = out.data();
                    dec->decode(llrs.data(), llrs.size(), frames, d);
                    CPPUNIT_ASSERT_MESSAGE(dec->backend_name(), out == info);
                }
            }
        }
    }

    void test_grfec_files()
    {
        if (!gpufec_test::have_refcodes()) {
            // The other tests need no files: report this one and let them count.
            std::cerr << "\nSKIP test_grfec_files: reference matrices not found at "
                      << gpufec_test::refcodes_dir() << "\n";
            return;
        }
        // Every file gr-fec installs: K as gr-fec computes it, valid encoding, and
        // for the n_*_k_*_gap_* files gr-fec's ldpc_H_matrix columns M..N-1.
        struct file_k {
            std::string name;
            int n;
            int k;
        };
        const std::vector<file_k> files = {
            { "271.127.3.112", 271, 144 },
            { "PNB2_512_23C1.alist", 4440, 2960 },
            { "n_0100_k_0023_gap_10.alist", 100, 23 },
            { "n_0100_k_0027_gap_04.alist", 100, 27 },
            { "n_0100_k_0042_gap_02.alist", 100, 42 },
            { "n_0100_k_0058_gen_matrix.alist", 100, 58 },
            { "n_0300_k_0103_gap_24.alist", 300, 103 },
            { "n_0300_k_0122_gap_06.alist", 300, 122 },
            { "n_0300_k_0152_gap_03.alist", 300, 152 },
            { "n_0500_k_0127_gap_21.alist", 500, 127 },
            { "n_0500_k_0202_gap_11.alist", 500, 202 },
            { "n_0512_k_0130_gap_21.alist", 512, 130 },
            { "n_0700_k_0282_gap_16.alist", 700, 282 },
            { "n_1100_k_0442_gap_24.alist", 1100, 442 },
            { "n_1300_k_0522_gap_30.alist", 1300, 522 },
            { "n_1800_k_0902_gap_28.alist", 1800, 902 },
            { "simple_g_matrix.alist", 8, 4 },
        };
        size_t seen = 0;
        for (const auto& e : fs::directory_iterator(grfec_dir())) {
            seen += e.is_regular_file();
        }
        CPPUNIT_ASSERT_EQUAL(files.size(), seen);
        for (const auto& f : files) {
            const std::string path = grfec_dir() + "/" + f.name;
            const bool generator = f.name.find("g_matrix") != std::string::npos ||
                                   f.name.find("gen_matrix") != std::string::npos;
            const std::string spec =
                (generator ? "galist:" : "alist:") + path + (generator ? "" : ":grfec");
            const auto code = ldpc_code::make(spec);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(f.name, f.n, code->n());
            CPPUNIT_ASSERT_EQUAL_MESSAGE(f.name, f.k, code->k());
            CPPUNIT_ASSERT_MESSAGE(f.name, code->placement() == info_placement::grfec);
            check_encoder(code->get_encoder(), code->h(), code->info_positions(), f.name);
            std::vector<int> expect(f.k);
            if (generator) {
                std::iota(expect.begin(), expect.end(), 0); // G = [I | P]
                assert_same(expect, code->info_positions(), f.name);
                GPUFEC_ASSERT_THROW_MSG(ldpc_code::make("alist:" + path),
                                        gpufec::invalid_argument,
                                        "galist:");
                continue;
            }
            if (f.name.find("_gap_") != std::string::npos) {
                std::iota(expect.begin(), expect.end(), f.n - f.k); // columns M..N-1
                assert_same(expect, code->info_positions(), f.name);
            }
            if (f.n <= 1300) { // the dense port is O(M^2 N): keep the test short
                assert_same(cldpc_reference(code->h()), code->info_positions(), f.name);
            }
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_info_placement);
