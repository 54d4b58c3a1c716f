/* -*- c++ -*- */
/*
 * The simulator's Monte-Carlo loop on the GPU (sim_device_engine.h). Per batch,
 * on a generation stream: information bits from Philox4x32-10 stream 0 (as
 * random_bits: frame f's 128-bit block j is counter (j, f, 0)), written bit-sliced
 * (one 32-bit word holds a column of 32 frames, so warp ballots produce them and
 * the encoder runs on 32 frames per thread); the encoder as its GF(2) program
 * (encoder_program.h); BPSK / Gray QPSK and AWGN from Philox stream 1 with
 * awgn_channel's arithmetic (normal_sample.h: the same IEEE float operations
 * as the host, so the LLRs are the host's bit for bit); then, on the decoding
 * stream, the CUDA decoder device-resident, and a count of the wrong
 * information bits per frame. Two slots: batch b + 1 is generated while batch b
 * decodes.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "common/cuda_check.h"
#include "simulation/sim_batch.cuh"
#include "simulation/sim_device_loop.h"
#include <algorithm>
#include <cuda_runtime.h>
#include <gpufec/channel.h>
#include <gpufec/cuda_decoder.h>
#include <gpufec/encoder_program.h>
#include <gpufec/error.h>
#include <gpufec/nb_decoder.h>
#include <string>
#include <vector>

namespace gpufec {

namespace {

using namespace cuda_detail;

struct sim_params {
    sim_batch batch;
    int words;      //!< 32-frame words per column
    int k;          //!< information bits
    int n;          //!< transmitted bits (LLRs per frame)
    float inv_step; //!< int8 LLRs: 1 / step (quantize_llrs); 0: float LLRs
};

/*!
 * Information bits, bit-sliced: warp w holds frames 32w..32w+31 (lane = frame),
 * block j of 128 bits; ballots turn the lanes' bits into column words.
 */
__global__ void
info_bits_kernel(sim_params p, int used_words, const int* info_pos, uint32_t* cw)
{
    const int lane = threadIdx.x & 31;
    const long warp = (static_cast<long>(blockIdx.x) * blockDim.x + threadIdx.x) >> 5;
    const int blocks = (p.k + 127) / 128;
    const long total = static_cast<long>(used_words) * blocks;
    if (warp >= total)
        return;
    const int w = static_cast<int>(warp % used_words);
    const int j = static_cast<int>(warp / used_words);
    const uint4 x =
        frame_block(p.batch, p.batch.first + static_cast<uint64_t>(w) * 32 + lane, j, 0u);
    const uint32_t xs[4] = { x.x, x.y, x.z, x.w };
    const bool valid = w * 32 + lane < p.batch.frames;
#pragma unroll
    for (int q = 0; q < 4; ++q) {
        uint32_t mine = 0;
        for (int t = 0; t < 32; ++t) {
            const uint32_t word =
                __ballot_sync(0xffffffffu, valid && ((xs[q] >> t) & 1u));
            if (t == lane)
                mine = word;
        }
        const int i = j * 128 + q * 32 + lane;
        if (i < p.k)
            cw[static_cast<size_t>(info_pos[i]) * p.words + w] = mine;
    }
}

/*!
 * The encoder's program over 32 frames per thread (one column word each), steps
 * [first, last) in order (a program too deep to run by levels).
 */
__global__ void encode_kernel(sim_params p,
                              int first,
                              int last,
                              const int* target,
                              const int* src_ptr,
                              const int* sources,
                              uint32_t* cw)
{
    const int w = blockIdx.x * blockDim.x + threadIdx.x;
    if (w >= p.words)
        return;
    for (int s = first; s < last; ++s) {
        uint32_t x = 0;
        const int e1 = src_ptr[s + 1];
        for (int e = src_ptr[s]; e < e1; ++e)
            x ^= cw[static_cast<size_t>(sources[e]) * p.words + w];
        cw[static_cast<size_t>(target[s]) * p.words + w] = x;
    }
}

/*! One level of the program (steps that read only earlier levels): thread per (step,
 * word). */
