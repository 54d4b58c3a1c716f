/* -*- c++ -*- */
/*
 * Tests of the one decoder interface for a code of either kind
 * (decoder::make(code_handle, decoder_options), include/gpufec/decoder.h): a
 * binary and a GF(q) code decoded through the same call give what the kind's own
 * calls give (decoder::make(ldpc_code), nb_decoder::decode_bits) on fresh
 * random noisy frames; the GF(q) outputs (symbols, information symbols,
 * codeword bits), int8 input, options and refusals through the common interface.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "test_util.h"
#include <gpufec/ber_simulator.h>
#include <gpufec/channel.h>
#include <gpufec/code.h>
#include <gpufec/decoder.h>
#include <gpufec/error.h>
#include <gpufec/nb_decoder.h>

#include <cppunit/TestFixture.h>
#include <cppunit/extensions/HelperMacros.h>
#include <limits>
#include <vector>

using namespace gpufec;
using gpufec_test::test_seed;

namespace {

/* frames noisy codewords of a code of either kind: its bit LLRs. */
std::vector<float> noisy_frames(const code_handle& c, size_t frames, uint64_t seed)
{
    const size_t k = static_cast<size_t>(c.k_bits());
    const size_t n = static_cast<size_t>(c.n_bits());
    const awgn_channel ch(
        modulation::bpsk, 1.5, static_cast<double>(c.k()) / c.n(), seed);
    std::vector<uint8_t> info(k), word(n);
    std::vector<float> llrs(frames * n);
    for (size_t f = 0; f < frames; f++) {
        random_bits(seed, f, k, info.data());
        if (c.is_binary())
            c.binary()->encode(info.data(), word.data());
        else
            c.nonbinary()->encode_bits(info.data(), word.data());
        ch.transmit(word.data(), n, f, llrs.data() + f * n);
    }
    return llrs;
}

struct outputs {
    std::vector<uint8_t> info, words, symbols, info_symbols, parity;
    std::vector<int> iterations;
    decode_output out(size_t frames, const code_handle& c)
    {
        info.assign(frames * c.k_bits(), 9);
        words.assign(frames * c.n_bits(), 9);
        symbols.assign(frames * c.n(), 9);
        info_symbols.assign(frames * c.k(), 9);
        parity.assign(frames, 9);
        iterations.assign(frames, -1);
        decode_output o;
        o.info_bits = info.data();
        o.codewords = words.data();
        o.iterations = iterations.data();
        o.parity_ok = parity.data();
        o.symbols = symbols.data();
        o.info_symbols = info_symbols.data();
        return o;
    }
};

decoder_options cpu_options()
{
    decoder_options o;
    o.backend = backend_kind::cpu;
    o.threads = 2;
    return o;
}

} // namespace

class qa_decoder_any_code : public CppUnit::TestFixture
{
    CPPUNIT_TEST_SUITE(qa_decoder_any_code);
    CPPUNIT_TEST(binary_same_as_binary_decoder);
    CPPUNIT_TEST(gfq_same_as_nb_decoder);
    CPPUNIT_TEST(gfq_int8_and_options);
    CPPUNIT_TEST(gfq_refusals);
    CPPUNIT_TEST(simulator_of_either_kind);
    CPPUNIT_TEST_SUITE_END();

public:
    void binary_same_as_binary_decoder()
    {
        const code_handle c = make_code("wifi:648:1/2");
        CPPUNIT_ASSERT(c.is_binary());
        const size_t frames = 24;
        const std::vector<float> llrs = noisy_frames(c, frames, test_seed() + 1);
        const decoder::uptr any = decoder::make(c, cpu_options());
        const decoder::uptr own = decoder::make(c.binary(), cpu_options());
        CPPUNIT_ASSERT(any->nonbinary() == nullptr);
        CPPUNIT_ASSERT_EQUAL(c.name(), any->any_code().name());
        outputs a, b;
        any->decode(llrs.data(), llrs.size(), frames, a.out(frames, c));
        own->decode(llrs.data(), llrs.size(), frames, b.out(frames, c));
        CPPUNIT_ASSERT(a.info == b.info);
        CPPUNIT_ASSERT(a.words == b.words);
        CPPUNIT_ASSERT(a.iterations == b.iterations);
        CPPUNIT_ASSERT(a.parity == b.parity);
        // symbols and info_symbols are ignored for a binary code
        CPPUNIT_ASSERT(a.symbols == std::vector<uint8_t>(frames * c.n(), 9));
    }

