/* -*- c++ -*- */
/*
 * Readers and writers of binary parity-check matrix files.
 *
 * alist (D. J. C. MacKay, http://www.inference.org.uk/mackay/codes/alist.html):
 *   N M
 *   max_col_weight max_row_weight
 *   N column weights
 *   M row weights
 *   N lines: the 1-based row indices of each column
 *   M lines: the 1-based column indices of each row
 * One list per line; each may be of exact length or zero-padded to the maximum
 * weight (files in circulation mix both, even within one file); an empty list is
 * an empty line, a line of zeros, or nothing. Blank lines, '\r', tabs and '#'
 * comments (from '#' to the end of the line, on a line of their own or after data)
 * are accepted anywhere. Both the column and the row lists are read and must
 * describe the same matrix, with the counts of the weight lines.
 *
 * .qc base matrix: "n_block_cols n_block_rows Z", one line of shifts per block row
 * (-1 = zero block, else 0 <= shift < Z; shift s puts row z of block (i,j) at column
 * j*Z + (z+s) mod Z), then optionally one line of 1/0 per block column
 * (transmitted / punctured).
 *
 * Generator matrix in alist layout (gr-fec's ldpc_G_matrix files): "N K" on the
 * first line, then as an alist; it must be systematic, G = [I | P], and is
 * returned as the parity-check matrix H = [P^T | I] of its code.
 *
 * Every refusal is a gpufec::file_format_error naming the file and the line.
 * Sizes are checked against include/gpufec/limits.h before anything depends on
 * them (N, M, the ones of H, the expansion of a .qc file by Z); the text is read
 * through text_input.h (no directory, no file over the size limit, no NUL byte).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <cstddef> // size_t: parity_check_matrix.h uses it without including it

#include "codes/text_input.h"
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <gpufec/error.h>
#include <gpufec/limits.h>
#include <gpufec/matrix_files.h>
#include <istream>
#include <limits>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

namespace gpufec {

namespace {

/*!
 * Reads a text file line by line, hands out the lines that hold data (after '#'
 * comments and whitespace are removed) as parsed integers, and keeps the line
 * numbers for error messages. One data line of look-ahead.
 */
class data_lines
{
public:
    data_lines(std::istream& in, const std::string& name) : d_in(in), d_name(name) {}

    /*! True when a data line follows; it is then current() (not consumed). */
    bool peek()
    {
        if (d_have) {
            return true;
        }
        std::string text;
        while (std::getline(d_in, text)) {
            d_physical++;
            if (d_physical == 1 && text.compare(0, 3, "\xEF\xBB\xBF") == 0) {
                text.erase(0, 3); // UTF-8 byte order mark
            }
            if (parse(text)) {
                d_have = true;
                d_line = d_physical;
                return true;
            }
        }
        return false;
    }

    /*! The next data line's values; throws naming `what` at end of input. */
    const std::vector<long long>& next(const std::string& what)
    {
        if (!peek()) {
            fail_eof(what);
        }
        d_have = false;
        return d_values;
    }

    /*! Values of the peeked line (valid after peek() returned true). */
    const std::vector<long long>& current() const { return d_values; }
    /*! Consumes the peeked line. */
    void drop() { d_have = false; }

    /*! Line number of the last line returned by next() or peek(). */
    long line() const { return d_line; }
    bool any_data() const { return d_line > 0; }

    [[noreturn]] void fail(const std::string& what) const
    {
        throw file_format_error(d_name, d_line, what);
    }
    [[noreturn]] void fail_eof(const std::string& what) const
    {
        if (d_line == 0) {
            throw file_format_error(d_name, 1, "empty file (no data): expected " + what);
        }
        throw file_format_error(
            d_name, d_physical + 1, "unexpected end of file: expected " + what);
    }

private:
    static bool is_space(char c)
    {
        return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || c == '\n';
    }

    // Splits a line into integers; false when it holds no data.
    bool parse(const std::string& text)
    {
        d_values.clear();
        const size_t end = std::min(text.find('#'), text.size());
        size_t i = 0;
        while (i < end) {
            while (i < end && is_space(text[i])) {
                i++;
            }
            if (i == end) {
                break;
            }
            const size_t start = i;
            while (i < end && !is_space(text[i])) {
                i++;
            }
            d_values.push_back(to_int(text.substr(start, i - start)));
        }
        return !d_values.empty();
    }

