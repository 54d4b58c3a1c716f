/* -*- c++ -*- */
/*
 * The CUDA backend of the decoder interface (include/gpufec/cuda_decoder.h): builds
 * the code's tables on the device, asks the tuner (cuda_tuner.cu, Wang et al., "GPU
 * Accelerated Scalable Parallel Decoding of LDPC Codes") for the kernel and batch, and
 * runs the host pipeline of "Implementation of a Heterogeneous LDPC Decoder on ARM and
 * GPU of Mobile Devices": the batch is cut into chunks of batch_frames frames, chunk i
 * goes to stream i mod streams, and each stream is fed by its own host worker thread,
 * which copies its chunk into the stream's pinned staging buffer, queues H2D copy, decode
 * kernel and D2H copy, waits, and copies the results out, while the other workers'
 * streams run. A call of one chunk runs on the caller's thread (no hand-over: the latency
 * path). Host buffers are pinned (allocated once, grown on demand); a caller buffer that
 * is already pinned is copied from / to directly. int8 LLRs travel as int8 (a
 * quarter of the PCIe bytes) and are scaled on the device. Results come back in
 * input order. decode_device() runs the same kernels on the caller's device
 * buffers and stream. What is particular to a kernel family (posterior padding,
 * column order, scratch, launch) comes from the tuner's kernel_plan
 * (kernel_family.h).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "binary/cuda_tuner.h"
#include "binary/decoder_tables.h"
#include "common/cuda_check.h"
#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <cuda_fp16.h>
#include <exception>
#include <functional>
#include <gpufec/channel.h>
#include <gpufec/cuda_decoder.h>
#include <gpufec/device_info.h>
#include <gpufec/error.h>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace gpufec {

namespace cuda_detail {

namespace {

/*! True when p is page-locked host memory the GPU can copy from directly. */
bool is_pinned(const void* p)
{
    if (!p) {
        return false;
    }
    cudaPointerAttributes attr;
    const cudaError_t err = cudaPointerGetAttributes(&attr, p);
    if (err != cudaSuccess) {
        cudaGetLastError();
        return false;
    }
    return attr.type == cudaMemoryTypeHost;
}

/*! A float as the bits of a half2 holding it twice (round to nearest). */
uint32_t half2_bits(float x)
{
    const __half h = __float2half_rn(x);
    uint16_t b;
    std::memcpy(&b, &h, sizeof b);
    return static_cast<uint32_t>(b) | (static_cast<uint32_t>(b) << 16);
}

/*! o when v[i] == i + o for every i (a contiguous run of columns), else -1. */
int contiguous_offset(const std::vector<int>& v)
{
    if (v.empty()) {
        return 0;
    }
    const int o = v[0];
    for (size_t i = 0; i < v.size(); ++i) {
        if (v[i] != static_cast<int>(i) + o) {
            return -1;
        }
    }
    return o;
}

/*! The device tables of one code, uploaded once. */
struct device_tables {
    device_buffer<int> layer_rows, layer_deg, layer_off, slot_cols, vn_ptr, vn_slot;
    device_buffer<int> transmitted, punctured, info_pos;
};

/*!
 * A host thread that runs one job at a time ("Implementation of a Heterogeneous LDPC
 * Decoder on ARM and GPU of Mobile Devices": each stream is fed by its own host worker).
 * submit() hands it a job, wait() blocks until it is done and rethrows what the job
 * threw.
 */
class host_worker
{
public:
    host_worker()
    {
        d_thread = std::thread([this] { loop(); });
    }
    ~host_worker()
    {
        {
            std::lock_guard<std::mutex> lock(d_lock);
            d_stop = true;
        }
        d_cv.notify_all();
        d_thread.join();
    }
    host_worker(const host_worker&) = delete;
    host_worker& operator=(const host_worker&) = delete;

    void submit(std::function<void()> job)
    {
        {
            std::lock_guard<std::mutex> lock(d_lock);
            d_job = std::move(job);
            d_error = nullptr;
            d_busy = true;
        }
        d_cv.notify_all();
    }

