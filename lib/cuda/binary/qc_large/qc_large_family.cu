/* -*- c++ -*- */
/*
 * The large-QC layered family (kernel_family.h): the layered min-sum kernel for QC
 * codes too large for the register kernel (layered_qc_large_kernel.cu), for
 * layered MS, NMS and OMS. Units per block by the occupancy calculator (threads =
 * units * Z); the compressed C2V records of the resident units live in global
 * memory (the workspace). Where a unit's posterior lives (qc_post) is the
 * instance: shared memory when it fits; else, for the 360-periodic layers of
 * DVB-S2-like codes, the information part in shared memory and the parity part
 * per thread (-ptpar) where that fits, else global memory (-gmem). On those codes
 * the posterior is kept in a permuted column order (column_permutation).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "binary/frame_io.cuh"
#include "binary/kernel_family.h"
#include <algorithm>

namespace gpufec {
namespace cuda_detail {

namespace {

class qc_large_plan final : public kernel_plan
{
public:
    qc_large_kernel_fn fn = nullptr;
    std::shared_ptr<const qc_large_shape> shape;
    /*!
     * On a 360-periodic (DVB-S2) code: natural column -> posterior word
     * (build_qc_large_shape); the decoder maps its column tables through it.
     */
    std::vector<int> col_perm;
    bool post_shared = true;
    int n_full = 0;

    int posterior_pad() const override { return shape->pad; }
    const std::vector<int>& column_permutation() const override { return col_perm; }

    workspace_size workspace() const override
    {
        // compressed C2V records, one region per resident unit
        const size_t units =
            static_cast<size_t>(config.resident_blocks) * config.units_per_block;
        workspace_size w;
        w.c2v = units * shape->rec_words;
        if (!post_shared) {
            w.post = units * static_cast<size_t>(n_full + shape->pad);
        }
        return w;
    }

    void decode(const code_view& view,
                run_params rp,
                kernel_workspace& ws,
                cudaStream_t stream) const override
    {
        rp.c2v = ws.c2v.get();
        rp.post = ws.post.get(); // null unless the posterior is in global memory
        // persistent: block b keeps its records region for all its tasks
        const long long grid = std::min<long long>(rp.tasks, config.resident_blocks);
        fn<<<static_cast<unsigned>(grid), config.threads, config.shared_bytes, stream>>>(
            view, rp, *shape);
        check_launch(kernel.c_str());
    }
};

/*! Kernel-name prefix of the large-QC kernel (cuda_tuning::kernel). */
std::string qc_large_name(bool half2)
{
    return std::string("layered-qc-large-minsum-") + (half2 ? "half2" : "f32");
}

/*!
 * Does any edge of the shape wrap other than a plain circulant of Z rows, or a row
 * pass the plain mode's qc_plain_max_degree edges?
 */
bool needs_edge_wrap(const qc_large_shape& shape, bool permuted)
{
    const int Z = shape.slots;
    bool edge_wrap = shape.pad > 0 || permuted;
    for (int l = 0; l < shape.layers; ++l) {
        edge_wrap = edge_wrap || shape.deg[l] > qc_plain_max_degree;
    }
    for (int e = 0; e < shape.first[shape.layers - 1] + shape.deg[shape.layers - 1];
         ++e) {
        edge_wrap = edge_wrap || shape.wrap[e] != -4 * Z;
    }
    return edge_wrap;
}

