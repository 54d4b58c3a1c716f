/* -*- c++ -*- */
/*
 * The CPU SIMD decoder: options checks, the QC block description of the
 * intra-frame path, the choice inter- / intra-frame per call, threads over frame
 * ranges, and the call into the protokernel chosen at run time (lib/core/simd/).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "decoders/simd_decoder.h"
#include "parallel/run_parallel.h"
#include "simd/simd_kernels.h"
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <gpufec/error.h>
#include <gpufec/host_resources.h>
#include <iostream>
#include <thread>
#include <vector>

namespace gpufec {

int simd_alpha_q(float alpha)
{
    return std::max(1, static_cast<int>(std::lrint(alpha * 16.0f)));
}

bool simd_plain_min_sum(check_node_rule rule, float alpha)
{
    return rule == check_node_rule::min_sum ||
           (rule == check_node_rule::normalized_min_sum && alpha > 0.0f &&
            simd_alpha_q(alpha) >= 16);
}

namespace {
std::atomic<bool> g_int8_floor_warned{ false };
} // namespace

static bool dvbs2_family(const ldpc_code& code)
{
    return code.name().rfind("dvbs2:", 0) == 0;
}

simd_quantization default_simd_quantization(message_precision precision,
                                            check_node_rule rule,
                                            float alpha,
                                            const ldpc_code* code)
{
    // C2V clamp: a posterior saturates at the type's maximum; with C2V as large,
    // the extrinsic P - C2V of a saturated posterior collapses towards 0 and the
    // decoder loses what it knew (plain min-sum, whose messages are not scaled
    // down and keep growing once a frame has converged, most). Values from the
    // FER matrix in docs/VALIDATION.md. An NMS alpha that quantizes to 16/16
    // scales nothing: that decoder is plain min-sum and takes min-sum's clamp.
    if (precision == message_precision::int16)
        return { 3, 1024, 32767, 8191 };
    if (precision == message_precision::int8) {
        const bool plain_min_sum = simd_plain_min_sum(rule, alpha);
        int c2v = 40;
        int fraction_bits = 2;
        if (plain_min_sum) {
            c2v = 20;
            // On DVB-S2 a C2V clamp below about 8 (LLR units) leaves frames with
            // one or two wrong bits that never converge (an error floor); a clamp
            // that high at 2 fraction bits lets the posterior saturate. Plain
            // min-sum does not depend on the LLR scale, so it takes 1 fraction
            // bit there: the same integer ranges, the clamp at 10 LLR units.
            if (code && dvbs2_family(*code))
                fraction_bits = 1;
        } else if (is_self_corrected(rule))
            c2v = 31;
        return { fraction_bits, 63, 127, c2v };
    }
    if (precision == message_precision::float32)
        return { 0, 0, 0, 0 };
    throw invalid_argument("SIMD decoder: no fixed-point quantization for precision " +
                           to_string(precision));
}

namespace {

/*!
 * The intra-frame description (simd::job's "QC form"): passes of circulants, lane
 * masks, the syndrome's row sets; z == 0 when the code lacks the structure.
 */
struct intra_desc {
    int z = 0;
    std::vector<int> col_perm; //!< empty: identity
    std::vector<int> pass_ptr{ 0 }, pass_active, circ_col, circ_shift, circ_wmask,
        circ_miss_ptr{ 0 }, miss_lane;
    std::vector<uint8_t> lane_masks;
    std::vector<int> syn_ptr{ 0 }, syn_col, syn_shift, syn_valid;

    int add_mask(const std::vector<uint8_t>& m)
    {
        lane_masks.insert(lane_masks.end(), m.begin(), m.end());
        return static_cast<int>(lane_masks.size() / m.size()) - 1;
    }
};

