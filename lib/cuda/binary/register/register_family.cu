/* -*- c++ -*- */
/*
 * The register-resident family (kernel_family.h): the layered min-sum kernel whose
 * messages stay in registers (layered_register_kernel.cu), for the min-sum rules
 * (and SCMS) on codes of uniform QC layers of at most 512 rows, with the layered
 * or the flooding schedule (the same kernel with two posteriors per unit, for
 * codes whose layers are in row order; Wang et al., "GPU Accelerated Scalable
 * Parallel Decoding of LDPC Codes", is the flooding baseline). Its instances
 * (register_variants(), in order of measured preference) differ in the schedule,
 * message tile (layers x row degree), precision and code-specific shapes; the
 * first that fits the code and the device is taken. Each block keeps a unit's
 * posterior (flooding: posterior, next posterior and channel LLRs) in shared
 * memory, with one padding word per row slot after the columns; the grid is
 * persistent (each resident block loads its tables once and loops over tasks).
 * Flooding plans may keep the channel LLRs in a global workspace ("-l2chan",
 * where that fits more blocks per SM), and the global-table instances read an
 * edge-address table that the plan builds on the host (address_table_of).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "binary/frame_io.cuh"
#include "binary/kernel_family.h"
#include <algorithm>
#include <mutex>
#include <string>
#include <vector>

namespace gpufec {
namespace cuda_detail {

namespace {

class register_plan final : public kernel_plan
{
public:
    const register_variant* variant = nullptr;
    register_shape shape;
    int pad = 0; //!< S: the padding words after the columns
    /*!
     * Flooding: the channel LLRs in a global workspace (words_per_block per
     * resident block) instead of shared memory.
     */
    bool global_channel = false;
    size_t words_per_block = 0;
    /*!
     * Global-table instances: the edge-address table (host_table, uploaded to
     * `table` at the first decode, on the decoder's device).
     */
    std::vector<uint32_t> host_table;
    mutable device_buffer<uint32_t> table;
    mutable std::once_flag table_once;

    int posterior_pad() const override { return pad; }

    workspace_size workspace() const override
    {
        workspace_size w;
        if (global_channel) {
            w.chan = static_cast<size_t>(config.resident_blocks) * words_per_block;
        }
        return w;
    }

    void decode(const code_view& view,
                run_params rp,
                kernel_workspace& ws,
                cudaStream_t stream) const override
    {
        // the kernel reads rp.chan only in its flooding instances: non-null there
        // selects the global channel array
        rp.chan = global_channel ? ws.chan.get() : nullptr;
        if (!host_table.empty()) {
            // (the streams' host workers may get here together)
            std::call_once(table_once, [this] {
                table.resize(host_table.size());
                check(cudaMemcpy(table.get(),
                                 host_table.data(),
                                 host_table.size() * sizeof(uint32_t),
                                 cudaMemcpyHostToDevice),
                      "cudaMemcpy (register kernel address table)");
            });
            rp.table = table.get();
        }
        const long long max_grid = 0x7fffffffLL;
        // persistent: each resident block loads the column table once and loops
        const long long grid =
            std::min(std::min<long long>(rp.tasks, config.resident_blocks), max_grid);
        variant->fn<<<static_cast<unsigned>(grid),
                      config.threads,
                      config.shared_bytes,
                      stream>>>(view, rp, shape);
        check_launch(kernel.c_str());
    }
};

/*!
 * The edge-address table of instance v for a block of `threads` threads (units of
 * S row slots, posterior words post_stride apart), as layered_register_body writes
 * it to shared memory: entry (l, j) of thread t is the byte offset from the
 * block's posteriors of edge j of layer l of t's row slot; the entries of a layer
 * in groups of 4, 2 and 1 edges, each group one 16-, 8- or 4-byte word per
 * thread, threads adjacent (table_stride, table_index in the kernel).
 */