    long long to_int(const std::string& tok) const
    {
        size_t i = 0;
        bool negative = false;
        if (tok[0] == '-' || tok[0] == '+') {
            negative = tok[0] == '-';
            i = 1;
        }
        if (i == tok.size()) {
            bad_token(tok);
        }
        long long v = 0;
        for (; i < tok.size(); i++) {
            if (tok[i] < '0' || tok[i] > '9') {
                bad_token(tok);
            }
            v = v * 10 + (tok[i] - '0');
            if (v > std::numeric_limits<int>::max()) {
                throw file_format_error(
                    d_name,
                    d_physical,
                    "number " + detail::quote_token(tok) +
                        " is too large (the limit is " +
                        std::to_string(std::numeric_limits<int>::max()) + ")");
            }
        }
        return negative ? -v : v;
    }

    [[noreturn]] void bad_token(const std::string& tok) const
    {
        throw file_format_error(
            d_name, d_physical, detail::quote_token(tok) + " is not an integer");
    }

    std::istream& d_in;
    std::string d_name;
    long d_physical = 0; // lines read so far
    long d_line = 0;     // line of the current data line
    bool d_have = false;
    std::vector<long long> d_values;
};

std::string str(long long v) { return std::to_string(v); }

/*!
 * Reads one alist list line: `weight` indices in [1, limit], then only zero padding
 * up to `max_weight` entries in all. Returns the 0-based indices.
 */
std::vector<int> read_list(data_lines& lines,
                           const char* owner, // "column" or "row"
                           const char* item,  // "row" or "column"
                           int index,         // 0-based
                           int count,
                           int weight,
                           int max_weight,
                           int limit)
{
    const std::string who = std::string(owner) + " " + str(index + 1);
    std::vector<int> list;
    if (weight == 0) {
        // Exact length: an empty line (skipped like any blank line). Zero-padded: a
        // line of zeros. Lists of weight > 0 always start with a nonzero index.
        if (lines.peek()) {
            const auto& v = lines.current();
            if (std::all_of(v.begin(), v.end(), [](long long x) { return x == 0; })) {
                if (static_cast<int>(v.size()) > max_weight) {
                    lines.fail("the list of " + who + " has " + str(v.size()) +
                               " entries, more than the maximum " + owner + " weight " +
                               str(max_weight));
                }
                lines.drop();
            }
        }
        return list;
    }
    const auto& v = lines.next("the list of " + who + " (of " + str(count) + ")");
    size_t n = 0;
    while (n < v.size() && v[n] != 0) {
        n++;
    }
    for (size_t i = n; i < v.size(); i++) {
        if (v[i] != 0) {
            lines.fail("the list of " + who + " has index 0 at entry " + str(n + 1) +
                       ": alist indices are 1-based (0 may only pad the end of a list)");
        }
    }
    if (static_cast<int>(n) != weight) {
        std::string msg = "the list of " + who + " has " + str(n) + " " + item +
                          " indices but its weight is " + str(weight);
        if (n < v.size()) {
            msg += " (0 is padding: alist indices are 1-based)";
        }
        lines.fail(msg);
    }
    if (static_cast<int>(v.size()) > max_weight) {
        lines.fail("the list of " + who + " has " + str(v.size()) +
                   " entries, more than the maximum " + owner + " weight " +
                   str(max_weight));
    }
    list.reserve(n);
    for (size_t i = 0; i < n; i++) {
        if (v[i] < 1 || v[i] > limit) {
            lines.fail("the list of " + who + ": " + item + " index " + str(v[i]) +
                       " is outside 1.." + str(limit));
        }
        list.push_back(static_cast<int>(v[i] - 1));
    }
    std::vector<int> sorted = list;
    std::sort(sorted.begin(), sorted.end());
    auto dup = std::adjacent_find(sorted.begin(), sorted.end());
    if (dup != sorted.end()) {
        lines.fail("the list of " + who + " has " + item + " " + str(*dup + 1) +
                   " twice");
    }
    return sorted;
}