__global__ void encode_level_kernel(sim_params p,
                                    int first,
                                    int last,
                                    int words,
                                    const int* target,
                                    const int* src_ptr,
                                    const int* sources,
                                    uint32_t* cw)
{
    const long id = static_cast<long>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (id >= static_cast<long>(last - first) * words)
        return;
    const int s = first + static_cast<int>(id / words);
    const int w = static_cast<int>(id % words);
    uint32_t x = 0;
    const int e1 = src_ptr[s + 1];
    for (int e = src_ptr[s]; e < e1; ++e)
        x ^= cw[static_cast<size_t>(sources[e]) * p.words + w];
    cw[static_cast<size_t>(target[s]) * p.words + w] = x;
}

/*! Steps per thread of the chain scan (chain_total_kernel, chain_apply_kernel). */
constexpr int chain_span = 128;

/*!
 * A chain program (the DVB-S2 accumulator: step s sets its column to r_s, the XOR
 * of its information sources already written by encode_level_kernel, and, where
 * link[s], XORs in the column of step s - 1) is a segmented prefix XOR over the
 * steps. Pass 1: thread per (span of chain_span steps, word) writes the XOR of its
 * span since the last unlinked step, and whether the span holds one.
 */
__global__ void chain_total_kernel(sim_params p,
                                   int steps,
                                   int words,
                                   const int* target,
                                   const uint8_t* link,
                                   const uint32_t* cw,
                                   uint32_t* total,
                                   uint8_t* cut)
{
    const long id = static_cast<long>(blockIdx.x) * blockDim.x + threadIdx.x;
    const int spans = (steps + chain_span - 1) / chain_span;
    if (id >= static_cast<long>(spans) * words)
        return;
    const int c = static_cast<int>(id / words);
    const int w = static_cast<int>(id % words);
    const int s1 = min(steps, (c + 1) * chain_span);
    uint32_t x = 0;
    bool broken = false;
    for (int s = c * chain_span; s < s1; ++s) {
        const uint32_t r = cw[static_cast<size_t>(target[s]) * p.words + w];
        if (link[s]) {
            x ^= r;
        } else {
            x = r;
            broken = true;
        }
    }
    total[static_cast<size_t>(c) * p.words + w] = x;
    cut[static_cast<size_t>(c) * p.words + w] = broken;
}

/*!
 * Pass 2: thread per (span, word): the carry into the span from the earlier spans'
 * totals, then the span's steps rewritten as the running XOR.
 */
__global__ void chain_apply_kernel(sim_params p,
                                   int steps,
                                   int words,
                                   const int* target,
                                   const uint8_t* link,
                                   const uint32_t* total,
                                   const uint8_t* cut,
                                   uint32_t* cw)
{
    const long id = static_cast<long>(blockIdx.x) * blockDim.x + threadIdx.x;
    const int spans = (steps + chain_span - 1) / chain_span;
    if (id >= static_cast<long>(spans) * words)
        return;
    const int c = static_cast<int>(id / words);
    const int w = static_cast<int>(id % words);
    uint32_t x = 0;
    for (int k = 0; k < c; ++k) {
        const size_t i = static_cast<size_t>(k) * p.words + w;
        x = cut[i] ? total[i] : x ^ total[i];
    }
    const int s1 = min(steps, (c + 1) * chain_span);
    for (int s = c * chain_span; s < s1; ++s) {
        uint32_t* col = cw + static_cast<size_t>(target[s]) * p.words + w;
        x = link[s] ? x ^ *col : *col;
        *col = x;
    }
}

