/* -*- c++ -*- */
/*
 * gpufec-bench's workload for nonbinary codes (nbqc:, nbreg:, nbalist: specs):
 * the code's gpufec::decoder, made by bench_workload (the GF(q) decoder behind it,
 * nonbinary(), for its symbol and bit LLR calls) with --algorithm minmax (nms, the
 * binary default, is read as minmax), --schedule, --iterations,
 * --early-termination, --backend, --threads, --precision (float or auto; the
 * decoder refuses another), --nb-flooding, --nb-host-batch, --device; --batch,
 * --mode, --reps, --warmup, --ebn0, --seed, --json as for any code; --backend auto
 * is the library's choice (nb_decoder: cuda where a device works and the rule runs
 * there, else cpu), as in gpufec-ber.
 * Device-resident (cuda): the batch's normalized symbol LLRs are uploaded once,
 * then --reps decodes are timed together with CUDA events (mean per decode).
 * Host-fed: decode_symbols() from host memory (H2D + decode + D2H), wall clock,
 * median of --reps, then the same frames through decode_bits(). Throughput =
 * frames * K * p / time.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gpufec/channel.h>
#include <gpufec/nb_channel.h>
#include <gpufec/nb_code.h>
#include <gpufec/nb_decoder.h>

#include "decoders/nb_cuda_backend.h"

#include "app_common.h"
#include "bench_args.h"
#include "bench_buffers.h"
#include "bench_timing.h"
#include "bench_workload.h"
#include "decoder_json.h"
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace gpufec_app {

namespace {

class nonbinary_workload : public bench_workload
{
public:
    explicit nonbinary_workload(const bench_args& a)
        : bench_workload(a), d_code(d_decoder->any_code().nonbinary()),
          d_nb(d_decoder->nonbinary())
    {
    }

    void prepare() override
    {
        const size_t n = d_code->n(), q = d_code->q();
        d_frames = d_batch;
        if (d_frames == 0) {
            // cuda: 4096 frames, fewer when the messages would pass 10 GiB
            const size_t per_frame =
                (2 * n + 2 * d_code->h().edges()) * q * sizeof(float);
            d_frames =
                d_decoder->backend_name() == "cuda"
                    ? std::min<size_t>(
                          4096, std::max<size_t>(1, (size_t(10) << 30) / per_frame))
                    : 64;
        }
        // bit and symbol LLRs, decisions and information symbols of every frame
        const size_t k = d_code->k(), p = d_code->p();
        check_batch_memory(d_frames, n * (p + q) * sizeof(float) + 2 * n + 2 * k * p);
        generate();
        print_run();
    }

    void time_device_resident() override
    {
#ifdef GPUFEC_HAVE_CUDA
        const double t =
            gpufec::nb_cuda_time_device_resident(d_code,
                                                 gpufec::to_nb_decoder_options(d_options),
                                                 d_symbol_llrs.data(),
                                                 d_frames,
                                                 static_cast<int>(d_runs.reps));
        d_device_mbps = info_bits() / t / 1e6;
        std::printf("device-resident  %10.2f Mbps  (mean of %zu decodes of %zu frames, "
                    "%.3f ms each)\n",
                    d_device_mbps,
                    d_runs.reps,
                    d_frames,
                    t * 1e3);
#endif
    }

    void time_host_fed() override
    {
        const size_t k = d_code->k();
        std::vector<uint8_t> info(d_frames * k);
        std::vector<int> its(d_frames);
        gpufec::nb_decode_output out;
        out.info_symbols = info.data();
        out.iterations = its.data();
        d_host_mbps = info_bits() / median_seconds([&] {
                          d_nb->decode_symbols(
                              d_symbol_llrs.data(), d_symbol_llrs.size(), d_frames, out);
                      }) /
                      1e6;
        count_errors(info, its);
        std::printf("host-fed         %10.2f Mbps  (median of %zu)  FER %.4g  SER %.4g  "
                    "mean iterations %.2f\n",
                    d_host_mbps,
                    d_runs.reps,
                    d_host_fer,
                    d_host_ser,
                    d_mean_iterations);
        // The same frames as bit LLRs (N*p floats a frame instead of N*q).
        std::vector<uint8_t> info_b(d_frames * k);
        out.info_symbols = info_b.data();
        const double bits_s = median_seconds([&] {
            d_nb->decode_bits(d_bit_llrs.data(), d_bit_llrs.size(), d_frames, out);
        });
        std::printf("host-fed, bits   %10.2f Mbps  (median of %zu; decode_bits, same "
                    "decisions as decode_symbols: %s)\n",
                    info_bits() / bits_s / 1e6,
                    d_runs.reps,
                    info_b == info ? "yes" : "no");
    }

    void time_latency() override {} // not measured for GF(q) codes

    nlohmann::ordered_json json(const std::string&) const override
    {
        // a negative figure: not measured (null)
        auto measured = [](double v) {
            return v < 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(v);
        };
        nlohmann::ordered_json j;
        j["program"] = "gpufec-bench";
        j["code"] = d_code->name();
        j["q"] = static_cast<size_t>(d_code->q());
        j["n"] = static_cast<size_t>(d_code->n());
        j["k"] = static_cast<size_t>(d_code->k());
        put_rule_json(j, *d_decoder);
        j["backend"] = d_decoder->backend_name();
        j["precision"] = gpufec::to_string(d_in_force.precision);
        j["frames"] = d_frames;
        j["ebn0_db"] = d_ebn0_db;
        j["device_resident_mbps"] = measured(d_device_mbps);
        j["host_fed_mbps"] = measured(d_host_mbps);
        j["fer"] = measured(d_host_fer);
        j["ser"] = measured(d_host_ser);
        return j;
    }

    /* Symbols for N and K; the variant: backend and precision. */
    bench_row row() const override
    {
        bench_row r = code_row(d_decoder->backend_name() + " " +
                                   gpufec::to_string(d_in_force.precision),
                               d_frames);
        r.device_gbps = d_device_mbps < 0 ? -1.0 : d_device_mbps / 1e3;
        r.host_gbps = d_host_mbps < 0 ? -1.0 : d_host_mbps / 1e3;
        r.fer = d_host_fer;
        return r;
    }