    void wait()
    {
        std::unique_lock<std::mutex> lock(d_lock);
        d_cv.wait(lock, [this] { return !d_busy; });
        if (d_error) {
            std::exception_ptr e = d_error;
            d_error = nullptr;
            std::rethrow_exception(e);
        }
    }

private:
    void loop()
    {
        for (;;) {
            std::function<void()> job;
            {
                std::unique_lock<std::mutex> lock(d_lock);
                d_cv.wait(lock, [this] { return d_stop || d_busy; });
                if (!d_busy) {
                    return; // stopping, nothing queued
                }
                job = std::move(d_job);
            }
            std::exception_ptr error;
            try {
                job();
            } catch (...) {
                error = std::current_exception();
            }
            {
                std::lock_guard<std::mutex> lock(d_lock);
                d_error = error;
                d_busy = false;
            }
            d_cv.notify_all();
        }
    }

    std::mutex d_lock;
    std::condition_variable d_cv;
    std::function<void()> d_job;
    std::exception_ptr d_error;
    bool d_busy = false;
    bool d_stop = false;
    std::thread d_thread;
};

/*! One stream of the host pipeline with its buffers. */
struct stream_slot {
    stream_owner stream;
    event_owner done;
    // device side of one chunk
    device_buffer<float> d_llr_f;
    device_buffer<int8_t> d_llr_i8;
    device_buffer<uint8_t> d_info, d_cw, d_ok;
    device_buffer<int> d_iter;
    // pinned staging
    pinned_buffer<float> h_llr_f;
    pinned_buffer<int8_t> h_llr_i8;
    pinned_buffer<uint8_t> h_info, h_cw, h_ok;
    pinned_buffer<int> h_iter;
    // the kernel's scratch (kernel_plan::workspace)
    kernel_workspace scratch;
    // the host thread that feeds this stream (made on the first call of several
    // chunks)
    std::unique_ptr<host_worker> worker;
};

} // namespace

class cuda_ldpc_decoder final : public cuda_decoder
{
public:
    cuda_ldpc_decoder(ldpc_code::sptr code, const decoder_options& options)
        : cuda_decoder(std::move(code), options)
    {
        d_device = d_options.gpu.device;
        std::string why;
        const std::vector<gpu_device> devices = list_cuda_devices(&why);
        if (devices.empty()) {
            throw backend_unavailable(
                "decoder backend cuda is not available: no usable CUDA device (" + why +
                ")");
        }
        if (d_device >= static_cast<int>(devices.size())) {
            throw backend_unavailable("decoder backend cuda: gpu.device is " +
                                      std::to_string(d_device) + " but only " +
                                      std::to_string(devices.size()) +
                                      " CUDA device(s) are visible");
        }
        device_guard guard(d_device);
        d_tables = build_tables(*d_code);
        d_choice = tune(*d_code, d_tables, d_options, d_device);

        // upload the tables
        d_dev.layer_rows.upload(d_tables.layer_rows.data(), d_tables.layer_rows.size());
        d_dev.layer_deg.upload(d_tables.layer_deg.data(), d_tables.layer_deg.size());
        d_dev.layer_off.upload(d_tables.layer_off.data(), d_tables.layer_off.size());
        d_dev.slot_cols.upload(d_tables.slot_cols.data(), d_tables.slot_cols.size());
        d_dev.vn_ptr.upload(d_tables.vn_ptr.data(), d_tables.vn_ptr.size());
        d_dev.vn_slot.upload(d_tables.vn_slot.data(), d_tables.vn_slot.size());
        // a kernel that keeps the posterior in a permuted column order (the large-QC
        // kernel on 360-periodic layers): map the column tables through it
        const std::vector<int>& perm = d_choice.plan->column_permutation();
        if (!perm.empty()) {
            for (int& c : d_tables.transmitted) {
                c = perm[c];
            }
            for (int& c : d_tables.punctured) {
                c = perm[c];
            }
        }
        d_dev.transmitted.upload(d_tables.transmitted.data(),
                                 d_tables.transmitted.size());
        d_dev.punctured.upload(d_tables.punctured.data(), d_tables.punctured.size());

        d_view.n = d_tables.n;
        d_view.n_full = d_tables.n_full;
        d_view.m = d_tables.m;
        d_view.num_layers = static_cast<int>(d_tables.layer_rows.size());
        d_view.max_layer_rows = d_tables.max_layer_rows;
        d_view.slot_edges = d_tables.slot_edges;
        d_view.layer_rows = d_dev.layer_rows.get();
        d_view.layer_deg = d_dev.layer_deg.get();
        d_view.layer_off = d_dev.layer_off.get();
        d_view.slot_cols = d_dev.slot_cols.get();
        d_view.vn_ptr = d_dev.vn_ptr.get();
        d_view.vn_slot = d_dev.vn_slot.get();
        d_view.transmitted = d_dev.transmitted.get();
        d_view.punctured = d_dev.punctured.get();
        d_view.transmitted_offset = contiguous_offset(d_tables.transmitted);
        d_view.post_stride = d_tables.n_full + d_choice.plan->posterior_pad();
        if (d_options.gpu.kernel == "auto" || d_options.gpu.kernel.empty()) {
            choose_by_measurement();
        }

        d_batch = static_cast<size_t>(d_choice.tuning.batch_frames);
        refuse_batch_too_large();
        const int streams = std::max(1, d_options.gpu.streams);
        for (int s = 0; s < streams; ++s) {
            d_slots.push_back(std::make_unique<stream_slot>());
        }
        // the kernel's scratch, per stream (streams run concurrently)
        const workspace_size ws = d_choice.plan->workspace();
        d_scratch = ws.c2v + ws.prev + ws.post + ws.chan > 0;
        for (auto& slot : d_slots) {
            slot->scratch.c2v.resize(ws.c2v);
            slot->scratch.prev.resize(ws.prev);
            slot->scratch.post.resize(ws.post);
            slot->scratch.chan.resize(ws.chan);
        }
    }

