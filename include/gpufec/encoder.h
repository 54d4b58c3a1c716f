/* -*- c++ -*- */
/*
 * Systematic LDPC encoders. One interface; three implementations:
 *  - dual-diagonal QC encoder (IEEE 802.11n, 802.16e, 5G NR 38.212 5.3.2),
 *  - IRA accumulator encoder (DVB-S2, EN 302 307 5.3.2),
 *  - generic encoder for any H: peeling (sparse triangulation) then Gaussian
 *    elimination over GF(2) of the remaining dense core, once at construction;
 *    a rank-deficient H gives K = N - rank(H). The information columns are
 *    its choice, or given (info_placement.h).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_ENCODER_H
#define INCLUDED_GPUFEC_ENCODER_H

#include <cstdint>
#include <gpufec/api.h>
#include <gpufec/parity_check_matrix.h>
#include <memory>
#include <string>
#include <vector>

namespace gpufec {

/*!
 * Encodes K information bits into a full codeword of H.cols() bits (punctured
 * positions included: ldpc_code drops them for transmission). Bits are one per
 * byte, 0 or 1.
 */
class GPUFEC_API encoder
{
public:
    virtual ~encoder() = default;

    /*! Number of information bits. */
    int k() const { return static_cast<int>(d_info_positions.size()); }
    /*! Length of the full codeword (columns of H). */
    int n() const { return d_n; }
    /*!
     * Column of H that carries information bit i, for i in [0, k()).
     * Encoding writes info bit i to codeword[info_positions()[i]].
     */
    const std::vector<int>& info_positions() const { return d_info_positions; }

    /*! Encodes one frame: info has k() bytes, codeword receives n() bytes. */
    virtual void encode(const uint8_t* info, uint8_t* codeword) const = 0;

    /*! Short name of the method ("dual-diagonal", "accumulator", "generic"). */
    virtual std::string method() const = 0;

protected:
    int d_n = 0;
    std::vector<int> d_info_positions;
};

/*!
 * Encoder for QC codes whose parity part has the dual-diagonal core of 802.11n /
 * 802.16e / 5G NR: block columns [kb, kb + core_rows) are the core parity columns
 * and block rows [0, core_rows) the core rows; any further block rows each add one
 * extension parity block column with an identity block (5G NR). The information
 * bits are the first kb*Z columns. Throws gpufec::invalid_argument when H does not
 * have this structure.
 */
GPUFEC_API std::unique_ptr<encoder>
make_dual_diagonal_encoder(const parity_check_matrix& h, int kb, int core_rows);

/*!
 * DVB-S2 IRA encoder: H = [A | staircase] with the staircase (accumulator) over
 * the last M columns; parity p_i = p_{i-1} xor (A u)_i. Info bits first.
 */
GPUFEC_API std::unique_ptr<encoder>
make_accumulator_encoder(const parity_check_matrix& h);

/*! Generic encoder for any H (see file comment). */
GPUFEC_API std::unique_ptr<encoder> make_generic_encoder(const parity_check_matrix& h);

/*!
 * Generic encoder whose information bit i goes to column info_positions[i] (a
 * prescribed placement, e.g. gr-fec's). Throws gpufec::invalid_argument when a
 * column is out of range or repeated, or when the columns are not an
 * information set of H (the other columns must determine the codeword: K must
 * be N - rank(H) and H restricted to the other columns must have rank(H)).
 */
GPUFEC_API std::unique_ptr<encoder>
make_generic_encoder(const parity_check_matrix& h,
                     const std::vector<int>& info_positions);

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_ENCODER_H */
