/* -*- c++ -*- */
/*
 * ldpc_decoder_impl: gr-fec FECAPI decoder over a core decoder, binary or
 * nonbinary. gr-fec soft input (positive means bit 1) becomes the core's bit LLR
 * L = -llr_scale * x (llr_scale given, or 1 / (2 sigma^2) from gr-fec's sigma);
 * frame_size counts information bits and may be any positive multiple of K*p.
 * A decoder that fails (a GPU error) is replaced by a CPU one (logged).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ldpc_decoder_impl.h"

namespace gr {
namespace gpufec {

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
                                      float sigma,
                                      int ems_nm,
                                      float ems_offset,
                                      float ems_scale,
                                      const std::string& precision,
                                      int device,
                                      int fraction_bits,
                                      int channel_max,
                                      int c2v_max)
{
    const std::string who = "gpufec.ldpc_decoder";
    check_positive(frames, "frames", who);
    const float factor =
        input_factor("positive_is_1", grfec_sigma_scale(sigma, llr_scale, who), who);
    const decoder_arguments args{ algorithm,  alpha,          beta,
                                  schedule,   max_iterations, early_termination,
                                  backend,    threads,        ems_nm,
                                  ems_offset, ems_scale,      precision,
                                  device,     fraction_bits,  channel_max,
                                  c2v_max };
    const ::gpufec::stream_options stream = one_call_stream(who, factor, false);
    return std::make_shared<ldpc_decoder_impl>(
        make_stream_pipeline(spec, args, stream), frames, factor);
}

ldpc_decoder_impl::ldpc_decoder_impl(::gpufec::stream_pipeline::uptr pipeline,
                                     int frames,
                                     float factor)
    : pipeline_decoder(std::move(pipeline), "gpufec_ldpc_decoder"),
      d_in_frame(d_pipeline->input_frame_values()), d_out_frame(d_code.k_bits()),
      d_factor(factor), d_rate(fecapi_whole_frame_rate(d_in_frame, d_out_frame)),
      d_frames(frames)
{
    check_fecapi_frames(frames, d_in_frame, "gpufec.ldpc_decoder");
    resize_buffers();
}

ldpc_decoder_impl::~ldpc_decoder_impl() {}

void ldpc_decoder_impl::resize_buffers()
{
    d_iterations.resize(d_frames);
    d_parity_ok.resize(d_frames);
}

bool ldpc_decoder_impl::set_frame_size(unsigned int frame_size)
{
    // false for the size already set (nothing to change) too: gr-fec's
    // async_decoder then checks the PDU length exactly (fecapi_compat.h)
    if (!fecapi_frames(
            frame_size, d_out_frame, d_in_frame, nonbinary(), d_frames, d_logger, true)) {
        return false;
    }
    resize_buffers();
    return true;
}

void ldpc_decoder_impl::generic_work(fec_decoder_input_ptr inbuffer, void* outbuffer)
{
    const size_t frames = static_cast<size_t>(d_frames);
    d_pipeline->decode(inbuffer,
                       frames,
                       static_cast<uint8_t*>(outbuffer),
                       d_iterations.data(),
                       d_parity_ok.data());
    log_events(*d_pipeline, d_logger, "gpufec.ldpc_decoder");
    long total = 0;
    int failures = 0;
    for (size_t f = 0; f < frames; f++) {
        total += d_iterations[f];
        failures += d_parity_ok[f] ? 0 : 1;
    }
    d_mean_iterations = static_cast<float>(total) / static_cast<float>(frames);
    d_parity_failures = failures;
}

} // namespace gpufec
} // namespace gr
