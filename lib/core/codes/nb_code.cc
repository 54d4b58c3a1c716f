/* -*- c++ -*- */
/*
 * Nonbinary LDPC codes (include/gpufec/nb_code.h): code specs, the systematic
 * encoder by Gaussian elimination over GF(q) (reduced row-echelon form, rank
 * deficiency handled), symbol <-> binary image mapping (bit j of symbol s =
 * (s >> j) & 1, at s*p + j).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "codes/family_builders.h"
#include <gpufec/code_families.h>
#include <gpufec/error.h>
#include <gpufec/limits.h>
#include <gpufec/nb_code.h>
#include <gpufec/nb_matrix_files.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>

namespace gpufec {

namespace {

std::vector<std::string> split(const std::string& s, char sep)
{
    std::vector<std::string> out;
    size_t pos = 0;
    while (true) {
        const size_t i = s.find(sep, pos);
        out.push_back(s.substr(pos, i == std::string::npos ? i : i - pos));
        if (i == std::string::npos) {
            return out;
        }
        pos = i + 1;
    }
}

[[noreturn]] void bad_spec(const std::string& spec, const std::string& why)
{
    throw invalid_argument("code spec '" + spec + "': " + why + "\n" +
                           nb_code::spec_forms());
}

long parse_long(const std::string& spec, const std::string& text, const std::string& what)
{
    errno = 0;
    char* end = nullptr;
    const long v = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || errno == ERANGE) {
        bad_spec(spec, what + " '" + text + "' is not an integer");
    }
    return v;
}

int parse_q(const std::string& spec, const std::string& text)
{
    const long q = parse_long(spec, text, "Q");
    if (q < 2 || q > 256 || galois_field::degree_of(static_cast<int>(q)) < 0) {
        bad_spec(spec, "Q = " + text + " is not a power of two in [2, 256]");
    }
    return static_cast<int>(q);
}

} // namespace

std::string nb_code::spec_forms()
{
    return "nonbinary code specs:\n" + code_family_help(true);
}

bool nb_code::is_nb_spec(const std::string& spec)
{
    const code_family* family = code_family_of_spec(spec);
    return family != nullptr && family->nonbinary;
}

nb_code::sptr nb_code::make(const std::string& spec, unsigned polynomial)
{
    const code_family* family = find_code_family(split(spec, ':')[0]);
    if (family == nullptr || !family->nonbinary) {
        bad_spec(spec, "unknown form");
    }
    return family->make_nonbinary(spec, polynomial);
}

nb_code::sptr family_builders::nbalist(const std::string& spec, unsigned polynomial)
{
    const std::vector<std::string> f = split(spec, ':');
    if (f.size() < 2 || spec.size() <= 8) {
        bad_spec(spec, "no PATH");
    }
    std::string path = spec.substr(8);
    nb_matrix_format fmt = nb_matrix_format::automatic;
    const size_t colon = path.rfind(':');
    if (colon != std::string::npos) {
        const std::string tail = path.substr(colon + 1);
        try {
            fmt = parse_nb_matrix_format(tail);
            path = path.substr(0, colon);
        } catch (const invalid_argument&) {
            // part of the path
        }
    }
    // The field: needed for exponent layouts; peek at q with a default read.
    nb_matrix_file file = read_nb_matrix(path, fmt, nullptr);
    galois_field::sptr gf = galois_field::make(file.h.q(), polynomial);
    if (polynomial != 0 && (file.format == nb_matrix_format::rptu ||
                            file.format == nb_matrix_format::labsticc)) {
        file = read_nb_matrix(path, file.format, gf);
    }
    return nb_code::from_matrix(std::move(file.h), gf, spec);
}

nb_code::sptr family_builders::nbqc(const std::string& spec, unsigned polynomial)
{
    const std::vector<std::string> f = split(spec, ':');
    if (f.size() != 4) {
        bad_spec(spec, "expected nbqc:Q:DV:DC");
    }
    const int q = parse_q(spec, f[1]);
    const long dv = parse_long(spec, f[2], "DV");
    const long dc = parse_long(spec, f[3], "DC");
    if (dv < 1 || dc < 1 || dv + dc > q - 1) {
        bad_spec(spec, "needs DV, DC >= 1 and DV + DC <= Q - 1");
    }
    galois_field::sptr gf = galois_field::make(q, polynomial);
    return nb_code::from_matrix(
        make_nbqc_matrix(*gf, static_cast<int>(dv), static_cast<int>(dc)), gf, spec);
}

nb_code::sptr family_builders::nbreg(const std::string& spec, unsigned polynomial)
{
    const std::vector<std::string> f = split(spec, ':');
    if (f.size() != 5 && f.size() != 6) {
        bad_spec(spec, "expected nbreg:Q:N:DV:DC[:SEED]");
    }
    const int q = parse_q(spec, f[1]);
    const long n = parse_long(spec, f[2], "N");
    const long dv = parse_long(spec, f[3], "DV");
    const long dc = parse_long(spec, f[4], "DC");
    long seed = 1;
    if (f.size() == 6) {
        seed = parse_long(spec, f[5], "SEED");
        if (seed < 0) {
            bad_spec(spec, "SEED must be >= 0");
        }
    }
    if (n < 2 || n > limits::max_columns || dv < 1 || dc < 2 || dv > 64 || dc > 1024) {
        bad_spec(spec, "needs 2 <= N <= 2^20, 1 <= DV <= 64, 2 <= DC <= 1024");
    }
    if (static_cast<size_t>(n) * static_cast<size_t>(dv) > limits::max_peg_edges) {
        bad_spec(spec,
                 "N * DV = " + std::to_string(n * dv) +
                     " edges; progressive edge growth takes time growing with "
                     "the square of the edges, and the limit is " +
                     std::to_string(limits::max_peg_edges) +
                     " (gpufec::limits::max_peg_edges; about a second)");
    }
    galois_field::sptr gf = galois_field::make(q, polynomial);
    return nb_code::from_matrix(make_nbreg_matrix(*gf,
                                                  static_cast<int>(n),
                                                  static_cast<int>(dv),
                                                  static_cast<int>(dc),
                                                  static_cast<uint64_t>(seed)),
                                gf,
                                spec);
}

nb_code::sptr
nb_code::from_matrix(nb_matrix h, galois_field::sptr field, const std::string& name)
{
    if (!field) {
        field = galois_field::make(h.q());
    }
    if (field->q() != h.q()) {
        throw invalid_argument("nb_code: the matrix is over GF(" + std::to_string(h.q()) +
                               ") but the field is GF(" + std::to_string(field->q()) +
                               ")");
    }
    if (h.rows() < 1 || h.cols() < 2) {
        throw invalid_argument("nb_code: H must have at least one row and two columns");
    }
    auto c = std::shared_ptr<nb_code>(new nb_code());
    c->d_name = name;
    c->d_h = std::move(h);
    c->d_field = std::move(field);
    return c;
}

void nb_code::build_encoder() const
{
    std::call_once(d_once, [this] {
        const int m = d_h.rows();
        const int n = d_h.cols();
        const int q = d_h.q();
        const uint8_t* mul = d_field->mul_table();
        if (static_cast<size_t>(m) * static_cast<size_t>(n) >
            limits::max_dense_encoder_bytes) {
            throw invalid_argument(
                "nb_code " + d_name + ": the encoder's Gaussian elimination needs the " +
                std::to_string(m) + " x " + std::to_string(n) + " matrix dense (" +
                std::to_string((static_cast<size_t>(m) * n) >> 20) +
                " MiB), more than the limit of " +
                std::to_string(limits::max_dense_encoder_bytes >> 20) +
                " MiB (gpufec::limits::max_dense_encoder_bytes)");
        }
        std::vector<uint8_t> a(static_cast<size_t>(m) * n, 0);
        for (int r = 0; r < m; r++) {
            for (int e = d_h.row_ptr()[r]; e < d_h.row_ptr()[r + 1]; e++) {
                a[static_cast<size_t>(r) * n + d_h.row_cols()[e]] = d_h.row_vals()[e];
            }
        }
        std::vector<int> pivot_col;
        std::vector<char> is_pivot(n, 0);
        int rank = 0;
        for (int c = n - 1; c >= 0 && rank < m; c--) {
            int pr = -1;
            for (int r = rank; r < m; r++) {
                if (a[static_cast<size_t>(r) * n + c]) {
                    pr = r;
                    break;
                }
            }
            if (pr < 0) {
                continue;
            }
            uint8_t* prow = a.data() + static_cast<size_t>(rank) * n;
            if (pr != rank) {
                std::swap_ranges(prow, prow + n, a.data() + static_cast<size_t>(pr) * n);
            }
            const uint8_t s = d_field->inv(prow[c]);
            const uint8_t* ms = mul + static_cast<size_t>(s) * q;
            for (int x = 0; x < n; x++) {
                prow[x] = ms[prow[x]];
            }
            for (int r = 0; r < m; r++) {
                uint8_t* row = a.data() + static_cast<size_t>(r) * n;
                if (r == rank || row[c] == 0) {
                    continue;
                }
                const uint8_t* mf = mul + static_cast<size_t>(row[c]) * q;
                for (int x = 0; x < n; x++) {
                    row[x] ^= mf[prow[x]];
                }
            }
            pivot_col.push_back(c);
            is_pivot[c] = 1;
            rank++;
        }
        d_rank = rank;
        d_info.clear();
        for (int c = 0; c < n; c++) {
            if (!is_pivot[c]) {
                d_info.push_back(c);
            }
        }
        const size_t k = d_info.size();
        d_parity = pivot_col;
        d_coef.assign(static_cast<size_t>(rank) * k, 0);
        for (int t = 0; t < rank; t++) {
            const uint8_t* row = a.data() + static_cast<size_t>(t) * n;
            for (size_t i = 0; i < k; i++) {
                d_coef[t * k + i] = row[d_info[i]];
            }
        }
    });
}

int nb_code::rank() const
{
    build_encoder();
    return d_rank;
}

const std::vector<int>& nb_code::info_positions() const
{
    build_encoder();
    return d_info;
}

void nb_code::encode(const uint8_t* info_symbols, uint8_t* codeword) const
{
    build_encoder();
    const size_t k = d_info.size();
    if ((k > 0 && !info_symbols) || !codeword) {
        throw invalid_argument("nb_code::encode: null pointer");
    }
    const int q = this->q();
    for (size_t i = 0; i < k; i++) {
        if (info_symbols[i] >= q) {
            throw invalid_argument("nb_code::encode: info symbol " + std::to_string(i) +
                                   " = " + std::to_string(info_symbols[i]) +
                                   " is not in GF(" + std::to_string(q) + ")");
        }
        codeword[d_info[i]] = info_symbols[i];
    }
    const uint8_t* mul = d_field->mul_table();
    for (size_t t = 0; t < d_parity.size(); t++) {
        const uint8_t* coef = d_coef.data() + t * k;
        uint8_t acc = 0;
        for (size_t i = 0; i < k; i++) {
            acc ^= mul[coef[i] * q + info_symbols[i]];
        }
        codeword[d_parity[t]] = acc;
    }
}

void nb_code::encode_bits(const uint8_t* info_bits, uint8_t* code_bits) const
{
    const int p = this->p();
    const size_t k = static_cast<size_t>(k_bits()) / p;
    std::vector<uint8_t> info(k), cw(n());
    for (size_t i = 0; i < k * p; i++) {
        if (info_bits[i] > 1) {
            throw invalid_argument("nb_code::encode_bits: info bit " + std::to_string(i) +
                                   " = " + std::to_string(info_bits[i]) +
                                   " is not 0 or 1");
        }
    }
    nb_bits_to_symbols(info_bits, k, p, info.data());
    encode(info.data(), cw.data());
    nb_symbols_to_bits(cw.data(), cw.size(), p, code_bits);
}

bool nb_code::check(const uint8_t* codeword) const
{
    const int q = this->q();
    const uint8_t* mul = d_field->mul_table();
    for (int r = 0; r < d_h.rows(); r++) {
        uint8_t s = 0;
        for (int e = d_h.row_ptr()[r]; e < d_h.row_ptr()[r + 1]; e++) {
            s ^= mul[d_h.row_vals()[e] * q + codeword[d_h.row_cols()[e]]];
        }
        if (s) {
            return false;
        }
    }
    return true;
}

void nb_symbols_to_bits(const uint8_t* symbols, size_t n, int p, uint8_t* bits)
{
    for (size_t s = 0; s < n; s++) {
        for (int j = 0; j < p; j++) {
            bits[s * p + j] = (symbols[s] >> j) & 1u;
        }
    }
}

void nb_bits_to_symbols(const uint8_t* bits, size_t n, int p, uint8_t* symbols)
{
    for (size_t s = 0; s < n; s++) {
        unsigned v = 0;
        for (int j = 0; j < p; j++) {
            v |= static_cast<unsigned>(bits[s * p + j] & 1u) << j;
        }
        symbols[s] = static_cast<uint8_t>(v);
    }
}

} // namespace gpufec
