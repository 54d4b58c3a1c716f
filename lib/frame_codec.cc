/* -*- c++ -*- */
/*
 * frame_decoder / frame_encoder: the binary and nonbinary adaptors. The
 * nonbinary decoder's codeword output goes through its hard-decision symbols
 * (nb_symbols_to_bits); a nonbinary decoder has no alpha / beta.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "frame_codec.h"
#include <cmath>
#include <gpufec/error.h>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {

class binary_frame_decoder : public frame_decoder
{
    ::gpufec::decoder::uptr d_decoder;

    static frame_sizes sizes_of(const ::gpufec::ldpc_code& code)
    {
        frame_sizes s;
        s.n = code.n();
        s.k = code.k();
        return s;
    }

public:
    explicit binary_frame_decoder(::gpufec::decoder::uptr decoder)
        : frame_decoder(sizes_of(decoder->code())), d_decoder(std::move(decoder))
    {
    }

    std::string code_name() const override { return d_decoder->code().name(); }
    std::string backend_name() const override { return d_decoder->backend_name(); }
    std::string precision() const override
    {
        return precision_name(d_decoder->options().precision);
    }

    void decode(const float* llrs,
                size_t frames,
                uint8_t* info_bits,
                uint8_t* codeword_bits,
                int* iterations,
                uint8_t* parity_ok) override
    {
        ::gpufec::decode_output out;
        out.info_bits = info_bits;
        out.codewords = codeword_bits;
        out.iterations = iterations;
        out.parity_ok = parity_ok;
        d_decoder->decode(llrs, frames * d_sizes.n, frames, out);
    }

    void decode_int8(const int8_t* llrs,
                     size_t frames,
                     float step,
                     uint8_t* info_bits,
                     uint8_t* codeword_bits,
                     int* iterations,
                     uint8_t* parity_ok) override
    {
        ::gpufec::decode_output out;
        out.info_bits = info_bits;
        out.codewords = codeword_bits;
        out.iterations = iterations;
        out.parity_ok = parity_ok;
        d_decoder->decode(llrs, frames * d_sizes.n, frames, step, out);
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
    ::gpufec::nb_decoder::uptr d_decoder;
    std::vector<uint8_t> d_symbols; // hard decisions, for the codeword output
    std::vector<float> d_converted; // int8 input as floats

    static frame_sizes sizes_of(const ::gpufec::nb_code& code)
    {
        frame_sizes s;
        s.nonbinary = true;
        s.n = code.n();
        s.k = code.k();
        s.p = code.p();
        return s;
    }

    void refuse(const char* name, float value) const
    {
        if (value != ::gpufec::family_default) {
            throw std::invalid_argument(std::string(name) +
                                        " applies to binary codes "
                                        "only; '" +
                                        code_name() + "' is a nonbinary code");
        }
    }

public:
    explicit nonbinary_frame_decoder(::gpufec::nb_decoder::uptr decoder)
        : frame_decoder(sizes_of(decoder->code())), d_decoder(std::move(decoder))
    {
    }

    std::string code_name() const override { return d_decoder->code().name(); }
    std::string backend_name() const override { return d_decoder->backend_name(); }
    std::string precision() const override
    {
        return precision_name(d_decoder->options().precision);
    }

    void decode(const float* llrs,
                size_t frames,
                uint8_t* info_bits,
                uint8_t* codeword_bits,
                int* iterations,
                uint8_t* parity_ok) override
    {
        ::gpufec::nb_decode_output out;
        out.info_bits = info_bits;
        if (codeword_bits) {
            d_symbols.resize(frames * d_sizes.n);
            out.symbols = d_symbols.data();
        }
        out.iterations = iterations;
        out.parity_ok = parity_ok;
        d_decoder->decode_bits(llrs, frames * d_sizes.n_bits(), frames, out);
        if (codeword_bits) {
            ::gpufec::nb_symbols_to_bits(
                d_symbols.data(), frames * d_sizes.n, d_sizes.p, codeword_bits);
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
            throw ::gpufec::invalid_argument("decode_int8: step is " +
                                             std::to_string(step) +
                                             "; it must be finite and > 0");
        }
        const size_t count = frames * static_cast<size_t>(d_sizes.n_bits());
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
    float alpha() const override { return ::gpufec::family_default; }
    void set_beta(float beta) override { refuse("beta", beta); }
    float beta() const override { return ::gpufec::family_default; }
};

/* Runs make(), prefixing its errors with the block's name (and the backend's). */
template <typename Make>
frame_decoder::uptr
named_errors(const std::string& who, const std::string& backend, Make make)
{
    try {
        return make();
    } catch (const ::gpufec::backend_unavailable& e) {
        throw ::gpufec::backend_unavailable(who + ": backend '" + backend +
                                            "': " + e.what());
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(who + ": " + e.what());
    }
}

} // namespace

frame_decoder::uptr frame_decoder::make(const std::string& spec,
                                        const decoder_args& args,
                                        const std::string& who)
{
    if (::gpufec::nb_code::is_nb_spec(spec)) {
        const auto options = nonbinary_options(args, spec, who);
        auto code = make_code(spec, who).nonbinary;
        return named_errors(who, args.backend, [&] {
            return std::make_unique<nonbinary_frame_decoder>(
                ::gpufec::nb_decoder::make(std::move(code), options));
        });
    }
    const auto options = binary_options(args, spec, who);
    auto code = make_code(spec, who).binary;
    return named_errors(who, args.backend, [&] {
        return std::make_unique<binary_frame_decoder>(
            ::gpufec::decoder::make(std::move(code), options));
    });
}

decoder_args cpu_fallback_args(const decoder_args& args)
{
    decoder_args cpu = args;
    cpu.backend = "cpu";
    cpu.device = 0;
    if (cpu.precision == "half2") {
        cpu.precision = "float32";
    }
    return cpu;
}

frame_encoder::frame_encoder(const std::string& spec, const std::string& who)
    : d_code(make_code(spec, who))
{
    if (d_code.nonbinary) {
        d_sizes.nonbinary = true;
        d_sizes.n = d_code.nonbinary->n();
        d_sizes.k = d_code.nonbinary->k();
        d_sizes.p = d_code.nonbinary->p();
    } else {
        d_sizes.n = d_code.binary->n();
        d_sizes.k = d_code.binary->k();
    }
    d_info.resize(d_sizes.k_bits());
}

const std::string& frame_encoder::code_name() const
{
    return d_code.binary ? d_code.binary->name() : d_code.nonbinary->name();
}

void frame_encoder::encode(const uint8_t* info_bits, uint8_t* codeword_bits)
{
    for (size_t i = 0; i < d_info.size(); i++) {
        d_info[i] = info_bits[i] & 1;
    }
    if (d_code.binary) {
        d_code.binary->encode(d_info.data(), codeword_bits);
    } else {
        d_code.nonbinary->encode_bits(d_info.data(), codeword_bits);
    }
}

} // namespace gpufec
} // namespace gr
