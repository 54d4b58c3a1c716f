/* -*- c++ -*- */
/*
 * nb_ldpc_decoder_impl: gr-fec FECAPI decoder over a core NB decoder. gr-fec
 * soft input (positive means bit 1) becomes the core's bit LLR
 * L = -llr_scale * x; frame_size counts information bits and may be any positive
 * multiple of K*p.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "nb_ldpc_decoder_impl.h"
#include "decoder_params.h"
#include "nb_decoder_params.h"
#include <cmath>

namespace gr {
namespace gpufec {

namespace {
const char* const who = "gpufec.nb_ldpc_decoder";

} // namespace

nb_ldpc_decoder::sptr nb_ldpc_decoder::make(const std::string& spec,
                                            const std::string& algorithm,
                                            int ems_nm,
                                            float ems_offset,
                                            float ems_scale,
                                            const std::string& schedule,
                                            int max_iterations,
                                            bool early_termination,
                                            const std::string& backend,
                                            int frames,
                                            float llr_scale,
                                            int threads)
{
    check_positive(frames, "frames", who);
    const float factor = input_factor("positive_is_1", llr_scale, who);
    nb_decoder_args args;
    args.algorithm = algorithm;
    args.ems_nm = ems_nm;
    args.ems_offset = ems_offset;
    args.ems_scale = ems_scale;
    args.schedule = schedule;
    args.max_iterations = max_iterations;
    args.early_termination = early_termination;
    args.backend = backend;
    args.threads = threads;
    auto dec = make_nb_decoder(make_nb_code(spec, who), args, who);
    return std::make_shared<nb_ldpc_decoder_impl>(std::move(dec), frames, factor);
}

nb_ldpc_decoder_impl::nb_ldpc_decoder_impl(::gpufec::nb_decoder::uptr decoder,
                                           int frames,
                                           float factor)
    : nb_ldpc_decoder("gpufec_nb_ldpc_decoder"), d_decoder(std::move(decoder)),
      d_n(d_decoder->code().n()), d_k(d_decoder->code().k()), d_p(d_decoder->code().p()),
      d_in_frame(d_n * d_p), d_out_frame(d_k * d_p), d_factor(factor),
      d_rate(fecapi_whole_frame_rate(d_in_frame, d_out_frame)), d_frames(frames)
{
    set_frame_size(static_cast<unsigned int>(frames) * d_out_frame);
}

nb_ldpc_decoder_impl::~nb_ldpc_decoder_impl() {}

bool nb_ldpc_decoder_impl::set_frame_size(unsigned int frame_size)
{
    if (frame_size == 0 || frame_size % static_cast<unsigned int>(d_out_frame) != 0) {
        d_logger->info("set_frame_size({}) refused: the frame size must be a positive "
                       "multiple of K*p={}; keeping {} ({} frames)",
                       frame_size,
                       d_out_frame,
                       d_frames * d_out_frame,
                       d_frames);
        return false;
    }
    d_frames = static_cast<int>(frame_size / d_out_frame);
    d_llrs.resize(static_cast<size_t>(d_frames) * d_in_frame);
    d_iterations.resize(d_frames);
    d_parity_ok.resize(d_frames);
    return true;
}

void nb_ldpc_decoder_impl::generic_work(fec_decoder_input_ptr inbuffer, void* outbuffer)
{
    const size_t frames = static_cast<size_t>(d_frames);
    const size_t count = frames * d_in_frame;
    scale_llrs(static_cast<const float*>(inbuffer), count, d_factor, d_llrs.data());
    ::gpufec::nb_decode_output out;
    out.info_bits = static_cast<uint8_t*>(outbuffer);
    out.iterations = d_iterations.data();
    out.parity_ok = d_parity_ok.data();
    d_decoder->decode_bits(d_llrs.data(), count, frames, out);
    long total = 0;
    int failures = 0;
    for (size_t f = 0; f < frames; f++) {
        total += d_iterations[f];
        failures += d_parity_ok[f] ? 0 : 1;
    }
    d_mean_iterations = static_cast<float>(total) / static_cast<float>(frames);
    d_parity_failures = failures;
}

std::string nb_ldpc_decoder_impl::backend() const { return d_decoder->backend_name(); }
std::string nb_ldpc_decoder_impl::code_name() const { return d_decoder->code().name(); }

void nb_ldpc_decoder_impl::set_max_iterations(int max_iterations)
{
    d_decoder->set_max_iterations(max_iterations);
}
int nb_ldpc_decoder_impl::max_iterations() const
{
    return d_decoder->options().max_iterations;
}

} // namespace gpufec
} // namespace gr
