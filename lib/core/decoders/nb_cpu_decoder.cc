/* -*- c++ -*- */
/*
 * CPU reference decoder of nonbinary LDPC codes (float), include/gpufec/nb_decoder.h:
 *  - check node: forward-backward algorithm (FBA) of Min-Max (Savin, ISIT 2008;
 *    Wang et al., "Parallel Nonbinary LDPC Decoding on GPU" Algorithm 2; Thi and Lee,
 * "Efficient Parallel Block-layered Nonbinary Quasi-cyclic LDPC Decoding on a GPU" eqs.
 * 2-6) with the MMMA merger of Thi and Lee (eqs. 8-10): inputs are permuted into the
 * check domain once, U_i(a) = Q_i(h_i^-1 a), so F_i(a) = min_{a'+a''=a} max(F_{i-1}(a'),
 * U_i(a'')) and B_i likewise carry the H multiplications; M_0 = B_1, M_{d-1} = F_{d-2},
 *    M_i(a) = min_{a'+a''=a} max(F_{i-1}(a'), B_{i+1}(a'')), one GF addition (XOR)
 *    per pair; the C2V message is R_i(x) = M_i(h_i x). EMS uses (min, +) and
 *    n_m truncation.
 *    Each (min, op) convolution is a run-time dispatched protokernel
 *    (lib/core/simd/nb_minmax.h: AVX-512, AVX2, or the generic scalar loop that
 *    visits the first operand in ascending order and stops once its value
 *    reaches the best result so far); all give identical results.
 *  - schedules: flooding (Wang et al. (nonbinary GPU decoding) Algorithm 1) and
 * block-layered (Thi and Lee Algorithm 1); syndrome early termination.
 *  - threads over frames, each with its own message memory.
 *  - any input stays finite: channel values and V2C messages are clamped to
 *    message_cap (1e30, far beyond any meaningful LLR), so every sum the trellis
 *    and the APP update form stays below FLT_MAX, and the hard decision takes
 *    the first minimum within the vector whatever it holds.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "decoders/nb_cpu_decoder.h"
#include "parallel/run_parallel.h"
#include "simd/nb_minmax.h"
#include <gpufec/error.h>
#include <gpufec/host_resources.h>

#include <algorithm>
#include <cstring>
#include <exception>
#include <limits>
#include <numeric>
#include <thread>
#include <vector>

namespace gpufec {

namespace {

constexpr float inf = std::numeric_limits<float>::infinity();
/* Largest channel value or V2C entry: the sums of up to 1024 C2V over 64 edges
   stay finite (6.6e34 < FLT_MAX). */
constexpr float message_cap = 1e30f;

/* dst = src clamped to [.., message_cap] (symbol LLRs are >= 0 after
   normalization; +inf from an overflowing bit LLR conversion becomes the cap). */
inline void load_channel(const float* src, float* dst, size_t q)
{
    for (size_t a = 0; a < q; a++) {
        dst[a] = std::min(src[a], message_cap);
    }
}

class nb_cpu_decoder : public nb_decoder
{
public:
    nb_cpu_decoder(nb_code::sptr code,
                   const nb_decoder_options& options,
                   const std::string& arch)
        : nb_decoder(std::move(code), options)
    {
        const nb_matrix& h = d_code->h();
        const galois_field& gf = d_code->field();
        d_q = h.q();
        const size_t e = h.edges();
        d_to_check.resize(e * d_q);
        d_to_var.resize(e * d_q);
        for (size_t i = 0; i < e; i++) {
            const uint8_t hv = h.row_vals()[i];
            const uint8_t hi = gf.inv(hv);
            for (int a = 0; a < d_q; a++) {
                d_to_check[i * d_q + a] = gf.mul(hv, static_cast<uint8_t>(a));
                d_to_var[i * d_q + a] = gf.mul(hi, static_cast<uint8_t>(a));
            }
        }
        d_nm = options.ems_nm == 0 ? d_q : options.ems_nm;
        d_kernel = arch.empty() ? &simd::nb_best_minmax_kernel()
                                : &simd::nb_minmax_kernel_by_name(arch);
        d_conv = options.rule == nb_check_rule::min_max ? d_kernel->min_max
                                                        : d_kernel->min_sum;
        d_gather = d_kernel->gather;
        for (const auto& layer : h.layers()) {
            d_row_order.insert(d_row_order.end(), layer.begin(), layer.end());
        }
    }

