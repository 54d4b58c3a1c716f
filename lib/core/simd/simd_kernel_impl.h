/* -*- c++ -*- */
/*
 * The body of the SIMD min-sum-family kernels (inter-frame layered / flooding,
 * paper 002; intra-frame layered for QC codes), included by each ISA's
 * translation unit (kernel_<isa>.cc) with its own compile flags. Written as plain
 * loops over the W lanes with fixed W so that the compiler vectorizes them with
 * the ISA at hand. Fixed point is integer and saturating; float uses only IEEE
 * add/sub/mul/min/max/compare in the reference decoder's order (no FMA, no
 * reassociation), so every ISA gives bit-identical results, a frame's result does
 * not depend on W, on its lane or on inter- vs intra-frame, and float equals
 * cpu_reference_decoder bit for bit.
 *
 * Semantics follow cpu_reference_decoder: layers in order, rows in order (or
 * flooding: two-phase), V2C = L - C2V_old, NMS alpha*min (fixed point: alpha_q/16
 * rounded), OMS max(min-beta,0), SCMS erasure on sign change against the stored
 * previous V2C, hard decision L<0 -> 1, early termination after each iteration,
 * punctured columns LLR 0. Fixed point differs only in that all values saturate
 * at +-msg_max (the posterior too) and C2V magnitudes are clamped at c2v_max
 * after the rule's correction (simd_decoder.h).
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
#if defined(GPUFEC_SIMD_NEON) && defined(__ARM_NEON) // kernel_neon.cc only
#include <arm_neon.h>
#endif

namespace gpufec {
namespace simd {
namespace {

/*!
 * out[l] = clamp(a[l] + sign * b[l], -max, max) over W lanes, with max the type's
 * maximum (symmetric range). With SSE4.1 / AVX2 / AVX-512BW compiled in (or NEON
 * in kernel_neon.cc: vqadd/vqsub), the hardware saturating add/sub (saturating at
 * -max-1) followed by a max with -max;
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
                r = _mm512_max_epi8(Sub ? _mm512_subs_epi8(x, y) : _mm512_adds_epi8(x, y),
                                    lo);
            else
                r = _mm512_max_epi16(
                    Sub ? _mm512_subs_epi16(x, y) : _mm512_adds_epi16(x, y), lo);
            _mm512_storeu_si512(reinterpret_cast<char*>(out) + i, r);
        }
        return;
    }
#endif
#if defined(__AVX2__)
    if constexpr (bytes % 32 == 0) {
        const __m256i lo = i8 ? _mm256_set1_epi8(-127) : _mm256_set1_epi16(-32767);
        for (int i = 0; i < bytes; i += 32) {
            const __m256i x = _mm256_loadu_si256(
                reinterpret_cast<const __m256i*>(reinterpret_cast<const char*>(a) + i));
            const __m256i y = _mm256_loadu_si256(
                reinterpret_cast<const __m256i*>(reinterpret_cast<const char*>(b) + i));
            __m256i r;
            if constexpr (i8)
                r = _mm256_max_epi8(Sub ? _mm256_subs_epi8(x, y) : _mm256_adds_epi8(x, y),
                                    lo);
            else
                r = _mm256_max_epi16(
                    Sub ? _mm256_subs_epi16(x, y) : _mm256_adds_epi16(x, y), lo);
            _mm256_storeu_si256(
                reinterpret_cast<__m256i*>(reinterpret_cast<char*>(out) + i), r);
        }
        return;
    }
#endif
#if defined(__SSE4_1__)
    if constexpr (bytes % 16 == 0) {
        const __m128i lo = i8 ? _mm_set1_epi8(-127) : _mm_set1_epi16(-32767);
        for (int i = 0; i < bytes; i += 16) {
            const __m128i x = _mm_loadu_si128(
                reinterpret_cast<const __m128i*>(reinterpret_cast<const char*>(a) + i));
            const __m128i y = _mm_loadu_si128(
                reinterpret_cast<const __m128i*>(reinterpret_cast<const char*>(b) + i));
            __m128i r;
            if constexpr (i8)
                r = _mm_max_epi8(Sub ? _mm_subs_epi8(x, y) : _mm_adds_epi8(x, y), lo);
            else
                r = _mm_max_epi16(Sub ? _mm_subs_epi16(x, y) : _mm_adds_epi16(x, y), lo);
            _mm_storeu_si128(reinterpret_cast<__m128i*>(reinterpret_cast<char*>(out) + i),
                             r);
        }
        return;
    }
#endif
#if defined(GPUFEC_SIMD_NEON) && defined(__ARM_NEON)
    if constexpr (bytes % 16 == 0) {
        constexpr int step = 16 / static_cast<int>(sizeof(T));
        for (int i = 0; i < W; i += step) {
            if constexpr (i8) {
                const int8x16_t x = vld1q_s8(reinterpret_cast<const int8_t*>(a + i));
                const int8x16_t y = vld1q_s8(reinterpret_cast<const int8_t*>(b + i));
                vst1q_s8(
                    reinterpret_cast<int8_t*>(out + i),
                    vmaxq_s8(Sub ? vqsubq_s8(x, y) : vqaddq_s8(x, y), vdupq_n_s8(-127)));
            } else {
                const int16x8_t x = vld1q_s16(reinterpret_cast<const int16_t*>(a + i));
                const int16x8_t y = vld1q_s16(reinterpret_cast<const int16_t*>(b + i));
                vst1q_s16(reinterpret_cast<int16_t*>(out + i),
                          vmaxq_s16(Sub ? vqsubq_s16(x, y) : vqaddq_s16(x, y),
                                    vdupq_n_s16(-32767)));
            }
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

/*!
 * Number traits. Fixed point saturates symmetrically at +-max; float follows
 * cpu_reference_decoder exactly: channel LLRs and V2C messages clamped at +-1e6
 * (llr_limit), the posterior not clamped, the empty minimum is +1e6.
 */
template <typename T>
struct num {
    static constexpr bool is_float = false;
    using M = T; //!< integer lane type of the same width (signs, masks)
    static constexpr T init = std::numeric_limits<T>::max();
};
template <>
struct num<float> {
    static constexpr bool is_float = true;
    using M = int32_t;
    static constexpr float init = 1.0e6f; // cpu_reference_decoder::llr_limit
};

/*! out = a - b (the extrinsic), saturating in fixed point. */
template <typename T, int W>
inline void sub_lanes(const T* __restrict a, const T* __restrict b, T* __restrict out)
{
    if constexpr (num<T>::is_float) {
        for (int l = 0; l < W; ++l)
            out[l] = a[l] - b[l];
    } else {
        addsub_sat<T, W, true>(a, b, out);
    }
}

/*! out = a + b, saturating in fixed point. */
template <typename T, int W>
inline void add_lanes(const T* __restrict a, const T* __restrict b, T* __restrict out)
{
    if constexpr (num<T>::is_float) {
        for (int l = 0; l < W; ++l)
            out[l] = a[l] + b[l];
    } else {
        addsub_sat<T, W, false>(a, b, out);
    }
}

/*! acc += b (flooding's variable-node sum), saturating in fixed point. */
template <typename T, int W>
inline void acc_lanes(T* acc, const T* __restrict b)
{
    T tmp[W];
    add_lanes<T, W>(acc, b, tmp);
    std::memcpy(acc, tmp, sizeof tmp);
}

/*!
 * The float row of row_update() in GCC/Clang vector extensions (W floats, lowered
 * to the ISA's registers; plain loops stayed scalar: without -ffast-math GCC 12
 * does not vectorize the float min/max/select pattern). Every operation is the
 * reference's scalar one lane-wise: std::min(a, b) = b < a ? b : a,
 * std::max(a, b) = a < b ? b : a, so the results are bit-identical.
 */
template <int W,
          check_node_rule Rule,
          bool Flood,
          bool Masked,
          typename LIn,
          typename LOut,
          typename MAt,
          typename PAt>
