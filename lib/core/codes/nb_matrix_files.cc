/* -*- c++ -*- */
/*
 * GF(q) matrix file readers and the MacKay GF(q) alist writer
 * (include/gpufec/nb_matrix_files.h): the MacKay GF(q) alist, the RPTU
 * (Kaiserslautern) exponent format, the Lab-STICC EMS layout, as described in
 * ../shared/refcodes/README.md, plus structure-only binary layouts read as GF(2).
 * The text is read through text_input.h (no directory, no file over the size
 * limit, no NUL byte); numbers are at most INT_MAX in magnitude, and N, M, the
 * entries and the expansion of a .qc base matrix are checked against
 * include/gpufec/limits.h before anything is allocated from them.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "codes/text_input.h"
#include <gpufec/error.h>
#include <gpufec/limits.h>
#include <gpufec/nb_matrix_files.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

namespace gpufec {

namespace {

struct text_line {
    long no;
    std::vector<long> v;
};

/* The file as lines of integers (empty lines dropped, '#' comments skipped). */
struct int_file {
    std::string name;
    std::vector<text_line> lines;
    bool numeric = true;
    long bad_line = 0;
    std::string bad_token;
};

int_file tokenize(std::istream& in, const std::string& name)
{
    int_file f;
    f.name = name;
    std::string line;
    long no = 0;
    while (std::getline(in, line)) {
        no++;
        if (!line.empty() && line.back() == '\r') {
            line.pop_back();
        }
        const size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') {
            continue;
        }
        std::istringstream s(line);
        std::string tok;
        text_line tl{ no, {} };
        while (s >> tok) {
            errno = 0;
            char* end = nullptr;
            const long v = std::strtol(tok.c_str(), &end, 10);
            if (end != tok.c_str() && *end == '\0' &&
                (errno == ERANGE || v > INT_MAX || v < -INT_MAX)) {
                throw file_format_error(name,
                                        no,
                                        "number " + detail::quote_token(tok) +
                                            " is too large (the limit is " +
                                            std::to_string(INT_MAX) + ")");
            }
            if (end == tok.c_str() || *end != '\0') {
                if (f.numeric) {
                    f.numeric = false;
                    f.bad_line = no;
                    f.bad_token = tok;
                }
                break;
            }
            tl.v.push_back(v);
        }
        if (!tl.v.empty()) {
            f.lines.push_back(std::move(tl));
        }
    }
    return f;
}

[[noreturn]] void fail(const int_file& f, long line, const std::string& what)
{
    throw file_format_error(f.name, line, what);
}

long last_line(const int_file& f) { return f.lines.empty() ? 0 : f.lines.back().no; }

void require_numeric(const int_file& f)
{
    if (!f.numeric) {
        fail(f,
             f.bad_line,
             detail::quote_token(f.bad_token) +
                 " is not an integer (not a matrix file?)");
    }
    if (f.lines.empty()) {
        fail(f, 0, "empty file");
    }
}

/* Checks a line's count of numbers. */
void expect_count(const int_file& f, size_t i, size_t count, const std::string& what)
{
    if (i >= f.lines.size()) {
        fail(f, last_line(f), "file ends before " + what);
    }
    if (f.lines[i].v.size() != count) {
        fail(f,
             f.lines[i].no,
             what + ": " + std::to_string(f.lines[i].v.size()) + " numbers, expected " +
                 std::to_string(count));
    }
}

struct header {
    int n = 0, m = 0, q = 0;
};

