/* -*- c++ -*- */
/*
 * Shared helpers of the libFuzzer harnesses (fuzz/): bytes as text, the rule
 * that a refusal is one of gpufec's documented exceptions (anything else aborts,
 * which libFuzzer reports as a crash), and consistency checks of what a parser
 * returns.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_FUZZ_COMMON_H
#define INCLUDED_GPUFEC_FUZZ_COMMON_H

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <gpufec/error.h>
#include <gpufec/parity_check_matrix.h>
#include <sstream>
#include <string>

namespace fuzz {

inline std::string as_text(const uint8_t* data, size_t size)
{
    return std::string(reinterpret_cast<const char*>(data), size);
}

[[noreturn]] inline void finding(const char* what)
{
    std::fprintf(stderr, "fuzz finding: %s\n", what);
    std::abort();
}

/*! Runs body; gpufec's refusals are fine, any other exception is a finding. */
template <typename Body>
void expect_refusal_or_value(Body body)
{
    try {
        body();
    } catch (const gpufec::file_format_error& e) {
        // messages stay short: a bad token is quoted in part
        if (std::string(e.what()).size() > 4096) {
            finding("file_format_error message longer than 4096 characters");
        }
    } catch (const gpufec::invalid_argument& e) {
        if (std::string(e.what()).size() > 4096) {
            finding("invalid_argument message longer than 4096 characters");
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fuzz finding: unexpected exception: %s\n", e.what());
        std::abort();
    }
}

/*! The CSR and CSC views of h agree with its size. */
inline void check_matrix(const gpufec::parity_check_matrix& h)
{
    if (h.rows() < 1 || h.cols() < 1 ||
        h.row_ptr().size() != static_cast<size_t>(h.rows()) + 1 ||
        h.col_ptr().size() != static_cast<size_t>(h.cols()) + 1 ||
        h.row_ptr().back() != static_cast<int>(h.edges()) ||
        h.col_ptr().back() != static_cast<int>(h.edges())) {
        finding("inconsistent parity_check_matrix");
    }
    for (int c : h.row_cols()) {
        if (c < 0 || c >= h.cols()) {
            finding("column index out of range");
        }
    }
    size_t layered = 0;
    for (const auto& layer : h.layers()) {
        layered += layer.size();
    }
    if (layered != static_cast<size_t>(h.rows())) {
        finding("the layers do not hold every row once");
    }
}

} // namespace fuzz

#endif /* INCLUDED_GPUFEC_FUZZ_COMMON_H */
