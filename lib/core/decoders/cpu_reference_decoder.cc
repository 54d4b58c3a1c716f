/* -*- c++ -*- */
/*
 * CPU float reference decoder for binary LDPC codes: the oracle for every faster
 * decoder, written to be read first and to be reasonably fast second.
 *
 * Schedules: flooding (two-phase: all check nodes from the previous iteration's
 * messages, then all variable nodes) and layered (the layers of
 * parity_check_matrix::layers() in order, the posterior updated after every row).
 * Check-node rules:
 *  - SPA in the log domain with the exact box-plus
 *      a [+] b = sign(a) sign(b) min(|a|,|b|) + log1p(e^-|a+b|) - log1p(e^-|a-b|)
 *    (Andrade et al., "Near-LSPA Performance at MSA Complexity" eq. 2 and 5), every
 * extrinsic of a row by a forward-backward pass in O(d), clamped to the largest
 * magnitude the tanh rule represents in float (message_limits.h);
 *  - min-sum (Andrade et al. eq. 6) from min1, min2 and the sign product, normalized
 *    (alpha * min, eq. 7) and offset (max(min - beta, 0));
 *  - self-corrected min-sum (Savin, ISIT 2008; Andrade et al. eq. 9): min-sum check
 *    nodes, and a variable-to-check message whose sign differs from the one stored
 *    for that edge in the previous iteration, when that one is nonzero, is erased
 *    to 0 (the stored message is the one after erasure).
 * See cpu_reference_decoder.h for the iteration and the stopping rule.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "decoders/cpu_reference_decoder.h"
#include "decoders/check_node_traits.h"
#include "parallel/run_parallel.h"
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <exception>
#include <gpufec/error.h>
#include <gpufec/host_resources.h>
#include <string>
#include <thread>

namespace gpufec {

namespace {

constexpr float limit = cpu_reference_decoder::llr_limit;

inline float clamp_llr(float x) { return std::min(std::max(x, -limit), limit); }

/*!
 * Branch-free `negate ? -(take_b ? b : a) : (take_b ? b : a)` for a, b >= 0, on the
 * bits: the compiler turns the float form into a branch, and that branch is
 * unpredictable in a min-sum check node.
 */
inline float select_with_sign(bool take_b, float a, float b, bool negate)
{
    uint32_t ua, ub;
    std::memcpy(&ua, &a, sizeof ua);
    std::memcpy(&ub, &b, sizeof ub);
    const uint32_t mask = 0u - static_cast<uint32_t>(take_b);
    const uint32_t r =
        ((ua & ~mask) | (ub & mask)) ^ (static_cast<uint32_t>(negate) << 31);
    float out;
    std::memcpy(&out, &r, sizeof out);
    return out;
}

/*!
 * Exact box-plus of two LLRs. Its magnitude is min(|a|,|b|) minus a correction that
 * lies in [0, min(|a|,|b|)]; rounding is kept inside that range, so the result
 * never exceeds its inputs and large or saturated inputs stay finite.
 */
inline float box_plus(float a, float b)
{
    const float m = std::min(std::fabs(a), std::fabs(b));
    const float correction =
        std::log1p(std::exp(-std::fabs(a + b))) - std::log1p(std::exp(-std::fabs(a - b)));
    const float mag = std::min(std::max(m - std::fabs(correction), 0.0f), m);
    return ((a < 0.0f) != (b < 0.0f)) ? -mag : mag;
}

} // namespace

/*! What one decode() call runs with, read once from the options and the atomics. */
struct cpu_reference_decoder::run_parameters {
    check_node_rule rule;
    decoding_schedule schedule;
    float alpha;
    float beta;
    int max_iterations;
    bool early_termination;
    const int* info_positions; //!< null when no info bits are wanted
    int k;
};

/*! Scratch state of one worker thread; everything is sized once from the code. */
struct cpu_reference_decoder::frame_state {
    explicit frame_state(const parity_check_matrix& h)
        : channel(h.cols(), 0.0f), posterior(h.cols(), 0.0f), c2v(h.edges(), 0.0f),
          v2c_prev(h.edges(), 0.0f), row_extrinsic(std::max(h.max_row_degree(), 1)),
          row_v2c(std::max(h.max_row_degree(), 1)),
          row_c2v(std::max(h.max_row_degree(), 1)),
          forward(std::max(h.max_row_degree(), 1)),
          backward(std::max(h.max_row_degree(), 1)), hard(h.cols(), 0)
    {
    }