header read_header(const int_file& f, bool with_q)
{
    const text_line& h = f.lines[0];
    if (h.v.size() < (with_q ? 3u : 2u)) {
        fail(f, h.no, with_q ? "first line must be 'N M q'" : "first line must be 'N M'");
    }
    header r;
    r.n = static_cast<int>(h.v[0]);
    r.m = static_cast<int>(h.v[1]);
    if (h.v[0] < 1 || h.v[1] < 1 || h.v[0] > limits::max_columns ||
        h.v[1] > limits::max_rows) {
        fail(f,
             h.no,
             "N = " + std::to_string(h.v[0]) + " and M = " + std::to_string(h.v[1]) +
                 ": N must be in [1, " + std::to_string(limits::max_columns) +
                 "] (gpufec::limits::max_columns) and M in [1, " +
                 std::to_string(limits::max_rows) + "] (gpufec::limits::max_rows)");
    }
    if (with_q) {
        r.q = static_cast<int>(h.v[2]);
        if (h.v[2] > 256 || galois_field::degree_of(r.q) < 0) {
            fail(f,
                 h.no,
                 "q = " + std::to_string(h.v[2]) + " is not a power of two in [2, 256]");
        }
    }
    return r;
}

void check_weights(
    const int_file& f, size_t i, int count, const std::string& what, int limit)
{
    expect_count(f, i, count, what);
    for (long w : f.lines[i].v) {
        if (w < 0 || w > limit) {
            fail(f,
                 f.lines[i].no,
                 what + ": weight " + std::to_string(w) + " outside [0, " +
                     std::to_string(limit) + "]");
        }
    }
}

galois_field::sptr field_for(const int_file& f, int q, galois_field::sptr field)
{
    if (!field) {
        return galois_field::make(q);
    }
    if (field->q() != q) {
        fail(f,
             f.lines[0].no,
             "the file is over GF(" + std::to_string(q) + ") but the field given is GF(" +
                 std::to_string(field->q()) + ")");
    }
    return field;
}

/* A value as read -> field element; line for messages. */
enum class value_kind { element, exponent, labsticc };

int to_element(
    const int_file& f, long line, long v, value_kind kind, const galois_field& gf)
{
    const int q = gf.q();
    switch (kind) {
    case value_kind::element:
        if (v < 1 || v >= q) {
            fail(f,
                 line,
                 "value " + std::to_string(v) + " is not a nonzero element of GF(" +
                     std::to_string(q) + ") (must be in [1, " + std::to_string(q - 1) +
                     "])");
        }
        return static_cast<int>(v);
    case value_kind::exponent:
        if (v < -1 || v >= q - 1) {
            fail(f,
                 line,
                 "exponent " + std::to_string(v) + " is outside [-1, " +
                     std::to_string(q - 2) + "] for GF(" + std::to_string(q) + ")");
        }
        return v < 0 ? 0 : gf.exp(static_cast<int>(v));
    case value_kind::labsticc:
        if (v < 0 || v >= q) {
            fail(f,
                 line,
                 "value " + std::to_string(v) + " is outside [0, " +
                     std::to_string(q - 1) + "] (alpha^(v-1), 0 = zero) for GF(" +
                     std::to_string(q) + ")");
        }
        return v == 0 ? 0 : gf.exp(static_cast<int>(v) - 1);
    }
    return 0;
}

/* Pair lists: "index value" x weight (+ padding "0 x"), 1-based indices. */
std::vector<std::pair<int, long>>
read_pairs(const int_file& f, size_t i, int weight, int limit, const std::string& what)
{
    if (i >= f.lines.size()) {
        fail(f, last_line(f), "file ends before " + what);
    }
    const text_line& l = f.lines[i];
    if (l.v.size() % 2 != 0) {
        fail(f,
             l.no,
             what + ": odd count of numbers (" + std::to_string(l.v.size()) +
                 "), expected 'index value' pairs");
    }
    std::vector<std::pair<int, long>> out;
    for (size_t t = 0; t + 1 < l.v.size(); t += 2) {
        const long idx = l.v[t];
        if (idx == 0) {
            continue; // padding
        }
        if (idx < 1 || idx > limit) {
            fail(f,
                 l.no,
                 what + ": index " + std::to_string(idx) + " outside [1, " +
                     std::to_string(limit) + "]");
        }
        out.emplace_back(static_cast<int>(idx - 1), l.v[t + 1]);
    }
    if (static_cast<int>(out.size()) != weight) {
        fail(f,
             l.no,
             what + ": " + std::to_string(out.size()) + " entries, but its weight is " +
                 std::to_string(weight));
    }
    return out;
}

