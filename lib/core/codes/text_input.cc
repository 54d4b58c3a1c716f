/* -*- c++ -*- */
/*
 * Reading the text of a matrix file within the limits of include/gpufec/limits.h
 * (text_input.h): anything but a regular file (directories, FIFOs, devices: found
 * without a blocking open), oversized files, read errors and binary data are
 * refused before parsing; long bad tokens are quoted in part.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "codes/text_input.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <gpufec/error.h>
#include <gpufec/limits.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* Appends a chunk read from `name`, refusing a NUL byte and text over the limit. */
void append_checked(std::string& text,
                    const char* buf,
                    size_t got,
                    const std::string& name)
{
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
        append_checked(text, buf, got, name);
    }
    return text;
}

namespace {

/* What a file that is not a regular file is, for the refusal. */
const char* kind_of(mode_t mode)
{
    if (S_ISDIR(mode)) {
        return "a directory";
    }
    if (S_ISFIFO(mode)) {
        return "a FIFO (named pipe)";
    }
    if (S_ISCHR(mode)) {
        return "a character device";
    }
    if (S_ISBLK(mode)) {
        return "a block device";
    }
    if (S_ISSOCK(mode)) {
        return "a socket";
    }
    return "not a regular file";
}

/* Closes a descriptor when it goes out of scope. */
struct fd_closer {
    int fd;
    ~fd_closer() { ::close(fd); }
};

} // namespace

std::string read_text_file(const std::string& path)
{
    // opened without blocking (a FIFO's open waits for a writer), then refused
    // unless it is a regular file, from the descriptor's own status
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        throw file_format_error(
            path, 0, std::string("cannot open for reading: ") + std::strerror(errno));
    }
    const fd_closer closer{ fd };
    struct stat st;
    if (::fstat(fd, &st) != 0) {
        throw file_format_error(
            path, 0, std::string("cannot open for reading: ") + std::strerror(errno));
    }
    if (S_ISDIR(st.st_mode)) {
        throw file_format_error(path, 0, "is a directory, not a matrix file");
    }
    if (!S_ISREG(st.st_mode)) {
        throw file_format_error(path,
                                0,
                                std::string("is ") + kind_of(st.st_mode) +
                                    ", not a regular file: refused as a matrix file");
    }
    if (static_cast<unsigned long long>(st.st_size) > limits::max_matrix_file_bytes) {
        throw file_format_error(path,
                                0,
                                "the file is " + std::to_string(st.st_size) +
                                    " bytes, more than the limit of " + limit_text() +
                                    " for a matrix file");
    }
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0) {
        (void)::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    }
    std::string text;
    char buf[1 << 16];
    for (;;) {
        const ssize_t got = ::read(fd, buf, sizeof(buf));
        if (got < 0) {
            if (errno == EINTR) {
                continue;
            }
            throw file_format_error(path,
                                    line_of(text, text.size()),
                                    std::string("read error after ") +
                                        std::to_string(text.size()) +
                                        " bytes: " + std::strerror(errno));
        }
        if (got == 0) {
            break;
        }
        append_checked(text, buf, static_cast<size_t>(got), path);
    }
    return text;
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
