/* -*- c++ -*- */
/*
 * Standard LDPC code families generated from the standards' own tables:
 *  - IEEE 802.11n-2009 Annex R (Tables R.1-R.3): N = 648, 1296, 1944; rates
 *    "1/2", "2/3", "3/4", "5/6".
 *  - IEEE 802.16e-2005 8.4.9.2.5: N = 576..2304 step 96; rates "1/2", "2/3A",
 *    "2/3B", "3/4A", "3/4B", "5/6"; shifts scaled floor(p*Z/96), except rate
 *    2/3A which uses p mod Z.
 *  - 3GPP TS 38.212 5.3.2: base graphs 1 and 2 (Tables 5.3.2-2/-3), every lifting
 *    size of Table 5.3.2-1, the first 2Z columns punctured.
 *  - ETSI EN 302 307 5.3.2 and Annexes B/C: DVB-S2 normal (64800) and short
 *    (16200) frames, every rate.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_STANDARD_CODES_H
#define INCLUDED_GPUFEC_STANDARD_CODES_H

#include <gpufec/api.h>
#include <gpufec/parity_check_matrix.h>
#include <string>
#include <vector>

namespace gpufec {

/*! A standard code: H, the transmitted columns and how to encode it. */
struct GPUFEC_API standard_code {
    parity_check_matrix h;
    std::vector<int> punctured_columns; //!< columns of H never transmitted, ascending
    enum class encoder_kind {
        dual_diagonal,
        accumulator
    } encoder = encoder_kind::dual_diagonal;
    int kb = 0;        //!< dual_diagonal: information block columns
    int core_rows = 0; //!< dual_diagonal: block rows of the dual-diagonal core
};

/*! IEEE 802.11n: n in {648,1296,1944}, rate in {"1/2","2/3","3/4","5/6"}. */
GPUFEC_API standard_code wifi_code(int n, const std::string& rate);
/*! IEEE 802.16e: n in 576..2304 step 96, rate in
 * {"1/2","2/3A","2/3B","3/4A","3/4B","5/6"}. */
GPUFEC_API standard_code wimax_code(int n, const std::string& rate);
/*! 5G NR: base_graph 1 or 2, z a lifting size of 38.212 Table 5.3.2-1. */
GPUFEC_API standard_code nr5g_code(int base_graph, int z);
/*! The lifting sizes of 38.212 Table 5.3.2-1, ascending. */
GPUFEC_API std::vector<int> nr5g_lifting_sizes();
/*!
 * DVB-S2: frame "normal" (64800) or "short" (16200); rate one of the frame's
 * rates ("1/4","1/3","2/5","1/2","3/5","2/3","3/4","4/5","5/6","8/9", and
 * "9/10" for normal frames).
 */
GPUFEC_API standard_code dvbs2_code(const std::string& frame, const std::string& rate);

/*! Lengths accepted by each family, ascending, for messages and listings. */
GPUFEC_API std::vector<int> wifi_lengths();
GPUFEC_API std::vector<int> wimax_lengths();
/*! Rates accepted by each family, for messages and listings. */
GPUFEC_API std::vector<std::string> wifi_rates();
GPUFEC_API std::vector<std::string> wimax_rates();
GPUFEC_API std::vector<std::string> dvbs2_rates(const std::string& frame);

/*!
 * The standard families, as ldpc_code specs name them: wifi, wimax, dvbs2, nr5g
 * (the standard rows of the code family table, code_families.h).
 */
GPUFEC_API std::vector<std::string> standard_families();
/*!
 * The ldpc_code::make() spec of every code of a standard family, each once:
 *  - "wifi": wifi:N:RATE, N = 648, 1296, 1944, each with wifi_rates() (12 codes);
 *  - "wimax": wimax:N:RATE, N = 576..2304 step 96, each with wimax_rates() (114);
 *  - "dvbs2": dvbs2:normal:RATE then dvbs2:short:RATE, dvbs2_rates() (21);
 *  - "nr5g": nr5g:bg1:Z then nr5g:bg2:Z, Z = nr5g_lifting_sizes() (102).
 * Lengths and lifting sizes ascending, rates in the order of the rate lists.
 * Throws gpufec::invalid_argument for another family, listing the families.
 */
GPUFEC_API std::vector<std::string> standard_code_specs(const std::string& family);

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_STANDARD_CODES_H */