    std::string backend_name() const override { return "cpu"; }
    /*! The check-node convolution protokernel in use (generic, avx2, avx512). */
    const char* kernel_name() const { return d_kernel->name; }

protected:
    void decode_symbol_llrs(const float* llrs,
                            size_t frames,
                            int max_iterations,
                            uint8_t* symbols,
                            int* iterations,
                            uint8_t* parity_ok) override
    {
        int workers = d_options.threads;
        if (workers == 0) {
            workers = resolve_threads(0, "threads");
        }
        workers = std::max(1, std::min<int>(workers, static_cast<int>(frames)));
        const size_t n = static_cast<size_t>(d_code->n());
        auto work = [&](size_t begin, size_t end) {
            workspace ws(*this);
            for (size_t f = begin; f < end; f++) {
                decode_frame(ws,
                             llrs + f * n * d_q,
                             max_iterations,
                             symbols + f * n,
                             iterations[f],
                             parity_ok[f]);
            }
        };
        run_parallel(static_cast<size_t>(workers), [&](size_t t) {
            work(frames * t / workers, frames * (t + 1) / workers);
        });
    }

private:
    struct workspace {
        std::vector<float> r;          // C2V, edges x q, variable domain
        std::vector<float> v2c;        // V2C, edges x q, variable domain (flooding)
        std::vector<float> app;        // N x q
        std::vector<float> u, f, b, m; // check-node scratch, dc x q
        std::vector<float> tmp;
        std::vector<uint8_t> hard;
        explicit workspace(const nb_cpu_decoder& d)
        {
            const nb_matrix& h = d.d_code->h();
            const size_t q = d.d_q;
            r.resize(h.edges() * q);
            if (d.d_options.schedule == decoding_schedule::flooding) {
                v2c.resize(h.edges() * q);
            }
            app.resize(static_cast<size_t>(h.cols()) * q);
            const size_t dc = static_cast<size_t>(std::max(2, h.max_row_degree()));
            u.resize(dc * q);
            f.resize(dc * q);
            b.resize(dc * q);
            m.resize(dc * q);
            tmp.resize(q);
            hard.resize(h.cols());
        }
    };

    /*
     * out(a) = min_{a'} op(x(a'), y(a ^ a')), op = max (Min-Max) or + (EMS): the
     * run-time chosen protokernel of lib/core/simd/nb_minmax.h (AVX-512, AVX2 or
     * the generic sorted-and-pruned loop; all give identical results).
     */
    void convolve(const float* x, const float* y, float* out, workspace&) const
    {
        d_conv(x, y, out, d_q);
    }

    /* EMS: keep the n_m smallest entries, the rest = n_m-th value + offset. */
    void truncate(float* v, workspace& ws) const
    {
        if (d_options.rule != nb_check_rule::ems || d_nm >= d_q) {
            return;
        }
        float* t = ws.tmp.data();
        std::copy(v, v + d_q, t);
        std::nth_element(t, t + (d_nm - 1), t + d_q);
        const float th = t[d_nm - 1];
        const float cap = th + d_options.ems_offset;
        int kept = 0;
        for (int a = 0; a < d_q; a++) {
            if (v[a] < th || (v[a] == th && kept < d_nm)) {
                kept++;
            } else if (v[a] > th) {
                v[a] = cap;
            }
        }
    }

    /*
     * One check node: U (dc x q, check domain, normalized) -> M (dc x q, check
     * domain), through the forward-backward trellis.
     */
    void check_node(int dc, workspace& ws) const
    {
        const size_t q = d_q;
        float* u = ws.u.data();
        float* f = ws.f.data();
        float* b = ws.b.data();
        float* m = ws.m.data();
        for (int i = 0; i < dc; i++) {
            truncate(u + i * q, ws);
        }
        if (dc == 1) {
            // A degree-1 check forces its symbol to 0 (large, not infinite: the
            // layered V2C = APP - C2V must stay finite).
            std::fill(m, m + q, 1e30f);
            m[0] = 0.0f;
            return;
        }
        std::copy(u, u + q, f);
        for (int i = 1; i <= dc - 2; i++) {
            convolve(f + (i - 1) * q, u + i * q, f + i * q, ws);
            truncate(f + i * q, ws);
        }
        std::copy(u + (dc - 1) * q, u + dc * q, b + (dc - 1) * q);
        for (int i = dc - 2; i >= 1; i--) {
            convolve(b + (i + 1) * q, u + i * q, b + i * q, ws);
            truncate(b + i * q, ws);
        }
        std::copy(b + q, b + 2 * q, m);
        std::copy(f + (dc - 2) * q, f + (dc - 1) * q, m + (dc - 1) * q);
        for (int i = 1; i <= dc - 2; i++) {
            convolve(f + (i - 1) * q, b + (i + 1) * q, m + i * q, ws);
        }
        if (d_options.rule == nb_check_rule::ems) {
            const float off = d_options.ems_offset;
            const float scale = d_options.ems_scale;
            for (size_t t = 0; t < dc * q; t++) {
                m[t] = scale * std::max(0.0f, m[t] - off);
            }
        }
    }

