/* -*- c++ -*- */
/*
 * libFuzzer harness: the decoders' input checks and their behaviour on any LLRs
 * (NaN, +-Inf, huge, denormal: whatever the bytes hold). The first bytes pick
 * the decoder (binary: rule, schedule, precision, float or int8 input;
 * nonbinary: Min-Max or EMS, schedule, bit or symbol LLRs), the iterations and
 * the frame count (0 and a wrong LLR count must be refused); the rest are the
 * LLRs, repeated to fill the frames. The output must be a valid decision (bits
 * 0/1, symbols of the field, parity 0/1, iterations within the maximum); a
 * refusal must be a gpufec::invalid_argument. CPU backends, one thread. The first
 * eight bytes are also a frame count of up to 2^64 - 1, the size of a huge
 * array: the host-memory bound (host_resources.h) refuses or passes it without
 * allocating.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz_common.h"
#include <cstring>
#include <gpufec/decoder.h>
#include <gpufec/host_resources.h>
#include <gpufec/ldpc_code.h>
#include <gpufec/nb_code.h>
#include <gpufec/nb_decoder.h>
#include <vector>

namespace {

std::vector<float> fill_llrs(const uint8_t* data, size_t size, size_t count)
{
    std::vector<float> llrs(count, 0.0f);
    const size_t avail = size / sizeof(float);
    for (size_t i = 0; i < count && avail > 0; i++) {
        std::memcpy(&llrs[i], data + (i % avail) * sizeof(float), sizeof(float));
    }
    return llrs;
}

void binary_case(const uint8_t* opt, const uint8_t* data, size_t size)
{
    static const gpufec::ldpc_code::sptr code = gpufec::ldpc_code::make("nr5g:bg2:2");
    gpufec::decoder_options o;
    o.backend = gpufec::backend_kind::cpu;
    o.threads = 1;
    const gpufec::check_node_rule rules[] = {
        gpufec::check_node_rule::spa,
        gpufec::check_node_rule::min_sum,
        gpufec::check_node_rule::normalized_min_sum,
        gpufec::check_node_rule::offset_min_sum,
        gpufec::check_node_rule::self_corrected_min_sum
    };
    o.rule = rules[opt[1] % 5];
    o.schedule = opt[1] & 0x08 ? gpufec::decoding_schedule::flooding
                               : gpufec::decoding_schedule::layered;
    const gpufec::message_precision precisions[] = { gpufec::message_precision::float32,
                                                     gpufec::message_precision::int16,
                                                     gpufec::message_precision::int8 };
    o.precision = precisions[(opt[1] >> 4) % 3];
    if (o.rule == gpufec::check_node_rule::spa) {
        o.precision = gpufec::message_precision::float32;
    }
    o.early_termination = (opt[1] & 0x80) != 0;
    o.max_iterations = 1 + opt[2] % 16;
    const size_t frames = opt[3] % 3; // 0 is refused
    const size_t n = static_cast<size_t>(code->n());
    gpufec::decoder::uptr dec = gpufec::decoder::make(code, o);
    std::vector<uint8_t> bits(std::max<size_t>(frames, 1) * n, 0xff);
    std::vector<uint8_t> info(std::max<size_t>(frames, 1) * code->k(), 0xff);
    std::vector<int> its(std::max<size_t>(frames, 1), -1);
    std::vector<uint8_t> ok(std::max<size_t>(frames, 1), 0xff);
    gpufec::decode_output out;
    out.codewords = bits.data();
    out.info_bits = info.data();
    out.iterations = its.data();
    out.parity_ok = ok.data();
    const size_t count = frames * n + ((opt[3] & 0x80) ? 1 : 0); // or one too many
    if (opt[0] & 0x02) {
        std::vector<int8_t> q(count);
        for (size_t i = 0; i < count && size > 0; i++) {
            q[i] = static_cast<int8_t>(data[i % size]);
        }
        float step;
        std::memcpy(&step, opt + 4, sizeof(step)); // any float: checked
        dec->decode(q.data(), count, frames, step, out);
    } else {
        const std::vector<float> llrs = fill_llrs(data, size, count);
        dec->decode(llrs.data(), count, frames, out);
    }
    for (size_t i = 0; i < frames * n; i++) {
        if (bits[i] > 1) {
            fuzz::finding("binary decoder: a codeword bit is not 0 or 1");
        }
    }
    for (size_t f = 0; f < frames; f++) {
        if (ok[f] > 1 || its[f] < 0 || its[f] > o.max_iterations) {
            fuzz::finding("binary decoder: bad parity flag or iteration count");
        }
    }
}

void nonbinary_case(const uint8_t* opt, const uint8_t* data, size_t size)
{
    static const gpufec::nb_code::sptr code = gpufec::nb_code::make("nbreg:16:48:2:4");
    gpufec::nb_decoder_options o;
    o.backend = gpufec::backend_kind::cpu;
    o.threads = 1;
    o.rule = opt[1] & 1 ? gpufec::nb_check_rule::ems : gpufec::nb_check_rule::min_max;
    o.schedule = opt[1] & 2 ? gpufec::decoding_schedule::flooding
                            : gpufec::decoding_schedule::layered;
    o.ems_nm = (opt[1] >> 2) % 17;
    o.early_termination = (opt[1] & 0x80) != 0;
    o.max_iterations = 1 + opt[2] % 8;
    const size_t frames = opt[3] % 3;
    const size_t n = static_cast<size_t>(code->n());
    const bool bits_in = (opt[0] & 0x02) != 0;
    const size_t per = bits_in ? n * code->p() : n * code->q();
    gpufec::nb_decoder::uptr dec = gpufec::nb_decoder::make(code, o);
    std::vector<uint8_t> symbols(std::max<size_t>(frames, 1) * n, 0xff);
    std::vector<int> its(std::max<size_t>(frames, 1), -1);
    std::vector<uint8_t> ok(std::max<size_t>(frames, 1), 0xff);
    gpufec::nb_decode_output out;
    out.symbols = symbols.data();
    out.iterations = its.data();
    out.parity_ok = ok.data();
    const size_t count = frames * per + ((opt[3] & 0x80) ? 1 : 0);
    const std::vector<float> llrs = fill_llrs(data, size, count);
    if (bits_in) {
        dec->decode_bits(llrs.data(), count, frames, out);
    } else {
        dec->decode_symbols(llrs.data(), count, frames, out);
    }
    for (size_t i = 0; i < frames * n; i++) {
        if (symbols[i] >= code->q()) {
            fuzz::finding("nonbinary decoder: a symbol outside the field");
        }
    }
    for (size_t f = 0; f < frames; f++) {
        if (ok[f] > 1 || its[f] < 0 || its[f] > o.max_iterations) {
            fuzz::finding("nonbinary decoder: bad parity flag or iteration count");
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size < 8 || size > 8192) {
        return 0;
    }
    const uint8_t* opt = data;
    uint64_t huge_frames = 0;
    std::memcpy(&huge_frames, data, sizeof(huge_frames));
    fuzz::expect_refusal_or_value([&] {
        gpufec::check_batch_memory(huge_frames, 64800 * sizeof(float), "frames");
    });
    fuzz::expect_refusal_or_value([&] {
        if (opt[0] & 1) {
            nonbinary_case(opt, data + 8, size - 8);
        } else {
            binary_case(opt, data + 8, size - 8);
        }
    });
    return 0;
}
