/* -*- c++ -*- */
/*
 * The simulator's on-device loop for nonbinary codes (device_sim_engine::make_nb,
 * lib/cuda/simulation/nb_sim_device_engine.cu): with the same seed and frame count, the
 * CUDA Min-Max decoder fed by bits, GF(q) encoding, BPSK / QPSK and AWGN made on the GPU
 * gives exactly the CPU backend's bit, frame, symbol and undetected error counts and
 * iterations (nbreg:32:620:3:6 and nbqc:32:3:24, flooding and layered; random and
 * all-zero codewords), and the host loop's with the same CUDA decoder; each frame's
 * outcome equals a frame made and decoded on the host (frame indices across 2^32, two
 * batches in flight); a point that ends on min-frame-errors inside a batch stops at the
 * same frame. Exits 77 without a working CUDA device.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test_util.h"
GPUFEC_REQUIRE_GPU_PROGRAM

#include "simulation/sim_device_engine.h"
#include <cppunit/extensions/HelperMacros.h>
#include <cstring>
#include <gpufec/ber_simulator.h>
#include <gpufec/channel.h>
#include <gpufec/error.h>
#include <gpufec/nb_decoder.h>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace gpufec;
using gpufec_test::test_seed;

namespace {

/* What std::clog receives while it lives (the simulator says there when the
   frames are made on the host). */
class clog_capture
{
public:
    clog_capture() : d_old(std::clog.rdbuf(d_text.rdbuf())) {}
    ~clog_capture() { std::clog.rdbuf(d_old); }
    clog_capture(const clog_capture&) = delete;
    clog_capture& operator=(const clog_capture&) = delete;
    std::string text() const { return d_text.str(); }

private:
    std::ostringstream d_text;
    std::streambuf* d_old;
};

struct sim_case {
    std::string spec;
    decoding_schedule schedule = decoding_schedule::layered;
    backend_kind backend = backend_kind::cuda;
    bool on_device = true;
    double ebn0 = 2.0;
    uint64_t frames = 1000;
    uint64_t min_errors = 0;
    modulation mod = modulation::bpsk;
    bool all_zero = false;
};

ber_options options_of(const sim_case& c)
{
    ber_options o;
    o.decoder.nonbinary.rule = nb_check_rule::min_max;
    o.decoder.backend = c.backend;
    o.decoder.schedule = c.schedule;
    o.decoder.max_iterations = 10;
    o.ebn0_db = { c.ebn0 };
    o.seed = test_seed(20261125u);
    o.max_frames = c.frames;
    o.min_frame_errors = c.min_errors;
    o.mod = c.mod;
    o.all_zero = c.all_zero;
    o.on_device = c.on_device;
    return o;
}

ber_point simulate(const sim_case& c)
{
    std::string log;
    ber_point p;
    {
        clog_capture capture;
        ber_simulator sim(nb_code::make(c.spec), options_of(c));
        log = capture.text();
        p = sim.run_point(c.ebn0);
    }
    if (c.backend == backend_kind::cuda && c.on_device) {
        CPPUNIT_ASSERT_MESSAGE(c.spec + ": frames were made on the host: " + log,
                               log.find("made on the host") == std::string::npos);
    }
    return p;
}

void assert_same_counts(const std::string& what, const ber_point& a, const ber_point& b)
{
    std::cout << what << ": frames " << a.frames << " / " << b.frames << ", frame errors "
              << a.frame_errors << " / " << b.frame_errors << ", bit errors "
              << a.bit_errors << " / " << b.bit_errors << ", symbol errors "
              << a.symbol_errors << " / " << b.symbol_errors << ", iterations "
              << a.total_iterations << " / " << b.total_iterations << "\n";
    CPPUNIT_ASSERT_EQUAL_MESSAGE(what + " frames", a.frames, b.frames);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(what + " frame errors", a.frame_errors, b.frame_errors);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(what + " bit errors", a.bit_errors, b.bit_errors);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(
        what + " squared bit errors", a.bit_errors_sq, b.bit_errors_sq);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(
        what + " symbol errors", a.symbol_errors, b.symbol_errors);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(what + " info symbols", a.info_symbols, b.info_symbols);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(
        what + " undetected", a.undetected_frame_errors, b.undetected_frame_errors);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(
        what + " iterations", a.total_iterations, b.total_iterations);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(what + " stop", int(a.stopped_by), int(b.stopped_by));
    CPPUNIT_ASSERT_MESSAGE(what + ": not marked nonbinary", a.nonbinary && b.nonbinary);
}

