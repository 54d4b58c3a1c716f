/* -*- c++ -*- */
/*
 * Tests of the CUDA nonbinary Min-Max decoder (lib/cuda/nonbinary/nb_cuda_decoder.cu)
 * against the float CPU reference (nb_cpu_decoder.cc), "Correctness":
 *  - noiseless frames decode exactly, both schedules, GF(16), GF(32), GF(64),
 *    GF(256);
 *  - fresh noisy frames (BPSK/AWGN, seed $GPUFEC_TEST_SEED, default 20261121):
 *    the same symbol decisions as the CPU on >= 99.9% of the frames, each
 *    schedule, on nbreg:32:620:3:6 and nbqc:32:3:24 (2000 frames each) and
 *    nbqc:64:3:24 and nbreg:256:192:3:6 (200 frames, all must agree);
 *    iterations and parity compared too (early termination on), a line per
 *    comparison on stdout;
 *  - early termination off runs every iteration; partial batches (1, 7 frames)
 *    give what one big call gives; EMS is refused (CPU only);
 *  - the host-fed pipeline (pinned staging, two batches in flight, input checked
 *    and converted on the GPU): batches of 7 frames give what one batch gives,
 *    bit LLRs and the host-converted symbol LLRs give the same decisions, and a
 *    non-finite symbol LLR / infinite bit LLR is refused with its index.
 * The check node is the decoder's choice (quad for q >= 4, lane below), the
 * flooding pipeline its default (check domain with quad).
 * Without a working CUDA device the program exits 77 at once (CTest: skipped).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test_util.h"
#include <cppunit/TestFixture.h>
#include <cppunit/extensions/HelperMacros.h>
#include <gpufec/channel.h>
#include <gpufec/cuda_decoder.h>
#include <gpufec/error.h>
#include <gpufec/nb_channel.h>
#include <gpufec/nb_decoder.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

using namespace gpufec;

GPUFEC_REQUIRE_GPU_PROGRAM
using gpufec_test::test_seed;

namespace {

struct frames_t {
    std::vector<float> llr;    // frames x n x p bit LLRs
    std::vector<uint8_t> sent; // frames x n code symbols
    int frames = 0;
};

frames_t make_frames(const nb_code::sptr& code, double ebn0, int frames, uint64_t seed)
{
    const int n = code->n(), k = code->k(), p = code->p();
    awgn_channel ch(modulation::bpsk, ebn0, code->rate(), seed);
    frames_t r;
    r.frames = frames;
    r.llr.resize(static_cast<size_t>(frames) * n * p);
    r.sent.resize(static_cast<size_t>(frames) * n);
    std::vector<uint8_t> bits(static_cast<size_t>(k) * p), cw(static_cast<size_t>(n) * p);
    for (int f = 0; f < frames; f++) {
        random_bits(seed, f, bits.size(), bits.data());
        code->encode_bits(bits.data(), cw.data());
        nb_bits_to_symbols(cw.data(), n, p, &r.sent[static_cast<size_t>(f) * n]);
        ch.transmit(cw.data(), cw.size(), f, &r.llr[static_cast<size_t>(f) * n * p]);
    }
    return r;
}

struct result_t {
    std::vector<uint8_t> symbols;
    std::vector<int> iterations;
    std::vector<uint8_t> parity;
};

result_t decode(nb_decoder& dec, const float* llr, int frames)
{
    const nb_code& c = dec.code();
    result_t r;
    r.symbols.resize(static_cast<size_t>(frames) * c.n());
    r.iterations.resize(frames);
    r.parity.resize(frames);
    nb_decode_output out;
    out.symbols = r.symbols.data();
    out.iterations = r.iterations.data();
    out.parity_ok = r.parity.data();
    dec.decode_bits(llr, static_cast<size_t>(frames) * c.n() * c.p(), frames, out);
    return r;
}

nb_decoder_options opts(decoding_schedule s, backend_kind b, bool et = true)
{
    nb_decoder_options o;
    o.schedule = s;
    o.backend = b;
    o.max_iterations = 10;
    o.early_termination = et;
    return o;
}

const char* name(decoding_schedule s)
{
    return s == decoding_schedule::layered ? "layered" : "flooding";
}

class qa_nb_cuda_decoder : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_nb_cuda_decoder);
    CPPUNIT_TEST(noiseless);
    CPPUNIT_TEST(same_decisions_as_cpu);
    CPPUNIT_TEST(no_early_termination_and_partial_batches);
    CPPUNIT_TEST(refusals);
    CPPUNIT_TEST(huge_and_nan_bit_llrs);
    CPPUNIT_TEST(host_pipeline);
    CPPUNIT_TEST_SUITE_END();

public:
    void noiseless()
    {
        for (const char* spec :
             { "nbqc:16:2:8", "nbreg:32:620:3:6", "nbqc:64:2:8", "nbreg:256:96:2:4" }) {
            const auto code = nb_code::make(spec);
            const frames_t fr = make_frames(code, 30.0, 5, test_seed());
            for (auto s : { decoding_schedule::layered, decoding_schedule::flooding }) {
                auto dec = nb_decoder::make(code, opts(s, backend_kind::cuda));
                CPPUNIT_ASSERT_EQUAL(std::string("cuda"), dec->backend_name());
                const result_t r = decode(*dec, fr.llr.data(), fr.frames);
                std::printf("noiseless %s %s: ", spec, name(s));
                for (int f = 0; f < fr.frames; f++) {
                    std::printf("%d ", r.iterations[f]);
                    CPPUNIT_ASSERT_EQUAL(1, int(r.parity[f]));
                }
                std::printf("\n");
                CPPUNIT_ASSERT(r.symbols == fr.sent);
            }
        }
    }

    void compare(const char* spec, double ebn0, int frames)
    {
        const auto code = nb_code::make(spec);
        const int n = code->n();
        const frames_t fr = make_frames(code, ebn0, frames, test_seed() + 17);
        for (auto s : { decoding_schedule::flooding, decoding_schedule::layered }) {
            auto cpu = nb_decoder::make(code, opts(s, backend_kind::cpu));
            auto gpu = nb_decoder::make(code, opts(s, backend_kind::cuda));
            const result_t a = decode(*cpu, fr.llr.data(), frames);
            const result_t b = decode(*gpu, fr.llr.data(), frames);
            int same = 0, same_it = 0, same_par = 0, cpu_fe = 0, gpu_fe = 0;
            for (int f = 0; f < frames; f++) {
                const size_t o = static_cast<size_t>(f) * n;
                bool eq = true, ca = true, cb = true;
                for (int i = 0; i < n; i++) {
                    eq &= a.symbols[o + i] == b.symbols[o + i];
                    ca &= a.symbols[o + i] == fr.sent[o + i];
                    cb &= b.symbols[o + i] == fr.sent[o + i];
                }
                same += eq;
                same_it += a.iterations[f] == b.iterations[f];
                same_par += a.parity[f] == b.parity[f];
                cpu_fe += !ca;
                gpu_fe += !cb;
            }
            std::printf("%s %s %.2f dB, %d frames: same decisions %d, same iterations "
                        "%d, same parity %d; FER cpu %.4f gpu %.4f\n",
                        spec,
                        name(s),
                        ebn0,
                        frames,
                        same,
                        same_it,
                        same_par,
                        double(cpu_fe) / frames,
                        double(gpu_fe) / frames);
            std::fflush(stdout);
            CPPUNIT_ASSERT(same >= frames - frames / 1000);
            if (frames >= 1000) {
                CPPUNIT_ASSERT(cpu_fe > 0); // the point is really noisy
            }
        }
    }

    void same_decisions_as_cpu()
    {
        compare("nbreg:32:620:3:6", 2.0, 2000);
        compare("nbqc:32:3:24", 3.6, 1000);
        compare("nbqc:64:3:24", 4.0, 200);
        compare("nbreg:256:192:3:6", 2.5, 200);
    }

    void no_early_termination_and_partial_batches()
    {
        const auto code = nb_code::make("nbreg:32:620:3:6");
        const frames_t fr = make_frames(code, 2.0, 40, test_seed() + 5);
        for (auto s : { decoding_schedule::layered, decoding_schedule::flooding }) {
            auto gpu = nb_decoder::make(code, opts(s, backend_kind::cuda, false));
            auto cpu = nb_decoder::make(code, opts(s, backend_kind::cpu, false));
            const result_t a = decode(*gpu, fr.llr.data(), fr.frames);
            const result_t c = decode(*cpu, fr.llr.data(), fr.frames);
            for (int f = 0; f < fr.frames; f++) {
                CPPUNIT_ASSERT_EQUAL(10, a.iterations[f]);
            }
            CPPUNIT_ASSERT(a.parity == c.parity);
            const size_t per = static_cast<size_t>(code->n()) * code->p();
            const result_t one = decode(*gpu, fr.llr.data() + 3 * per, 1);
            const result_t seven = decode(*gpu, fr.llr.data() + 11 * per, 7);
            const size_t n = code->n();
            CPPUNIT_ASSERT(std::equal(
                one.symbols.begin(), one.symbols.end(), a.symbols.begin() + 3 * n));
            CPPUNIT_ASSERT(std::equal(
                seven.symbols.begin(), seven.symbols.end(), a.symbols.begin() + 11 * n));
        }
    }

    /*
     * Bit LLRs of +-3e38, +-1.5e38, +-FLT_MAX, +-1e30, NaN and a random mix of them
     * (+-Inf is refused, nb_decoder.h): valid decisions on both schedules, and the
     * all-zero codeword sent with huge positive LLRs decodes.
     */
    void huge_and_nan_bit_llrs()
    {
        const float fmax = std::numeric_limits<float>::max();
        const float nan = std::numeric_limits<float>::quiet_NaN();
        const float fills[] = { 3e38f, -3e38f, 1.5e38f, -1.5e38f, fmax,
                                -fmax, 1e30f,  -1e30f,  nan };
        const int clean_from[] = { 0, 2, 4, 6 };
        const int frames = static_cast<int>(std::size(fills)) + 2;
        for (const char* spec : { "nbqc:16:2:8", "nbreg:64:96:2:4" }) {
            const auto code = nb_code::make(spec);
            const size_t nb = static_cast<size_t>(code->n()) * code->p();
            std::vector<float> llr(frames * nb);
            for (size_t f = 0; f < std::size(fills); ++f) {
                std::fill(llr.begin() + f * nb, llr.begin() + (f + 1) * nb, fills[f]);
            }
            uint64_t state = test_seed() ^ 0x2545f4914f6cdd1dull;
            for (size_t i = std::size(fills) * nb; i < llr.size(); ++i) {
                state = state * 6364136223846793005ull + 1442695040888963407ull;
                llr[i] = fills[(state >> 33) % std::size(fills)];
            }
            for (auto s : { decoding_schedule::layered, decoding_schedule::flooding }) {
                auto dec = nb_decoder::make(code, opts(s, backend_kind::cuda));
                const result_t r = decode(*dec, llr.data(), frames);
                const std::string what = std::string(spec) + " " + name(s);
                for (int f = 0; f < frames; ++f) {
                    CPPUNIT_ASSERT_MESSAGE(what, r.parity[f] <= 1);
                    CPPUNIT_ASSERT_MESSAGE(what,
                                           r.iterations[f] >= 0 && r.iterations[f] <= 10);
                }
                CPPUNIT_ASSERT_MESSAGE(
                    what, std::all_of(r.symbols.begin(), r.symbols.end(), [&](uint8_t v) {
                        return v < code->q();
                    }));
                for (int f : clean_from) {
                    const std::string w = what + " clean frame " + std::to_string(f);
                    CPPUNIT_ASSERT_MESSAGE(w, r.parity[f] == 1);
                    CPPUNIT_ASSERT_MESSAGE(
                        w,
                        std::all_of(
                            r.symbols.begin() + static_cast<size_t>(f) * code->n(),
                            r.symbols.begin() + static_cast<size_t>(f + 1) * code->n(),
                            [](uint8_t v) { return v == 0; }));
                }
            }
        }
    }

    void refusals()
    {
        const auto code = nb_code::make("nbqc:16:2:8");
        nb_decoder_options o = opts(decoding_schedule::layered, backend_kind::cuda);
        o.rule = nb_check_rule::ems;
        GPUFEC_ASSERT_THROW_MSG(nb_decoder::make(code, o), invalid_argument, "EMS");
        o.rule = nb_check_rule::min_max;
        auto dec = nb_decoder::make(code, o);
        std::vector<float> llr(10);
        nb_decode_output out;
        GPUFEC_ASSERT_THROW_MSG(
            dec->decode_symbols(llr.data(), llr.size(), 1, out), invalid_argument, "q");
    }

    void host_pipeline()
    {
        const auto code = nb_code::make("nbreg:32:620:3:6");
        const int n = code->n(), p = code->p(), q = code->q();
        const frames_t fr = make_frames(code, 2.0, 40, test_seed() + 9);
        std::vector<float> sym(static_cast<size_t>(fr.frames) * n * q);
        nb_bit_llrs_to_symbol_llrs(
            fr.llr.data(), static_cast<size_t>(fr.frames) * n, p, sym.data());
        for (auto s : { decoding_schedule::layered, decoding_schedule::flooding }) {
            auto one = nb_decoder::make(code, opts(s, backend_kind::cuda));
            nb_decoder_options o7 = opts(s, backend_kind::cuda);
            o7.gpu.host_batch_frames = 7;
            auto small = nb_decoder::make(code, o7);
            auto cpu = nb_decoder::make(code, opts(s, backend_kind::cpu));
            const result_t a = decode(*one, fr.llr.data(), fr.frames);
            const result_t b = decode(*small, fr.llr.data(), fr.frames);
            const result_t c = decode(*cpu, fr.llr.data(), fr.frames);
            CPPUNIT_ASSERT(a.symbols == b.symbols);
            CPPUNIT_ASSERT(a.iterations == b.iterations);
            CPPUNIT_ASSERT(a.parity == b.parity);
            int same = 0;
            for (int f = 0; f < fr.frames; f++) {
                same += std::equal(a.symbols.begin() + size_t(f) * n,
                                   a.symbols.begin() + size_t(f + 1) * n,
                                   c.symbols.begin() + size_t(f) * n);
            }
            std::printf("host pipeline %s: batches of 7 = one batch; %d of %d frames as "
                        "the CPU\n",
                        name(s),
                        same,
                        fr.frames);
            CPPUNIT_ASSERT(same >= fr.frames - 1);
            result_t d;
            d.symbols.resize(a.symbols.size());
            d.iterations.resize(fr.frames);
            d.parity.resize(fr.frames);
            nb_decode_output out;
            out.symbols = d.symbols.data();
            out.iterations = d.iterations.data();
            out.parity_ok = d.parity.data();
            small->decode_symbols(sym.data(), sym.size(), fr.frames, out);
            CPPUNIT_ASSERT(d.symbols == a.symbols);
            CPPUNIT_ASSERT(d.iterations == a.iterations);
            std::vector<float> bad = sym;
            bad[(static_cast<size_t>(23) * n + 5) * q + 3] = std::nanf("");
            GPUFEC_ASSERT_THROW_MSG(
                small->decode_symbols(bad.data(), bad.size(), fr.frames, out),
                invalid_argument,
                "(frame 23, symbol 5, element 3) is not finite");
            std::vector<float> badbits = fr.llr;
            badbits[static_cast<size_t>(30) * n * p + 11] = -INFINITY;
            const std::string idx = std::to_string(static_cast<size_t>(30) * n * p + 11);
            GPUFEC_ASSERT_THROW_MSG(
                small->decode_bits(badbits.data(), badbits.size(), fr.frames, out),
                invalid_argument,
                "LLR " + idx + " is infinite");
            // and it still decodes afterwards
            small->decode_symbols(sym.data(), sym.size(), fr.frames, out);
            CPPUNIT_ASSERT(d.symbols == a.symbols);
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_nb_cuda_decoder);

} // namespace