inline void row_update_float(int d,
                             LIn lin,
                             LOut lout,
                             MAt mat,
                             PAt pat,
                             float* ext,
                             float* v2c,
                             const int32_t* keep,
                             const job& jb)
{
    typedef float vf __attribute__((vector_size(W * 4)));
    typedef int32_t vi __attribute__((vector_size(W * 4)));
    auto ld = [](const float* p) {
        vf v;
        std::memcpy(&v, p, sizeof v);
        return v;
    };
    auto st = [](float* p, const vf& v) { std::memcpy(p, &v, sizeof v); };
    auto fabs_v = [](const vf& v) { return (vf)((vi)v & 0x7fffffff); };
    const float lim = num<float>::init;
    const vf zero = vf{} * 0.0f;
    vf min1 = zero + lim, min2 = zero + lim;
    vi neg = (vi)zero & 0;
    for (int j = 0; j < d; ++j) {
        if constexpr (Masked) {
            and_into<int32_t, W>(reinterpret_cast<int32_t*>(mat(j)), keep);
            if constexpr (Rule == check_node_rule::self_corrected_min_sum)
                and_into<int32_t, W>(reinterpret_cast<int32_t*>(pat(j)), keep);
        }
        const vf x = ld(lin(j)) - ld(mat(j));
        st(ext + static_cast<size_t>(j) * W, x);
        vf e = x < -lim ? zero - lim : x; // std::max(x, -lim)
        e = lim < e ? zero + lim : e;     // std::min(e, lim)
        if constexpr (Rule == check_node_rule::self_corrected_min_sum) {
            float* p = pat(j);
            const vf pv = ld(p);
            const vi changed = ((e < 0.0f) & (pv > 0.0f)) | ((e > 0.0f) & (pv < 0.0f));
            e = changed ? zero : e;
            st(p, e);
        }
        st(v2c + static_cast<size_t>(j) * W, e);
        const vf a = fabs_v(e);
        neg ^= (e < 0.0f);
        const vf mx = min1 < a ? a : min1; // std::max(min1, a)
        min2 = mx < min2 ? mx : min2;      // std::min(min2, mx)
        min1 = a < min1 ? a : min1;        // std::min(min1, a)
    }
    vf mag1 = min1, mag2 = min2;
    if constexpr (Rule == check_node_rule::normalized_min_sum) {
        mag1 = jb.alpha * min1;
        mag2 = jb.alpha * min2;
    } else if constexpr (Rule == check_node_rule::offset_min_sum) {
        mag1 = min1 - jb.beta;
        mag2 = min2 - jb.beta;
        mag1 = mag1 < 0.0f ? zero : mag1; // std::max(m - beta, 0)
        mag2 = mag2 < 0.0f ? zero : mag2;
    }
    for (int j = 0; j < d; ++j) {
        const vf v = ld(v2c + static_cast<size_t>(j) * W);
        const vf mag = fabs_v(v) == min1 ? mag2 : mag1;
        const vi sgn = neg ^ (v < 0.0f);
        const vf m = sgn ? -mag : mag;
        st(mat(j), m);
        if constexpr (Flood)
            st(lout(j), ld(lout(j)) + m);
        else
            st(lout(j), ld(ext + static_cast<size_t>(j) * W) + m);
    }
}

/*!
 * One check row over W lanes (W frames inter-frame, W rows of a block row
 * intra-frame): lin(j) / mat(j) / pat(j) give the W-lane posterior, C2V and (SCMS)
 * previous-V2C vectors of the row's j-th edge. Layered: lout(j) = lin(j) receives
 * L = extrinsic + C2V_new. Flooding: lout(j) (the next posterior, preset to the
 * channel) accumulates C2V_new. Same operations in the same order as
 * cpu_reference_decoder's process_row / min_sum_row. Masked: the lanes whose
 * keep mask is 0 were refilled with a new frame this iteration, so their stored
 * C2V (and SCMS V2C) are cleared (ANDed) at first use, in place.
 */
template <typename T,
          int W,
          check_node_rule Rule,
          bool Flood,
          bool Masked,
          typename LIn,
          typename LOut,
          typename MAt,
          typename PAt>
inline void row_update(int d,
                       LIn lin,
                       LOut lout,
                       MAt mat,
                       PAt pat,
                       T* ext,
                       T* v2c,
                       const typename num<T>::M* keep,
                       const job& jb)
{
    using N = num<T>;
    using M = typename N::M;
    if constexpr (N::is_float) {
        row_update_float<W, Rule, Flood, Masked>(
            d, lin, lout, mat, pat, ext, v2c, keep, jb);
        return;
    }
    constexpr bool sep = N::is_float || Rule == check_node_rule::self_corrected_min_sum;
    T min1[W], min2[W];
    M neg[W];
    for (int l = 0; l < W; ++l) {
        min1[l] = N::init;
        min2[l] = N::init;
        neg[l] = 0;
    }
    for (int j = 0; j < d; ++j) {
        T* __restrict x = ext + static_cast<size_t>(j) * W;
        T* __restrict v = v2c + static_cast<size_t>(j) * W;
        if constexpr (Masked) {
            and_into<M, W>(reinterpret_cast<M*>(mat(j)), keep);
            if constexpr (Rule == check_node_rule::self_corrected_min_sum)
                and_into<M, W>(reinterpret_cast<M*>(pat(j)), keep);
        }
        sub_lanes<T, W>(lin(j), mat(j), x);
        if constexpr (sep) {
            [[maybe_unused]] T* __restrict p = nullptr;
            if constexpr (Rule == check_node_rule::self_corrected_min_sum)
                p = pat(j);
            for (int l = 0; l < W; ++l) {
                T e = x[l];
                if constexpr (N::is_float)
                    e = std::min(std::max(e, -N::init), N::init);
                if constexpr (Rule == check_node_rule::self_corrected_min_sum) {
                    const bool changed = ((e < 0) & (p[l] > 0)) | ((e > 0) & (p[l] < 0));
                    e = changed ? T(0) : e;
                    p[l] = e;
                }
                v[l] = e;
                T a;
                if constexpr (N::is_float)
                    a = std::fabs(e);
                else
                    a = static_cast<T>(e < 0 ? -e : e);
                neg[l] ^= static_cast<M>(e < 0);
                min2[l] = std::min(min2[l], std::max(min1[l], a));
                min1[l] = std::min(min1[l], a);
            }
        } else {
            for (int l = 0; l < W; ++l) {
                const T e = x[l];
                const T a = static_cast<T>(e < 0 ? -e : e);
                neg[l] ^= static_cast<M>(e < 0);
                min2[l] = std::min(min2[l], std::max(min1[l], a));
                min1[l] = std::min(min1[l], a);
            }
        }
    }
    T mag1[W], mag2[W];
    for (int l = 0; l < W; ++l) {
        if constexpr (N::is_float) {
            float a1 = min1[l], a2 = min2[l];
            if constexpr (Rule == check_node_rule::normalized_min_sum) {
                a1 = jb.alpha * a1;
                a2 = jb.alpha * a2;
            } else if constexpr (Rule == check_node_rule::offset_min_sum) {
                a1 = std::max(a1 - jb.beta, 0.0f);
                a2 = std::max(a2 - jb.beta, 0.0f);
            }
            mag1[l] = a1;
            mag2[l] = a2;
        } else {
            int a1 = min1[l], a2 = min2[l];
            if constexpr (Rule == check_node_rule::normalized_min_sum) {
                a1 = (a1 * jb.alpha_q + 8) >> 4; // rounded
                a2 = (a2 * jb.alpha_q + 8) >> 4;
            } else if constexpr (Rule == check_node_rule::offset_min_sum) {
                a1 = std::max(a1 - jb.beta_q, 0);
                a2 = std::max(a2 - jb.beta_q, 0);
            }
            a1 = std::min(a1, jb.c2v_max);
            a2 = std::min(a2, jb.c2v_max);
            mag1[l] = static_cast<T>(a1);
            mag2[l] = static_cast<T>(a2);
        }
    }
    for (int j = 0; j < d; ++j) {
        T* __restrict m = mat(j);
        const T* __restrict x = ext + static_cast<size_t>(j) * W;
        const T* __restrict v = (sep ? v2c : ext) + static_cast<size_t>(j) * W;
        for (int l = 0; l < W; ++l) {
            T a;
            if constexpr (N::is_float)
                a = std::fabs(v[l]);
            else
                a = static_cast<T>(v[l] < 0 ? -v[l] : v[l]);
            const T mag = a == min1[l] ? mag2[l] : mag1[l];
            const bool s = (neg[l] != 0) != (v[l] < 0);
            m[l] = s ? static_cast<T>(-mag) : mag;
        }
        if constexpr (Flood)
            acc_lanes<T, W>(lout(j), m);
        else
            add_lanes<T, W>(x, m, lout(j));
    }
}