    /* Minimum of v[0..q): eight running minima (the compiler's minps), then
       their minimum; min is exact, so the order does not change the value. */
    static float vmin(const float* v, int q)
    {
        if (q < 8) {
            float mn = v[0];
            for (int a = 1; a < q; a++) {
                mn = std::min(mn, v[a]);
            }
            return mn;
        }
        float m[8];
        for (int j = 0; j < 8; j++) {
            m[j] = v[j];
        }
        for (int a = 8; a < q; a += 8) {
            for (int j = 0; j < 8; j++) {
                m[j] = v[a + j] < m[j] ? v[a + j] : m[j];
            }
        }
        float mn = m[0];
        for (int j = 1; j < 8; j++) {
            mn = std::min(mn, m[j]);
        }
        return mn;
    }

    /* v - min(v), each entry clamped to message_cap. */
    static void normalize(float* v, int q)
    {
        const float mn = vmin(v, q);
        for (int a = 0; a < q; a++) {
            v[a] = std::min(v[a] - mn, message_cap);
        }
    }

    /* Hard decision from app, then the syndrome. */
    bool decide(workspace& ws, uint8_t* out) const
    {
        const nb_matrix& h = d_code->h();
        const int n = h.cols();
        const int q = d_q;
        for (int v = 0; v < n; v++) {
            const float* p = ws.app.data() + static_cast<size_t>(v) * q;
            // the first minimum: the minimum, then its first position
            const float mn = vmin(p, q);
            // (bounded: a vector without its minimum, e.g. one holding NaN, still
            // gives a symbol of the field)
            int best = 0;
            while (best < q - 1 && p[best] != mn) {
                best++;
            }
            out[v] = static_cast<uint8_t>(best);
        }
        for (int r = 0; r < h.rows(); r++) {
            uint8_t s = 0;
            for (int e = h.row_ptr()[r]; e < h.row_ptr()[r + 1]; e++) {
                s ^= d_to_check[static_cast<size_t>(e) * q + out[h.row_cols()[e]]];
            }
            if (s) {
                return false;
            }
        }
        return true;
    }

