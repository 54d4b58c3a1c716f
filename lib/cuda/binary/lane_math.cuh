/* -*- c++ -*- */
/*
 * Internal header of the CUDA backend: the arithmetic of one message "unit" for
 * the min-sum family, as float32 (one frame per register) or packed half2 (two
 * frames per 32-bit register: __hsub2, __hmin2, __hmax2, __heq2_mask;
 * half2 min/add runs at twice the f32 rate on sm_90). Signs are handled on the
 * raw bits (bit 31, or bits 15 and 31), so a check node's sign product is one XOR
 * per edge and a C2V is a select plus an XOR. Semantics follow the CPU reference
 * (lib/core/decoders/cpu_reference_decoder.cc): min1/min2 start at the message limit, the
 * edge whose magnitude equals min1 gets min2, hard decision L < 0 -> 1.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CUDA_LANE_MATH_CUH
#define INCLUDED_GPUFEC_CUDA_LANE_MATH_CUH

#include "binary/kernel_params.h"
#include <cstdint>
#include <cuda_fp16.h>
#include <gpufec/message_limits.h>

namespace gpufec {
namespace cuda_detail {

/*! Message magnitude limit of the float path: the CPU reference's llr_limit. */
constexpr float float_limit = message_limits::llr;
/*!
 * half2 path: channel LLRs are clamped to +-half_channel_limit and every C2V
 * magnitude to +-half_limit, so a posterior stays below (column degree + 1) * 256,
 * far from the half range (65504) for any column degree below 250.
 */
constexpr float half_limit = 256.0f;
constexpr float half_channel_limit = 256.0f;
/*!
 * Posterior of the register kernel's padding edges (rows shorter than the tile):
 * so large that their V2C never reaches min1/min2 (>= the limit) and is positive.
 * Each thread's padding edges share one private slot, whose value moves by at most
 * tile * limit (< big/2) however many iterations run.
 */
constexpr float float_big = 1.0e30f;
constexpr float half_big = 30000.0f;

template <typename V>
struct lane_ops;

template <>
struct lane_ops<float> {
    static constexpr int lanes = 1;
    static constexpr uint32_t sign_bits = 0x80000000u;
    static constexpr uint32_t lane_valid_bits = 0x1u; //!< "lane b" flag bits
    __device__ static float sub(float a, float b) { return __fsub_rn(a, b); }
    __device__ static float add(float a, float b) { return __fadd_rn(a, b); }
    __device__ static float abs(float a) { return fabsf(a); }
    __device__ static float min(float a, float b) { return fminf(a, b); }
    __device__ static float max(float a, float b) { return fmaxf(a, b); }
    __device__ static float fma(float a, float b, float c) { return __fmaf_rn(a, b, c); }
    __device__ static uint32_t bits(float a) { return __float_as_uint(a); }
    __device__ static float from_bits(uint32_t b) { return __uint_as_float(b); }
    __device__ static uint32_t eq_mask(float a, float b) { return a == b ? ~0u : 0u; }
    __device__ static uint32_t neg_mask(float a) { return a < 0.0f ? ~0u : 0u; }
    __device__ static uint32_t pos_mask(float a) { return a > 0.0f ? ~0u : 0u; }
    __device__ static float limit() { return float_limit; }
    __device__ static float zero() { return 0.0f; }
    /*! bit j of each lane's field in a per-row bit mask */
    __device__ static uint32_t edge_bit(int j) { return 1u << j; }
    /*! all-ones lane mask where the lane's bit j of x is set */
    __device__ static uint32_t expand(uint32_t x, int j) { return 0u - ((x >> j) & 1u); }
    /*! lane flags (bit b = lane b) of a per-lane mask */
    __device__ static uint32_t lane_flags(uint32_t mask) { return mask & 1u; }
    __device__ static float correct(float m, int kind, float alpha, float beta)
    {
        if (kind == corr_normalized) {
            return __fmul_rn(alpha, m);
        }
        if (kind == corr_offset) {
            return fmaxf(__fsub_rn(m, beta), 0.0f);
        }
        return m;
    }
    /*! channel value of lane 0 (lane 1 ignored) */
    __device__ static float make(float a, float) { return a; }
    __device__ static float channel_limit() { return float_limit; }
    __device__ static float big() { return float_big; }
};

