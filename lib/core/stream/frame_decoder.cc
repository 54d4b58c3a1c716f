/* -*- c++ -*- */
/*
 * frame_decoder: the binary and nonbinary adaptors (frame_decoder.h). The
 * nonbinary decoder's codeword output goes through its hard-decision symbols
 * (nb_symbols_to_bits); a nonbinary decoder has no alpha / beta.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stream/frame_decoder.h"
#include <cmath>
#include <gpufec/error.h>
#include <stdexcept>
#include <vector>

namespace gpufec {

namespace {

class binary_frame_decoder : public frame_decoder
{
    decoder::uptr d_decoder;
    const size_t d_n;

public:
    explicit binary_frame_decoder(decoder::uptr d)
        : d_decoder(std::move(d)), d_n(static_cast<size_t>(d_decoder->code().n()))
    {
    }

    std::string code_name() const override { return d_decoder->code().name(); }
    std::string backend_name() const override { return d_decoder->backend_name(); }
    message_precision precision() const override
    {
        return d_decoder->options().precision;
    }

    void decode(const float* llrs,
                size_t frames,
                uint8_t* info_bits,
                uint8_t* codeword_bits,
                int* iterations,
                uint8_t* parity_ok) override
    {
        decode_output out;
        out.info_bits = info_bits;
        out.codewords = codeword_bits;
        out.iterations = iterations;
        out.parity_ok = parity_ok;
        d_decoder->decode(llrs, frames * d_n, frames, out);
    }

    void decode_int8(const int8_t* llrs,
                     size_t frames,
                     float step,
                     uint8_t* info_bits,
                     uint8_t* codeword_bits,
                     int* iterations,
                     uint8_t* parity_ok) override
    {
        decode_output out;
        out.info_bits = info_bits;
        out.codewords = codeword_bits;
        out.iterations = iterations;
        out.parity_ok = parity_ok;
        d_decoder->decode(llrs, frames * d_n, frames, step, out);
    }

    void set_max_iterations(int v) override { d_decoder->set_max_iterations(v); }
    int max_iterations() const override { return d_decoder->options().max_iterations; }
    void set_alpha(float alpha) override { d_decoder->set_alpha(alpha); }
    float alpha() const override { return d_decoder->options().alpha; }
    void set_beta(float beta) override { d_decoder->set_beta(beta); }
    float beta() const override { return d_decoder->options().beta; }
};

class nonbinary_frame_decoder : public frame_decoder
{
    nb_decoder::uptr d_decoder;
    const size_t d_n, d_p;
    std::vector<uint8_t> d_symbols; // hard decisions, for the codeword output
    std::vector<float> d_converted; // int8 input as floats

    void refuse(const char* name, float value) const
    {
        if (value != family_default) {
            throw std::invalid_argument(std::string(name) +
                                        " applies to binary codes "
                                        "only; '" +
                                        code_name() + "' is a nonbinary code");
        }
    }

public:
    explicit nonbinary_frame_decoder(nb_decoder::uptr d)
        : d_decoder(std::move(d)), d_n(static_cast<size_t>(d_decoder->code().n())),
          d_p(static_cast<size_t>(d_decoder->code().p()))
    {
    }

    std::string code_name() const override { return d_decoder->code().name(); }
    std::string backend_name() const override { return d_decoder->backend_name(); }
    message_precision precision() const override
    {
        return d_decoder->options().precision;
    }

    void decode(const float* llrs,
                size_t frames,
                uint8_t* info_bits,
                uint8_t* codeword_bits,
                int* iterations,
                uint8_t* parity_ok) override
    {
        nb_decode_output out;
        out.info_bits = info_bits;
        if (codeword_bits) {
            d_symbols.resize(frames * d_n);
            out.symbols = d_symbols.data();
        }
        out.iterations = iterations;
        out.parity_ok = parity_ok;
        d_decoder->decode_bits(llrs, frames * d_n * d_p, frames, out);
        if (codeword_bits) {
            nb_symbols_to_bits(
                d_symbols.data(), frames * d_n, static_cast<int>(d_p), codeword_bits);
        }
    }

    void decode_int8(const int8_t* llrs,
                     size_t frames,
                     float step,
                     uint8_t* info_bits,
                     uint8_t* codeword_bits,
                     int* iterations,
                     uint8_t* parity_ok) override
    {
        if (!(step > 0.0f) || !std::isfinite(step)) {
            throw invalid_argument("decode_int8: step is " + std::to_string(step) +
                                   "; it must be finite and > 0");
        }
        const size_t count = frames * d_n * d_p;
        d_converted.resize(count);
        for (size_t i = 0; i < count; i++) {
            d_converted[i] = static_cast<float>(llrs[i]) * step;
        }
        decode(
            d_converted.data(), frames, info_bits, codeword_bits, iterations, parity_ok);
    }

    void set_max_iterations(int v) override { d_decoder->set_max_iterations(v); }
    int max_iterations() const override { return d_decoder->options().max_iterations; }
    void set_alpha(float alpha) override { refuse("alpha", alpha); }
    float alpha() const override { return family_default; }
    void set_beta(float beta) override { refuse("beta", beta); }
    float beta() const override { return family_default; }
};

/* Runs make(), prefixing its errors with who (and the backend's name). */
template <typename Make>
frame_decoder::uptr named_errors(const std::string& who, backend_kind backend, Make make)
{
    try {
        return make();
    } catch (const backend_unavailable& e) {
        throw backend_unavailable(who + ": backend '" + to_string(backend) +
                                  "': " + e.what());
    } catch (const std::invalid_argument& e) {
        throw invalid_argument(who + ": " + e.what());
    }
}

} // namespace

frame_decoder::uptr frame_decoder::make(const code_handle& code,
                                        const code_decoder_options& options,
                                        const std::string& who)
{
    if (code.is_binary()) {
        return named_errors(who, options.binary.backend, [&] {
            return std::make_unique<binary_frame_decoder>(
                decoder::make(code.binary(), options.binary));
        });
    }
    return named_errors(who, options.nonbinary.backend, [&] {
        return std::make_unique<nonbinary_frame_decoder>(
            nb_decoder::make(code.nonbinary(), options.nonbinary));
    });
}

code_decoder_options cpu_fallback_options(const code_decoder_options& options)
{
    code_decoder_options cpu = options;
    cpu.binary.backend = backend_kind::cpu;
    cpu.binary.gpu.device = 0;
    if (cpu.binary.precision == message_precision::half2) {
        cpu.binary.precision = message_precision::float32;
    }
    cpu.nonbinary.backend = backend_kind::cpu;
    cpu.nonbinary.gpu.device = 0;
    return cpu;
}

} // namespace gpufec