/*! BPSK / QPSK and AWGN: thread per (frame, block of 4 transmitted bits). */
__global__ void channel_kernel(
    sim_params p, const int* tx_cols, const uint32_t* cw, float* llr, int8_t* llr8)
{
    const int blocks = (p.n + 3) / 4;
    const long id = static_cast<long>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (id >= static_cast<long>(p.batch.frames) * blocks)
        return;
    const int f = static_cast<int>(id / blocks);
    const int j = static_cast<int>(id % blocks);
    float z[4];
    noise_block(p.batch, p.batch.first + static_cast<uint64_t>(f), j, z);
    const int word = f >> 5, bit = f & 31;
#pragma unroll
    for (int t = 0; t < 4; ++t) {
        const int i = 4 * j + t;
        if (i >= p.n)
            break;
        const uint32_t b =
            (cw[static_cast<size_t>(tx_cols[i]) * p.words + word] >> bit) & 1u;
        const float l = bit_llr(p.batch, b, z[t]);
        if (llr8) { // quantize_llrs: clamp(l / step) to +-127, rounded to nearest even
            const float v = fminf(fmaxf(__fmul_rn(l, p.inv_step), -127.0f), 127.0f);
            llr8[static_cast<size_t>(f) * p.n + i] =
                static_cast<int8_t>(__float2int_rn(v));
        } else {
            llr[static_cast<size_t>(f) * p.n + i] = l;
        }
    }
}

/*!
 * Wrong information bits per frame. A block takes one 32-frame word: the sent
 * bits of its information columns (one word each) go through shared memory in
 * chunks, so each column word is read once for 32 frames; warp j compares frames
 * j, j + 8, j + 16, j + 24 with their decoded bytes (read along the frame).
 */
constexpr int count_threads = 256;
constexpr int count_chunk = 4096; // information bits per shared-memory chunk

__global__ void __launch_bounds__(count_threads) count_kernel(sim_params p,
                                                              const int* info_pos,
                                                              const uint32_t* cw,
                                                              const uint8_t* decoded,
                                                              const int* iterations,
                                                              const uint8_t* parity_ok,
                                                              frame_outcome* out)
{
    __shared__ uint32_t sent[count_chunk];
    const int w = blockIdx.x;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    constexpr int per_warp = 32 / (count_threads / 32);
    uint32_t errors[per_warp] = {};
    for (int c0 = 0; c0 < p.k; c0 += count_chunk) {
        const int c1 = min(p.k, c0 + count_chunk);
        __syncthreads();
        for (int i = c0 + threadIdx.x; i < c1; i += count_threads)
            sent[i - c0] = cw[static_cast<size_t>(info_pos[i]) * p.words + w];
        __syncthreads();
#pragma unroll
        for (int r = 0; r < per_warp; ++r) {
            const int l = warp + r * (count_threads / 32); // frame within the word
            const int f = w * 32 + l;
            if (f >= p.batch.frames)
                continue;
            const uint8_t* got = decoded + static_cast<size_t>(f) * p.k;
            for (int i = c0 + lane; i < c1; i += 32)
                errors[r] += ((sent[i - c0] >> l) & 1u) != got[i];
        }
    }
#pragma unroll
    for (int r = 0; r < per_warp; ++r) {
        uint32_t e = errors[r];
#pragma unroll
        for (int o = 16; o > 0; o >>= 1)
            e += __shfl_down_sync(0xffffffffu, e, o);
        const int f = w * 32 + warp + r * (count_threads / 32);
        if (lane == 0 && f < p.batch.frames)
            out[f] = make_outcome(e, 0, iterations[f], parity_ok[f]);
    }
}

