/* -*- c++ -*- */
/*
 * Internal header of the CUDA backend: the host-side tables a GPU decoder is built
 * from (see kernel_params.h for their device layout): the layers of
 * parity_check_matrix::layers() as slot tables, the column lists of the flooding
 * variable-node phase, transmitted / punctured columns, and the QC description
 * the register kernel computes its addresses from.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_DECODER_TABLES_H
#define INCLUDED_GPUFEC_CUDA_DECODER_TABLES_H

#include "binary/kernel_params.h"
#include <cstdint>
#include <gpufec/ldpc_code.h>
#include <vector>

namespace gpufec {
namespace cuda_detail {

struct host_tables {
    int n = 0;
    int n_full = 0;
    int m = 0;
    int max_layer_rows = 0;
    int max_row_degree = 0;
    int slot_edges = 0;
    /*! Every layer has max_layer_rows rows and, inside a layer, one row degree. */
    bool uniform = false;
    std::vector<int> layer_rows, layer_deg, layer_off, slot_cols;
    std::vector<int> vn_ptr, vn_slot;
    std::vector<int> transmitted, punctured;
};

/*! Builds the tables of a code; throws gpufec::invalid_argument on bad layers. */
host_tables build_tables(const ldpc_code& code);

/*!
 * The register kernel's description of a QC code (kernel_params.h, register_shape) for
 * a max_layers x max_degree tile. False when the code does not have that form:
 * layers of equal size Z whose edge j sits, for row slot s, at column
 * block_column * Z + (s + shift) mod Z (every QC code's block rows), or when it
 * does not fit the tile.
 */
bool build_register_shape(const host_tables& t,
                          int max_layers,
                          int max_degree,
                          register_shape* shape);

} // namespace cuda_detail
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_CUDA_DECODER_TABLES_H */
