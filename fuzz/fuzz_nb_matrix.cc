/* -*- c++ -*- */
/*
 * libFuzzer harness: the GF(q) matrix readers (parse_nb_matrix) on arbitrary
 * bytes, in the layout FUZZ_NB_FORMAT names (built once per layout: automatic
 * detection, mackay, rptu, labsticc). A refusal must be a
 * gpufec::file_format_error or gpufec::invalid_argument.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz_common.h"
#include <gpufec/nb_matrix_files.h>

#ifndef FUZZ_NB_FORMAT
#define FUZZ_NB_FORMAT automatic
#endif

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string text = fuzz::as_text(data, size);
    fuzz::expect_refusal_or_value([&] {
        std::istringstream in(text);
        const gpufec::nb_matrix_file f = gpufec::parse_nb_matrix(
            in, "fuzz.txt", gpufec::nb_matrix_format::FUZZ_NB_FORMAT);
        const gpufec::nb_matrix& h = f.h;
        if (h.rows() < 1 || h.cols() < 1 || h.q() < 2 || h.q() > 256 ||
            h.row_ptr().back() != static_cast<int>(h.edges())) {
            fuzz::finding("inconsistent nb_matrix");
        }
        for (size_t e = 0; e < h.edges(); e++) {
            if (h.row_vals()[e] < 1 || h.row_vals()[e] >= h.q() || h.row_cols()[e] < 0 ||
                h.row_cols()[e] >= h.cols()) {
                fuzz::finding("nb_matrix entry out of range");
            }
        }
    });
    return 0;
}
