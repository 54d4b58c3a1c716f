/* -*- c++ -*- */
/*
 * gpufec-bench's workload for binary codes (ldpc_code specs): the code's
 * gpufec::decoder, made by bench_workload with every binary decoder option (rule,
 * schedule, precision, fixed point, CUDA and SIMD settings).
 *
 * Input: random codewords (Philox streams of channel.h, frame f of --seed) sent
 * over BPSK/AWGN at --ebn0, as float LLRs or, with --input int8, quantized by
 * quantize_llrs() with --int8-step. Measured, each after --warmup untimed runs:
 *  - device-resident (cuda only): the batch's LLRs are copied to GPU memory before
 *    timing; one cuda_decoder::decode_device() on a stream of this program, timed
 *    with CUDA events around the call and its completion; the bits stay on the GPU.
 *  - host-fed: decoder::decode() from pinned host buffers (cudaHostAlloc when CUDA
 *    is built, ordinary memory otherwise) into pinned outputs, so H2D + decode +
 *    D2H, timed by the wall clock; --host-memory pageable uses ordinary memory on
 *    cuda too, as a GNU Radio block's buffers are.
 *  - latency: host-fed decode() of one frame, --latency-samples times; p50 and p99
 *    by nearest rank.
 * Throughput is information bits (frames * K) per second; the figure reported is
 * the median of --reps timed runs, with min and max beside it. The FER of the
 * decoded batch is a sanity check that the decoder decoded.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gpufec/channel.h>
#include <gpufec/cuda_decoder.h>
#include <gpufec/decoder.h>
#include <gpufec/device_info.h>
#include <gpufec/ldpc_code.h>

#include "app_common.h"
#include "bench_args.h"
#include "bench_buffers.h"
#include "bench_timing.h"
#include "bench_workload.h"
#include "decoder_json.h"
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace gpufec_app {

namespace {

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

nlohmann::ordered_json latency_json(const latency_result& lat)
{
    if (!lat.run) {
        return nullptr;
    }
    nlohmann::ordered_json l;
    l["p50_us"] = lat.p50;
    l["p99_us"] = lat.p99;
    l["min_us"] = lat.min;
    l["max_us"] = lat.max;
    l["samples"] = lat.us.size();
    return l;
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

class binary_workload : public bench_workload
{
public:
    explicit binary_workload(const bench_args& a)
        : bench_workload(a), d_code(d_decoder->code_ptr()),
          d_cuda(dynamic_cast<gpufec::cuda_decoder*>(d_decoder.get()))
    {
        d_int8_input = parse_choice(a.input, "--input", { "float", "int8" }) == "int8";
        d_pinned_host =
            parse_choice(a.host_memory, "--host-memory", { "pinned", "pageable" }) ==
            "pinned";
        const double step = parse_real(a.int8_step, "--int8-step");
        if (!(step > 0.0)) {
            throw usage_error("--int8-step: " + a.int8_step + " is not > 0");
        }
        d_step = static_cast<float>(step);
        d_step_text = a.int8_step;
        d_latency_samples = static_cast<size_t>(
            parse_unsigned(a.latency_samples, "--latency-samples", 0, 10000000));
        if (d_cuda) {
            d_tuning = d_cuda->tuning();
        }
    }

    void prepare() override
    {
        choose_batch();
        print_run();
        // LLRs (float, int8), sent and decided bits, parity and iterations
        check_batch_memory(d_frames, n() * (sizeof(float) + 3) + k() + 8);
        make_input();
    }

    void time_device_resident() override;

    void time_host_fed() override
    {
        make_outputs();
        const std::vector<double> secs = timed_runs(d_runs.warmup, d_runs.reps, [&] {
            return wall_seconds([&] { host_decode(0, d_frames); });
        });
        d_host.run = true;
        d_host.gbps = summarize(gbps_of(secs));
        stats_of(d_host, d_out_bits->data(), d_out_iters->data(), d_out_ok->data());
        print_mode("host-fed:", d_host, d_frames);
    }

    void time_latency() override;

    nlohmann::ordered_json json(const std::string& command) const override;

    /* The variant: the CUDA tuner's kernel, or the CPU decoder's precision. */
    bench_row row() const override
    {
        bench_row r = code_row(d_cuda ? d_tuning.kernel
                                      : d_decoder->backend_name() + " " +
                                            gpufec::to_string(d_in_force.precision),
                               d_frames);
        r.device_gbps = d_device.run ? d_device.gbps.median : -1.0;
        r.host_gbps = d_host.run ? d_host.gbps.median : -1.0;
        const mode_result& m = d_device.run ? d_device : d_host;
        r.fer = m.run ? static_cast<double>(m.frame_errors) / d_frames : -1.0;
        return r;
    }

