/* -*- c++ -*- */
/*
 * gpu_selfcheck: the CUDA decoder engineer's own check and quick timing, run on
 * the GPU machine (not part of the build; compile against build-gpu):
 *   nvcc -std=c++17 -O2 -Iinclude lib/cuda/tools/gpu_selfcheck.cc \
 *        -Lbuild-gpu/lib -lgpufec -o gpu_selfcheck
 * 1. Agreement: fresh noisy frames (Philox AWGN, BPSK) decoded by the CPU reference
 *    and by the CUDA backend, every rule and both schedules, float and half2 and
 *    int8 input: fraction of frames with identical hard decisions, FER of each.
 * 2. Timing: device-resident and host-fed information throughput (median of reps
 *    after warm-up, CUDA events) and single-frame host-fed latency.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gpufec/channel.h>
#include <gpufec/cuda_decoder.h>
#include <gpufec/decoder.h>
#include <gpufec/ldpc_code.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include <string>
#include <vector>

using namespace gpufec;

#define CK(x)                                                                      \
    do {                                                                           \
        cudaError_t e_ = (x);                                                      \
        if (e_ != cudaSuccess) {                                                   \
            std::fprintf(                                                          \
                stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
            std::exit(1);                                                          \
        }                                                                          \
    } while (0)

struct batch {
    std::vector<uint8_t> cw;
    std::vector<float> llr;
};

static batch make_batch(const ldpc_code& code, double ebn0, size_t frames, uint64_t seed)
{
    batch b;
    const size_t n = code.n(), k = code.k();
    b.cw.resize(frames * n);
    b.llr.resize(frames * n);
    awgn_channel ch(modulation::bpsk, ebn0, code.rate(), seed);
    std::vector<uint8_t> info(k);
    for (size_t f = 0; f < frames; ++f) {
        random_bits(seed, f, k, info.data());
        code.encode(info.data(), &b.cw[f * n]);
        ch.transmit(&b.cw[f * n], n, f, &b.llr[f * n]);
    }
    return b;
}

static int check_case(const std::string& spec, double ebn0, size_t frames, bool only_fast)
{
    auto code = ldpc_code::make(spec);
    const size_t n = code->n();
    batch b = make_batch(*code, ebn0, frames, 1234567 + frames);
    std::vector<int8_t> q(b.llr.size());
    quantize_llrs(b.llr.data(), b.llr.size(), default_int8_llr_step, q.data());
    int bad = 0;
    const char* rules[] = { "nms", "ms", "oms", "scms", "spa" };
    const char* scheds[] = { "layered", "flooding" };
    for (const char* sched : scheds) {
        for (const char* rule : rules) {
            if (only_fast &&
                (std::string(sched) != "layered" || std::string(rule) == "spa"))
                continue;
            decoder_options o;
            o.rule = parse_check_node_rule(rule);
            o.schedule = parse_schedule(sched);
            o.max_iterations = 10;
            o.early_termination = true;
            o.backend = backend_kind::cpu;
            auto cpu = decoder::make(code, o);
            std::vector<uint8_t> c_cw(frames * n), g_cw(frames * n), c_ok(frames),
                g_ok(frames);
            std::vector<int> c_it(frames), g_it(frames);
            decode_output co{ nullptr, c_cw.data(), c_it.data(), c_ok.data() };
            auto t0 = std::chrono::steady_clock::now();
            cpu->decode(b.llr.data(), b.llr.size(), frames, co);
            auto t1 = std::chrono::steady_clock::now();
            auto fer = [&](const std::vector<uint8_t>& cw) {
                size_t e = 0;
                for (size_t f = 0; f < frames; ++f)
                    e += std::memcmp(&cw[f * n], &b.cw[f * n], n) != 0;
                return double(e) / frames;
            };
            const double cfer = fer(c_cw);
            for (int prec = 0; prec < 3; ++prec) { // float, half2, float+int8 input
                if (prec == 1 && std::string(rule) == "spa")
                    continue;
                o.backend = backend_kind::cuda;
                o.precision =
                    prec == 1 ? message_precision::half2 : message_precision::float32;
                std::unique_ptr<cuda_decoder> gpu;
                try {
                    gpu = cuda_decoder::make(code, o);
                } catch (const std::exception& e) {
                    std::printf("%-22s %-8s %-4s %s: make failed: %s\n",
                                spec.c_str(),
                                sched,
                                rule,
                                prec == 1 ? "half2" : "f32",
                                e.what());
                    ++bad;
                    continue;
                }
                std::fill(g_cw.begin(), g_cw.end(), 7);
                std::fill(g_it.begin(), g_it.end(), -1);
                decode_output go{ nullptr, g_cw.data(), g_it.data(), g_ok.data() };
                auto t2 = std::chrono::steady_clock::now();
                if (prec == 2)
                    gpu->decode(q.data(), q.size(), frames, default_int8_llr_step, go);
                else
                    gpu->decode(b.llr.data(), b.llr.size(), frames, go);
                auto t3 = std::chrono::steady_clock::now();
                size_t same = 0, same_it = 0, unwritten = 0;
                for (size_t f = 0; f < frames; ++f) {
                    same += std::memcmp(&c_cw[f * n], &g_cw[f * n], n) == 0;
                    same_it += c_it[f] == g_it[f] && c_ok[f] == g_ok[f];
                    unwritten += g_it[f] < 0;
                    for (size_t i = 0; i < n; ++i)
                        unwritten += g_cw[f * n + i] > 1;
                }
                const double agree = double(same) / frames;
                const bool ok = unwritten == 0 && (prec != 0 || agree >= 0.999);
                if (!ok)
                    ++bad;
                std::printf(
                    "%-20s %-8s %-4s %-9s agree %.4f it+ok %.4f FER cpu %.4f gpu %.4f  "
                    "[%s] cpu %.0f ms gpu %.1f ms %s%s\n",
                    spec.c_str(),
                    sched,
                    rule,
                    prec == 0   ? "f32"
                    : prec == 1 ? "half2"
                                : "f32-int8",
                    agree,
                    double(same_it) / frames,
                    cfer,
                    fer(g_cw),
                    gpu->tuning().kernel.c_str(),
                    std::chrono::duration<double, std::milli>(t1 - t0).count(),
                    std::chrono::duration<double, std::milli>(t3 - t2).count(),
                    ok ? "" : "  <-- FAIL",
                    unwritten ? " (unwritten outputs)" : "");
                std::fflush(stdout);
            }
        }
    }
    return bad;
}

static double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

static void time_case(const std::string& spec,
                      const char* rule,
                      const char* prec,
                      size_t frames,
                      int reps,
                      bool host,
                      bool et = false)
{
    auto code = ldpc_code::make(spec);
    decoder_options o;
    o.rule = parse_check_node_rule(rule);
    o.schedule = decoding_schedule::layered;
    o.max_iterations = 10;
    o.early_termination = et;
    o.backend = backend_kind::cuda;
    o.precision = parse_precision(prec);
    auto gpu = cuda_decoder::make(code, o);
    const cuda_tuning t = gpu->tuning();
    if (reps == 0) { // profiling: one warm-up and one measured launch
        std::vector<float> l(frames * code->n(), 1.5f);
        float* d;
        uint8_t* di;
        CK(cudaMalloc(&d, l.size() * 4));
        CK(cudaMalloc(&di, frames * code->k()));
        batch b = make_batch(*code, 2.0, 512, 5);
        for (size_t f = 0; f < frames; f += 512)
            CK(cudaMemcpy(d + f * code->n(),
                          b.llr.data(),
                          std::min<size_t>(512, frames - f) * code->n() * 4,
                          cudaMemcpyHostToDevice));
        for (int r = 0; r < 3; ++r)
            gpu->decode_device(d, frames, di, nullptr, nullptr, nullptr);
        CK(cudaDeviceSynchronize());
        cudaFree(d);
        cudaFree(di);
        return;
    }
    if (frames == 0)
        frames = size_t(t.batch_frames) * 4;
    const size_t n = code->n(), k = code->k();
    // 4 rotating input sets so the cache does not hold the input
    const size_t sets = 4;
    batch b = make_batch(*code, 2.0, std::min<size_t>(frames, 4096), 99);
    float* d_llr;
    int8_t* d_q;
    uint8_t* d_info;
    CK(cudaMalloc(&d_llr, sets * frames * n * sizeof(float)));
    CK(cudaMalloc(&d_q, frames * n));
    CK(cudaMalloc(&d_info, frames * k));
    for (size_t s = 0; s < sets; ++s)
        for (size_t f = 0; f < frames; f += 4096) {
            const size_t c = std::min<size_t>(4096, frames - f);
            const size_t cc = std::min(c, b.llr.size() / n);
            CK(cudaMemcpy(d_llr + (s * frames + f) * n,
                          b.llr.data(),
                          cc * n * 4,
                          cudaMemcpyHostToDevice));
        }
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    std::vector<double> ms;
    for (int r = 0; r < reps + 3; ++r) {
        CK(cudaEventRecord(e0, 0));
        gpu->decode_device(
            d_llr + (r % sets) * frames * n, frames, d_info, nullptr, nullptr, nullptr);
        CK(cudaEventRecord(e1, 0));
        CK(cudaEventSynchronize(e1));
        float m = 0;
        CK(cudaEventElapsedTime(&m, e0, e1));
        if (r >= 3)
            ms.push_back(m);
    }
    const double med = median(ms);
    std::printf("DEVICE %-18s %-4s %-5s %s frames %8zu  %.3f ms  %.2f Gbps  [%s fpb %d "
                "thr %d smem %zu "
                "bps %d batch %d]\n",
                spec.c_str(),
                rule,
                prec,
                et ? "ET@2dB" : "noET",
                frames,
                med,
                frames * k / (med * 1e-3) / 1e9,
                t.kernel.c_str(),
                t.frames_per_block,
                t.threads_per_block,
                t.shared_bytes_per_block,
                t.blocks_per_sm,
                t.batch_frames);
    std::fflush(stdout);
    if (host) {
        // host-fed, pinned caller buffers (direct DMA), float and int8
        float* h_llr;
        int8_t* h_q;
        uint8_t* h_info;
        CK(cudaMallocHost(&h_llr, frames * n * sizeof(float)));
        CK(cudaMallocHost(&h_q, frames * n));
        CK(cudaMallocHost(&h_info, frames * k));
        for (size_t f = 0; f < frames; ++f)
            std::memcpy(h_llr + f * n, &b.llr[(f % (b.llr.size() / n)) * n], n * 4);
        quantize_llrs(h_llr, frames * n, default_int8_llr_step, h_q);
        decode_output out{ h_info, nullptr, nullptr, nullptr };
        for (int kind = 0; kind < 2; ++kind) {
            std::vector<double> v;
            for (int r = 0; r < reps + 2; ++r) {
                auto a = std::chrono::steady_clock::now();
                if (kind == 0)
                    gpu->decode(h_llr, frames * n, frames, out);
                else
                    gpu->decode(h_q, frames * n, frames, default_int8_llr_step, out);
                auto z = std::chrono::steady_clock::now();
                if (r >= 2)
                    v.push_back(std::chrono::duration<double>(z - a).count());
            }
            const double s = median(v);
            std::printf(
                "HOST   %-18s %-4s %-5s %-5s frames %8zu  %.3f ms  %.2f Gbps (pinned)\n",
                spec.c_str(),
                rule,
                prec,
                kind ? "int8" : "float",
                frames,
                s * 1e3,
                frames * k / s / 1e9);
        }
        // pageable float
        {
            std::vector<double> v;
            std::vector<float> pg(h_llr, h_llr + frames * n);
            std::vector<uint8_t> pinfo(frames * k);
            decode_output po{ pinfo.data(), nullptr, nullptr, nullptr };
            for (int r = 0; r < 5; ++r) {
                auto a = std::chrono::steady_clock::now();
                gpu->decode(pg.data(), pg.size(), frames, po);
                auto z = std::chrono::steady_clock::now();
                if (r >= 1)
                    v.push_back(std::chrono::duration<double>(z - a).count());
            }
            const double s = median(v);
            std::printf("HOST   %-18s %-4s %-5s float frames %8zu  %.3f ms  %.2f Gbps "
                        "(pageable)\n",
                        spec.c_str(),
                        rule,
                        prec,
                        frames,
                        s * 1e3,
                        frames * k / s / 1e9);
        }
        // single frame latency
        std::vector<double> lat;
        std::vector<uint8_t> one(k);
        std::vector<float> l1(h_llr, h_llr + n);
        decode_output o1{ one.data(), nullptr, nullptr, nullptr };
        for (int r = 0; r < 2000; ++r) {
            auto a = std::chrono::steady_clock::now();
            gpu->decode(l1.data(), n, 1, o1);
            auto z = std::chrono::steady_clock::now();
            if (r >= 100)
                lat.push_back(std::chrono::duration<double, std::micro>(z - a).count());
        }
        std::sort(lat.begin(), lat.end());
        std::printf(
            "LATENCY %-18s %-4s %-5s one frame host-fed: p50 %.1f us p99 %.1f us\n",
            spec.c_str(),
            rule,
            prec,
            lat[lat.size() / 2],
            lat[lat.size() * 99 / 100]);
        cudaFreeHost(h_llr);
        cudaFreeHost(h_q);
        cudaFreeHost(h_info);
    }
    cudaFree(d_llr);
    cudaFree(d_q);
    cudaFree(d_info);
    std::fflush(stdout);
}

int main(int argc, char** argv)
{
    const std::string what = argc > 1 ? argv[1] : "all";
    int bad = 0;
    if (what == "check" || what == "all") {
        bad += check_case("wimax:2304:1/2", 2.0, 2000, false);
        bad += check_case("wifi:648:5/6", 4.0, 2000, false);
        bad += check_case("wimax:2304:5/6", 4.2, 2000, true);
        bad += check_case("nr5g:bg2:52", 1.6, 1000, false);
        bad += check_case("dvbs2:short:1/2", 1.9, 1000, false);
        bad += check_case("dvbs2:normal:1/2", 1.2, 300, true);
        std::printf("CHECK %s (%d failing lines)\n", bad ? "FAILED" : "passed", bad);
    }
    if (what == "mini") { // small enough for compute-sanitizer
        bad += check_case("wifi:648:1/2", 3.0, 40, false);
        std::printf("MINI %s (%d failing lines)\n", bad ? "FAILED" : "passed", bad);
    }
    if (what == "time" || what == "all") {
        time_case("wimax:2304:1/2", "nms", "half2", 0, 20, true);
        time_case("wimax:2304:1/2", "nms", "float", 0, 10, false);
        time_case("nr5g:bg1:384", "nms", "half2", 0, 10, false);
        time_case("dvbs2:normal:1/2", "nms", "half2", 0, 10, false);
        time_case("nr5g:bg1:384", "nms", "float", 0, 5, false);
        time_case("wimax:2304:1/2", "nms", "half2", 0, 10, false, true);
        time_case("wimax:2304:1/2", "nms", "float", 0, 5, true);
        time_case("wimax:2304:1/2", "nms", "half2", 100000, 5, false);
        time_case("wifi:1944:1/2", "nms", "half2", 0, 10, false);
        time_case("dvbs2:short:1/2", "nms", "half2", 0, 5, false);
    }
    if (what == "prof") {
        time_case("wimax:2304:1/2", "nms", "half2", 10560, 0, false);
        time_case("nr5g:bg1:384", "nms", "half2", 2112, 0, false);
    }
    return bad ? 1 : 0;
}
