/* -*- c++ -*- */
/*
 * libFuzzer harness: the .qc base-matrix reader (parse_qc) and the expansion of
 * what it accepts (parity_check_matrix::from_qc), on arbitrary bytes. A refusal
 * must be a gpufec::file_format_error or gpufec::invalid_argument. The harness
 * expands at most 2^17 ones: the library's limit (2^20, limits::max_edges) takes
 * about 1.2 s under ASan and UBSan, over the fuzzers' 1 s timeout (and 2^18 did
 * on a loaded machine); the expansion at the limit is tested in qa_bad_input
 * (test_at_the_limits).
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
        const gpufec::qc_file f = gpufec::parse_qc(in, "fuzz.qc");
        size_t ones = 0;
        for (int s : f.qc.shifts) {
            ones += s >= 0 ? static_cast<size_t>(f.qc.z) : 0;
        }
        if (ones > (size_t(1) << 17)) {
            return;
        }
        const gpufec::parity_check_matrix h = gpufec::parity_check_matrix::from_qc(f.qc);
        fuzz::check_matrix(h);
    });
    return 0;
}