/*! QC codes whose layers are the block rows: one pass per block row. */
intra_desc make_qc_desc(const ldpc_code& code)
{
    intra_desc b;
    const parity_check_matrix& h = code.h();
    if (!h.is_qc())
        return b;
    const qc_structure& qc = h.qc();
    const int Z = qc.z;
    if (Z <= 0 || h.rows() != qc.block_rows * Z || h.cols() != qc.block_cols * Z ||
        static_cast<int>(h.layers().size()) != qc.block_rows)
        return b;
    for (int br = 0; br < qc.block_rows; ++br) {
        const auto& layer = h.layers()[br];
        if (static_cast<int>(layer.size()) != Z)
            return {};
        for (int i = 0; i < Z; ++i)
            if (layer[i] != br * Z + i)
                return {};
        // the j-th CSR entry of row i of the block row must be block j's column
        const int r0 = br * Z;
        const int d = h.row_ptr()[r0 + 1] - h.row_ptr()[r0];
        std::vector<int> seen;
        for (int j = 0; j < d; ++j) {
            const int c0 = h.row_cols()[h.row_ptr()[r0] + j];
            const int bc = c0 / Z, s = c0 % Z;
            if (std::find(seen.begin(), seen.end(), bc) != seen.end())
                return {}; // two circulants in one block column: not a layer
            seen.push_back(bc);
            for (int i = 0; i < Z; ++i) {
                const int r = r0 + i;
                if (h.row_ptr()[r + 1] - h.row_ptr()[r] != d ||
                    h.row_cols()[h.row_ptr()[r] + j] != bc * Z + (i + s) % Z)
                    return {};
            }
            b.circ_col.push_back(bc);
            b.circ_shift.push_back(s);
            b.circ_wmask.push_back(-1);
            b.circ_miss_ptr.push_back(0);
            b.syn_col.push_back(bc);
            b.syn_shift.push_back(s);
            b.syn_valid.push_back(-1);
        }
        b.pass_ptr.push_back(static_cast<int>(b.circ_col.size()));
        b.pass_active.push_back(-1);
        b.syn_ptr.push_back(static_cast<int>(b.syn_col.size()));
    }
    b.z = Z;
    return b;
}

/*!
 * DVB-S2 (EN 302 307-1 5.3.2; any code with M = 360 q rows, N - M a multiple of
 * 360 and the core's 360-periodic layers): under the column permutation
 * info column c -> c, parity column N - M + r + k q -> N - M + 360 r + k, row
 * r + k q is lane k of row set r, whose edges are circulants of shift s (lane k at
 * column (k + s) mod 360 of a block): the information groups' addresses, parity
 * blocks r and r - 1 with shift 0 and, for r = 0, parity block q - 1 with shift
 * 359 whose lane 0 has no edge. One pass per layer of h().layers() (a set or one
 * of its column-disjoint sublayers, in the core's order, as the reference
 * decoder), with the lanes of its rows.
 */