/* True when the pairs of lines [first, last) carry exponents (a 0 value or -1). */
bool pairs_look_like_exponents(const int_file& f, size_t first, size_t last)
{
    for (size_t i = first; i < last && i < f.lines.size(); i++) {
        const auto& v = f.lines[i].v;
        for (size_t t = 0; t + 1 < v.size(); t += 2) {
            if ((v[t] != 0 && v[t + 1] == 0) || v[t + 1] < 0) {
                return true;
            }
        }
    }
    return false;
}

nb_matrix build(const int_file& f, int rows, int cols, int q, std::vector<nb_entry> e)
{
    try {
        return nb_matrix::from_entries(rows, cols, q, std::move(e));
    } catch (const invalid_argument& ex) {
        fail(f, last_line(f), ex.what());
    }
}

/* MacKay-shaped full alist: mackay (elements) or rptu (exponents). */
nb_matrix_file
read_full_alist(const int_file& f, value_kind kind, galois_field::sptr field)
{
    const header h = read_header(f, true);
    const galois_field::sptr gf = field_for(f, h.q, field);
    expect_count(f, 1, 2, "line 2 (max column weight, max row weight)");
    check_weights(f, 2, h.n, "column weights", h.m);
    check_weights(f, 3, h.m, "row weights", h.n);
    if (f.lines.size() < 4 + static_cast<size_t>(h.n) + h.m) {
        fail(f,
             last_line(f),
             "file ends after " + std::to_string(f.lines.size()) + " lines; expected " +
                 std::to_string(4 + h.n + h.m) +
                 " (header, weights, N column lists, M row lists)");
    }
    if (f.lines.size() > 4 + static_cast<size_t>(h.n) + h.m) {
        fail(f, f.lines[4 + h.n + h.m].no, "unexpected data after the M row lists");
    }
    std::map<std::pair<int, int>, int> from_cols;
    for (int c = 0; c < h.n; c++) {
        const auto pairs = read_pairs(f,
                                      4 + c,
                                      static_cast<int>(f.lines[2].v[c]),
                                      h.m,
                                      "column " + std::to_string(c + 1));
        for (const auto& pr : pairs) {
            const int val = to_element(f, f.lines[4 + c].no, pr.second, kind, *gf);
            if (val == 0) {
                continue;
            }
            if (!from_cols.emplace(std::make_pair(pr.first, c), val).second) {
                fail(f,
                     f.lines[4 + c].no,
                     "column " + std::to_string(c + 1) + " lists row " +
                         std::to_string(pr.first + 1) + " twice");
            }
        }
    }
    std::vector<nb_entry> entries;
    for (int r = 0; r < h.m; r++) {
        const size_t li = 4 + h.n + r;
        const auto pairs = read_pairs(f,
                                      li,
                                      static_cast<int>(f.lines[3].v[r]),
                                      h.n,
                                      "row " + std::to_string(r + 1));
        for (const auto& pr : pairs) {
            const int val = to_element(f, f.lines[li].no, pr.second, kind, *gf);
            if (val == 0) {
                continue;
            }
            const auto it = from_cols.find({ r, pr.first });
            if (it == from_cols.end() || it->second != val) {
                fail(f,
                     f.lines[li].no,
                     "row " + std::to_string(r + 1) + ", column " +
                         std::to_string(pr.first + 1) + ": value " +
                         std::to_string(pr.second) +
                         (it == from_cols.end() ? " is missing from the column lists"
                                                : " disagrees with the column lists"));
            }
            entries.push_back({ r, pr.first, val });
        }
    }
    if (entries.size() != from_cols.size()) {
        fail(f,
             last_line(f),
             "the column lists have " + std::to_string(from_cols.size()) +
                 " entries, the row lists " + std::to_string(entries.size()));
    }
    nb_matrix_file out;
    out.h = build(f, h.m, h.n, h.q, std::move(entries));
    out.format =
        kind == value_kind::element ? nb_matrix_format::mackay : nb_matrix_format::rptu;
    out.layout = kind == value_kind::element ? "mackay (GF(q) alist, element values)"
                                             : "rptu (full alist, exponents)";
    return out;
}

