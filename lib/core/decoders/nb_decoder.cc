/* -*- c++ -*- */
/*
 * The backend-independent part of the nonbinary decoder interface
 * (include/gpufec/nb_decoder.h): rule names, option checks, the backend factory,
 * argument checks, bit LLR -> symbol LLR conversion (nb_channel.h), and the
 * extraction of information symbols and bits. The Min-Max / EMS algorithms live in
 * nb_cpu_decoder.cc.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "codes/text_input.h"
#include "decoders/batch_checks.h"
#include "decoders/nb_cpu_decoder.h"
#include "decoders/nb_cuda_backend.h"
#include <gpufec/cuda_decoder.h>
#include <gpufec/error.h>
#include <gpufec/host_resources.h>
#include <gpufec/limits.h>
#include <gpufec/nb_channel.h>
#include <gpufec/nb_decoder.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iostream>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <vector>

namespace gpufec {

namespace {

} // namespace

nb_check_rule parse_nb_check_rule(const std::string& name)
{
    const std::string s = detail::lower_case(name);
    if (s == "minmax" || s == "min-max" || s == "min_max") {
        return nb_check_rule::min_max;
    }
    if (s == "ems") {
        return nb_check_rule::ems;
    }
    throw invalid_argument("unknown nonbinary check-node rule '" + name +
                           "' (expected minmax or ems)");
}

bool is_nb_check_rule(const std::string& name)
{
    try {
        parse_nb_check_rule(name);
        return true;
    } catch (const invalid_argument&) {
        return false;
    }
}

std::string to_string(nb_check_rule rule)
{
    return rule == nb_check_rule::ems ? "ems" : "minmax";
}

nb_decoder_options to_nb_decoder_options(const decoder_options& options)
{
    nb_decoder_options o;
    o.rule = options.nonbinary.rule;
    o.schedule = options.schedule;
    o.max_iterations =
        options.max_iterations == code_default_iterations ? 10 : options.max_iterations;
    o.early_termination = options.early_termination;
    o.backend = options.backend;
    o.threads = options.threads;
    o.ems_nm = options.nonbinary.ems_nm;
    o.ems_offset = options.nonbinary.ems_offset;
    o.ems_scale = options.nonbinary.ems_scale;
    o.precision = options.precision;
    o.gpu.flooding = options.nonbinary.flooding;
    o.gpu.host_batch_frames = options.nonbinary.host_batch_frames;
    o.gpu.device = options.gpu.device;
    return o;
}

namespace {

/*!
 * The decoder options (decoder.h) that stand for nb_decoder_options: the
 * inverse of to_nb_decoder_options, the binary-only fields at their defaults.
 */
decoder_options from_nb_decoder_options(const nb_decoder_options& n)
{
    decoder_options o;
    o.nonbinary.rule = n.rule;
    o.schedule = n.schedule;
    o.max_iterations = n.max_iterations;
    o.early_termination = n.early_termination;
    o.backend = n.backend;
    o.threads = n.threads;
    o.nonbinary.ems_nm = n.ems_nm;
    o.nonbinary.ems_offset = n.ems_offset;
    o.nonbinary.ems_scale = n.ems_scale;
    o.precision = n.precision;
    o.nonbinary.flooding = n.gpu.flooding;
    o.nonbinary.host_batch_frames = n.gpu.host_batch_frames;
    o.gpu.device = n.gpu.device;
    return o;
}

} // namespace

void nb_decoder_options::validate() const
{
    if (rule != nb_check_rule::min_max && rule != nb_check_rule::ems) {
        throw invalid_argument("nb_decoder_options.rule: unknown value " +
                               std::to_string(static_cast<int>(rule)));
    }
    if (schedule != decoding_schedule::layered &&
        schedule != decoding_schedule::flooding) {
        throw invalid_argument("nb_decoder_options.schedule: unknown value " +
                               std::to_string(static_cast<int>(schedule)));
    }
    if (max_iterations < 1 || max_iterations > limits::max_iterations) {
        throw invalid_argument(
            "nb_decoder_options.max_iterations = " + std::to_string(max_iterations) +
            " is outside [1, " + std::to_string(limits::max_iterations) +
            "] (gpufec::limits::max_iterations)");
    }
    if (backend != backend_kind::automatic && backend != backend_kind::cpu &&
        backend != backend_kind::cuda) {
        throw invalid_argument("nb_decoder_options.backend: unknown value " +
                               std::to_string(static_cast<int>(backend)));
    }
    check_threads(threads, "nb_decoder_options: threads");
    if (ems_nm < 0 || ems_nm > 256) {
        throw invalid_argument("nb_decoder_options.ems_nm = " + std::to_string(ems_nm) +
                               " is outside [0, 256] (0 means q)");
    }
    if (gpu.flooding != nb_flooding_pipeline::automatic &&
        gpu.flooding != nb_flooding_pipeline::classic) {
        throw invalid_argument("nb_decoder_options.gpu.flooding: unknown value " +
                               std::to_string(static_cast<int>(gpu.flooding)));
    }
    if (precision != message_precision::float32 &&
        precision != message_precision::automatic) {
        // to_string throws for a value outside the enumeration
        throw invalid_argument("nb_decoder_options.precision is " + to_string(precision) +
                               "; the nonbinary (GF(q)) decoders compute in float32 "
                               "only: use precision float32 or auto");
    }
    if (gpu.device < 0) {
        throw invalid_argument(
            "nb_decoder_options.gpu.device = " + std::to_string(gpu.device) +
            " is negative; it is a CUDA device index (>= 0)");
    }
    if (gpu.host_batch_frames < 0 || gpu.host_batch_frames > 16384) {
        throw invalid_argument("nb_decoder_options.gpu.host_batch_frames = " +
                               std::to_string(gpu.host_batch_frames) +
                               " is outside [0, 16384] (0 means the decoder's choice)");
    }
    if (!(ems_scale > 0.0f && ems_scale <= 1.0f)) {
        throw invalid_argument("nb_decoder_options.ems_scale must be in (0, 1]");
    }
    if (!(ems_offset >= 0.0f) || !std::isfinite(ems_offset)) {
        throw invalid_argument("nb_decoder_options.ems_offset must be finite and >= 0");
    }
}