class cuda_sim_engine : public sim_device_loop
{
public:
    cuda_sim_engine(cuda_decoder& dec, const ber_options& o, xor_program program)
        : sim_device_loop(o, dec.tuning().device, dec.code().rate()), d_dec(dec)
    {
        const ldpc_code& code = dec.code();
        d_k = code.k();
        d_n = code.n();
        d_cols = code.n_full();
        device_guard guard(d_device);
        // a slot of up to 4 GiB and an eighth of the free device memory, at least
        // one decoder batch: a long batch keeps the early-terminating decoder's
        // tail (its slowest frames) short against the whole
        size_t free_bytes = 0, total_bytes = 0;
        check(cudaMemGetInfo(&free_bytes, &total_bytes), "cudaMemGetInfo");
        const size_t frame_bytes = static_cast<size_t>(d_n) * sizeof(float) +
                                   static_cast<size_t>(d_k) +
                                   static_cast<size_t>(d_cols) / 8 + 64;
        d_max = std::clamp<size_t>(
            std::min(size_t(1) << 32, free_bytes / 8) / frame_bytes, 32, size_t(1) << 20);
        d_max = std::max(d_max, static_cast<size_t>(dec.tuning().batch_frames));
        set_max_batch(d_max);
        d_words = (d_max + 31) / 32;
        by_levels(program);
        d_target.upload(program.target.data(), program.target.size());
        d_src_ptr.upload(program.src_ptr.data(), program.src_ptr.size());
        d_sources.upload(program.sources.data(), program.sources.size());
        d_info_pos.upload(code.info_positions().data(), code.info_positions().size());
        d_tx.upload(code.transmitted_columns().data(), code.transmitted_columns().size());
        for (slot& s : d_slots) {
            s.cw.resize(static_cast<size_t>(d_cols) * d_words);
            if (o.int8_step > 0.0f)
                s.llr8.resize(d_max * d_n);
            else
                s.llr.resize(d_max * d_n);
            s.decoded.resize(d_max * d_k);
            s.iterations.resize(d_max);
            s.parity_ok.resize(d_max);
        }
        if (o.all_zero) {
            for (slot& s : d_slots)
                check(cudaMemset(s.cw.get(), 0, s.cw.size() * sizeof(uint32_t)),
                      "cudaMemset (all-zero codewords)");
        }
    }

protected:
    void queue_generation(int index,
                          const awgn_channel& channel,
                          uint64_t first,
                          size_t frames,
                          cudaStream_t gen) override
    {
        slot& s = d_slots[index];
        s.p = batch_params(channel, first, frames);
        const size_t used_words = (frames + 31) / 32;
        if (!d_o.all_zero)
            queue_encoding(s.p, s, used_words, gen);
        queue_channel(s.p, s, frames, gen);
    }

    void queue_decode(int index, size_t frames, cudaStream_t dec) override
    {
        slot& s = d_slots[index];
        if (d_o.int8_step > 0.0f) {
            d_dec.decode_device(s.llr8.get(),
                                d_o.int8_step,
                                frames,
                                s.decoded.get(),
                                s.iterations.get(),
                                s.parity_ok.get(),
                                dec);
        } else {
            d_dec.decode_device(s.llr.get(),
                                frames,
                                s.decoded.get(),
                                s.iterations.get(),
                                s.parity_ok.get(),
                                dec);
        }
    }

    /*! On dec: the wrong information bits of each frame. */
    void
    queue_count(int index, size_t frames, frame_outcome* out, cudaStream_t dec) override
    {
        slot& s = d_slots[index];
        const size_t used_words = (frames + 31) / 32;
        count_kernel<<<static_cast<unsigned>(used_words), count_threads, 0, dec>>>(
            s.p,
            d_info_pos.get(),
            s.cw.get(),
            s.decoded.get(),
            s.iterations.get(),
            s.parity_ok.get(),
            out);
        check_launch("count_kernel");
    }

private:
    /*!
     * Sorts the program's steps by level (a step's level is one more than the
     * highest level among the steps it reads), so that each level runs as one
     * launch of thread per (step, word); d_levels holds the level boundaries. A
     * program deeper than max_levels is run as a chain if it is one (as_chain),
     * else in order in one launch, thread per word (d_sequential).
     */
    void by_levels(xor_program& prog)
    {
        constexpr int max_levels = 64;
        const size_t steps = prog.steps();
        std::vector<int> col_level(static_cast<size_t>(d_cols), -1), level(steps, 0);
        int depth = 0;
        for (size_t t = 0; t < steps; ++t) {
            int l = 0;
            for (int e = prog.src_ptr[t]; e < prog.src_ptr[t + 1]; ++e)
                l = std::max(l, col_level[static_cast<size_t>(prog.sources[e])] + 1);
            level[t] = l;
            col_level[static_cast<size_t>(prog.target[t])] = l;
            depth = std::max(depth, l + 1);
        }
        if (depth > max_levels) {
            d_levels = { 0, static_cast<int>(steps) };
            d_sequential = !as_chain(prog);
            return;
        }
        xor_program sorted;
        d_levels.assign(1, 0);
        for (int l = 0; l < depth; ++l) {
            for (size_t t = 0; t < steps; ++t) {
                if (level[t] != l)
                    continue;
                sorted.target.push_back(prog.target[t]);
                sorted.sources.insert(sorted.sources.end(),
                                      prog.sources.begin() + prog.src_ptr[t],
                                      prog.sources.begin() + prog.src_ptr[t + 1]);
                sorted.src_ptr.push_back(static_cast<int>(sorted.sources.size()));
            }
            d_levels.push_back(static_cast<int>(sorted.target.size()));
        }
        prog = std::move(sorted);
    }