    void decode_frame(workspace& ws,
                      const float* llr,
                      int max_iterations,
                      uint8_t* out,
                      int& iterations,
                      uint8_t& parity) const
    {
        const nb_matrix& h = d_code->h();
        const size_t q = d_q;
        const int n = h.cols();
        const bool et = d_options.early_termination;
        for (int v = 0; v < n; v++) {
            load_channel(llr + static_cast<size_t>(v) * q,
                         ws.app.data() + static_cast<size_t>(v) * q,
                         q);
        }
        bool ok = false;
        int it = 0;
        if (d_options.schedule == decoding_schedule::layered) {
            std::fill(ws.r.begin(), ws.r.end(), 0.0f);
            for (it = 1; it <= max_iterations; it++) {
                for (int row : d_row_order) {
                    const int e0 = h.row_ptr()[row];
                    const int dc = h.row_ptr()[row + 1] - e0;
                    if (dc == 0) {
                        continue;
                    }
                    // V2C = APP - C2V (normalized), into the check domain.
                    for (int i = 0; i < dc; i++) {
                        const size_t e = static_cast<size_t>(e0 + i);
                        const float* p =
                            ws.app.data() + static_cast<size_t>(h.row_cols()[e]) * q;
                        float* r = ws.r.data() + e * q;
                        float* t = ws.tmp.data();
                        for (size_t a = 0; a < q; a++) {
                            t[a] = p[a] - r[a];
                        }
                        normalize(t, static_cast<int>(q));
                        // keep the V2C in r for the APP update below
                        std::copy(t, t + q, r);
                        d_gather(t, d_to_var.data() + e * q, ws.u.data() + i * q, d_q);
                    }
                    check_node(dc, ws);
                    for (int i = 0; i < dc; i++) {
                        const size_t e = static_cast<size_t>(e0 + i);
                        float* p =
                            ws.app.data() + static_cast<size_t>(h.row_cols()[e]) * q;
                        float* r = ws.r.data() + e * q;
                        float* c2v = ws.tmp.data();
                        d_gather(
                            ws.m.data() + i * q, d_to_check.data() + e * q, c2v, d_q);
                        for (size_t x = 0; x < q; x++) {
                            p[x] = r[x] + c2v[x]; // V2C + new C2V
                            r[x] = c2v[x];
                        }
                    }
                }
                ok = decide(ws, out);
                if (ok && et) {
                    break;
                }
            }
        } else {
            // Flooding: V2C starts as the channel vectors.
            for (int v = 0; v < n; v++) {
                for (int i = h.col_ptr()[v]; i < h.col_ptr()[v + 1]; i++) {
                    const size_t e = static_cast<size_t>(h.col_edges()[i]);
                    load_channel(
                        llr + static_cast<size_t>(v) * q, ws.v2c.data() + e * q, q);
                }
            }
            for (it = 1; it <= max_iterations; it++) {
                // Check-node processing (CNP).
                for (int row = 0; row < h.rows(); row++) {
                    const int e0 = h.row_ptr()[row];
                    const int dc = h.row_ptr()[row + 1] - e0;
                    if (dc == 0) {
                        continue;
                    }
                    for (int i = 0; i < dc; i++) {
                        const size_t e = static_cast<size_t>(e0 + i);
                        d_gather(ws.v2c.data() + e * q,
                                 d_to_var.data() + e * q,
                                 ws.u.data() + i * q,
                                 d_q);
                    }
                    check_node(dc, ws);
                    for (int i = 0; i < dc; i++) {
                        const size_t e = static_cast<size_t>(e0 + i);
                        d_gather(ws.m.data() + i * q,
                                 d_to_check.data() + e * q,
                                 ws.r.data() + e * q,
                                 d_q);
                    }
                }
                // Variable-node processing (VNP): APP, then V2C = APP - C2V.
                for (int v = 0; v < n; v++) {
                    float* p = ws.app.data() + static_cast<size_t>(v) * q;
                    load_channel(llr + static_cast<size_t>(v) * q, p, q);
                    for (int i = h.col_ptr()[v]; i < h.col_ptr()[v + 1]; i++) {
                        const float* r =
                            ws.r.data() + static_cast<size_t>(h.col_edges()[i]) * q;
                        for (size_t a = 0; a < q; a++) {
                            p[a] += r[a];
                        }
                    }
                    for (int i = h.col_ptr()[v]; i < h.col_ptr()[v + 1]; i++) {
                        const size_t e = static_cast<size_t>(h.col_edges()[i]);
                        const float* r = ws.r.data() + e * q;
                        float* t = ws.v2c.data() + e * q;
                        for (size_t a = 0; a < q; a++) {
                            t[a] = p[a] - r[a];
                        }
                        normalize(t, static_cast<int>(q));
                    }
                }
                ok = decide(ws, out);
                if (ok && et) {
                    break;
                }
            }
        }
        iterations = std::min(it, max_iterations);
        parity = ok ? 1 : 0;
    }

    int d_q = 2;
    int d_nm = 2;
    const simd::nb_minmax_kernel* d_kernel = nullptr;
    simd::nb_conv_fn d_conv = nullptr;
    simd::nb_gather_fn d_gather = nullptr;
    std::vector<uint8_t> d_to_check; // edges x q: h * a
    std::vector<uint8_t> d_to_var;   // edges x q: h^-1 * a
    std::vector<int> d_row_order;    // rows, layer by layer
};

} // namespace

nb_decoder::uptr make_nb_cpu_decoder(nb_code::sptr code,
                                     const nb_decoder_options& options,
                                     const std::string& arch)
{
    return nb_decoder::uptr(new nb_cpu_decoder(std::move(code), options, arch));
}

} // namespace gpufec