intra_desc make_dvbs2_desc(const ldpc_code& code)
{
    intra_desc b;
    const parity_check_matrix& h = code.h();
    const int Z = 360; // parity_check_matrix's strided layer period (DVB-S2 groups)
    const int M = h.rows(), N = h.cols();
    if (h.is_qc() || M % Z != 0 || M / Z < 2 || N <= M || (N - M) % Z != 0)
        return b;
    const int q = M / Z, n0 = N - M;
    std::vector<int> perm(N);
    for (int c = 0; c < N; ++c)
        perm[c] = c < n0 ? c : n0 + ((c - n0) % q) * Z + (c - n0) / q;
    // circulants of each set: (block, shift) -> lanes with that edge
    std::vector<std::vector<std::pair<int, int>>> set_circ(q);
    std::vector<std::vector<std::vector<uint8_t>>> set_lanes(q);
    for (int r = 0; r < q; ++r) {
        auto& circ = set_circ[r];
        auto& lanes = set_lanes[r];
        for (int k = 0; k < Z; ++k) {
            const int row = r + k * q;
            for (int e = h.row_ptr()[row]; e < h.row_ptr()[row + 1]; ++e) {
                const int pc = perm[h.row_cols()[e]];
                const std::pair<int, int> key(pc / Z, ((pc % Z) - k + Z) % Z);
                size_t i = std::find(circ.begin(), circ.end(), key) - circ.begin();
                if (i == circ.size()) {
                    if (circ.size() >= 64)
                        return {}; // not circulant-like
                    circ.push_back(key);
                    lanes.emplace_back(Z, 0);
                }
                lanes[i][k] = 1;
            }
        }
        for (const auto& l : lanes)
            if (std::count(l.begin(), l.end(), 1) < Z / 2)
                return {}; // mostly empty circulants: not worth the QC form
    }
    // layers: consecutive, each inside one set, sets in order, covering them
    const auto& layers = h.layers();
    std::vector<int> layer_set(layers.size());
    {
        int r = 0;
        std::vector<int> covered(q, 0);
        for (size_t i = 0; i < layers.size(); ++i) {
            if (layers[i].empty())
                return {};
            const int t = layers[i][0] % q;
            if (t < r || (t > r && covered[r] != Z))
                return {};
            r = t;
            for (int row : layers[i])
                if (row % q != t)
                    return {};
            covered[t] += static_cast<int>(layers[i].size());
            layer_set[i] = t;
        }
        for (int t = 0; t < q; ++t)
            if (covered[t] != Z)
                return {};
    }
    for (int r = 0; r < q; ++r) {
        for (size_t i = 0; i < set_circ[r].size(); ++i) {
            b.syn_col.push_back(set_circ[r][i].first);
            b.syn_shift.push_back(set_circ[r][i].second);
            const auto& l = set_lanes[r][i];
            b.syn_valid.push_back(std::count(l.begin(), l.end(), 1) == Z ? -1
                                                                         : b.add_mask(l));
        }
        b.syn_ptr.push_back(static_cast<int>(b.syn_col.size()));
    }
    for (size_t li = 0; li < layers.size(); ++li) {
        const int r = layer_set[li];
        std::vector<uint8_t> active(Z, 0);
        for (int row : layers[li])
            active[row / q] = 1;
        const bool all = static_cast<int>(layers[li].size()) == Z;
        b.pass_active.push_back(all ? -1 : b.add_mask(active));
        const auto& circ = set_circ[r];
        for (size_t i = 0; i < circ.size(); ++i) {
            const auto& l = set_lanes[r][i];
            std::vector<uint8_t> w(Z);
            bool any = false, full = true;
            for (int k = 0; k < Z; ++k) {
                w[k] = active[k] & l[k];
                any |= w[k] != 0;
                full &= w[k] != 0;
            }
            if (!any)
                continue; // no row of this layer has the circulant
            bool shared = false;
            for (size_t o = 0; o < circ.size(); ++o)
                shared |= o != i && circ[o].first == circ[i].first;
            b.circ_col.push_back(circ[i].first);
            b.circ_shift.push_back(circ[i].second);
            b.circ_wmask.push_back(full && !shared ? -1 : b.add_mask(w));
            for (int k = 0; k < Z; ++k)
                if (!l[k])
                    b.miss_lane.push_back(k);
            b.circ_miss_ptr.push_back(static_cast<int>(b.miss_lane.size()));
        }
        b.pass_ptr.push_back(static_cast<int>(b.circ_col.size()));
    }
    b.col_perm = std::move(perm);
    b.z = Z;
    return b;
}

intra_desc make_intra_desc(const ldpc_code& code)
{
    intra_desc b = make_qc_desc(code);
    if (b.z == 0)
        b = make_dvbs2_desc(code);
    return b;
}

/*! Which fields of a decoder's quantization are the defaults, chosen per call. */
struct quantization_defaults {
    bool fraction_bits = false;
    bool c2v_max = false;
};