std::vector<uint32_t> address_table_of(const register_variant& v,
                                       const register_shape& fs,
                                       int threads,
                                       int S,
                                       int post_stride)
{
    const int D = v.max_degree;
    const int stride = (threads + 3) & ~3;
    std::vector<uint32_t> tab(static_cast<size_t>(v.max_layers) * D * stride, 0u);
    for (int t = 0; t < threads; ++t) {
        const int u = t / S;
        const int s = t - u * S;
        for (int l = 0; l < v.max_layers; ++l) {
            for (int j = 0; j < D; ++j) {
                const int e = l * D + j;
                const int w = s >= fs.threshold[e] ? -4 * S : 0;
                const int a = u * post_stride * 4 + 4 * s + fs.offset[e] + w;
                const int j0 = j < (D & ~3) ? (j & ~3) : j < (D & ~1) ? (D & ~3) : D - 1;
                const int g = j < (D & ~3) ? 4 : j < (D & ~1) ? 2 : 1;
                tab[static_cast<size_t>(l * D + j0) * stride + t * g + (j - j0)] =
                    static_cast<uint32_t>(a);
            }
        }
    }
    return tab;
}

/*!
 * Suffix of a flooding instance's name when its channel LLRs are in a global
 * workspace instead of shared memory.
 */
const std::string global_channel_suffix = "-l2chan";

/*! Does instance v take the code's layers (count, degrees, exact shape)? */
bool takes_layers(const register_variant& v,
                  const host_tables& t,
                  int L,
                  bool half2,
                  bool scms,
                  bool flooding)
{
    if (v.half2 != half2 || v.scms != scms || v.flooding != flooding ||
        L > v.max_layers || t.max_row_degree > v.max_degree) {
        return false;
    }
    if (v.short_layers != 0u) {
        bool exact = L == v.max_layers;
        for (int l = 0; exact && l < L; ++l) {
            const int d = v.max_degree - static_cast<int>((v.short_layers >> l) & 1u);
            exact = t.layer_deg[l] == d;
        }
        if (!exact) {
            return false;
        }
    }
    return true;
}

/*!
 * The flooding instances add each column's new C2V to its next posterior layer by
 * layer; that is the CPU reference's sum (channel, then the C2V of the column's
 * rows in ascending order) when the layers of every column's rows ascend with the
 * rows, each layer at most once (a layer touches a column once: no race on it).
 * True for QC codes, whose layers are the block rows in order.
 */
bool layers_in_row_order(const host_tables& t)
{
    for (int c = 0; c < t.n_full; ++c) {
        int last = -1;
        for (int i = t.vn_ptr[c]; i < t.vn_ptr[c + 1]; ++i) {
            // the layer of slot vn_slot[i] (layer_off ascends)
            const int l = static_cast<int>(std::upper_bound(t.layer_off.begin(),
                                                            t.layer_off.end(),
                                                            t.vn_slot[i]) -
                                           t.layer_off.begin()) -
                          1;
            if (l <= last) {
                return false;
            }
            last = l;
        }
    }
    return true;
}

