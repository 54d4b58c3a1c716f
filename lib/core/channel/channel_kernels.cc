/* -*- c++ -*- */
/*
 * The generic channel kernel (channel_kernels.h) and the run-time choice among
 * the kernels (VOLK's dispatcher model, like lib/core/simd/simd_dispatch.cc: the
 * best one the CPU runs, or the one $GPUFEC_SIMD_ARCH allows). The generic
 * normals are Philox4x32-10 (Salmon et al., SC'11) and the float Box-Muller of
 * normal_sample.h over 16 blocks at a time, written as plain loops over the
 * lanes so that the compiler vectorizes them with the baseline instruction set;
 * this file is compiled without FP contraction, so they are the scalar path's
 * bits.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "channel/channel_kernels.h"
#include "channel/normal_sample.h"
#include "encoders/sliced_encoder.h"
#include "simd/dispatch_common.h"
#include <gpufec/channel.h>
#include <gpufec/error.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace gpufec {
namespace chan {

namespace {

constexpr int lanes = 16;

/*!
 * normal_detail::box_muller of lanes word pairs, its steps one loop over the
 * lanes each so that they vectorize: the uniforms' (float)x as
 * (float)(x >> 16) * 65536 + (float)(x & 0xffff) (two exact terms, one rounding:
 * the same value), which the baseline instruction sets can convert.
 */
template <typename Words>
inline void pairs(const Words& xa, const Words& xb, float* z0, float* z1)
{
    using namespace normal_detail;
    float ua[lanes], ub[lanes];
    for (int l = 0; l < lanes; ++l) {
        const float fa =
            add(mul(static_cast<float>(static_cast<int32_t>(xa[l] >> 16)), 65536.0f),
                static_cast<float>(static_cast<int32_t>(xa[l] & 0xffffu)));
        const float fb =
            add(mul(static_cast<float>(static_cast<int32_t>(xb[l] >> 16)), 65536.0f),
                static_cast<float>(static_cast<int32_t>(xb[l] & 0xffffu)));
        ua[l] = mul(add(fa, 0.5f), 2.3283064365386963e-10f);
        ub[l] = mul(add(fb, 0.5f), 2.3283064365386963e-10f);
    }
    float r[lanes];
    for (int l = 0; l < lanes; ++l)
        r[l] = sqrt_rn(mul(-2.0f, log_unit(ua[l])));
    for (int l = 0; l < lanes; ++l) {
        float c, s;
        cos_sin_turn(ub[l], c, s);
        z0[l] = mul(r[l], c);
        z1[l] = mul(r[l], s);
    }
}

/* lanes blocks starting at block j0 into out[4 * lanes]. */
void group(uint32_t k0,
           uint32_t k1,
           uint32_t c1,
           uint32_t c2,
           uint32_t c3,
           uint32_t j0,
           float* __restrict out)
{
    // Philox rounds on 16 lanes as GCC vectors: the 32 x 32 -> 64 products of the
    // even and the odd lanes each as a 64-bit multiply of masked / shifted halves
    typedef uint32_t v16u __attribute__((vector_size(64)));
    typedef uint64_t v8u __attribute__((vector_size(64)));
    v16u x0, x1, x2, x3;
    for (int l = 0; l < lanes; ++l) {
        x0[l] = j0 + static_cast<uint32_t>(l);
        x1[l] = c1;
        x2[l] = c2;
        x3[l] = c3;
    }
    const v8u low = v8u{} + 0xffffffffull;
    // hi and lo words of m * x, lane by lane
    auto mul_hi_lo = [&low](uint32_t m, v16u x, v16u& hi, v16u& lo) {
        const v8u even = ((v8u)x & low) * static_cast<uint64_t>(m);
        const v8u odd = ((v8u)x >> 32) * static_cast<uint64_t>(m);
        lo = (v16u)((even & low) | (odd << 32));
        hi = (v16u)((even >> 32) | (odd & ~low));
    };
    uint32_t ka = k0, kb = k1;
    for (int round = 0; round < 10; ++round) {
        if (round > 0) {
            ka += philox4x32_10::W0;
            kb += philox4x32_10::W1;
        }
        v16u hi0, lo0, hi1, lo1;
        mul_hi_lo(philox4x32_10::M0, x0, hi0, lo0);
        mul_hi_lo(philox4x32_10::M1, x2, hi1, lo1);
        const v16u y0 = hi1 ^ x1 ^ ka;
        const v16u y2 = hi0 ^ x3 ^ kb;
        x0 = y0;
        x1 = lo1;
        x2 = y2;
        x3 = lo0;
    }
    float z0[lanes], z1[lanes], z2[lanes], z3[lanes];
    pairs(x0, x1, z0, z1);
    pairs(x2, x3, z2, z3);
    for (int l = 0; l < lanes; ++l) {
        out[4 * l] = z0[l];
        out[4 * l + 1] = z1[l];
        out[4 * l + 2] = z2[l];
        out[4 * l + 3] = z3[l];
    }
}