#if defined(__AVX512BW__)
/*!
 * AVX-512 layered row of the fixed-point min-sum rules (not SCMS) with the C2V
 * messages stored compressed: per row the two corrected magnitudes (mag1, mag2,
 * one vector each), per edge two lane masks (the C2V is negative; it took mag2).
 * The old C2V is rebuilt from them exactly, so the results are those of
 * row_update() bit for bit; the C2V memory streamed per iteration drops from
 * d vectors to 2 vectors + d x 2 masks per row (DVB-S2 1/2 int8: 448 -> 240 B).
 */
template <typename T, check_node_rule Rule, bool Masked, typename LLoad, typename LStore>
inline void row_update_compressed(int d,
                                  LLoad ld,
                                  LStore st,
                                  T* rowmag,
                                  uint64_t* emask,
                                  T* ext,
                                  uint64_t keep,
                                  const job& jb)
{
    constexpr bool i8 = sizeof(T) == 1;
    const __m512i zero = _mm512_setzero_si512();
    const __m512i lo = i8 ? _mm512_set1_epi8(-127) : _mm512_set1_epi16(-32767);
    const __m512i top = i8 ? _mm512_set1_epi8(127) : _mm512_set1_epi16(32767);
    const __m512i om1 = _mm512_loadu_si512(rowmag);
    const __m512i om2 = _mm512_loadu_si512(rowmag + 64 / sizeof(T));
    __m512i min1 = top, min2 = top;
    uint64_t neg = 0;
    for (int j = 0; j < d; ++j) {
        uint64_t sg = emask[2 * j], t2 = emask[2 * j + 1];
        if constexpr (Masked) {
            sg &= keep;
            t2 &= keep;
        }
        __m512i c, x;
        const __m512i Lv = ld(j);
        if constexpr (i8) {
            c = _mm512_mask_blend_epi8(t2, om1, om2);
            c = _mm512_mask_sub_epi8(c, sg, zero, c);
            if constexpr (Masked)
                c = _mm512_maskz_mov_epi8(keep, c);
            x = _mm512_max_epi8(_mm512_subs_epi8(Lv, c), lo);
            neg ^= _mm512_movepi8_mask(x);
            const __m512i a = _mm512_abs_epi8(x);
            min2 = _mm512_min_epi8(min2, _mm512_max_epi8(min1, a));
            min1 = _mm512_min_epi8(min1, a);
        } else {
            c = _mm512_mask_blend_epi16(static_cast<__mmask32>(t2), om1, om2);
            c = _mm512_mask_sub_epi16(c, static_cast<__mmask32>(sg), zero, c);
            if constexpr (Masked)
                c = _mm512_maskz_mov_epi16(static_cast<__mmask32>(keep), c);
            x = _mm512_max_epi16(_mm512_subs_epi16(Lv, c), lo);
            neg ^= _mm512_movepi16_mask(x);
            const __m512i a = _mm512_abs_epi16(x);
            min2 = _mm512_min_epi16(min2, _mm512_max_epi16(min1, a));
            min1 = _mm512_min_epi16(min1, a);
        }
        _mm512_storeu_si512(ext + static_cast<size_t>(j) * (64 / sizeof(T)), x);
    }
    __m512i mag1 = min1, mag2 = min2;
    if constexpr (Rule == check_node_rule::normalized_min_sum) {
        auto scale = [&](__m512i v) {
            if constexpr (i8) {
                const __m512i aq = _mm512_set1_epi16(static_cast<int16_t>(jb.alpha_q));
                const __m512i r8 = _mm512_set1_epi16(8);
                __m512i l = _mm512_cvtepi8_epi16(_mm512_castsi512_si256(v));
                __m512i h = _mm512_cvtepi8_epi16(_mm512_extracti64x4_epi64(v, 1));
                l = _mm512_srai_epi16(_mm512_add_epi16(_mm512_mullo_epi16(l, aq), r8), 4);
                h = _mm512_srai_epi16(_mm512_add_epi16(_mm512_mullo_epi16(h, aq), r8), 4);
                return _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi16_epi8(l)),
                                          _mm512_cvtepi16_epi8(h),
                                          1);
            } else {
                const __m512i aq = _mm512_set1_epi32(jb.alpha_q);
                const __m512i r8 = _mm512_set1_epi32(8);
                __m512i l = _mm512_cvtepi16_epi32(_mm512_castsi512_si256(v));
                __m512i h = _mm512_cvtepi16_epi32(_mm512_extracti64x4_epi64(v, 1));
                l = _mm512_srai_epi32(_mm512_add_epi32(_mm512_mullo_epi32(l, aq), r8), 4);
                h = _mm512_srai_epi32(_mm512_add_epi32(_mm512_mullo_epi32(h, aq), r8), 4);
                return _mm512_inserti64x4(
                    _mm512_castsi256_si512(_mm512_cvtepi32_epi16(l)),
                    _mm512_cvtepi32_epi16(h),
                    1);
            }
        };
        mag1 = scale(min1);
        mag2 = scale(min2);
    } else if constexpr (Rule == check_node_rule::offset_min_sum) {
        const int b = std::min<int>(jb.beta_q, std::numeric_limits<T>::max());
        if constexpr (i8) {
            const __m512i bv = _mm512_set1_epi8(static_cast<char>(b));
            mag1 = _mm512_max_epi8(_mm512_sub_epi8(min1, bv), zero);
            mag2 = _mm512_max_epi8(_mm512_sub_epi8(min2, bv), zero);
        } else {
            const __m512i bv = _mm512_set1_epi16(static_cast<short>(b));
            mag1 = _mm512_max_epi16(_mm512_sub_epi16(min1, bv), zero);
            mag2 = _mm512_max_epi16(_mm512_sub_epi16(min2, bv), zero);
        }
    }
    if constexpr (i8) {
        const __m512i cm = _mm512_set1_epi8(static_cast<char>(jb.c2v_max));
        mag1 = _mm512_min_epi8(mag1, cm);
        mag2 = _mm512_min_epi8(mag2, cm);
    } else {
        const __m512i cm = _mm512_set1_epi16(static_cast<short>(jb.c2v_max));
        mag1 = _mm512_min_epi16(mag1, cm);
        mag2 = _mm512_min_epi16(mag2, cm);
    }
    for (int j = 0; j < d; ++j) {
        const __m512i x =
            _mm512_loadu_si512(ext + static_cast<size_t>(j) * (64 / sizeof(T)));
        __m512i c, out;
        uint64_t t2, sg;
        if constexpr (i8) {
            const __m512i a = _mm512_abs_epi8(x);
            t2 = _mm512_cmpeq_epi8_mask(a, min1);
            sg = neg ^ _mm512_movepi8_mask(x);
            c = _mm512_mask_blend_epi8(t2, mag1, mag2);
            c = _mm512_mask_sub_epi8(c, sg, zero, c);
            out = _mm512_max_epi8(_mm512_adds_epi8(x, c), lo);
        } else {
            const __m512i a = _mm512_abs_epi16(x);
            t2 = _mm512_cmpeq_epi16_mask(a, min1);
            sg = (neg ^ _mm512_movepi16_mask(x)) & 0xffffffffu;
            c = _mm512_mask_blend_epi16(static_cast<__mmask32>(t2), mag1, mag2);
            c = _mm512_mask_sub_epi16(c, static_cast<__mmask32>(sg), zero, c);
            out = _mm512_max_epi16(_mm512_adds_epi16(x, c), lo);
        }
        emask[2 * j] = sg;
        emask[2 * j + 1] = t2;
        st(j, out);
    }
    _mm512_storeu_si512(rowmag, mag1);
    _mm512_storeu_si512(rowmag + 64 / sizeof(T), mag2);
}
#endif

/*! Channel LLR -> decoder value: float clamped at +-1e6 (as the reference), fixed
 *  point rounded half away from zero and saturated at +-channel_max; NaN ("no
 *  information") -> 0, as decoder::decode() would have mapped it (it skips its own
 *  NaN scan for this decoder). */
