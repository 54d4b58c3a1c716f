/* -*- c++ -*- */
/*
 * The general message-passing family (kernel_family.h): the kernel of
 * message_passing_kernel.cu for every code, rule (min-sum family, SCMS, SPA) and
 * schedule (layered, flooding), the tuner's last choice. The block's threads take
 * the rows of a layer, unit after unit; the posterior stays in shared memory when a
 * unit's fits, else in global memory (-gmem); messages (and SCMS's previous V2C,
 * flooding's channel LLRs) live in global memory, one region per resident block
 * (the workspace).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "binary/kernel_family.h"
#include <algorithm>
#include <gpufec/error.h>

namespace gpufec {
namespace cuda_detail {

namespace {

class general_plan final : public kernel_plan
{
public:
    general_kernel_fn fn = nullptr;
    bool post_shared = true;
    bool scms = false;
    bool flooding = false;
    int slot_edges = 0;
    int n_full = 0;

    workspace_size workspace() const override
    {
        const size_t blocks = static_cast<size_t>(config.resident_blocks);
        const size_t units = blocks * config.units_per_block;
        workspace_size w;
        w.c2v = units * slot_edges;
        if (scms) {
            w.prev = units * slot_edges;
        }
        if (!post_shared) {
            w.post = units * n_full;
        }
        if (flooding) {
            w.chan = units * n_full;
        }
        return w;
    }

    void decode(const code_view& view,
                run_params rp,
                kernel_workspace& ws,
                cudaStream_t stream) const override
    {
        rp.c2v = ws.c2v.get();
        rp.prev = ws.prev.get();
        rp.post = ws.post.get();
        rp.chan = ws.chan.get();
        const long long grid = std::min<long long>(rp.tasks, config.resident_blocks);
        fn<<<static_cast<unsigned>(grid), config.threads, config.shared_bytes, stream>>>(
            view, rp);
        check_launch(kernel.c_str());
    }
};

class general_family_impl final : public kernel_family
{
public:
    /*!
     * Null only when r.want names another kernel; throws where the kernel cannot
     * run (no instance for the combination, a forced frames per block that does
     * not fit, a device too small).
     */
    std::unique_ptr<kernel_plan> plan(const tune_request& r,
                                      std::ostream& why) const override
    {
        const host_tables& t = r.tables;
        const decoder_options& options = r.options;
        const check_node_rule rule = options.rule;
        const size_t vbytes = 4; // float or half2: one 32-bit word per unit and column
        const general_rule gr = general_rule_of(rule);
        const int S = t.max_layer_rows;
        const bool fits = static_cast<size_t>(t.n_full) * vbytes <= r.smem_limit;
        const char* rname = gr == general_rule::spa    ? "spa"
                            : gr == general_rule::scms ? "scms"
                                                       : "minsum";
        const std::string name = std::string("general-") + to_string(options.schedule) +
                                 "-" + rname + (r.half2 ? "-half2" : "-f32") +
                                 (fits ? "" : "-gmem");
        if (!r.want.empty() && name != r.want) {
            return nullptr;
        }
        auto p = std::make_unique<general_plan>();
        p->post_shared = fits;
        p->fn = general_kernel(r.half2, gr, fits);
        if (!p->fn) {
            throw invalid_argument(
                "decoder backend cuda: no kernel for this combination");
        }
        auto shape = [&](int u, int* threads, size_t* smem) {
            // the block's threads take the rows of a layer, unit after unit
            const int th = std::min(general_max_threads, (S + 31) / 32 * 32);
            *threads = std::max(th, 64);
            *smem = fits ? static_cast<size_t>(u) * t.n_full * vbytes : 0;
            if (*smem > r.smem_limit)
                *threads = 0;
        };
        const int max_units = fits ? 8 : 2;
        const candidate c = best_units(reinterpret_cast<const void*>(p->fn),
                                       max_units,
                                       r.forced_units,
                                       r.prop,
                                       shape);
        if (c.blocks == 0 && r.forced_units > 0) {
            throw invalid_argument("decoder backend cuda: gpu.frames_per_block is " +
                                   std::to_string(options.gpu.frames_per_block) +
                                   ": that many frames of code " + r.code.name() +
                                   " do not fit one thread block on " + r.prop.name +
                                   " (0 = let the tuner choose)");
        }
        if (c.blocks == 0) {
            throw backend_unavailable(
                "decoder backend cuda: the general kernel cannot run on " +
                std::string(r.prop.name) + " for code " + r.code.name());
        }
        p->scms = r.scms;
        p->flooding = options.schedule == decoding_schedule::flooding;
        p->slot_edges = t.slot_edges;
        p->n_full = t.n_full;
        p->config.units_per_block = c.units;
        p->config.threads = c.threads;
        p->config.shared_bytes = c.smem;
        p->config.blocks_per_sm = c.blocks;
        p->kernel = name;
        why << "general kernel, posterior in " << (fits ? "shared" : "global")
            << " memory, messages in global memory; " << c.blocks << " block(s) x "
            << c.threads << " threads per SM";
        return p;
    }
};

} // namespace

const kernel_family& general_family()
{
    static const general_family_impl family;
    return family;
}

} // namespace cuda_detail
} // namespace gpufec
