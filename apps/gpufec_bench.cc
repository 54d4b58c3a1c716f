/* -*- c++ -*- */
/*
 * gpufec-bench: information throughput and single-frame latency of a gpufec
 * decoder ("Benchmark"; the method is in docs/BENCHMARKS.md).
 *
 * Input: random codewords (Philox streams of channel.h, frame f of --seed) sent
 * over BPSK/AWGN at --ebn0, as float LLRs or, with --input int8, quantized by
 * quantize_llrs() with --int8-step. Measured, each after --warmup untimed runs:
 *  - device-resident (cuda only): the batch's LLRs are copied to GPU memory before
 *    timing; one cuda_decoder::decode_device() on a stream of this program, timed
 *    with CUDA events around the call and its completion; the bits stay on the GPU.
 *  - host-fed: decoder::decode() from pinned host buffers (cudaHostAlloc when CUDA
 *    is built, ordinary memory otherwise) into pinned outputs, so H2D + decode +
 *    D2H, timed by the wall clock (std::chrono::steady_clock); --host-memory
 *    pageable uses ordinary memory on cuda too, as a GNU Radio block's buffers are.
 *  - latency: host-fed decode() of one frame, --latency-samples times; p50 and p99
 *    by nearest rank.
 * Throughput is information bits (frames * K) per second; the figure reported is
 * the median of --reps timed runs, with min and max beside it. The FER of the
 * decoded batch is a sanity check that the decoder decoded.
 *
 * Bad options exit with status 2 and a message on stderr naming the problem, as
 * gpufec-ber does; a run-time failure (e.g. a CUDA error) exits 1.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gpufec/channel.h>
#include <gpufec/cuda_decoder.h>
#include <gpufec/decoder.h>
#include <gpufec/device_info.h>
#include <gpufec/error.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/nb_channel.h>
#include <gpufec/nb_code.h>
#include <gpufec/nb_decoder.h>

#ifdef GPUFEC_HAVE_CUDA
#include <cuda_runtime.h>
#endif

#include "app_common.h"
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <functional>
#include <iostream>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

using namespace gpufec_app;

/*
 * Refuses a batch whose host buffers (bytes_per_frame each) would take more than
 * half of this machine's memory, saying how much it needs.
 */
void check_batch_memory(size_t frames, size_t bytes_per_frame)
{
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long page = ::sysconf(_SC_PAGESIZE);
    const double have = pages > 0 && page > 0 ? double(pages) * double(page) : 0.0;
    const double need = double(frames) * double(bytes_per_frame);
    if (have > 0.0 && need > have / 2) {
        char msg[256];
        std::snprintf(msg,
                      sizeof(msg),
                      "--batch %zu: the batch needs %.1f GiB of host memory (%zu bytes a "
                      "frame), more than half of this machine's %.1f GiB",
                      frames,
                      need / double(1 << 30),
                      bytes_per_frame,
                      have / double(1 << 30));
        throw usage_error(msg);
    }
}

// ---------------------------------------------------------------------------
// Memory: pinned host buffers and device buffers
// ---------------------------------------------------------------------------

#ifdef GPUFEC_HAVE_CUDA
void cuda_check(cudaError_t e, const char* what)
{
    if (e != cudaSuccess) {
        throw std::runtime_error(std::string(what) + ": " + cudaGetErrorName(e) + ": " +
                                 cudaGetErrorString(e));
    }
}
#endif

/*!
 * `count` elements of host memory: page-locked (cudaHostAlloc) when `pinned` is
 * asked for and CUDA is built and works, ordinary memory otherwise.
 */
template <typename T>
class host_array
{
public:
    host_array(size_t count, bool pinned) : d_count(count)
    {
#ifdef GPUFEC_HAVE_CUDA
        if (pinned && count > 0) {
            void* p = nullptr;
            const cudaError_t e =
                cudaHostAlloc(&p, count * sizeof(T), cudaHostAllocDefault);
            if (e == cudaSuccess) {
                d_ptr = static_cast<T*>(p);
                d_pinned = true;
                return;
            }
            (void)cudaGetLastError(); // clear the sticky-free error state
            d_why_not_pinned = std::string("cudaHostAlloc: ") + cudaGetErrorString(e);
        }
#else
        if (pinned) {
            d_why_not_pinned = "this build has no CUDA support";
        }
#endif
        d_plain.reset(new T[count > 0 ? count : 1]());
        d_ptr = d_plain.get();
    }
    ~host_array()
    {
#ifdef GPUFEC_HAVE_CUDA
        if (d_pinned) {
            cudaFreeHost(d_ptr);
        }
#endif
    }
    host_array(const host_array&) = delete;
    host_array& operator=(const host_array&) = delete;

    T* data() { return d_ptr; }
    const T* data() const { return d_ptr; }
    size_t size() const { return d_count; }
    T& operator[](size_t i) { return d_ptr[i]; }
    const T& operator[](size_t i) const { return d_ptr[i]; }
    bool pinned() const { return d_pinned; }
    const std::string& why_not_pinned() const { return d_why_not_pinned; }

private:
    size_t d_count;
    T* d_ptr = nullptr;
    bool d_pinned = false;
    std::unique_ptr<T[]> d_plain;
    std::string d_why_not_pinned;
};

