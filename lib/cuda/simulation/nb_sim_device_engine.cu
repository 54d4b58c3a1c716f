/* -*- c++ -*- */
/*
 * The simulator's Monte-Carlo loop on the GPU for nonbinary codes
 * (sim_device_engine.h, device_sim_engine::make_nb): per batch, on a generation
 * stream, one kernel draws each frame's K p information bits from Philox4x32-10
 * stream 0 (as random_bits: frame f's 128-bit block j is counter (j, f, 0)) into
 * shared memory, cuts them into K GF(q) symbols (bit j of symbol i = bit i p + j,
 * nb_code.h) and computes the N - K parity symbols with the dense form of the
 * code's systematic encoder (nb_dense_encoder.h: G(i, t) as logs, products from
 * an extended exp table in shared memory, several frames per coefficient read);
 * a second kernel sends the N p bits of the binary image with BPSK / Gray QPSK
 * over AWGN from Philox stream 1 with awgn_channel's float arithmetic
 * (normal_sample.h, channel.h), so the bit LLRs are the host channel's bit for
 * bit. On a decoding stream the CUDA Min-Max decoder then decodes them
 * device-resident (nb_device_decoding.h: the decode_bits conversion to symbol
 * LLRs, then the iterations), and a warp per frame counts the wrong information
 * bits and symbols; one small record per frame comes back. Two slots: batch
 * b + 1 is generated while batch b decodes.
 *
 * Min-Max: V. Savin, "Min-Max decoding for non binary LDPC codes", ISIT 2008
 * (the decoder, nb_cuda_decoder.cu). Philox: Salmon et al., SC'11.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "common/cuda_check.h"
#include "encoders/nb_dense_encoder.h"
#include "nonbinary/nb_device_decoding.h"
#include "simulation/sim_batch.cuh"
#include "simulation/sim_device_loop.h"
#include <algorithm>
#include <cuda_runtime.h>
#include <gpufec/channel.h>
#include <gpufec/error.h>
#include <gpufec/nb_decoder.h>
#include <string>
#include <vector>

namespace gpufec {

namespace {

using namespace cuda_detail;

struct nb_sim_params {
    sim_batch batch;
    int n;        //!< code symbols N
    int k;        //!< information symbols K
    int parity;   //!< parity symbols N - K
    int p;        //!< bits per symbol
    int q;        //!< field size
    int nbits;    //!< transmitted bits N p (LLRs per frame)
    int blocks;   //!< Philox blocks of information bits: ceil(K p / 128)
    int zero_log; //!< the log of 0 (nb_dense_encoder)
};

constexpr int encode_threads = 128;

/* Shared bytes of the encoder kernel for F frames per block. */
size_t encode_shared_bytes(int frames_per_block, int k, int p, int q)
{
    const size_t words = 4 * ((static_cast<size_t>(k) * p + 127) / 128);
    return static_cast<size_t>(frames_per_block) *
               (words * 4 + static_cast<size_t>(k) * 2) +
           static_cast<size_t>(q) * 2 + static_cast<size_t>(4 * q - 3);
}

/*!
 * Information symbols and parity of F frames per block: the Philox words of the
 * frames' information bits, then the symbols (written to the codeword and, as
 * logs, to shared memory), then thread per parity symbol t, the F sums
 * sum_i G(i, t) u_i (nb_dense_detail::parity_sums). Shared memory: the words
 * (F x 4 blocks), the logs (F x K), the log table (q) and the extended exp table
 * (4 q - 3).
 */
