/* -*- c++ -*- */
/*
 * Internal header of the CUDA backend: the decoding kernels as host-callable
 * handles, so the kernel families (kernel_family.h) can ask the runtime about each
 * one (cudaFuncGetAttributes, cudaOccupancyMaxActiveBlocksPerMultiprocessor) and
 * launch the one the tuner picked. Kernels: the register-resident min-sum kernel
 * (layered or flooding schedule) for uniform-layer (QC) codes
 * (layered_register_kernel.cu), the general message-passing kernel for every
 * code, rule and schedule (message_passing_kernel.cu), and the layered kernel for
 * large QC codes with compressed messages in global memory
 * (layered_qc_large_kernel.cu).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_KERNELS_H
#define INCLUDED_GPUFEC_CUDA_KERNELS_H

#include "binary/kernel_params.h"
#include <gpufec/parity_check_matrix.h>
#include <string>
#include <vector>

namespace gpufec {
namespace cuda_detail {

using register_kernel_fn = void (*)(code_view, run_params, register_shape);
using general_kernel_fn = void (*)(code_view, run_params);

/*! One instance of the register kernel. */
struct register_variant {
    register_kernel_fn fn = nullptr;
    int max_layers = 0;
    int max_degree = 0;
    int max_threads = 0; //!< its __launch_bounds__
    bool half2 = false;
    bool scms = false;
    /*!
     * The flooding schedule (two posteriors per unit: L_old, L_new, and the channel
     * LLRs in shared memory); else layered.
     */
    bool flooding = false;
    /*!
     * The edge-address table (table_words per thread) in global memory, built by
     * the host (run_params::table), instead of shared memory.
     */
    bool global_table = false;
    int table_words = 0; //!< 4-byte edge addresses per thread in shared memory (0: none)
    /*!
     * Nonzero: an exact-degree instance for codes of exactly max_layers layers whose
     * layer l has max_degree - 1 edges per row where bit l is set, max_degree otherwise.
     */
    uint32_t short_layers = 0;
    /*!
     * Non-null: a code-specific instance (compile-time block columns and zero shifts,
     * layered_register_kernel.cu), taken only for a code whose shape it accepts.
     */
    bool (*matches)(const register_shape&) = nullptr;
    std::string name;
};

/*! Every instance, smallest register tiles first within a precision. */
const std::vector<register_variant>& register_variants();

/*! Threads per block of the general kernel (128 registers per thread). */
constexpr int general_max_threads = 512;

/*! Rule family of the general kernel. */
enum class general_rule { min_sum, scms, spa };

/*! The general kernel's rule family of a check-node rule (check_node_traits.h). */
GPUFEC_HD constexpr general_rule general_rule_of(check_node_rule rule)
{
    return !is_min_sum_family(rule)  ? general_rule::spa
           : is_self_corrected(rule) ? general_rule::scms
                                     : general_rule::min_sum;
}
static_assert(
    general_rule_of(check_node_rule::spa) == general_rule::spa &&
        general_rule_of(check_node_rule::self_corrected_min_sum) == general_rule::scms &&
        general_rule_of(check_node_rule::min_sum) == general_rule::min_sum &&
        general_rule_of(check_node_rule::normalized_min_sum) == general_rule::min_sum &&
        general_rule_of(check_node_rule::offset_min_sum) == general_rule::min_sum,
    "the general kernel's rule flags are the traits' ones");

/*! Largest row degree the general kernel's SPA handles (its per-thread arrays). */
constexpr int spa_max_degree = 64;

/*!
 * The general kernel for (precision, rule, posterior on chip?). Returns null for
 * combinations that do not exist (half2 SPA).
 */
general_kernel_fn general_kernel(bool half2, general_rule rule, bool posterior_in_shared);

/*! Limits of the large-QC layered kernel (layered_qc_large_kernel.cu). */
constexpr int qc_large_max_layers = 192;
constexpr int qc_large_max_edges = 1024; //!< block-row edges (circulants) in all
constexpr int qc_large_max_degree = 32;  //!< a record's sign words hold 32 edges
//! qc_post::shared_plain (the nr5g codes' mode): rows of at most this many edges;
//! longer rows take the per-edge-wrap mode
constexpr int qc_plain_max_degree = 20;
constexpr int qc_large_max_threads = 768; //!< its __launch_bounds__
/*!
 * qc_post::parity_thread's __launch_bounds__ (one unit of Z <= 384 per block: no
 * spills)
 */
constexpr int qc_parity_max_threads = 384;
constexpr int qc_large_max_masks = 128; //!< layers of part of a block row's rows
constexpr int qc_large_mask_words = 12; //!< 32-bit words of a row mask (Z <= 384)

/*!
 * One circulant of a block row: row slot s reads byte offset off + 4 s, plus the
 * wrap (qc_large_shape::wrap of the edge) when s >= thr. A plain circulant of shift
 * t in block b: off = 4 (b Z + t), thr = Z - t, wrap = -4 Z. A masked circulant
 * (the rows s < thr have no edge there, e.g. the first parity edge of DVB-S2's row
 * 0): off = 4 n_full (the unit's padding words, +big, which never change a row's
 * min1 / min2 / sign), wrap = 4 (b Z + t - Z) - off.
 */
