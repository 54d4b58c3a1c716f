/*
 * gpufec.batch_decoder's decoder: the core decoder of the code, of either kind
 * (gpufec::decoder::make(code_handle, options)), and its output as the numpy API
 * asks for it: information bits, or codeword bits (for a GF(q) code the binary
 * images of its hard-decision symbols, which the core's decode_output gives).
 * A GF(q) code has no alpha or beta.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "batch_decoder.h"
#include <cmath>
#include <gpufec/error.h>
#include <stdexcept>

namespace gpufec_python {

namespace {

const std::string who = "batch_decoder";

/* Makes the decoder, its refusals given the decoder's name and the code's spec. */
gpufec::decoder::uptr make_decoder(const gpufec::code_handle& code,
                                   const gpufec::decoder_options& options)
{
    const std::string spec = code.name();
    try {
        return gpufec::decoder::make(code, options);
    } catch (const gpufec::backend_unavailable& e) {
        throw gpufec::backend_unavailable(who + ": code '" + spec + "': " + e.what());
    } catch (const std::invalid_argument& e) {
        throw gpufec::invalid_argument(who + ": code '" + spec + "': " + e.what());
    }
}

gpufec::decode_output output_of(const batch_output& out)
{
    gpufec::decode_output o;
    (out.codeword ? o.codewords : o.info_bits) = out.bits;
    o.iterations = out.iterations;
    o.parity_ok = out.parity_ok;
    return o;
}

} // namespace

batch_decoder::batch_decoder(const gpufec::code_handle& code,
                             const decoder_arguments& args)
    : d_code(code),
      d_decoder(make_decoder(code,
                             options_of(args,
                                        code.is_binary() ? gpufec::code_kind::binary
                                                         : gpufec::code_kind::nonbinary,
                                        code.name(),
                                        who)))
{
}

const std::string& batch_decoder::spec() const
{
    return d_code.is_binary() ? d_code.binary()->name() : d_code.nonbinary()->name();
}

std::string batch_decoder::precision() const
{
    return gr::gpufec::precision_name(d_decoder->options().precision);
}

void batch_decoder::set_max_iterations(int iterations)
{
    d_decoder->set_max_iterations(iterations);
}

void batch_decoder::refuse_binary_only(const char* name, float value) const
{
    if (nonbinary() && value != gpufec::family_default) {
        throw gpufec::invalid_argument(who + ".set_" + name + ": " + name +
                                       " applies to binary codes only; '" + spec() +
                                       "' is a nonbinary code");
    }
}

void batch_decoder::set_alpha(float alpha)
{
    refuse_binary_only("alpha", alpha);
    d_decoder->set_alpha(alpha);
}

void batch_decoder::set_beta(float beta)
{
    refuse_binary_only("beta", beta);
    d_decoder->set_beta(beta);
}

void batch_decoder::decode(const float* llrs, size_t frames, const batch_output& out)
{
    d_decoder->decode(llrs, frames * n_bits(), frames, output_of(out));
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
    d_decoder->decode(llrs, frames * n_bits(), frames, step, output_of(out));
}

} // namespace gpufec_python
