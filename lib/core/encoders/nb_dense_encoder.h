/* -*- c++ -*- */
/*
 * The systematic GF(q) encoder of a nonbinary code (nb_code.h: H in reduced
 * row-echelon form over GF(q)) in the dense form that the GPU simulator runs
 * (lib/cuda/simulation/nb_sim_device_engine.cu): parity symbol t is the GF(q) linear
 * combination
 *     c[parity_cols[t]] = sum_i G(i, t) u_i      (sum = XOR, GF(2^p) addition)
 * of the K information symbols u_i, which sit at info_cols[i]. The K x (N - K)
 * coefficients G are those of nb_code's own encoder: encode() is GF(q)-linear,
 * so G(i, t) is parity symbol t of the codeword of the i-th unit vector.
 *
 * Products are taken with discrete logarithms (a = alpha^log(a), galois_field.h):
 * the coefficients and the information symbols are kept as logs, with zero
 * mapped to zero_log = 2 (q - 1), and exp_ext[] holds alpha^(x mod (q - 1)) for
 * x <= 2 q - 4 (the largest sum of two logs of nonzero elements) and 0 from
 * 2 q - 2 on (any sum with a zero's log), so a * b = exp_ext[log a + log b] with
 * no branch and a table of 4 q - 3 bytes (one shared-memory lookup on the GPU).
 *
 * The inline functions below are the device code's arithmetic, shared with the
 * CPU reference encode() so that a CPU test checks them.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_NB_DENSE_ENCODER_H
#define INCLUDED_GPUFEC_NB_DENSE_ENCODER_H

#include <cstddef>
#include <cstdint>
#include <gpufec/nb_code.h>
#include <vector>

#ifdef __CUDACC__
#define GPUFEC_NB_HD __host__ __device__ __forceinline__
#else
#define GPUFEC_NB_HD inline
#endif

namespace gpufec {
namespace nb_dense_detail {

/*!
 * Information symbol i of a frame from its information bits packed in 32-bit
 * words, bit b in word b / 32 at position b % 32 (random_bits' Philox stream:
 * word w of block j is x[w % 4] of block w / 4): the p bits i p .. i p + p - 1,
 * bit j of the symbol = bit i p + j (nb_code.h). A symbol that straddles two
 * words reads the next one, which then holds information bits, so no padding
 * is read.
 */
GPUFEC_NB_HD unsigned info_symbol(const uint32_t* words, int i, int p)
{
    const unsigned b0 = static_cast<unsigned>(i) * static_cast<unsigned>(p);
    const unsigned w = b0 >> 5;
    const unsigned off = b0 & 31u;
    unsigned v = words[w] >> off;
    if (off + static_cast<unsigned>(p) > 32u) {
        v |= words[w + 1] << (32u - off);
    }
    return v & ((1u << p) - 1u);
}

/*!
 * Parity sums of F frames at once: acc[f] = sum over i < k of
 * G(i) * u_{f,i}, with G(i) = coef_log[i * stride] and u_{f,i} = info_log[f *
 * info_stride + i] given as logs (a frame whose logs are all zero_log sums to
 * 0). Each coefficient is read once for the F frames.
 */
template <int F>
GPUFEC_NB_HD void parity_sums(const uint16_t* coef_log,
                              size_t stride,
                              const uint16_t* info_log,
                              int info_stride,
                              int k,
                              const uint8_t* exp_ext,
                              unsigned* acc)
{
    for (int f = 0; f < F; f++) {
        acc[f] = 0;
    }
    for (int i = 0; i < k; i++) {
        const unsigned c = coef_log[static_cast<size_t>(i) * stride];
        for (int f = 0; f < F; f++) {
            acc[f] ^= exp_ext[c + info_log[f * info_stride + i]];
        }
    }
}

} // namespace nb_dense_detail

/*! A code's encoder as dense GF(q) parity coefficients (see file comment). */
struct nb_dense_encoder {
    int q = 2;
    int p = 1;
    int n = 0;                      //!< code symbols N
    int k = 0;                      //!< information symbols K
    int parity = 0;                 //!< parity symbols N - K
    uint16_t zero_log = 2;          //!< the log given to 0: 2 (q - 1)
    std::vector<int> info_cols;     //!< K columns of the information symbols
    std::vector<int> parity_cols;   //!< N - K columns of the parity symbols
    std::vector<uint16_t> coef_log; //!< K x (N - K), [i * parity + t]: log G(i, t)
    std::vector<uint16_t> log;      //!< q entries: log a, zero_log for a = 0
    std::vector<uint8_t> exp_ext;   //!< 4 q - 3 entries (see file comment)

    /*!
     * The dense form of code's encoder. Throws gpufec::invalid_argument when it
     * would hold more than max_coefficients coefficients (K (N - K)).
     */
    static nb_dense_encoder make(const nb_code& code,
                                 size_t max_coefficients = size_t(1) << 24);

    /*!
     * Encodes K information symbols (each < q) into N code symbols with the
     * table's arithmetic (the GPU's, on the CPU). Throws gpufec::invalid_argument
     * for a symbol out of range.
     */
    void encode(const uint8_t* info_symbols, uint8_t* codeword) const;
};

} // namespace gpufec

#undef GPUFEC_NB_HD

#endif /* INCLUDED_GPUFEC_NB_DENSE_ENCODER_H */