    ~cuda_ldpc_decoder() override
    {
        // let queued work finish before the buffers go
        for (auto& slot : d_slots) {
            cudaStreamSynchronize(slot->stream.get());
        }
    }

    cuda_tuning tuning() const override { return d_choice.tuning; }

    void decode_device(const float* d_llrs,
                       size_t frames,
                       uint8_t* d_info_bits,
                       int* d_iterations,
                       uint8_t* d_parity_ok,
                       void* stream) override
    {
        device_call(d_llrs,
                    nullptr,
                    1.0f,
                    frames,
                    d_info_bits,
                    d_iterations,
                    d_parity_ok,
                    stream);
    }

    void decode_device(const int8_t* d_llrs,
                       float step,
                       size_t frames,
                       uint8_t* d_info_bits,
                       int* d_iterations,
                       uint8_t* d_parity_ok,
                       void* stream) override
    {
        if (!(step > 0.0f) || !(step < 1e30f)) {
            throw invalid_argument(
                "cuda_decoder::decode_device(int8): step must be > 0 and "
                "finite");
        }
        device_call(nullptr,
                    d_llrs,
                    step,
                    frames,
                    d_info_bits,
                    d_iterations,
                    d_parity_ok,
                    stream);
    }

protected:
    void
    decode_checked(const float* llrs, size_t frames, const decode_output& out) override
    {
        host_call<float>(llrs, 1.0f, frames, out);
    }

    void decode_checked_int8(const int8_t* llrs,
                             size_t frames,
                             float step,
                             const decode_output& out) override
    {
        host_call<int8_t>(llrs, step, frames, out);
    }

private:
    /*!
     * A batch whose device buffers (int8 LLRs, the smallest input, plus info bits,
     * iterations and parity flags) cannot fit in the device's memory, one set per
     * stream, is refused here rather than failing at the first large call.
     */
    void refuse_batch_too_large() const
    {
        size_t free_bytes = 0;
        size_t total_bytes = 0;
        check(cudaMemGetInfo(&free_bytes, &total_bytes), "cudaMemGetInfo");
        const size_t per_frame = d_tables.n + d_code->k() + sizeof(int) + 1;
        const size_t streams = static_cast<size_t>(std::max(1, d_options.gpu.streams));
        const double need = double(d_batch) * double(per_frame) * double(streams);
        if (need > double(total_bytes)) {
            throw invalid_argument(
                "decoder backend cuda: gpu.batch_frames = " + std::to_string(d_batch) +
                " needs at least " +
                std::to_string(static_cast<long long>(need / 1048576)) +
                " MiB of device memory (" + std::to_string(streams) + " stream(s) x " +
                std::to_string(per_frame) + " B per frame) but GPU " +
                std::to_string(d_device) + " has " +
                std::to_string(total_bytes / 1048576) +
                " MiB in all; use a smaller gpu.batch_frames (0 lets the tuner choose)");
        }
    }