class simd_decoder : public decoder
{
public:
    /*!
     * follows: the fields of q that are the precision's defaults for the rule and
     * code, which for NMS depend on alpha: they are chosen again from the alpha in
     * force at each call (set_alpha may move alpha to or from 1).
     */
    simd_decoder(ldpc_code::sptr code,
                 const decoder_options& options,
                 const simd::protokernel& pk,
                 const simd_quantization& q,
                 simd_layout layout,
                 quantization_defaults follows)
        : decoder(std::move(code), options), d_pk(pk), d_q(q), d_threads(options.threads),
          d_layout(layout), d_follows(follows)
    {
        if (d_threads == 0)
            d_threads = resolve_threads(0, "threads");
        const parity_check_matrix& h = d_code->h();
        std::vector<int> order;
        for (const auto& layer : h.layers())
            for (int r : layer)
                order.push_back(r);
        if (static_cast<int>(order.size()) != h.rows())
            throw invalid_argument("SIMD decoder: the layers of code " + d_code->name() +
                                   " do not cover every row once");
        for (int r = 0; r < h.rows(); ++r)
            d_max_degree = std::max(d_max_degree, h.row_ptr()[r + 1] - h.row_ptr()[r]);
        if (options.schedule == decoding_schedule::layered)
            d_qc = make_intra_desc(*d_code);
        if (options.schedule == decoding_schedule::flooding) {
            // the reference's order: the next posterior sums C2V in ascending rows
            for (int r = 0; r < h.rows(); ++r)
                order[r] = r;
        } else if (options.precision != message_precision::float32 &&
                   (d_qc.z == 0 || !d_qc.col_perm.empty())) {
            // fixed point (free to choose its layers; float keeps the reference's
            // order, bit for bit): DVB-S2-like codes layered by 360-periodic row sets
            strided_layers(h, order);
        }
        // the CSR in processing order, so that C2V is streamed sequentially
        d_row_ptr.push_back(0);
        for (int r : order) {
            for (int e = h.row_ptr()[r]; e < h.row_ptr()[r + 1]; ++e)
                d_row_cols.push_back(h.row_cols()[e]);
            d_row_ptr.push_back(static_cast<int>(d_row_cols.size()));
        }
        d_order.resize(order.size());
        for (size_t i = 0; i < order.size(); ++i)
            d_order[i] = static_cast<int>(i);
    }

    /*!
     * DVB-S2 (and any code with M = 360 q rows whose row sets {r + k q, k = 0..359}
     * share no column): layers r = 0..q-1 of those rows, k ascending. A row r + k q
     * then reads the info columns of row r shifted by k, so the posteriors of a
     * layer are walked sequentially (the greedy layers of parity_check_matrix jump
     * over a 64800-column array, and the loads miss the caches).
     */
    static void strided_layers(const parity_check_matrix& h, std::vector<int>& order)
    {
        const int Z = 360;
        if (h.rows() % Z != 0 || h.rows() < 2 * Z)
            return;
        const int q = h.rows() / Z;
        std::vector<int> seen(h.cols(), -1);
        std::vector<int> o;
        o.reserve(h.rows());
        for (int r = 0; r < q; ++r)
            for (int k = 0; k < Z; ++k) {
                const int row = r + k * q;
                for (int e = h.row_ptr()[row]; e < h.row_ptr()[row + 1]; ++e) {
                    int& s = seen[h.row_cols()[e]];
                    if (s == r)
                        return; // two rows of the set share a column: not a layer
                    s = r;
                }
                o.push_back(row);
            }
        order = o;
    }

    std::string backend_name() const override { return "cpu"; }
    const simd::protokernel& pk() const { return d_pk; }
    const simd_quantization& quantization() const { return d_q; }

protected:
    //! the workers map NaN channel LLRs to 0 as they load them (simd::quantize)
    bool maps_nan_on_load() const override { return true; }

    void
    decode_checked(const float* llrs, size_t frames, const decode_output& out) override
    {
        run_job(make_job(llrs, out), frames);
    }

    /*!
     * int8 LLRs straight into the workers' quantization (no float copy of the
     * batch): the same conversion, float(v) * step, so the same results.
     */
    void decode_checked_int8(const int8_t* llrs,
                             size_t frames,
                             float step,
                             const decode_output& out) override
    {
        simd::job jb = make_job(nullptr, out);
        jb.llrs8 = llrs;
        jb.step8 = step;
        run_job(jb, frames);
    }

private:
    /*! The call's job on its kernel: inter- or intra-frame for this call. */
    void run_job(simd::job jb, size_t frames)
    {
        const kernels k = precision_kernels();
        simd::kernel_fn fn = k.inter;
        size_t lanes = k.lanes;
        const bool intra = use_intra_frame(jb.z, frames, lanes);
        if (intra) {
            fn = k.intra;
            lanes = 1;
        }
        // every worker takes the next frames (intra-frame: one; inter-frame: as
        // many as it has lanes free) from a shared counter, so a worker that the
        // scheduler holds back (other threads of a flowgraph on the same cores)
        // leaves its share to the others instead of delaying the whole call
        std::atomic<size_t> next_frame{ 0 };
        jb.next_frame = &next_frame;
        jb.first = 0;
        jb.last = frames;
        const size_t groups = (frames + lanes - 1) / lanes;
        const size_t workers =
            std::max<size_t>(1, std::min(groups, static_cast<size_t>(d_threads)));
        run_parallel(workers, [&](size_t) { fn(jb); });
    }

