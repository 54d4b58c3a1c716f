/* -*- c++ -*- */
/*
 * Host-side tables of the CUDA decoders (decoder_tables.h): layers as slot tables
 * (the frame-interleaved, coalesced layout of Wang et al., "GPU Accelerated Scalable
 * Parallel Decoding of LDPC Codes" section IV-B), the flooding variable-node lists in the
 * CPU reference's summation order, and the register kernel's per-slot column table.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "binary/decoder_tables.h"
#include <algorithm>
#include <gpufec/error.h>
#include <string>

namespace gpufec {
namespace cuda_detail {

host_tables build_tables(const ldpc_code& code)
{
    const parity_check_matrix& h = code.h();
    host_tables t;
    t.n = code.n();
    t.n_full = code.n_full();
    t.m = code.m();
    t.max_row_degree = h.max_row_degree();
    t.transmitted = code.transmitted_columns();
    t.punctured = code.punctured_columns();

    const auto& layers = h.layers();
    std::vector<int> row_layer(h.rows(), -1), row_pos(h.rows(), -1);
    t.uniform = true;
    int off = 0;
    for (size_t l = 0; l < layers.size(); ++l) {
        const auto& rows = layers[l];
        if (rows.empty()) {
            throw invalid_argument("cuda decoder: code " + code.name() +
                                   " has an empty layer " + std::to_string(l));
        }
        int deg = 0;
        for (size_t r = 0; r < rows.size(); ++r) {
            const int row = rows[r];
            if (row < 0 || row >= h.rows() || row_layer[row] >= 0) {
                throw invalid_argument("cuda decoder: the layers of code " + code.name() +
                                       " list row " + std::to_string(row) +
                                       " twice or out of range");
            }
            row_layer[row] = static_cast<int>(l);
            row_pos[row] = static_cast<int>(r);
            deg = std::max(deg, h.row_degree(row));
            if (h.row_degree(row) != h.row_degree(rows[0])) {
                t.uniform = false;
            }
        }
        const int R = static_cast<int>(rows.size());
        t.layer_rows.push_back(R);
        t.layer_deg.push_back(deg);
        t.layer_off.push_back(off);
        t.max_layer_rows = std::max(t.max_layer_rows, R);
        off += R * deg;
    }
    for (int r = 0; r < h.rows(); ++r) {
        if (row_layer[r] < 0) {
            throw invalid_argument("cuda decoder: the layers of code " + code.name() +
                                   " miss row " + std::to_string(r));
        }
    }
    for (int R : t.layer_rows) {
        if (R != t.max_layer_rows) {
            t.uniform = false;
        }
    }
    t.slot_edges = off;
    t.slot_cols.assign(off, -1);
    for (size_t l = 0; l < layers.size(); ++l) {
        const int R = t.layer_rows[l];
        for (int r = 0; r < R; ++r) {
            const index_span cols = h.row(layers[l][r]);
            for (int j = 0; j < cols.size(); ++j) {
                t.slot_cols[t.layer_off[l] + j * R + r] = cols[j];
            }
        }
    }
    // flooding: the slots of each column in ascending row order (h.col() order)
    t.vn_ptr.assign(t.n_full + 1, 0);
    t.vn_slot.reserve(h.edges());
    for (int c = 0; c < t.n_full; ++c) {
        for (int row : h.col(c)) {
            const index_span cols = h.row(row);
            const int j = static_cast<int>(std::lower_bound(cols.begin(), cols.end(), c) -
                                           cols.begin());
            const int l = row_layer[row];
            t.vn_slot.push_back(t.layer_off[l] + j * t.layer_rows[l] + row_pos[row]);
        }
        t.vn_ptr[c + 1] = static_cast<int>(t.vn_slot.size());
    }
    return t;
}

bool build_register_shape(const host_tables& t,
                          int max_layers,
                          int max_degree,
                          register_shape* shape)
{
    const int L = static_cast<int>(t.layer_rows.size());
    const int Z = t.max_layer_rows;
    if (!t.uniform || L > max_layers || L > max_register_layers ||
        max_layers * max_degree > max_register_edges) {
        return false;
    }
    register_shape f;
    f.layers = L;
    f.slots = Z;
    for (int l = 0; l < L; ++l) {
        f.deg[l] = t.layer_deg[l];
    }
    for (int l = 0; l < max_layers; ++l) {
        for (int j = 0; j < max_degree; ++j) {
            const int e = l * max_degree + j;
            f.offset[e] = 4 * t.n_full; // padding: the slot's word n_full + s
            f.threshold[e] = Z + 1;     // never wraps
            if (l >= L || j >= t.layer_deg[l]) {
                continue;
            }
            const int* cols = t.slot_cols.data() + t.layer_off[l] + j * Z;
            const int c0 = cols[0];
            if (c0 < 0) {
                return false;
            }
            const int block = c0 / Z;
            const int shift = c0 % Z;
            for (int s = 0; s < Z; ++s) {
                if (cols[s] != block * Z + (s + shift) % Z) {
                    return false; // not a circulant
                }
            }
            f.offset[e] = 4 * (block * Z + shift);
            f.threshold[e] = Z - shift;
        }
    }
    *shape = f;
    return true;
}

} // namespace cuda_detail
} // namespace gpufec