template <int F>
__global__ void __launch_bounds__(encode_threads)
    nb_encode_kernel(nb_sim_params p,
                     const uint16_t* __restrict__ coef_log,
                     const uint16_t* __restrict__ log_table,
                     const uint8_t* __restrict__ exp_table,
                     const int* __restrict__ info_cols,
                     const int* __restrict__ parity_cols,
                     uint8_t* __restrict__ cw)
{
    extern __shared__ uint32_t sh[];
    const int words = 4 * p.blocks;
    uint32_t* wd = sh;
    uint16_t* ilog = reinterpret_cast<uint16_t*>(wd + F * words);
    uint16_t* lg = ilog + F * p.k;
    uint8_t* ex = reinterpret_cast<uint8_t*>(lg + p.q);
    const int tid = threadIdx.x;
    const long f0 = static_cast<long>(blockIdx.x) * F;

    for (int i = tid; i < p.q; i += blockDim.x) {
        lg[i] = log_table[i];
    }
    for (int i = tid; i < 4 * p.q - 3; i += blockDim.x) {
        ex[i] = exp_table[i];
    }
    for (int it = tid; it < F * p.blocks; it += blockDim.x) {
        const int b = it / p.blocks;
        const int j = it % p.blocks;
        if (f0 + b < p.batch.frames) {
            const uint4 x = frame_block(
                p.batch, p.batch.first + static_cast<uint64_t>(f0 + b), j, 0u);
            uint32_t* w = wd + b * words + 4 * j;
            w[0] = x.x;
            w[1] = x.y;
            w[2] = x.z;
            w[3] = x.w;
        }
    }
    __syncthreads();
    for (int it = tid; it < F * p.k; it += blockDim.x) {
        const int b = it / p.k;
        const int i = it % p.k;
        uint16_t l = static_cast<uint16_t>(p.zero_log);
        if (f0 + b < p.batch.frames) {
            const unsigned u = nb_dense_detail::info_symbol(wd + b * words, i, p.p);
            cw[static_cast<size_t>(f0 + b) * p.n + info_cols[i]] =
                static_cast<uint8_t>(u);
            l = lg[u];
        }
        ilog[b * p.k + i] = l;
    }
    __syncthreads();
    for (int t = tid; t < p.parity; t += blockDim.x) {
        unsigned acc[F];
        nb_dense_detail::parity_sums<F>(
            coef_log + t, static_cast<size_t>(p.parity), ilog, p.k, p.k, ex, acc);
#pragma unroll
        for (int b = 0; b < F; b++) {
            if (f0 + b < p.batch.frames) {
                cw[static_cast<size_t>(f0 + b) * p.n + parity_cols[t]] =
                    static_cast<uint8_t>(acc[b]);
            }
        }
    }
}

/*! BPSK / QPSK and AWGN over the binary image: thread per (frame, 4 bits). */
__global__ void nb_channel_kernel(nb_sim_params p, const uint8_t* cw, float* llr)
{
    const int blocks = (p.nbits + 3) / 4;
    const long id = static_cast<long>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (id >= static_cast<long>(p.batch.frames) * blocks) {
        return;
    }
    const int f = static_cast<int>(id / blocks);
    const int j = static_cast<int>(id % blocks);
    float z[4];
    noise_block(p.batch, p.batch.first + static_cast<uint64_t>(f), j, z);
    const uint8_t* sym = cw + static_cast<size_t>(f) * p.n;
#pragma unroll
    for (int t = 0; t < 4; ++t) {
        const int i = 4 * j + t;
        if (i >= p.nbits) {
            break;
        }
        const int s = i / p.p;
        const uint32_t b = (sym[s] >> (i - s * p.p)) & 1u;
        llr[static_cast<size_t>(f) * p.nbits + i] = bit_llr(p.batch, b, z[t]);
    }
}

/*! Wrong information bits and symbols per frame: one warp per frame. */
__global__ void nb_count_kernel(nb_sim_params p,
                                const int* info_cols,
                                const uint8_t* cw,
                                const uint8_t* decoded,
                                const int* iterations,
                                const uint8_t* parity_ok,
                                frame_outcome* out)
{
    const int lane = threadIdx.x & 31;
    const int f =
        static_cast<int>((static_cast<long>(blockIdx.x) * blockDim.x + threadIdx.x) >> 5);
    if (f >= p.batch.frames) {
        return;
    }
    const uint8_t* sent = cw + static_cast<size_t>(f) * p.n;
    const uint8_t* got = decoded + static_cast<size_t>(f) * p.n;
    uint32_t bits = 0, symbols = 0;
    for (int i = lane; i < p.k; i += 32) {
        const int c = info_cols[i];
        const unsigned d = static_cast<unsigned>(sent[c] ^ got[c]);
        bits += __popc(d);
        symbols += d != 0;
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        bits += __shfl_down_sync(0xffffffffu, bits, o);
        symbols += __shfl_down_sync(0xffffffffu, symbols, o);
    }
    if (lane == 0) {
        out[f] = make_outcome(bits, symbols, iterations[f], parity_ok[f]);
    }
}

