/* -*- c++ -*- */
/*
 * ldpc_code: a binary LDPC code made from a code spec string (see ldpc_code.h),
 * the one name shared by the CLI, Python and GRC. Dispatches to the standard
 * families (standard_codes.h) and the file readers (matrix_files.h; a plain path
 * ending in .alist is an alist file), records the information-bit placement
 * (info_placement.h), and builds the encoder on first use.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "codes/family_builders.h"
#include "codes/text_input.h"
#include <algorithm>
#include <cctype>
#include <gpufec/code_families.h>
#include <gpufec/error.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/matrix_files.h>
#include <gpufec/standard_codes.h>

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
    return "valid code specs:\n" + code_family_help(false);
}

namespace {

/*!
 * Splits "PATH[:PLACEMENT]": a last ':'-field that names a placement is taken
 * off. Returns whether one was.
 */
bool split_placement(const std::string& rest,
                     std::string* path,
                     info_placement* placement)
{
    const size_t colon = rest.rfind(':');
    if (colon != std::string::npos &&
        parse_info_placement(rest.substr(colon + 1), placement)) {
        *path = rest.substr(0, colon);
        return true;
    }
    *path = rest;
    return false;
}

bool ends_with_alist(const std::string& path)
{
    const std::string ext = ".alist";
    return path.size() > ext.size() &&
           detail::lower_case(path.substr(path.size() - ext.size())) == ext;
}

/*! A file name that says "generator matrix", as gr-fec's G files do. */
bool generator_file_name(const std::string& path)
{
    const size_t slash = path.find_last_of("/\\");
    const std::string base =
        detail::lower_case(slash == std::string::npos ? path : path.substr(slash + 1));
    return base.find("gen_matrix") != std::string::npos ||
           base.find("g_matrix") != std::string::npos;
}

/*!
 * Reads a matrix file with `reader`; where the file cannot be opened and its
 * name holds a ':', says that the text after the last ':' was not a placement.
 */
template <typename Reader>
parity_check_matrix
read_matrix_file(const std::string& spec, const std::string& path, Reader reader)
{
    try {
        return reader(path);
    } catch (const file_format_error& e) {
        if (e.line() == 0 && path.find(':') != std::string::npos) {
            bad_spec(spec,
                     std::string(e.what()) +
                         " (the text after the last ':' is not an information "
                         "placement, pivot or grfec, so it was read as part of the "
                         "file name)");
        }
        throw;
    }
}

} // namespace

ldpc_code::sptr family_builders::alist(const std::string& spec, const std::string& rest)
{
    std::string path;
    info_placement placement = info_placement::pivot;
    split_placement(rest, &path, &placement);
    if (path.empty()) {
        bad_spec(spec, "no file name");
    }
    if (generator_file_name(path)) {
        bad_spec(spec,
                 "the file name says it holds a generator matrix (gr-fec reads such "
                 "files with fec.ldpc_G_matrix); read it as one with 'galist:" +
                     path +
                     "'. (alist: reads a parity-check matrix; a file whose name "
                     "contains gen_matrix or g_matrix is refused rather than misread.)");
    }
    parity_check_matrix h = read_matrix_file(spec, path, read_alist);
    if (placement == info_placement::grfec) {
        return ldpc_code::from_matrix_info(std::move(h), {}, spec, info_placement::grfec);
    }
    return ldpc_code::from_matrix(std::move(h), {}, spec, "generic");
}

ldpc_code::sptr family_builders::galist(const std::string& spec, const std::string& rest)
{
    std::string path;
    info_placement placement = info_placement::grfec;
    split_placement(rest, &path, &placement);
    if (path.empty()) {
        bad_spec(spec, "no file name");
    }
    if (placement != info_placement::grfec) {
        bad_spec(spec,
                 "a generator matrix G = [I | P] carries its information bits in its "
                 "first K columns (placement grfec, as gr-fec's ldpc_G_matrix); "
                 "placement " +
                     info_placement_name(placement) + " is not available for galist:");
    }
    parity_check_matrix h = read_matrix_file(spec, path, read_generator_alist);
    const int k = h.cols() - h.rows();
    std::vector<int> info(k);
    for (int i = 0; i < k; i++) {
        info[i] = i;
    }
    return ldpc_code::from_matrix_info(
        std::move(h), std::move(info), spec, info_placement::grfec);
}

ldpc_code::sptr family_builders::qc(const std::string& spec, const std::string& rest)
{
    const qc_file f = read_qc(rest);
    std::vector<int> punctured;
    for (int j = 0; j < f.qc.block_cols; j++) {
        if (!f.transmitted[j]) {
            for (int z = 0; z < f.qc.z; z++) {
                punctured.push_back(j * f.qc.z + z);
            }
        }
    }
    return ldpc_code::from_matrix(
        parity_check_matrix::from_qc(f.qc), punctured, spec, "generic");
}