void normals_generic(uint64_t seed,
                     uint64_t frame,
                     uint32_t stream,
                     uint32_t first,
                     size_t blocks,
                     float* out)
{
    const uint32_t k0 = static_cast<uint32_t>(seed),
                   k1 = static_cast<uint32_t>(seed >> 32);
    const uint32_t c1 = static_cast<uint32_t>(frame),
                   c2 = static_cast<uint32_t>(frame >> 32);
    size_t i = 0;
    for (; i + lanes <= blocks; i += lanes)
        group(k0, k1, c1, c2, stream, first + static_cast<uint32_t>(i), out + 4 * i);
    if (i < blocks) { // the last, partial group
        float tail[4 * lanes];
        group(k0, k1, c1, c2, stream, first + static_cast<uint32_t>(i), tail);
        std::copy(tail, tail + 4 * (blocks - i), out + 4 * i);
    }
}

/* The samples of a frame's noise, 4 * lanes at a time, through a small buffer. */
template <typename Out, typename F>
void per_sample(uint64_t seed, uint64_t frame, size_t count, Out* out, F&& f)
{
    constexpr size_t chunk = 4 * lanes * 16;
    float z[chunk];
    for (size_t i = 0; i < count; i += chunk) {
        const size_t m = std::min(chunk, count - i);
        normals_generic(
            seed, frame, noise_stream, static_cast<uint32_t>(i / 4), (m + 3) / 4, z);
        for (size_t t = 0; t < m; t++)
            out[i + t] = f(i + t, z[t]);
    }
}

void llrs_generic(const llr_params& p,
                  uint64_t seed,
                  uint64_t frame,
                  const uint8_t* bits,
                  size_t count,
                  float* out)
{
    per_sample(seed, frame, count, out, [&](size_t i, float z) {
        return normal_detail::llr(bits[i], p.amplitude, p.sigma, p.scale, z);
    });
}

void llrs_int8_generic(const llr_params& p,
                       uint64_t seed,
                       uint64_t frame,
                       const uint8_t* bits,
                       size_t count,
                       int8_t* out)
{
    per_sample(seed, frame, count, out, [&](size_t i, float z) {
        // quantize_llrs (decoder.cc), value by value
        const float v =
            normal_detail::llr(bits[i], p.amplitude, p.sigma, p.scale, z) * p.inv_step;
        const float c =
            v > 127.0f ? 127.0f : (v < -127.0f ? -127.0f : (v == v ? v : 0.0f));
        return static_cast<int8_t>(std::lrint(c));
    });
}

void random_bits_generic(uint64_t seed, uint64_t frame, size_t count, uint8_t* bits)
{
    const philox4x32_10::key k = { static_cast<uint32_t>(seed),
                                   static_cast<uint32_t>(seed >> 32) };
    for (size_t j = 0; j * 128 < count; j++) {
        const philox4x32_10::counter x =
            philox4x32_10::generate({ static_cast<uint32_t>(j),
                                      static_cast<uint32_t>(frame),
                                      static_cast<uint32_t>(frame >> 32),
                                      bits_stream },
                                    k);
        const size_t base = 128 * j;
        const size_t m = std::min<size_t>(128, count - base);
        for (size_t t = 0; t < m; t++)
            bits[base + t] = static_cast<uint8_t>((x[t / 32] >> (t % 32)) & 1u);
    }
}

void unpack_bits_generic(const uint64_t* words, size_t count, uint8_t* bytes)
{
    for (size_t i = 0; i < count; i++)
        bytes[i] = static_cast<uint8_t>((words[i / 64] >> (i % 64)) & 1u);
}

void box_muller_generic(const uint32_t* words, size_t pairs, float* out)
{
    for (size_t i = 0; i < pairs; i++)
        normal_detail::box_muller(
            words[2 * i], words[2 * i + 1], out[2 * i], out[2 * i + 1]);
}

/* Instruction sets by rank, as GPUFEC_SIMD_ARCH names them. */
int rank_of(const std::string& name)
{
    static const char* const names[] = { "generic", "sse4_1", "avx2", "avx512" };
    for (int r = 0; r < 4; r++)
        if (name == names[r])
            return r;
    return name == "neon" ? 0 : -1;
}

} // namespace

const kernel& kernel_generic()
{
    static const kernel k = {
        "generic",          &normals_generic,     &llrs_generic,
        &llrs_int8_generic, &random_bits_generic, &unpack_bits_generic,
        &transpose_64x64,   &box_muller_generic
    };
    return k;
}

std::vector<const kernel*> available_kernels()
{
    std::vector<const kernel*> v{ &kernel_generic() };
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2"))
        v.push_back(&kernel_avx2());
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl"))
        v.push_back(&kernel_avx512());
#endif
    return v;
}

const kernel& kernel_by_name(const std::string& name)
{
    std::string names;
    for (const kernel* k : available_kernels()) {
        if (name == k->name)
            return *k;
        names += std::string(names.empty() ? "" : ", ") + k->name;
    }
    throw invalid_argument(
        "channel kernel '" + name +
        "' is unknown or not supported by this CPU; available here: " + names);
}

const kernel& best_kernel()
{
    static const kernel& chosen = [&]() -> const kernel& {
        const std::vector<const kernel*> v = available_kernels();
        const std::string env = simd::arch_override(); // the one override
        if (env.empty())
            return *v.back();
        const int limit = rank_of(env);
        if (limit < 0) {
            throw invalid_argument(
                "GPUFEC_SIMD_ARCH '" + env +
                "' is not an instruction set (generic, sse4_1, avx2, avx512, neon)");
        }
        const kernel* best = v.front();
        for (const kernel* k : v)
            if (rank_of(k->name) <= limit)
                best = k;
        return *best;
    }();
    return chosen;
}

} // namespace chan
} // namespace gpufec
