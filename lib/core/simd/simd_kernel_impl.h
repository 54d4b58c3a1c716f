/* -*- c++ -*- */
/*
 * The body of the inter-frame layered min-sum kernel, included by each ISA's
 * translation unit (kernel_<isa>.cc) with its own compile flags. Written as plain
 * loops over the W lanes with fixed W so that the compiler vectorizes them with
 * the ISA at hand; all arithmetic is integer and saturating, so every ISA gives
 * bit-identical results (and each frame's result does not depend on W or on which
 * lane it ran in).
 *
 * Semantics follow cpu_reference_decoder: layers in order, rows in order,
 * V2C = L - C2V_old, NMS alpha*min (alpha_q/16), OMS max(min-beta,0), SCMS erasure
 * on sign change against the stored previous V2C, hard decision L<0 -> 1, early
 * termination after each iteration, punctured columns LLR 0. Differences: all
 * values saturate at +-msg_max (the posterior too).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "simd_kernels.h"
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#if defined(__SSE4_1__) || defined(__AVX2__) || defined(__AVX512BW__)
#include <immintrin.h>
#endif

namespace gpufec {
namespace simd {
namespace {

/*!
 * out[l] = clamp(a[l] + sign * b[l], -max, max) over W lanes, with max the type's
 * maximum (symmetric range). With SSE4.1 / AVX2 / AVX-512BW compiled in, the
 * hardware saturating add/sub (saturating at -max-1) followed by a max with -max;
 * otherwise the same in int arithmetic. Bit-identical either way.
 */
template <typename T, int W, bool Sub>
inline void addsub_sat(const T* __restrict a, const T* __restrict b, T* __restrict out)
{
    [[maybe_unused]] constexpr int bytes = W * static_cast<int>(sizeof(T));
    [[maybe_unused]] constexpr bool i8 = sizeof(T) == 1;
#if defined(__AVX512BW__)
    if constexpr (bytes % 64 == 0) {
        const __m512i lo = i8 ? _mm512_set1_epi8(-127) : _mm512_set1_epi16(-32767);
        for (int i = 0; i < bytes; i += 64) {
            const __m512i x = _mm512_loadu_si512(reinterpret_cast<const char*>(a) + i);
            const __m512i y = _mm512_loadu_si512(reinterpret_cast<const char*>(b) + i);
            __m512i r;
            if constexpr (i8)
                r = _mm512_max_epi8(Sub ? _mm512_subs_epi8(x, y) : _mm512_adds_epi8(x, y), lo);
            else
                r = _mm512_max_epi16(Sub ? _mm512_subs_epi16(x, y) : _mm512_adds_epi16(x, y), lo);
            _mm512_storeu_si512(reinterpret_cast<char*>(out) + i, r);
        }
        return;
    }
#endif
#if defined(__AVX2__)
    if constexpr (bytes % 32 == 0) {
        const __m256i lo = i8 ? _mm256_set1_epi8(-127) : _mm256_set1_epi16(-32767);
        for (int i = 0; i < bytes; i += 32) {
            const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(reinterpret_cast<const char*>(a) + i));
            const __m256i y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(reinterpret_cast<const char*>(b) + i));
            __m256i r;
            if constexpr (i8)
                r = _mm256_max_epi8(Sub ? _mm256_subs_epi8(x, y) : _mm256_adds_epi8(x, y), lo);
            else
                r = _mm256_max_epi16(Sub ? _mm256_subs_epi16(x, y) : _mm256_adds_epi16(x, y), lo);
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(reinterpret_cast<char*>(out) + i), r);
        }
        return;
    }
#endif
#if defined(__SSE4_1__)
    if constexpr (bytes % 16 == 0) {
        const __m128i lo = i8 ? _mm_set1_epi8(-127) : _mm_set1_epi16(-32767);
        for (int i = 0; i < bytes; i += 16) {
            const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(reinterpret_cast<const char*>(a) + i));
            const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(reinterpret_cast<const char*>(b) + i));
            __m128i r;
            if constexpr (i8)
                r = _mm_max_epi8(Sub ? _mm_subs_epi8(x, y) : _mm_adds_epi8(x, y), lo);
            else
                r = _mm_max_epi16(Sub ? _mm_subs_epi16(x, y) : _mm_adds_epi16(x, y), lo);
            _mm_storeu_si128(reinterpret_cast<__m128i*>(reinterpret_cast<char*>(out) + i), r);
        }
        return;
    }
