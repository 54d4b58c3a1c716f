/* -*- c++ -*- */
/*
 * Internal header of the CUDA backend: the host-side tables a GPU decoder is built
 * from (see kernel_params.h for their device layout): the layers of
 * parity_check_matrix::layers() as slot tables, the column lists of the flooding
 * variable-node phase, transmitted / punctured columns, and the per-slot column
 * table of the register kernel.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_DECODER_TABLES_H
#define INCLUDED_GPUFEC_CUDA_DECODER_TABLES_H

#include <gpufec/ldpc_code.h>
#include <cstdint>
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
 * The register kernel's table: for slot s, entry s * stride + l * max_degree + j
 * is the byte offset (4 * column) of edge j of row s of layer l in a unit's
 * posterior; missing edges point at the slot's padding column n_full + s. stride (in entries) is chosen so a
 * slot's row starts on an odd 32-bit word (no shared-memory bank conflicts).
 */
std::vector<uint16_t>
build_fast_table(const host_tables& t, int max_layers, int max_degree, int* stride);

} // namespace cuda_detail
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_CUDA_DECODER_TABLES_H */