    /*! The inter- and intra-frame kernels of one precision. */
    struct kernels {
        simd::kernel_fn inter;
        simd::kernel_fn intra;
        size_t lanes; //!< frames per lane group of the inter-frame kernel
    };

    /*!
     * The job of one call, every frame (first / last are the workers'): the code
     * in processing order, quantization, rule and its parameters (alpha and beta
     * as in force now), the QC form unless the layout is inter-frame, the
     * iteration limit and the outputs.
     */
    simd::job make_job(const float* llrs, const decode_output& out) const
    {
        const parity_check_matrix& h = d_code->h();
        simd::job jb;
        jb.cols = h.cols();
        jb.edges = h.row_ptr().back();
        jb.row_ptr = d_row_ptr.data();
        jb.row_cols = d_row_cols.data();
        jb.row_order = d_order.data();
        jb.rows = h.rows();
        jb.max_degree = d_max_degree;
        jb.transmitted = d_code->transmitted_columns().data();
        jb.n = static_cast<int>(d_code->transmitted_columns().size());
        jb.llrs = llrs;
        const float alpha = d_alpha.load(); // one value for the whole call
        const simd_quantization dq = default_simd_quantization(
            d_options.precision, d_options.rule, alpha, d_code.get());
        jb.scale = std::ldexp(
            1.0f, d_follows.fraction_bits ? dq.fraction_bits : d_q.fraction_bits);
        jb.channel_max = d_q.channel_max;
        jb.msg_max = d_q.msg_max;
        jb.c2v_max = d_follows.c2v_max ? dq.c2v_max : d_q.c2v_max;
        jb.rule = d_options.rule;
        jb.alpha_q = simd_alpha_q(alpha);
        jb.beta_q = static_cast<int>(std::lrint(d_beta.load() * jb.scale));
        jb.alpha = alpha;
        jb.beta = d_beta.load();
        jb.flooding = d_options.schedule == decoding_schedule::flooding;
        if (d_qc.z > 0 && d_layout != simd_layout::inter_frame)
            set_qc_form(jb);
        jb.max_iterations = d_max_iterations.load();
        jb.early_termination = d_options.early_termination;
        jb.out = out;
        if (out.info_bits) {
            const std::vector<int>& info = d_code->info_positions();
            jb.info_positions = info.data();
            jb.k = static_cast<int>(info.size());
        }
        return jb;
    }

    /*! The job's intra-frame description (z > 0): d_qc's arrays. */
    void set_qc_form(simd::job& jb) const
    {
        jb.z = d_qc.z;
        jb.col_perm = d_qc.col_perm.empty() ? nullptr : d_qc.col_perm.data();
        jb.passes = static_cast<int>(d_qc.pass_ptr.size()) - 1;
        jb.pass_ptr = d_qc.pass_ptr.data();
        jb.pass_active = d_qc.pass_active.data();
        jb.circ_col = d_qc.circ_col.data();
        jb.circ_shift = d_qc.circ_shift.data();
        jb.circ_wmask = d_qc.circ_wmask.data();
        jb.circ_miss_ptr = d_qc.circ_miss_ptr.data();
        jb.miss_lane = d_qc.miss_lane.data();
        jb.lane_masks = d_qc.lane_masks.data();
        jb.syn_sets = static_cast<int>(d_qc.syn_ptr.size()) - 1;
        jb.syn_ptr = d_qc.syn_ptr.data();
        jb.syn_col = d_qc.syn_col.data();
        jb.syn_shift = d_qc.syn_shift.data();
        jb.syn_valid = d_qc.syn_valid.data();
    }

