/* -*- c++ -*- */
/*
 * ldpc_decoder_impl: gr-fec FECAPI decoder over a core decoder. gr-fec soft input
 * (positive means bit 1) becomes the core's LLR L = -llr_scale * x (llr_scale
 * given, or 1 / (2 sigma^2) from gr-fec's sigma); frame_size counts information
 * bits and may be any positive multiple of K.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ldpc_decoder_impl.h"
#include "decoder_params.h"
#include <cmath>

namespace gr {
namespace gpufec {

namespace {
const char* const who = "gpufec.ldpc_decoder";
}

ldpc_decoder::sptr ldpc_decoder::make(const std::string& spec,
                                      const std::string& algorithm,
                                      float alpha,
                                      float beta,
                                      const std::string& schedule,
                                      int max_iterations,
                                      bool early_termination,
                                      const std::string& backend,
                                      int frames,
                                      float llr_scale,
                                      int threads,
                                      float sigma)
{
    check_positive(frames, "frames", who);
    const float factor =
        input_factor("positive_is_1", grfec_sigma_scale(sigma, llr_scale, who), who);
    decoder_args args;
    args.algorithm = algorithm;
    args.alpha = alpha;
    args.beta = beta;
    args.schedule = schedule;
    args.max_iterations = max_iterations;
    args.early_termination = early_termination;
    args.backend = backend;
    args.threads = threads;
    auto dec = make_decoder(make_code(spec, who), args, who);
    return std::make_shared<ldpc_decoder_impl>(std::move(dec), frames, factor);
}

ldpc_decoder_impl::ldpc_decoder_impl(::gpufec::decoder::uptr decoder,
                                     int frames,
                                     float factor)
    : ldpc_decoder("gpufec_ldpc_decoder"), d_decoder(std::move(decoder)),
      d_n(d_decoder->code().n()), d_k(d_decoder->code().k()), d_factor(factor),
      d_rate(fecapi_whole_frame_rate(d_n, d_k)), d_frames(frames)
{
    set_frame_size(static_cast<unsigned int>(frames) * d_k);
}

ldpc_decoder_impl::~ldpc_decoder_impl() {}

double ldpc_decoder_impl::rate() { return d_rate; }

bool ldpc_decoder_impl::set_frame_size(unsigned int frame_size)
{
    if (frame_size == 0 || frame_size % static_cast<unsigned int>(d_k) != 0) {
        d_logger->info("set_frame_size({}) refused: the frame size must be a positive "
                       "multiple of K={}; keeping {} ({} frames)",
                       frame_size,
                       d_k,
                       d_frames * d_k,
                       d_frames);
        return false;
    }
    d_frames = static_cast<int>(frame_size / d_k);
    d_llrs.resize(static_cast<size_t>(d_frames) * d_n);
    d_iterations.resize(d_frames);
    d_parity_ok.resize(d_frames);
    return true;
}

void ldpc_decoder_impl::generic_work(fec_decoder_input_ptr inbuffer, void* outbuffer)
{
    const size_t frames = static_cast<size_t>(d_frames);
    const size_t count = frames * d_n;
    scale_llrs(static_cast<const float*>(inbuffer), count, d_factor, d_llrs.data());
    ::gpufec::decode_output out;
    out.info_bits = static_cast<uint8_t*>(outbuffer);
    out.iterations = d_iterations.data();
    out.parity_ok = d_parity_ok.data();
    d_decoder->decode(d_llrs.data(), count, frames, out);

    long total = 0;
    int failures = 0;
    for (size_t f = 0; f < frames; f++) {
        total += d_iterations[f];
        failures += d_parity_ok[f] ? 0 : 1;
    }
    d_mean_iterations = static_cast<float>(total) / static_cast<float>(frames);
    d_parity_failures = failures;
}

std::string ldpc_decoder_impl::backend() const { return d_decoder->backend_name(); }
std::string ldpc_decoder_impl::code_name() const { return d_decoder->code().name(); }
void ldpc_decoder_impl::set_max_iterations(int max_iterations)
{
    d_decoder->set_max_iterations(max_iterations);
}
int ldpc_decoder_impl::max_iterations() const
{
    return d_decoder->options().max_iterations;
}
void ldpc_decoder_impl::set_alpha(float alpha) { d_decoder->set_alpha(alpha); }
float ldpc_decoder_impl::alpha() const { return d_decoder->options().alpha; }
void ldpc_decoder_impl::set_beta(float beta) { d_decoder->set_beta(beta); }
float ldpc_decoder_impl::beta() const { return d_decoder->options().beta; }

} // namespace gpufec
} // namespace gr