    std::vector<float> channel;       //!< per column of H; punctured columns stay 0
    std::vector<float> posterior;     //!< L_v per column of H
    std::vector<float> c2v;           //!< check-to-variable, per edge in CSR order
    std::vector<float> v2c_prev;      //!< SCMS: V2C of the previous iteration, per edge
    std::vector<float> row_extrinsic; //!< L_v - C2V_old of the row being processed
    std::vector<float> row_v2c;       //!< V2C of that row: clamped, SCMS-erased
    std::vector<float> row_c2v;       //!< new C2V of the row being processed
    std::vector<float> forward;       //!< SPA: forward box-plus sums of the row
    std::vector<float> backward;      //!< SPA: backward box-plus sums of the row
    std::vector<uint8_t> hard;        //!< hard decision per column of H
};

namespace {

/*!
 * Min-sum family: every extrinsic of a row from min1, min2 and the sign product,
 * then the rule's correction of the magnitude. The edge whose magnitude equals
 * min1 gets min2, every other edge min1 (when several edges tie at min1, min2 ==
 * min1, so which one counts as "the" minimum does not matter). Written with
 * min/max and selects only: no data-dependent branch, and the compiler vectorizes.
 */
template <check_node_rule Rule>
void min_sum_row(float alpha, float beta, const float* in, float* out, int d)
{
    // A row of degree 1 forces its bit to 0: the empty minimum is +limit.
    float min1 = limit;
    float min2 = limit;
    bool negative = false; // parity of the signs of the whole row
    for (int j = 0; j < d; ++j) {
        const float a = std::fabs(in[j]);
        negative ^= in[j] < 0.0f;
        min2 = std::min(min2, std::max(min1, a)); // the second smallest so far
        min1 = std::min(min1, a);
    }
    auto correct = [alpha, beta](float m) {
        constexpr magnitude_correction kind = check_node_traits<Rule>::correction;
        if constexpr (kind == magnitude_correction::normalized) {
            return alpha * m;
        } else if constexpr (kind == magnitude_correction::offset) {
            return std::max(m - beta, 0.0f);
        } else { // min-sum and self-corrected min-sum: the plain minimum
            (void)alpha;
            (void)beta;
            return m;
        }
    };
    const float mag1 = correct(min1); // to every edge but the minimum's own
    const float mag2 = correct(min2); // to the minimum's own edge
    for (int j = 0; j < d; ++j) {
        // magnitude: mag2 for the minimum's own edge; sign: the row's sign product
        // without this edge's own sign
        out[j] = select_with_sign(
            std::fabs(in[j]) == min1, mag1, mag2, negative != (in[j] < 0.0f));
    }
}

/*!
 * SPA: every extrinsic box-plus of a row by forward-backward sums, clamped to
 * +-message_limits::spa_c2v.
 */
void spa_row(const float* in, float* out, int d, float* fwd, float* bwd)
{
    if (d == 1) {
        out[0] = limit; // the empty box-plus: the bit is certainly 0
        return;
    }
    fwd[0] = in[0];
    for (int j = 1; j < d; ++j) {
        fwd[j] = box_plus(fwd[j - 1], in[j]);
    }
    bwd[d - 1] = in[d - 1];
    for (int j = d - 2; j >= 0; --j) {
        bwd[j] = box_plus(bwd[j + 1], in[j]);
    }
    out[0] = bwd[1];
    out[d - 1] = fwd[d - 2];
    for (int j = 1; j < d - 1; ++j) {
        out[j] = box_plus(fwd[j - 1], bwd[j + 1]);
    }
    // the C2V bound of the tanh rule in float (message_limits.h)
    constexpr float c2v_max = message_limits::spa_c2v;
    for (int j = 0; j < d; ++j) {
        out[j] = std::min(std::max(out[j], -c2v_max), c2v_max);
    }
}

} // namespace

cpu_reference_decoder::cpu_reference_decoder(ldpc_code::sptr code,
                                             const decoder_options& options)
    : decoder(std::move(code), options), d_threads(options.threads)
{
    if (d_threads == 0) {
        d_threads = resolve_threads(0, "threads");
    }
    // The layered schedule relies on the layers covering every row exactly once.
    const parity_check_matrix& h = d_code->h();
    std::vector<int> seen(h.rows(), 0);
    for (const auto& layer : h.layers()) {
        for (int r : layer) {
            if (r < 0 || r >= h.rows() || seen[r]++) {
                throw invalid_argument("cpu_reference_decoder: the layers of code " +
                                       d_code->name() + " list row " + std::to_string(r) +
                                       " twice or out of range");
            }
        }
    }
    for (int r = 0; r < h.rows(); ++r) {
        if (!seen[r]) {
            throw invalid_argument("cpu_reference_decoder: the layers of code " +
                                   d_code->name() + " miss row " + std::to_string(r));
        }
    }
}

cpu_reference_decoder::~cpu_reference_decoder() = default;

std::unique_ptr<cpu_reference_decoder::frame_state> cpu_reference_decoder::acquire_state()
{
    {
        std::lock_guard<std::mutex> lock(d_pool_mutex);
        if (!d_pool.empty()) {
            auto s = std::move(d_pool.back());
            d_pool.pop_back();
            return s;
        }
    }
    return std::make_unique<frame_state>(d_code->h());
}

