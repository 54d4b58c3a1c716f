/* -*- c++ -*- */
/*
 * libFuzzer harness: the alist reader (parse_alist) and the generator-matrix
 * reader in alist layout (parse_generator_alist) on arbitrary bytes. A refusal
 * must be a gpufec::file_format_error; anything else (crash, sanitizer report,
 * other exception, leak, timeout, large allocation) is a finding.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz_common.h"
#include <gpufec/matrix_files.h>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string text = fuzz::as_text(data, size);
    fuzz::expect_refusal_or_value([&] {
        std::istringstream in(text);
        const gpufec::parity_check_matrix h = gpufec::parse_alist(in, "fuzz.alist");
        fuzz::check_matrix(h);
    });
    fuzz::expect_refusal_or_value([&] {
        std::istringstream in(text);
        const gpufec::parity_check_matrix h =
            gpufec::parse_generator_alist(in, "fuzz_gen_matrix.alist");
        fuzz::check_matrix(h);
    });
    return 0;
}
