/* -*- c++ -*- */
/*
 * Channel side of the nonbinary codes: a GF(2^p) symbol travels as its
 * binary image, p BPSK bits, bit j of symbol s = (s >> j) & 1 at bit index
 * s*p + j of the frame (nb_code.h), through the binary AWGN channel of
 * channel.h (the same Philox streams: info bits from stream 0, noise from
 * stream 1; Eb/N0 counts information bits, rate K/N).
 *
 * Bit LLRs (L = ln(P(b=0)/P(b=1)), docs/GNURADIO.md "Sign conventions") become
 * symbol LLR vectors normalized so that L(a) = ln(P(x=s)/P(x=a)) >= 0, s the most likely
 * symbol, so min over a is 0. With independent bits,
 *   L(a) = sum_j a_j * l_j - sum_j min(0, l_j),   a_j = (a >> j) & 1.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_NB_CHANNEL_H
#define INCLUDED_GPUFEC_NB_CHANNEL_H

#include <cstddef>
#include <gpufec/api.h>

namespace gpufec {

/*!
 * Converts `symbols` symbols' bit LLRs (symbols * p floats, order above) to symbol
 * LLR vectors (symbols * 2^p floats, vector of symbol s at s * 2^p, entry a at
 * + a), normalized to min 0. p in [1, 8]; NaN bit LLRs count as 0. Throws
 * gpufec::invalid_argument for a bad p or a null pointer.
 */
GPUFEC_API void nb_bit_llrs_to_symbol_llrs(const float* bit_llrs,
                                           size_t symbols,
                                           int p,
                                           float* symbol_llrs);

/*!
 * Normalizes symbol LLR vectors in place: subtracts each vector's minimum (q
 * entries each), so the most likely symbol gets 0.
 */
GPUFEC_API void nb_normalize_symbol_llrs(float* symbol_llrs, size_t symbols, int q);

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_NB_CHANNEL_H */
