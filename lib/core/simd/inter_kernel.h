/* -*- c++ -*- */
/*
 * Copyright 2026 The gr-gpufec authors.
 *
 * The inter-frame SIMD min-sum-family kernel: W frames in the W lanes of every
 * message vector (lane l of each vector belongs to frame l of the group), as in
 * "Implementation of a Heterogeneous LDPC Decoder on ARM and GPU of Mobile
 * Devices". Layered (layers in order, rows in order) or flooding (rows in index
 * order against the previous iteration's posteriors; the next posterior =
 * channel + C2V in ascending row order, the reference's column order). Early
 * termination per lane after each iteration, finished lanes refilled with the
 * next frames at once; their C2V / SCMS state is cleared lazily at first use
 * (keep mask). With AVX-512 mask registers (isa_ops::mask_registers) the layered
 * fixed-point rules but SCMS keep the C2V compressed and take the syndrome and
 * hard decisions from per-column sign masks (compressed_c2v_avx512.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SIMD_INTER_KERNEL_H
#define INCLUDED_GPUFEC_SIMD_INTER_KERNEL_H

#include "frame_io.h"
#include "lane_ops.h"
#include "num_traits.h"
#include "reuse_alloc.h"
#include "row_update.h"
#include "simd_kernels.h"
#include <cstdint>
#include <cstring>
#include <vector>

namespace gpufec {
namespace simd {
namespace {

template <typename T, int W, check_node_rule Rule, bool Flood>
struct inter_kernel {
    using N = num<T>;
    using M = typename N::M;
    static constexpr int prefetch_rows = 2;
    //! prefetch the posteriors of the rows ahead only above this size: below it
    //! they stay in L2 and the prefetch loop costs more than it saves
    static constexpr size_t prefetch_min_bytes = size_t(512) << 10;
    static constexpr bool scms = check_node_traits<Rule>::self_corrected;
    //! compressed C2V: per row mag1, mag2; per edge sign and took-mag2 masks
    static constexpr bool comp =
        isa_ops::mask_registers && !Flood && !N::is_float && !scms && W * sizeof(T) == 64;

    const job& jb;
    const int cols;
    reuse_vector<T> L;  //!< posteriors, W lanes per column
    reuse_vector<T> Ln; //!< flooding: the next iteration's posteriors
    reuse_vector<T> ch; //!< flooding: the channel values
    reuse_vector<T> c2v;
    reuse_vector<T> rowmag;
    reuse_vector<uint64_t> emask;
    // comp: per column the lane mask of L < 0 as left by the layered pass (its
    // last update in the iteration), so the syndrome and the hard decisions read
    // 8 B per column (L2-resident) instead of the W-lane posteriors. Exact: the
    // sign bit of each final posterior. Columns in no row keep their channel
    // sign, so the hard decisions then read L (cols_all_in_rows).
    reuse_vector<uint64_t> sgn;
    reuse_vector<uint64_t> fsgn; //!< float: the sign masks of L when outputs are due
    const bool cols_all_in_rows;
    const bool prefetch; //!< the posteriors exceed prefetch_min_bytes
    //! comp: this iteration stores the sign masks (early termination, or some
    //! lane ends after it); the other iterations skip them
    bool signs = true;
    //! comp: every lane's C2V is 0 (a whole group just loaded) and the compressed
    //! C2V memory is not cleared: the rows of this iteration do not read it. Not
    //! for a first iteration that stores the sign masks (the memory starts at 0)
    bool zero;
    reuse_vector<T> prev; //!< SCMS: the previous V2C per edge
    reuse_vector<T> ext;
    reuse_vector<T> v2c;
    long frame_of[W]; //!< -1: idle lane
    int iters[W];
    uint8_t refill[W];
    size_t next, next_end; //!< the frames load_lanes may take: [next, next_end)
    const std::vector<int> punctured;
    reuse_vector<T> qb; //!< quantized LLRs of the frames being loaded
    // keep[l] = 0 for one iteration after lane l is refilled: its messages are
    // cleared at first use in row_update (no pass over all the C2V memory)
    M keep[W];
    uint64_t keep_bits = ~uint64_t(0); //!< keep as a lane mask
    bool fresh = false;
    //! byte hard decisions of the finished lanes (not needed with the sign masks)
    reuse_vector<uint8_t> hard;

    GPUFEC_SIMD_STEP explicit inter_kernel(const job& j)
        : jb(j), cols(j.cols), L(static_cast<size_t>(cols) * W),
          Ln(Flood ? static_cast<size_t>(cols) * W : 0),
          ch(Flood ? static_cast<size_t>(cols) * W : 0),
          c2v(comp ? 0 : static_cast<size_t>(j.edges) * W),
          rowmag(comp ? static_cast<size_t>(j.rows) * 2 * W : 0),
          emask(comp ? static_cast<size_t>(j.edges) * 2 : 0),
          sgn(comp ? static_cast<size_t>(cols) : 0),
          cols_all_in_rows(!comp || all_columns_in_rows(j)),
          prefetch(static_cast<size_t>(cols) * W * sizeof(T) > prefetch_min_bytes),
          zero(comp && !j.early_termination && j.max_iterations > 1),
          prev(scms ? static_cast<size_t>(j.edges) * W : 0),
          ext(static_cast<size_t>(j.max_degree) * W),
          v2c(static_cast<size_t>(j.max_degree) * W), next(j.first), next_end(j.last),
          punctured(punctured_columns(j)), qb(static_cast<size_t>(W) * j.n)
    {
        int all[W];
        for (int l = 0; l < W; ++l)
            all[l] = l;
        load_lanes(all, W);
        for (int l = 0; l < W; ++l)
            refill[l] = 0; // messages start at 0
        hard.assign(comp && cols_all_in_rows ? 0 : static_cast<size_t>(W) * cols, 0);
    }

    /*! Whether every column is in some row. */
    static bool all_columns_in_rows(const job& jb)
    {
        std::vector<uint8_t> seen(jb.cols, 0);
        for (int e = 0; e < jb.edges; ++e)
            seen[jb.row_cols[e]] = 1;
        bool all = true;
        for (int c = 0; c < jb.cols; ++c)
            all &= seen[c] != 0;
        return all;
    }

    /*!
     * Loads the next frames into lanes ls[0..k) (or idles them when none is
     * left): one pass over the posterior array for all of them (per lane, a pass
     * of strided single-value stores cost as much as a decoding iteration on
     * DVB-S2).
     */
    GPUFEC_SIMD_STEP void load_lanes(const int* ls, int k)
    {
        int fed[W], idle[W];
        int nfed = 0, nidle = 0;
        // a shared counter hands out the next k frames at once, else this
        // worker's own range [first, last) in order
        if (jb.next_frame) {
            next = jb.next_frame->fetch_add(static_cast<size_t>(k));
            next_end = std::min(jb.last, next + static_cast<size_t>(k));
        } else {
            next_end = jb.last;
        }
        for (int t = 0; t < k; ++t) {
            const int l = ls[t];
            refill[l] = 1; // its messages are cleared in its first iteration
            iters[l] = 0;
            if (next < next_end) {
                const size_t f = next++;
                frame_of[l] = static_cast<long>(f);
                quantize_frame<T>(jb, f, qb.data() + static_cast<size_t>(nfed) * jb.n);
                fed[nfed++] = l;
            } else {
                frame_of[l] = -1;
                idle[nidle++] = l;
            }
        }
        // members through locals: a byte store may alias the object's fields
        T* const Lp = L.data();
        const T* const qp = qb.data();
        const int n = jb.n, ncols = cols;
        const int* const tr = jb.transmitted;
        int i0 = 0;
        if constexpr (isa_ops::lane_transpose && W * sizeof(T) == 64) {
            // a whole group in lane order (the first load; every refill without
            // early termination): in-register transposes of column blocks
            bool whole = nfed == W;
            for (int t = 0; whole && t < W; ++t)
                whole = fed[t] == t;
            if (whole)
                for (constexpr int B = isa_ops::block_cols<T>; i0 + B <= n; i0 += B)
                    isa_ops::load_columns_block<T>(
                        qp, static_cast<size_t>(n), i0, tr, Lp);
        }
        for (int i = i0; i < n; ++i) {
            T* Lc = Lp + static_cast<size_t>(tr[i]) * W;
            for (int t = 0; t < nfed; ++t)
                Lc[fed[t]] = qp[static_cast<size_t>(t) * n + i];
        }
        for (int c : punctured)
            for (int t = 0; t < nfed; ++t)
                Lp[static_cast<size_t>(c) * W + fed[t]] = 0;
        if (nidle > 0)
            for (int c = 0; c < ncols; ++c)
                for (int t = 0; t < nidle; ++t)
                    Lp[static_cast<size_t>(c) * W + idle[t]] = 0;
        if constexpr (Flood) {
            T* const chp = ch.data();
            for (int c = 0; c < ncols; ++c)
                for (int t = 0; t < k; ++t)
                    chp[static_cast<size_t>(c) * W + ls[t]] =
                        Lp[static_cast<size_t>(c) * W + ls[t]];
        }
    }

    /*! Whether some lane still holds a frame. */
    GPUFEC_SIMD_STEP bool busy() const
    {
        bool any = false;
        for (int l = 0; l < W; ++l)
            any |= frame_of[l] >= 0;
        return any;
    }

    /*!
     * Prefetches the posteriors of row r's columns (RW 1: for writing). For codes
     * whose rows jump over a posterior array larger than L2 (DVB-S2: 64800 x 64 B)
     * their loads are the bottleneck otherwise.
     */
    template <int RW>
    GPUFEC_SIMD_STEP void prefetch_row(int r) const
    {
        for (int e = jb.row_ptr[r]; e < jb.row_ptr[r + 1]; ++e)
            for (size_t b = 0; b < W * sizeof(T); b += 64)
                __builtin_prefetch(
                    reinterpret_cast<const char*>(
                        L.data() + static_cast<size_t>(jb.row_cols[e]) * W) +
                        b,
                    RW);
    }

    /*!
     * The ri-th row of the iteration (layered: in layer order) for all lanes; rk:
     * the compressed rows' constants.
     */
    GPUFEC_SIMD_STEP void row_step(int ri, const isa_ops::row_consts<T>& rk)
    {
        const int r = Flood ? ri : jb.row_order[ri];
        const int e0 = jb.row_ptr[r];
        const int d = jb.row_ptr[r + 1] - e0;
        const int* rc = jb.row_cols + e0;
        // the posteriors of a row a few rows ahead
        if (prefetch && ri + prefetch_rows < jb.rows)
            prefetch_row<1>(Flood ? ri + prefetch_rows
                                  : jb.row_order[ri + prefetch_rows]);
        if constexpr (comp) {
            T* rm = rowmag.data() + static_cast<size_t>(r) * 2 * W;
            uint64_t* em = emask.data() + static_cast<size_t>(e0) * 2;
            T* const Lp = L.data();
            T* const xp = ext.data();
            uint64_t* const sp = sgn.data();
            if (zero) {
                if (isa_ops::compressed_row_by_degree<T, Rule, false, true>(
                        d, Lp, rc, rm, em, sp, rk))
                    return;
                // no fixed-degree instance: this row's C2V memory cleared
                std::memset(rm, 0, 2 * W * sizeof(T));
                std::memset(em, 0, 2 * static_cast<size_t>(d) * sizeof(uint64_t));
            }
            if (fresh)
                isa_ops::compressed_row<T, Rule, true, true>(
                    d, Lp, rc, rm, em, xp, sp, keep_bits, rk);
            else if (signs) {
                if (!isa_ops::compressed_row_by_degree<T, Rule, true, false>(
                        d, Lp, rc, rm, em, sp, rk))
                    isa_ops::compressed_row<T, Rule, false, true>(
                        d, Lp, rc, rm, em, xp, sp, keep_bits, rk);
            } else if (!isa_ops::compressed_row_by_degree<T, Rule, false, false>(
                           d, Lp, rc, rm, em, sp, rk))
                isa_ops::compressed_row<T, Rule, false, false>(
                    d, Lp, rc, rm, em, xp, sp, keep_bits, rk);
            return;
        }
        if constexpr (N::is_float && !Flood && !scms) {
            if (!fresh &&
                isa_ops::float_row_by_degree<Rule>(
                    d, L.data(), rc, c2v.data() + static_cast<size_t>(e0) * W, jb))
                return;
        }
        T* const lo = Flood ? Ln.data() : nullptr;
        if (fresh)
            row_on<true>(d,
                         e0,
                         rc,
                         L.data(),
                         lo,
                         c2v.data(),
                         prev.data(),
                         ext.data(),
                         v2c.data(),
                         keep,
                         jb);
        else
            row_on<false>(d,
                          e0,
                          rc,
                          L.data(),
                          lo,
                          c2v.data(),
                          prev.data(),
                          ext.data(),
                          v2c.data(),
                          keep,
                          jb);
    }

    /*!
     * row_update() of a row (edges e0 .. e0 + d, columns rc) on the posteriors Lp
     * (flooding: the next ones in Ln), the C2V cp and SCMS V2C pp of all edges,
     * scratch ext / v2c. The buffers are distinct allocations: as restrict
     * parameters the compiler knows it (it does not for the object's members) and
     * vectorizes without run-time overlap checks.
     */
    template <bool Masked>
    GPUFEC_SIMD_STEP static void row_on(int d,
                                        int e0,
                                        const int* rc,
                                        T* __restrict Lp,
                                        T* __restrict Ln,
                                        T* __restrict cp,
                                        T* __restrict pp,
                                        T* __restrict ext,
                                        T* __restrict v2c,
                                        const M* __restrict keep,
                                        const job& jb)
    {
        // captured by value: a restrict parameter whose address is taken is
        // restrict no more
        auto lin = [Lp, rc](int j) { return Lp + static_cast<size_t>(rc[j]) * W; };
        auto lout = [Lp, Ln, rc](int j) {
            return (Flood ? Ln : Lp) + static_cast<size_t>(rc[j]) * W;
        };
        auto mat = [cp, e0](int j) { return cp + static_cast<size_t>(e0 + j) * W; };
        auto pat = [pp, e0](int j) { return pp + static_cast<size_t>(e0 + j) * W; };
        row_update<T, W, Rule, Flood, Masked>(d, lin, lout, mat, pat, ext, v2c, keep, jb);
    }

    /*! One iteration for all lanes; true when some lane needs its syndrome. */
    GPUFEC_SIMD_STEP bool iterate()
    {
        if constexpr (Flood)
            std::memcpy(Ln.data(), ch.data(), ch.size() * sizeof(T));
        if constexpr (comp) {
            signs = jb.early_termination;
            for (int l = 0; l < W; ++l)
                signs |= frame_of[l] >= 0 && iters[l] + 1 >= jb.max_iterations;
            if (zero && signs) {
                // the zero-C2V rows store no sign masks
                clear_messages();
                zero = false;
            }
        }
        const isa_ops::row_consts<T> rk(jb);
        for (int ri = 0; ri < jb.rows; ++ri)
            row_step(ri, rk);
        if constexpr (Flood)
            L.swap(Ln);
        fresh = false;
        zero = false;

        bool need_check = jb.early_termination;
        for (int l = 0; l < W; ++l) {
            ++iters[l];
            need_check |= frame_of[l] >= 0 && iters[l] >= jb.max_iterations;
        }
        return need_check;
    }

    /*!
     * The syndrome of every lane: bad[l] "negative" (fixed point) / nonzero
     * (float) where some row's parity fails. Fixed point: the sign bit of an XOR
     * of values is the XOR of their sign bits (L < 0 -> 1), that of an OR the OR.
     * Float: the comparison L < 0 per value (-0 is not negative). comp: from the
     * sign masks of the layered pass (bit l of the OR over the rows of the XOR
     * over each row's columns).
     */
    GPUFEC_SIMD_STEP void syndrome(M* bad) const
    {
        for (int l = 0; l < W; ++l)
            bad[l] = 0;
        if constexpr (comp) {
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
            return;
        }
        const T* const Lp = L.data();
        for (int r = 0; r < jb.rows; ++r) {
            M par[W];
            for (int l = 0; l < W; ++l)
                par[l] = 0;
            if (prefetch && r + prefetch_rows < jb.rows)
                prefetch_row<0>(r + prefetch_rows);
            for (int e = jb.row_ptr[r]; e < jb.row_ptr[r + 1]; ++e) {
                const T* Lc = Lp + static_cast<size_t>(jb.row_cols[e]) * W;
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
    }

    /*!
     * Outputs of the lanes fin[0..nfin) that finished (hard decisions in one
     * pass, or from the sign masks, which are L2-resident: no byte array).
     */
    GPUFEC_SIMD_STEP void write_finished(const int* fin, const bool* fin_ok, int nfin)
    {
        if constexpr (comp && isa_ops::lane_transpose) {
            if (cols_all_in_rows && nfin * 4 >= W) {
                write_finished_blocks(sgn.data(), fin, fin_ok, nfin);
                return;
            }
        }
        if constexpr (N::is_float && isa_ops::lane_transpose && W * sizeof(T) == 64) {
            if (nfin * 4 >= W) {
                fsgn.resize(static_cast<size_t>(cols));
                isa_ops::float_sign_masks(L.data(), cols, fsgn.data());
                write_finished_blocks(fsgn.data(), fin, fin_ok, nfin);
                return;
            }
        }
        if (comp && cols_all_in_rows) {
            for (int t = 0; t < nfin; ++t) {
                const uint64_t* sg = sgn.data();
                const int l = fin[t];
                write_outputs_fn(
                    jb,
                    static_cast<size_t>(frame_of[l]),
                    [sg, l](int c) { return static_cast<uint8_t>((sg[c] >> l) & 1); },
                    iters[l],
                    fin_ok[t]);
            }
            return;
        }
        // a local copy of the lanes: bounded by W and not aliased by the stores
        int fl[W];
        for (int t = 0; t < nfin; ++t)
            fl[t] = fin[t];
        const T* const Lp = L.data();
        uint8_t* const hp = hard.data();
        const int ncols = cols;
        for (int c = 0; c < ncols; ++c) {
            const T* Lc = Lp + static_cast<size_t>(c) * W;
            for (int t = 0; t < nfin; ++t)
                hp[static_cast<size_t>(t) * ncols + c] = Lc[fl[t]] < 0;
        }
        for (int t = 0; t < nfin; ++t)
            write_outputs(jb,
                          static_cast<size_t>(frame_of[fin[t]]),
                          hp + static_cast<size_t>(t) * ncols,
                          iters[fin[t]],
                          fin_ok[t]);
    }

    /*!
     * write_finished() for many finished lanes at once from sign masks sg (bit l
     * of sg[c]: column c of lane l is negative): the hard decisions of 16
     * positions of all mask lanes per in-register transpose.
     */
    GPUFEC_SIMD_STEP void write_finished_blocks(const uint64_t* sg,
                                                const int* fin,
                                                const bool* fin_ok,
                                                int nfin)
    {
        for (int t = 0; t < nfin; ++t) {
            const size_t f = static_cast<size_t>(frame_of[fin[t]]);
            if (jb.out.iterations)
                jb.out.iterations[f] = iters[fin[t]];
            if (jb.out.parity_ok)
                jb.out.parity_ok[f] = fin_ok[t] ? 1 : 0;
        }
        auto bits = [&](uint8_t* base, int count, const int* pos) {
            if (!base)
                return;
            uint8_t* dst[64] = {};
            for (int t = 0; t < nfin; ++t)
                dst[fin[t]] = base + static_cast<size_t>(frame_of[fin[t]]) * count;
            int i = 0;
            for (; i + 16 <= count; i += 16)
                isa_ops::hard_block(sg, pos, i, dst);
            for (; i < count; ++i)
                for (int t = 0; t < nfin; ++t)
                    dst[fin[t]][i] = static_cast<uint8_t>((sg[pos[i]] >> fin[t]) & 1);
        };
        bits(jb.out.info_bits, jb.k, jb.info_positions);
        bits(jb.out.codewords, jb.n, jb.transmitted);
    }

    /*! All C2V (plain or compressed) and SCMS V2C memory to 0. */
    GPUFEC_SIMD_STEP void clear_messages()
    {
        auto clear = [](auto& v) {
            if (!v.empty())
                std::memset(v.data(), 0, v.size() * sizeof(v[0]));
        };
        clear(c2v);
        clear(rowmag);
        clear(emask);
        clear(prev);
    }

    /*!
     * The lanes that are done (converged with early termination, or out of
     * iterations) write their outputs and take the next frames; the refilled
     * lanes' messages are cleared at first use in the next iteration (keep).
     */
    GPUFEC_SIMD_STEP void refill_finished(const M* bad)
    {
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
        if (nfin == 0)
            return;
        write_finished(fin, fin_ok, nfin);
        load_lanes(fin, nfin);
        for (int l = 0; l < W; ++l) {
            keep[l] = refill[l] ? M(0) : M(-1);
            refill[l] = 0;
        }
        keep_bits = 0;
        for (int l = 0; l < W; ++l)
            keep_bits |= static_cast<uint64_t>(keep[l] != 0) << l;
        if (keep_bits != 0) {
            fresh = true;
            return;
        }
        // every lane refilled (a whole group, as without early termination):
        // clearing the messages now is what the keep masks would do at first use,
        // and the next iteration takes the rows' unmasked fast paths; with the
        // compressed C2V those rows take it as 0 without reading it instead
        if constexpr (comp)
            zero = true;
        else
            clear_messages();
        keep_bits = ~uint64_t(0);
        for (int l = 0; l < W; ++l)
            keep[l] = M(-1);
    }

    /*! Decodes frames [jb.first, jb.last). */
    static void run(const job& jb)
    {
        inter_kernel k(jb);
        while (k.busy()) {
            if (!k.iterate())
                continue;
            M bad[W];
            k.syndrome(bad);
            k.refill_finished(bad);
        }
    }
};

} // namespace
} // namespace simd
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_SIMD_INTER_KERNEL_H */