    /*! Uploads the info positions the first time info bits are asked for. */
    void ensure_info_positions()
    {
        std::call_once(d_info_once, [this] {
            std::vector<int> info = d_code->info_positions();
            const std::vector<int>& perm = d_choice.plan->column_permutation();
            for (int& c : info) {
                c = perm.empty() ? c : perm[c];
            }
            d_k = static_cast<int>(info.size());
            d_dev.info_pos.upload(info.data(), info.size());
            d_info_offset = contiguous_offset(info);
        });
        d_view.k = d_k;
        d_view.info_pos = d_dev.info_pos.get();
        d_view.info_offset = d_info_offset;
    }

    run_params base_params(size_t frames) const { return params_for(d_choice, frames); }

    run_params params_for(const kernel_choice& c, size_t frames) const
    {
        run_params rp;
        rp.frames = static_cast<long long>(frames);
        rp.units = static_cast<long long>((frames + c.lanes - 1) / c.lanes);
        rp.units_per_block = c.plan->config.units_per_block;
        rp.tasks = (rp.units + rp.units_per_block - 1) / rp.units_per_block;
        rp.max_iterations = d_max_iterations.load();
        rp.early_termination = d_options.early_termination ? 1 : 0;
        rp.layered = d_options.schedule == decoding_schedule::layered ? 1 : 0;
        rp.correction = static_cast<int>(correction_of(d_options.rule));
        rp.alpha = d_alpha.load();
        rp.beta = d_beta.load();
        // correction max(m * a + nb, 0): (alpha, -0) NMS, (1, -beta) OMS, (1, -0) else
        rp.corr_a = rp.correction == corr_normalized ? rp.alpha : 1.0f;
        rp.corr_nb = rp.correction == corr_offset ? -rp.beta : -0.0f;
        rp.corr_a_h2 = half2_bits(rp.corr_a);
        rp.corr_nb_h2 = half2_bits(rp.corr_nb);
        return rp;
    }

    /*!
     * gpu.kernel "auto": when several instances of the register-resident family
     * can decode the code (the first plan the tuner found is one of them), times
     * each on this device (with the tuner's units per block, one unit, and the
     * fewest units that fill whole warps: register_candidates) and keeps the
     * fastest. The instances decode the same bits (qa_cuda_decoder compares them
     * frame for frame); only their speed differs, by code shape and device, which
     * a fixed order cannot know. Each
     * candidate decodes its own batch of synthetic frames (no early termination,
     * the decoder's iterations) once to warm up, then three times; its figure is
     * the fastest of the three. The choice is remembered for the process, per
     * device, code and the options that shape the kernels.
     */
    void choose_by_measurement()
    {
        if (d_options.gpu.frames_per_block > 0 ||
            !d_choice.plan->column_permutation().empty()) {
            return;
        }
        const std::string key = measurement_key();
        {
            std::lock_guard<std::mutex> lock(measured_mutex());
            auto hit = measured_cache().find(key);
            if (hit != measured_cache().end()) {
                take_measured(hit->second);
                return;
            }
        }
        std::vector<kernel_choice> cands =
            register_candidates(*d_code, d_tables, d_options, d_device);
        const bool first_is_one =
            std::any_of(cands.begin(), cands.end(), [&](const auto& c) {
                return c.tuning.kernel == d_choice.tuning.kernel;
            });
        if (cands.size() < 2 || !first_is_one) {
            return;
        }
        size_t most = 0;
        for (const kernel_choice& c : cands) {
            most = std::max(most, timing_frames(c));
        }
        device_buffer<float> llr(most * static_cast<size_t>(d_tables.n));
        fill_synthetic(llr.get(), most);
        device_buffer<int> iterations(most);
        device_buffer<uint8_t> ok(most);
        stream_owner stream;
        event_owner start(true), stop(true);
        std::ostringstream report;
        report << "measured:";
        double best = -1.0;
        size_t best_i = 0;
        for (size_t i = 0; i < cands.size(); ++i) {
            const kernel_choice& c = cands[i];
            const size_t frames = timing_frames(c);
            const workspace_size w = c.plan->workspace();
            kernel_workspace ws;
            ws.c2v.resize(w.c2v);
            ws.prev.resize(w.prev);
            ws.post.resize(w.post);
            ws.chan.resize(w.chan);
            code_view view = d_view;
            view.post_stride = d_tables.n_full + c.plan->posterior_pad();
            run_params rp = params_for(c, frames);
            rp.early_termination = 0;
            rp.llr_f = llr.get();
            rp.step = 1.0f;
            rp.iterations = iterations.get();
            rp.parity_ok = ok.get();
            c.plan->decode(view, rp, ws, stream.get());
            float fastest_ms = std::numeric_limits<float>::infinity();
            for (int rep = 0; rep < 3; ++rep) {
                check(cudaEventRecord(start.get(), stream.get()), "cudaEventRecord");
                c.plan->decode(view, rp, ws, stream.get());
                check(cudaEventRecord(stop.get(), stream.get()), "cudaEventRecord");
                check(cudaEventSynchronize(stop.get()), "cudaEventSynchronize");
                float ms = 0.0f;
                check(cudaEventElapsedTime(&ms, start.get(), stop.get()),
                      "cudaEventElapsedTime");
                fastest_ms = std::min(fastest_ms, ms);
            }
            check(cudaGetLastError(), "decoding kernel (tuner measurement)");
            const double fps = static_cast<double>(frames) / (fastest_ms * 1e-3);
            // information bits per second, as gpufec-bench reports
            report << " " << c.tuning.kernel << '@' << c.tuning.frames_per_block << " "
                   << static_cast<long long>(fps * static_cast<double>(d_code->k()) / 1e6)
                   << " Mbit/s;";
            if (fps > best) {
                best = fps;
                best_i = i;
            }
        }
        const std::string reason =
            cands[best_i].tuning.reason + "; " + report.str() + " fastest taken";
        {
            std::lock_guard<std::mutex> lock(measured_mutex());
            measured_cache().emplace(key,
                                     measured{ cands[best_i].tuning.kernel,
                                               cands[best_i].tuning.frames_per_block,
                                               reason });
        }
        d_choice = std::move(cands[best_i]);
        d_choice.tuning.reason = reason;
        d_view.post_stride = d_tables.n_full + d_choice.plan->posterior_pad();
    }