#endif
    constexpr int MX = std::numeric_limits<T>::max();
    for (int l = 0; l < W; ++l) {
        int v = Sub ? int(a[l]) - int(b[l]) : int(a[l]) + int(b[l]);
        v = v > MX ? MX : v;
        v = v < -MX ? -MX : v;
        out[l] = static_cast<T>(v);
    }
}

/*!
 * acc[l] ^= x[l] and a[l] &= mask[l] over W lanes, as GCC/Clang vector-extension
 * operations of W * sizeof(T) bytes (lowered to the ISA's registers): plain loops
 * here were left scalar by GCC 12 once inlined into the row loop.
 */
template <typename T, int W>
inline void xor_into(T* acc, const T* x)
{
    typedef T vec __attribute__((vector_size(W * sizeof(T))));
    vec a, b;
    std::memcpy(&a, acc, sizeof a);
    std::memcpy(&b, x, sizeof b);
    a ^= b;
    std::memcpy(acc, &a, sizeof a);
}

template <typename T, int W>
inline void and_into(T* a, const T* mask)
{
    typedef T vec __attribute__((vector_size(W * sizeof(T))));
    vec v, m;
    std::memcpy(&v, a, sizeof v);
    std::memcpy(&m, mask, sizeof m);
    v &= m;
    std::memcpy(a, &v, sizeof v);
}

template <typename T, int W, check_node_rule Rule>
struct kernel {
    static constexpr int MX = std::numeric_limits<T>::max(); // symmetric: +-MX
    static inline T sat(int v)
    {
        v = v > MX ? MX : v;
        v = v < -MX ? -MX : v;
        return static_cast<T>(v);
    }