class register_family_impl final : public kernel_family
{
public:
    std::unique_ptr<kernel_plan> plan(const tune_request& r,
                                      std::ostream& why) const override
    {
        const host_tables& t = r.tables;
        const check_node_rule rule = r.options.rule;
        const bool flooding = r.options.schedule == decoding_schedule::flooding;
        if (!is_min_sum_family(rule)) {
            return nullptr;
        }
        if (!t.uniform || t.max_layer_rows > 512) {
            why << (t.uniform ? "layers too large for the register kernel; "
                              : "layers of unequal size (not QC); ");
            return nullptr;
        }
        if (flooding && !layers_in_row_order(t)) {
            why << "layers not in row order (flooding register kernel); ";
            return nullptr;
        }
        const size_t vbytes = 4; // float or half2: one 32-bit word per unit and column
        const int L = static_cast<int>(t.layer_rows.size());
        // the list order is the measured preference
        for (const register_variant& v : register_variants()) {
            // flooding: NAME keeps the channel LLRs in shared memory, NAME-l2chan in
            // a global workspace; auto takes whichever has more resident threads
            // (shared memory on a tie)
            const std::string l2name = v.name + global_channel_suffix;
            const bool named_l2 = v.flooding && !r.want.empty() && r.want == l2name;
            if (!r.want.empty() && v.name != r.want && !named_l2) {
                continue;
            }
            if (!takes_layers(v, t, L, r.half2, r.scms, flooding)) {
                continue;
            }
            register_shape fs;
            if (!build_register_shape(t, v.max_layers, v.max_degree, &fs) ||
                (v.matches && !v.matches(fs))) {
                continue;
            }
            const int S = t.max_layer_rows;
            // posterior arrays per unit in shared memory: layered 1; flooding L_old,
            // L_new, and the channel LLRs unless they are in global memory
            auto shape_of = [&](size_t arrays) {
                return [&, arrays](int u, int* threads, size_t* smem) {
                    *threads = u * S;
                    *smem = arrays * static_cast<size_t>(u) * (t.n_full + S) * vbytes;
                    if (v.table_words > 0 && !v.global_table) {
                        // the edge-address table after the posteriors (16-byte
                        // aligned)
                        *smem = (*smem + 15) / 16 * 16 +
                                static_cast<size_t>((*threads + 3) / 4 * 4) *
                                    v.table_words * 4;
                    }
                    if (*threads > v.max_threads || *smem > r.smem_limit)
                        *threads = 0;
                };
            };
            const int max_units =
                std::min(max_units_per_block, std::max(1, v.max_threads / S));
            const void* fn = reinterpret_cast<const void*>(v.fn);
            candidate c;
            bool global_channel = false;
            if (!flooding) {
                c = best_units(fn, max_units, r.forced_units, r.prop, shape_of(1));
            } else {
                candidate cs, cg;
                if (!named_l2) {
                    cs = best_units(fn, max_units, r.forced_units, r.prop, shape_of(3));
                }
                if (r.want.empty() || named_l2) {
                    cg = best_units(fn, max_units, r.forced_units, r.prop, shape_of(2));
                }
                global_channel = cg.active_threads > cs.active_threads;
                c = global_channel ? cg : cs;
            }
            if (c.blocks == 0) {
                continue;
            }
            auto p = std::make_unique<register_plan>();
            p->variant = &v;
            p->shape = fs;
            p->pad = S;
            p->global_channel = global_channel;
            p->words_per_block = static_cast<size_t>(c.units) * (t.n_full + S);
            p->config.units_per_block = c.units;
            p->config.threads = c.threads;
            p->config.shared_bytes = c.smem;
            p->config.blocks_per_sm = c.blocks;
            p->kernel = global_channel ? l2name : v.name;
            if (v.global_table) {
                p->host_table = address_table_of(v, fs, c.threads, S, t.n_full + S);
            }
            why << "register kernel"
                << (flooding ? (global_channel
                                    ? " (flooding: L_old, L_new in shared memory, "
                                      "channel LLRs in a global workspace)"
                                    : " (flooding: L_old, L_new and channel LLRs in "
                                      "shared memory)")
                             : "")
                << (v.table_words > 0
                        ? (v.global_table ? " (edge addresses in global memory)"
                                          : " (edge addresses in shared memory)")
                        : "")
                << (v.short_layers != 0u ? " (exact row degrees)" : "")
                << (v.matches ? " (code-specific, early reads)" : "") << ": " << L
                << " layers of " << S << " rows, row degree <= " << t.max_row_degree
                << " fit the " << v.max_layers << "x" << v.max_degree << " message tile; "
                << registers_of(reinterpret_cast<const void*>(v.fn))
                << " registers/thread, " << c.smem / 1024 << " KiB shared/block -> "
                << c.blocks << " block(s) x " << c.threads << " threads per SM";
            return p;
        }
        why << "no register tile fits (" << L << " layers, row degree "
            << t.max_row_degree << "); ";
        return nullptr;
    }
};

} // namespace

const kernel_family& register_family()
{
    static const register_family_impl family;
    return family;
}

} // namespace cuda_detail
} // namespace gpufec
