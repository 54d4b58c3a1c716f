/* -*- c++ -*- */
/*
 * Reading the text of a matrix file within the limits of include/gpufec/limits.h
 * (text_input.h): directories, oversized files and binary data are refused before
 * parsing; long bad tokens are quoted in part.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "codes/text_input.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <gpufec/error.h>
#include <gpufec/limits.h>
#include <sys/stat.h>

namespace gpufec {
namespace detail {

namespace {

std::string limit_text()
{
    return std::to_string(limits::max_matrix_file_bytes >> 20) +
           " MiB (gpufec::limits::max_matrix_file_bytes)";
}

long line_of(const std::string& text, size_t offset)
{
    return 1 + static_cast<long>(std::count(text.begin(), text.begin() + offset, '\n'));
}

} // namespace

std::string read_text(std::istream& in, const std::string& name)
{
    std::string text;
    char buf[1 << 16];
    while (in) {
        in.read(buf, sizeof(buf));
        const size_t got = static_cast<size_t>(in.gcount());
        if (got == 0) {
            break;
        }
        const void* nul = std::memchr(buf, '\0', got);
        if (nul) {
            const size_t at = text.size() + (static_cast<const char*>(nul) - buf);
            text.append(buf, got);
            throw file_format_error(name,
                                    line_of(text, at),
                                    "NUL byte at byte " + std::to_string(at) +
                                        ": binary data, not a text matrix file");
        }
        if (text.size() + got > limits::max_matrix_file_bytes) {
            throw file_format_error(name,
                                    line_of(text, text.size()),
                                    "more than " + limit_text() +
                                        " of text: refused as a matrix file");
        }
        text.append(buf, got);
    }
    return text;
}

std::string read_text_file(const std::string& path)
{
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) {
        throw file_format_error(
            path, 0, std::string("cannot open for reading: ") + std::strerror(errno));
    }
    if (S_ISDIR(st.st_mode)) {
        throw file_format_error(path, 0, "is a directory, not a matrix file");
    }
    if (S_ISREG(st.st_mode) &&
        static_cast<unsigned long long>(st.st_size) > limits::max_matrix_file_bytes) {
        throw file_format_error(path,
                                0,
                                "the file is " + std::to_string(st.st_size) +
                                    " bytes, more than the limit of " + limit_text() +
                                    " for a matrix file");
    }
    std::ifstream f(path, std::ios::in | std::ios::binary);
    if (!f.is_open()) {
        throw file_format_error(
            path, 0, std::string("cannot open for reading: ") + std::strerror(errno));
    }
    return read_text(f, path);
}

std::string quote_token(const std::string& token)
{
    if (token.size() <= limits::max_quoted_token) {
        return "'" + token + "'";
    }
    return "'" + token.substr(0, limits::max_quoted_token) + "...' (" +
           std::to_string(token.size()) + " characters)";
}

} // namespace detail
} // namespace gpufec