    /*! Frames a candidate is timed on: its batch, at most 256 MiB of float LLRs. */
    size_t timing_frames(const kernel_choice& c) const
    {
        const size_t cap =
            std::max<size_t>(1, (size_t{ 256 } << 20) / (sizeof(float) * d_tables.n));
        return std::min(static_cast<size_t>(c.tuning.batch_frames), cap);
    }

    /*! A measured choice: the instance, its frames per block, the report. */
    struct measured {
        std::string kernel;
        int frames_per_block = 0;
        std::string reason;
    };

    /*! The remembered choice (a register-family instance that fits). */
    void take_measured(const measured& m)
    {
        decoder_options o = d_options;
        o.gpu.kernel = m.kernel;
        o.gpu.frames_per_block = m.frames_per_block;
        d_choice = tune(*d_code, d_tables, o, d_device);
        d_choice.tuning.reason = m.reason + " (remembered)";
        d_view.post_stride = d_tables.n_full + d_choice.plan->posterior_pad();
    }

    /*! What the measured choice depends on. */
    std::string measurement_key() const
    {
        std::ostringstream k;
        k << d_device << '|' << d_code->name() << '|' << d_tables.n << '|' << d_tables.m
          << '|' << d_tables.slot_edges << '|' << to_string(d_options.precision) << '|'
          << to_string(d_options.rule) << '|' << to_string(d_options.schedule) << '|'
          << d_options.gpu.batch_frames << '|' << d_options.gpu.streams;
        return k.str();
    }

    static std::mutex& measured_mutex()
    {
        static std::mutex m;
        return m;
    }
    static std::map<std::string, measured>& measured_cache()
    {
        static std::map<std::string, measured> cache;
        return cache;
    }

