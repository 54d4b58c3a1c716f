/* -*- c++ -*- */
/*
 * CUDA Min-Max decoder of nonbinary LDPC codes over GF(q), q = 2..256: the host
 * side. The kernels and their launch configuration are the nonbinary family of
 * nb_kernels.cu (nb_kernel_plan); this file holds the code's device tables, the
 * batches' buffers and the two ways in:
 *
 *  - host-fed (decode_bits / decode_symbols): batches of
 *    options.gpu.host_batch_frames alternate between two slots (stream, device
 *    buffers, pinned staging), so that host copies, uploads and decoding
 *    overlap; the input is checked (non-finite / infinite values refused with
 *    their index) and converted or normalized on the GPU (nb_prep_bits_kernel /
 *    nb_prep_symbols_kernel, the host's float operations).
 *  - device-resident (decode_device, nb_device_decoding.h; the simulator's
 *    on-device loop): bit LLRs already in device memory, nb_prep_bits_kernel and
 *    the iterations on the caller's stream, messages in the caller's workspace.
 *  - nb_cuda_time_device_resident (lib/core/decoders/nb_cuda_backend.h): gpufec-bench's
 * timing of decodes whose input already sits in device memory. Everything lives on device
 * options.gpu.device, made current (and the caller's restored) around each entry point;
 * decode_device runs on the caller's device, which the simulator sets from cuda_device().
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "common/cuda_check.h"
#include "decoders/nb_cuda_backend.h"
#include "nonbinary/nb_device_decoding.h"
#include "nonbinary/nb_kernels.h"
#include <gpufec/error.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace gpufec {

namespace {

using cuda_detail::check;
using cuda_detail::device_buffer;
using cuda_detail::device_guard;
using cuda_detail::nb_dev;
using cuda_detail::nb_kernel_plan;
using cuda_detail::pinned_buffer;

/* Device messages and outputs of one batch (the host-fed pipeline has two). */
struct nb_slot {
    device_buffer<float> llr, app, r, v2c, raw;
    device_buffer<uint8_t> symbols, parity, done;
    device_buffer<int> iterations;
    device_buffer<unsigned long long> bad;
    pinned_buffer<float> h_in;
    pinned_buffer<uint8_t> h_symbols, h_parity;
    pinned_buffer<int> h_iterations;
    pinned_buffer<unsigned long long> h_bad;
    std::unique_ptr<cuda_detail::stream_owner> stream;
    size_t f0 = 0, frames = 0;
    bool pending = false;
};

/* A slot lent to a caller of decode_device (the simulator's on-device loop). */
struct nb_slot_workspace : nb_device_workspace {
    nb_slot slot;
    size_t frames = 0;
};