#ifdef GPUFEC_HAVE_CUDA
/*! `count` elements of device memory (cudaMalloc), freed on destruction. */
template <typename T>
class device_array
{
public:
    explicit device_array(size_t count) : d_count(count)
    {
        void* p = nullptr;
        cuda_check(cudaMalloc(&p, std::max<size_t>(count, 1) * sizeof(T)),
                   "cudaMalloc of a benchmark buffer");
        d_ptr = static_cast<T*>(p);
    }
    ~device_array() { cudaFree(d_ptr); }
    device_array(const device_array&) = delete;
    device_array& operator=(const device_array&) = delete;
    T* data() { return d_ptr; }
    size_t size() const { return d_count; }

private:
    size_t d_count;
    T* d_ptr = nullptr;
};

/*! A stream and two events of this program, released on destruction. */
struct cuda_timer {
    cudaStream_t stream = nullptr;
    cudaEvent_t start = nullptr;
    cudaEvent_t stop = nullptr;
    cuda_timer()
    {
        cuda_check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking),
                   "cudaStreamCreate");
        cuda_check(cudaEventCreate(&start), "cudaEventCreate");
        cuda_check(cudaEventCreate(&stop), "cudaEventCreate");
    }
    ~cuda_timer()
    {
        cudaEventDestroy(stop);
        cudaEventDestroy(start);
        cudaStreamDestroy(stream);
    }
    cuda_timer(const cuda_timer&) = delete;
    cuda_timer& operator=(const cuda_timer&) = delete;
};
#endif

// ---------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------

struct summary {
    std::vector<double> samples; //!< in measurement order
    double min = 0.0;
    double median = 0.0;
    double max = 0.0;
};

summary summarize(const std::vector<double>& samples)
{
    summary s;
    s.samples = samples;
    if (samples.empty()) {
        return s;
    }
    std::vector<double> v = samples;
    std::sort(v.begin(), v.end());
    s.min = v.front();
    s.max = v.back();
    const size_t m = v.size() / 2;
    s.median = v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
    return s;
}

/* Nearest-rank percentile p in (0, 100] of sorted values. */
double percentile(const std::vector<double>& sorted, double p)
{
    if (sorted.empty()) {
        return 0.0;
    }
    size_t rank = static_cast<size_t>(std::ceil(p / 100.0 * sorted.size()));
    rank = std::min(std::max<size_t>(rank, 1), sorted.size());
    return sorted[rank - 1];
}

// ---------------------------------------------------------------------------
// The generated input
// ---------------------------------------------------------------------------

/*!
 * Frames 0 .. frames-1 of `seed`: random information bits, the code's encoder,
 * BPSK over AWGN at ebn0_db (exact LLRs). Spread over the machine's cores.
 */
void generate(const gpufec::ldpc_code& code,
              size_t frames,
              double ebn0_db,
              uint64_t seed,
              std::vector<uint8_t>& info,
              float* llrs)
{
    const size_t k = static_cast<size_t>(code.k());
    const size_t n = static_cast<size_t>(code.n());
    info.assign(frames * k, 0);
    const gpufec::awgn_channel channel(
        gpufec::modulation::bpsk, ebn0_db, code.rate(), seed);
    (void)code.get_encoder(); // built once, before the workers share it
    const size_t workers =
        std::min<size_t>(frames, std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::exception_ptr> errors(workers);
    auto work = [&](size_t w) {
        try {
            std::vector<uint8_t> codeword(n);
            for (size_t f = w; f < frames; f += workers) {
                gpufec::random_bits(seed, f, k, &info[f * k]);
                code.encode(&info[f * k], codeword.data());
                channel.transmit(codeword.data(), n, f, llrs + f * n);
            }
        } catch (...) {
            errors[w] = std::current_exception();
        }
    };
    std::vector<std::thread> threads;
    for (size_t w = 1; w < workers; w++) {
        threads.emplace_back(work, w);
    }
    work(0);
    for (auto& t : threads) {
        t.join();
    }
    for (auto& e : errors) {
        if (e) {
            std::rethrow_exception(e);
        }
    }
}

/* Frames whose decoded information bits differ from those sent. */
size_t count_frame_errors(const uint8_t* decoded,
                          const std::vector<uint8_t>& sent,
                          size_t frames,
                          size_t k)
{
    size_t errors = 0;
    for (size_t f = 0; f < frames; f++) {
        errors +=
            !std::equal(decoded + f * k, decoded + (f + 1) * k, sent.data() + f * k);
    }
    return errors;
}

// ---------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------

/* One measured mode: throughput of the timed runs and the FER of the batch. */
struct mode_result {
    bool run = false;
    summary gbps;
    size_t frame_errors = 0;
    size_t parity_failures = 0; //!< frames whose final hard decision fails H
    double mean_iterations = 0.0;
};

struct latency_result {
    bool run = false;
    std::vector<double> us; //!< in measurement order
    double p50 = 0.0;
    double p99 = 0.0;
    double min = 0.0;
    double max = 0.0;
};

std::string tuning_text(const gpufec::cuda_tuning& t)
{
    std::ostringstream s;
    s << "device " << t.device << " (" << t.device_name << "): kernel " << t.kernel
      << ", " << t.frames_per_block << " frames/block, " << t.threads_per_block
      << " threads/block, " << t.shared_bytes_per_block << " B shared/block, "
      << t.blocks_per_sm << " blocks/SM, batch " << t.batch_frames << " frames, "
      << t.streams << " streams";
    if (!t.reason.empty()) {
        s << " (" << t.reason << ")";
    }
    return s.str();
}

nlohmann::ordered_json tuning_json(const gpufec::cuda_tuning& t)
{
    nlohmann::ordered_json j;
    j["device"] = t.device;
    j["device_name"] = t.device_name;
    j["kernel"] = t.kernel;
    j["frames_per_block"] = t.frames_per_block;
    j["threads_per_block"] = t.threads_per_block;
    j["shared_bytes_per_block"] = t.shared_bytes_per_block;
    j["blocks_per_sm"] = t.blocks_per_sm;
    j["batch_frames"] = t.batch_frames;
    j["streams"] = t.streams;
    j["reason"] = t.reason;
    return j;
}

nlohmann::ordered_json mode_json(const mode_result& m, size_t frames)
{
    if (!m.run) {
        return nullptr;
    }
    nlohmann::ordered_json j;
    j["gbps_median"] = m.gbps.median;
    j["gbps_min"] = m.gbps.min;
    j["gbps_max"] = m.gbps.max;
    j["gbps_samples"] = m.gbps.samples;
    j["frames"] = frames;
    j["frame_errors"] = m.frame_errors;
    j["fer"] = static_cast<double>(m.frame_errors) / frames;
    j["parity_failures"] = m.parity_failures;
    j["mean_iterations"] = m.mean_iterations;
    return j;
}

void print_mode(const char* label, const mode_result& m, size_t frames)
{
    if (!m.run) {
        return;
    }
    std::printf("%-16s median %9.4f Gbps  (min %.4f, max %.4f, %zu runs)  "
                "FER %.3e (%zu/%zu)  mean iterations %.2f\n",
                label,
                m.gbps.median,
                m.gbps.min,
                m.gbps.max,
                m.gbps.samples.size(),
                static_cast<double>(m.frame_errors) / frames,
                m.frame_errors,
                frames,
                m.mean_iterations);
    std::fflush(stdout);
}

} // namespace