class qc_large_family_impl final : public kernel_family
{
public:
    /*!
     * r.want empty: the posterior mode the tuner prefers; else the kernel name
     * (with its mode suffix) that gpu_options::kernel forces.
     */
    std::unique_ptr<kernel_plan> plan(const tune_request& r,
                                      std::ostream& why) const override
    {
        const host_tables& t = r.tables;
        const check_node_rule rule = r.options.rule;
        if (r.options.schedule != decoding_schedule::layered ||
            !is_min_sum_family(rule) || is_self_corrected(rule)) {
            return nullptr;
        }
        const std::string prefix = qc_large_name(r.half2);
        const std::string& want = r.want;
        if (!want.empty() && want.compare(0, prefix.size(), prefix) != 0) {
            return nullptr;
        }
        const std::string forced = want.empty() ? "" : want.substr(prefix.size());
        if (!want.empty() && forced != "" && forced != "-gmem" && forced != "-ptpar") {
            return nullptr;
        }
        auto shape = std::make_shared<qc_large_shape>();
        std::vector<int> perm;
        if (!build_qc_large_shape(t, r.code.h(), r.half2, shape.get(), &perm)) {
            why << "not a QC code within the large-QC kernel's limits; ";
            return nullptr;
        }
        const size_t vbytes = 4;
        const int Z = shape->slots;
        const size_t unit_bytes = static_cast<size_t>(t.n_full + shape->pad) * vbytes;
        const bool edge_wrap = needs_edge_wrap(*shape, !perm.empty());
        // the posterior in shared memory when a unit's fits; else (360-periodic
        // codes) the information part in shared memory and the parity part per
        // thread (parity_thread), when that fits; else global memory
        const size_t split_bytes =
            perm.empty() ? 0 : static_cast<size_t>(t.n_full - t.m) * vbytes;
        // parity_thread: information part, parity block q - 1, and the parity
        // words' ring (3 per thread)
        const size_t pt_bytes = split_bytes + 4 * static_cast<size_t>(Z) * vbytes;
        const bool pt_ok = !perm.empty() && pt_bytes <= r.smem_limit &&
                           qc_parity_thread_plan(shape.get(), t.n_full);
        const bool shared_ok = unit_bytes <= r.smem_limit;
        qc_post mode = edge_wrap ? qc_post::shared_edge_wrap : qc_post::shared_plain;
        if (forced == "-gmem") {
            mode = qc_post::global;
        } else if (forced == "-ptpar") {
            if (!pt_ok) {
                return nullptr;
            }
            mode = qc_post::parity_thread;
        } else if (!shared_ok) {
            if (!want.empty()) {
                return nullptr;
            }
            // parity_thread where it applies (measured faster than global:
            // docs/CUDA_PERFORMANCE_NOTES.md, "DVB-S2 on the large-QC kernel")
            mode = pt_ok ? qc_post::parity_thread : qc_post::global;
        }
        const bool global_post =
            mode == qc_post::global || mode == qc_post::parity_thread;
        if (mode == qc_post::parity_thread) {
            shape->split = static_cast<int>(split_bytes);
        }
        const qc_large_kernel_fn fn = qc_large_kernel(r.half2, mode);
        auto dims = [&](int u, int* threads, size_t* smem) {
            *threads = u * Z;
            *smem = mode == qc_post::global ? 0
                    : mode == qc_post::parity_thread
                        ? static_cast<size_t>(u) * pt_bytes
                        : static_cast<size_t>(u) * unit_bytes;
            const bool one_unit = mode == qc_post::parity_thread;
            if (*threads > (one_unit ? qc_parity_max_threads : qc_large_max_threads) ||
                *smem > r.smem_limit) {
                *threads = 0;
            }
        };
        const int max_units =
            std::min(max_units_per_block, std::max(1, qc_large_max_threads / Z));
        const candidate c = best_units(
            reinterpret_cast<const void*>(fn), max_units, r.forced_units, r.prop, dims);
        if (c.blocks == 0) {
            why << "large-QC kernel: the posterior (" << unit_bytes
                << " B per unit) does not fit shared memory; ";
            return nullptr;
        }
        auto p = std::make_unique<qc_large_plan>();
        p->fn = fn;
        p->shape = shape;
        p->col_perm = std::move(perm);
        p->post_shared = !global_post;
        p->n_full = t.n_full;
        p->config.units_per_block = c.units;
        p->config.threads = c.threads;
        p->config.shared_bytes = c.smem;
        p->config.blocks_per_sm = c.blocks;
        const double rec_mb = static_cast<double>(shape->rec_words) * 4 * c.units *
                              c.blocks * r.prop.multiProcessorCount / 1e6;
        why << "large-QC layered kernel: " << shape->layers << " block rows of Z = " << Z
            << (p->col_perm.empty() ? "" : " (360-periodic layers, permuted columns)")
            << (shape->pad > 0 ? " with masked edges" : "") << ", posterior in "
            << (mode == qc_post::global ? "global"
                : mode == qc_post::parity_thread
                    ? "shared (information part) and per thread (parity, global)"
                    : "shared")
            << " memory, compressed messages in global memory (" << rec_mb
            << " MB for the resident units, L2 " << r.prop.l2CacheSize / 1000000
            << " MB); " << registers_of(reinterpret_cast<const void*>(fn))
            << " registers/thread, " << c.smem / 1024 << " KiB shared/block -> "
            << c.blocks << " block(s) x " << c.threads << " threads per SM";
        p->kernel = prefix + (mode == qc_post::global          ? "-gmem"
                              : mode == qc_post::parity_thread ? "-ptpar"
                                                               : "");
        return p;
    }
};

} // namespace

const kernel_family& qc_large_family()
{
    static const qc_large_family_impl family;
    return family;
}

} // namespace cuda_detail
} // namespace gpufec