/*! Reads a weights line: exactly `count` values in [0, limit]; returns them. */
std::vector<int> read_weights(data_lines& lines,
                              const char* what, // "column" or "row"
                              int count,
                              int max_weight,
                              int limit)
{
    const auto& v = lines.next(str(count) + " " + what + " weights");
    if (static_cast<int>(v.size()) != count) {
        lines.fail("expected " + str(count) + " " + what +
                   " weights on this line, found " + str(v.size()));
    }
    std::vector<int> w(count);
    int largest = 0;
    for (int i = 0; i < count; i++) {
        if (v[i] < 0 || v[i] > max_weight) {
            lines.fail(std::string(what) + " " + str(i + 1) + " has weight " + str(v[i]) +
                       ", outside 0..max " + what + " weight " + str(max_weight));
        }
        if (v[i] > limit) {
            lines.fail(std::string(what) + " " + str(i + 1) + " has weight " + str(v[i]) +
                       " but the matrix has only " + str(limit) +
                       (what[0] == 'c' ? " rows" : " columns"));
        }
        w[i] = static_cast<int>(v[i]);
        largest = std::max(largest, w[i]);
    }
    if (largest != max_weight) {
        lines.fail("the largest " + std::string(what) + " weight is " + str(largest) +
                   " but the header says " + str(max_weight));
    }
    return w;
}

/*! A file's text within the limits (text_input.h), as a stream. */
std::istringstream open_text(const std::string& path)
{
    return std::istringstream(detail::read_text_file(path));
}

/*! A stream's text within the limits (text_input.h), as a stream. */
std::istringstream checked_text(std::istream& in, const std::string& name)
{
    return std::istringstream(detail::read_text(in, name));
}

std::string limit_note(const char* name)
{
    return std::string(" (gpufec::limits::") + name + ")";
}

std::ofstream open_for_writing(const std::string& path, const char* caller)
{
    std::ofstream f(path, std::ios::out | std::ios::trunc);
    if (!f.is_open()) {
        throw invalid_argument(std::string(caller) + ": cannot open '" + path +
                               "' for writing: " + std::strerror(errno));
    }
    return f;
}

void finish_writing(std::ofstream& f, const std::string& path, const char* caller)
{
    f.flush();
    if (!f) {
        throw invalid_argument(std::string(caller) + ": writing '" + path + "' failed");
    }
}

} // namespace

/* ------------------------------------------------------------------------- */
/* alist                                                                      */
/* ------------------------------------------------------------------------- */