namespace {

/*
 * Nonbinary codes (nbqc:, nbreg:, nbalist: specs): nb_decoder with --algorithm
 * minmax (nms, the binary default, is read as minmax), --schedule, --iterations,
 * --early-termination, --backend, --threads, --batch, --mode, --reps, --warmup,
 * --ebn0, --seed, --json, --nb-flooding, --nb-host-batch; --backend auto is the
 * library's choice (nb_decoder: cuda where a device works and the rule runs there, else
 * cpu), as in gpufec-ber. Device-resident (cuda): the
 * batch's normalized symbol LLRs are uploaded once, then --reps decodes are timed
 * together with CUDA events (mean per decode). Host-fed: decode_symbols() from host
 * memory (H2D + decode + D2H), wall clock, median of --reps. Throughput = frames * K * p
 * / time.
 */
int run_nb(const std::string& code_spec,
           std::string algorithm,
           const std::string& schedule,
           size_t iterations,
           bool early,
           const std::string& backend,
           int threads,
           size_t batch,
           const std::string& mode_name,
           size_t n_reps,
           size_t n_warmup,
           double ebn0_db,
           uint64_t seed,
           const std::string& json_path,
           const gpufec::nb_gpu_options& gpu)
{
    if (lower(algorithm) == "nms") {
        algorithm = "minmax";
    }
    const auto code = gpufec::nb_code::make(code_spec);
    gpufec::nb_decoder_options o;
    o.rule = gpufec::parse_nb_check_rule(algorithm);
    o.schedule = gpufec::parse_schedule(schedule);
    o.max_iterations = static_cast<int>(iterations);
    o.early_termination = early;
    o.backend = gpufec::parse_backend(backend); // auto: the library's choice
    o.threads = threads;
    o.gpu = gpu;
    o.validate();
    auto dec = gpufec::nb_decoder::make(code, o);
    const bool on_gpu = dec->backend_name() == "cuda";
    const bool want_device = mode_name == "device" || (mode_name == "both" && on_gpu);
    const bool want_host = mode_name == "host" || mode_name == "both";
    if (want_device && !on_gpu) {
        throw usage_error("--mode device needs the cuda backend; use --mode host");
    }
    const size_t n = code->n(), k = code->k(), p = code->p(), q = code->q();
    size_t frames = batch;
    if (frames == 0) {
        // cuda: 4096 frames, fewer when the messages would pass 10 GiB
        const size_t per_frame = (2 * n + 2 * code->h().edges()) * q * sizeof(float);
        frames = on_gpu ? std::min<size_t>(
                              4096, std::max<size_t>(1, (size_t(10) << 30) / per_frame))
                        : 64;
    }
    // bit and symbol LLRs, decisions and information symbols of every frame
    check_batch_memory(frames, n * (p + q) * sizeof(float) + 2 * n + 2 * k * p);
    // Input: random codewords over BPSK/AWGN, then symbol LLRs.
    gpufec::awgn_channel ch(gpufec::modulation::bpsk, ebn0_db, code->rate(), seed);
    std::vector<uint8_t> bits(k * p), cw(n * p), sent(frames * k);
    std::vector<float> all_bits(frames * n * p), sym(frames * n * q);
    for (size_t f = 0; f < frames; f++) {
        gpufec::random_bits(seed, f, bits.size(), bits.data());
        gpufec::nb_bits_to_symbols(
            bits.data(), static_cast<int>(k), static_cast<int>(p), &sent[f * k]);
        code->encode_bits(bits.data(), cw.data());
        float* bit_llr = &all_bits[f * n * p];
        ch.transmit(cw.data(), cw.size(), f, bit_llr);
        gpufec::nb_bit_llrs_to_symbol_llrs(
            bit_llr, n, static_cast<int>(p), &sym[f * n * q]);
    }
    const double info_bits = static_cast<double>(frames) * k * p;
    std::printf("gpufec-bench: code %s  GF(%zu)  N=%zu  K=%zu  rate=%.6g\n",
                code->name().c_str(),
                q,
                n,
                k,
                code->rate());
    std::printf("decoder: %s %s, %zu iterations, early termination %s  backend: %s\n",
                gpufec::to_string(o.rule).c_str(),
                gpufec::to_string(o.schedule).c_str(),
                iterations,
                early ? "on" : "off",
                dec->backend_name().c_str());
    std::printf("input: %zu frames per call, BPSK/AWGN at Eb/N0 %g dB, seed %llu\n",
                frames,
                ebn0_db,
                static_cast<unsigned long long>(seed));
    double dev_mbps = -1, host_mbps = -1, host_fer = -1, host_ser = -1, mean_it = -1;
    if (want_device) {
#ifdef GPUFEC_HAVE_CUDA
        const double t = gpufec::nb_cuda_time_device_resident(
            code, o, sym.data(), frames, static_cast<int>(n_reps));
        dev_mbps = info_bits / t / 1e6;
        std::printf("device-resident  %10.2f Mbps  (mean of %zu decodes of %zu frames, "
                    "%.3f ms each)\n",
                    dev_mbps,
                    n_reps,
                    frames,
                    t * 1e3);
#else
        throw usage_error("--mode device: this build has no CUDA support");
#endif
    }
    if (want_host) {
        std::vector<uint8_t> info(frames * k);
        std::vector<int> its(frames);
        gpufec::nb_decode_output out;
        out.info_symbols = info.data();
        out.iterations = its.data();
        std::vector<double> secs;
        for (size_t r = 0; r < n_warmup + n_reps; r++) {
            const auto t0 = std::chrono::steady_clock::now();
            dec->decode_symbols(sym.data(), sym.size(), frames, out);
            const auto t1 = std::chrono::steady_clock::now();
            if (r >= n_warmup) {
                secs.push_back(std::chrono::duration<double>(t1 - t0).count());
            }
        }
        std::sort(secs.begin(), secs.end());
        host_mbps = info_bits / secs[secs.size() / 2] / 1e6;
        size_t fe = 0, se = 0, it_sum = 0;
        for (size_t f = 0; f < frames; f++) {
            size_t e = 0;
            for (size_t i = 0; i < k; i++) {
                e += info[f * k + i] != sent[f * k + i];
            }
            fe += e > 0;
            se += e;
            it_sum += its[f];
        }
        host_fer = double(fe) / frames;
        host_ser = double(se) / (frames * k);
        mean_it = double(it_sum) / frames;
        std::printf("host-fed         %10.2f Mbps  (median of %zu)  FER %.4g  SER %.4g  "
                    "mean iterations %.2f\n",
                    host_mbps,
                    n_reps,
                    host_fer,
                    host_ser,
                    mean_it);
        // The same frames as bit LLRs (N*p floats a frame instead of N*q).
        std::vector<uint8_t> info_b(frames * k);
        out.info_symbols = info_b.data();
        secs.clear();
        for (size_t r = 0; r < n_warmup + n_reps; r++) {
            const auto t0 = std::chrono::steady_clock::now();
            dec->decode_bits(all_bits.data(), all_bits.size(), frames, out);
            const auto t1 = std::chrono::steady_clock::now();
            if (r >= n_warmup) {
                secs.push_back(std::chrono::duration<double>(t1 - t0).count());
            }
        }
        std::sort(secs.begin(), secs.end());
        std::printf("host-fed, bits   %10.2f Mbps  (median of %zu; decode_bits, same "
                    "decisions as decode_symbols: %s)\n",
                    info_bits / secs[secs.size() / 2] / 1e6,
                    n_reps,
                    info_b == info ? "yes" : "no");
    }
    if (!json_path.empty()) {
        // a negative figure: not measured (null)
        auto measured = [](double v) {
            return v < 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(v);
        };
        nlohmann::ordered_json j;
        j["program"] = "gpufec-bench";
        j["code"] = code->name();
        j["q"] = q;
        j["n"] = n;
        j["k"] = k;
        j["algorithm"] = gpufec::to_string(o.rule);
        j["schedule"] = gpufec::to_string(o.schedule);
        j["iterations"] = iterations;
        j["early_termination"] = early;
        j["backend"] = dec->backend_name();
        j["frames"] = frames;
        j["ebn0_db"] = ebn0_db;
        j["device_resident_mbps"] = measured(dev_mbps);
        j["host_fed_mbps"] = measured(host_mbps);
        j["fer"] = measured(host_fer);
        j["ser"] = measured(host_ser);
        if (!write_file(json_path, j.dump(1) + "\n")) {
            throw std::runtime_error("--json: cannot write '" + json_path + "'");
        }
    }
    return 0;
}

} // namespace