    /*!
     * A chain program: every step reads information columns and at most one
     * other column, the previous step's target (the DVB-S2 accumulator,
     * p_s = r_s ^ p_(s-1)). Such a program runs as one level of r_s (the
     * previous target dropped from the sources, d_link[s] set instead) and a
     * segmented prefix XOR over the steps (chain_total_kernel,
     * chain_apply_kernel): thread per (span, word) instead of per word.
     */
    bool as_chain(xor_program& prog)
    {
        const size_t steps = prog.steps();
        std::vector<char> is_target(static_cast<size_t>(d_cols), 0);
        for (int c : prog.target)
            is_target[static_cast<size_t>(c)] = 1;
        xor_program info;
        std::vector<uint8_t> link(steps, 0);
        for (size_t t = 0; t < steps; ++t) {
            for (int e = prog.src_ptr[t]; e < prog.src_ptr[t + 1]; ++e) {
                const int c = prog.sources[e];
                if (!is_target[static_cast<size_t>(c)]) {
                    info.sources.push_back(c);
                } else if (t > 0 && c == prog.target[t - 1] && !link[t]) {
                    link[t] = 1;
                } else {
                    return false;
                }
            }
            info.target.push_back(prog.target[t]);
            info.src_ptr.push_back(static_cast<int>(info.sources.size()));
        }
        prog = std::move(info);
        d_link.upload(link.data(), link.size());
        const size_t spans = (steps + chain_span - 1) / chain_span;
        d_chain_total.resize(spans * d_words);
        d_chain_cut.resize(spans * d_words);
        d_chain = true;
        return true;
    }

    struct slot {
        device_buffer<uint32_t> cw;
        device_buffer<float> llr;   //!< float LLRs, or
        device_buffer<int8_t> llr8; //!< int8 LLRs (ber_options::int8_step > 0)
        device_buffer<uint8_t> decoded;
        device_buffer<int> iterations;
        device_buffer<uint8_t> parity_ok;
        sim_params p{}; //!< the kernels' parameters of the batch in the slot
    };

    /*! Threads per block of the generation kernels. */
    static constexpr int gen_threads = 256;

    /*! The kernels' parameters of a batch of `frames` frames from `first`. */
    sim_params batch_params(const awgn_channel& ch, uint64_t first, size_t frames) const
    {
        sim_params p;
        p.batch = make_sim_batch(d_o.seed, ch, first, frames);
        p.words = static_cast<int>(d_words);
        p.k = d_k;
        p.n = d_n;
        p.inv_step = d_o.int8_step > 0.0f ? 1.0f / d_o.int8_step : 0.0f;
        return p;
    }

    /*!
     * On gen: the batch's information bits (only its own used_words words: the
     * first batches of a point are small) and the encoder program, level by level
     * (by_levels), then the chain scan of a chain program (as_chain).
     */
    void queue_encoding(const sim_params& p, slot& s, size_t used_words, cudaStream_t gen)
    {
        const int threads = gen_threads;
        const long warps = static_cast<long>(used_words) * ((d_k + 127) / 128);
        info_bits_kernel<<<grid_for(warps * 32, threads), threads, 0, gen>>>(
            p, static_cast<int>(used_words), d_info_pos.get(), s.cw.get());
        check_launch("info_bits_kernel");
        for (size_t l = 0; l + 1 < d_levels.size(); ++l)
            queue_level(p, s, l, used_words, gen);
        if (d_chain)
            queue_chain(p, s, used_words, gen);
    }

