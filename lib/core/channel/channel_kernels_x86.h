/* -*- c++ -*- */
/*
 * The body of the x86-64 channel kernels (channel_kernels.h), included by
 * channel_kernels_avx2.cc and channel_kernels_avx512.cc, each with its ISA's
 * flags and a traits struct V of W 32-bit lanes (the vector types and the few
 * operations below). Lane l of a group holds Philox4x32-10 block j0 + l
 * (Salmon et al., SC'11): the 32 x 32 -> 64 bit products of the even and odd
 * lanes are two pmuludq, their halves put back in place by shuffles and blends.
 * The float Box-Muller then follows normal_sample.h operation by operation
 * (IEEE add, multiply, divide, square root, each rounded on its own: these files
 * are compiled with -ffp-contract=off; exact conversions and selects; the
 * quadrant's negations as sign-bit flips), so every lane gives the scalar
 * path's bits. Bit b of sample 4 (j0 + l) + t is byte t of 32-bit word l of the
 * frame's bytes, so the LLRs need no transposition; int8 LLRs are packed back the
 * same way.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CHANNEL_KERNELS_X86_H
#define INCLUDED_GPUFEC_CHANNEL_KERNELS_X86_H

#include "channel/channel_kernels.h"
#include "channel/normal_sample.h"
#include <gpufec/channel.h>

#include <algorithm>
#include <cstring>
#include <immintrin.h>

namespace gpufec {
namespace chan {
namespace {

#define GPUFEC_CK_INLINE __attribute__((always_inline)) inline

/*!
 * The four Philox words of blocks j0 .. j0 + U W - 1 of (key, counter words
 * 1..3): x[w][u] lane l is word w of block j0 + u W + l. U independent vectors a
 * step, so that the rounds' dependency chains overlap.
 */
template <class V>
GPUFEC_CK_INLINE void philox_group(uint32_t k0,
                                   uint32_t k1,
                                   uint32_t c1,
                                   uint32_t c2,
                                   uint32_t c3,
                                   uint32_t j0,
                                   typename V::vi x[4][V::U])
{
    using vi = typename V::vi;
    constexpr int U = V::U;
    for (int u = 0; u < U; u++) {
        x[0][u] =
            V::add_i(V::set1_i(j0 + static_cast<uint32_t>(u * V::W)), V::lane_index());
        x[1][u] = V::set1_i(c1);
        x[2][u] = V::set1_i(c2);
        x[3][u] = V::set1_i(c3);
    }
    const vi m0 = V::set1_i(philox4x32_10::M0);
    const vi m1 = V::set1_i(philox4x32_10::M1);
    uint32_t ka = k0, kb = k1;
    for (int round = 0; round < 10; ++round) {
        if (round > 0) {
            ka += philox4x32_10::W0;
            kb += philox4x32_10::W1;
        }
        const vi vka = V::set1_i(ka), vkb = V::set1_i(kb);
        for (int u = 0; u < U; u++) {
            vi hi0, lo0, hi1, lo1;
            V::mulhilo(x[0][u], m0, hi0, lo0);
            V::mulhilo(x[2][u], m1, hi1, lo1);
            x[0][u] = V::xor3(hi1, x[1][u], vka);
            x[1][u] = lo1;
            x[2][u] = V::xor3(hi0, x[3][u], vkb);
            x[3][u] = lo0;
        }
    }
}

/*! normal_detail::uniform: ((float)x + 0.5f) * 2^-32. */
template <class V>
GPUFEC_CK_INLINE typename V::vf uniform(typename V::vi x)
{
    return V::mul(V::add(V::u2f(x), V::set1_f(0.5f)), V::set1_f(2.3283064365386963e-10f));
}