namespace {
int run(int argc, char** argv)
{
    CLI::App app{ "gpufec-bench: information throughput (Gbps) and single-frame latency "
                  "of a gpufec decoder" };
    std::string code_spec = "wimax:2304:1/2";
    std::string algorithm = "nms";
    gpufec_app::rule_parameter_args rule_parameters;
    std::string schedule = "layered";
    std::string iterations = "10";
    std::string early = "off";
    std::string backend = "auto";
    std::string threads = "0";
    fixed_point_args fixed;
    std::string precision = "float";
    std::string frames_per_block = "0";
    std::string cuda_kernel = "auto";
    std::string simd_layout = "auto";
    std::string nb_flooding = "auto";
    std::string nb_host_batch = "0";
    std::string streams = "3";
    std::string device = "0";
    std::string batch = "0";
    std::string input = "float";
    std::string host_memory = "pinned";
    std::string int8_step = "0.125";
    std::string mode = "both";
    std::string reps = "10";
    std::string warmup = "2";
    std::string latency_samples = "200";
    std::string ebn0 = "2.0";
    std::string seed = "1";
    std::string json_path;

    auto option = [&app](const std::string& name,
                         std::string& value,
                         const std::string& type,
                         const std::string& help) {
        return app.add_option(name, value, help)->type_name(type)->capture_default_str();
    };
    option("--code", code_spec, "SPEC", "the code; " + gpufec::ldpc_code::spec_forms());
    option("--algorithm", algorithm, "NAME", "check-node rule: spa, ms, nms, oms, scms");
    rule_parameters.add_options(app);
    option("--schedule", schedule, "NAME", "layered or flooding");
    option("--iterations", iterations, "N", "maximum decoder iterations");
    option("--early-termination",
           early,
           "on|off",
           "stop decoding a frame once its syndrome is zero (off by default: the "
           "throughput goals are stated without it)");
    option("--backend", backend, "NAME", "cpu, cuda or auto");
    option("--threads", threads, "N", "CPU decoder threads, 0 = all cores");
    option("--precision",
           precision,
           "NAME",
           "message arithmetic: float, half2 (cuda), int16 or int8 (cpu SIMD)");
    fixed.add_options(app);
    option("--frames-per-block",
           frames_per_block,
           "N",
           "cuda: frames per thread block, 0 = the tuner's choice");
    option("--cuda-kernel",
           cuda_kernel,
           "NAME",
           "cuda: the decoding kernel as the tuning line names it (gpu_options::kernel), "
           "auto = the tuner's choice");
    option("--simd-layout",
           simd_layout,
           "NAME",
           "cpu SIMD decoder: frames to lanes, auto, inter or intra");
    option("--nb-flooding",
           nb_flooding,
           "NAME",
           "nonbinary cuda flooding pipeline: auto (check domain for q >= 4) or classic");
    option("--nb-host-batch",
           nb_host_batch,
           "N",
           "nonbinary cuda: frames per batch of the host-fed pipeline, 0 = the "
           "decoder's choice");
    option("--streams", streams, "N", "cuda: streams of the host pipeline (>= 1)");
    option("--device", device, "N", "cuda: device index");
    option("--batch",
           batch,
           "N",
           "frames per decode call; 0 = 4 x the tuner's batch (cuda), or about 2^20 "
           "LLRs clamped to [64, 1024] frames (cpu)");
    option("--input", input, "TYPE", "LLRs given to the decoder: float or int8");
    option("--host-memory",
           host_memory,
           "KIND",
           "host-fed buffers on cuda: pinned (page-locked) or pageable (ordinary "
           "memory, as a GNU Radio block's buffers are)");
    option("--int8-step", int8_step, "S", "int8 input: value v stands for LLR v * S");
    option("--mode",
           mode,
           "NAME",
           "device (LLRs resident in GPU memory, cuda only), host (host-fed), or both "
           "(device and host on cuda, host on cpu)");
    option("--reps",
           reps,
           "N",
           "timed runs per mode; the median is reported (use >= 10 for figures)");
    option("--warmup", warmup, "N", "untimed runs before the timed ones, per mode");
    option("--latency-samples",
           latency_samples,
           "N",
           "single-frame host-fed decodes timed for p50/p99 (>= 200 for figures; "
           "0 = skip)");
    option("--ebn0", ebn0, "DB", "Eb/N0 of the generated input (BPSK over AWGN)");
    option("--seed", seed, "S", "random seed of bits and noise (Philox key)");
    app.add_option("--json", json_path, "write the results to FILE as a JSON object")
        ->type_name("FILE");

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        throw usage_error(e.what());
    }

