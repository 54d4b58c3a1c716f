/* -*- c++ -*- */
/*
 * The CPU SIMD decoder: options checks, the QC block description of the
 * intra-frame path, the choice inter- / intra-frame per call, threads over frame
 * ranges, and the call into the protokernel chosen at run time (lib/core/simd/).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "simd_decoder.h"
#include "simd/simd_kernels.h"
#include <algorithm>
#include <cmath>
#include <exception>
#include <gpufec/error.h>
#include <system_error>
#include <thread>
#include <vector>

namespace gpufec {

simd_quantization default_simd_quantization(message_precision precision)
{
    if (precision == message_precision::int16)
        return { 3, 1024, 32767 };
    if (precision == message_precision::int8)
        return { 2, 63, 127 };
    if (precision == message_precision::float32)
        return { 0, 0, 0 };
    throw invalid_argument("SIMD decoder: no fixed-point quantization for precision " +
                           to_string(precision));
}

namespace {

/*! QC blocks of the layers, in CSR order; empty when the code lacks the structure. */
struct qc_blocks {
    int z = 0;
    std::vector<int> ptr, col, shift;
};

qc_blocks make_qc_blocks(const ldpc_code& code)
{
    qc_blocks b;
    const parity_check_matrix& h = code.h();
    if (!h.is_qc())
        return b;
    const qc_structure& qc = h.qc();
    const int Z = qc.z;
    if (Z <= 0 || h.rows() != qc.block_rows * Z || h.cols() != qc.block_cols * Z ||
        static_cast<int>(h.layers().size()) != qc.block_rows)
        return b;
    b.ptr.push_back(0);
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
        for (int j = 0; j < d; ++j) {
            const int c0 = h.row_cols()[h.row_ptr()[r0] + j];
            const int bc = c0 / Z, s = c0 % Z;
            for (int i = 0; i < Z; ++i) {
                const int r = r0 + i;
                if (h.row_ptr()[r + 1] - h.row_ptr()[r] != d ||
                    h.row_cols()[h.row_ptr()[r] + j] != bc * Z + (i + s) % Z)
                    return {};
            }
            b.col.push_back(bc);
            b.shift.push_back(s);
        }
        b.ptr.push_back(static_cast<int>(b.col.size()));
    }
    b.z = Z;
    return b;
}