private:
    /* Random codewords over BPSK/AWGN: bit LLRs, then symbol LLRs. */
    void generate()
    {
        const size_t n = d_code->n(), k = d_code->k(), p = d_code->p(), q = d_code->q();
        gpufec::awgn_channel ch(
            gpufec::modulation::bpsk, d_ebn0_db, d_code->rate(), d_seed);
        std::vector<uint8_t> bits(k * p), cw(n * p);
        d_sent.assign(d_frames * k, 0);
        d_bit_llrs.assign(d_frames * n * p, 0.0f);
        d_symbol_llrs.assign(d_frames * n * q, 0.0f);
        for (size_t f = 0; f < d_frames; f++) {
            gpufec::random_bits(d_seed, f, bits.size(), bits.data());
            gpufec::nb_bits_to_symbols(
                bits.data(), static_cast<int>(k), static_cast<int>(p), &d_sent[f * k]);
            d_code->encode_bits(bits.data(), cw.data());
            float* bit_llr = &d_bit_llrs[f * n * p];
            ch.transmit(cw.data(), cw.size(), f, bit_llr);
            gpufec::nb_bit_llrs_to_symbol_llrs(
                bit_llr, n, static_cast<int>(p), &d_symbol_llrs[f * n * q]);
        }
    }

    void print_run() const
    {
        print_code_and_decoder();
        std::printf("input: %zu frames per call, BPSK/AWGN at Eb/N0 %g dB, seed %llu\n",
                    d_frames,
                    d_ebn0_db,
                    static_cast<unsigned long long>(d_seed));
    }

    /* The median (the upper one of an even count) of the timed runs of decode(). */
    template <typename Decode>
    double median_seconds(Decode decode) const
    {
        std::vector<double> secs =
            timed_runs(d_runs.warmup, d_runs.reps, [&] { return wall_seconds(decode); });
        std::sort(secs.begin(), secs.end());
        return secs[secs.size() / 2];
    }

    /* FER, SER and mean iterations of the decoded batch. */
    void count_errors(const std::vector<uint8_t>& info, const std::vector<int>& its)
    {
        const size_t k = d_code->k();
        size_t fe = 0, se = 0, it_sum = 0;
        for (size_t f = 0; f < d_frames; f++) {
            size_t e = 0;
            for (size_t i = 0; i < k; i++) {
                e += info[f * k + i] != d_sent[f * k + i];
            }
            fe += e > 0;
            se += e;
            it_sum += its[f];
        }
        d_host_fer = double(fe) / d_frames;
        d_host_ser = double(se) / (d_frames * k);
        d_mean_iterations = double(it_sum) / d_frames;
    }

    double info_bits() const
    {
        return static_cast<double>(d_frames) * d_code->k() * d_code->p();
    }

    gpufec::nb_code::sptr d_code;
    gpufec::nb_decoder* d_nb; //!< the decoder's GF(q) calls (symbol and bit LLRs)
    size_t d_frames = 0;
    std::vector<uint8_t> d_sent;      //!< information symbols of every frame
    std::vector<float> d_bit_llrs;    //!< frames * n * p
    std::vector<float> d_symbol_llrs; //!< frames * n * q
    double d_device_mbps = -1;        //!< negative: not measured
    double d_host_mbps = -1;
    double d_host_fer = -1;
    double d_host_ser = -1;
    double d_mean_iterations = -1;
};

} // namespace

std::unique_ptr<bench_workload> make_nonbinary_workload(const bench_args& args)
{
    return std::make_unique<nonbinary_workload>(args);
}

} // namespace gpufec_app