nb_decoder::uptr nb_decoder::make(nb_code::sptr code, const nb_decoder_options& options)
{
    if (!code) {
        throw invalid_argument("nb_decoder::make: code is null");
    }
    options.validate();
    if (options.ems_nm > code->q()) {
        throw invalid_argument(
            "nb_decoder_options.ems_nm = " + std::to_string(options.ems_nm) +
            " exceeds q = " + std::to_string(code->q()));
    }
    // message memory: q values per edge (C2V, V2C), per worker
    const size_t states = code->h().edges() * static_cast<size_t>(code->q());
    if (states > limits::max_nb_edge_states) {
        throw invalid_argument("nb_decoder::make: " + std::to_string(code->h().edges()) +
                               " edges x q = " + std::to_string(code->q()) +
                               " message entries, more than the limit of " +
                               std::to_string(limits::max_nb_edge_states) +
                               " (gpufec::limits::max_nb_edge_states)");
    }
    if (options.backend == backend_kind::cuda) {
        // lib/cuda/nonbinary/nb_cuda_decoder.cu (Min-Max, flooding and layered); without
        // CUDA, lib/core/cuda_stubs/nb_cuda_stub.cc throws backend_unavailable.
        return make_nb_cuda_decoder(std::move(code), options);
    }
    if (options.backend == backend_kind::automatic) {
        // auto: the GPU Min-Max decoder where a device works and it can take this
        // code and rule, else the CPU, silently (as the binary decoder's auto does:
        // no GPU or CUDA driver is the normal case); the choice of CUDA is logged
        // once per process.
        if (options.rule == nb_check_rule::min_max && cuda_available()) {
            try {
                auto gpu = make_nb_cuda_decoder(code, options);
                static std::once_flag logged_gpu;
                std::call_once(logged_gpu, [] {
                    std::clog << "gpufec: nonbinary decoder: backend auto -> cuda"
                              << std::endl;
                });
                return gpu;
            } catch (const std::exception&) {
                // the CPU below
            }
        }
    }
    return make_nb_cpu_decoder(std::move(code), options);
}

nb_decoder::nb_decoder(nb_code::sptr code, const nb_decoder_options& options)
    : decoder(code, from_nb_decoder_options(options)), d_code(std::move(code)),
      d_options(options), d_max_iterations(options.max_iterations)
{
    // float32 is the only arithmetic of the nonbinary decoders: auto stands for it
    if (d_options.precision == message_precision::automatic) {
        d_options.precision = message_precision::float32;
    }
}

nb_decoder_options nb_decoder::options() const
{
    nb_decoder_options o = d_options;
    o.max_iterations = d_max_iterations.load();
    return o;
}

void nb_decoder::set_max_iterations(int iterations)
{
    if (iterations < 1 || iterations > limits::max_iterations) {
        throw invalid_argument(
            "nb_decoder::set_max_iterations: " + std::to_string(iterations) +
            " is outside [1, " + std::to_string(limits::max_iterations) +
            "] (gpufec::limits::max_iterations)");
    }
    d_max_iterations = iterations;
}

void nb_decoder::decode_bits(const float* llrs,
                             size_t llr_count,
                             size_t frames,
                             const nb_decode_output& out)
{
    check_llr_batch(batch_shape("nb_decoder::decode_bits"), llrs, llr_count, frames);
    decode_bit_llrs(llrs, frames, out);
}