    /*!
     * `frames` frames of the all-zero codeword's LLRs through the library's BPSK
     * AWGN channel (1.5 dB, a fixed seed) into the device buffer: one frame made
     * on the host, then copied on the device.
     */
    void fill_synthetic(float* d_llr, size_t frames) const
    {
        const size_t n = static_cast<size_t>(d_tables.n);
        const std::vector<uint8_t> zero(n, 0);
        std::vector<float> frame(n);
        awgn_channel(modulation::bpsk, 1.5, d_code->rate(), 1)
            .transmit(zero.data(), n, 0, frame.data());
        check(cudaMemcpy(d_llr, frame.data(), n * sizeof(float), cudaMemcpyHostToDevice),
              "cudaMemcpy");
        for (size_t have = 1; have < frames;) {
            const size_t more = std::min(have, frames - have);
            check(cudaMemcpy(d_llr + have * n,
                             d_llr,
                             more * n * sizeof(float),
                             cudaMemcpyDeviceToDevice),
                  "cudaMemcpy");
            have += more;
        }
    }

    /*! Queues one launch on `stream` (frames already in rp). */
    void launch(const run_params& rp, stream_slot& slot, cudaStream_t stream)
    {
        d_choice.plan->decode(d_view, rp, slot.scratch, stream);
    }

    void device_call(const float* llr_f,
                     const int8_t* llr_i8,
                     float step,
                     size_t frames,
                     uint8_t* d_info_bits,
                     int* d_iterations,
                     uint8_t* d_parity_ok,
                     void* stream)
    {
        if (frames == 0) {
            throw invalid_argument("cuda_decoder::decode_device: frames is 0");
        }
        if (!llr_f && !llr_i8) {
            throw invalid_argument("cuda_decoder::decode_device: d_llrs is null");
        }
        std::lock_guard<std::mutex> lock(d_mutex);
        device_guard guard(d_device);
        if (d_info_bits) {
            ensure_info_positions();
        }
        run_params rp = base_params(frames);
        rp.llr_f = llr_f;
        rp.llr_i8 = llr_i8;
        rp.step = step;
        rp.info_bits = d_info_bits;
        rp.iterations = d_iterations;
        rp.parity_ok = d_parity_ok;
        cudaStream_t s = static_cast<cudaStream_t>(stream);
        // the kernel's scratch of slot 0: order against the host pipeline
        stream_slot& slot = *d_slots[0];
        if (d_scratch) { // scratch shared with the host pipeline
            check(cudaEventRecord(slot.done.get(), slot.stream.get()), "cudaEventRecord");
            check(cudaStreamWaitEvent(s, slot.done.get(), 0), "cudaStreamWaitEvent");
        }
        launch(rp, slot, s);
        if (d_scratch) {
            check(cudaEventRecord(slot.done.get(), s), "cudaEventRecord");
            check(cudaStreamWaitEvent(slot.stream.get(), slot.done.get(), 0),
                  "cudaStreamWaitEvent");
        }
    }

    /*! Where one host call's data is, and how it travels. */
    template <typename T>
    struct host_job {
        const T* llrs = nullptr;
        float step = 1.0f;
        size_t frames = 0;
        size_t chunk = 0;
        decode_output out;
        bool direct_in = false; //!< the caller's LLRs are pinned: copy from them
        bool direct[4] = { false, false, false, false }; //!< the same for outputs
    };