private:
    size_t n() const { return static_cast<size_t>(d_code->n()); }
    size_t k() const { return static_cast<size_t>(d_code->k()); }
    double info_bits() const { return static_cast<double>(d_frames) * k(); }

    /* --batch, or 4 x the tuner's batch (cuda) or about 2^20 LLRs (cpu). */
    void choose_batch()
    {
        d_frames = d_batch;
        if (d_frames != 0) {
            return;
        }
        if (d_cuda) {
            const size_t tuner_batch = d_tuning.batch_frames > 0
                                           ? static_cast<size_t>(d_tuning.batch_frames)
                                           : 4096;
            d_frames = 4 * tuner_batch;
            // at most 1 GiB of float LLRs per call
            d_frames = std::min(d_frames, std::max<size_t>(1, (size_t(1) << 28) / n()));
        } else {
            d_frames =
                std::min<size_t>(1024, std::max<size_t>(64, (size_t(1) << 20) / n()));
        }
    }

    void print_run();
    void make_input();

    /* Pinned where the LLRs are, on cuda. */
    bool pinned() const { return d_cuda && d_pinned_host; }

    void make_outputs()
    {
        if (!d_out_bits) {
            d_out_bits = std::make_unique<host_array<uint8_t>>(d_frames * k(), pinned());
            d_out_iters = std::make_unique<host_array<int>>(d_frames, pinned());
            d_out_ok = std::make_unique<host_array<uint8_t>>(d_frames, pinned());
        }
    }

    /* Host-fed decode() of frames first .. first+count-1 into the outputs. */
    void host_decode(size_t first, size_t count)
    {
        gpufec::decode_output out;
        out.info_bits = d_out_bits->data() + first * k();
        out.iterations = d_out_iters->data() + first;
        out.parity_ok = d_out_ok->data() + first;
        if (d_int8_input) {
            d_decoder->decode(
                d_llrs8->data() + first * n(), count * n(), count, d_step, out);
        } else {
            d_decoder->decode(d_llrs->data() + first * n(), count * n(), count, out);
        }
    }

    std::vector<double> gbps_of(const std::vector<double>& seconds) const
    {
        std::vector<double> gbps;
        for (double s : seconds) {
            gbps.push_back(info_bits() / s / 1e9);
        }
        return gbps;
    }

    /* FER, parity failures and mean iterations of a decoded batch. */
    void stats_of(mode_result& m,
                  const uint8_t* bits,
                  const int* iters,
                  const uint8_t* parity_ok) const
    {
        m.frame_errors = count_frame_errors(bits, d_sent, d_frames, k());
        double it = 0.0;
        m.parity_failures = 0;
        for (size_t f = 0; f < d_frames; f++) {
            it += iters[f];
            m.parity_failures += parity_ok[f] ? 0 : 1;
        }
        m.mean_iterations = it / d_frames;
    }

    // the run as asked for, beside the options every workload reads
    bool d_int8_input = false;
    bool d_pinned_host = true;
    float d_step = 0.125f;
    std::string d_step_text;
    size_t d_latency_samples = 0;
    // the code and decoder
    gpufec::ldpc_code::sptr d_code;
    gpufec::cuda_decoder* d_cuda = nullptr; //!< the decoder, where it runs on cuda
    gpufec::cuda_tuning d_tuning;
    std::string d_cuda_version;
    // the batch
    size_t d_frames = 0;
    std::unique_ptr<host_array<float>> d_llrs;
    std::unique_ptr<host_array<int8_t>> d_llrs8; //!< --input int8
    std::vector<uint8_t> d_sent;
    std::unique_ptr<host_array<uint8_t>> d_out_bits;
    std::unique_ptr<host_array<int>> d_out_iters;
    std::unique_ptr<host_array<uint8_t>> d_out_ok;
    // the results
    mode_result d_device;
    mode_result d_host;
    latency_result d_latency;
};