    if (gpufec::nb_code::is_nb_spec(code_spec)) {
        gpufec::nb_gpu_options nb_gpu;
        nb_gpu.flooding =
            parse_choice(nb_flooding, "--nb-flooding", { "auto", "classic" }) == "classic"
                ? gpufec::nb_flooding_pipeline::classic
                : gpufec::nb_flooding_pipeline::automatic;
        nb_gpu.host_batch_frames =
            static_cast<int>(parse_unsigned(nb_host_batch, "--nb-host-batch", 0, 16384));
        return run_nb(
            code_spec,
            algorithm,
            schedule,
            parse_unsigned(iterations, "--iterations", 1, 100000),
            parse_on_off(early, "--early-termination"),
            backend,
            static_cast<int>(parse_unsigned(threads, "--threads", 0, 4096)),
            static_cast<size_t>(parse_unsigned(batch, "--batch", 0, 1 << 20)),
            parse_choice(mode, "--mode", { "device", "host", "both" }),
            static_cast<size_t>(parse_unsigned(reps, "--reps", 1, 100000)),
            static_cast<size_t>(parse_unsigned(warmup, "--warmup", 0, 100000)),
            parse_real(ebn0, "--ebn0"),
            parse_unsigned(seed, "--seed", 0, std::numeric_limits<uint64_t>::max()),
            json_path,
            nb_gpu);
    }