template <typename T>
inline void quantize(const job& jb, const float* __restrict in, T* __restrict q)
{
    if constexpr (num<T>::is_float) {
        for (int i = 0; i < jb.n; ++i) {
            const float v = in[i] == in[i] ? in[i] : 0.0f;
            q[i] = std::min(std::max(v, -num<T>::init), num<T>::init);
        }
    } else {
        const float cmax = static_cast<float>(jb.channel_max);
        for (int i = 0; i < jb.n; ++i) {
            float v = in[i] == in[i] ? in[i] * jb.scale : 0.0f;
            v = v > cmax ? cmax : v;
            v = v < -cmax ? -cmax : v;
            q[i] = static_cast<T>(static_cast<int>(v + (v < 0.0f ? -0.5f : 0.5f)));
        }
    }
}

std::vector<int> punctured_columns(const job& jb)
{
    std::vector<int> punctured;
    std::vector<uint8_t> fed(jb.cols, 0);
    for (int i = 0; i < jb.n; ++i)
        fed[jb.transmitted[i]] = 1;
    for (int c = 0; c < jb.cols; ++c)
        if (!fed[c])
            punctured.push_back(c);
    return punctured;
}

/*! Writes frame f's outputs from its hard decisions: hd(c) = column c's bit. */
template <typename HD>
inline void write_outputs_fn(const job& jb, size_t f, HD hd, int iters, bool ok)
{
    if (jb.out.info_bits) {
        uint8_t* dst = jb.out.info_bits + f * static_cast<size_t>(jb.k);
        for (int i = 0; i < jb.k; ++i)
            dst[i] = hd(jb.info_positions[i]);
    }
    if (jb.out.codewords) {
        uint8_t* dst = jb.out.codewords + f * static_cast<size_t>(jb.n);
        for (int i = 0; i < jb.n; ++i)
            dst[i] = hd(jb.transmitted[i]);
    }
    if (jb.out.iterations)
        jb.out.iterations[f] = iters;
    if (jb.out.parity_ok)
        jb.out.parity_ok[f] = ok ? 1 : 0;
}

/*! Writes frame f's outputs from its hard decisions (one byte per column). */
inline void
write_outputs(const job& jb, size_t f, const uint8_t* hard, int iters, bool ok)
{
    write_outputs_fn(
        jb, f, [hard](int c) { return hard[c]; }, iters, ok);
}

/*!
 * Inter-frame kernel: W frames in the W lanes, layered (layers in order, rows in
 * order) or flooding (rows in index order against the previous iteration's
 * posteriors; the next posterior = channel + C2V in ascending row order, the
 * reference's column order), early-terminated lanes refilled at once.
 */
template <typename T, int W, check_node_rule Rule, bool Flood>
struct inter_kernel {
    using N = num<T>;
    using M = typename N::M;