/* RPTU row-pair layout: header, N column weights, M row weights, M rows of pairs. */
nb_matrix_file read_rptu_rows(const int_file& f, galois_field::sptr field)
{
    const header h = read_header(f, true);
    const galois_field::sptr gf = field_for(f, h.q, field);
    check_weights(f, 1, h.n, "column weights", h.m);
    check_weights(f, 2, h.m, "row weights", h.n);
    if (f.lines.size() != 3 + static_cast<size_t>(h.m)) {
        fail(f,
             f.lines.size() > 3u + h.m ? f.lines[3 + h.m].no : last_line(f),
             "expected " + std::to_string(h.m) + " row lines after the weights, found " +
                 std::to_string(f.lines.size() - 3));
    }
    std::vector<nb_entry> entries;
    std::vector<int> col_weight(h.n, 0);
    for (int r = 0; r < h.m; r++) {
        const auto pairs = read_pairs(f,
                                      3 + r,
                                      static_cast<int>(f.lines[2].v[r]),
                                      h.n,
                                      "row " + std::to_string(r + 1));
        for (const auto& pr : pairs) {
            const int val =
                to_element(f, f.lines[3 + r].no, pr.second, value_kind::exponent, *gf);
            if (val) {
                entries.push_back({ r, pr.first, val });
                col_weight[pr.first]++;
            }
        }
    }
    for (int c = 0; c < h.n; c++) {
        if (col_weight[c] != f.lines[1].v[c]) {
            fail(f,
                 f.lines[1].no,
                 "column " + std::to_string(c + 1) + " has weight " +
                     std::to_string(f.lines[1].v[c]) + " here but " +
                     std::to_string(col_weight[c]) + " entries in the rows");
        }
    }
    nb_matrix_file out;
    out.h = build(f, h.m, h.n, h.q, std::move(entries));
    out.format = nb_matrix_format::rptu;
    out.layout = "rptu (row pairs, exponents)";
    return out;
}

/*
 * Lab-STICC: header, weights, M lines of 0-based columns, M lines of values. The
 * two sections are read as streams of numbers (sum of the row weights each), so
 * a row broken over two lines or two rows joined on one are read as meant (one
 * reference file, MatDeclercq_R23_GF64_Alist, joins two value rows on one line).
 */
nb_matrix_file read_labsticc(const int_file& f, galois_field::sptr field)
{
    const header h = read_header(f, true);
    const galois_field::sptr gf = field_for(f, h.q, field);
    check_weights(f, 1, h.n, "column weights", h.m);
    check_weights(f, 2, h.m, "row weights", h.n);
    std::vector<std::pair<long, long>> tokens; // (value, line)
    for (size_t i = 3; i < f.lines.size(); i++) {
        for (long v : f.lines[i].v) {
            tokens.emplace_back(v, f.lines[i].no);
        }
    }
    size_t total = 0;
    for (long w : f.lines[2].v) {
        total += static_cast<size_t>(w);
    }
    if (tokens.size() != 2 * total) {
        fail(f,
             tokens.size() > 2 * total ? tokens[2 * total].second : last_line(f),
             "expected " + std::to_string(total) + " column indices and " +
                 std::to_string(total) +
                 " values after the weights (labsticc layout), found " +
                 std::to_string(tokens.size()) + " numbers");
    }
    std::vector<nb_entry> entries;
    std::vector<int> col_weight(h.n, 0);
    size_t t = 0;
    for (int r = 0; r < h.m; r++) {
        const int w = static_cast<int>(f.lines[2].v[r]);
        for (int i = 0; i < w; i++, t++) {
            const long c = tokens[t].first;
            if (c < 0 || c >= h.n) {
                fail(f,
                     tokens[t].second,
                     "row " + std::to_string(r + 1) + ": column " + std::to_string(c) +
                         " outside [0, " + std::to_string(h.n - 1) + "]");
            }
            const int val = to_element(f,
                                       tokens[total + t].second,
                                       tokens[total + t].first,
                                       value_kind::labsticc,
                                       *gf);
            if (val) {
                entries.push_back({ r, static_cast<int>(c), val });
                col_weight[c]++;
            }
        }
    }
    for (int c = 0; c < h.n; c++) {
        if (col_weight[c] != f.lines[1].v[c]) {
            fail(f,
                 f.lines[1].no,
                 "column " + std::to_string(c) + " has weight " +
                     std::to_string(f.lines[1].v[c]) + " here but " +
                     std::to_string(col_weight[c]) + " entries in the rows");
        }
    }
    nb_matrix_file out;
    out.h = build(f, h.m, h.n, h.q, std::move(entries));
    out.format = nb_matrix_format::labsticc;
    out.layout = "labsticc (0-based columns, values alpha^(v-1))";
    return out;
}