class nb_cuda_decoder : public nb_decoder, public nb_device_decoding
{
public:
    nb_cuda_decoder(nb_code::sptr code, const nb_decoder_options& options)
        : nb_decoder(std::move(code), options)
    {
        if (options.rule != nb_check_rule::min_max) {
            throw invalid_argument("the CUDA nonbinary decoder implements Min-Max "
                                   "only; use backend cpu for EMS");
        }
        int count = 0;
        check(cudaGetDeviceCount(&count), "cudaGetDeviceCount");
        if (count < 1) {
            throw backend_unavailable("gpufec cuda: no CUDA device");
        }
        if (options.gpu.device >= count) {
            throw backend_unavailable("nonbinary decoder backend cuda: gpu.device is " +
                                      std::to_string(options.gpu.device) + " but only " +
                                      std::to_string(count) +
                                      " CUDA device(s) are visible");
        }
        d_device = options.gpu.device;
        device_guard guard(d_device);
        check(cudaFree(nullptr), "cudaFree(0) (context creation)");
        const nb_matrix& h = d_code->h();
        const galois_field& gf = d_code->field();
        d_q = h.q();
        d_p = d_code->p();
        d_n = h.cols();
        d_m = h.rows();
        d_edges = static_cast<int>(h.edges());
        d_dcmax = std::max(1, h.max_row_degree());
        std::vector<uint8_t> tv(static_cast<size_t>(d_edges) * d_q);
        std::vector<uint8_t> tc(tv.size());
        for (int e = 0; e < d_edges; e++) {
            const uint8_t hv = h.row_vals()[e];
            const uint8_t hi = gf.inv(hv);
            for (int a = 0; a < d_q; a++) {
                tc[static_cast<size_t>(e) * d_q + a] =
                    gf.mul(hv, static_cast<uint8_t>(a));
                tv[static_cast<size_t>(e) * d_q + a] =
                    gf.mul(hi, static_cast<uint8_t>(a));
            }
        }
        d_to_var.upload(tv.data(), std::max<size_t>(1, tv.size()));
        d_to_check.upload(tc.data(), std::max<size_t>(1, tc.size()));
        d_row_ptr.upload(h.row_ptr().data(), h.row_ptr().size());
        d_row_cols.upload(h.row_cols().data(), std::max<size_t>(1, h.row_cols().size()));
        d_col_ptr.upload(h.col_ptr().data(), h.col_ptr().size());
        d_col_edges.upload(h.col_edges().data(),
                           std::max<size_t>(1, h.col_edges().size()));
        std::vector<int> order;
        std::vector<int> layer_begin;
        for (const auto& layer : h.layers()) {
            layer_begin.push_back(static_cast<int>(order.size()));
            order.insert(order.end(), layer.begin(), layer.end());
        }
        layer_begin.push_back(static_cast<int>(order.size()));
        if (order.empty()) {
            order.push_back(0);
        }
        d_layer_rows.upload(order.data(), order.size());

        int smem_optin = 0;
        check(cudaDeviceGetAttribute(
                  &smem_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, d_device),
              "cudaDeviceGetAttribute");
        d_plan = nb_kernel_plan::make(
            d_q, d_n, d_m, d_edges, d_dcmax, std::move(layer_begin), options, smem_optin);
        const size_t per_frame =
            (static_cast<size_t>(d_n) * 2 + static_cast<size_t>(d_edges) * 2) * d_q *
            sizeof(float);
        d_chunk = std::max<size_t>(
            1,
            std::min<size_t>(16384, (size_t(12) << 30) / std::max<size_t>(1, per_frame)));
        // Host-fed pipeline: two batches of this many frames in flight, both
        // within half of the device memory free now (and d_chunk / 2).
        size_t free_mem = 0, total_mem = 0;
        check(cudaMemGetInfo(&free_mem, &total_mem), "cudaMemGetInfo");
        const size_t slot_frames =
            free_mem / 4 /
            std::max<size_t>(1, per_frame + static_cast<size_t>(d_n) * d_q * 4);
        d_host_chunk =
            options.gpu.host_batch_frames > 0
                ? static_cast<size_t>(options.gpu.host_batch_frames)
                : std::max<size_t>(
                      1,
                      std::min<size_t>(std::min<size_t>(1024, d_chunk / 2), slot_frames));
        d_host_chunk = std::min(d_host_chunk, d_chunk);
    }

    std::string backend_name() const override { return "cuda"; }

    int cuda_device() const override { return d_device; }
    size_t max_device_frames() const override { return d_chunk; }

    size_t workspace_bytes_per_frame() const override
    {
        return d_plan.workspace_bytes_per_frame();
    }

    std::unique_ptr<nb_device_workspace> make_workspace(size_t frames) override
    {
        if (frames == 0 || frames > d_chunk) {
            throw invalid_argument("nb_decoder workspace: " + std::to_string(frames) +
                                   " frames (1.." + std::to_string(d_chunk) + ")");
        }
        device_guard guard(d_device);
        auto w = std::make_unique<nb_slot_workspace>();
        reserve(w->slot, frames);
        w->slot.bad.reserve(1);
        w->frames = frames;
        return w;
    }