void nb_decoder::decode_checked(const float* llrs,
                                size_t frames,
                                const decode_output& out)
{
    const size_t n = static_cast<size_t>(d_code->n());
    const int p = d_code->p();
    nb_decode_output o;
    o.symbols = out.symbols;
    o.info_symbols = out.info_symbols;
    o.info_bits = out.info_bits;
    o.iterations = out.iterations;
    o.parity_ok = out.parity_ok;
    std::vector<uint8_t> own_symbols;
    if (out.codewords && !o.symbols) {
        own_symbols.resize(frames * n);
        o.symbols = own_symbols.data();
    }
    decode_bit_llrs(llrs, frames, o);
    if (out.codewords) {
        // the binary image of the decided symbols: bit j of symbol i at i*p + j
        for (size_t i = 0; i < frames * n; i++) {
            for (int j = 0; j < p; j++) {
                out.codewords[i * p + j] = (o.symbols[i] >> j) & 1u;
            }
        }
    }
}

void nb_decoder::decode_bit_llrs(const float* llrs,
                                 size_t frames,
                                 const nb_decode_output& out)
{
    const size_t llr_count = frames * static_cast<size_t>(d_code->n_bits());
    if (accepts_raw_input()) {
        finish(llrs, 2, frames, out);
        return;
    }
    for (size_t i = 0; i < llr_count; i++) {
        if (std::isinf(llrs[i])) {
            throw invalid_argument("nb_decoder::decode_bits: LLR " + std::to_string(i) +
                                   " is infinite");
        }
    }
    const size_t q = static_cast<size_t>(d_code->q());
    std::vector<float> sym(frames * d_code->n() * q);
    nb_bit_llrs_to_symbol_llrs(llrs, frames * d_code->n(), d_code->p(), sym.data());
    finish(sym.data(), 0, frames, out);
}

void nb_decoder::decode_symbols(const float* llrs,
                                size_t llr_count,
                                size_t frames,
                                const nb_decode_output& out)
{
    const size_t q = static_cast<size_t>(d_code->q());
    const size_t per_frame = static_cast<size_t>(d_code->n()) * q;
    llr_batch_shape shape = batch_shape("nb_decoder::decode_symbols");
    shape.per_frame = per_frame;
    shape.unit = "N * q";
    shape.hint = "; q must match the code's field";
    check_llr_batch(shape, llrs, llr_count, frames);
    if (accepts_raw_input()) {
        finish(llrs, 1, frames, out);
        return;
    }
    for (size_t i = 0; i < llr_count; i++) {
        if (!std::isfinite(llrs[i])) {
            throw invalid_argument("nb_decoder::decode_symbols: LLR " +
                                   std::to_string(i) + " (frame " +
                                   std::to_string(i / per_frame) + ", symbol " +
                                   std::to_string((i % per_frame) / q) + ", element " +
                                   std::to_string(i % q) + ") is not finite");
        }
    }
    std::vector<float> sym(llrs, llrs + llr_count);
    nb_normalize_symbol_llrs(sym.data(), frames * d_code->n(), static_cast<int>(q));
    finish(sym.data(), 0, frames, out);
}

void nb_decoder::decode_raw(const float*, bool, size_t, int, uint8_t*, int*, uint8_t*)
{
    throw std::logic_error(
        "nb_decoder::decode_raw: this backend takes checked input only");
}

void nb_decoder::finish(const float* llrs,
                        int raw,
                        size_t frames,
                        const nb_decode_output& out)
{
    const size_t n = static_cast<size_t>(d_code->n());
    std::vector<uint8_t> own_symbols;
    std::vector<int> own_iterations;
    std::vector<uint8_t> own_parity;
    uint8_t* symbols = out.symbols;
    if (!symbols) {
        own_symbols.resize(frames * n);
        symbols = own_symbols.data();
    }
    int* iterations = out.iterations;
    if (!iterations) {
        own_iterations.resize(frames);
        iterations = own_iterations.data();
    }
    uint8_t* parity = out.parity_ok;
    if (!parity) {
        own_parity.resize(frames);
        parity = own_parity.data();
    }
    if (raw) {
        decode_raw(
            llrs, raw == 2, frames, d_max_iterations.load(), symbols, iterations, parity);
    } else {
        decode_symbol_llrs(
            llrs, frames, d_max_iterations.load(), symbols, iterations, parity);
    }
    if (out.info_symbols || out.info_bits) {
        const std::vector<int>& info = d_code->info_positions();
        const size_t k = info.size();
        const int p = d_code->p();
        for (size_t f = 0; f < frames; f++) {
            const uint8_t* s = symbols + f * n;
            for (size_t i = 0; i < k; i++) {
                const uint8_t v = s[info[i]];
                if (out.info_symbols) {
                    out.info_symbols[f * k + i] = v;
                }
                if (out.info_bits) {
                    for (int j = 0; j < p; j++) {
                        out.info_bits[(f * k + i) * p + j] = (v >> j) & 1u;
                    }
                }
            }
        }
    }
}

} // namespace gpufec
