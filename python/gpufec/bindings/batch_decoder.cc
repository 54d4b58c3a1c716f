/*
 * gpufec.batch_decoder's decoder: makes the core decoder of the code's kind and
 * decodes through it. A GF(q) code's codeword bits are its hard-decision
 * symbols' binary images (nb_symbols_to_bits); its int8 LLRs are taken as the
 * float LLRs v * step; it has no alpha or beta.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "batch_decoder.h"
#include <cmath>
#include <gpufec/error.h>
#include <stdexcept>
#include <vector>

namespace gpufec_python {

namespace {

const std::string who = "batch_decoder";

/* Runs make(), giving its refusals the decoder's name and the code's spec. */
template <typename Make>
auto named_errors(const std::string& spec, Make make) -> decltype(make())
{
    try {
        return make();
    } catch (const gpufec::backend_unavailable& e) {
        throw gpufec::backend_unavailable(who + ": code '" + spec + "': " + e.what());
    } catch (const std::invalid_argument& e) {
        throw gpufec::invalid_argument(who + ": code '" + spec + "': " + e.what());
    }
}

gpufec::decode_output binary_output(const batch_output& out)
{
    gpufec::decode_output o;
    (out.codeword ? o.codewords : o.info_bits) = out.bits;
    o.iterations = out.iterations;
    o.parity_ok = out.parity_ok;
    return o;
}

} // namespace

batch_decoder::batch_decoder(const code_arg& code, const decoder_args& args)
{
    const std::string& spec = code.spec();
    if (code.nonbinary) {
        const auto options = nonbinary_options(args, spec, who);
        d_nonbinary = named_errors(
            spec, [&] { return gpufec::nb_decoder::make(code.nonbinary, options); });
    } else {
        const auto options = binary_options(args, spec, who);
        d_binary = named_errors(
            spec, [&] { return gpufec::decoder::make(code.binary, options); });
    }
}

const std::string& batch_decoder::spec() const
{
    return d_binary ? d_binary->code().name() : d_nonbinary->code().name();
}

size_t batch_decoder::n_bits() const
{
    return d_binary ? d_binary->code().n() : d_nonbinary->code().n_bits();
}

size_t batch_decoder::k_bits() const
{
    return d_binary ? d_binary->code().k() : d_nonbinary->code().k_bits();
}

std::string batch_decoder::backend_name() const
{
    return d_binary ? d_binary->backend_name() : d_nonbinary->backend_name();
}

std::string batch_decoder::precision() const
{
    return precision_name(d_binary ? d_binary->options().precision
                                   : d_nonbinary->options().precision);
}

void batch_decoder::set_max_iterations(int iterations)
{
    if (d_binary) {
        d_binary->set_max_iterations(iterations);
    } else {
        d_nonbinary->set_max_iterations(iterations);
    }
}

void batch_decoder::refuse_binary_only(const char* name, float value) const
{
    if (value != gpufec::family_default) {
        throw gpufec::invalid_argument(who + ".set_" + name + ": " + name +
                                       " applies to binary codes only; '" + spec() +
                                       "' is a nonbinary code");
    }
}

void batch_decoder::set_alpha(float alpha)
{
    if (d_binary) {
        d_binary->set_alpha(alpha);
    } else {
        refuse_binary_only("alpha", alpha);
    }
}

void batch_decoder::set_beta(float beta)
{
    if (d_binary) {
        d_binary->set_beta(beta);
    } else {
        refuse_binary_only("beta", beta);
    }
}

void batch_decoder::decode(const float* llrs, size_t frames, const batch_output& out)
{
    if (d_nonbinary) {
        decode_nonbinary(llrs, frames, out);
        return;
    }
    d_binary->decode(llrs, frames * n_bits(), frames, binary_output(out));
}

void batch_decoder::decode(const int8_t* llrs,
                           size_t frames,
                           float step,
                           const batch_output& out)
{
    if (!(step > 0.0f) || !std::isfinite(step)) {
        throw gpufec::invalid_argument(who + ".decode: step is " +
                                       std::to_string(python_float(step)) +
                                       "; it must be > 0 and finite");
    }
    if (d_binary) {
        d_binary->decode(llrs, frames * n_bits(), frames, step, binary_output(out));
        return;
    }
    std::vector<float> values(frames * n_bits());
    for (size_t i = 0; i < values.size(); i++) {
        values[i] = static_cast<float>(llrs[i]) * step;
    }
    decode_nonbinary(values.data(), frames, out);
}

void batch_decoder::decode_nonbinary(const float* llrs,
                                     size_t frames,
                                     const batch_output& out)
{
    const gpufec::nb_code& c = d_nonbinary->code();
    std::vector<uint8_t> symbols;
    gpufec::nb_decode_output o;
    if (out.codeword) {
        symbols.resize(frames * c.n());
        o.symbols = symbols.data();
    } else {
        o.info_bits = out.bits;
    }
    o.iterations = out.iterations;
    o.parity_ok = out.parity_ok;
    d_nonbinary->decode_bits(llrs, frames * n_bits(), frames, o);
    if (out.codeword) {
        gpufec::nb_symbols_to_bits(symbols.data(), symbols.size(), c.p(), out.bits);
    }
}

} // namespace gpufec_python