    /*
     * Device-resident input (nb_device_decoding.h): the host-fed pipeline's bit
     * conversion (nb_prep_bits_kernel; the input-check flag is not read) and
     * run_device with the caller's outputs, all on the caller's stream.
     */
    void decode_device(nb_device_workspace& workspace,
                       const float* d_bit_llrs,
                       size_t frames,
                       uint8_t* d_symbols,
                       int* d_iterations,
                       uint8_t* d_parity_ok,
                       void* stream) override
    {
        auto* w = dynamic_cast<nb_slot_workspace*>(&workspace);
        if (!w) {
            throw invalid_argument("nb_decoder::decode_device: not this backend's "
                                   "workspace");
        }
        if (frames == 0 || frames > w->frames) {
            throw invalid_argument(
                "nb_decoder::decode_device: " + std::to_string(frames) + " frames (1.." +
                std::to_string(w->frames) + ")");
        }
        if (!d_bit_llrs || !d_symbols || !d_iterations || !d_parity_ok) {
            throw invalid_argument("nb_decoder::decode_device: null pointer");
        }
        const cudaStream_t st = static_cast<cudaStream_t>(stream);
        nb_slot& sl = w->slot;
        nb_dev p = params(sl, frames);
        p.symbols = d_symbols;
        p.iterations = d_iterations;
        p.parity = d_parity_ok;
        nb_prep_bits(p, d_bit_llrs, sl.bad.get(), st);
        nb_clear(p, st);
        d_plan.decode(p,
                      d_max_iterations.load(),
                      d_options.early_termination,
                      d_layer_rows.get(),
                      st);
    }

    /* Device-resident: the slot's buffers already hold the LLRs of `frames` frames. */
    void run_device(nb_slot& sl, size_t frames, int max_iterations, cudaStream_t stream)
    {
        const nb_dev p = params(sl, frames);
        nb_clear(p, stream);
        d_plan.decode(
            p, max_iterations, d_options.early_termination, d_layer_rows.get(), stream);
    }

    void reserve(nb_slot& sl, size_t frames)
    {
        const size_t nq = static_cast<size_t>(d_n) * d_q * frames;
        const size_t eq = static_cast<size_t>(d_edges) * d_q * frames;
        sl.llr.reserve(nq);
        if (d_plan.layered || !d_plan.chk) {
            sl.app.reserve(nq);
        }
        sl.r.reserve(std::max<size_t>(1, eq));
        if (!d_plan.layered) {
            sl.v2c.reserve(std::max<size_t>(1, eq));
        }
        sl.symbols.reserve(std::max<size_t>(1, static_cast<size_t>(d_n) * frames));
        sl.iterations.reserve(frames);
        sl.parity.reserve(frames);
        sl.done.reserve(frames);
        if (!sl.stream) {
            sl.stream.reset(new cuda_detail::stream_owner());
        }
    }

    nb_slot& slot0() { return d_slots[0]; }
    size_t chunk() const { return d_chunk; }

protected:
    nb_device_decoding* device_decoding() override { return this; }

    void decode_symbol_llrs(const float* llrs,
                            size_t frames,
                            int max_iterations,
                            uint8_t* symbols,
                            int* iterations,
                            uint8_t* parity_ok) override
    {
        const size_t nq = static_cast<size_t>(d_n) * d_q;
        device_guard guard(d_device);
        nb_slot& sl = d_slots[0];
        for (size_t f0 = 0; f0 < frames; f0 += d_chunk) {
            const size_t fc = std::min(d_chunk, frames - f0);
            reserve(sl, fc);
            check(cudaMemcpy(sl.llr.get(),
                             llrs + f0 * nq,
                             fc * nq * sizeof(float),
                             cudaMemcpyHostToDevice),
                  "cudaMemcpy (symbol LLRs to device)");
            run_device(sl, fc, max_iterations, nullptr);
            check(cudaDeviceSynchronize(), "nonbinary CUDA decode");
            check(cudaMemcpy(symbols + f0 * d_n,
                             sl.symbols.get(),
                             fc * d_n,
                             cudaMemcpyDeviceToHost),
                  "cudaMemcpy (symbols to host)");
            check(cudaMemcpy(iterations + f0,
                             sl.iterations.get(),
                             fc * sizeof(int),
                             cudaMemcpyDeviceToHost),
                  "cudaMemcpy (iterations to host)");
            check(cudaMemcpy(parity_ok + f0, sl.parity.get(), fc, cudaMemcpyDeviceToHost),
                  "cudaMemcpy (parity to host)");
        }
    }

    bool accepts_raw_input() const override { return true; }

