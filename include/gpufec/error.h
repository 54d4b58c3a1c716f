/* -*- c++ -*- */
/*
 * Error types of the gpufec core: every refused input raises one of these with a
 * message that says what was wrong and where (file and line, array index, argument).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_ERROR_H
#define INCLUDED_GPUFEC_ERROR_H

#include <gpufec/api.h>
#include <stdexcept>
#include <string>

namespace gpufec {

/*! An argument of a public entry point is out of range or malformed. */
class GPUFEC_API invalid_argument : public std::invalid_argument
{
public:
    explicit invalid_argument(const std::string& what) : std::invalid_argument(what) {}
};

/*!
 * A matrix file could not be read or parsed. The message names the file and the
 * line ("PATH:LINE: what"); line 0 stands for the file as a whole (it cannot be
 * opened, is not a regular file, is too large): "PATH: what".
 */
class GPUFEC_API file_format_error : public std::runtime_error
{
public:
    file_format_error(const std::string& path, long line, const std::string& what)
        : std::runtime_error(path + (line > 0 ? ":" + std::to_string(line) : "") + ": " +
                             what),
          d_path(path), d_line(line)
    {
    }
    const std::string& path() const { return d_path; }
    long line() const { return d_line; }

private:
    std::string d_path;
    long d_line;
};

/*! A backend cannot be used here (no device, not built, not yet available). */
class GPUFEC_API backend_unavailable : public std::runtime_error
{
public:
    explicit backend_unavailable(const std::string& what) : std::runtime_error(what) {}
};

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_ERROR_H */