    static void run(const job& jb)
    {
        const int cols = jb.cols;
        std::vector<T> L(static_cast<size_t>(cols) * W);
        std::vector<T> c2v(static_cast<size_t>(jb.edges) * W);
        std::vector<T> prev(Rule == check_node_rule::self_corrected_min_sum
                                ? static_cast<size_t>(jb.edges) * W
                                : 0);
        std::vector<T> ext(static_cast<size_t>(jb.max_degree) * W);
        std::vector<T> v2c(static_cast<size_t>(jb.max_degree) * W);
        long frame_of[W]; // -1: idle lane
        int iters[W];
        uint8_t refill[W];
        size_t next = jb.first;

        // columns that no input LLR feeds (punctured): LLR 0
        std::vector<int> punctured;
        {
            std::vector<uint8_t> fed(cols, 0);
            for (int i = 0; i < jb.n; ++i) fed[jb.transmitted[i]] = 1;
            for (int c = 0; c < cols; ++c)
                if (!fed[c]) punctured.push_back(c);
        }
        std::vector<T> q(jb.n);
        const float cmax = static_cast<float>(jb.channel_max);
        auto load = [&](int l) {
            if (next >= jb.last) {
                frame_of[l] = -1;
                for (int c = 0; c < cols; ++c) L[static_cast<size_t>(c) * W + l] = 0;
            } else {
                const size_t f = next++;
                frame_of[l] = static_cast<long>(f);
                const float* __restrict in = jb.llrs + f * static_cast<size_t>(jb.n);
                T* __restrict qp = q.data();
                // quantize: round half away from zero, saturate at +-channel_max
                for (int i = 0; i < jb.n; ++i) {
                    float v = in[i] * jb.scale;
                    v = v > cmax ? cmax : v;
                    v = v < -cmax ? -cmax : v;
                    qp[i] = static_cast<T>(static_cast<int>(v + (v < 0.0f ? -0.5f : 0.5f)));
                }
                for (int i = 0; i < jb.n; ++i)
                    L[static_cast<size_t>(jb.transmitted[i]) * W + l] = qp[i];
                for (int c : punctured) L[static_cast<size_t>(c) * W + l] = 0;
            }
            // the lane's messages are reset by reset_lanes() (all refilled lanes at once)
            refill[l] = 1;
            iters[l] = 0;
        };
        T keep[W];
        auto reset_lanes = [&]() {
            for (int l = 0; l < W; ++l) keep[l] = refill[l] ? T(0) : T(-1);
            auto clear = [&](std::vector<T>& a) {
                for (int e = 0; e < jb.edges; ++e) {
                    and_into<T, W>(a.data() + static_cast<size_t>(e) * W, keep);
                }
            };
            clear(c2v);
            if (!prev.empty()) clear(prev);
            for (int l = 0; l < W; ++l) refill[l] = 0;
        };
        for (int l = 0; l < W; ++l) load(l);
        for (int l = 0; l < W; ++l) refill[l] = 0; // messages start at 0

        std::vector<uint8_t> hard(cols);
        while (true) {
            bool any = false;
            for (int l = 0; l < W; ++l) any |= frame_of[l] >= 0;
            if (!any) break;

            // one layered iteration for all lanes
            for (int ri = 0; ri < jb.rows; ++ri) {
                const int r = jb.row_order[ri];
                const int e0 = jb.row_ptr[r];
                const int d = jb.row_ptr[r + 1] - e0;
                const int* rc = jb.row_cols + e0;
                T min1[W], min2[W], neg[W];
                for (int l = 0; l < W; ++l) { min1[l] = static_cast<T>(MX); min2[l] = static_cast<T>(MX); neg[l] = 0; }
                for (int j = 0; j < d; ++j) {
                    const T* __restrict Lc = L.data() + static_cast<size_t>(rc[j]) * W;
                    const T* __restrict m = c2v.data() + static_cast<size_t>(e0 + j) * W;
                    T* __restrict x = ext.data() + static_cast<size_t>(j) * W;
                    T* __restrict v = v2c.data() + static_cast<size_t>(j) * W;
                    addsub_sat<T, W, true>(Lc, m, x);
                    if constexpr (Rule == check_node_rule::self_corrected_min_sum) {
                        T* __restrict p = prev.data() + static_cast<size_t>(e0 + j) * W;
                        for (int l = 0; l < W; ++l) {
                            const T e = x[l];
                            const bool changed = ((e < 0) & (p[l] > 0)) | ((e > 0) & (p[l] < 0));
                            const T vv = changed ? T(0) : e;
                            v[l] = vv;
                            p[l] = vv;
                            const T a = static_cast<T>(vv < 0 ? -vv : vv);
                            neg[l] ^= static_cast<T>(vv < 0);
                            min2[l] = std::min(min2[l], std::max(min1[l], a));
                            min1[l] = std::min(min1[l], a);
                        }
                    } else {
                        for (int l = 0; l < W; ++l) {
                            const T e = x[l];
                            const T a = static_cast<T>(e < 0 ? -e : e);
                            neg[l] ^= static_cast<T>(e < 0);
                            min2[l] = std::min(min2[l], std::max(min1[l], a));
                            min1[l] = std::min(min1[l], a);
                        }
                    }
                }
                T mag1[W], mag2[W];
                for (int l = 0; l < W; ++l) {
                    int a1 = min1[l], a2 = min2[l];
                    if constexpr (Rule == check_node_rule::normalized_min_sum) {
                        a1 = (a1 * jb.alpha_q + 8) >> 4; // rounded
                        a2 = (a2 * jb.alpha_q + 8) >> 4;
                    } else if constexpr (Rule == check_node_rule::offset_min_sum) {
                        a1 = std::max(a1 - jb.beta_q, 0);
                        a2 = std::max(a2 - jb.beta_q, 0);
                    }
                    mag1[l] = static_cast<T>(a1);
                    mag2[l] = static_cast<T>(a2);
                }
                for (int j = 0; j < d; ++j) {
                    T* __restrict Lc = L.data() + static_cast<size_t>(rc[j]) * W;
                    T* __restrict m = c2v.data() + static_cast<size_t>(e0 + j) * W;
                    const T* __restrict x = ext.data() + static_cast<size_t>(j) * W;
                    const T* __restrict v =
                        (Rule == check_node_rule::self_corrected_min_sum ? v2c.data() : ext.data()) +
                        static_cast<size_t>(j) * W;
                    for (int l = 0; l < W; ++l) {
                        const T a = static_cast<T>(v[l] < 0 ? -v[l] : v[l]);
                        const T mag = a == min1[l] ? mag2[l] : mag1[l];
                        const bool s = (neg[l] != 0) != (v[l] < 0);
                        const T c = s ? static_cast<T>(-mag) : mag;
                        m[l] = c;
                    }
                    addsub_sat<T, W, false>(x, m, Lc);
                }
            }

            bool need_check = jb.early_termination;
            for (int l = 0; l < W; ++l) {
                ++iters[l];
                need_check |= frame_of[l] >= 0 && iters[l] >= jb.max_iterations;
            }
            if (!need_check) continue;

            // syndrome of every lane: the sign bit of an XOR of values is the XOR of
            // their sign bits (L < 0 -> 1), that of an OR the OR: all vector ops
            T bad[W];
            for (int l = 0; l < W; ++l) bad[l] = 0;
            for (int r = 0; r < jb.rows; ++r) {
                T par[W];
                for (int l = 0; l < W; ++l) par[l] = 0;
                const int eb = jb.row_ptr[r], ee = jb.row_ptr[r + 1];
                for (int e = eb; e < ee; ++e) {
                    xor_into<T, W>(par, L.data() + static_cast<size_t>(jb.row_cols[e]) * W);
                }
                for (int l = 0; l < W; ++l) bad[l] = static_cast<T>(bad[l] | par[l]);
            }
            bool any_refill = false;
            for (int l = 0; l < W; ++l) {
                if (frame_of[l] < 0) continue;
                const bool ok = bad[l] >= 0;
                if (!((jb.early_termination && ok) || iters[l] >= jb.max_iterations)) continue;
                const size_t f = static_cast<size_t>(frame_of[l]);
                for (int c = 0; c < cols; ++c) hard[c] = L[static_cast<size_t>(c) * W + l] < 0;
                if (jb.out.info_bits) {
                    uint8_t* dst = jb.out.info_bits + f * static_cast<size_t>(jb.k);
                    for (int i = 0; i < jb.k; ++i) dst[i] = hard[jb.info_positions[i]];
                }
                if (jb.out.codewords) {
                    uint8_t* dst = jb.out.codewords + f * static_cast<size_t>(jb.n);
                    for (int i = 0; i < jb.n; ++i) dst[i] = hard[jb.transmitted[i]];
                }
                if (jb.out.iterations) jb.out.iterations[f] = iters[l];
                if (jb.out.parity_ok) jb.out.parity_ok[f] = ok ? 1 : 0;
                load(l); // refill the lane with the next frame (or idle it)
                any_refill = true;
            }
            if (any_refill) reset_lanes();
        }
    }
};