    static void run(const job& jb)
    {
        constexpr int prefetch_rows = 2;
        const int cols = jb.cols;
        std::vector<T> L(static_cast<size_t>(cols) * W);
        std::vector<T> Ln(Flood ? static_cast<size_t>(cols) * W : 0);
        std::vector<T> ch(Flood ? static_cast<size_t>(cols) * W : 0);
#if defined(__AVX512BW__)
        static constexpr bool comp = !Flood && !N::is_float &&
                                     Rule != check_node_rule::self_corrected_min_sum &&
                                     W * sizeof(T) == 64;
#else
        static constexpr bool comp = false;
#endif
        std::vector<T> c2v(comp ? 0 : static_cast<size_t>(jb.edges) * W);
        // compressed C2V (comp): per row mag1, mag2; per edge sign and took-mag2 masks
        std::vector<T> rowmag(comp ? static_cast<size_t>(jb.rows) * 2 * W : 0);
        std::vector<uint64_t> emask(comp ? static_cast<size_t>(jb.edges) * 2 : 0);
        // comp: per column the lane mask of L < 0 as left by the layered pass (its
        // last update in the iteration), so the syndrome and the hard decisions read
        // 8 B per column (L2-resident) instead of the W-lane posteriors. Exact: the
        // sign bit of each final posterior. Columns in no row keep their channel
        // sign, so the hard decisions then read L (cols_all_in_rows).
        std::vector<uint64_t> sgn(comp ? static_cast<size_t>(cols) : 0);
        bool cols_all_in_rows = true;
        if constexpr (comp) {
            std::vector<uint8_t> seen(cols, 0);
            for (int e = 0; e < jb.edges; ++e)
                seen[jb.row_cols[e]] = 1;
            for (int c = 0; c < cols; ++c)
                cols_all_in_rows &= seen[c] != 0;
        }
        std::vector<T> prev(Rule == check_node_rule::self_corrected_min_sum
                                ? static_cast<size_t>(jb.edges) * W
                                : 0);
        std::vector<T> ext(static_cast<size_t>(jb.max_degree) * W);
        std::vector<T> v2c(static_cast<size_t>(jb.max_degree) * W);
        long frame_of[W]; // -1: idle lane
        int iters[W];
        uint8_t refill[W];
        size_t next = jb.first;

        const std::vector<int> punctured = punctured_columns(jb);
        // Loads the next frames into lanes ls[0..k) (or idles them when none is
        // left): one pass over the posterior array for all of them (per lane, a
        // pass of strided single-value stores cost as much as a decoding iteration
        // on DVB-S2).
        std::vector<T> qb(static_cast<size_t>(W) * jb.n);
        auto load_lanes = [&](const int* ls, int k) {
            int fed[W], idle[W];
            int nfed = 0, nidle = 0;
            for (int t = 0; t < k; ++t) {
                const int l = ls[t];
                refill[l] = 1; // its messages are cleared in its first iteration
                iters[l] = 0;
                if (next < jb.last) {
                    const size_t f = next++;
                    frame_of[l] = static_cast<long>(f);
                    quantize<T>(jb,
                                jb.llrs + f * static_cast<size_t>(jb.n),
                                qb.data() + static_cast<size_t>(nfed) * jb.n);
                    fed[nfed++] = l;
                } else {
                    frame_of[l] = -1;
                    idle[nidle++] = l;
                }
            }
            for (int i = 0; i < jb.n; ++i) {
                T* Lc = L.data() + static_cast<size_t>(jb.transmitted[i]) * W;
                for (int t = 0; t < nfed; ++t)
                    Lc[fed[t]] = qb[static_cast<size_t>(t) * jb.n + i];
            }
            for (int c : punctured)
                for (int t = 0; t < nfed; ++t)
                    L[static_cast<size_t>(c) * W + fed[t]] = 0;
            if (nidle > 0)
                for (int c = 0; c < cols; ++c)
                    for (int t = 0; t < nidle; ++t)
                        L[static_cast<size_t>(c) * W + idle[t]] = 0;
            if constexpr (Flood)
                for (int c = 0; c < cols; ++c)
                    for (int t = 0; t < k; ++t)
                        ch[static_cast<size_t>(c) * W + ls[t]] =
                            L[static_cast<size_t>(c) * W + ls[t]];
        };
        // keep[l] = 0 for one iteration after lane l is refilled: its messages are
        // cleared at first use in row_update (no pass over all the C2V memory)
        M keep[W];
        [[maybe_unused]] uint64_t keep_bits = ~uint64_t(0); // keep as a lane mask
        bool fresh = false;
        {
            int all[W];
            for (int l = 0; l < W; ++l)
                all[l] = l;
            load_lanes(all, W);
            for (int l = 0; l < W; ++l)
                refill[l] = 0; // messages start at 0
        }

        // byte hard decisions of the finished lanes (not needed with the sign masks)
        std::vector<uint8_t> hard(
            comp && cols_all_in_rows ? 0 : static_cast<size_t>(W) * cols);
        while (true) {
            bool any = false;
            for (int l = 0; l < W; ++l)
                any |= frame_of[l] >= 0;
            if (!any)
                break;

            // one iteration for all lanes
            if constexpr (Flood)
                std::memcpy(Ln.data(), ch.data(), ch.size() * sizeof(T));
            for (int ri = 0; ri < jb.rows; ++ri) {
                const int r = Flood ? ri : jb.row_order[ri];
                const int e0 = jb.row_ptr[r];
                const int d = jb.row_ptr[r + 1] - e0;
                const int* rc = jb.row_cols + e0;
                // the posteriors of a row a few rows ahead: for codes whose rows
                // jump over a posterior array larger than L2 (DVB-S2: 64800 x 64 B)
                // their loads are the bottleneck otherwise
                if (ri + prefetch_rows < jb.rows) {
                    const int rp =
                        Flood ? ri + prefetch_rows : jb.row_order[ri + prefetch_rows];
                    for (int e = jb.row_ptr[rp]; e < jb.row_ptr[rp + 1]; ++e)
                        for (size_t b = 0; b < W * sizeof(T); b += 64)
                            __builtin_prefetch(
                                reinterpret_cast<const char*>(
                                    L.data() + static_cast<size_t>(jb.row_cols[e]) * W) +
                                    b,
                                1);
                }
                auto lin = [&](int j) {
                    return L.data() + static_cast<size_t>(rc[j]) * W;
                };
                auto lout = [&](int j) {
                    return (Flood ? Ln.data() : L.data()) +
                           static_cast<size_t>(rc[j]) * W;
                };
                auto mat = [&](int j) {
                    return c2v.data() + static_cast<size_t>(e0 + j) * W;
                };
                auto pat = [&](int j) {
                    return prev.data() + static_cast<size_t>(e0 + j) * W;
                };
#if defined(__AVX512BW__)
                if constexpr (comp) {
                    T* rm = rowmag.data() + static_cast<size_t>(r) * 2 * W;
                    uint64_t* em = emask.data() + static_cast<size_t>(e0) * 2;
                    auto ld = [&](int j) { return _mm512_loadu_si512(lin(j)); };
                    // the posterior, and the lanes' hard decisions of this column
                    // (L < 0) for the syndrome: the last row of the iteration to
                    // touch the column leaves its final signs
                    auto st = [&](int j, __m512i v) {
                        _mm512_storeu_si512(lin(j), v);
                        if constexpr (sizeof(T) == 1)
                            sgn[rc[j]] = _mm512_movepi8_mask(v);
                        else
                            sgn[rc[j]] = _mm512_movepi16_mask(v);
                    };
                    if (fresh)
                        row_update_compressed<T, Rule, true>(
                            d, ld, st, rm, em, ext.data(), keep_bits, jb);
                    else
                        row_update_compressed<T, Rule, false>(
                            d, ld, st, rm, em, ext.data(), keep_bits, jb);
                    continue;
                }
#endif
                if (fresh)
                    row_update<T, W, Rule, Flood, true>(
                        d, lin, lout, mat, pat, ext.data(), v2c.data(), keep, jb);
                else
                    row_update<T, W, Rule, Flood, false>(
                        d, lin, lout, mat, pat, ext.data(), v2c.data(), keep, jb);
            }
            if constexpr (Flood)
                L.swap(Ln);
            fresh = false;

            bool need_check = jb.early_termination;
            for (int l = 0; l < W; ++l) {
                ++iters[l];
                need_check |= frame_of[l] >= 0 && iters[l] >= jb.max_iterations;
            }
            if (!need_check)
                continue;

            // syndrome of every lane. Fixed point: the sign bit of an XOR of values
            // is the XOR of their sign bits (L < 0 -> 1), that of an OR the OR. Float:
            // the comparison L < 0 per value (-0 is not negative).
            M bad[W];
            for (int l = 0; l < W; ++l)
                bad[l] = 0;
            if constexpr (comp) {
                // from the sign masks of the layered pass: bit l of the OR over
                // the rows of the XOR over each row's columns
                uint64_t badm = 0;
                const int* rcol = jb.row_cols;
                const uint64_t* sg = sgn.data();
                for (int r = 0; r < jb.rows; ++r) {
                    uint64_t par = 0;
                    for (int e = jb.row_ptr[r]; e < jb.row_ptr[r + 1]; ++e)
                        par ^= sg[rcol[e]];
                    badm |= par;
                }
                for (int l = 0; l < W; ++l)
                    bad[l] = (badm >> l) & 1 ? M(-1) : M(0);
            }
            for (int r = 0; r < (comp ? 0 : jb.rows); ++r) {
                M par[W];
                for (int l = 0; l < W; ++l)
                    par[l] = 0;
                const int eb = jb.row_ptr[r], ee = jb.row_ptr[r + 1];
                if (r + prefetch_rows < jb.rows)
                    for (int e = jb.row_ptr[r + prefetch_rows];
                         e < jb.row_ptr[r + prefetch_rows + 1];
                         ++e)
                        for (size_t b = 0; b < W * sizeof(T); b += 64)
                            __builtin_prefetch(
                                reinterpret_cast<const char*>(
                                    L.data() + static_cast<size_t>(jb.row_cols[e]) * W) +
                                b);
                for (int e = eb; e < ee; ++e) {
                    const T* Lc = L.data() + static_cast<size_t>(jb.row_cols[e]) * W;
                    if constexpr (N::is_float) {
                        typedef float vf __attribute__((vector_size(W * 4)));
                        typedef int32_t vi __attribute__((vector_size(W * 4)));
                        vf lv;
                        vi pv;
                        std::memcpy(&lv, Lc, sizeof lv);
                        std::memcpy(&pv, par, sizeof pv);
                        pv ^= (lv < 0.0f);
                        std::memcpy(par, &pv, sizeof pv);
                    } else {
                        xor_into<T, W>(par, Lc);
                    }
                }
                for (int l = 0; l < W; ++l)
                    bad[l] = static_cast<M>(bad[l] | par[l]);
            }
            int fin[W];
            bool fin_ok[W];
            int nfin = 0;
            for (int l = 0; l < W; ++l) {
                if (frame_of[l] < 0)
                    continue;
                const bool ok = N::is_float ? bad[l] == 0 : bad[l] >= 0;
                if ((jb.early_termination && ok) || iters[l] >= jb.max_iterations) {
                    fin_ok[nfin] = ok;
                    fin[nfin++] = l;
                }
            }
            const bool any_refill = nfin > 0;
            if (any_refill) {
                // hard decisions of the finished lanes (one pass), their outputs,
                // then the next frames into their lanes
                if (comp && cols_all_in_rows) {
                    // straight from the sign masks (L2-resident), no byte array
                    for (int t = 0; t < nfin; ++t) {
                        const uint64_t* sg = sgn.data();
                        const int l = fin[t];
                        write_outputs_fn(
                            jb,
                            static_cast<size_t>(frame_of[l]),
                            [sg, l](int c) {
                                return static_cast<uint8_t>((sg[c] >> l) & 1);
                            },
                            iters[l],
                            fin_ok[t]);
                    }
                } else {
                    for (int c = 0; c < cols; ++c) {
                        const T* Lc = L.data() + static_cast<size_t>(c) * W;
                        for (int t = 0; t < nfin; ++t)
                            hard[static_cast<size_t>(t) * cols + c] = Lc[fin[t]] < 0;
                    }
                    for (int t = 0; t < nfin; ++t)
                        write_outputs(jb,
                                      static_cast<size_t>(frame_of[fin[t]]),
                                      hard.data() + static_cast<size_t>(t) * cols,
                                      iters[fin[t]],
                                      fin_ok[t]);
                }
                load_lanes(fin, nfin);
            }
            if (any_refill) {
                for (int l = 0; l < W; ++l) {
                    keep[l] = refill[l] ? M(0) : M(-1);
                    refill[l] = 0;
                }
                fresh = true;
                keep_bits = 0;
                for (int l = 0; l < W; ++l)
                    keep_bits |= static_cast<uint64_t>(keep[l] != 0) << l;
            }
        }
    }
};

/*!
 * Bit l of the result: p[l] < 0, l = 0..63 (the hard decisions of 64 values;
 * float compares, so -0 is not negative, as the reference's L < 0).
 */
template <typename T>
inline uint64_t sign_bits64(const T* p)
{
    if constexpr (!num<T>::is_float) {
#if defined(__AVX512BW__)
        if constexpr (sizeof(T) == 1)
            return _mm512_movepi8_mask(_mm512_loadu_si512(p));
        else
            return _mm512_movepi16_mask(_mm512_loadu_si512(p)) |
                   (static_cast<uint64_t>(
                        _mm512_movepi16_mask(_mm512_loadu_si512(p + 32)))
                    << 32);
#elif defined(__AVX2__)
        if constexpr (sizeof(T) == 1)
            return static_cast<uint32_t>(_mm256_movemask_epi8(
                       _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)))) |
                   (static_cast<uint64_t>(static_cast<uint32_t>(_mm256_movemask_epi8(
                        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32)))))
                    << 32);