/*! normal_detail::log_unit, lane by lane, of N vectors. */
template <class V, int N>
GPUFEC_CK_INLINE void log_unit(const typename V::vf u[N], typename V::vf out[N])
{
    using vi = typename V::vi;
    using vf = typename V::vf;
    vi e[N];
    vf m[N], s[N], s2[N], p[N];
    for (int k = 0; k < N; k++) {
        const vi bits = V::as_i(u[k]);
        e[k] = V::sub_i(V::and_i(V::template srli<23>(bits), V::set1_i(0xffu)),
                        V::set1_i(127u));
        m[k] = V::as_f(
            V::or_i(V::and_i(bits, V::set1_i(0x007fffffu)), V::set1_i(0x3f800000u)));
        const typename V::mask big = V::cmpgt(m[k], V::set1_f(1.41421356f));
        m[k] = V::select_f(big, V::mul(m[k], V::set1_f(0.5f)), m[k]);
        e[k] = V::add_i(e[k], V::select_i(big, V::set1_i(1u), V::zero_i()));
    }
    for (int k = 0; k < N; k++) {
        s[k] = V::div(V::add(m[k], V::set1_f(-1.0f)), V::add(m[k], V::set1_f(1.0f)));
        s2[k] = V::mul(s[k], s[k]);
        p[k] = V::set1_f(0.11111111f);
    }
    for (int k = 0; k < N; k++)
        p[k] = V::add(V::mul(p[k], s2[k]), V::set1_f(0.14285715f));
    for (int k = 0; k < N; k++)
        p[k] = V::add(V::mul(p[k], s2[k]), V::set1_f(0.2f));
    for (int k = 0; k < N; k++)
        p[k] = V::add(V::mul(p[k], s2[k]), V::set1_f(0.33333334f));
    for (int k = 0; k < N; k++)
        p[k] = V::add(V::mul(p[k], s2[k]), V::set1_f(1.0f));
    for (int k = 0; k < N; k++) {
        const vf ln_m = V::mul(V::mul(V::set1_f(2.0f), s[k]), p[k]);
        const vf fe = V::i2f(e[k]);
        out[k] = V::add(V::mul(fe, V::set1_f(0.693145752f)),
                        V::add(V::mul(fe, V::set1_f(1.42860677e-06f)), ln_m));
    }
}

/*!
 * normal_detail::cos_sin_turn, lane by lane, of N vectors. Its quadrant selects
 * (r = q & 3: c = pc, -sn, -pc, sn; s = sn, pc, -sn, -pc) as a swap on r & 1 and
 * sign flips on r in {1, 2} (c) and r in {2, 3} (s): the same bits, negation
 * being a flip of the sign bit.
 */
template <class V, int N>
GPUFEC_CK_INLINE void
cos_sin_turn(const typename V::vf u[N], typename V::vf c[N], typename V::vf s[N])
{
    using vi = typename V::vi;
    using vf = typename V::vf;
    vi q[N];
    vf t[N], t2[N], ps[N], pc[N];
    for (int k = 0; k < N; k++) {
        const vf v = V::mul(u[k], V::set1_f(4.0f));
        q[k] = V::f2i_trunc(v);
        vf f = V::sub(v, V::i2f(q[k])); // v + (-(float)q)
        const typename V::mask up = V::cmpge(f, V::set1_f(0.5f));
        f = V::select_f(up, V::add(f, V::set1_f(-1.0f)), f);
        q[k] = V::add_i(q[k], V::select_i(up, V::set1_i(1u), V::zero_i()));
        t[k] = V::mul(f, V::set1_f(1.57079637f));
        t2[k] = V::mul(t[k], t[k]);
        ps[k] = V::set1_f(-2.75573192e-06f);
        pc[k] = V::set1_f(2.48015876e-05f);
    }
    for (int k = 0; k < N; k++) {
        ps[k] = V::add(V::mul(ps[k], t2[k]), V::set1_f(1.98412701e-04f));
        pc[k] = V::add(V::mul(pc[k], t2[k]), V::set1_f(-1.38888892e-03f));
    }
    for (int k = 0; k < N; k++) {
        ps[k] = V::add(V::mul(ps[k], t2[k]), V::set1_f(-8.33333377e-03f));
        pc[k] = V::add(V::mul(pc[k], t2[k]), V::set1_f(4.16666679e-02f));
    }
    for (int k = 0; k < N; k++) {
        ps[k] = V::add(V::mul(ps[k], t2[k]), V::set1_f(0.166666672f));
        pc[k] = V::add(V::mul(pc[k], t2[k]), V::set1_f(-0.5f));
    }
    for (int k = 0; k < N; k++) {
        ps[k] = V::add(V::mul(ps[k], t2[k]), V::set1_f(-1.0f));
        pc[k] = V::add(V::mul(pc[k], t2[k]), V::set1_f(1.0f));
    }
    const vi one = V::set1_i(1u), two = V::set1_i(2u);
    for (int k = 0; k < N; k++) {
        const vf sn = V::mul(V::mul(t[k], ps[k]), V::set1_f(-1.0f));
        const typename V::mask swap = V::test_i(q[k], one);
        const vi sign_c = V::template slli<30>(V::and_i(V::add_i(q[k], one), two));
        const vi sign_s = V::template slli<30>(V::and_i(q[k], two));
        c[k] = V::as_f(V::xor_i(V::as_i(V::select_f(swap, sn, pc[k])), sign_c));
        s[k] = V::as_f(V::xor_i(V::as_i(V::select_f(swap, pc[k], sn)), sign_s));
    }
}

