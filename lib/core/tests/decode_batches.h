/* -*- c++ -*- */
/*
 * Test helper shared by the decoder tests: batches of random codewords through
 * BPSK/AWGN (the library's own random_bits and awgn_channel, so frame f depends on
 * (seed, f) only), and what a decoder makes of them (every output filled with a
 * value no decoder writes first, so an output left unwritten shows).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_TESTS_DECODE_BATCHES_H
#define INCLUDED_GPUFEC_TESTS_DECODE_BATCHES_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <gpufec/channel.h>
#include <gpufec/decoder.h>
#include <gpufec/ldpc_code.h>
#include <thread>
#include <vector>

namespace gpufec_test {

/*! Random codewords and their channel LLRs. */
struct batch {
    size_t frames = 0;
    std::vector<uint8_t> info;     //!< frames * k
    std::vector<uint8_t> codeword; //!< frames * n (transmitted bits)
    std::vector<float> llrs;       //!< frames * n
};

/*!
 * Frames first .. first+frames-1 of `seed`: random information bits, the code's
 * encoder, BPSK/AWGN at ebn0_db; NaN ebn0_db = noiseless (LLR +-8). Spread over the
 * cores (frame f depends on (seed, f) only).
 */
inline batch make_batch(const gpufec::ldpc_code& code,
                        size_t frames,
                        double ebn0_db,
                        uint64_t seed,
                        uint64_t first = 0)
{
    const size_t k = code.k();
    const size_t n = code.n();
    batch b;
    b.frames = frames;
    b.info.resize(frames * k);
    b.codeword.resize(frames * n);
    b.llrs.resize(frames * n);
    const bool noiseless = std::isnan(ebn0_db);
    const gpufec::awgn_channel channel(
        gpufec::modulation::bpsk, noiseless ? 0.0 : ebn0_db, code.rate(), seed);
    (void)code.get_encoder();
    const size_t workers =
        std::min<size_t>(std::max(1u, std::thread::hardware_concurrency()), frames);
    auto work = [&](size_t w) {
        for (size_t f = w; f < frames; f += workers) {
            gpufec::random_bits(seed, first + f, k, &b.info[f * k]);
            code.encode(&b.info[f * k], &b.codeword[f * n]);
            if (noiseless) {
                for (size_t i = 0; i < n; ++i) {
                    b.llrs[f * n + i] = b.codeword[f * n + i] ? -8.0f : 8.0f;
                }
            } else {
                channel.transmit(&b.codeword[f * n], n, first + f, &b.llrs[f * n]);
            }
        }
    };
    std::vector<std::thread> threads;
    for (size_t w = 1; w < workers; ++w) {
        threads.emplace_back(work, w);
    }
    work(0);
    for (auto& t : threads) {
        t.join();
    }
    return b;
}

/*
 * What a decoder makes of a batch, in their own namespace: a test file with its own
 * result and run (qa_cpu_decoder's counts errors too) is not offered these by
 * argument-dependent lookup on batch.
 */
namespace outputs {

/*! What a decoder made of a batch. */
struct result {
    size_t frames = 0;
    std::vector<uint8_t> info;
    std::vector<uint8_t> codeword;
    std::vector<int> iterations;
    std::vector<uint8_t> parity_ok;
};

/*! Outputs for `frames` frames, filled with values no decoder writes. */
inline result empty_result(const gpufec::ldpc_code& code, size_t frames)
{
    result r;
    r.frames = frames;
    r.info.assign(frames * code.k(), 2);
    r.codeword.assign(frames * code.n(), 2);
    r.iterations.assign(frames, -1);
    r.parity_ok.assign(frames, 2);
    return r;
}

/*! The decode_output of r's frames from `first` on. */
inline gpufec::decode_output
output_of(result& r, const gpufec::ldpc_code& code, size_t first = 0)
{
    gpufec::decode_output out;
    out.info_bits = r.info.data() + first * code.k();
    out.codewords = r.codeword.data() + first * code.n();
    out.iterations = r.iterations.data() + first;
    out.parity_ok = r.parity_ok.data() + first;
    return out;
}

/*! Decodes `frames` frames of float LLRs in one call. */
inline result
run_llrs(gpufec::decoder& dec, const std::vector<float>& llrs, size_t frames)
{
    result r = empty_result(dec.code(), frames);
    dec.decode(llrs.data(), llrs.size(), frames, output_of(r, dec.code()));
    return r;
}

/*! Decodes frames [first, first + count) of b in one call (count 0: to the end). */
inline result
run(gpufec::decoder& dec, const batch& b, size_t first = 0, size_t count = 0)
{
    const gpufec::ldpc_code& code = dec.code();
    if (count == 0) {
        count = b.frames - first;
    }
    result r = empty_result(code, count);
    dec.decode(
        b.llrs.data() + first * code.n(), count * code.n(), count, output_of(r, code));
    return r;
}

/*! The same from int8 LLRs (value v stands for v * step). */
inline result
run_int8(gpufec::decoder& dec, const std::vector<int8_t>& llrs, size_t frames, float step)
{
    result r = empty_result(dec.code(), frames);
    dec.decode(llrs.data(), llrs.size(), frames, step, output_of(r, dec.code()));
    return r;
}

} // namespace outputs

} // namespace gpufec_test

#endif /* INCLUDED_GPUFEC_TESTS_DECODE_BATCHES_H */