    /*!
     * Chunk c of a host call on `slot`, start to end: LLRs into the pinned staging
     * buffer (unless the caller's are pinned), H2D, decode, D2H, wait, results out
     * of the staging buffers. Runs on the caller's thread or the slot's worker.
     */
    template <typename T>
    void run_chunk(stream_slot& slot, const host_job<T>& job, size_t c)
    {
        constexpr bool is_f = std::is_same<T, float>::value;
        const size_t n = d_tables.n;
        const size_t k = static_cast<size_t>(d_k);
        const size_t chunk = job.chunk;
        const decode_output& out = job.out;
        const size_t f0 = c * chunk;
        const size_t fc = std::min(chunk, job.frames - f0);
        cudaStream_t s = slot.stream.get();

        // input: pinned staging unless the caller's buffer is pinned
        const T* src = job.llrs + f0 * n;
        T* dst;
        if constexpr (is_f) {
            slot.d_llr_f.reserve(chunk * n);
            dst = slot.d_llr_f.get();
            if (!job.direct_in) {
                slot.h_llr_f.reserve(chunk * n);
                std::memcpy(slot.h_llr_f.get(), src, fc * n * sizeof(T));
                src = slot.h_llr_f.get();
            }
        } else {
            slot.d_llr_i8.reserve(chunk * n);
            dst = slot.d_llr_i8.get();
            if (!job.direct_in) {
                slot.h_llr_i8.reserve(chunk * n);
                std::memcpy(slot.h_llr_i8.get(), src, fc * n * sizeof(T));
                src = slot.h_llr_i8.get();
            }
        }
        check(cudaMemcpyAsync(dst, src, fc * n * sizeof(T), cudaMemcpyHostToDevice, s),
              "cudaMemcpyAsync (LLRs to device)");

        run_params rp = base_params(fc);
        if constexpr (is_f) {
            rp.llr_f = dst;
        } else {
            rp.llr_i8 = dst;
            rp.step = job.step;
        }
        if (out.info_bits) {
            slot.d_info.reserve(chunk * k);
            rp.info_bits = slot.d_info.get();
        }
        if (out.codewords) {
            slot.d_cw.reserve(chunk * n);
            rp.codewords = slot.d_cw.get();
        }
        if (out.iterations) {
            slot.d_iter.reserve(chunk);
            rp.iterations = slot.d_iter.get();
        }
        if (out.parity_ok) {
            slot.d_ok.reserve(chunk);
            rp.parity_ok = slot.d_ok.get();
        }
        launch(rp, slot, s);

        // results: straight into a pinned caller buffer, else through staging
        struct result_copy {
            uint8_t* user;
            bool is_direct;
            uint8_t* staging;
            const void* dev;
            size_t bytes_per_frame;
        };
        std::vector<result_copy> copies;
        auto back = [&](void* user,
                        bool is_direct,
                        auto& pinned,
                        const void* dev,
                        size_t bytes_per_frame,
                        size_t count_per_frame) {
            uint8_t* to_user = static_cast<uint8_t*>(user) + f0 * bytes_per_frame;
            void* to = to_user;
            if (!is_direct) {
                pinned.reserve(chunk * count_per_frame);
                to = pinned.get();
            }
            check(
                cudaMemcpyAsync(to, dev, fc * bytes_per_frame, cudaMemcpyDeviceToHost, s),
                "cudaMemcpyAsync (results to host)");
            copies.push_back({ to_user,
                               is_direct,
                               reinterpret_cast<uint8_t*>(pinned.get()),
                               dev,
                               bytes_per_frame });
        };
        if (out.info_bits)
            back(out.info_bits, job.direct[0], slot.h_info, rp.info_bits, k, k);
        if (out.codewords)
            back(out.codewords, job.direct[1], slot.h_cw, rp.codewords, n, n);
        if (out.iterations)
            back(out.iterations,
                 job.direct[2],
                 slot.h_iter,
                 rp.iterations,
                 sizeof(int),
                 1);
        if (out.parity_ok)
            back(out.parity_ok, job.direct[3], slot.h_ok, rp.parity_ok, 1, 1);
        check(cudaEventRecord(slot.done.get(), s), "cudaEventRecord");
        check(cudaEventSynchronize(slot.done.get()), "cudaEventSynchronize (decode)");
        for (const result_copy& copy : copies) {
            if (!copy.is_direct) {
                std::memcpy(copy.user, copy.staging, fc * copy.bytes_per_frame);
            }
        }
    }