std::string schedule_name(decoding_schedule s)
{
    return s == decoding_schedule::layered ? "layered" : "flooding";
}

} // namespace

class qa_cuda_nb_sim : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_cuda_nb_sim);
    CPPUNIT_TEST(test_equals_cpu);
    CPPUNIT_TEST(test_equals_host_loop);
    CPPUNIT_TEST(test_all_zero);
    CPPUNIT_TEST(test_stop_inside_batch);
    CPPUNIT_TEST(test_engine_frames);
    CPPUNIT_TEST_SUITE_END();

public:
    void test_equals_cpu()
    {
        struct point {
            const char* spec;
            double ebn0;
            modulation mod;
        };
        for (const point& x : { point{ "nbreg:32:620:3:6", 2.0, modulation::bpsk },
                                point{ "nbreg:32:620:3:6", 2.2, modulation::qpsk },
                                point{ "nbqc:32:3:24", 3.7, modulation::bpsk } }) {
            for (auto sched :
                 { decoding_schedule::layered, decoding_schedule::flooding }) {
                sim_case c;
                c.spec = x.spec;
                c.schedule = sched;
                c.ebn0 = x.ebn0;
                c.mod = x.mod;
                c.frames = 3000;
                const ber_point gpu = simulate(c);
                c.backend = backend_kind::cpu;
                c.on_device = false;
                const ber_point cpu = simulate(c);
                const std::string what = std::string(x.spec) + " " +
                                         schedule_name(sched) + " " + to_string(x.mod);
                CPPUNIT_ASSERT_MESSAGE(what + ": no frame errors to compare",
                                       cpu.frame_errors > 0);
                CPPUNIT_ASSERT_MESSAGE(what + ": fewer symbol than frame errors",
                                       cpu.symbol_errors >= cpu.frame_errors);
                assert_same_counts(what, gpu, cpu);
            }
        }
    }

    void test_equals_host_loop()
    {
        // the same CUDA decoder on frames made on the host
        sim_case c;
        c.spec = "nbqc:32:3:24";
        c.schedule = decoding_schedule::flooding;
        c.ebn0 = 3.6;
        c.frames = 5000;
        const ber_point dev = simulate(c);
        c.on_device = false;
        const ber_point host = simulate(c);
        CPPUNIT_ASSERT(host.frame_errors > 0);
        assert_same_counts("nbqc:32:3:24 flooding, device vs host loop", dev, host);
    }

    void test_all_zero()
    {
        sim_case c;
        c.spec = "nbreg:32:620:3:6";
        c.ebn0 = 1.8;
        c.frames = 1500;
        c.all_zero = true;
        const ber_point gpu = simulate(c);
        c.backend = backend_kind::cpu;
        c.on_device = false;
        const ber_point cpu = simulate(c);
        CPPUNIT_ASSERT(cpu.frame_errors > 0);
        assert_same_counts("nbreg:32:620:3:6 all-zero", gpu, cpu);
    }

    void test_stop_inside_batch()
    {
        // 37 frame errors end the point inside a batch: the same frame count
        for (auto sched : { decoding_schedule::layered, decoding_schedule::flooding }) {
            sim_case c;
            c.spec = "nbreg:32:620:3:6";
            c.schedule = sched;
            c.ebn0 = 2.0;
            c.frames = 50000;
            c.min_errors = 37;
            const ber_point gpu = simulate(c);
            c.backend = backend_kind::cpu;
            c.on_device = false;
            const ber_point cpu = simulate(c);
            CPPUNIT_ASSERT_EQUAL(uint64_t(37), gpu.frame_errors);
            CPPUNIT_ASSERT(gpu.stopped_by == stop_reason::min_frame_errors);
            assert_same_counts(
                "stop at 37 frame errors, " + schedule_name(sched), gpu, cpu);
        }
    }

    void test_engine_frames()
    {
        // the engine itself: each frame's outcome equals one made on the host
        const nb_code::sptr code = nb_code::make("nbreg:32:620:3:6");
        sim_case c;
        c.spec = code->name();
        c.ebn0 = 1.9;
        const ber_options o = options_of(c);
        nb_decoder::uptr gpu_dec =
            nb_decoder::make(code, to_nb_decoder_options(o.decoder));
        nb_decoder_options cpu_opt = to_nb_decoder_options(o.decoder);
        cpu_opt.backend = backend_kind::cpu;
        nb_decoder::uptr cpu_dec = nb_decoder::make(code, cpu_opt);
        std::string why;
        std::unique_ptr<device_sim_engine> engine =
            device_sim_engine::make_nb(*gpu_dec, o, &why);
        CPPUNIT_ASSERT_MESSAGE("no engine: " + why, engine != nullptr);
        CPPUNIT_ASSERT(engine->max_batch() >= 300);
        GPUFEC_ASSERT_THROW_MSG(engine->start(c.ebn0, 0, 0), invalid_argument, "batch");
        GPUFEC_ASSERT_THROW_MSG(
            engine->finish(nullptr), invalid_argument, "no batch in flight");

        // two batches in flight, the first across frame index 2^32
        const uint64_t first[2] = { (uint64_t(1) << 32) - 150, 7000 };
        const size_t frames[2] = { 300, 211 };
        engine->start(c.ebn0, first[0], frames[0]);
        engine->start(c.ebn0, first[1], frames[1]);
        GPUFEC_ASSERT_THROW_MSG(
            engine->start(c.ebn0, 0, 1), invalid_argument, "already in flight");
        std::vector<frame_outcome> got[2];
        for (int b = 0; b < 2; b++) {
            got[b].resize(frames[b]);
            engine->finish(got[b].data());
        }

        const size_t kb = static_cast<size_t>(code->k_bits());
        const size_t nb = static_cast<size_t>(code->n_bits());
        const size_t p = static_cast<size_t>(code->p());
        const awgn_channel ch(o.mod, c.ebn0, code->rate(), o.seed);
        uint64_t errors = 0;
        for (int b = 0; b < 2; b++) {
            const size_t fr = frames[b];
            std::vector<uint8_t> info(fr * kb), cw(nb), dec(fr * kb), parity(fr);
            std::vector<float> llr(fr * nb);
            std::vector<int> it(fr);
            for (size_t f = 0; f < fr; f++) {
                random_bits(o.seed, first[b] + f, kb, info.data() + f * kb);
                code->encode_bits(info.data() + f * kb, cw.data());
                ch.transmit(cw.data(), nb, first[b] + f, llr.data() + f * nb);
            }
            nb_decode_output out;
            out.info_bits = dec.data();
            out.iterations = it.data();
            out.parity_ok = parity.data();
            cpu_dec->decode_bits(llr.data(), llr.size(), fr, out);
            for (size_t f = 0; f < fr; f++) {
                uint32_t bits = 0, syms = 0;
                const uint8_t* s = info.data() + f * kb;
                const uint8_t* d = dec.data() + f * kb;
                for (size_t i = 0; i < kb; i++) {
                    bits += s[i] != d[i];
                }
                for (size_t i = 0; i < kb; i += p) {
                    syms += std::memcmp(s + i, d + i, p) != 0;
                }
                const std::string at = "frame " + std::to_string(first[b] + f) + ": ";
                CPPUNIT_ASSERT_EQUAL_MESSAGE(
                    at + "bit errors", bits, got[b][f].bit_errors);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(
                    at + "symbol errors", syms, got[b][f].symbol_errors);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(
                    at + "iterations", it[f], got[b][f].iterations);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(
                    at + "parity", int(parity[f]), int(got[b][f].parity_ok));
                errors += bits > 0;
            }
        }
        std::cout << "engine: " << errors << " frame errors in " << frames[0] + frames[1]
                  << " frames, all outcomes equal\n";
        CPPUNIT_ASSERT_MESSAGE("no frame errors to compare", errors > 0);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_cuda_nb_sim);