/*! normal_detail::box_muller, lane by lane, of N vector pairs. */
template <class V, int N>
GPUFEC_CK_INLINE void box_muller(const typename V::vi xa[N],
                                 const typename V::vi xb[N],
                                 typename V::vf z0[N],
                                 typename V::vf z1[N])
{
    using vf = typename V::vf;
    vf ua[N], ub[N], lg[N], c[N], s[N];
    for (int k = 0; k < N; k++) {
        ua[k] = uniform<V>(xa[k]);
        ub[k] = uniform<V>(xb[k]);
    }
    log_unit<V, N>(ua, lg);
    cos_sin_turn<V, N>(ub, c, s);
    for (int k = 0; k < N; k++) {
        const vf r = V::sqrt(V::mul(V::set1_f(-2.0f), lg[k]));
        z0[k] = V::mul(r, c[k]);
        z1[k] = V::mul(r, s[k]);
    }
}

/*!
 * Normal samples 4 j0 .. 4 (j0 + U W) - 1 of a stream: z[u][t] lane l is sample
 * 4 (j0 + u W + l) + t.
 */
template <class V>
GPUFEC_CK_INLINE void normal_group(uint32_t k0,
                                   uint32_t k1,
                                   uint32_t c1,
                                   uint32_t c2,
                                   uint32_t c3,
                                   uint32_t j0,
                                   typename V::vf z[V::U][4])
{
    constexpr int U = V::U;
    typename V::vi x[4][U];
    philox_group<V>(k0, k1, c1, c2, c3, j0, x);
    // the 2 U pairs: (x0, x1) and (x2, x3) of every u
    typename V::vi xa[2 * U], xb[2 * U];
    for (int u = 0; u < U; u++) {
        xa[2 * u] = x[0][u];
        xb[2 * u] = x[1][u];
        xa[2 * u + 1] = x[2][u];
        xb[2 * u + 1] = x[3][u];
    }
    typename V::vf z0[2 * U], z1[2 * U];
    box_muller<V, 2 * U>(xa, xb, z0, z1);
    for (int u = 0; u < U; u++) {
        z[u][0] = z0[2 * u];
        z[u][1] = z1[2 * u];
        z[u][2] = z0[2 * u + 1];
        z[u][3] = z1[2 * u + 1];
    }
}

