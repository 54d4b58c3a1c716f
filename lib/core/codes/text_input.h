/* -*- c++ -*- */
/*
 * Reading the text of a matrix file for the parsers (matrix_files.cc,
 * nb_matrix_files.cc) within the limits of include/gpufec/limits.h: anything but
 * a regular file (a directory, a FIFO, a device: found without a blocking open),
 * a file larger than limits::max_matrix_file_bytes, a read error (/proc/self/mem)
 * or a file holding a NUL byte (binary data) is refused before it is parsed, with a
 * gpufec::file_format_error naming the file (and the line of a NUL byte); and
 * the quoting of bad tokens in error messages, cut to limits::max_quoted_token;
 * and the case folding with which names (rules, schedules, families, channels)
 * are matched.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_TEXT_INPUT_H
#define INCLUDED_GPUFEC_TEXT_INPUT_H

#include <algorithm>
#include <cctype>
#include <istream>
#include <string>

namespace gpufec {
namespace detail {

/*!
 * The whole text of `in` (`name` in messages), at most
 * limits::max_matrix_file_bytes; refuses more, and any NUL byte.
 */
std::string read_text(std::istream& in, const std::string& name);

/*!
 * The whole text of the file at `path`: refuses a path that cannot be opened
 * (line 0, "cannot open for reading: <reason>"), anything but a regular file
 * (line 0: a directory, FIFO, device or socket, found from the descriptor opened
 * without blocking, so a FIFO without a writer does not hang), a file larger than
 * the limit (line 0, before reading it), a read error (the line it was read to),
 * then as read_text.
 */
std::string read_text_file(const std::string& path);

/*! 'TOKEN' in quotes, or its first characters and its length when it is long. */
std::string quote_token(const std::string& token);

/*! `s` in lower case (ASCII), for matching names given in any case. */
inline std::string lower_case(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) {
        return static_cast<char>(std::tolower(c));
    });
    return s;
}

} // namespace detail
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_TEXT_INPUT_H */