    gpufec::decoder_options dec;
    dec.rule = gpufec::parse_check_node_rule(algorithm);
    rule_parameters.apply(dec);
    dec.schedule = gpufec::parse_schedule(schedule);
    dec.max_iterations =
        static_cast<int>(parse_unsigned(iterations, "--iterations", 1, 100000));
    dec.early_termination = parse_on_off(early, "--early-termination");
    dec.backend = gpufec::parse_backend(backend);
    dec.threads = static_cast<int>(parse_unsigned(threads, "--threads", 0, 4096));
    const std::string precision_name =
        parse_choice(precision, "--precision", { "float", "half2", "int16", "int8" });
    dec.precision = gpufec::parse_precision(precision_name);
    dec.gpu.frames_per_block = static_cast<int>(
        parse_unsigned(frames_per_block, "--frames-per-block", 0, 1 << 20));
    dec.gpu.streams = static_cast<int>(parse_unsigned(streams, "--streams", 1, 64));
    dec.gpu.device = static_cast<int>(parse_unsigned(device, "--device", 0, 1024));
    dec.gpu.kernel = cuda_kernel;
    const std::string layout =
        parse_choice(simd_layout, "--simd-layout", { "auto", "inter", "intra" });
    dec.layout = layout == "inter"   ? gpufec::simd_layout::inter_frame
                 : layout == "intra" ? gpufec::simd_layout::intra_frame
                                     : gpufec::simd_layout::automatic;
    fixed.apply(dec.fixed);
    dec.validate();

    const size_t batch_arg =
        static_cast<size_t>(parse_unsigned(batch, "--batch", 0, size_t(1) << 24));
    const bool int8_input = parse_choice(input, "--input", { "float", "int8" }) == "int8";
    const bool pinned_host =
        parse_choice(host_memory, "--host-memory", { "pinned", "pageable" }) == "pinned";
    const double step_d = parse_real(int8_step, "--int8-step");
    if (!(step_d > 0.0)) {
        throw usage_error("--int8-step: " + int8_step + " is not > 0");
    }
    const float step = static_cast<float>(step_d);
    const std::string mode_name =
        parse_choice(mode, "--mode", { "device", "host", "both" });
    const size_t n_reps = static_cast<size_t>(parse_unsigned(reps, "--reps", 1, 100000));
    const size_t n_warmup =
        static_cast<size_t>(parse_unsigned(warmup, "--warmup", 0, 100000));
    const size_t n_latency = static_cast<size_t>(
        parse_unsigned(latency_samples, "--latency-samples", 0, 10000000));
    const double ebn0_db = parse_real(ebn0, "--ebn0");
    const uint64_t seed_v =
        parse_unsigned(seed, "--seed", 0, std::numeric_limits<uint64_t>::max());

    // Find out now, not after the runs, that the file cannot be written.
    if (!json_path.empty() && !write_file(json_path, "{}\n")) {
        throw usage_error("--json: cannot write '" + json_path +
                          "': " + std::strerror(errno));
    }

    const gpufec::ldpc_code::sptr code = gpufec::ldpc_code::make(code_spec);
    const size_t n = static_cast<size_t>(code->n());
    const size_t k = static_cast<size_t>(code->k());

    gpufec::decoder::uptr decoder = gpufec::decoder::make(code, dec);
    auto* cuda = dynamic_cast<gpufec::cuda_decoder*>(decoder.get());
    const bool on_gpu = cuda != nullptr;

    const bool want_device = mode_name == "device" || (mode_name == "both" && on_gpu);
    const bool want_host = mode_name == "host" || mode_name == "both";
    if (want_device && !on_gpu) {
        throw usage_error("--mode device needs the cuda backend (LLRs resident in GPU "
                          "memory), but the decoder runs on backend " +
                          decoder->backend_name() + "; use --mode host");
    }
#ifndef GPUFEC_HAVE_CUDA
    if (want_device) {
        throw usage_error(
            "--mode device: this build of gpufec-bench has no CUDA support");
    }
#endif

    gpufec::cuda_tuning tuning;
    if (on_gpu) {
        tuning = cuda->tuning();
    }
    size_t frames = batch_arg;
    if (frames == 0) {
        if (on_gpu) {
            const size_t tuner_batch =
                tuning.batch_frames > 0 ? static_cast<size_t>(tuning.batch_frames) : 4096;
            frames = 4 * tuner_batch;
            // at most 1 GiB of float LLRs per call
            frames = std::min(frames, std::max<size_t>(1, (size_t(1) << 28) / n));
        } else {
            frames = std::min<size_t>(1024, std::max<size_t>(64, (size_t(1) << 20) / n));
        }
    }