class simd_decoder : public decoder
{
public:
    simd_decoder(ldpc_code::sptr code,
                 const decoder_options& options,
                 const simd::protokernel& pk,
                 const simd_quantization& q,
                 simd_layout layout)
        : decoder(std::move(code), options), d_pk(pk), d_q(q), d_threads(options.threads),
          d_layout(layout)
    {
        if (d_threads == 0)
            d_threads =
                static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
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
            d_qc = make_qc_blocks(*d_code);
        if (options.schedule == decoding_schedule::flooding) {
            // the reference's order: the next posterior sums C2V in ascending rows
            for (int r = 0; r < h.rows(); ++r)
                order[r] = r;
        } else if (options.precision != message_precision::float32 && d_qc.z == 0) {
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

protected:
    void
    decode_checked(const float* llrs, size_t frames, const decode_output& out) override
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
        jb.scale = std::ldexp(1.0f, d_q.fraction_bits);
        jb.channel_max = d_q.channel_max;
        jb.msg_max = d_q.msg_max;
        jb.rule = d_options.rule;
        jb.alpha_q = std::max(1, static_cast<int>(std::lrint(d_alpha.load() * 16.0f)));
        jb.beta_q = static_cast<int>(std::lrint(d_beta.load() * jb.scale));
        jb.alpha = d_alpha.load();
        jb.beta = d_beta.load();
        jb.flooding = d_options.schedule == decoding_schedule::flooding;
        if (d_qc.z > 0 && d_layout != simd_layout::inter_frame) {
            jb.z = d_qc.z;
            jb.block_rows = static_cast<int>(d_qc.ptr.size()) - 1;
            jb.blk_ptr = d_qc.ptr.data();
            jb.blk_col = d_qc.col.data();
            jb.blk_shift = d_qc.shift.data();
        }
        jb.max_iterations = d_max_iterations.load();
        jb.early_termination = d_options.early_termination;
        jb.out = out;
        if (out.info_bits) {
            const std::vector<int>& info = d_code->info_positions();
            jb.info_positions = info.data();
            jb.k = static_cast<int>(info.size());
        }
        simd::kernel_fn fn, intra_fn;
        size_t lanes;
        switch (d_options.precision) {
        case message_precision::int8:
            fn = d_pk.int8_fn;
            intra_fn = d_pk.int8_intra_fn;
            lanes = static_cast<size_t>(d_pk.int8_lanes);
            break;
        case message_precision::int16:
            fn = d_pk.int16_fn;
            intra_fn = d_pk.int16_intra_fn;
            lanes = static_cast<size_t>(d_pk.int16_lanes);
            break;
        default:
            fn = d_pk.float_fn;
            intra_fn = d_pk.float_intra_fn;
            lanes = static_cast<size_t>(d_pk.float_lanes);
            break;
        }
        // Intra-frame when the QC path exists and is the faster one for this call:
        // T workers; inter-frame runs ceil(G / T) W-lane groups per worker (G =
        // ceil(F / W)), intra-frame ceil(F / T) frames per worker, and one intra
        // decode costs about rho * (W-lane group) / W with rho ~ 1.2 Zp / Z
        // (Zp: Z padded to whole vectors; measured on wimax:2304, see
        // docs/SIMD_DESIGN.md). So a single frame, or a batch that would leave
        // most lanes of its last groups empty, goes intra-frame.
        bool intra = false;
        if (jb.z > 0) {
            if (d_layout == simd_layout::intra_frame) {
                intra = true;
            } else if (d_layout == simd_layout::automatic) {
                const size_t T = static_cast<size_t>(d_threads);
                const size_t G = (frames + lanes - 1) / lanes;
                const size_t Z = static_cast<size_t>(jb.z);
                const size_t Zp = (Z + lanes - 1) / lanes * lanes;
                intra = (frames + T - 1) / T * 6 * Zp < 5 * Z * lanes * ((G + T - 1) / T);
            }
        }
        if (intra) {
            fn = intra_fn;
            lanes = 1;
            jb.row_ptr = h.row_ptr().data(); // the QC blocks index the original CSR
            jb.row_cols = h.row_cols().data();
        }

        // contiguous chunks, whole lane groups where possible, one per worker
        const size_t groups = (frames + lanes - 1) / lanes;
        const size_t workers =
            std::max<size_t>(1, std::min(groups, static_cast<size_t>(d_threads)));
        std::vector<std::exception_ptr> errors(workers);
        auto work = [&](size_t w) {
            simd::job j = jb;
            j.first = std::min(frames, (groups * w / workers) * lanes);
            j.last = std::min(frames, (groups * (w + 1) / workers) * lanes);
            try {
                if (j.first < j.last)
                    fn(j);
            } catch (...) {
                errors[w] = std::current_exception();
            }
        };
        std::vector<std::thread> threads;
        for (size_t w = 1; w < workers; ++w) {
            try {
                threads.emplace_back(work, w);
            } catch (const std::system_error&) {
                work(w);
            }
        }
        work(0);
        for (auto& t : threads)
            t.join();
        for (const auto& e : errors)
            if (e)
                std::rethrow_exception(e);
    }

private:
    const simd::protokernel& d_pk;
    simd_quantization d_q;
    int d_threads;
    simd_layout d_layout;
    std::vector<int>
        d_order; //!< identity: d_row_ptr / d_row_cols are in processing order
    std::vector<int> d_row_ptr, d_row_cols;
    int d_max_degree = 0;
    qc_blocks d_qc;
};

void check_supported(const ldpc_code&, const decoder_options& o)
{
    if (o.precision != message_precision::int16 &&
        o.precision != message_precision::int8 &&
        o.precision != message_precision::float32)
        throw invalid_argument("SIMD decoder: precision " + to_string(o.precision) +
                               " is not a SIMD precision (int16, int8 or float)");
    if (o.rule == check_node_rule::spa)
        throw invalid_argument(
            "decoder backend cpu: precision " + to_string(o.precision) +
            " supports the min-sum family only (ms, nms, oms, scms), not spa");
}

} // namespace

std::unique_ptr<decoder> make_simd_decoder(ldpc_code::sptr code,
                                           const decoder_options& options,
                                           const std::string& arch,
                                           const simd_quantization& q,
                                           simd_layout layout)
{
    if (!code)
        throw invalid_argument("SIMD decoder: the code is null");
    options.validate();
    check_supported(*code, options);
    const int tmax = options.precision == message_precision::int8 ? 127 : 32767;
    if (options.precision != message_precision::float32 &&
        (q.fraction_bits < 0 || q.fraction_bits > 12 || q.channel_max < 1 ||
         q.channel_max > tmax || q.msg_max != tmax))
        throw invalid_argument(
            "SIMD decoder: bad quantization (fraction_bits in [0, 12], "
            "channel_max in [1, " +
            std::to_string(tmax) + "], msg_max = " + std::to_string(tmax) + ")");
    const simd::protokernel& pk =
        arch.empty() ? simd::best_protokernel() : simd::protokernel_by_name(arch);
    return std::make_unique<simd_decoder>(std::move(code), options, pk, q, layout);
}

bool simd_intra_frame_capable(const ldpc_code& code)
{
    return make_qc_blocks(code).z > 0;
}

std::unique_ptr<decoder> make_simd_decoder(ldpc_code::sptr code,
                                           const decoder_options& options,
                                           const std::string& arch)
{
    const simd_quantization q = default_simd_quantization(options.precision);
    return make_simd_decoder(std::move(code), options, arch, q);
}

std::string simd_decoder_arch(const decoder& d)
{
    const auto* s = dynamic_cast<const simd_decoder*>(&d);
    return s ? s->pk().name : "";
}

} // namespace gpufec