namespace {

/*! The three ':'-fields of a standard family's spec. */
std::vector<std::string> standard_fields(const std::string& spec)
{
    const auto parts = split(spec, ':', 4);
    if (parts.size() != 3) {
        bad_spec(spec, "expected three fields separated by ':'");
    }
    return parts;
}

ldpc_code::sptr from_standard(const std::string& spec, standard_code sc)
{
    const std::string kind = sc.encoder == standard_code::encoder_kind::accumulator
                                 ? "accumulator"
                                 : "dual-diagonal";
    return ldpc_code::from_matrix(std::move(sc.h),
                                  std::move(sc.punctured_columns),
                                  spec,
                                  kind,
                                  sc.kb,
                                  sc.core_rows);
}

} // namespace

ldpc_code::sptr family_builders::wifi(const std::string& spec, const std::string&)
{
    const auto parts = standard_fields(spec);
    return from_standard(spec, wifi_code(parse_int(spec, parts[1], "N"), parts[2]));
}

ldpc_code::sptr family_builders::wimax(const std::string& spec, const std::string&)
{
    const auto parts = standard_fields(spec);
    return from_standard(spec, wimax_code(parse_int(spec, parts[1], "N"), parts[2]));
}

ldpc_code::sptr family_builders::nr5g(const std::string& spec, const std::string&)
{
    const auto parts = standard_fields(spec);
    const std::string bg = detail::lower_case(parts[1]);
    if (bg != "bg1" && bg != "bg2") {
        bad_spec(spec, "base graph must be bg1 or bg2");
    }
    return from_standard(spec,
                         nr5g_code(bg == "bg1" ? 1 : 2, parse_int(spec, parts[2], "Z")));
}

ldpc_code::sptr family_builders::dvbs2(const std::string& spec, const std::string&)
{
    const auto parts = standard_fields(spec);
    return from_standard(spec, dvbs2_code(detail::lower_case(parts[1]), parts[2]));
}

ldpc_code::sptr ldpc_code::make(const std::string& spec)
{
    const auto head = split(spec, ':', 2);
    const code_family* family = find_code_family(detail::lower_case(head[0]));
    if (family != nullptr && family->nonbinary) {
        family = nullptr; // a GF(q) form is no binary family
    }
    if (family == nullptr) {
        std::string path;
        info_placement placement = info_placement::pivot;
        split_placement(spec, &path, &placement);
        if (ends_with_alist(path)) {
            return family_builders::alist(spec, spec); // a plain path: alist:PATH
        }
    }
    if (head.size() < 2 || head[1].empty()) {
        bad_spec(spec, "expected FAMILY:... or a file path ending in .alist");
    }
    if (family == nullptr) {
        standard_fields(spec);
        bad_spec(spec, "unknown family '" + head[0] + "'");
    }
    return family->make_binary(spec, head[1]);
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
    if (encoder_kind == "generic") {
        code->d_placement = info_placement::pivot;
        code->d_placement_note = "the columns our generic encoder leaves free";
    } else {
        code->d_placement = info_placement::standard;
        code->d_placement_note = "the standard's systematic columns";
    }
    return code;
}

ldpc_code::sptr ldpc_code::from_matrix_info(parity_check_matrix h,
                                            std::vector<int> info_positions,
                                            const std::string& name,
                                            info_placement placement)
{
    const bool grfec_columns =
        info_positions.empty() && placement == info_placement::grfec;
    std::shared_ptr<ldpc_code> code(new ldpc_code());
    code->d_name = name;
    for (int c = 0; c < h.cols(); c++) {
        code->d_transmitted.push_back(c);
    }
    code->d_h = std::move(h);
    code->d_encoder_kind = "generic-given";
    code->d_given_info = std::move(info_positions);
    code->d_grfec_columns = grfec_columns;
    code->d_placement = placement;
    if (grfec_columns) {
        code->d_placement_note =
            "gr-fec's columns: those of fec.ldpc_encoder / fec.ldpc_decoder (cldpc), "
            "also those of fec.ldpc_H_matrix where H's first M columns are "
            "invertible";
    } else if (placement == info_placement::grfec) {
        code->d_placement_note =
            "gr-fec's columns for a generator matrix G = [I | P] (fec.ldpc_G_matrix): "
            "the first K";
    } else {
        code->d_placement_note = "the columns given with H";
    }
    return code;
}

std::string ldpc_code::placement_description() const
{
    return info_placement_name(d_placement) + " (" + d_placement_note + "): columns " +
           describe_columns(info_positions());
}

const encoder& ldpc_code::get_encoder() const
{
    std::call_once(d_encoder_once, [this]() {
        if (d_encoder_kind == "dual-diagonal") {
            d_encoder = make_dual_diagonal_encoder(d_h, d_kb, d_core_rows);
        } else if (d_encoder_kind == "accumulator") {
            d_encoder = make_accumulator_encoder(d_h);
        } else if (d_encoder_kind == "generic-given") {
            d_encoder = make_generic_encoder(
                d_h, d_grfec_columns ? grfec_info_positions(d_h) : d_given_info);
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