#endif
    }
    uint64_t w = 0;
    for (int l = 0; l < 64; ++l)
        w |= static_cast<uint64_t>(p[l] < 0) << l;
    return w;
}

/*! dst[i] = mask[i] ? src[i] : dst[i] over n values (mask 0 / all ones). */
template <typename T>
inline void blend_values(T* __restrict dst,
                         const T* __restrict src,
                         const typename num<T>::M* __restrict mask,
                         int n)
{
    using M = typename num<T>::M;
    M* d = reinterpret_cast<M*>(dst);
    const M* s = reinterpret_cast<const M*>(src);
    for (int i = 0; i < n; ++i)
        d[i] = static_cast<M>((s[i] & mask[i]) | (d[i] & ~mask[i]));
}

#if defined(__AVX512BW__)
/*! Bits [0, n) of a lane mask (n <= 64). */
inline uint64_t low_lanes(int n)
{
    return n >= 64 ? ~uint64_t(0) : (uint64_t(1) << n) - 1;
}

/*!
 * The 64-byte vector of lanes i = 0.. of a circulant rotated by p within a block
 * of Z values at Lb: lane i holds Lb[(p + i) mod Z] for p + i < 2Z (a blend of two
 * loads where it wraps). Reads up to 64 bytes before Lb and after Lb + Z.
 */
template <typename T>
inline __m512i load_rot(const T* Lb, int p, int Z)
{
    constexpr int V = 64 / sizeof(T);
    if (p >= Z)
        return _mm512_loadu_si512(Lb + p - Z);
    const __m512i a = _mm512_loadu_si512(Lb + p);
    if (p + V <= Z)
        return a;
    const __m512i b = _mm512_loadu_si512(Lb + p - Z);
    const uint64_t wrap = ~low_lanes(Z - p);
    if constexpr (sizeof(T) == 1)
        return _mm512_mask_blend_epi8(wrap, a, b);
    else if constexpr (sizeof(T) == 2)
        return _mm512_mask_blend_epi16(static_cast<__mmask32>(wrap), a, b);
    else
        return _mm512_mask_blend_epi32(static_cast<__mmask16>(wrap), a, b);
}

template <typename T>
inline void mask_store(T* p, uint64_t m, __m512i v)
{
    if constexpr (sizeof(T) == 1)
        _mm512_mask_storeu_epi8(p, m, v);
    else if constexpr (sizeof(T) == 2)
        _mm512_mask_storeu_epi16(p, static_cast<__mmask32>(m), v);
    else
        _mm512_mask_storeu_epi32(p, static_cast<__mmask16>(m), v);
}

/*! The inverse of load_rot for the lanes of mask m: Lb[(p + i) mod Z] = lane i. */
template <typename T>
inline void store_rot(T* Lb, int p, int Z, __m512i v, uint64_t m)
{
    constexpr int V = 64 / sizeof(T);
    if (p >= Z) {
        mask_store<T>(Lb + p - Z, m, v);
        return;
    }
    if (p + V <= Z) {
        mask_store<T>(Lb + p, m, v);
        return;
    }
    const uint64_t lo = low_lanes(Z - p);
    mask_store<T>(Lb + p, m & lo, v);
    mask_store<T>(Lb + p - Z, m & ~lo, v);
}
#endif

/*! Bits [0, n) of a lane mask (n <= 64), any ISA. */
inline uint64_t low_lanes_n(int n)
{
    return n >= 64 ? ~uint64_t(0) : (uint64_t(1) << n) - 1;
}

/*!
 * Intra-frame layered kernel for codes in QC form (QC codes: passes = block
 * rows; DVB-S2: the 360-periodic row sets and their sublayers under a column
 * permutation, see job): one frame at a time, a pass's Z rows in the lanes, W at a
 * time (Z padded to a multiple of W; padding lanes are computed on and never
 * written back). Each circulant's Z posteriors are copied into a row-aligned
 * buffer rotated by its shift (X[k] = L[col Z + (k + s) mod Z], two contiguous
 * copies), processed with the inter-frame kernel's row_update, and copied back
 * (whole, or only the lanes of the pass's rows with an edge there: lane masks).
 * A lane without an edge (DVB-S2's staircase wrap) holds +max with a zero C2V:
 * never a minimum, never a sign flip, never an SCMS erasure (its V2C stays
 * +max), so the row's result is exactly that of its real edges. Same per-value
 * arithmetic as the inter-frame kernel in the same layer order, so the same
 * results for every precision. Early termination: the syndrome after each
 * iteration from the posteriors' sign bits packed per block (only the blocks
 * it reads, stopping at the first unsatisfied row set).
 */
template <typename T, int W, check_node_rule Rule>
struct intra_kernel {
    using N = num<T>;
    using M = typename N::M;