    const gpufec::decoder_options in_force = decoder->options();
    std::printf("gpufec-bench: code %s  N=%zu  K=%zu  rate=%.6g\n",
                code->name().c_str(),
                n,
                k,
                code->rate());
    std::printf("decoder: %s  backend: %s\n",
                gpufec_app::decoder_text(in_force).c_str(),
                decoder->backend_name().c_str());
    const std::string cuda_version = gpufec::cuda_version_string();
    if (on_gpu) {
        std::printf("CUDA: %s\n", cuda_version.c_str());
        std::printf("tuner: %s\n", tuning_text(tuning).c_str());
    } else {
        const unsigned cores = std::thread::hardware_concurrency();
        std::printf("CPU threads: %u of %u cores\n",
                    in_force.threads > 0 ? static_cast<unsigned>(in_force.threads)
                                         : std::max(1u, cores),
                    cores);
    }
    if (n_reps < 10) {
        std::printf("note: %zu timed runs; figures for docs/BENCHMARKS.md use >= 10\n",
                    n_reps);
    }
    if (n_latency > 0 && n_latency < 200) {
        std::printf("note: %zu latency samples; figures use >= 200\n", n_latency);
    }
    std::fflush(stdout);

    // ---- input
    // LLRs (float, int8), sent and decided bits, parity and iterations
    check_batch_memory(frames, n * (sizeof(float) + 3) + k + 8);
    const bool pinned = on_gpu && pinned_host;
    host_array<float> llrs(frames * n, pinned);
    if (pinned && !llrs.pinned()) {
        std::printf("note: host buffers are pageable (%s)\n",
                    llrs.why_not_pinned().c_str());
    }
    std::vector<uint8_t> sent;
    const auto g0 = std::chrono::steady_clock::now();
    generate(*code, frames, ebn0_db, seed_v, sent, llrs.data());
    std::unique_ptr<host_array<int8_t>> llrs8;
    if (int8_input) {
        llrs8 = std::make_unique<host_array<int8_t>>(frames * n, pinned);
        gpufec::quantize_llrs(llrs.data(), frames * n, step, llrs8->data());
    }
    const double gen_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - g0).count();
    std::printf("input: %zu frames per call of %s LLRs%s, BPSK/AWGN at Eb/N0 %s dB, seed "
                "%s (generated in %.2f s); %zu warm-up + %zu timed runs per mode\n",
                frames,
                int8_input ? "int8" : "float",
                int8_input ? (" (step " + int8_step + ")").c_str() : "",
                json_number(ebn0_db).c_str(),
                seed.c_str(),
                gen_s,
                n_warmup,
                n_reps);
    std::fflush(stdout);

    const double info_bits = static_cast<double>(frames) * k;
    auto stats_of = [&](mode_result& m,
                        const uint8_t* bits,
                        const int* iters,
                        const uint8_t* parity_ok) {
        m.frame_errors = count_frame_errors(bits, sent, frames, k);
        double it = 0.0;
        m.parity_failures = 0;
        for (size_t f = 0; f < frames; f++) {
            it += iters[f];
            m.parity_failures += parity_ok[f] ? 0 : 1;
        }
        m.mean_iterations = it / frames;
    };

    // ---- device-resident
    mode_result dev_result;
#ifdef GPUFEC_HAVE_CUDA
    if (want_device) {
        cuda_check(cudaSetDevice(tuning.device), "cudaSetDevice");
        cuda_timer timer;
        std::unique_ptr<device_array<float>> d_llrs;
        std::unique_ptr<device_array<int8_t>> d_llrs8;
        if (int8_input) {
            d_llrs8 = std::make_unique<device_array<int8_t>>(frames * n);
            cuda_check(
                cudaMemcpy(
                    d_llrs8->data(), llrs8->data(), frames * n, cudaMemcpyHostToDevice),
                "cudaMemcpy of the LLRs to the device");
        } else {
            d_llrs = std::make_unique<device_array<float>>(frames * n);
            cuda_check(cudaMemcpy(d_llrs->data(),
                                  llrs.data(),
                                  frames * n * sizeof(float),
                                  cudaMemcpyHostToDevice),
                       "cudaMemcpy of the LLRs to the device");
        }
        device_array<uint8_t> d_bits(frames * k);
        device_array<int> d_iters(frames);
        device_array<uint8_t> d_ok(frames);
        auto once = [&]() -> double {
            cuda_check(cudaEventRecord(timer.start, timer.stream), "cudaEventRecord");
            if (int8_input) {
                cuda->decode_device(d_llrs8->data(),
                                    step,
                                    frames,
                                    d_bits.data(),
                                    d_iters.data(),
                                    d_ok.data(),
                                    timer.stream);
            } else {
                cuda->decode_device(d_llrs->data(),
                                    frames,
                                    d_bits.data(),
                                    d_iters.data(),
                                    d_ok.data(),
                                    timer.stream);
            }
            cuda_check(cudaEventRecord(timer.stop, timer.stream), "cudaEventRecord");
            cuda_check(cudaEventSynchronize(timer.stop), "cudaEventSynchronize");
            float ms = 0.0f;
            cuda_check(cudaEventElapsedTime(&ms, timer.start, timer.stop),
                       "cudaEventElapsedTime");
            return ms * 1e-3;
        };
        for (size_t w = 0; w < n_warmup; w++) {
            once();
        }
        std::vector<double> gbps;
        for (size_t r = 0; r < n_reps; r++) {
            gbps.push_back(info_bits / once() / 1e9);
        }
        dev_result.run = true;
        dev_result.gbps = summarize(gbps);
        std::vector<uint8_t> bits(frames * k);
        std::vector<int> iters(frames);
        std::vector<uint8_t> ok(frames);
        cuda_check(
            cudaMemcpy(bits.data(), d_bits.data(), bits.size(), cudaMemcpyDeviceToHost),
            "cudaMemcpy of the bits to the host");
        cuda_check(cudaMemcpy(iters.data(),
                              d_iters.data(),
                              frames * sizeof(int),
                              cudaMemcpyDeviceToHost),
                   "cudaMemcpy of the iterations to the host");
        cuda_check(cudaMemcpy(ok.data(), d_ok.data(), frames, cudaMemcpyDeviceToHost),
                   "cudaMemcpy of the parity flags to the host");
        stats_of(dev_result, bits.data(), iters.data(), ok.data());
        print_mode("device-resident:", dev_result, frames);
    }