/*! The encoder kernel of F = frames_per_block (8 or 1). */
auto encode_kernel(int frames_per_block)
{
    return frames_per_block == 8 ? nb_encode_kernel<8> : nb_encode_kernel<1>;
}

/* Frames per encoder block: 8, or 1 where 8 frames' bits and logs do not fit. */
int encode_frames_per_block(const nb_dense_encoder& e, int smem_optin)
{
    if (encode_shared_bytes(8, e.k, e.p, e.q) <= static_cast<size_t>(smem_optin)) {
        return 8;
    }
    if (encode_shared_bytes(1, e.k, e.p, e.q) <= static_cast<size_t>(smem_optin)) {
        return 1;
    }
    return 0;
}

class nb_cuda_sim_engine : public sim_device_loop
{
public:
    nb_cuda_sim_engine(nb_decoder& dec,
                       nb_device_decoding& dd,
                       const ber_options& o,
                       nb_dense_encoder enc,
                       int frames_per_block)
        : sim_device_loop(o, dd.cuda_device(), dec.code().rate()), d_dd(dd),
          d_fpb(frames_per_block)
    {
        const nb_code& code = dec.code();
        d_n = code.n();
        d_k = code.k();
        d_p = code.p();
        d_q = code.q();
        d_nbits = code.n_bits();
        device_guard guard(d_device);
        // both slots within 60% of the free memory, at most the decoder's batch
        size_t free_mem = 0, total_mem = 0;
        check(cudaMemGetInfo(&free_mem, &total_mem), "cudaMemGetInfo");
        const size_t per_frame = dd.workspace_bytes_per_frame() +
                                 static_cast<size_t>(d_nbits) * sizeof(float) +
                                 2 * static_cast<size_t>(d_n) + sizeof(int) + 1 +
                                 sizeof(frame_outcome);
        const size_t fit = free_mem / 10 * 6 / (2 * per_frame);
        d_max = std::min<size_t>({ dd.max_device_frames(), size_t(8192), fit });
        if (d_max < 1) {
            throw std::runtime_error("device simulation: not enough device memory for "
                                     "one frame per slot (" +
                                     std::to_string(2 * per_frame) + " bytes)");
        }
        set_max_batch(d_max);
        d_encode = !o.all_zero && d_k > 0;
        if (d_encode) {
            upload(d_coef_log, enc.coef_log);
            upload(d_log, enc.log);
            upload(d_exp, enc.exp_ext);
            upload(d_parity_cols, enc.parity_cols);
            d_zero_log = enc.zero_log;
            d_smem = encode_shared_bytes(d_fpb, d_k, d_p, d_q);
            check(
                cudaFuncSetAttribute(reinterpret_cast<const void*>(encode_kernel(d_fpb)),
                                     cudaFuncAttributeMaxDynamicSharedMemorySize,
                                     static_cast<int>(d_smem)),
                "cudaFuncSetAttribute (nonbinary encoder)");
        }
        upload(d_info_cols, code.info_positions());
        for (slot& s : d_slots) {
            s.cw.resize(d_max * d_n);
            s.llr.resize(d_max * d_nbits);
            s.decoded.resize(d_max * d_n);
            s.iterations.resize(d_max);
            s.parity_ok.resize(d_max);
            s.ws = dd.make_workspace(d_max);
            if (!d_encode) { // all-zero codewords (or no information symbol)
                check(cudaMemset(s.cw.get(), 0, s.cw.size()),
                      "cudaMemset (all-zero codewords)");
            }
        }
    }

protected:
    void queue_generation(int index,
                          const awgn_channel& ch,
                          uint64_t first,
                          size_t frames,
                          cudaStream_t gen) override
    {
        slot& s = d_slots[index];
        nb_sim_params& p = s.p;
        p.batch = make_sim_batch(d_o.seed, ch, first, frames);
        p.n = d_n;
        p.k = d_k;
        p.parity = d_n - d_k;
        p.p = d_p;
        p.q = d_q;
        p.nbits = d_nbits;
        p.blocks = (d_k * d_p + 127) / 128;
        p.zero_log = d_zero_log;
        if (d_encode) {
            const auto kernel = encode_kernel(d_fpb);
            kernel<<<grid_for(static_cast<long>(frames), d_fpb),
                     encode_threads,
                     d_smem,
                     gen>>>(p,
                            d_coef_log.get(),
                            d_log.get(),
                            d_exp.get(),
                            d_info_cols.get(),
                            d_parity_cols.get(),
                            s.cw.get());
            check_launch("nb_encode_kernel");
        }
        const long items = static_cast<long>(frames) * ((d_nbits + 3) / 4);
        nb_channel_kernel<<<grid_for(items, threads), threads, 0, gen>>>(
            p, s.cw.get(), s.llr.get());
        check_launch("nb_channel_kernel");
    }