/*
 * Binary alist, own reader: lists may be longer than their weight (padded with 0,
 * or, in MacKay's sp.9000.6000.4500.1, with a 1); the first `weight` nonzero
 * entries count, and the column lists must agree with the row lists, which
 * catches a misread padding.
 */
nb_matrix_file read_binary_alist(const int_file& f)
{
    const header h = read_header(f, false);
    expect_count(f, 1, 2, "line 2 (max column weight, max row weight)");
    check_weights(f, 2, h.n, "column weights", h.m);
    check_weights(f, 3, h.m, "row weights", h.n);
    if (f.lines.size() != 4 + static_cast<size_t>(h.n) + h.m) {
        fail(f,
             last_line(f),
             "expected " + std::to_string(h.n) + " column lists and " +
                 std::to_string(h.m) + " row lists, found " +
                 std::to_string(f.lines.size() - 4) + " lines");
    }
    auto take = [&](size_t li, int weight, int limit, const std::string& what) {
        const text_line& l = f.lines[li];
        std::vector<int> out;
        for (size_t t = 0; t < l.v.size(); t++) {
            const long v = l.v[t];
            if (static_cast<int>(out.size()) == weight) {
                continue; // padding beyond the weight (checked against the other view)
            }
            if (v == 0) {
                continue;
            }
            if (v < 1 || v > limit) {
                fail(f,
                     l.no,
                     what + ": index " + std::to_string(v) + " outside [1, " +
                         std::to_string(limit) + "]");
            }
            out.push_back(static_cast<int>(v - 1));
        }
        if (static_cast<int>(out.size()) != weight) {
            fail(f,
                 l.no,
                 what + ": " + std::to_string(out.size()) +
                     " indices but its weight is " + std::to_string(weight));
        }
        return out;
    };
    std::vector<std::pair<int, int>> from_cols, from_rows;
    for (int c = 0; c < h.n; c++) {
        for (int r : take(4 + c,
                          static_cast<int>(f.lines[2].v[c]),
                          h.m,
                          "column " + std::to_string(c + 1))) {
            from_cols.emplace_back(r, c);
        }
    }
    for (int r = 0; r < h.m; r++) {
        for (int c : take(4 + h.n + r,
                          static_cast<int>(f.lines[3].v[r]),
                          h.n,
                          "row " + std::to_string(r + 1))) {
            from_rows.emplace_back(r, c);
        }
    }
    std::sort(from_cols.begin(), from_cols.end());
    std::sort(from_rows.begin(), from_rows.end());
    if (from_cols != from_rows) {
        fail(f, last_line(f), "the column lists and the row lists disagree");
    }
    std::vector<nb_entry> e;
    for (const auto& rc : from_rows) {
        e.push_back({ rc.first, rc.second, 1 });
    }
    nb_matrix_file out;
    out.h = build(f, h.m, h.n, 2, std::move(e));
    out.format = nb_matrix_format::binary;
    out.layout = "binary (alist)";
    return out;
}