/* The code, the decoder as in force, where it runs, and notes on the run's size. */
void binary_workload::print_run()
{
    print_code_and_decoder();
    d_cuda_version = gpufec::cuda_version_string();
    if (d_cuda) {
        std::printf("CUDA: %s\n", d_cuda_version.c_str());
        std::printf("tuner: %s\n", tuning_text(d_tuning).c_str());
    } else {
        const unsigned cores = std::thread::hardware_concurrency();
        std::printf("CPU threads: %u of %u cores\n",
                    d_in_force.threads > 0 ? static_cast<unsigned>(d_in_force.threads)
                                           : std::max(1u, cores),
                    cores);
    }
    if (d_runs.reps < 10) {
        std::printf("note: %zu timed runs; figures for docs/BENCHMARKS.md use >= 10\n",
                    d_runs.reps);
    }
    if (d_latency_samples > 0 && d_latency_samples < 200) {
        std::printf("note: %zu latency samples; figures use >= 200\n", d_latency_samples);
    }
    std::fflush(stdout);
}

/* The batch's LLRs (float, and int8 for --input int8), timed and described. */
void binary_workload::make_input()
{
    d_llrs = std::make_unique<host_array<float>>(d_frames * n(), pinned());
    if (pinned() && !d_llrs->pinned()) {
        std::printf("note: host buffers are pageable (%s)\n",
                    d_llrs->why_not_pinned().c_str());
    }
    const double gen_s = wall_seconds([&] {
        generate(*d_code, d_frames, d_ebn0_db, d_seed, d_sent, d_llrs->data());
        if (d_int8_input) {
            d_llrs8 = std::make_unique<host_array<int8_t>>(d_frames * n(), pinned());
            gpufec::quantize_llrs(
                d_llrs->data(), d_frames * n(), d_step, d_llrs8->data());
        }
    });
    std::printf("input: %zu frames per call of %s LLRs%s, BPSK/AWGN at Eb/N0 %s dB, seed "
                "%s (generated in %.2f s); %zu warm-up + %zu timed runs per mode\n",
                d_frames,
                d_int8_input ? "int8" : "float",
                d_int8_input ? (" (step " + d_step_text + ")").c_str() : "",
                json_number(d_ebn0_db).c_str(),
                d_seed_text.c_str(),
                gen_s,
                d_runs.warmup,
                d_runs.reps);
    std::fflush(stdout);
}