namespace {

/*! parse_alist; col_lines (when not null) receives the line of each column list. */
parity_check_matrix parse_alist_lines(std::istream& raw,
                                      const std::string& name,
                                      std::vector<long>* col_lines)
{
    std::istringstream in = checked_text(raw, name);
    data_lines lines(in, name);

    const auto& head = lines.next("'N M' (columns and rows)");
    if (head.size() != 2) {
        lines.fail(
            "expected 'N M' (2 numbers), found " + str(head.size()) +
            (head.size() == 3 ? " (a GF(q) alist has 'N M q': not a binary alist)" : ""));
    }
    if (head[0] <= 0 || head[1] <= 0) {
        lines.fail("N and M must be positive, got N=" + str(head[0]) +
                   " M=" + str(head[1]));
    }
    if (head[0] > limits::max_columns || head[1] > limits::max_rows) {
        lines.fail("N=" + str(head[0]) + " columns and M=" + str(head[1]) +
                   " rows: the limits are " + str(limits::max_columns) + " columns" +
                   limit_note("max_columns") + " and " + str(limits::max_rows) + " rows" +
                   limit_note("max_rows"));
    }
    const int n = static_cast<int>(head[0]);
    const int m = static_cast<int>(head[1]);

    const auto& maxes = lines.next("'max_col_weight max_row_weight'");
    if (maxes.size() != 2) {
        lines.fail("expected 'max_col_weight max_row_weight' (2 numbers), found " +
                   str(maxes.size()));
    }
    if (maxes[0] < 0 || maxes[1] < 0) {
        lines.fail("maximum weights must not be negative, got " + str(maxes[0]) + " " +
                   str(maxes[1]));
    }
    const int max_cw = static_cast<int>(maxes[0]);
    const int max_rw = static_cast<int>(maxes[1]);

    const std::vector<int> col_w = read_weights(lines, "column", n, max_cw, m);
    const std::vector<int> row_w = read_weights(lines, "row", m, max_rw, n);
    long long col_sum = 0, row_sum = 0;
    for (int w : col_w) {
        col_sum += w;
    }
    for (int w : row_w) {
        row_sum += w;
    }
    if (col_sum != row_sum) {
        lines.fail("the column weights sum to " + str(col_sum) +
                   " but the row weights sum to " + str(row_sum));
    }
    if (static_cast<unsigned long long>(col_sum) > limits::max_edges) {
        lines.fail(
            "the weights sum to " + str(col_sum) + " ones, more than the limit of " +
            str(static_cast<long long>(limits::max_edges)) + limit_note("max_edges"));
    }
    const long row_weights_line = lines.line();

    // Column lists (sorted), and how many column lists each row appears in.
    std::vector<std::vector<int>> col_lists(n);
    std::vector<int> row_seen(m, 0);
    for (int c = 0; c < n; c++) {
        col_lists[c] = read_list(lines, "column", "row", c, n, col_w[c], max_cw, m);
        if (col_lines) {
            col_lines->push_back(lines.line());
        }
        for (int r : col_lists[c]) {
            row_seen[r]++;
        }
    }
    for (int r = 0; r < m; r++) {
        if (row_seen[r] != row_w[r]) {
            throw file_format_error(name,
                                    row_weights_line,
                                    "row " + str(r + 1) + " has weight " + str(row_w[r]) +
                                        " but appears in " + str(row_seen[r]) +
                                        " column lists");
        }
    }

    // Row lists: each entry must be in the column lists. With the counts equal and
    // no duplicates, the two descriptions are then the same set of ones.
    std::vector<std::pair<int, int>> entries;
    entries.reserve(static_cast<size_t>(col_sum));
    for (int r = 0; r < m; r++) {
        const std::vector<int> cols =
            read_list(lines, "row", "column", r, m, row_w[r], max_rw, n);
        for (int c : cols) {
            if (!std::binary_search(col_lists[c].begin(), col_lists[c].end(), r)) {
                lines.fail("row " + str(r + 1) + " lists column " + str(c + 1) +
                           ", but the list of column " + str(c + 1) +
                           " does not contain row " + str(r + 1));
            }
            entries.emplace_back(r, c);
        }
    }
    if (lines.peek()) {
        lines.fail("unexpected data after the " + str(m) + " row lists");
    }
    return parity_check_matrix::from_entries(m, n, entries);
}

} // namespace

parity_check_matrix parse_alist(std::istream& in, const std::string& name)
{
    return parse_alist_lines(in, name, nullptr);
}

parity_check_matrix read_alist(const std::string& path)
{
    std::istringstream f = open_text(path);
    return parse_alist(f, path);
}

/* ------------------------------------------------------------------------- */
/* generator matrix in alist layout (gr-fec's ldpc_G_matrix files)            */
/* ------------------------------------------------------------------------- */

parity_check_matrix parse_generator_alist(std::istream& in, const std::string& name)
{
    std::vector<long> col_lines;
    const parity_check_matrix g = parse_alist_lines(in, name, &col_lines);
    const int k = g.rows();
    const int n = g.cols();
    if (k >= n) {
        throw file_format_error(name,
                                1,
                                "a generator matrix with K=" + str(k) +
                                    " rows and N=" + str(n) +
                                    " columns has no parity columns (K < N needed)");
    }
    for (int c = 0; c < k; c++) {
        const index_span rows = g.col(c);
        if (rows.size() != 1 || rows[0] != c) {
            std::string has;
            for (int r : rows) {
                has += (has.empty() ? "" : " ") + str(r + 1);
            }
            throw file_format_error(
                name,
                col_lines[c],
                "column " + str(c + 1) + " of the generator matrix has rows {" + has +
                    "} but G must be systematic, G = [I | P] with I the " + str(k) + "x" +
                    str(k) + " identity (as gr-fec's ldpc_G_matrix requires): column " +
                    str(c + 1) + " must hold row " + str(c + 1) + " only");
        }
    }
    // H = [P^T | I]: row r of H has P's column r (G's column k + r) in its first k
    // columns and a 1 in column k + r.
    std::vector<std::pair<int, int>> entries;
    for (int r = 0; r < n - k; r++) {
        for (int i : g.col(k + r)) {
            entries.emplace_back(r, i);
        }
        entries.emplace_back(r, k + r);
    }
    return parity_check_matrix::from_entries(n - k, n, entries);
}