/* Binary QC base matrix "cols rows Z": shifts in [0, Z] (Z taken as 0), -1 zero. */
nb_matrix_file read_binary_qc(const int_file& f)
{
    const text_line& h0 = f.lines[0];
    // every number is at most INT_MAX (tokenize): the products fit in 64 bits
    const long long cols = h0.v[0], rows = h0.v[1], z = h0.v[2];
    if (cols < 1 || rows < 1 || z < 1) {
        fail(f,
             h0.no,
             "qc base matrix: 'cols rows Z' must be positive, got " +
                 std::to_string(cols) + " " + std::to_string(rows) + " " +
                 std::to_string(z));
    }
    if (cols * z > limits::max_columns || rows * z > limits::max_rows) {
        fail(f,
             h0.no,
             "qc base matrix: " + std::to_string(rows) + " x " + std::to_string(cols) +
                 " blocks of Z = " + std::to_string(z) + " expand to " +
                 std::to_string(rows * z) + " x " + std::to_string(cols * z) +
                 ", beyond the limits of " + std::to_string(limits::max_rows) +
                 " rows and " + std::to_string(limits::max_columns) +
                 " columns (gpufec::limits::max_rows, max_columns)");
    }
    // the ones of the expansion, counted before it is made
    unsigned long long ones = 0;
    for (long long i = 0; i < rows; i++) {
        for (long s : f.lines[1 + i].v) {
            ones += s >= 0 ? static_cast<unsigned long long>(z) : 0;
        }
    }
    if (ones > limits::max_edges) {
        fail(f,
             h0.no,
             "qc base matrix: with Z = " + std::to_string(z) + " the expansion has " +
                 std::to_string(ones) + " ones, more than the limit of " +
                 std::to_string(limits::max_edges) + " (gpufec::limits::max_edges)");
    }
    std::vector<nb_entry> e;
    for (long long i = 0; i < rows; i++) {
        const text_line& l = f.lines[1 + i];
        if (static_cast<long>(l.v.size()) != cols) {
            fail(f,
                 l.no,
                 "qc base matrix: " + std::to_string(l.v.size()) + " shifts, expected " +
                     std::to_string(cols));
        }
        for (long long j = 0; j < cols; j++) {
            const long long s = l.v[j];
            if (s < -1 || s > z) {
                fail(f,
                     l.no,
                     "qc base matrix: shift " + std::to_string(s) +
                         " outside [-1, Z] (Z = " + std::to_string(z) + ")");
            }
            if (s < 0) {
                continue;
            }
            for (long long r = 0; r < z; r++) {
                e.push_back({ static_cast<int>(i * z + r),
                              static_cast<int>(j * z + (r + s) % z),
                              1 });
            }
        }
    }
    nb_matrix_file out;
    out.h =
        build(f, static_cast<int>(rows * z), static_cast<int>(cols * z), 2, std::move(e));
    out.format = nb_matrix_format::binary;
    out.layout = "binary (qc base matrix)";
    return out;
}

bool all_binary_digits(const text_line& l)
{
    return std::all_of(l.v.begin(), l.v.end(), [](long v) { return v == 0 || v == 1; });
}

