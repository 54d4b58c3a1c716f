/* -*- c++ -*- */
/*
 * The CPU SIMD decoder: options checks, threads over frame ranges, and the call
 * into the protokernel chosen at run time (lib/core/simd/).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "simd_decoder.h"
#include "simd/simd_kernels.h"
#include <gpufec/error.h>
#include <algorithm>
#include <cmath>
#include <exception>
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
    throw invalid_argument("SIMD decoder: no fixed-point quantization for precision " +
                           to_string(precision));
}

namespace {

class simd_decoder : public decoder
{
public:
    simd_decoder(ldpc_code::sptr code,
                 const decoder_options& options,
                 const simd::protokernel& pk,
                 const simd_quantization& q)
        : decoder(std::move(code), options), d_pk(pk), d_q(q), d_threads(options.threads)
    {
        if (d_threads == 0)
            d_threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        const parity_check_matrix& h = d_code->h();
        for (const auto& layer : h.layers())
            for (int r : layer)
                d_order.push_back(r);
        if (static_cast<int>(d_order.size()) != h.rows())
            throw invalid_argument("SIMD decoder: the layers of code " + d_code->name() +
                                   " do not cover every row once");
        for (int r = 0; r < h.rows(); ++r)
            d_max_degree = std::max(d_max_degree, h.row_ptr()[r + 1] - h.row_ptr()[r]);
    }

    std::string backend_name() const override { return "cpu"; }
    const simd::protokernel& pk() const { return d_pk; }

protected:
    void decode_checked(const float* llrs, size_t frames, const decode_output& out) override
    {
        const parity_check_matrix& h = d_code->h();
        simd::job jb;
        jb.cols = h.cols();
        jb.edges = h.row_ptr().back();
        jb.row_ptr = h.row_ptr().data();
        jb.row_cols = h.row_cols().data();
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
        jb.max_iterations = d_max_iterations.load();
        jb.early_termination = d_options.early_termination;
        jb.out = out;
        if (out.info_bits) {
            const std::vector<int>& info = d_code->info_positions();
            jb.info_positions = info.data();
            jb.k = static_cast<int>(info.size());
        }
        const bool i8 = d_options.precision == message_precision::int8;
        const simd::kernel_fn fn = i8 ? d_pk.int8_fn : d_pk.int16_fn;
        const size_t lanes = static_cast<size_t>(i8 ? d_pk.int8_lanes : d_pk.int16_lanes);

        // contiguous chunks, whole lane groups where possible, one per worker
        const size_t groups = (frames + lanes - 1) / lanes;
        const size_t workers = std::max<size_t>(1, std::min(groups, static_cast<size_t>(d_threads)));
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
    std::vector<int> d_order;
    int d_max_degree = 0;
};

void check_supported(const ldpc_code& code, const decoder_options& o)
{
    if (o.precision != message_precision::int16 && o.precision != message_precision::int8)
        throw invalid_argument("SIMD decoder: precision " + to_string(o.precision) +
                               " is not a SIMD precision (int16 or int8)");
    if (o.rule == check_node_rule::spa)
        throw invalid_argument("decoder backend cpu: precision " + to_string(o.precision) +
                               " supports the min-sum family only (ms, nms, oms, scms), not spa");
    if (o.schedule != decoding_schedule::layered)
        throw invalid_argument("decoder backend cpu: precision " + to_string(o.precision) +
                               " supports the layered schedule only, not " +
                               to_string(o.schedule) + " (code " + code.name() + ")");
}

} // namespace

std::unique_ptr<decoder> make_simd_decoder(ldpc_code::sptr code,
                                           const decoder_options& options,
                                           const std::string& arch,
                                           const simd_quantization& q)
{
    if (!code)
        throw invalid_argument("SIMD decoder: the code is null");
    options.validate();
    check_supported(*code, options);
    const int tmax = options.precision == message_precision::int8 ? 127 : 32767;
    if (q.fraction_bits < 0 || q.fraction_bits > 12 || q.channel_max < 1 ||
        q.channel_max > tmax || q.msg_max != tmax)
        throw invalid_argument("SIMD decoder: bad quantization (fraction_bits in [0, 12], "
                               "channel_max in [1, " + std::to_string(tmax) +
                               "], msg_max = " + std::to_string(tmax) + ")");
    const simd::protokernel& pk =
        arch.empty() ? simd::best_protokernel() : simd::protokernel_by_name(arch);
    return std::make_unique<simd_decoder>(std::move(code), options, pk, q);
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