    /*! The kernels of the precision in use (int8, int16, else float). */
    kernels precision_kernels() const
    {
        switch (d_options.precision) {
        case message_precision::int8:
            return { d_pk.int8_fn,
                     d_pk.int8_intra_fn,
                     static_cast<size_t>(d_pk.int8_lanes) };
        case message_precision::int16:
            return { d_pk.int16_fn,
                     d_pk.int16_intra_fn,
                     static_cast<size_t>(d_pk.int16_lanes) };
        default:
            return { d_pk.float_fn,
                     d_pk.float_intra_fn,
                     static_cast<size_t>(d_pk.float_lanes) };
        }
    }

    /*!
     * Intra-frame when the QC path exists (z > 0: the job has the QC form) and is
     * the faster one for this call of `frames` frames, `lanes` per inter-frame
     * group: T workers; inter-frame runs ceil(G / T) W-lane groups per worker
     * (G = ceil(F / W)), intra-frame ceil(F / T) frames per worker, and one intra
     * decode costs about rho * (W-lane group) / W with rho ~ 1.2 Zp / Z (Zp: Z
     * padded to whole vectors; measured on wimax:2304, see docs/SIMD_DESIGN.md).
     * So a single frame, or a batch that would leave most lanes of its last
     * groups empty, goes intra-frame.
     */
    bool use_intra_frame(int z, size_t frames, size_t lanes) const
    {
        if (z <= 0)
            return false;
        if (d_layout == simd_layout::intra_frame)
            return true;
        if (d_layout == simd_layout::automatic && !d_qc.col_perm.empty()) {
            // DVB-S2: one intra-frame decode costs about rho W-lane-group
            // decodes / W, rho = 0.85 (passes / sets) (the sets split into
            // sublayers run once per sublayer on all lanes), x 0.8 with early
            // termination (no lane refill), x 1.5 in float (no compressed C2V);
            // measured on one core (docs/SIMD_DESIGN.md): intra-frame for the
            // low rates (normal 1/4 .. 1/2, passes / sets <= 1.1), inter-frame
            // for most high rates (3/5: 1.6, short 8/9: 5.2), and for few frames
            const double sets = static_cast<double>(d_qc.syn_ptr.size() - 1);
            const double passes = static_cast<double>(d_qc.pass_ptr.size() - 1);
            double rho = 0.85 * passes / sets;
            if (d_options.early_termination)
                rho *= 0.8;
            if (d_options.precision == message_precision::float32)
                rho *= 1.5;
            const size_t T = static_cast<size_t>(d_threads);
            const size_t G = (frames + lanes - 1) / lanes;
            return static_cast<double>((frames + T - 1) / T) * rho <
                   static_cast<double>(lanes * ((G + T - 1) / T));
        }
        if (d_layout == simd_layout::automatic) {
            const size_t T = static_cast<size_t>(d_threads);
            const size_t G = (frames + lanes - 1) / lanes;
            const size_t Z = static_cast<size_t>(z);
            const size_t Zp = (Z + lanes - 1) / lanes * lanes;
            return (frames + T - 1) / T * 6 * Zp < 5 * Z * lanes * ((G + T - 1) / T);
        }
        return false;
    }

    const simd::protokernel& d_pk;
    simd_quantization d_q;
    int d_threads;
    simd_layout d_layout;
    quantization_defaults d_follows; //!< fields that follow the rule (and alpha) per call
    std::vector<int>
        d_order; //!< identity: d_row_ptr / d_row_cols are in processing order
    std::vector<int> d_row_ptr, d_row_cols;
    int d_max_degree = 0;
    intra_desc d_qc;
};

void check_supported(const ldpc_code&, const decoder_options& o)
{
    if (o.precision != message_precision::int16 &&
        o.precision != message_precision::int8 &&
        o.precision != message_precision::float32)
        throw invalid_argument("SIMD decoder: precision " + to_string(o.precision) +
                               " is not a SIMD precision (int16, int8 or float)");
    if (!is_min_sum_family(o.rule))
        throw invalid_argument(
            "decoder backend cpu: precision " + to_string(o.precision) +
            " supports the min-sum family only (ms, nms, oms, scms), not spa");
}

} // namespace