void binary_workload::time_device_resident()
{
#ifdef GPUFEC_HAVE_CUDA
    cuda_check(cudaSetDevice(d_tuning.device), "cudaSetDevice");
    cuda_timer timer;
    std::unique_ptr<device_array<float>> dev_llrs;
    std::unique_ptr<device_array<int8_t>> dev_llrs8;
    const char* upload = "cudaMemcpy of the LLRs to the device";
    if (d_int8_input) {
        dev_llrs8 = to_device(d_llrs8->data(), d_frames * n(), upload);
    } else {
        dev_llrs = to_device(d_llrs->data(), d_frames * n(), upload);
    }
    device_array<uint8_t> bits(d_frames * k());
    device_array<int> iters(d_frames);
    device_array<uint8_t> ok(d_frames);
    auto once = [&]() -> double {
        cuda_check(cudaEventRecord(timer.start, timer.stream), "cudaEventRecord");
        if (d_int8_input) {
            d_cuda->decode_device(dev_llrs8->data(),
                                  d_step,
                                  d_frames,
                                  bits.data(),
                                  iters.data(),
                                  ok.data(),
                                  timer.stream);
        } else {
            d_cuda->decode_device(dev_llrs->data(),
                                  d_frames,
                                  bits.data(),
                                  iters.data(),
                                  ok.data(),
                                  timer.stream);
        }
        cuda_check(cudaEventRecord(timer.stop, timer.stream), "cudaEventRecord");
        cuda_check(cudaEventSynchronize(timer.stop), "cudaEventSynchronize");
        float ms = 0.0f;
        cuda_check(cudaEventElapsedTime(&ms, timer.start, timer.stop),
                   "cudaEventElapsedTime");
        return ms * 1e-3;
    };
    d_device.run = true;
    d_device.gbps = summarize(gbps_of(timed_runs(d_runs.warmup, d_runs.reps, once)));
    const std::vector<uint8_t> h_bits =
        to_host(bits, d_frames * k(), "cudaMemcpy of the bits to the host");
    const std::vector<int> h_iters =
        to_host(iters, d_frames, "cudaMemcpy of the iterations to the host");
    const std::vector<uint8_t> h_ok =
        to_host(ok, d_frames, "cudaMemcpy of the parity flags to the host");
    stats_of(d_device, h_bits.data(), h_iters.data(), h_ok.data());
    print_mode("device-resident:", d_device, d_frames);
#endif
}

/* Single-frame host-fed decodes, after at least 10 untimed ones. */
void binary_workload::time_latency()
{
    if (d_latency_samples == 0) {
        return;
    }
    make_outputs();
    const size_t lat_warmup = std::max<size_t>(d_runs.warmup, 10);
    for (size_t w = 0; w < lat_warmup; w++) {
        host_decode(w % d_frames, 1);
    }
    latency_result& lat = d_latency;
    for (size_t s = 0; s < d_latency_samples; s++) {
        const size_t f = s % d_frames;
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
                d_latency_samples);
    std::fflush(stdout);
}

nlohmann::ordered_json binary_workload::json(const std::string& command) const
{
    const gpufec::decoder_options& o = d_in_force;
    nlohmann::ordered_json j;
    j["program"] = "gpufec-bench";
    j["command"] = command;
    j["code"] = d_code->name();
    j["n"] = n();
    j["k"] = k();
    j["rate"] = d_code->rate();
    put_rule_json(j, *d_decoder);
    j["backend"] = d_decoder->backend_name();
    j["precision"] = gpufec::to_string(o.precision);
    j["threads"] = o.threads;
    j["cuda"] = d_cuda_version;
    j["tuning"] = d_cuda ? tuning_json(d_tuning) : nlohmann::ordered_json(nullptr);
    j["batch_frames"] = d_frames;
    j["input"] = d_int8_input ? "int8" : "float";
    j["int8_step"] = d_step;
    j["pinned"] = d_llrs->pinned();
    j["ebn0_db"] = d_ebn0_db;
    j["seed"] = d_seed;
    j["warmup"] = d_runs.warmup;
    j["reps"] = d_runs.reps;
    j["device_resident"] = mode_json(d_device, d_frames);
    j["host_fed"] = mode_json(d_host, d_frames);
    j["latency"] = latency_json(d_latency);
    return j;
}

} // namespace

std::unique_ptr<bench_workload> make_binary_workload(const bench_args& args)
{
    return std::make_unique<binary_workload>(args);
}

} // namespace gpufec_app