template <class V>
void normals_x86(uint64_t seed,
                 uint64_t frame,
                 uint32_t stream,
                 uint32_t first,
                 size_t blocks,
                 float* out)
{
    constexpr size_t W = V::W, U = V::U, B = U * W; // blocks a group
    const uint32_t k0 = static_cast<uint32_t>(seed),
                   k1 = static_cast<uint32_t>(seed >> 32);
    const uint32_t c1 = static_cast<uint32_t>(frame),
                   c2 = static_cast<uint32_t>(frame >> 32);
    typename V::vf z[U][4];
    size_t i = 0;
    for (; i + B <= blocks; i += B) {
        normal_group<V>(k0, k1, c1, c2, stream, first + static_cast<uint32_t>(i), z);
        for (size_t u = 0; u < U; u++)
            V::store_interleaved(z[u], out + 4 * (i + u * W));
    }
    if (i < blocks) {
        alignas(64) float tail[4 * B];
        normal_group<V>(k0, k1, c1, c2, stream, first + static_cast<uint32_t>(i), z);
        for (size_t u = 0; u < U; u++)
            V::store_interleaved(z[u], tail + 4 * u * W);
        std::copy(tail, tail + 4 * (blocks - i), out + 4 * i);
    }
}

/*!
 * The LLRs of the samples of one group: bits word l holds the bits of samples
 * 4 (j0 + l) .. 4 (j0 + l) + 3, one a byte.
 */
template <class V>
GPUFEC_CK_INLINE void llr_group(const llr_params& p,
                                const typename V::vf z[4],
                                typename V::vi bits,
                                typename V::vf l[4])
{
    using vf = typename V::vf;
    const vf a = V::set1_f(p.amplitude);
    const vf sigma = V::set1_f(p.sigma);
    const vf scale = V::set1_f(p.scale);
    for (int t = 0; t < 4; t++) {
        // bit ? -a : a, the negation a flip of the sign bit
        const vf s = V::flip_sign(a, V::slli_var(bits, 31 - 8 * t));
        l[t] = V::mul(V::add(s, V::mul(sigma, z[t])), scale);
    }
}

/*!
 * quantize_llrs of one vector of LLRs, as int32 lanes whose low bytes are the
 * int8 values: v = llr * inv clamped by minps / maxps, which return their second
 * operand where one is NaN, so that NaN stays NaN and converts to 0x80000000,
 * whose low byte is quantize_llrs' 0; the rest rounds to nearest even, as lrint in
 * the default rounding mode.
 */
template <class V>
GPUFEC_CK_INLINE typename V::vi quantize(typename V::vf llr, typename V::vf inv)
{
    const typename V::vf v = V::mul(llr, inv);
    return V::f2i_round(V::max(V::set1_f(-127.0f), V::min(V::set1_f(127.0f), v)));
}

/*
 * The frame's LLR groups of 4 U W samples: body(z, bits, first sample, samples),
 * bits[u] word l holding the bits of samples 4 (u W + l) .. 4 (u W + l) + 3 of
 * the group.
 */
template <class V, typename Body>
GPUFEC_CK_INLINE void for_llr_groups(
    uint64_t seed, uint64_t frame, const uint8_t* bits, size_t count, Body&& body)
{
    constexpr size_t W = V::W, U = V::U;
    constexpr size_t S = 4 * U * W; // samples a group
    const uint32_t k0 = static_cast<uint32_t>(seed),
                   k1 = static_cast<uint32_t>(seed >> 32);
    const uint32_t c1 = static_cast<uint32_t>(frame),
                   c2 = static_cast<uint32_t>(frame >> 32);
    typename V::vf z[U][4];
    typename V::vi b[U];
    size_t i = 0;
    for (; i + S <= count; i += S) {
        normal_group<V>(k0, k1, c1, c2, noise_stream, static_cast<uint32_t>(i / 4), z);
        for (size_t u = 0; u < U; u++)
            b[u] = V::load_i(bits + i + 4 * W * u);
        body(z, b, i, S);
    }
    if (i < count) {
        alignas(64) uint8_t tail[S] = {};
        std::memcpy(tail, bits + i, count - i);
        normal_group<V>(k0, k1, c1, c2, noise_stream, static_cast<uint32_t>(i / 4), z);
        for (size_t u = 0; u < U; u++)
            b[u] = V::load_i(tail + 4 * W * u);
        body(z, b, i, count - i);
    }
}