void cpu_reference_decoder::release_state(std::unique_ptr<frame_state> state)
{
    std::lock_guard<std::mutex> lock(d_pool_mutex);
    d_pool.push_back(std::move(state));
}

namespace {

/*!
 * One row: the extrinsic e_v = L_v - C2V_old of each of its columns; the V2C
 * message is e_v clamped to +-llr_limit (and, for SCMS, erased on a sign change);
 * then the new C2V from the V2C messages and, in the layered schedule, the
 * posterior L_v = e_v + C2V_new. So L_v = channel_v + sum of C2V holds in both
 * schedules: the clamp and the SCMS erasure change only what the check node sees,
 * and the posterior never saturates (which would corrupt L_v - C2V_old).
 * (A template only because frame_state is private to the decoder.)
 */
template <check_node_rule Rule, typename State>
void process_row(
    const parity_check_matrix& h, int r, float alpha, float beta, bool layered, State& s)
{
    const index_span cols = h.row(r);
    const int d = cols.size();
    const int e0 = h.row_ptr()[r];
    float* extrinsic = s.row_extrinsic.data();
    float* v2c = s.row_v2c.data();
    float* c2v_new = s.row_c2v.data();
    float* c2v = s.c2v.data() + e0;

    for (int j = 0; j < d; ++j) {
        extrinsic[j] = s.posterior[cols[j]] - c2v[j];
        v2c[j] = clamp_llr(extrinsic[j]);
    }

    if constexpr (check_node_traits<Rule>::self_corrected) {
        // Andrade et al. eq. 9. v2c_prev starts at 0 for every frame, so the first
        // iteration erases nothing.
        float* prev = s.v2c_prev.data() + e0;
        for (int j = 0; j < d; ++j) {
            // signs strictly opposite (a zero on either side is no sign change);
            // '&' and '|' rather than '&&' and '||' keep the loop free of branches
            const bool changed = ((v2c[j] < 0.0f) & (prev[j] > 0.0f)) |
                                 ((v2c[j] > 0.0f) & (prev[j] < 0.0f));
            v2c[j] = changed ? 0.0f : v2c[j];
            prev[j] = v2c[j];
        }
    }

    if constexpr (!check_node_traits<Rule>::min_sum_family) {
        (void)alpha;
        (void)beta;
        spa_row(v2c, c2v_new, d, s.forward.data(), s.backward.data());
    } else {
        min_sum_row<Rule>(alpha, beta, v2c, c2v_new, d);
    }

    for (int j = 0; j < d; ++j) {
        c2v[j] = c2v_new[j];
    }
    if (layered) {
        for (int j = 0; j < d; ++j) {
            s.posterior[cols[j]] = extrinsic[j] + c2v_new[j];
        }
    }
}

/*! Hard decision of every column (L < 0 -> 1, L == 0 -> 0) and H x == 0. */
bool hard_decision_and_syndrome(const parity_check_matrix& h,
                                const std::vector<float>& posterior,
                                std::vector<uint8_t>& hard)
{
    const int n = h.cols();
    for (int c = 0; c < n; ++c) {
        hard[c] = posterior[c] < 0.0f ? 1 : 0;
    }
    const std::vector<int>& row_ptr = h.row_ptr();
    const std::vector<int>& row_cols = h.row_cols();
    for (int r = 0; r < h.rows(); ++r) {
        uint8_t parity = 0;
        for (int e = row_ptr[r]; e < row_ptr[r + 1]; ++e) {
            parity ^= hard[row_cols[e]];
        }
        if (parity) {
            return false;
        }
    }
    return true;
}

/*!
 * The iterations of one frame (messages already reset); returns iterations run.
 * Flooding: every row reads the posteriors of the previous iteration (they change
 * only in the variable-node phase), which is the two-phase schedule.
 */
template <check_node_rule Rule, typename State, typename Params>
int iterate(const parity_check_matrix& h, const Params& p, State& s)
{
    const std::vector<int>& col_ptr = h.col_ptr();
    const std::vector<int>& col_to_row_edge = h.col_edge_to_row_edge();
    int iterations = 0;
    while (iterations < p.max_iterations) {
        ++iterations;
        if (p.schedule == decoding_schedule::layered) {
            for (const auto& layer : h.layers()) {
                for (int r : layer) {
                    process_row<Rule>(h, r, p.alpha, p.beta, true, s);
                }
            }
        } else {
            // check-node phase
            for (int r = 0; r < h.rows(); ++r) {
                process_row<Rule>(h, r, p.alpha, p.beta, false, s);
            }
            // variable-node phase: L_v = channel_v + sum of the new C2V
            for (int c = 0; c < h.cols(); ++c) {
                float sum = s.channel[c];
                for (int e = col_ptr[c]; e < col_ptr[c + 1]; ++e) {
                    sum += s.c2v[col_to_row_edge[e]];
                }
                s.posterior[c] = sum;
            }
        }
        if (p.early_termination && hard_decision_and_syndrome(h, s.posterior, s.hard)) {
            break;
        }
    }
    return iterations;
}

} // namespace