    template <typename T>
    void host_call(const T* llrs, float step, size_t frames, const decode_output& out)
    {
        std::lock_guard<std::mutex> lock(d_mutex);
        device_guard guard(d_device);
        if (out.info_bits) {
            ensure_info_positions();
        }
        const size_t n = d_tables.n;
        if (frames > std::numeric_limits<size_t>::max() / (n * sizeof(float))) {
            throw invalid_argument("cuda_decoder::decode: " + std::to_string(frames) +
                                   " frames of " + std::to_string(n) +
                                   " LLRs overflow the address space");
        }
        host_job<T> job;
        job.llrs = llrs;
        job.step = step;
        job.frames = frames;
        job.out = out;
        job.chunk = std::max<size_t>(1, std::min(d_batch, frames));
        const size_t nchunks = (frames + job.chunk - 1) / job.chunk;
        // small calls always go through the staging buffers (a few KiB of memcpy is
        // cheaper than asking the driver about five pointers)
        const bool large = frames * n * sizeof(T) >= (size_t(1) << 20);
        job.direct_in = large && is_pinned(llrs);
        job.direct[0] = large && is_pinned(out.info_bits);
        job.direct[1] = large && is_pinned(out.codewords);
        job.direct[2] = large && is_pinned(out.iterations);
        job.direct[3] = large && is_pinned(out.parity_ok);

        const size_t S = std::min(d_slots.size(), nchunks);
        if (S <= 1) {
            // one chunk (or one stream): on the caller's thread
            try {
                for (size_t c = 0; c < nchunks; ++c) {
                    run_chunk(*d_slots[0], job, c);
                }
            } catch (...) {
                settle_streams();
                throw;
            }
            return;
        }
        // one worker per stream; stream s takes chunks s, s + S, s + 2S, ...
        for (size_t s = 0; s < S; ++s) {
            stream_slot& slot = *d_slots[s];
            if (!slot.worker) {
                slot.worker = std::make_unique<host_worker>();
            }
            slot.worker->submit([this, &slot, &job, s, S, nchunks] {
                device_guard worker_guard(d_device);
                for (size_t c = s; c < nchunks; c += S) {
                    run_chunk(slot, job, c);
                }
            });
        }
        std::exception_ptr first_error;
        for (size_t s = 0; s < S; ++s) {
            try {
                d_slots[s]->worker->wait();
            } catch (...) {
                if (!first_error) {
                    first_error = std::current_exception();
                }
            }
        }
        if (first_error) {
            settle_streams();
            std::rethrow_exception(first_error);
        }
    }

    /*! After a failure: let every stream drain and clear the sticky error state. */
    void settle_streams() noexcept
    {
        for (auto& slot : d_slots) {
            cudaStreamSynchronize(slot->stream.get());
        }
        cudaGetLastError();
    }

    int d_device = 0;
    host_tables d_tables;
    cuda_detail::kernel_choice d_choice;
    device_tables d_dev;
    code_view d_view;
    bool d_scratch = false; //!< the kernel uses scratch (ordered in decode_device)
    size_t d_batch = 1;
    int d_k = 0;
    int d_info_offset = -1;
    std::once_flag d_info_once;
    std::mutex d_mutex;
    std::vector<std::unique_ptr<stream_slot>> d_slots;
};

} // namespace cuda_detail

std::unique_ptr<cuda_decoder> cuda_decoder::make(ldpc_code::sptr code,
                                                 const decoder_options& options)
{
    if (!code) {
        throw invalid_argument("cuda_decoder::make: the code is null");
    }
    options.validate();
    // precision auto: the CUDA backend's choice for the rule (precision_defaults.cc)
    decoder_options resolved = options;
    resolved.precision = resolve_precision(backend_kind::cuda, options);
    resolved.validate();
    return std::make_unique<cuda_detail::cuda_ldpc_decoder>(std::move(code), resolved);
}

bool cuda_available(std::string* why_not)
{
    std::string why;
    const std::vector<gpu_device> devices = list_cuda_devices(&why);
    if (devices.empty()) {
        if (why_not) {
            *why_not = why;
        }
        return false;
    }
    // the kernels exist for sm_80 and newer (CMAKE_CUDA_ARCHITECTURES)
    for (const gpu_device& d : devices) {
        if (d.cc_major >= 8) {
            if (why_not) {
                why_not->clear();
            }
            return true;
        }
    }
    if (why_not) {
        *why_not = "no CUDA device of compute capability 8.0 or newer (found " +
                   devices[0].name + ", sm_" + std::to_string(devices[0].cc_major) +
                   std::to_string(devices[0].cc_minor) + ")";
    }
    return false;
}

std::vector<cuda_tuning> cuda_tuner_choices(const ldpc_code& code,
                                            const decoder_options& options)
{
    std::vector<cuda_tuning> out;
    std::string why;
    const std::vector<gpu_device> devices = list_cuda_devices(&why);
    if (devices.empty()) {
        return out;
    }
    // the decoder's own choice (gpu.kernel auto measures the candidates)
    // (not owned: the decoders live only in this call)
    const ldpc_code::sptr shared(&code, [](const ldpc_code*) {});
    for (const gpu_device& d : devices) {
        decoder_options o = options;
        o.gpu.device = d.index;
        out.push_back(cuda_decoder::make(shared, o)->tuning());
    }
    return out;
}

} // namespace gpufec