parity_check_matrix read_generator_alist(const std::string& path)
{
    std::istringstream f = open_text(path);
    return parse_generator_alist(f, path);
}

void write_alist(const parity_check_matrix& h, std::ostream& out, bool zero_pad)
{
    const int n = h.cols();
    const int m = h.rows();
    std::string s;
    s.reserve(64 + 8 * (static_cast<size_t>(n) + m) + 14 * h.edges());
    auto put_list = [&s](index_span list, int pad_to) {
        int written = 0;
        for (int i : list) {
            if (written++) {
                s += ' ';
            }
            s += std::to_string(i + 1);
        }
        for (; written < pad_to; written++) {
            s += written ? " 0" : "0";
        }
        s += '\n';
    };
    s += std::to_string(n) + " " + std::to_string(m) + "\n";
    s += std::to_string(h.max_col_degree()) + " " + std::to_string(h.max_row_degree()) +
         "\n";
    for (int c = 0; c < n; c++) {
        s += std::to_string(h.col_degree(c));
        s += c + 1 < n ? ' ' : '\n';
    }
    for (int r = 0; r < m; r++) {
        s += std::to_string(h.row_degree(r));
        s += r + 1 < m ? ' ' : '\n';
    }
    for (int c = 0; c < n; c++) {
        put_list(h.col(c), zero_pad ? h.max_col_degree() : 0);
    }
    for (int r = 0; r < m; r++) {
        put_list(h.row(r), zero_pad ? h.max_row_degree() : 0);
    }
    out << s;
}

void write_alist(const parity_check_matrix& h, const std::string& path, bool zero_pad)
{
    std::ofstream f = open_for_writing(path, "write_alist");
    write_alist(h, f, zero_pad);
    finish_writing(f, path, "write_alist");
}

/* ------------------------------------------------------------------------- */
/* .qc base matrix                                                            */
/* ------------------------------------------------------------------------- */