    /*
     * Host-fed pipeline: batches of d_host_chunk frames alternate between two
     * slots, each with its own stream, device buffers and pinned staging. While
     * the GPU decodes batch c, the host copies batch c+1 into pinned memory (and
     * the copy engine uploads it) and hands out batch c-1's results. The input is
     * checked and converted (bit LLRs) or normalized (symbol LLRs) on the GPU.
     */
    void decode_raw(const float* llrs,
                    bool bit_llrs,
                    size_t frames,
                    int max_iterations,
                    uint8_t* symbols,
                    int* iterations,
                    uint8_t* parity_ok) override
    {
        const size_t per = static_cast<size_t>(d_n) * (bit_llrs ? d_p : d_q);
        const size_t hc = d_host_chunk;
        const size_t chunks = (frames + hc - 1) / hc;
        device_guard guard(d_device);
        for (auto& sl : d_slots) {
            sl.pending = false;
        }
        auto collect = [&](nb_slot& sl) {
            if (!sl.pending) {
                return;
            }
            sl.pending = false;
            check(cudaStreamSynchronize(sl.stream->get()), "nonbinary CUDA decode");
            const unsigned long long bad = *sl.h_bad.get();
            if (bad != ~0ull) {
                cudaDeviceSynchronize(); // the other slot's buffers are reused next call
                const size_t i = sl.f0 * per + static_cast<size_t>(bad);
                if (bit_llrs) {
                    throw invalid_argument("nb_decoder::decode_bits: LLR " +
                                           std::to_string(i) + " is infinite");
                }
                const size_t pf = per;
                const size_t q = d_q;
                throw invalid_argument(
                    "nb_decoder::decode_symbols: LLR " + std::to_string(i) + " (frame " +
                    std::to_string(i / pf) + ", symbol " + std::to_string((i % pf) / q) +
                    ", element " + std::to_string(i % q) + ") is not finite");
            }
            std::memcpy(symbols + sl.f0 * d_n, sl.h_symbols.get(), sl.frames * d_n);
            std::memcpy(
                iterations + sl.f0, sl.h_iterations.get(), sl.frames * sizeof(int));
            std::memcpy(parity_ok + sl.f0, sl.h_parity.get(), sl.frames);
        };
        for (size_t c = 0; c < chunks; c++) {
            nb_slot& sl = d_slots[c & 1];
            collect(sl);
            const size_t f0 = c * hc;
            const size_t fc = std::min(hc, frames - f0);
            reserve(sl, fc);
            sl.raw.reserve(fc * per);
            sl.bad.reserve(1);
            sl.h_in.reserve(fc * per);
            sl.h_symbols.reserve(fc * d_n);
            sl.h_iterations.reserve(fc);
            sl.h_parity.reserve(fc);
            sl.h_bad.reserve(1);
            const cudaStream_t st = sl.stream->get();
            std::memcpy(sl.h_in.get(), llrs + f0 * per, fc * per * sizeof(float));
            check(cudaMemcpyAsync(sl.raw.get(),
                                  sl.h_in.get(),
                                  fc * per * sizeof(float),
                                  cudaMemcpyHostToDevice,
                                  st),
                  "cudaMemcpyAsync (LLRs to device)");
            check(cudaMemsetAsync(sl.bad.get(), 0xff, sizeof(unsigned long long), st),
                  "cudaMemsetAsync");
            const nb_dev p = params(sl, fc);
            if (bit_llrs) {
                nb_prep_bits(p, sl.raw.get(), sl.bad.get(), st);
            } else {
                nb_prep_symbols(p, sl.raw.get(), sl.bad.get(), st);
            }
            run_device(sl, fc, max_iterations, st);
            check(cudaMemcpyAsync(sl.h_symbols.get(),
                                  sl.symbols.get(),
                                  fc * d_n,
                                  cudaMemcpyDeviceToHost,
                                  st),
                  "cudaMemcpyAsync (symbols to host)");
            check(cudaMemcpyAsync(sl.h_iterations.get(),
                                  sl.iterations.get(),
                                  fc * sizeof(int),
                                  cudaMemcpyDeviceToHost,
                                  st),
                  "cudaMemcpyAsync (iterations to host)");
            check(cudaMemcpyAsync(
                      sl.h_parity.get(), sl.parity.get(), fc, cudaMemcpyDeviceToHost, st),
                  "cudaMemcpyAsync (parity to host)");
            check(cudaMemcpyAsync(sl.h_bad.get(),
                                  sl.bad.get(),
                                  sizeof(unsigned long long),
                                  cudaMemcpyDeviceToHost,
                                  st),
                  "cudaMemcpyAsync (input check to host)");
            sl.f0 = f0;
            sl.frames = fc;
            sl.pending = true;
        }
        // the older batch first, so that the first bad input is the one reported
        collect(d_slots[chunks & 1]);
        collect(d_slots[(chunks + 1) & 1]);
    }

private:
    nb_dev params(nb_slot& sl, size_t frames)
    {
        nb_dev p;
        p.q = d_q;
        p.p = d_p;
        p.n = d_n;
        p.m = d_m;
        p.edges = d_edges;
        p.dcmax = d_dcmax;
        p.frames = static_cast<int>(frames);
        p.row_ptr = d_row_ptr.get();
        p.row_cols = d_row_cols.get();
        p.col_ptr = d_col_ptr.get();
        p.col_edges = d_col_edges.get();
        p.to_var = d_to_var.get();
        p.to_check = d_to_check.get();
        p.llr = sl.llr.get();
        p.app = sl.app.get();
        p.r = sl.r.get();
        p.v2c = sl.v2c.get();
        p.symbols = sl.symbols.get();
        p.iterations = sl.iterations.get();
        p.parity = sl.parity.get();
        p.done = sl.done.get();
        return p;
    }

