/* -*- c++ -*- */
/*
 * The bit-sliced encoder (sliced_encoder.h): information bytes packed 64 to a
 * word, transposed to one word per information column (bit f: frame f), the
 * encoder's GF(2) program run on the words, the transmitted columns transposed
 * back to one packed codeword per frame.
 *
 * Copyright 2026 gr-gpufec authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "encoders/sliced_encoder.h"
#include "channel/channel_kernels.h"
#include <gpufec/error.h>

#include <algorithm>
#include <cstring>

namespace gpufec {

namespace {

/*! Bits 0..7 = the low bits of the 8 bytes at p (each 0 or 1). */
inline uint64_t pack8(const uint8_t* p)
{
    uint64_t x;
    std::memcpy(&x, p, sizeof x);
    // byte b's bit lands at bit 56 + b, no two partial products overlap
    return ((x & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56;
}

} // namespace

void transpose_64x64(uint64_t a[64])
{
    uint64_t m = 0x00000000ffffffffull;
    for (int j = 32; j != 0; j >>= 1, m ^= m << j) {
        for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
            const uint64_t t = ((a[k] >> j) ^ a[k | j]) & m;
            a[k] ^= t << j;
            a[k | j] ^= t;
        }
    }
}

sliced_encoder::sliced_encoder(const ldpc_code& code)
    : d_k(static_cast<size_t>(code.k())), d_n(static_cast<size_t>(code.n())),
      d_n_full(static_cast<size_t>(code.n_full())),
      d_info_positions(code.info_positions()), d_transmitted(code.transmitted_columns()),
      d_program(make_xor_program(code.get_encoder(), code.h()))
{
}

void sliced_encoder::encode(const uint8_t* info, size_t frames, uint64_t* out) const
{
    if (frames > max_frames) {
        throw invalid_argument("sliced_encoder::encode: " + std::to_string(frames) +
                               " frames, at most 64 a call");
    }
    // the transposes of this CPU's channel kernel (channel_kernels.h)
    void (*const transpose)(uint64_t*) = chan::best_kernel().transpose_64x64;
    thread_local std::vector<uint64_t> col; // one word per full-codeword column
    col.assign(d_n_full, 0);
    alignas(64) uint64_t a[64];

    // information columns, 64 at a time: a[f] = bits c0 .. c0 + 63 of frame f
    for (size_t c0 = 0; c0 < d_k; c0 += 64) {
        const size_t m = std::min<size_t>(64, d_k - c0);
        for (size_t f = 0; f < 64; f++) {
            if (f >= frames) {
                a[f] = 0;
                continue;
            }
            const uint8_t* p = info + f * d_k + c0;
            uint64_t w = 0;
            size_t c = 0;
            for (; c + 8 <= m; c += 8)
                w |= pack8(p + c) << c;
            for (; c < m; c++)
                w |= static_cast<uint64_t>(p[c] & 1u) << c;
            a[f] = w;
        }
        transpose(a);
        for (size_t c = 0; c < m; c++)
            col[static_cast<size_t>(d_info_positions[c0 + c])] = a[c];
    }

    const xor_program& p = d_program;
    const int* src = p.sources.data();
    for (size_t s = 0; s < p.steps(); ++s) {
        uint64_t x = 0;
        for (int e = p.src_ptr[s]; e < p.src_ptr[s + 1]; ++e)
            x ^= col[static_cast<size_t>(src[e])];
        col[static_cast<size_t>(p.target[s])] = x;
    }

    // transmitted columns, 64 at a time, back to one word per frame
    const size_t words = this->words();
    for (size_t w = 0; w < words; w++) {
        const size_t c0 = 64 * w;
        const size_t m = std::min<size_t>(64, d_n - c0);
        for (size_t c = 0; c < 64; c++)
            a[c] = c < m ? col[static_cast<size_t>(d_transmitted[c0 + c])] : 0;
        transpose(a);
        for (size_t f = 0; f < frames; f++)
            out[f * words + w] = a[f];
    }
}

} // namespace gpufec
