/* -*- c++ -*- */
/*
 * The channel's normal samples and LLRs, written once for the CPU (channel.cc)
 * and the GPU (lib/cuda/simulation/sim_device_engine.cu): Box-Muller (G. E. P. Box and M.
 * E. Muller, "A note on the generation of random normal deviates", Ann. Math. Statist.
 * 29(2), 1958) in single precision with its own logarithm and sine / cosine polynomials,
 * every operation an IEEE float add, multiply, divide or square root rounded on its own
 * (no fused multiply-add: __fmul_rn / __fadd_rn on the GPU, -ffp-contract=off for the
 * CPU's translation unit), so that both produce the same bits from the same Philox words.
 * channel.h documents the mapping.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_NORMAL_SAMPLE_H
#define INCLUDED_GPUFEC_NORMAL_SAMPLE_H

#include <cstdint>
#include <cstring>

#ifdef __CUDACC__
#define GPUFEC_HD __host__ __device__ __forceinline__
#else
#include <cmath>
#define GPUFEC_HD inline
#endif

namespace gpufec {
namespace normal_detail {

GPUFEC_HD float mul(float a, float b)
{
#ifdef __CUDA_ARCH__
    return __fmul_rn(a, b);
#else
    return a * b;
#endif
}

GPUFEC_HD float add(float a, float b)
{
#ifdef __CUDA_ARCH__
    return __fadd_rn(a, b);
#else
    return a + b;
#endif
}

GPUFEC_HD float div(float a, float b)
{
#ifdef __CUDA_ARCH__
    return __fdiv_rn(a, b);
#else
    return a / b;
#endif
}

GPUFEC_HD float sqrt_rn(float a)
{
#ifdef __CUDA_ARCH__
    return __fsqrt_rn(a);
#else
    return std::sqrt(a);
#endif
}

GPUFEC_HD float u2f(uint32_t x)
{
#ifdef __CUDA_ARCH__
    return __uint2float_rn(x);
#else
    return static_cast<float>(x); // round to nearest even, as cvtsi2ss
#endif
}

/*! u = ((float)x + 0.5) * 2^-32, in (0, 1]. */
GPUFEC_HD float uniform(uint32_t x)
{
    return mul(add(u2f(x), 0.5f), 2.3283064365386963e-10f);
}

/*!
 * ln(u) for u in (0, 1]: u = m 2^e with m in [sqrt(1/2), sqrt(2)) (from the bits,
 * exact), ln m = 2 atanh(s), s = (m - 1) / (m + 1), |s| <= 0.1716, by its series
 * to s^9; ln u = e ln2_hi + (e ln2_lo + ln m). Error a few float ulps.
 */
GPUFEC_HD float log_unit(float u)
{
    uint32_t bits;
    std::memcpy(&bits, &u, sizeof bits);
    int e = static_cast<int>((bits >> 23) & 0xffu) - 127;
    bits = (bits & 0x007fffffu) | 0x3f800000u; // mantissa in [1, 2)
    float m;
    std::memcpy(&m, &bits, sizeof m);
    const bool big = m > 1.41421356f; // selects, not branches: loops over lanes vectorize
    m = big ? mul(m, 0.5f) : m;
    e += big ? 1 : 0;
    const float s = div(add(m, -1.0f), add(m, 1.0f));
    const float s2 = mul(s, s);
    float p = 0.11111111f; // 1/9
    p = add(mul(p, s2), 0.14285715f);
    p = add(mul(p, s2), 0.2f);
    p = add(mul(p, s2), 0.33333334f);
    p = add(mul(p, s2), 1.0f);
    const float ln_m = mul(mul(2.0f, s), p);
    const float fe = static_cast<float>(e);
    return add(mul(fe, 0.693145752f), add(mul(fe, 1.42860677e-06f), ln_m));
}

/*!
 * cos and sin of 2 pi u: quadrant q and f in [-1/2, 1/2) from 4u (exact), the
 * angle t = f pi/2 in [-pi/4, pi/4], Taylor polynomials to t^9 / t^8, rotated by q.
 */
GPUFEC_HD void cos_sin_turn(float u, float& c, float& s)
{
    const float v = mul(u, 4.0f);
    int q = static_cast<int>(v);
    float f = add(v, -static_cast<float>(q));
    const bool up = f >= 0.5f;
    f = up ? add(f, -1.0f) : f;
    q += up ? 1 : 0;
    const float t = mul(f, 1.57079637f);
    const float t2 = mul(t, t);
    float ps = -2.75573192e-06f; // -1/9!... Horner in t^2 for sin t / t
    ps = add(mul(ps, t2), 1.98412701e-04f);
    ps = add(mul(ps, t2), -8.33333377e-03f);
    ps = add(mul(ps, t2), 0.166666672f);
    ps = add(mul(ps, t2), -1.0f);
    const float sn = mul(mul(t, ps), -1.0f);
    float pc = 2.48015876e-05f; // 1/8!
    pc = add(mul(pc, t2), -1.38888892e-03f);
    pc = add(mul(pc, t2), 4.16666679e-02f);
    pc = add(mul(pc, t2), -0.5f);
    pc = add(mul(pc, t2), 1.0f);
    const int r = q & 3;
    c = r == 0 ? pc : (r == 1 ? -sn : (r == 2 ? -pc : sn));
    s = r == 0 ? sn : (r == 1 ? pc : (r == 2 ? -sn : -pc));
}

/*! The two normal samples of a pair of Philox words (channel.h). */
GPUFEC_HD void box_muller(uint32_t xa, uint32_t xb, float& z0, float& z1)
{
    const float r = sqrt_rn(mul(-2.0f, log_unit(uniform(xa))));
    float c, s;
    cos_sin_turn(uniform(xb), c, s);
    z0 = mul(r, c);
    z1 = mul(r, s);
}

/*! The LLR of one bit: y = a s + sigma z, L = y c (s = +1 for bit 0, -1 for bit 1). */
GPUFEC_HD float llr(uint32_t bit, float amplitude, float sigma, float scale, float z)
{
    const float y = add(bit ? -amplitude : amplitude, mul(sigma, z));
    return mul(y, scale);
}

} // namespace normal_detail
} // namespace gpufec

#undef GPUFEC_HD

#endif
