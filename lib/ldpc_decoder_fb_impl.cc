/* -*- c++ -*- */
/*
 * ldpc_decoder_fb_impl: float bit LLR stream in, unpacked bits out, for any code
 * (binary: N in, K or N out; GF(q): N*p in, K*p or N*p out). Whole frames only;
 * as many as are available (up to frames_per_call) go to the core decoder in one
 * call. Tags `iterations` (long) and `parity_ok` (bool) on each frame's first
 * bit. After a run of failing frames, tries one of them with negated LLRs and
 * warns once if that decodes (the `sign` parameter is probably wrong; see
 * sign_check.h).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ldpc_decoder_fb_impl.h"
#include "fecapi_compat.h"
#include <algorithm>
#include <gnuradio/io_signature.h>

namespace gr {
namespace gpufec {

ldpc_decoder_fb::sptr ldpc_decoder_fb::make(const std::string& spec,
                                            const std::string& algorithm,
                                            float alpha,
                                            float beta,
                                            const std::string& schedule,
                                            int max_iterations,
                                            bool early_termination,
                                            const std::string& backend,
                                            int frames_per_call,
                                            const std::string& sign,
                                            float llr_scale,
                                            bool output_codeword,
                                            int threads,
                                            int ems_nm,
                                            float ems_offset,
                                            float ems_scale,
                                            const std::string& precision,
                                            int device,
                                            int fraction_bits,
                                            int channel_max,
                                            int c2v_max)
{
    const std::string who = "gpufec.ldpc_decoder_fb";
    check_positive(frames_per_call, "frames_per_call", who);
    const float factor = input_factor(sign, llr_scale, who);
    decoder_args args;
    args.algorithm = algorithm;
    args.alpha = alpha;
    args.beta = beta;
    args.schedule = schedule;
    args.max_iterations = max_iterations;
    args.early_termination = early_termination;
    args.backend = backend;
    args.threads = threads;
    args.ems_nm = ems_nm;
    args.ems_offset = ems_offset;
    args.ems_scale = ems_scale;
    args.precision = precision;
    args.device = device;
    args.fraction_bits = fraction_bits;
    args.channel_max = channel_max;
    args.c2v_max = c2v_max;
    return gnuradio::make_block_sptr<ldpc_decoder_fb_impl>(
        frame_decoder::make(spec, args, who), frames_per_call, factor, output_codeword);
}

ldpc_decoder_fb_impl::ldpc_decoder_fb_impl(frame_decoder::uptr decoder,
                                           int frames_per_call,
                                           float factor,
                                           bool output_codeword)
    : gr::block("ldpc_decoder_fb",
                gr::io_signature::make(1, 1, sizeof(float)),
                gr::io_signature::make(1, 1, sizeof(uint8_t))),
      d_decoder(std::move(decoder)), d_sizes(d_decoder->sizes()),
      d_in_frame(d_sizes.n_bits()), d_output_codeword(output_codeword),
      d_out_frame(output_codeword ? d_sizes.n_bits() : d_sizes.k_bits()),
      d_frames_per_call(frames_per_call), d_factor(factor),
      d_iterations_key(pmt::intern("iterations")),
      d_parity_ok_key(pmt::intern("parity_ok"))
{
    check_fecapi_frames(d_frames_per_call, d_in_frame, "gpufec.ldpc_decoder_fb");
    set_output_multiple(d_out_frame);
    set_relative_rate(static_cast<uint64_t>(d_out_frame),
                      static_cast<uint64_t>(d_in_frame));
    d_logger->debug(
        "{}: GF({}) N={} K={}, backend {}, precision {}, up to {} frames per call",
        d_decoder->code_name(),
        d_sizes.q(),
        d_sizes.n,
        d_sizes.k,
        d_decoder->backend_name(),
        d_decoder->precision(),
        d_frames_per_call);
}

ldpc_decoder_fb_impl::~ldpc_decoder_fb_impl() {}

void ldpc_decoder_fb_impl::set_max_iterations(int max_iterations)
{
    d_decoder->set_max_iterations(max_iterations);
}

bool ldpc_decoder_fb_impl::decodes_inverted(int f)
{
    d_inverted.resize(d_in_frame);
    const float* frame = d_llrs.data() + static_cast<size_t>(f) * d_in_frame;
    for (int i = 0; i < d_in_frame; i++) {
        d_inverted[i] = -frame[i];
    }
    int iterations = 0;
    uint8_t ok = 0;
    d_decoder->decode(d_inverted.data(), 1, nullptr, nullptr, &iterations, &ok);
    return ok != 0;
}

void ldpc_decoder_fb_impl::forecast(int noutput_items,
                                    gr_vector_int& ninput_items_required)
{
    const int frames = std::max(1, noutput_items / d_out_frame);
    ninput_items_required[0] = frames * d_in_frame;
}

int ldpc_decoder_fb_impl::general_work(int noutput_items,
                                       gr_vector_int& ninput_items,
                                       gr_vector_const_void_star& input_items,
                                       gr_vector_void_star& output_items)
{
    const float* in = static_cast<const float*>(input_items[0]);
    uint8_t* out = static_cast<uint8_t*>(output_items[0]);

    const int frames = std::min(
        { ninput_items[0] / d_in_frame, noutput_items / d_out_frame, d_frames_per_call });
    if (frames <= 0) {
        return 0;
    }
    const size_t count = static_cast<size_t>(frames) * d_in_frame;
    if (d_llrs.size() < count) { // grows to the largest batch seen, no further
        d_llrs.resize(count);
        d_iterations.resize(frames);
        d_parity_ok.resize(frames);
    }
    scale_llrs(in, count, d_factor, d_llrs.data());
    d_decoder->decode(d_llrs.data(),
                      static_cast<size_t>(frames),
                      d_output_codeword ? nullptr : out,
                      d_output_codeword ? out : nullptr,
                      d_iterations.data(),
                      d_parity_ok.data());

    const uint64_t first = nitems_written(0);
    uint64_t failed = 0;
    for (int f = 0; f < frames; f++) {
        const uint64_t offset = first + static_cast<uint64_t>(f) * d_out_frame;
        add_item_tag(0, offset, d_iterations_key, pmt::from_long(d_iterations[f]));
        add_item_tag(0, offset, d_parity_ok_key, pmt::from_bool(d_parity_ok[f] != 0));
        failed += d_parity_ok[f] ? 0 : 1;
    }
    d_frames_decoded += frames;
    d_calls++;
    d_frames_failed += failed;
    const int retry = d_sign_check.count(d_parity_ok.data(), frames);
    if (retry >= 0 && d_sign_check.inverted_result(decodes_inverted(retry))) {
        d_logger->warn("{}: {}", alias(), d_sign_check.message(d_factor < 0.0f));
    }

    consume_each(frames * d_in_frame);
    return frames * d_out_frame;
}

} // namespace gpufec
} // namespace gr