/*! Decodes the frame whose channel LLRs are in s.channel; returns iterations run. */
int cpu_reference_decoder::decode_frame(const run_parameters& p, frame_state& s) const
{
    const parity_check_matrix& h = d_code->h();
    std::fill(s.c2v.begin(), s.c2v.end(), 0.0f);
    std::fill(s.v2c_prev.begin(), s.v2c_prev.end(), 0.0f);
    std::copy(s.channel.begin(), s.channel.end(), s.posterior.begin());

    if (!known_rule(p.rule)) {
        throw invalid_argument("cpu_reference_decoder: unknown check-node rule");
    }
    return visit_rule(p.rule,
                      [&](auto tag) { return iterate<decltype(tag)::value>(h, p, s); });
}

void cpu_reference_decoder::decode_range(const float* llrs,
                                         size_t first,
                                         size_t last,
                                         const run_parameters& p,
                                         const decode_output& out,
                                         frame_state& s) const
{
    const parity_check_matrix& h = d_code->h();
    const std::vector<int>& transmitted = d_code->transmitted_columns();
    const size_t n = transmitted.size();

    for (size_t f = first; f < last; ++f) {
        // punctured columns are never written: they keep LLR 0
        const float* in = llrs + f * n;
        for (size_t i = 0; i < n; ++i) {
            s.channel[transmitted[i]] = clamp_llr(in[i]);
        }

        const int iterations = decode_frame(p, s);
        // with early termination the last iteration already left hard and syndrome;
        // recomputing is cheap and keeps one code path for both cases
        const bool ok = hard_decision_and_syndrome(h, s.posterior, s.hard);

        if (out.info_bits) {
            uint8_t* dst = out.info_bits + f * static_cast<size_t>(p.k);
            for (int i = 0; i < p.k; ++i) {
                dst[i] = s.hard[p.info_positions[i]];
            }
        }
        if (out.codewords) {
            uint8_t* dst = out.codewords + f * n;
            for (size_t i = 0; i < n; ++i) {
                dst[i] = s.hard[transmitted[i]];
            }
        }
        if (out.iterations) {
            out.iterations[f] = iterations;
        }
        if (out.parity_ok) {
            out.parity_ok[f] = ok ? 1 : 0;
        }
    }
}

void cpu_reference_decoder::decode_checked(const float* llrs,
                                           size_t frames,
                                           const decode_output& out)
{
    run_parameters p;
    p.rule = d_options.rule;
    p.schedule = d_options.schedule;
    p.alpha = d_alpha.load();
    p.beta = d_beta.load();
    p.max_iterations = d_max_iterations.load();
    p.early_termination = d_options.early_termination;
    p.info_positions = nullptr;
    p.k = 0;
    if (out.info_bits) {
        // the code builds its encoder on first use, once
        const std::vector<int>& info = d_code->info_positions();
        p.info_positions = info.data();
        p.k = static_cast<int>(info.size());
    }

    // Contiguous chunks of frames, one per worker; each frame is decoded from a
    // fresh state, so the results do not depend on the split.
    const size_t workers = std::min(frames, static_cast<size_t>(d_threads));
    std::vector<std::unique_ptr<frame_state>> states;
    states.reserve(workers);
    for (size_t w = 0; w < workers; ++w) {
        states.push_back(acquire_state());
    }

    const size_t chunk = frames / workers;
    const size_t extra = frames % workers; // the first `extra` chunks get one more
    run_parallel(workers, [&](size_t w) {
        const size_t first = w * chunk + std::min(w, extra);
        const size_t last = first + chunk + (w < extra ? 1 : 0);
        decode_range(llrs, first, last, p, out, *states[w]);
    });
    // back to the pool (after an exception the states are freed instead)
    for (auto& s : states) {
        release_state(std::move(s));
    }
}

std::unique_ptr<decoder> make_cpu_reference_decoder(ldpc_code::sptr code,
                                                    const decoder_options& options)
{
    if (options.precision != message_precision::float32) {
        throw invalid_argument(
            "decoder backend cpu: precision " + to_string(options.precision) +
            " is not available on the CPU (it offers float32, int16 and int8 for the"
            " min-sum family ms / nms / oms / scms, float32 for spa; half2 is a"
            " cuda-backend precision): use precision int8, or backend cuda");
    }
    return std::make_unique<cpu_reference_decoder>(std::move(code), options);
}

} // namespace gpufec