template <>
struct lane_ops<__half2> {
    static constexpr int lanes = 2;
    static constexpr uint32_t sign_bits = 0x80008000u;
    static constexpr uint32_t lane_valid_bits = 0x3u;
    __device__ static __half2 sub(__half2 a, __half2 b) { return __hsub2(a, b); }
    __device__ static __half2 add(__half2 a, __half2 b) { return __hadd2(a, b); }
    __device__ static __half2 abs(__half2 a) { return __habs2(a); }
    __device__ static __half2 min(__half2 a, __half2 b) { return __hmin2(a, b); }
    __device__ static __half2 max(__half2 a, __half2 b) { return __hmax2(a, b); }
    __device__ static __half2 fma(__half2 a, __half2 b, __half2 c)
    {
        return __hfma2(a, b, c);
    }
    __device__ static uint32_t bits(__half2 a)
    {
        return *reinterpret_cast<const uint32_t*>(&a);
    }
    __device__ static __half2 from_bits(uint32_t b)
    {
        return *reinterpret_cast<const __half2*>(&b);
    }
    __device__ static uint32_t eq_mask(__half2 a, __half2 b) { return __heq2_mask(a, b); }
    __device__ static uint32_t neg_mask(__half2 a)
    {
        return __hlt2_mask(a, __float2half2_rn(0.0f));
    }
    __device__ static uint32_t pos_mask(__half2 a)
    {
        return __hgt2_mask(a, __float2half2_rn(0.0f));
    }
    __device__ static __half2 limit() { return __float2half2_rn(half_limit); }
    __device__ static __half2 zero() { return __float2half2_rn(0.0f); }
    __device__ static uint32_t edge_bit(int j) { return (1u << j) | (1u << (16 + j)); }
    __device__ static uint32_t expand(uint32_t x, int j)
    {
        // bits j and 16+j to bits 15 and 31, then each to its whole 16-bit lane
        // prmt with selector nibbles 9 and B (msb set): bytes 1 and 3 sign-replicated
        uint32_t r;
        asm("prmt.b32 %0, %1, 0, 0xBB99;" : "=r"(r) : "r"(x << (15 - j)));
        return r;
    }
    __device__ static uint32_t lane_flags(uint32_t mask)
    {
        return (mask & 1u) | ((mask >> 15) & 2u);
    }
    __device__ static __half2 correct(__half2 m, int kind, float alpha, float beta)
    {
        if (kind == corr_normalized) {
            return __hmul2(__float2half2_rn(alpha), m);
        }
        if (kind == corr_offset) {
            return __hmax2(__hsub2(m, __float2half2_rn(beta)), __float2half2_rn(0.0f));
        }
        return m;
    }
    __device__ static __half2 make(float a, float b) { return __floats2half2_rn(a, b); }
    __device__ static float channel_limit() { return half_channel_limit; }
    __device__ static __half2 big() { return __float2half2_rn(half_big); }
};

/*! Running check-node state of the min-sum family. */
template <typename V>
struct minsum_acc {
    V min1, min2;
    uint32_t sign; //!< XOR of the V2C bits; sign_bits of it = sign product per lane
    __device__ void reset()
    {
        min1 = lane_ops<V>::limit();
        min2 = lane_ops<V>::limit();
        sign = 0u;
    }
    __device__ void add(V v)
    {
        using ops = lane_ops<V>;
        const V a = ops::abs(v);
        min2 = ops::min(min2, ops::max(min1, a));
        min1 = ops::min(min1, a);
        sign ^= ops::bits(v);
    }
    /*! Folds another accumulator in: the same min1/min2/sign as one sequential pass. */
    __device__ void merge(const minsum_acc& o)
    {
        using ops = lane_ops<V>;
        min2 = ops::min(ops::max(min1, o.min1), ops::min(min2, o.min2));
        min1 = ops::min(min1, o.min1);
        sign ^= o.sign;
    }
};

/*! (ca) of minsum_out::make: alpha for NMS, 1 otherwise. */
template <typename V>
__device__ inline V correction_factor(int kind, float alpha)
{
    const float a = kind == corr_normalized ? alpha : 1.0f;
    return lane_ops<V>::make(a, a);
}
/*! (-cb) of minsum_out::make: -beta for OMS, -0 otherwise. */
template <typename V>
__device__ inline V correction_offset(int kind, float beta)
{
    const float b = kind == corr_offset ? -beta : -0.0f;
    return lane_ops<V>::make(b, b);
}

/*! The host-computed correction constants of a launch, as lane values. */
template <typename V>
__device__ inline V launch_factor(const run_params& rp);
template <>
__device__ inline float launch_factor<float>(const run_params& rp)
{
    return rp.corr_a;
}
template <>
__device__ inline __half2 launch_factor<__half2>(const run_params& rp)
{
    return lane_ops<__half2>::from_bits(rp.corr_a_h2);
}
template <typename V>
__device__ inline V launch_offset(const run_params& rp);
template <>
__device__ inline float launch_offset<float>(const run_params& rp)
{
    return rp.corr_nb;
}
template <>
__device__ inline __half2 launch_offset<__half2>(const run_params& rp)
{
    return lane_ops<__half2>::from_bits(rp.corr_nb_h2);
}

/*! Corrected magnitudes with the row's sign product folded in (see out()). */
template <typename V>
struct minsum_out {
    uint32_t m1s, m2s;
    V min1;
    /*!
     * Corrected magnitude max(m * ca - cb, 0) with (ca, cb) = (alpha, 0) for NMS,
     * (1, beta) for OMS, (1, 0) otherwise: one fused multiply-add and one max, no
     * branch; bit-identical to alpha * m and m - beta (one rounding each).
     */
    __device__ void make(const minsum_acc<V>& acc, V ca, V ncb)
    {
        using ops = lane_ops<V>;
        const uint32_t s = acc.sign & ops::sign_bits;
        m1s = ops::bits(ops::max(ops::fma(acc.min1, ca, ncb), ops::zero())) ^ s;
        m2s = ops::bits(ops::max(ops::fma(acc.min2, ca, ncb), ops::zero())) ^ s;
        min1 = acc.min1;
    }
    __device__ void make(const minsum_acc<V>& acc, int kind, float alpha, float beta)
    {
        make(acc, correction_factor<V>(kind, alpha), correction_offset<V>(kind, beta));
    }
    /*! C2V of an edge whose (possibly erased) V2C is v. */
    __device__ V out(V v) const
    {
        using ops = lane_ops<V>;
        const uint32_t eq = ops::eq_mask(ops::abs(v), min1);
        const uint32_t mag = (m2s & eq) | (m1s & ~eq);
        return ops::from_bits(mag ^ (ops::bits(v) & ops::sign_bits));
    }
};

/*! Sanitized channel value: NaN -> 0, clamped, -0 -> +0. */
__device__ inline float sanitize_llr(float x, float lim)
{
    x = (x == x) ? x : 0.0f;
    x = fminf(fmaxf(x, -lim), lim);
    return __fadd_rn(x, 0.0f);
}

} // namespace cuda_detail
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_CUDA_LANE_MATH_CUH */