    void queue_decode(int index, size_t frames, cudaStream_t dec) override
    {
        slot& s = d_slots[index];
        d_dd.decode_device(*s.ws,
                           s.llr.get(),
                           frames,
                           s.decoded.get(),
                           s.iterations.get(),
                           s.parity_ok.get(),
                           dec);
    }

    /*! On dec: the wrong information bits and symbols of each frame. */
    void
    queue_count(int index, size_t frames, frame_outcome* out, cudaStream_t dec) override
    {
        slot& s = d_slots[index];
        nb_count_kernel<<<grid_for(frames * 32, threads), threads, 0, dec>>>(
            s.p,
            d_info_cols.get(),
            s.cw.get(),
            s.decoded.get(),
            s.iterations.get(),
            s.parity_ok.get(),
            out);
        check_launch("nb_count_kernel");
    }

private:
    /* A table to the device; an empty one becomes one unread element. */
    template <typename T>
    static void upload(device_buffer<T>& buf, const std::vector<T>& v)
    {
        if (v.empty()) {
            buf.resize(1);
        } else {
            buf.upload(v.data(), v.size());
        }
    }

    struct slot {
        device_buffer<uint8_t> cw;      //!< frames x N sent symbols
        device_buffer<float> llr;       //!< frames x N p bit LLRs
        device_buffer<uint8_t> decoded; //!< frames x N decided symbols
        device_buffer<int> iterations;
        device_buffer<uint8_t> parity_ok;
        std::unique_ptr<nb_device_workspace> ws; //!< the decoder's messages
        nb_sim_params p{}; //!< the kernels' parameters of the batch in the slot
    };

    /*! Threads per block of the channel and count kernels. */
    static constexpr int threads = 256;

    nb_device_decoding& d_dd;
    int d_fpb = 8;         //!< frames per encoder block
    bool d_encode = false; //!< random codewords (else all zero)
    int d_n = 0, d_k = 0, d_p = 1, d_q = 2, d_nbits = 0;
    int d_zero_log = 2;
    size_t d_smem = 0;
    size_t d_max = 0;
    device_buffer<uint16_t> d_coef_log, d_log;
    device_buffer<uint8_t> d_exp;
    device_buffer<int> d_info_cols, d_parity_cols;
    slot d_slots[2];
};

} // namespace

std::unique_ptr<device_sim_engine> device_sim_engine::make_nb(nb_decoder& dec,
                                                              const ber_options& options,
                                                              std::string* why_not)
{
    nb_device_decoding* dd = dec.device_decoding();
    if (!dd) {
        if (why_not) {
            *why_not = "the nonbinary decoder is not a CUDA decoder";
        }
        return nullptr;
    }
    nb_dense_encoder enc;
    int frames_per_block = 8;
    if (!options.all_zero) {
        try {
            enc = nb_dense_encoder::make(dec.code());
        } catch (const invalid_argument& e) {
            if (why_not) {
                *why_not = e.what();
            }
            return nullptr;
        }
        int smem_optin = 0;
        check(cudaDeviceGetAttribute(&smem_optin,
                                     cudaDevAttrMaxSharedMemoryPerBlockOptin,
                                     dd->cuda_device()),
              "cudaDeviceGetAttribute");
        frames_per_block = encode_frames_per_block(enc, smem_optin);
        if (frames_per_block == 0) {
            if (why_not) {
                *why_not = "the encoder needs " +
                           std::to_string(encode_shared_bytes(1, enc.k, enc.p, enc.q)) +
                           " bytes of shared memory per frame; the device allows " +
                           std::to_string(smem_optin);
            }
            return nullptr;
        }
    }
    // the engine's members (streams, events, pinned buffers) are made before its
    // constructor's body runs: the decoder's device must be current from the start
    device_guard guard(dd->cuda_device());
    return std::make_unique<nb_cuda_sim_engine>(
        dec, *dd, options, std::move(enc), frames_per_block);
}

} // namespace gpufec