    static void run(const job& jb)
    {
        const int Z = jb.z;
        const int Zp = (Z + W - 1) / W * W;
        const int chunks = Zp / W;
        const int ncirc = jb.pass_ptr[jb.passes];
        const int nblocks = jb.cols / Z;
        int maxd = 1;
        for (int p = 0; p < jb.passes; ++p)
            maxd = std::max(maxd, jb.pass_ptr[p + 1] - jb.pass_ptr[p]);
        // padded: the rotated vector loads read up to W values before a block and
        // W after it, the sign packing whole 64-value words
        std::vector<T> Lbuf(static_cast<size_t>(jb.cols) + 4 * W + 128, T(0));
        T* const L = Lbuf.data() + 2 * W;
        std::vector<T> prev(Rule == check_node_rule::self_corrected_min_sum
                                ? static_cast<size_t>(ncirc) * Zp
                                : 0);
        std::vector<T> X(static_cast<size_t>(maxd) * Zp, T(0));
        std::vector<T> ext(static_cast<size_t>(maxd) * W);
        std::vector<T> v2c(static_cast<size_t>(maxd) * W);
#if defined(__AVX512BW__)
        // the C2V compressed as in the inter-frame kernel (per row mag1 / mag2,
        // per edge sign and took-mag2 lane masks; row_update_compressed)
        static constexpr bool comp = !N::is_float &&
                                     Rule != check_node_rule::self_corrected_min_sum &&
                                     W * sizeof(T) == 64;
#else
        static constexpr bool comp = false;
#endif
        // AVX-512: circulants copied in / out as rotated 64-byte vectors (a blend
        // where the rotation wraps; masked stores) instead of memcpy: no call
        // overhead, and the row update's loads are forwarded from same-size stores
        [[maybe_unused]] static constexpr bool vcopy = W * sizeof(T) == 64;
        // comp: per circulant and chunk, the lanes without an edge (+max) and the
        // lanes written back (valid, of the pass's rows, with an edge)
        std::vector<uint64_t> missbits(comp ? static_cast<size_t>(ncirc) * chunks : 0);
        std::vector<uint64_t> wbits(comp ? static_cast<size_t>(ncirc) * chunks : 0);
        std::vector<T*> Lj(maxd);
        std::vector<int> Sj(maxd);
        std::vector<T> c2v(comp ? 0 : static_cast<size_t>(ncirc) * Zp);
        std::vector<T> rowmag(comp ? static_cast<size_t>(jb.passes) * chunks * 2 * W : 0);
        std::vector<uint64_t> emask(comp ? static_cast<size_t>(ncirc) * chunks * 2 : 0);
        std::vector<T> q(jb.n);
        std::vector<int> punctured = punctured_columns(jb);
        auto icol = [&](int c) { return jb.col_perm ? jb.col_perm[c] : c; };
        for (int& c : punctured)
            c = icol(c);
        // internal column of each input LLR; the leading run of the identity
        // (DVB-S2's information part) is copied whole
        std::vector<int> tcol(jb.n);
        int ident = 0;
        for (int i = 0; i < jb.n; ++i) {
            tcol[i] = icol(jb.transmitted[i]);
            if (ident == i && tcol[i] == i)
                ++ident;
        }
        std::vector<int> icol_info(jb.out.info_bits ? jb.k : 0);
        for (size_t i = 0; i < icol_info.size(); ++i)
            icol_info[i] = icol(jb.info_positions[i]);

        // lane masks as lane-typed all-ones / zero values (write-back blends) and
        // as bit words (syndrome); the chunks of each pass holding some row
        int nmasks = 0;
        for (int i = 0; i < ncirc; ++i)
            nmasks = std::max(nmasks, jb.circ_wmask[i] + 1);
        for (int t = 0; t < jb.syn_ptr[jb.syn_sets]; ++t)
            nmasks = std::max(nmasks, jb.syn_valid[t] + 1);
        for (int p = 0; p < jb.passes; ++p)
            nmasks = std::max(nmasks, jb.pass_active[p] + 1);
        const int Zw = (Z + 63) / 64;
        std::vector<M> tmask(static_cast<size_t>(nmasks) * Zp, M(0));
        std::vector<uint64_t> bmask(static_cast<size_t>(nmasks) * Zw, 0);
        for (int m = 0; m < nmasks; ++m)
            for (int k = 0; k < Z; ++k)
                if (jb.lane_masks[static_cast<size_t>(m) * Z + k]) {
                    tmask[static_cast<size_t>(m) * Zp + k] = M(-1);
                    bmask[static_cast<size_t>(m) * Zw + k / 64] |= uint64_t(1)
                                                                   << (k % 64);
                }
        std::vector<uint8_t> chunk_on(static_cast<size_t>(jb.passes) * chunks, 1);
        for (int p = 0; p < jb.passes; ++p)
            if (jb.pass_active[p] >= 0)
                for (int c = 0; c < chunks; ++c) {
                    bool any = false;
                    for (int k = c * W; k < std::min(Z, (c + 1) * W); ++k)
                        any |= jb.lane_masks[static_cast<size_t>(jb.pass_active[p]) * Z +
                                             k] != 0;
                    chunk_on[static_cast<size_t>(p) * chunks + c] = any;
                }

        if constexpr (comp) {
            for (int i = 0; i < ncirc; ++i) {
                const uint64_t* bm =
                    jb.circ_wmask[i] < 0
                        ? nullptr
                        : bmask.data() + static_cast<size_t>(jb.circ_wmask[i]) * Zw;
                for (int c = 0; c < chunks; ++c) {
                    const size_t ic = static_cast<size_t>(i) * chunks + c;
                    wbits[ic] = low_lanes_n(std::min(W, Z - c * W));
                    if (bm)
                        wbits[ic] &= (bm[c * W / 64] >> (c * W % 64)) & low_lanes_n(W);
                }
                for (int m = jb.circ_miss_ptr[i]; m < jb.circ_miss_ptr[i + 1]; ++m) {
                    const int k = jb.miss_lane[m];
                    const size_t ic = static_cast<size_t>(i) * chunks + k / W;
                    missbits[ic] |= uint64_t(1) << (k % W);
                    wbits[ic] &= ~(uint64_t(1) << (k % W));
                }
            }
        }

        // sign bits of a block, doubled (bit Z + k = bit k) so that any rotation
        // is a 64-bit window; packed on demand once per syndrome check
        const int DB = (2 * Z + 191) / 64;
        std::vector<uint64_t> bits(static_cast<size_t>(nblocks) * DB);
        std::vector<long> stamp(nblocks, -1);
        long check = 0;
        auto or_at = [](uint64_t* d, int pos, uint64_t v) {
            const int i = pos >> 6, sh = pos & 63;
            d[i] |= v << sh;
            if (sh)
                d[i + 1] |= v >> (64 - sh);
        };
        auto block_bits = [&](int b) {
            uint64_t* d = bits.data() + static_cast<size_t>(b) * DB;
            if (stamp[b] != check) {
                stamp[b] = check;
                std::fill(d, d + DB, uint64_t(0));
                const T* Lb = L + static_cast<size_t>(b) * Z;
                for (int w = 0; w < Zw; ++w) {
                    uint64_t v = sign_bits64<T>(Lb + 64 * w);
                    if (Z - 64 * w < 64)
                        v &= (uint64_t(1) << (Z - 64 * w)) - 1;
                    or_at(d, 64 * w, v);
                    or_at(d, Z + 64 * w, v);
                }
            }
            return static_cast<const uint64_t*>(d);
        };
        const uint64_t last_word = Z % 64 ? (uint64_t(1) << (Z % 64)) - 1 : ~uint64_t(0);
        std::vector<uint64_t> acc(Zw);
        auto syndrome_ok = [&]() {
            ++check;
            for (int t = 0; t < jb.syn_sets; ++t) {
                std::fill(acc.begin(), acc.end(), uint64_t(0));
                for (int i = jb.syn_ptr[t]; i < jb.syn_ptr[t + 1]; ++i) {
                    const uint64_t* d = block_bits(jb.syn_col[i]);
                    const uint64_t* vm =
                        jb.syn_valid[i] < 0
                            ? nullptr
                            : bmask.data() + static_cast<size_t>(jb.syn_valid[i]) * Zw;
                    for (int w = 0; w < Zw; ++w) {
                        const int pos = jb.syn_shift[i] + 64 * w;
                        const int wi = pos >> 6, sh = pos & 63;
                        uint64_t v =
                            sh ? (d[wi] >> sh) | (d[wi + 1] << (64 - sh)) : d[wi];
                        if (vm)
                            v &= vm[w];
                        acc[w] ^= v;
                    }
                }
                acc[Zw - 1] &= last_word;
                for (int w = 0; w < Zw; ++w)
                    if (acc[w])
                        return false;
            }
            return true;
        };

        const T vmax = N::init;
#if defined(__AVX512BW__)
        [[maybe_unused]] const __m512i vmaxv =
            sizeof(T) == 1 ? _mm512_set1_epi8(127) : _mm512_set1_epi16(32767);
#endif
        size_t seq = jb.first; // frames [first, last) in order without a counter
        while (true) {
            const size_t f = jb.next_frame ? jb.next_frame->fetch_add(1) : seq++;
            if (f >= jb.last)
                break;
            quantize<T>(jb, jb.llrs + f * static_cast<size_t>(jb.n), q.data());
            {
                T* __restrict Lp = L;
                const T* __restrict qp = q.data();
                const int* __restrict tc = tcol.data();
                const int n = jb.n;
                std::memcpy(Lp, qp, static_cast<size_t>(ident) * sizeof(T));
                for (int i = ident; i < n; ++i)
                    Lp[tc[i]] = qp[i];
            }
            for (int c : punctured)
                L[c] = 0;
            std::fill(c2v.begin(), c2v.end(), T(0));
            std::fill(prev.begin(), prev.end(), T(0));
            std::fill(rowmag.begin(), rowmag.end(), T(0));
            std::fill(emask.begin(), emask.end(), uint64_t(0));
            int it = 0;
            bool ok = false;
            while (it < jb.max_iterations) {
                ++it;
                for (int p = 0; p < jb.passes; ++p) {
                    const int k0 = jb.pass_ptr[p];
                    const int d = jb.pass_ptr[p + 1] - k0;
                    for (int j = 0; j < d; ++j) {
                        T* Xj = X.data() + static_cast<size_t>(j) * Zp;
                        T* Lb = L + static_cast<size_t>(jb.circ_col[k0 + j]) * Z;
                        const int s = jb.circ_shift[k0 + j];
                        if constexpr (comp) {
                            Lj[j] = Lb;
                            Sj[j] = s;
                            for (int m = jb.circ_miss_ptr[k0 + j];
                                 m < jb.circ_miss_ptr[k0 + j + 1];
                                 ++m) {
                                // C2V negative: L (+max) - C2V saturates at +max
                                const int k = jb.miss_lane[m];
                                emask[(static_cast<size_t>(k0) * chunks +
                                       static_cast<size_t>(k / W) * d + j) *
                                      2] |= uint64_t(1) << (k % W);
                            }
                            continue;
                        }
#if defined(__AVX512BW__)
                        if constexpr (vcopy) {
                            for (int c = 0; c < chunks; ++c)
                                _mm512_storeu_si512(Xj + c * W,
                                                    load_rot<T>(Lb, s + c * W, Z));
                        } else
#endif
                        {
                            std::memcpy(
                                Xj, Lb + s, static_cast<size_t>(Z - s) * sizeof(T));
                            std::memcpy(
                                Xj + (Z - s), Lb, static_cast<size_t>(s) * sizeof(T));
                        }
                        for (int m = jb.circ_miss_ptr[k0 + j];
                             m < jb.circ_miss_ptr[k0 + j + 1];
                             ++m) {
                            const int k = jb.miss_lane[m];
                            Xj[k] = vmax;
                            c2v[static_cast<size_t>(k0 + j) * Zp + k] = T(0);
                        }
                    }
                    const uint8_t* on = chunk_on.data() + static_cast<size_t>(p) * chunks;
                    for (int c = 0; c < chunks; ++c) {
                        if (!on[c])
                            continue;
                        const size_t o = static_cast<size_t>(c) * W;
                        auto lx = [&](int j) {
                            return X.data() + static_cast<size_t>(j) * Zp + o;
                        };
#if defined(__AVX512BW__)
                        if constexpr (comp) {
                            // straight from / to the posteriors (rotated vector
                            // loads, masked stores of the lanes written back): the
                            // rows of a pass share no column, so no copy is needed
                            const uint64_t* mb =
                                missbits.data() + static_cast<size_t>(k0) * chunks + c;
                            const uint64_t* wb =
                                wbits.data() + static_cast<size_t>(k0) * chunks + c;
                            auto ld = [&](int j) {
                                const __m512i v = load_rot<T>(Lj[j], Sj[j] + c * W, Z);
                                const uint64_t mm = mb[static_cast<size_t>(j) * chunks];
                                if (mm == 0)
                                    return v;
                                if constexpr (sizeof(T) == 1)
                                    return _mm512_mask_mov_epi8(v, mm, vmaxv);
                                else
                                    return _mm512_mask_mov_epi16(
                                        v, static_cast<__mmask32>(mm), vmaxv);
                            };
                            auto st = [&](int j, __m512i v) {
                                store_rot<T>(Lj[j],
                                             Sj[j] + c * W,
                                             Z,
                                             v,
                                             wb[static_cast<size_t>(j) * chunks]);
                            };
                            row_update_compressed<T, Rule, false>(
                                d,
                                ld,
                                st,
                                rowmag.data() +
                                    (static_cast<size_t>(p) * chunks + c) * 2 * W,
                                emask.data() + (static_cast<size_t>(k0) * chunks +
                                                static_cast<size_t>(c) * d) *
                                                   2,
                                ext.data(),
                                ~uint64_t(0),
                                jb);
                            continue;
                        }
#endif
                        auto mat = [&](int j) {
                            return c2v.data() + static_cast<size_t>(k0 + j) * Zp + o;
                        };
                        auto pat = [&](int j) {
                            return prev.data() + static_cast<size_t>(k0 + j) * Zp + o;
                        };
                        row_update<T, W, Rule, false, false>(
                            d, lx, lx, mat, pat, ext.data(), v2c.data(), nullptr, jb);
                    }
                    for (int j = 0; j < (comp ? 0 : d); ++j) {
                        const T* Xj = X.data() + static_cast<size_t>(j) * Zp;
                        T* Lb = L + static_cast<size_t>(jb.circ_col[k0 + j]) * Z;
                        const int s = jb.circ_shift[k0 + j];
                        const int wm = jb.circ_wmask[k0 + j];
#if defined(__AVX512BW__)
                        if constexpr (vcopy) {
                            const uint64_t* bm =
                                wm < 0 ? nullptr
                                       : bmask.data() + static_cast<size_t>(wm) * Zw;
                            for (int c = 0; c < chunks; ++c) {
                                uint64_t m = low_lanes(std::min(W, Z - c * W));
                                if (bm)
                                    m &= (bm[c * W / 64] >> (c * W % 64)) & low_lanes(W);
                                if (m)
                                    store_rot<T>(Lb,
                                                 s + c * W,
                                                 Z,
                                                 _mm512_loadu_si512(Xj + c * W),
                                                 m);
                            }
                            continue;
                        }
#endif
                        if (wm < 0) {
                            std::memcpy(
                                Lb + s, Xj, static_cast<size_t>(Z - s) * sizeof(T));
                            std::memcpy(
                                Lb, Xj + (Z - s), static_cast<size_t>(s) * sizeof(T));
                        } else {
                            const M* mk = tmask.data() + static_cast<size_t>(wm) * Zp;
                            blend_values<T>(Lb + s, Xj, mk, Z - s);
                            blend_values<T>(Lb, Xj + (Z - s), mk + (Z - s), s);
                        }
                    }
                }
                if (jb.early_termination || it == jb.max_iterations) {
                    ok = syndrome_ok();
                    if (jb.early_termination && ok)
                        break;
                }
            }
            // outputs straight from the posteriors (internal columns)
            if (jb.out.info_bits) {
                uint8_t* dst = jb.out.info_bits + f * static_cast<size_t>(jb.k);
                const T* __restrict Lp = L;
                const int* __restrict ic = icol_info.data();
                for (int i = 0; i < jb.k; ++i)
                    dst[i] = Lp[ic[i]] < 0;
            }
            if (jb.out.codewords) {
                uint8_t* dst = jb.out.codewords + f * static_cast<size_t>(jb.n);
                const T* __restrict Lp = L;
                const int* __restrict tc = tcol.data();
                for (int i = 0; i < jb.n; ++i)
                    dst[i] = Lp[tc[i]] < 0;
            }
            if (jb.out.iterations)
                jb.out.iterations[f] = it;
            if (jb.out.parity_ok)
                jb.out.parity_ok[f] = ok ? 1 : 0;
        }
    }
};