/* Binary layouts: alist, dense rows, qc base matrix, row lists. */
nb_matrix_file read_binary(const int_file& f)
{
    const text_line& h0 = f.lines[0];
    // Dense 0/1 rows: every line the same length (> 3), all digits 0/1.
    if (h0.v.size() > 3 && all_binary_digits(h0)) {
        const size_t n = h0.v.size();
        std::vector<nb_entry> e;
        for (size_t r = 0; r < f.lines.size(); r++) {
            if (f.lines[r].v.size() != n || !all_binary_digits(f.lines[r])) {
                fail(f,
                     f.lines[r].no,
                     "dense binary matrix: row of " +
                         std::to_string(f.lines[r].v.size()) + " numbers (expected " +
                         std::to_string(n) + " zeros and ones)");
            }
            for (size_t c = 0; c < n; c++) {
                if (f.lines[r].v[c]) {
                    e.push_back({ static_cast<int>(r), static_cast<int>(c), 1 });
                }
            }
        }
        nb_matrix_file out;
        out.h = build(
            f, static_cast<int>(f.lines.size()), static_cast<int>(n), 2, std::move(e));
        out.format = nb_matrix_format::binary;
        out.layout = "binary (dense 0/1 rows)";
        return out;
    }
    if (h0.v.size() == 2) {
        return read_binary_alist(f);
    }
    if (h0.v.size() == 3 &&
        f.lines.size() == 1 + static_cast<size_t>(std::max(0L, h0.v[1])) &&
        f.lines.size() > 1 && f.lines[1].v.size() == static_cast<size_t>(h0.v[0])) {
        return read_binary_qc(f);
    }
    if (h0.v.size() >= 3 &&
        f.lines.size() == 1 + static_cast<size_t>(std::max(0L, h0.v[1]))) {
        // "N M max_row_weight ...": M lines of 1-based column indices.
        if (h0.v[0] < 1 || h0.v[1] < 1 || h0.v[0] > limits::max_columns ||
            h0.v[1] > limits::max_rows) {
            fail(f,
                 h0.no,
                 "row lists: N = " + std::to_string(h0.v[0]) +
                     " and M = " + std::to_string(h0.v[1]) + ": N must be in [1, " +
                     std::to_string(limits::max_columns) +
                     "] (gpufec::limits::max_columns) and M in [1, " +
                     std::to_string(limits::max_rows) + "] (gpufec::limits::max_rows)");
        }
        const int n = static_cast<int>(h0.v[0]);
        const int m = static_cast<int>(h0.v[1]);
        std::vector<nb_entry> e;
        for (int r = 0; r < m; r++) {
            const text_line& l = f.lines[1 + r];
            for (long c : l.v) {
                if (c == 0) {
                    continue; // padding
                }
                if (c < 1 || c > n) {
                    fail(f,
                         l.no,
                         "row " + std::to_string(r + 1) + ": column " +
                             std::to_string(c) + " outside [1, " + std::to_string(n) +
                             "]");
                }
                e.push_back({ r, static_cast<int>(c - 1), 1 });
            }
        }
        nb_matrix_file out;
        out.h = build(f, m, n, 2, std::move(e));
        out.format = nb_matrix_format::binary;
        out.layout = "binary (row lists)";
        return out;
    }
    fail(f,
         h0.no,
         "not a recognised GF(q) matrix layout (first line: " +
             std::to_string(h0.v.size()) +
             " numbers; expected 'N M q' for mackay, rptu or labsticc)");
}

} // namespace

nb_matrix_format parse_nb_matrix_format(const std::string& name)
{
    std::string s;
    for (char c : name) {
        s.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    }
    if (s == "auto" || s == "automatic") {
        return nb_matrix_format::automatic;
    }
    if (s == "mackay") {
        return nb_matrix_format::mackay;
    }
    if (s == "rptu" || s == "kn") {
        return nb_matrix_format::rptu;
    }
    if (s == "labsticc") {
        return nb_matrix_format::labsticc;
    }
    if (s == "binary") {
        return nb_matrix_format::binary;
    }
    throw invalid_argument("unknown GF(q) matrix format '" + name +
                           "' (expected mackay, rptu, labsticc, binary or auto)");
}

std::string to_string(nb_matrix_format format)
{
    switch (format) {
    case nb_matrix_format::automatic:
        return "auto";
    case nb_matrix_format::mackay:
        return "mackay";
    case nb_matrix_format::rptu:
        return "rptu";
    case nb_matrix_format::labsticc:
        return "labsticc";
    case nb_matrix_format::binary:
        return "binary";
    }
    return "?";
}