template <class V>
void llrs_x86(const llr_params& p,
              uint64_t seed,
              uint64_t frame,
              const uint8_t* bits,
              size_t count,
              float* out)
{
    constexpr size_t W = V::W, U = V::U;
    for_llr_groups<V>(
        seed,
        frame,
        bits,
        count,
        [&](typename V::vf z[U][4], const typename V::vi b[U], size_t i, size_t m) {
            alignas(64) float tail[4 * U * W];
            float* dst = m == 4 * U * W ? out + i : tail;
            for (size_t u = 0; u < U; u++) {
                typename V::vf l[4];
                llr_group<V>(p, z[u], b[u], l);
                V::store_interleaved(l, dst + 4 * W * u);
            }
            if (dst == tail)
                std::copy(tail, tail + m, out + i);
        });
}

template <class V>
void llrs_int8_x86(const llr_params& p,
                   uint64_t seed,
                   uint64_t frame,
                   const uint8_t* bits,
                   size_t count,
                   int8_t* out)
{
    constexpr size_t W = V::W, U = V::U;
    const typename V::vf inv = V::set1_f(p.inv_step);
    for_llr_groups<V>(
        seed,
        frame,
        bits,
        count,
        [&](typename V::vf z[U][4], const typename V::vi b[U], size_t i, size_t m) {
            alignas(64) int8_t tail[4 * U * W];
            int8_t* dst = m == 4 * U * W ? out + i : tail;
            for (size_t u = 0; u < U; u++) {
                typename V::vf l[4];
                llr_group<V>(p, z[u], b[u], l);
                typename V::vi q[4];
                for (int t = 0; t < 4; t++)
                    q[t] = quantize<V>(l[t], inv);
                // byte t of word l = sample 4 l + t
                V::store_i(dst + 4 * W * u, V::pack_bytes(q));
            }
            if (dst == tail)
                std::copy(tail, tail + m, out + i);
        });
}

template <class V>
void random_bits_x86(uint64_t seed, uint64_t frame, size_t count, uint8_t* bits)
{
    constexpr size_t W = V::W, U = V::U;
    const uint32_t k0 = static_cast<uint32_t>(seed),
                   k1 = static_cast<uint32_t>(seed >> 32);
    const uint32_t c1 = static_cast<uint32_t>(frame),
                   c2 = static_cast<uint32_t>(frame >> 32);
    const size_t blocks = (count + 127) / 128;
    alignas(64) uint32_t words[4][U * W];
    for (size_t j = 0; j < blocks; j += U * W) {
        typename V::vi x[4][U];
        philox_group<V>(k0, k1, c1, c2, bits_stream, static_cast<uint32_t>(j), x);
        for (int w = 0; w < 4; w++)
            for (size_t u = 0; u < U; u++)
                V::store_i(words[w] + u * W, x[w][u]);
        for (size_t l = 0; l < U * W && j + l < blocks; l++) {
            for (int w = 0; w < 4; w++) {
                const size_t base = 128 * (j + l) + 32 * w;
                if (base >= count)
                    break;
                if (base + 32 <= count) {
                    V::expand_bits(words[w][l], bits + base);
                } else {
                    alignas(32) uint8_t tail[32];
                    V::expand_bits(words[w][l], tail);
                    std::memcpy(bits + base, tail, count - base);
                }
            }
        }
    }
}

template <class V>
void unpack_bits_x86(const uint64_t* words, size_t count, uint8_t* bytes)
{
    size_t i = 0;
    for (; i + 64 <= count; i += 64) {
        V::expand_bits(static_cast<uint32_t>(words[i / 64]), bytes + i);
        V::expand_bits(static_cast<uint32_t>(words[i / 64] >> 32), bytes + i + 32);
    }
    if (i < count) {
        alignas(64) uint8_t tail[64];
        V::expand_bits(static_cast<uint32_t>(words[i / 64]), tail);
        V::expand_bits(static_cast<uint32_t>(words[i / 64] >> 32), tail + 32);
        std::memcpy(bytes + i, tail, count - i);
    }
}

