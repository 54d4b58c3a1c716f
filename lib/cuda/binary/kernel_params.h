/* -*- c++ -*- */
/*
 * Internal header of the CUDA backend: what a decoding kernel is given. The code
 * arrives as "slot tables" (layer l has R_l rows and D_l edge slots per row; slot
 * (l, j, r) is entry layer_off[l] + j * R_l + r, holding the column of the j-th
 * edge of the layer's r-th row or -1), so a warp's threads, which take
 * consecutive rows, read consecutive table entries and message slots (the
 * coalesced, frame-interleaved layouts of Wang et al., "GPU Accelerated Scalable Parallel
 * Decoding of LDPC Codes", section IV-B). A "unit" is what one lane value holds: one
 * frame in float32, two frames in half2.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_KERNEL_PARAMS_H
#define INCLUDED_GPUFEC_CUDA_KERNEL_PARAMS_H

#include "decoders/check_node_traits.h"
#include <cstddef>
#include <cstdint>

namespace gpufec {
namespace cuda_detail {

/*!
 * Check-node magnitude correction (SCMS uses plain min-sum magnitudes): the values
 * of magnitude_correction (check_node_traits.h), as the kernels' int parameter.
 */
enum correction_kind : int {
    corr_none = static_cast<int>(magnitude_correction::none),
    corr_normalized = static_cast<int>(magnitude_correction::normalized),
    corr_offset = static_cast<int>(magnitude_correction::offset)
};
static_assert(corr_none == 0 && corr_normalized == 1 && corr_offset == 2,
              "lane_math.cuh tests these values");
static_assert(
    static_cast<int>(correction_of(check_node_rule::normalized_min_sum)) ==
            corr_normalized &&
        static_cast<int>(correction_of(check_node_rule::offset_min_sum)) == corr_offset &&
        static_cast<int>(correction_of(check_node_rule::min_sum)) == corr_none &&
        static_cast<int>(correction_of(check_node_rule::self_corrected_min_sum)) ==
            corr_none,
    "the kernels' correction of each rule is the traits' one");

/*! Largest layer count of the register kernel's shapes (its constant table). */
constexpr int max_register_layers = 32;

/*! The code, in device memory. */
struct code_view {
    int n = 0;      //!< transmitted bits
    int n_full = 0; //!< columns of H
    int k = 0;
    int m = 0;
    int num_layers = 0;
    int max_layer_rows = 0;          //!< S: the largest R_l
    int slot_edges = 0;              //!< sum of R_l * D_l
    const int* layer_rows = nullptr; //!< R_l
    const int* layer_deg = nullptr;  //!< D_l
    const int* layer_off = nullptr;  //!< first slot of layer l
    const int* slot_cols = nullptr;  //!< column of each slot, -1 = none
    const int* vn_ptr =
        nullptr; //!< flooding: column c's slots are vn_slot[vn_ptr[c]..vn_ptr[c+1])
    const int* vn_slot = nullptr;
    const int* transmitted = nullptr; //!< n columns, transmission order
    const int* punctured = nullptr;   //!< n_full - n columns
    const int* info_pos = nullptr;    //!< k columns (null when no info bits are written)
    int transmitted_offset = -1; //!< >= 0: transmitted[i] == i + offset (no table lookup)
    int info_offset = -1;        //!< >= 0: info_pos[i] == i + offset
    /*!
     * Posterior entries per unit: n_full, plus (register kernel) one padding slot per
     * row slot after the columns.
     */
    int post_stride = 0;
};

/*! One launch: inputs, outputs and the decoder's settings. */
struct run_params {
    const float* llr_f = nullptr;   //!< frames * n floats, or
    const int8_t* llr_i8 = nullptr; //!< frames * n int8 (LLR = v * step)
    float step = 1.0f;
    long long frames = 0;
    long long units = 0; //!< ceil(frames / lanes)
    int units_per_block = 1;
    long long tasks = 0; //!< ceil(units / units_per_block)

    uint8_t* info_bits = nullptr; //!< frames * k, may be null
    uint8_t* codewords = nullptr; //!< frames * n, may be null
    int* iterations = nullptr;    //!< may be null
    uint8_t* parity_ok = nullptr; //!< may be null

    int max_iterations = 10;
    int early_termination = 1;
    int layered = 1;
    int correction = corr_none;
    float alpha = 0.75f;
    float beta = 0.5f;
    /* the correction as max(m * a + nb, 0), precomputed on the host (lane_math.cuh) */
    float corr_a = 1.0f;
    float corr_nb = -0.0f;
    uint32_t corr_a_h2 = 0x3c003c00u;  //!< corr_a as half2 bits
    uint32_t corr_nb_h2 = 0x80008000u; //!< corr_nb as half2 bits

    /* general kernel scratch, one region per resident block (gridDim.x of them) */
    void* c2v = nullptr;  //!< [block][unit][slot] messages
    void* prev = nullptr; //!< SCMS: [block][unit][slot] previous V2C
    void* post = nullptr; //!< posterior in global memory when it does not fit on chip
    void* chan = nullptr; //!< flooding: channel LLRs [block][unit][column]
    /*!
     * Register kernel, global-table instances: the edge-address table (the layout
     * of the shared-memory one), built by the host, read-only
     */
    const uint32_t* table = nullptr;
};

/*! Edges of one register-kernel tile: MAXL * MAXD at most. */
constexpr int max_register_edges = 96;

/*!
 * The QC structure for the register kernel, indexed with compile-time constants so
 * every entry is a constant-bank operand (no memory load on the address path).
 * Edge (l, j) of row slot s sits at byte offset
 *   4 * s + offset[l*MAXD+j] - (s >= threshold[l*MAXD+j] ? 4 * Z : 0)
 * of the unit's posterior: offset = 4 * (block column * Z + shift), threshold =
 * Z - shift (the circulant wraps there). Padding edges: offset = 4 * n_full (the
 * slot's private padding word n_full + s), threshold = Z + 1 (never wraps).
 */
struct register_shape {
    int layers = 0;
    int slots = 0;                     //!< Z: rows per layer
    int deg[max_register_layers] = {}; //!< row degree of each layer (edges past it are
                                       //!< padding)
    int offset[max_register_edges] = {};
    int threshold[max_register_edges] = {};
};

} // namespace cuda_detail
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_CUDA_KERNEL_PARAMS_H */