#endif

    // ---- host-fed
    host_array<uint8_t> out_bits(frames * k, pinned);
    host_array<int> out_iters(frames, pinned);
    host_array<uint8_t> out_ok(frames, pinned);
    auto host_decode = [&](size_t first, size_t count) {
        gpufec::decode_output out;
        out.info_bits = out_bits.data() + first * k;
        out.iterations = out_iters.data() + first;
        out.parity_ok = out_ok.data() + first;
        if (int8_input) {
            decoder->decode(llrs8->data() + first * n, count * n, count, step, out);
        } else {
            decoder->decode(llrs.data() + first * n, count * n, count, out);
        }
    };
    mode_result host_result;
    if (want_host) {
        auto once = [&]() -> double {
            const auto t0 = std::chrono::steady_clock::now();
            host_decode(0, frames);
            return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
                .count();
        };
        for (size_t w = 0; w < n_warmup; w++) {
            once();
        }
        std::vector<double> gbps;
        for (size_t r = 0; r < n_reps; r++) {
            gbps.push_back(info_bits / once() / 1e9);
        }
        host_result.run = true;
        host_result.gbps = summarize(gbps);
        stats_of(host_result, out_bits.data(), out_iters.data(), out_ok.data());
        print_mode("host-fed:", host_result, frames);
    }

    // ---- single-frame latency (host-fed)
    latency_result lat;
    if (n_latency > 0) {
        const size_t lat_warmup = std::max<size_t>(n_warmup, 10);
        for (size_t w = 0; w < lat_warmup; w++) {
            host_decode(w % frames, 1);
        }
        for (size_t s = 0; s < n_latency; s++) {
            const size_t f = s % frames;
            const auto t0 = std::chrono::steady_clock::now();
            host_decode(f, 1);
            lat.us.push_back(std::chrono::duration<double, std::micro>(
                                 std::chrono::steady_clock::now() - t0)
                                 .count());
        }
        std::vector<double> sorted = lat.us;
        std::sort(sorted.begin(), sorted.end());
        lat.run = true;
        lat.p50 = percentile(sorted, 50.0);
        lat.p99 = percentile(sorted, 99.0);
        lat.min = sorted.front();
        lat.max = sorted.back();
        std::printf("latency (1 frame, host-fed): p50 %.1f us  p99 %.1f us  (min %.1f, "
                    "max %.1f, %zu samples)\n",
                    lat.p50,
                    lat.p99,
                    lat.min,
                    lat.max,
                    n_latency);
        std::fflush(stdout);
    }

    if (!json_path.empty()) {
        std::string command;
        for (int i = 0; i < argc; i++) {
            command += (i ? " " : "") + std::string(argv[i]);
        }
        nlohmann::ordered_json j;
        j["program"] = "gpufec-bench";
        j["command"] = command;
        j["code"] = code->name();
        j["n"] = n;
        j["k"] = k;
        j["rate"] = code->rate();
        j["algorithm"] = gpufec::to_string(in_force.rule);
        j["alpha"] = static_cast<double>(in_force.alpha);
        j["beta"] = static_cast<double>(in_force.beta);
        j["schedule"] = gpufec::to_string(in_force.schedule);
        j["iterations"] = in_force.max_iterations;
        j["early_termination"] = in_force.early_termination;
        j["backend"] = decoder->backend_name();
        j["precision"] = gpufec::to_string(in_force.precision);
        j["threads"] = in_force.threads;
        j["cuda"] = cuda_version;
        j["tuning"] = on_gpu ? tuning_json(tuning) : nlohmann::ordered_json(nullptr);
        j["batch_frames"] = frames;
        j["input"] = int8_input ? "int8" : "float";
        j["int8_step"] = step;
        j["pinned"] = llrs.pinned();
        j["ebn0_db"] = ebn0_db;
        j["seed"] = seed_v;
        j["warmup"] = n_warmup;
        j["reps"] = n_reps;
        j["device_resident"] = mode_json(dev_result, frames);
        j["host_fed"] = mode_json(host_result, frames);
        if (lat.run) {
            nlohmann::ordered_json l;
            l["p50_us"] = lat.p50;
            l["p99_us"] = lat.p99;
            l["min_us"] = lat.min;
            l["max_us"] = lat.max;
            l["samples"] = lat.us.size();
            j["latency"] = l;
        } else {
            j["latency"] = nullptr;
        }
        if (!write_file(json_path, j.dump(1) + "\n")) {
            throw std::runtime_error("--json: cannot write '" + json_path + "'");
        }
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    return gpufec_app::run_app("gpufec-bench", [&] { return run(argc, argv); });
}