    int d_q = 2, d_p = 1, d_n = 0, d_m = 0, d_edges = 0, d_dcmax = 1;
    int d_device = 0;
    size_t d_chunk = 1;
    size_t d_host_chunk = 1;
    nb_kernel_plan d_plan; //!< kernels and launch configuration (nb_kernels.h)
    device_buffer<uint8_t> d_to_var, d_to_check;
    device_buffer<int> d_row_ptr, d_row_cols, d_col_ptr, d_col_edges, d_layer_rows;
    nb_slot d_slots[2];
};

} // namespace

nb_decoder::uptr make_nb_cuda_decoder(nb_code::sptr code,
                                      const nb_decoder_options& options)
{
    return nb_decoder::uptr(new nb_cuda_decoder(std::move(code), options));
}

double nb_cuda_time_device_resident(nb_code::sptr code,
                                    const nb_decoder_options& options,
                                    const float* symbol_llrs,
                                    size_t frames,
                                    int reps)
{
    nb_cuda_decoder dec(std::move(code), options);
    device_guard guard(dec.cuda_device());
    if (frames > dec.chunk()) {
        throw invalid_argument("nb_cuda_time_device_resident: at most " +
                               std::to_string(dec.chunk()) + " frames per batch");
    }
    nb_slot& sl = dec.slot0();
    dec.reserve(sl, frames);
    const size_t nq = static_cast<size_t>(dec.code().n()) * dec.code().q();
    check(cudaMemcpy(sl.llr.get(),
                     symbol_llrs,
                     frames * nq * sizeof(float),
                     cudaMemcpyHostToDevice),
          "cudaMemcpy (benchmark LLRs)");
    const cudaStream_t stream = sl.stream->get();
    cudaEvent_t start = nullptr, stop = nullptr;
    check(cudaEventCreate(&start), "cudaEventCreate");
    check(cudaEventCreate(&stop), "cudaEventCreate");
    const int iters = options.max_iterations;
    dec.run_device(sl, frames, iters, stream); // warm-up
    check(cudaEventRecord(start, stream), "cudaEventRecord");
    for (int r = 0; r < reps; r++) {
        dec.run_device(sl, frames, iters, stream);
    }
    check(cudaEventRecord(stop, stream), "cudaEventRecord");
    check(cudaEventSynchronize(stop), "cudaEventSynchronize");
    float ms = 0.0f;
    check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return ms / 1000.0 / std::max(1, reps);
}

} // namespace gpufec