    void gfq_same_as_nb_decoder()
    {
        const code_handle c = make_code("nbreg:16:96:2:4");
        CPPUNIT_ASSERT(!c.is_binary());
        const size_t frames = 20;
        const std::vector<float> llrs = noisy_frames(c, frames, test_seed() + 2);
        const decoder::uptr any = decoder::make(c, cpu_options());
        CPPUNIT_ASSERT(any->nonbinary() != nullptr);
        CPPUNIT_ASSERT_EQUAL(std::string("cpu"), any->backend_name());
        const nb_decoder::uptr own =
            nb_decoder::make(c.nonbinary(), to_nb_decoder_options(cpu_options()));
        outputs a;
        any->decode(llrs.data(), llrs.size(), frames, a.out(frames, c));
        std::vector<uint8_t> symbols(frames * c.n()), info_symbols(frames * c.k()),
            info(frames * c.k_bits()), parity(frames);
        std::vector<int> iterations(frames);
        nb_decode_output o;
        o.symbols = symbols.data();
        o.info_symbols = info_symbols.data();
        o.info_bits = info.data();
        o.iterations = iterations.data();
        o.parity_ok = parity.data();
        own->decode_bits(llrs.data(), llrs.size(), frames, o);
        CPPUNIT_ASSERT(a.symbols == symbols);
        CPPUNIT_ASSERT(a.info_symbols == info_symbols);
        CPPUNIT_ASSERT(a.info == info);
        CPPUNIT_ASSERT(a.iterations == iterations);
        CPPUNIT_ASSERT(a.parity == parity);
        // codewords: the binary image of the symbols
        const int p = c.bits_per_symbol();
        for (size_t i = 0; i < symbols.size(); i++)
            for (int j = 0; j < p; j++)
                CPPUNIT_ASSERT_EQUAL(int((symbols[i] >> j) & 1u),
                                     int(a.words[i * p + j]));
        int ok = 0;
        for (uint8_t v : parity)
            ok += v;
        CPPUNIT_ASSERT(ok > 0); // the frames decode at 1.5 dB
    }

    void gfq_int8_and_options()
    {
        const code_handle c = make_code("nbreg:16:96:2:4");
        const size_t frames = 8;
        const std::vector<float> llrs = noisy_frames(c, frames, test_seed() + 3);
        std::vector<int8_t> q(llrs.size());
        const float step = 0.125f;
        quantize_llrs(llrs.data(), llrs.size(), step, q.data());
        std::vector<float> back(q.size());
        for (size_t i = 0; i < q.size(); i++)
            back[i] = q[i] * step;
        decoder_options opt = cpu_options();
        opt.max_iterations = 7;
        const decoder::uptr d = decoder::make(c, opt);
        outputs a, b;
        d->decode(q.data(), q.size(), frames, step, a.out(frames, c));
        d->decode(back.data(), back.size(), frames, b.out(frames, c));
        CPPUNIT_ASSERT(a.symbols == b.symbols);
        CPPUNIT_ASSERT(a.iterations == b.iterations);
        CPPUNIT_ASSERT_EQUAL(7, d->options().max_iterations);
        CPPUNIT_ASSERT(d->options().precision == message_precision::float32);
        d->set_max_iterations(code_default_iterations);
        CPPUNIT_ASSERT_EQUAL(10, d->options().max_iterations);
        CPPUNIT_ASSERT_EQUAL(10, d->nonbinary()->options().max_iterations);
        d->set_max_iterations(3);
        CPPUNIT_ASSERT_EQUAL(3, d->nonbinary()->options().max_iterations);
        GPUFEC_ASSERT_THROW_MSG(d->code(), invalid_argument, "GF(q)");
    }

    void gfq_refusals()
    {
        const code_handle c = make_code("nbqc:16:2:8"); // N = 120, p = 4
        const decoder::uptr d = decoder::make(c, cpu_options());
        std::vector<float> bits(120 * 4, 1.0f);
        decode_output out;
        GPUFEC_ASSERT_THROW_MSG(
            d->decode(bits.data(), bits.size(), 0, out), invalid_argument, "frames is 0");
        GPUFEC_ASSERT_THROW_MSG(d->decode(bits.data(), bits.size() - 1, 1, out),
                                invalid_argument,
                                "llr_count is 479");
        GPUFEC_ASSERT_THROW_MSG(
            d->decode(static_cast<const float*>(nullptr), 480, 1, out),
            invalid_argument,
            "llrs is null");
        bits[7] = std::numeric_limits<float>::infinity();
        GPUFEC_ASSERT_THROW_MSG(
            d->decode(bits.data(), bits.size(), 1, out), invalid_argument, "LLR 7");
        decoder_options bad = cpu_options();
        bad.precision = message_precision::int8;
        GPUFEC_ASSERT_THROW_MSG(decoder::make(c, bad), invalid_argument, "float32");
    }

    void simulator_of_either_kind()
    {
        ber_options o;
        o.decoder = cpu_options();
        o.ebn0_db = { 2.0 };
        o.max_frames = 64;
        o.min_frame_errors = 0;
        for (const char* spec : { "wifi:648:1/2", "nbreg:16:96:2:4" }) {
            const code_handle c = make_code(spec);
            ber_simulator any(c, o);
            const ber_point a = any.run_point(2.0);
            const ber_point b = c.is_binary()
                                    ? ber_simulator(c.binary(), o).run_point(2.0)
                                    : ber_simulator(c.nonbinary(), o).run_point(2.0);
            CPPUNIT_ASSERT_EQUAL(!c.is_binary(), any.is_nonbinary());
            CPPUNIT_ASSERT_EQUAL(b.frames, a.frames);
            CPPUNIT_ASSERT_EQUAL(b.bit_errors, a.bit_errors);
            CPPUNIT_ASSERT_EQUAL(b.frame_errors, a.frame_errors);
            CPPUNIT_ASSERT_EQUAL(b.symbol_errors, a.symbol_errors);
            CPPUNIT_ASSERT_EQUAL(b.total_iterations, a.total_iterations);
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(qa_decoder_any_code);