    /*! On gen: the steps of level l of the encoder program. */
    void queue_level(
        const sim_params& p, slot& s, size_t l, size_t used_words, cudaStream_t gen)
    {
        const int threads = gen_threads;
        const long items = static_cast<long>(d_levels[l + 1] - d_levels[l]) *
                           static_cast<long>(used_words);
        if (!d_sequential) {
            encode_level_kernel<<<grid_for(items, threads), threads, 0, gen>>>(
                p,
                d_levels[l],
                d_levels[l + 1],
                static_cast<int>(used_words),
                d_target.get(),
                d_src_ptr.get(),
                d_sources.get(),
                s.cw.get());
        } else {
            encode_kernel<<<static_cast<unsigned>((used_words + 63) / 64), 64, 0, gen>>>(
                p,
                d_levels[l],
                d_levels[l + 1],
                d_target.get(),
                d_src_ptr.get(),
                d_sources.get(),
                s.cw.get());
        }
        check_launch("encode_kernel");
    }

    /*! On gen: the segmented prefix XOR of a chain program (as_chain). */
    void queue_chain(const sim_params& p, slot& s, size_t used_words, cudaStream_t gen)
    {
        const int threads = gen_threads;
        const int steps = d_levels.back();
        const long items = static_cast<long>((steps + chain_span - 1) / chain_span) *
                           static_cast<long>(used_words);
        const unsigned grid = grid_for(items, threads);
        chain_total_kernel<<<grid, threads, 0, gen>>>(p,
                                                      steps,
                                                      static_cast<int>(used_words),
                                                      d_target.get(),
                                                      d_link.get(),
                                                      s.cw.get(),
                                                      d_chain_total.get(),
                                                      d_chain_cut.get());
        check_launch("chain_total_kernel");
        chain_apply_kernel<<<grid, threads, 0, gen>>>(p,
                                                      steps,
                                                      static_cast<int>(used_words),
                                                      d_target.get(),
                                                      d_link.get(),
                                                      d_chain_total.get(),
                                                      d_chain_cut.get(),
                                                      s.cw.get());
        check_launch("chain_apply_kernel");
    }

    /*! On gen: modulation and noise of the batch's codewords into its LLRs. */
    void queue_channel(const sim_params& p, slot& s, size_t frames, cudaStream_t gen)
    {
        const int threads = gen_threads;
        const long items = static_cast<long>(frames) * ((d_n + 3) / 4);
        channel_kernel<<<grid_for(items, threads), threads, 0, gen>>>(
            p, d_tx.get(), s.cw.get(), s.llr.get(), s.llr8.get());
        check_launch("channel_kernel");
    }

    cuda_decoder& d_dec;
    int d_k = 0, d_n = 0, d_cols = 0;
    std::vector<int> d_levels{ 0 }; //!< step boundaries of the program's levels
    bool d_sequential = false;      //!< one level run in order by each thread
    bool d_chain = false;           //!< one level of r_s, then the chain scan
    device_buffer<uint8_t> d_link, d_chain_cut; //!< as_chain
    device_buffer<uint32_t> d_chain_total;
    size_t d_max = 0, d_words = 0;
    device_buffer<int> d_target, d_src_ptr, d_sources, d_info_pos, d_tx;
    slot d_slots[2];
};

} // namespace

std::unique_ptr<device_sim_engine>
device_sim_engine::make(decoder& dec, const ber_options& options, std::string* why_not)
{
    if (nb_decoder* nb = dec.nonbinary()) {
        return make_nb(*nb, options, why_not); // nb_sim_device_engine.cu
    }
    cuda_decoder* cuda = dec.cuda_backend();
    if (!cuda) {
        if (why_not)
            *why_not = "the decoder is not a CUDA decoder";
        return nullptr;
    }
    const ldpc_code& code = dec.code();
    xor_program program;
    if (!options.all_zero) {
        try {
            program = make_xor_program(code.get_encoder(), code.h());
        } catch (const invalid_argument& e) {
            if (why_not)
                *why_not = e.what();
            return nullptr;
        }
    }
    // the engine's members (streams, events, pinned buffers) are made before its
    // constructor's body runs: the decoder's device must be current from the start
    device_guard guard(cuda->tuning().device);
    return std::make_unique<cuda_sim_engine>(*cuda, options, std::move(program));
}

} // namespace gpufec