/*!
 * transpose_64x64 (sliced_encoder.h) on 8 vectors of 8 words: the block swaps
 * of 32, 16 and 8 rows between vectors, those of 4, 2 and 1 rows inside them
 * with the partner words shuffled in.
 */
template <class V>
void transpose_x86(uint64_t a[64])
{
    typedef uint64_t v8u __attribute__((vector_size(64)));
    typedef int64_t v8i __attribute__((vector_size(64)));
    v8u r[8];
    std::memcpy(r, a, sizeof r);
    uint64_t m = 0x00000000ffffffffull;
    for (int j = 32; j >= 8; j >>= 1, m ^= m << j) {
        const int d = j / 8; // vectors apart
        for (int k = 0; k < 8; k = ((k | d) + 1) & ~d) {
            const v8u t = ((r[k] >> j) ^ r[k | d]) & m;
            r[k] ^= t << j;
            r[k | d] ^= t;
        }
    }
    const v8i lane = { 0, 1, 2, 3, 4, 5, 6, 7 };
    for (int j = 4; j >= 1; j >>= 1, m ^= m << j) {
#if !defined(__clang__)
        const v8i partner = lane ^ j;
#endif
        const v8u high = (v8u)((lane & j) != 0); // all ones where lane has bit j
        for (int k = 0; k < 8; k++) {
#if defined(__clang__)
            // clang has no __builtin_shuffle: the lane ^ j permutations as constants
            const v8u p =
                j == 4   ? __builtin_shufflevector(r[k], r[k], 4, 5, 6, 7, 0, 1, 2, 3)
                : j == 2 ? __builtin_shufflevector(r[k], r[k], 2, 3, 0, 1, 6, 7, 4, 5)
                         : __builtin_shufflevector(r[k], r[k], 1, 0, 3, 2, 5, 4, 7, 6);
#else
            const v8u p = __builtin_shuffle(r[k], partner);
#endif
            const v8u lo = r[k] ^ ((((r[k] >> j) ^ p) & m) << j);
            const v8u hi = r[k] ^ (((p >> j) ^ r[k]) & m);
            r[k] = (lo & ~high) | (hi & high);
        }
    }
    std::memcpy(a, r, sizeof r);
}

template <class V>
void box_muller_x86(const uint32_t* words, size_t pairs, float* out)
{
    constexpr size_t W = V::W;
    for (size_t i = 0; i < pairs; i += W) {
        const size_t m = std::min(W, pairs - i);
        alignas(64) uint32_t a[W] = {}, b[W] = {};
        for (size_t l = 0; l < m; l++) {
            a[l] = words[2 * (i + l)];
            b[l] = words[2 * (i + l) + 1];
        }
        const typename V::vi xa[1] = { V::load_i(a) }, xb[1] = { V::load_i(b) };
        typename V::vf z0[1], z1[1];
        box_muller<V, 1>(xa, xb, z0, z1);
        alignas(64) float r0[W], r1[W];
        V::store_f(r0, z0[0]);
        V::store_f(r1, z1[0]);
        for (size_t l = 0; l < m; l++) {
            out[2 * (i + l)] = r0[l];
            out[2 * (i + l) + 1] = r1[l];
        }
    }
}

#undef GPUFEC_CK_INLINE

} // namespace
} // namespace chan
} // namespace gpufec

/*! Defines chan::kernel_NAME() from the traits struct V of this translation unit. */
#define GPUFEC_DEFINE_CHANNEL_KERNEL(NAME, V)           \
    namespace gpufec {                                  \
    namespace chan {                                    \
    const kernel& kernel_##NAME()                       \
    {                                                   \
        static const kernel k = { #NAME,                \
                                  &normals_x86<V>,      \
                                  &llrs_x86<V>,         \
                                  &llrs_int8_x86<V>,    \
                                  &random_bits_x86<V>,  \
                                  &unpack_bits_x86<V>,  \
                                  &transpose_x86<V>,    \
                                  &box_muller_x86<V> }; \
        return k;                                       \
    }                                                   \
    }                                                   \
    }

#endif /* INCLUDED_GPUFEC_CHANNEL_KERNELS_X86_H */