nb_matrix_file parse_nb_matrix(std::istream& in,
                               const std::string& name,
                               nb_matrix_format format,
                               galois_field::sptr field)
{
    std::istringstream tin(detail::read_text(in, name));
    const int_file f = tokenize(tin, name);
    require_numeric(f);

    const text_line& h0 = f.lines[0];
    const bool nb_header = h0.v.size() == 3 && h0.v[2] >= 2 && h0.v[2] <= 256 &&
                           galois_field::degree_of(static_cast<int>(h0.v[2])) >= 1;
    const bool alist_shape = f.lines.size() > 1 && f.lines[1].v.size() == 2 &&
                             h0.v.size() >= 1 && h0.v[0] != 2;
    switch (format) {
    case nb_matrix_format::mackay:
        return read_full_alist(f, value_kind::element, field);
    case nb_matrix_format::rptu:
        return alist_shape ? read_full_alist(f, value_kind::exponent, field)
                           : read_rptu_rows(f, field);
    case nb_matrix_format::labsticc:
        return read_labsticc(f, field);
    case nb_matrix_format::binary:
        return read_binary(f);
    case nb_matrix_format::automatic:
        break;
    }
    if (nb_header && h0.v[2] > 2) {
        if (alist_shape) {
            const int n = static_cast<int>(h0.v[0]);
            const int m = static_cast<int>(h0.v[1]);
            const bool exps =
                pairs_look_like_exponents(f, 4, 4 + static_cast<size_t>(n) + m);
            return read_full_alist(
                f, exps ? value_kind::exponent : value_kind::element, field);
        }
        const long m = h0.v[1];
        if (f.lines.size() == 3 + static_cast<size_t>(m) && f.lines.size() > 3 &&
            f.lines[2].v.size() == static_cast<size_t>(m) &&
            f.lines[3].v.size() ==
                2 * static_cast<size_t>(std::max(0L, f.lines[2].v[0]))) {
            return read_rptu_rows(f, field);
        }
        return read_labsticc(f, field);
    }
    return read_binary(f);
}

nb_matrix_file
read_nb_matrix(const std::string& path, nb_matrix_format format, galois_field::sptr field)
{
    std::istringstream in(detail::read_text_file(path));
    return parse_nb_matrix(in, path, format, std::move(field));
}

void write_nb_alist(const nb_matrix& h, std::ostream& out)
{
    out << h.cols() << " " << h.rows() << " " << h.q() << "\n";
    out << h.max_col_degree() << " " << h.max_row_degree() << "\n";
    for (int c = 0; c < h.cols(); c++) {
        out << h.col_degree(c) << (c + 1 < h.cols() ? " " : "\n");
    }
    for (int r = 0; r < h.rows(); r++) {
        out << h.row_degree(r) << (r + 1 < h.rows() ? " " : "\n");
    }
    for (int c = 0; c < h.cols(); c++) {
        for (int i = h.col_ptr()[c]; i < h.col_ptr()[c + 1]; i++) {
            const int e = h.col_edges()[i];
            out << (i > h.col_ptr()[c] ? " " : "") << h.col_rows()[i] + 1 << " "
                << int(h.row_vals()[e]);
        }
        out << "\n";
    }
    for (int r = 0; r < h.rows(); r++) {
        for (int e = h.row_ptr()[r]; e < h.row_ptr()[r + 1]; e++) {
            out << (e > h.row_ptr()[r] ? " " : "") << h.row_cols()[e] + 1 << " "
                << int(h.row_vals()[e]);
        }
        out << "\n";
    }
}

void write_nb_alist(const nb_matrix& h, const std::string& path)
{
    std::ofstream out(path, std::ios::out | std::ios::trunc);
    if (!out) {
        throw invalid_argument("write_nb_alist: cannot write '" + path + "'");
    }
    write_nb_alist(h, out);
    out.flush();
    if (!out) {
        throw invalid_argument("write_nb_alist: error writing '" + path + "'");
    }
}

} // namespace gpufec