template <typename T, int W>
void run_rule(const job& jb)
{
    switch (jb.rule) {
    case check_node_rule::min_sum:
        return kernel<T, W, check_node_rule::min_sum>::run(jb);
    case check_node_rule::normalized_min_sum:
        return kernel<T, W, check_node_rule::normalized_min_sum>::run(jb);
    case check_node_rule::offset_min_sum:
        return kernel<T, W, check_node_rule::offset_min_sum>::run(jb);
    case check_node_rule::self_corrected_min_sum:
        return kernel<T, W, check_node_rule::self_corrected_min_sum>::run(jb);
    default:
        return;
    }
}

} // namespace
} // namespace simd
} // namespace gpufec

// BYTES: bytes of one lane group (int16 lanes = BYTES / 2, int8 lanes = BYTES);
// every protokernel uses 64 (see docs/SIMD_DESIGN.md).
#define GPUFEC_DEFINE_PROTOKERNEL(NAME, BYTES)                                          \
    namespace gpufec {                                                                 \
    namespace simd {                                                                   \
    const protokernel& protokernel_##NAME()                                            \
    {                                                                                  \
        static const protokernel p = { #NAME,                                          \
                                       &run_rule<int16_t, (BYTES) / 2>,                \
                                       &run_rule<int8_t, (BYTES)>,                     \
                                       (BYTES) / 2,                                    \
                                       (BYTES) };                                      \
        return p;                                                                      \
    }                                                                                  \
    }                                                                                  \
    }
