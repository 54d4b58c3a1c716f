/* -*- c++ -*- */
/*
 * Copyright 2026 The gr-gpufec authors.
 *
 * Intra-frame layered SIMD min-sum-family kernel for codes in QC form (QC codes:
 * passes = block rows; DVB-S2 (EN 302 307-1 5.3.2): the 360-periodic row sets and
 * their sublayers under a column permutation, see job): one frame at a time, a
 * pass's Z rows in the lanes, W at a time (Z padded to a multiple of W; padding
 * lanes are computed on and never written back). Each circulant's Z posteriors
 * are copied into a row-aligned buffer rotated by its shift (X[k] = L[col Z +
 * (k + s) mod Z]; isa_ops::rotate_in), processed with the inter-frame kernel's
 * row_update, and copied back (whole, or only the lanes of the pass's rows with
 * an edge there: lane masks; isa_ops::rotate_out). With AVX-512 mask registers
 * the fixed-point rules but SCMS use the compressed C2V on rotated loads straight
 * from the posteriors instead (compressed_c2v_avx512.h). A lane without an edge
 * (DVB-S2's staircase wrap) holds +max with a zero C2V: never a minimum, never a
 * sign flip, never an SCMS erasure (its V2C stays +max), so the row's result is
 * exactly that of its real edges. Same per-value arithmetic as the inter-frame
 * kernel in the same layer order, so the same results for every precision.
 * Early termination: the syndrome after each iteration from the posteriors' sign
 * bits packed per block (only the blocks it reads, stopping at the first
 * unsatisfied row set).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SIMD_INTRA_KERNEL_H
#define INCLUDED_GPUFEC_SIMD_INTRA_KERNEL_H

#include "frame_io.h"
#include "lane_ops.h"
#include "num_traits.h"
#include "reuse_alloc.h"
#include "row_update.h"
#include "simd_kernels.h"
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <vector>

namespace gpufec {
namespace simd {
namespace {

template <typename T, int W, check_node_rule Rule>
struct intra_kernel {
    using N = num<T>;
    using M = typename N::M;
    static constexpr bool scms = check_node_traits<Rule>::self_corrected;
    //! the C2V compressed as in the inter-frame kernel (per row mag1 / mag2, per
    //! edge sign and took-mag2 lane masks; isa_ops::compressed_chunk)
    static constexpr bool comp =
        isa_ops::mask_registers && !N::is_float && !scms && W * sizeof(T) == 64;

    const job& jb;
    const int Z;      //!< circulant size
    const int Zp;     //!< Z padded to a multiple of W
    const int chunks; //!< W-lane chunks of a circulant
    const int ncirc;
    const int nblocks;
    const int maxd; //!< largest number of circulants of a pass
    const int Zw;   //!< 64-bit words of a lane bit mask
    // padded: the rotated vector loads read up to W values before a block and W
    // after it, the sign packing whole 64-value words
    reuse_vector<T> Lbuf;
    T* const L; //!< the frame's posteriors (internal columns)
    reuse_vector<T> prev;
    reuse_vector<T> X; //!< the pass's circulants, rotated into rows
    reuse_vector<T> ext;
    reuse_vector<T> v2c;
    // comp: per circulant and chunk, the lanes without an edge (+max) and the
    // lanes written back (valid, of the pass's rows, with an edge)
    reuse_vector<uint64_t> missbits;
    reuse_vector<uint64_t> wbits;
    std::vector<T*> Lj;  //!< comp: the pass's circulants' blocks
    std::vector<int> Sj; //!< comp: and shifts
    reuse_vector<T> c2v;
    reuse_vector<T> rowmag;
    reuse_vector<uint64_t> emask;
    reuse_vector<T> q;
    std::vector<int> punctured; //!< internal columns
    // internal column of each input LLR; the leading run of the identity
    // (DVB-S2's information part) is copied whole
    std::vector<int> tcol;
    int ident = 0;
    std::vector<int> icol_info;
    // lane masks as lane-typed all-ones / zero values (write-back blends) and as
    // bit words (syndrome); the chunks of each pass holding some row
    std::vector<M> tmask;
    std::vector<uint64_t> bmask;
    std::vector<uint8_t> chunk_on;
    // sign bits of a block, doubled (bit Z + k = bit k) so that any rotation is a
    // 64-bit window; packed on demand once per syndrome check
    const int DB;
    reuse_vector<uint64_t> bits;
    std::vector<long> stamp;
    long check = 0;
    std::vector<uint64_t> acc;
    const uint64_t last_word;

    static int max_pass_degree(const job& jb)
    {
        int maxd = 1;
        for (int p = 0; p < jb.passes; ++p)
            maxd = std::max(maxd, jb.pass_ptr[p + 1] - jb.pass_ptr[p]);
        return maxd;
    }

    GPUFEC_SIMD_STEP explicit intra_kernel(const job& j)
        : jb(j), Z(j.z), Zp((Z + W - 1) / W * W), chunks(Zp / W),
          ncirc(j.pass_ptr[j.passes]), nblocks(j.cols / Z), maxd(max_pass_degree(j)),
          Zw((Z + 63) / 64), Lbuf(static_cast<size_t>(j.cols) + 4 * W + 128, T(0)),
          L(Lbuf.data() + 2 * W), prev(scms ? static_cast<size_t>(ncirc) * Zp : 0),
          X(static_cast<size_t>(maxd) * Zp, T(0)), ext(static_cast<size_t>(maxd) * W),
          v2c(static_cast<size_t>(maxd) * W),
          missbits(comp ? static_cast<size_t>(ncirc) * chunks : 0),
          wbits(comp ? static_cast<size_t>(ncirc) * chunks : 0), Lj(maxd), Sj(maxd),
          c2v(comp ? 0 : static_cast<size_t>(ncirc) * Zp),
          rowmag(comp ? static_cast<size_t>(j.passes) * chunks * 2 * W : 0),
          emask(comp ? static_cast<size_t>(ncirc) * chunks * 2 : 0), q(j.n),
          DB((2 * Z + 191) / 64), bits(static_cast<size_t>(nblocks) * DB),
          stamp(nblocks, -1), acc(Zw),
          last_word(Z % 64 ? (uint64_t(1) << (Z % 64)) - 1 : ~uint64_t(0))
    {
        build_columns();
        build_lane_masks();
        if constexpr (comp)
            build_compressed_masks();
    }

    int icol(int c) const { return jb.col_perm ? jb.col_perm[c] : c; }

    /*! The internal columns of the punctured, transmitted and info bits. */
    GPUFEC_SIMD_STEP void build_columns()
    {
        punctured = punctured_columns(jb);
        for (int& c : punctured)
            c = icol(c);
        tcol.resize(jb.n);
        for (int i = 0; i < jb.n; ++i) {
            tcol[i] = icol(jb.transmitted[i]);
            if (ident == i && tcol[i] == i)
                ++ident;
        }
        icol_info.resize(jb.out.info_bits ? jb.k : 0);
        for (size_t i = 0; i < icol_info.size(); ++i)
            icol_info[i] = icol(jb.info_positions[i]);
    }

    /*! tmask / bmask from the job's lane masks; chunk_on of every pass. */
    GPUFEC_SIMD_STEP void build_lane_masks()
    {
        int nmasks = 0;
        for (int i = 0; i < ncirc; ++i)
            nmasks = std::max(nmasks, jb.circ_wmask[i] + 1);
        for (int t = 0; t < jb.syn_ptr[jb.syn_sets]; ++t)
            nmasks = std::max(nmasks, jb.syn_valid[t] + 1);
        for (int p = 0; p < jb.passes; ++p)
            nmasks = std::max(nmasks, jb.pass_active[p] + 1);
        tmask.assign(static_cast<size_t>(nmasks) * Zp, M(0));
        bmask.assign(static_cast<size_t>(nmasks) * Zw, 0);
        for (int m = 0; m < nmasks; ++m)
            for (int k = 0; k < Z; ++k)
                if (jb.lane_masks[static_cast<size_t>(m) * Z + k]) {
                    tmask[static_cast<size_t>(m) * Zp + k] = M(-1);
                    bmask[static_cast<size_t>(m) * Zw + k / 64] |= uint64_t(1)
                                                                   << (k % 64);
                }
        chunk_on.assign(static_cast<size_t>(jb.passes) * chunks, 1);
        for (int p = 0; p < jb.passes; ++p)
            if (jb.pass_active[p] >= 0)
                for (int c = 0; c < chunks; ++c) {
                    bool any = false;
                    for (int k = c * W; k < std::min(Z, (c + 1) * W); ++k)
                        any |= jb.lane_masks[static_cast<size_t>(jb.pass_active[p]) * Z +
                                             k] != 0;
                    chunk_on[static_cast<size_t>(p) * chunks + c] = any;
                }
    }

    /*! comp: missbits / wbits of every circulant and chunk. */
    GPUFEC_SIMD_STEP void build_compressed_masks()
    {
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

    static void or_at(uint64_t* d, int pos, uint64_t v)
    {
        const int i = pos >> 6, sh = pos & 63;
        d[i] |= v << sh;
        if (sh)
            d[i + 1] |= v >> (64 - sh);
    }

    /*! Block b's sign bits, doubled; packed once per syndrome check. */
    GPUFEC_SIMD_STEP const uint64_t* block_bits(int b)
    {
        uint64_t* d = bits.data() + static_cast<size_t>(b) * DB;
        if (stamp[b] != check) {
            stamp[b] = check;
            std::fill(d, d + DB, uint64_t(0));
            const T* Lb = L + static_cast<size_t>(b) * Z;
            for (int w = 0; w < Zw; ++w) {
                uint64_t v = isa_ops::sign_bits64<T>(Lb + 64 * w);
                if (Z - 64 * w < 64)
                    v &= (uint64_t(1) << (Z - 64 * w)) - 1;
                or_at(d, 64 * w, v);
                or_at(d, Z + 64 * w, v);
            }
        }
        return static_cast<const uint64_t*>(d);
    }

    /*! Whether every row set's parity holds (stops at the first that fails). */
    GPUFEC_SIMD_STEP bool syndrome_ok()
    {
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
                    uint64_t v = sh ? (d[wi] >> sh) | (d[wi + 1] << (64 - sh)) : d[wi];
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
    }

    /*! Frame f's channel values into the posteriors; messages cleared. */
    GPUFEC_SIMD_STEP void load_frame(size_t f)
    {
        quantize_frame<T>(jb, f, q.data());
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
    }

    /*!
     * Pass p's d circulants (from k0) rotated into X, their lanes without an edge
     * set to +max with C2V 0; comp: only their blocks and shifts (Lj, Sj) and
     * those lanes' C2V sign bits (C2V negative: L (+max) - C2V saturates at +max).
     */
    GPUFEC_SIMD_STEP void rotate_in(int k0, int d)
    {
        const T vmax = N::init;
        // members through locals: a byte store may alias the object's fields
        T* const xp = X.data();
        T* const Lp = L;
        T* const cp = c2v.data();
        const int Z = this->Z, Zp = this->Zp, chunks = this->chunks;
        for (int j = 0; j < d; ++j) {
            T* Xj = xp + static_cast<size_t>(j) * Zp;
            T* Lb = Lp + static_cast<size_t>(jb.circ_col[k0 + j]) * Z;
            const int s = jb.circ_shift[k0 + j];
            if constexpr (comp) {
                Lj[j] = Lb;
                Sj[j] = s;
                for (int m = jb.circ_miss_ptr[k0 + j]; m < jb.circ_miss_ptr[k0 + j + 1];
                     ++m) {
                    const int k = jb.miss_lane[m];
                    emask[(static_cast<size_t>(k0) * chunks +
                           static_cast<size_t>(k / W) * d + j) *
                          2] |= uint64_t(1) << (k % W);
                }
                continue;
            }
            isa_ops::rotate_in<T, W>(Xj, Lb, s, Z, chunks);
            for (int m = jb.circ_miss_ptr[k0 + j]; m < jb.circ_miss_ptr[k0 + j + 1];
                 ++m) {
                const int k = jb.miss_lane[m];
                Xj[k] = vmax;
                cp[static_cast<size_t>(k0 + j) * Zp + k] = T(0);
            }
        }
    }

    /*! The row update of pass p (circulants k0 .. k0 + d) on its active chunks. */
    GPUFEC_SIMD_STEP void update_chunks(int p, int k0, int d)
    {
        const uint8_t* on = chunk_on.data() + static_cast<size_t>(p) * chunks;
        // members through locals: a byte store may alias the object's fields
        T* const xp = X.data();
        T* const cp = c2v.data();
        T* const pp = prev.data(); // empty but with SCMS
        const int Zp = this->Zp, chunks = this->chunks;
        for (int c = 0; c < chunks; ++c) {
            if (!on[c])
                continue;
            const size_t o = static_cast<size_t>(c) * W;
            if constexpr (comp) {
                isa_ops::compressed_chunk<T, Rule>(
                    d,
                    Lj.data(),
                    Sj.data(),
                    c * W,
                    Z,
                    chunks,
                    missbits.data() + static_cast<size_t>(k0) * chunks + c,
                    wbits.data() + static_cast<size_t>(k0) * chunks + c,
                    rowmag.data() + (static_cast<size_t>(p) * chunks + c) * 2 * W,
                    emask.data() +
                        (static_cast<size_t>(k0) * chunks + static_cast<size_t>(c) * d) *
                            2,
                    ext.data(),
                    jb);
                continue;
            }
            auto lx = [&](int j) { return xp + static_cast<size_t>(j) * Zp + o; };
            auto mat = [&](int j) { return cp + static_cast<size_t>(k0 + j) * Zp + o; };
            auto pat = [&](int j) { return pp + static_cast<size_t>(k0 + j) * Zp + o; };
            row_update<T, W, Rule, false, false>(
                d, lx, lx, mat, pat, ext.data(), v2c.data(), nullptr, jb);
        }
    }

    /*! Pass p's circulants back from X (the lanes of its rows with an edge). */
    GPUFEC_SIMD_STEP void rotate_out(int k0, int d)
    {
        const T* const xp = X.data();
        T* const Lp = L;
        const int Z = this->Z, Zp = this->Zp, Zw = this->Zw, chunks = this->chunks;
        for (int j = 0; j < d; ++j) {
            const T* Xj = xp + static_cast<size_t>(j) * Zp;
            T* Lb = Lp + static_cast<size_t>(jb.circ_col[k0 + j]) * Z;
            const int s = jb.circ_shift[k0 + j];
            const int wm = jb.circ_wmask[k0 + j];
            isa_ops::rotate_out<T, W>(
                Lb,
                Xj,
                s,
                Z,
                chunks,
                wm < 0 ? nullptr : bmask.data() + static_cast<size_t>(wm) * Zw,
                wm < 0 ? nullptr : tmask.data() + static_cast<size_t>(wm) * Zp);
        }
    }

    /*! Decodes the loaded frame; returns the iterations, ok = parity holds. */
    GPUFEC_SIMD_STEP int decode(bool& ok)
    {
        int it = 0;
        ok = false;
        while (it < jb.max_iterations) {
            ++it;
            for (int p = 0; p < jb.passes; ++p) {
                const int k0 = jb.pass_ptr[p];
                const int d = jb.pass_ptr[p + 1] - k0;
                rotate_in(k0, d);
                update_chunks(p, k0, d);
                if constexpr (!comp)
                    rotate_out(k0, d);
            }
            if (jb.early_termination || it == jb.max_iterations) {
                ok = syndrome_ok();
                if (jb.early_termination && ok)
                    break;
            }
        }
        return it;
    }

    /*!
     * Decodes frames [jb.first, jb.last): in order, or (jb.next_frame) whichever
     * is next on the shared counter.
     */
    static void run(const job& jb)
    {
        intra_kernel k(jb);
        size_t seq = jb.first; // frames [first, last) in order without a counter
        while (true) {
            const size_t f = jb.next_frame ? jb.next_frame->fetch_add(1) : seq++;
            if (f >= jb.last)
                break;
            k.load_frame(f);
            bool ok = false;
            const int it = k.decode(ok);
            // outputs straight from the posteriors (internal columns)
            write_outputs_posteriors<T>(
                jb, f, k.L, k.icol_info.data(), k.tcol.data(), it, ok);
        }
    }
};

} // namespace
} // namespace simd
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_SIMD_INTRA_KERNEL_H */
