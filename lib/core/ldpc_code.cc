/* -*- c++ -*- */
/*
 * ldpc_code: a binary LDPC code made from a code spec string (see ldpc_code.h),
 * the one name shared by the CLI, Python and GRC. Dispatches to the standard
 * families (standard_codes.h) and the file readers (matrix_files.h), and builds the
 * encoder on first use.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <algorithm>
#include <cctype>
#include <gpufec/error.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/matrix_files.h>
#include <gpufec/standard_codes.h>
#include <sstream>

namespace gpufec {

namespace {

std::vector<std::string> split(const std::string& s, char sep, size_t max_parts)
{
    std::vector<std::string> parts;
    size_t start = 0;
    while (parts.size() + 1 < max_parts) {
        const size_t pos = s.find(sep, start);
        if (pos == std::string::npos) {
            break;
        }
        parts.push_back(s.substr(start, pos - start));
        start = pos + 1;
    }
    parts.push_back(s.substr(start));
    return parts;
}

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) {
        return static_cast<char>(std::tolower(c));
    });
    return s;
}

[[noreturn]] void bad_spec(const std::string& spec, const std::string& why)
{
    throw invalid_argument("invalid code spec '" + spec + "': " + why + "\n" +
                           ldpc_code::spec_forms());
}

int parse_int(const std::string& spec, const std::string& text, const std::string& what)
{
    if (text.empty() || text.size() > 9 ||
        !std::all_of(
            text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); })) {
        bad_spec(spec, what + " '" + text + "' is not a positive integer");
    }
    return std::stoi(text);
}

} // namespace

std::string ldpc_code::spec_forms()
{
    std::ostringstream s;
    s << "valid code specs:\n"
      << "  wifi:N:RATE          IEEE 802.11n, N in {648,1296,1944}, RATE in "
         "{1/2,2/3,3/4,5/6}\n"
      << "  wimax:N:RATE         IEEE 802.16e, N in 576..2304 step 96, RATE in "
         "{1/2,2/3A,2/3B,3/4A,3/4B,5/6}\n"
      << "  nr5g:bg1:Z           5G NR base graph 1 (or bg2), Z a lifting size of 38.212 "
         "Table 5.3.2-1 (2..384)\n"
      << "  dvbs2:normal:RATE    DVB-S2 64800-bit frame, RATE in "
         "{1/4,1/3,2/5,1/2,3/5,2/3,3/4,4/5,5/6,8/9,9/10}\n"
      << "  dvbs2:short:RATE     DVB-S2 16200-bit frame, RATE in "
         "{1/4,1/3,2/5,1/2,3/5,2/3,3/4,4/5,5/6,8/9}\n"
      << "  alist:PATH           a parity-check matrix in MacKay's alist format\n"
      << "  qc:PATH              a quasi-cyclic base matrix file (.qc)";
    return s.str();
}

ldpc_code::sptr ldpc_code::make(const std::string& spec)
{
    const auto head = split(spec, ':', 2);
    if (head.size() < 2 || head[1].empty()) {
        bad_spec(spec, "expected FAMILY:...");
    }
    const std::string family = lower(head[0]);

    if (family == "alist") {
        return from_matrix(read_alist(head[1]), {}, spec, "generic");
    }
    if (family == "qc") {
        const qc_file f = read_qc(head[1]);
        std::vector<int> punctured;
        for (int j = 0; j < f.qc.block_cols; j++) {
            if (!f.transmitted[j]) {
                for (int z = 0; z < f.qc.z; z++) {
                    punctured.push_back(j * f.qc.z + z);
                }
            }
        }
        return from_matrix(
            parity_check_matrix::from_qc(f.qc), punctured, spec, "generic");
    }

    const auto parts = split(spec, ':', 4);
    if (parts.size() != 3) {
        bad_spec(spec, "expected three fields separated by ':'");
    }
    standard_code sc;
    if (family == "wifi") {
        sc = wifi_code(parse_int(spec, parts[1], "N"), parts[2]);
    } else if (family == "wimax") {
        sc = wimax_code(parse_int(spec, parts[1], "N"), parts[2]);
    } else if (family == "nr5g") {
        const std::string bg = lower(parts[1]);
        if (bg != "bg1" && bg != "bg2") {
            bad_spec(spec, "base graph must be bg1 or bg2");
        }
        sc = nr5g_code(bg == "bg1" ? 1 : 2, parse_int(spec, parts[2], "Z"));
    } else if (family == "dvbs2") {
        sc = dvbs2_code(lower(parts[1]), parts[2]);
    } else {
        bad_spec(spec, "unknown family '" + head[0] + "'");
    }
    const std::string kind = sc.encoder == standard_code::encoder_kind::accumulator
                                 ? "accumulator"
                                 : "dual-diagonal";
    return from_matrix(std::move(sc.h),
                       std::move(sc.punctured_columns),
                       spec,
                       kind,
                       sc.kb,
                       sc.core_rows);
}

ldpc_code::sptr ldpc_code::from_matrix(parity_check_matrix h,
                                       std::vector<int> punctured_columns,
                                       const std::string& name,
                                       const std::string& encoder_kind,
                                       int kb,
                                       int core_rows)
{
    if (encoder_kind != "generic" && encoder_kind != "dual-diagonal" &&
        encoder_kind != "accumulator") {
        throw invalid_argument("ldpc_code: unknown encoder kind '" + encoder_kind +
                               "' (generic, dual-diagonal, accumulator)");
    }
    std::shared_ptr<ldpc_code> code(new ldpc_code());
    code->d_name = name;
    std::sort(punctured_columns.begin(), punctured_columns.end());
    punctured_columns.erase(
        std::unique(punctured_columns.begin(), punctured_columns.end()),
        punctured_columns.end());
    for (int c : punctured_columns) {
        if (c < 0 || c >= h.cols()) {
            throw invalid_argument("ldpc_code: punctured column " + std::to_string(c) +
                                   " outside 0.." + std::to_string(h.cols() - 1));
        }
    }
    if (static_cast<int>(punctured_columns.size()) >= h.cols()) {
        throw invalid_argument("ldpc_code: every column is punctured");
    }
    std::vector<bool> is_punctured(h.cols(), false);
    for (int c : punctured_columns) {
        is_punctured[c] = true;
    }
    for (int c = 0; c < h.cols(); c++) {
        if (!is_punctured[c]) {
            code->d_transmitted.push_back(c);
        }
    }
    code->d_punctured = std::move(punctured_columns);
    code->d_h = std::move(h);
    code->d_encoder_kind = encoder_kind;
    code->d_kb = kb;
    code->d_core_rows = core_rows;
    return code;
}

const encoder& ldpc_code::get_encoder() const
{
    std::call_once(d_encoder_once, [this]() {
        if (d_encoder_kind == "dual-diagonal") {
            d_encoder = make_dual_diagonal_encoder(d_h, d_kb, d_core_rows);
        } else if (d_encoder_kind == "accumulator") {
            d_encoder = make_accumulator_encoder(d_h);
        } else {
            d_encoder = make_generic_encoder(d_h);
        }
    });
    return *d_encoder;
}

void ldpc_code::encode_full(const uint8_t* info, uint8_t* codeword_full) const
{
    if (!info || !codeword_full) {
        throw invalid_argument("ldpc_code::encode_full: null buffer");
    }
    get_encoder().encode(info, codeword_full);
}

void ldpc_code::encode(const uint8_t* info, uint8_t* codeword) const
{
    if (!info || !codeword) {
        throw invalid_argument("ldpc_code::encode: null buffer");
    }
    if (d_punctured.empty()) {
        get_encoder().encode(info, codeword);
        return;
    }
    thread_local std::vector<uint8_t> full;
    full.resize(n_full());
    get_encoder().encode(info, full.data());
    for (int i = 0; i < n(); i++) {
        codeword[i] = full[d_transmitted[i]];
    }
}

} // namespace gpufec