struct alignas(8) qc_edge {
    int off;
    int thr;
};

/*!
 * The QC structure for the large-QC kernel, passed as a __grid_constant__ kernel
 * parameter (about 22 KB). Layer l's edges are edge[first[l] .. first[l] + deg[l]);
 * its compressed C2V records start at byte rec[l] of a unit's record region of
 * rec_words 32-bit words. pad: padding words after the n_full posterior words of a
 * unit (Z when an edge is masked, else 0).
 */
struct qc_large_shape {
    int layers = 0;
    int slots = 0; //!< Z
    int rec_words = 0;
    int pad = 0;
    //! qc_post::parity_thread: posterior bytes per unit in shared memory (the
    //! information part)
    int split = 0;
    int sets = 0; //!< form (2): q, the 360-row sets (block rows); 0 in form (1)
    int deg[qc_large_max_layers] = {};
    int first[qc_large_max_layers] = {};
    int rec[qc_large_max_layers] = {};
    /*!
     * -1: layer l is all Z rows of its block row; else its rows are the bits of
     * mask[mask_of[l]] (sublayers of a DVB-S2 block row two of whose rows share a
     * column: they share its edges and records, each row in one sublayer)
     */
    int mask_of[qc_large_max_layers] = {};
    int set_of[qc_large_max_layers] = {}; //!< form (2): the set (block row) of layer l
    /*!
     * qc_post::parity_thread: nonzero where the block synchronises after layer l
     * (qc_parity_thread_plan: layers between two barriers share no information
     * block column)
     */
    unsigned char sync_after[qc_large_max_layers] = {};
    uint32_t mask[qc_large_max_masks][qc_large_mask_words] = {};
    qc_edge edge[qc_large_max_edges] = {};
    /*! per edge: the byte offset added where it wraps (read by the per-edge-wrap modes)
     */
    int wrap[qc_large_max_edges] = {};
};

using qc_large_kernel_fn = void (*)(code_view, run_params, qc_large_shape);

/*!
 * Where the large-QC kernel keeps a unit's posterior and how it addresses it:
 * shared memory with the plain circulant wrap (nr5g), shared memory with per-edge
 * wrap (masked edges), or global memory (rp.post, one region per resident unit,
 * L2-resident: DVB-S2 normal frames, whose 64800-word posterior passes the shared
 * memory of an SM) with per-edge wrap, or parity_thread (form (2) only): the unit's
 * first `split` bytes (DVB-S2's information columns) copied to shared memory, the
 * parity part per thread: parity word (block r, lane k) is touched only by lane k,
 * in block rows r and r + 1, so the thread keeps it in a register between the two,
 * stores it to a thread-private global array and fetches it back by cp.async two
 * block rows ahead into a ring of 3 words per thread in shared memory; the wrap
 * (row 0's parity (q - 1, k - 1)) goes through q - 1's parity block kept in shared
 * memory (360 words per unit after the units' information parts, then the rings).
 */
enum class qc_post { shared_plain, shared_edge_wrap, global, parity_thread };

/*! The large-QC layered min-sum kernel (MS, NMS, OMS; no SCMS, no SPA). */
qc_large_kernel_fn qc_large_kernel(bool half2, qc_post mode);

struct host_tables;

/*!
 * The large-QC kernel's description of a code; false when the code is not QC
 * within the kernel's limits. Two forms: (1) uniform layers whose slot columns are
 * circulants (block rows of a QC code); col_perm is left empty. (2) the 360-periodic
 * layers of DVB-S2-like codes (h.layers(): the row sets r + k q, q = M / 360, some
 * split into sublayers; the last M columns an accumulator): under the column
 * permutation col_perm (natural column -> posterior word: the first n_full - M
 * columns in place, parity column r + k q -> n_full - M + 360 r + k) each set is
 * 360 rows of circulants (block row r), at most missing the rows where one wraps
 * (masked edges, pad = 360); sublayers are row masks of their block row.
 */
bool build_qc_large_shape(const host_tables& t,
                          const parity_check_matrix& h,
                          bool half2,
                          qc_large_shape* shape,
                          std::vector<int>* col_perm);

/*!
 * qc_post::parity_thread applies to a form (2) shape of q >= 3 sets whose block
 * rows are plain information circulants (columns before n0 = n_full - 360 q)
 * followed by the two parity circulants (block r - 1 and r, shift 0; row 0: block
 * 0 and the masked wrap of block q - 1). When it does, fills shape->sync_after:
 * a barrier after layer l unless the layers since the last barrier and layer l + 1
 * share no information block.
 */
bool qc_parity_thread_plan(qc_large_shape* shape, int n_full);

} // namespace cuda_detail
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_CUDA_KERNELS_H */
