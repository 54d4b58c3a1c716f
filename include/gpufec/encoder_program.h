/* -*- c++ -*- */
/*
 * An encoder written as a straight-line program over GF(2), the form in which a
 * GPU (or any SIMD machine) encodes many frames at once: step s sets codeword
 * column target[s] to the XOR of the columns sources[src_ptr[s] .. src_ptr[s+1]),
 * each of them an information column (encoder::info_positions()) or the target
 * of an earlier step. Every column of the full codeword that is not an
 * information column is the target of exactly one step.
 *
 * Built from H and the code's encoder:
 *  - dual-diagonal QC codes (802.11n, 802.16e, 5G NR): the first core parity
 *    block from the sum of the core rows (Richardson and Urbanke, "Efficient
 *    encoding of low-density parity-check codes", IEEE Trans. IT 47(2), 2001),
 *    then one row per parity bit, as encoder_dual_diagonal.cc does by blocks;
 *  - any other code: rows with one unknown column, peeled in turn (the DVB-S2
 *    accumulator is a chain of such rows); where peeling stops, the unknown
 *    column that unblocks the most rows is written as the XOR of the
 *    information bits it depends on (its column of the encoder's linear map,
 *    found by encoding unit vectors), and peeling resumes.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_ENCODER_PROGRAM_H
#define INCLUDED_GPUFEC_ENCODER_PROGRAM_H

#include <cstdint>
#include <gpufec/api.h>
#include <gpufec/encoder.h>
#include <gpufec/parity_check_matrix.h>
#include <vector>

namespace gpufec {

struct GPUFEC_API xor_program {
    std::vector<int> target;       //!< column set by each step
    std::vector<int> src_ptr{ 0 }; //!< step s reads sources[src_ptr[s] .. src_ptr[s+1])
    std::vector<int> sources;      //!< columns, known before the step runs

    size_t steps() const { return target.size(); }
};

/*! The program of `enc`, the encoder of H (see file comment). */
GPUFEC_API xor_program make_xor_program(const encoder& enc, const parity_check_matrix& h);

/*!
 * Runs a program on one frame: codeword (H.cols() bytes) must hold the
 * information bits at their columns; the program fills the rest.
 */
GPUFEC_API void run_xor_program(const xor_program& p, uint8_t* codeword);

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_ENCODER_PROGRAM_H */