namespace {

std::unique_ptr<decoder> make_simd_decoder_impl(ldpc_code::sptr code,
                                                const decoder_options& options,
                                                const std::string& arch,
                                                const simd_quantization& q,
                                                simd_layout layout,
                                                quantization_defaults follows)
{
    if (!code)
        throw invalid_argument("SIMD decoder: the code is null");
    options.validate();
    check_supported(*code, options);
    const int tmax = options.precision == message_precision::int8 ? 127 : 32767;
    if (options.precision != message_precision::float32 &&
        (q.fraction_bits < 0 || q.fraction_bits > 12 || q.channel_max < 1 ||
         q.channel_max > tmax || q.msg_max != tmax || q.c2v_max < 1 || q.c2v_max > tmax))
        throw invalid_argument(
            "SIMD decoder: bad quantization (fraction_bits in [0, 12], "
            "channel_max in [1, " +
            std::to_string(tmax) + "], msg_max = " + std::to_string(tmax) +
            ", c2v_max in [1, " + std::to_string(tmax) + "])");
    const simd::protokernel& pk =
        arch.empty() ? simd::best_protokernel() : simd::protokernel_by_name(arch);
    if (layout == simd_layout::automatic) {
        layout = options.layout;
    }
    return std::make_unique<simd_decoder>(
        std::move(code), options, pk, q, layout, follows);
}

} // namespace

std::unique_ptr<decoder> make_simd_decoder(ldpc_code::sptr code,
                                           const decoder_options& options,
                                           const std::string& arch,
                                           const simd_quantization& q,
                                           simd_layout layout)
{
    return make_simd_decoder_impl(std::move(code), options, arch, q, layout, {});
}

bool simd_intra_frame_capable(const ldpc_code& code)
{
    return make_intra_desc(code).z > 0;
}

std::unique_ptr<decoder> make_simd_decoder(ldpc_code::sptr code,
                                           const decoder_options& options,
                                           const std::string& arch)
{
    // the defaults are chosen again per call from the alpha in force (the family
    // default here, -1, is below 0.97 for every family)
    simd_quantization q = default_simd_quantization(
        options.precision, options.rule, options.alpha, code.get());
    if (options.precision != message_precision::float32) {
        if (options.fixed.fraction_bits >= 0)
            q.fraction_bits = options.fixed.fraction_bits;
        if (options.fixed.channel_max > 0)
            q.channel_max = options.fixed.channel_max;
        if (options.fixed.c2v_max > 0)
            q.c2v_max = options.fixed.c2v_max;
    }
    const bool fixed = options.precision != message_precision::float32;
    if (options.precision == message_precision::int8 &&
        options.rule != check_node_rule::normalized_min_sum &&
        !g_int8_floor_warned.exchange(true))
        std::clog << "gpufec: decoder (" << code->name() << "): precision int8 with rule "
                  << to_string(options.rule)
                  << " has an error floor on some codes (docs/VALIDATION.md, \"FER "
                     "matrix, deep\"); precision auto takes int16 for it. (Said once.)"
                  << std::endl;
    quantization_defaults follows;
    follows.fraction_bits = fixed && options.fixed.fraction_bits < 0;
    follows.c2v_max = fixed && options.fixed.c2v_max == 0;
    return make_simd_decoder_impl(
        std::move(code), options, arch, q, simd_layout::automatic, follows);
}

float simd_channel_zero_bound(const decoder& d)
{
    const auto* s = dynamic_cast<const simd_decoder*>(&d);
    const message_precision p = d.options().precision;
    if (!s || (p != message_precision::int8 && p != message_precision::int16))
        return 0.0f;
    return std::ldexp(0.5f, -s->quantization().fraction_bits);
}

std::string simd_decoder_arch(const decoder& d)
{
    const auto* s = dynamic_cast<const simd_decoder*>(&d);
    return s ? s->pk().name : "";
}

} // namespace gpufec