template <typename T, int W, bool Flood>
void run_inter_sched(const job& jb)
{
    switch (jb.rule) {
    case check_node_rule::min_sum:
        return inter_kernel<T, W, check_node_rule::min_sum, Flood>::run(jb);
    case check_node_rule::normalized_min_sum:
        return inter_kernel<T, W, check_node_rule::normalized_min_sum, Flood>::run(jb);
    case check_node_rule::offset_min_sum:
        return inter_kernel<T, W, check_node_rule::offset_min_sum, Flood>::run(jb);
    case check_node_rule::self_corrected_min_sum:
        return inter_kernel<T, W, check_node_rule::self_corrected_min_sum, Flood>::run(
            jb);
    default:
        return;
    }
}

template <typename T, int W>
void run_inter(const job& jb)
{
    if (jb.flooding)
        run_inter_sched<T, W, true>(jb);
    else
        run_inter_sched<T, W, false>(jb);
}

template <typename T, int W>
void run_intra(const job& jb)
{
    switch (jb.rule) {
    case check_node_rule::min_sum:
        return intra_kernel<T, W, check_node_rule::min_sum>::run(jb);
    case check_node_rule::normalized_min_sum:
        return intra_kernel<T, W, check_node_rule::normalized_min_sum>::run(jb);
    case check_node_rule::offset_min_sum:
        return intra_kernel<T, W, check_node_rule::offset_min_sum>::run(jb);
    case check_node_rule::self_corrected_min_sum:
        return intra_kernel<T, W, check_node_rule::self_corrected_min_sum>::run(jb);
    default:
        return;
    }
}

} // namespace
} // namespace simd
} // namespace gpufec

// BYTES: bytes of one lane group (int16 lanes = BYTES / 2, int8 lanes = BYTES,
// float lanes = BYTES / 4); every protokernel uses 64 (see docs/SIMD_DESIGN.md).
#define GPUFEC_DEFINE_PROTOKERNEL(NAME, BYTES)                           \
    namespace gpufec {                                                   \
    namespace simd {                                                     \
    const protokernel& protokernel_##NAME()                              \
    {                                                                    \
        static const protokernel p = { #NAME,                            \
                                       &run_inter<int16_t, (BYTES) / 2>, \
                                       &run_inter<int8_t, (BYTES)>,      \
                                       &run_inter<float, (BYTES) / 4>,   \
                                       (BYTES) / 2,                      \
                                       (BYTES),                          \
                                       (BYTES) / 4,                      \
                                       &run_intra<int16_t, (BYTES) / 2>, \
                                       &run_intra<int8_t, (BYTES)>,      \
                                       &run_intra<float, (BYTES) / 4> }; \
        return p;                                                        \
    }                                                                    \
    }                                                                    \
    }