qc_file parse_qc(std::istream& raw, const std::string& name)
{
    std::istringstream in = checked_text(raw, name);
    data_lines lines(in, name);
    const auto& head = lines.next("'n_block_cols n_block_rows Z'");
    if (head.size() != 3) {
        lines.fail("expected 'n_block_cols n_block_rows Z' (3 numbers), found " +
                   str(head.size()));
    }
    if (head[0] <= 0 || head[1] <= 0 || head[2] <= 0) {
        lines.fail("block columns, block rows and Z must be positive, got " +
                   str(head[0]) + " " + str(head[1]) + " " + str(head[2]));
    }
    // each value is at most INT_MAX (data_lines), so the products fit in 64 bits
    if (head[0] * head[2] > limits::max_columns || head[1] * head[2] > limits::max_rows) {
        lines.fail("the expanded matrix would have " + str(head[1] * head[2]) +
                   " rows and " + str(head[0] * head[2]) + " columns (" + str(head[1]) +
                   " x " + str(head[0]) + " blocks of Z=" + str(head[2]) +
                   "): the limits are " + str(limits::max_rows) + " rows" +
                   limit_note("max_rows") + " and " + str(limits::max_columns) +
                   " columns" + limit_note("max_columns"));
    }
    qc_file f;
    f.qc.block_cols = static_cast<int>(head[0]);
    f.qc.block_rows = static_cast<int>(head[1]);
    f.qc.z = static_cast<int>(head[2]);
    const long head_line = lines.line();
    long long ones = 0; // of the expanded matrix

    for (int i = 0; i < f.qc.block_rows; i++) {
        const auto& v = lines.next("the shifts of block row " + str(i) + " (of " +
                                   str(f.qc.block_rows) + ")");
        if (static_cast<int>(v.size()) != f.qc.block_cols) {
            lines.fail("block row " + str(i) + " has " + str(v.size()) +
                       " shifts, expected " + str(f.qc.block_cols));
        }
        for (int j = 0; j < f.qc.block_cols; j++) {
            if (v[j] < -1 || v[j] >= f.qc.z) {
                lines.fail("shift " + str(v[j]) + " at block (" + str(i) + ", " + str(j) +
                           ") is outside -1..Z-1 (Z=" + str(f.qc.z) + ")");
            }
            f.qc.shifts.push_back(static_cast<int>(v[j]));
            ones += v[j] >= 0 ? f.qc.z : 0;
        }
        if (static_cast<unsigned long long>(ones) > limits::max_edges) {
            lines.fail("with Z=" + str(f.qc.z) + " (line " + str(head_line) +
                       ") the expanded matrix would have more than " +
                       str(static_cast<long long>(limits::max_edges)) +
                       " ones, the limit" + limit_note("max_edges"));
        }
    }

    f.transmitted.assign(f.qc.block_cols, true);
    if (lines.peek()) {
        const auto& v = lines.next("");
        if (static_cast<int>(v.size()) != f.qc.block_cols) {
            lines.fail("the transmitted/punctured line has " + str(v.size()) +
                       " entries, expected " + str(f.qc.block_cols) +
                       " (one 1/0 per block column)");
        }
        for (int j = 0; j < f.qc.block_cols; j++) {
            if (v[j] != 0 && v[j] != 1) {
                lines.fail("block column " + str(j) + ": transmitted flag " + str(v[j]) +
                           " is not 1 (transmitted) or 0 (punctured)");
            }
            f.transmitted[j] = v[j] == 1;
        }
        if (std::none_of(
                f.transmitted.begin(), f.transmitted.end(), [](bool t) { return t; })) {
            lines.fail("every block column is punctured");
        }
        if (lines.peek()) {
            lines.fail("unexpected data after the transmitted/punctured line");
        }
    }
    return f;
}

qc_file read_qc(const std::string& path)
{
    std::istringstream f = open_text(path);
    return parse_qc(f, path);
}

void write_qc(const qc_file& f, std::ostream& out)
{
    const qc_structure& qc = f.qc;
    if (qc.z <= 0 || qc.block_rows <= 0 || qc.block_cols <= 0 ||
        qc.shifts.size() != static_cast<size_t>(qc.block_rows) * qc.block_cols) {
        throw invalid_argument("write_qc: inconsistent base matrix (Z=" + str(qc.z) +
                               ", " + str(qc.block_rows) + " x " + str(qc.block_cols) +
                               ", " + str(qc.shifts.size()) + " shifts)");
    }
    if (!f.transmitted.empty() &&
        static_cast<int>(f.transmitted.size()) != qc.block_cols) {
        throw invalid_argument("write_qc: " + str(f.transmitted.size()) +
                               " transmitted flags for " + str(qc.block_cols) +
                               " block columns");
    }
    std::string s =
        str(qc.block_cols) + " " + str(qc.block_rows) + " " + str(qc.z) + "\n";
    for (int i = 0; i < qc.block_rows; i++) {
        for (int j = 0; j < qc.block_cols; j++) {
            const int v = qc.shift(i, j);
            if (v < -1 || v >= qc.z) {
                throw invalid_argument("write_qc: shift " + str(v) + " at block (" +
                                       str(i) + ", " + str(j) + ") is outside -1..Z-1");
            }
            s += str(v);
            s += j + 1 < qc.block_cols ? ' ' : '\n';
        }
    }
    if (std::any_of(
            f.transmitted.begin(), f.transmitted.end(), [](bool t) { return !t; })) {
        for (int j = 0; j < qc.block_cols; j++) {
            s += f.transmitted[j] ? '1' : '0';
            s += j + 1 < qc.block_cols ? ' ' : '\n';
        }
    }
    out << s;
}

void write_qc(const qc_file& f, const std::string& path)
{
    std::ofstream out = open_for_writing(path, "write_qc");
    write_qc(f, out);
    finish_writing(out, path, "write_qc");
}

} // namespace gpufec
