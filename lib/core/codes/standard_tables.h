/* -*- c++ -*- */
/*
 * Internal: the standards' own LDPC tables, in compact arrays, for standard_codes.cc.
 *  - standard_tables_wifi.cc:  IEEE 802.11n-2009 Annex R base matrices (12 codes),
 *  - standard_tables_wimax.cc: IEEE 802.16e-2005 8.4.9.2.5 model matrices (Z0 = 96),
 *  - standard_tables_nr5g.cc:  3GPP TS 38.212 Tables 5.3.2-2/-3 (base graphs 1 and 2),
 *  - standard_tables_dvbs2.cc: ETSI EN 302 307-1 Annexes B and C (address tables).
 * Nothing here is public API: the families are built by include/gpufec/standard_codes.h.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_STANDARD_TABLES_H
#define INCLUDED_GPUFEC_STANDARD_TABLES_H

#include <cstddef>
#include <cstdint>

namespace gpufec {
namespace standard_tables {

/*! Number of elements of an array, as int (for the table definitions). */
template <typename T, size_t N>
constexpr int count_of(const T (&)[N])
{
    return static_cast<int>(N);
}

/*! A block_rows x block_cols base matrix of circulant shifts, row-major, -1 = zero. */
struct base_matrix {
    int block_rows;
    int block_cols;
    const int8_t* shifts;
};

/*! IEEE 802.11n: one code; the shifts are for Z = n / 24. */
struct wifi_table {
    int n;
    const char* rate;
    base_matrix base;
};
extern const wifi_table wifi_tables[];
extern const int wifi_table_count;

/*!
 * IEEE 802.16e: the model matrix of one rate for Z0 = 96. A shift p > 0 becomes
 * p mod Z when modulo_scaling (rate 2/3A), else floor(p * Z / 96).
 */
struct wimax_table {
    const char* rate;
    bool modulo_scaling;
    base_matrix base;
};
extern const wimax_table wimax_tables[];
extern const int wimax_table_count;

/*! 5G NR: one nonzero entry of a base graph, with V for set indices iLS = 0..7. */
struct nr5g_entry {
    uint8_t row;
    uint8_t col;
    uint16_t v[8];
};
struct nr5g_base_graph {
    int rows;
    int cols;
    int kb; //!< information block columns
    int entry_count;
    const nr5g_entry* entries; //!< row-major order
};
extern const nr5g_base_graph nr5g_bg1;
extern const nr5g_base_graph nr5g_bg2;

/*!
 * DVB-S2: the address table of one frame size and rate. `rows` holds k / 360 rows,
 * each as its count followed by that many parity addresses.
 */
struct dvbs2_table {
    const char* frame; //!< "normal" or "short"
    const char* rate;
    int n;
    int k;
    const uint16_t* rows;
    int size; //!< entries of `rows`
};
extern const dvbs2_table dvbs2_tables[];
extern const int dvbs2_table_count;

} // namespace standard_tables
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_STANDARD_TABLES_H */
