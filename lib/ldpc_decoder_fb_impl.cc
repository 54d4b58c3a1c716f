/* -*- c++ -*- */
/*
 * ldpc_decoder_fb_impl: float or int8 bit LLR stream in, unpacked bits out, for
 * any code (binary: N in, K or N out; GF(q): N*p in, K*p or N*p out). Whole
 * frames only, through the core's stream pipeline (gpufec::stream_pipeline):
 *
 *  - work() first writes out what the pipeline has decoded (oldest first, as
 *    much as the output has room for), then hands it the whole frames of its
 *    input beyond those already in flight (the pipeline decides how many, in
 *    which batches). The output buffer holds a batch (set_min_output_buffer).
 *  - A frame's input is consumed only when its output is written: the frames in
 *    flight are the first ones of the input buffer, and forecast() asks for at
 *    least them, so at the end of a finite stream the scheduler keeps calling
 *    work() until all of them are out.
 *  - A call that would write nothing while frames are in flight waits for the
 *    oldest batch: no call returns empty-handed with work pending, so the block
 *    never spins, and never stalls when the input buffer is full of frames in
 *    flight.
 *  - Synchronous mode (frames_in_flight <= frames_per_call): one batch, handed
 *    over and waited for in the same call.
 *
 * Input that needs no conversion is decoded in place from the input buffer where
 * that buffer is GNU Radio's double-mapped one (a single-mapped one moves unread
 * items when it wraps). Tags `iterations` (long) and `parity_ok` (bool) on each
 * frame's first bit (unless frame_tags is off). The pipeline's events (a
 * recovery, the wrong-sign warning, the in-flight cap) go to the block's logger.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ldpc_decoder_fb_impl.h"
#include "fecapi_compat.h"
#include <algorithm>
#include <cstring>
#include <gnuradio/block_detail.h>
#include <gnuradio/buffer_double_mapped.h>
#include <gnuradio/buffer_reader.h>
#include <gnuradio/io_signature.h>
#include <stdexcept>

namespace gr {
namespace gpufec {

namespace {
const char* const block_name = "gpufec.ldpc_decoder_fb";
} // namespace

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
                                            int c2v_max,
                                            int frames_in_flight,
                                            const std::string& input_type,
                                            bool frame_tags)
{
    const std::string who = block_name;
    check_positive(frames_per_call, "frames_per_call", who);
    ::gpufec::stream_options stream;
    stream.who = who;
    stream.frames_per_call = frames_per_call;
    set_input_factor(stream, input_factor(sign, llr_scale, who));
    stream.output_codeword = output_codeword;
    if (input_type != "float" && input_type != "int8") {
        throw std::invalid_argument(who + ": input_type is '" + input_type +
                                    "'; it must be 'float' or 'int8'");
    }
    stream.int8_input = input_type == "int8";
    if (frames_in_flight < 0) {
        throw std::invalid_argument(who + ": frames_in_flight is " +
                                    std::to_string(frames_in_flight) +
                                    "; it must be >= 0 (0 = auto)");
    }
    stream.frames_in_flight = frames_in_flight;
    stream.max_values_in_flight = fecapi_max_values;
    const decoder_arguments args{ algorithm,  alpha,          beta,
                                  schedule,   max_iterations, early_termination,
                                  backend,    threads,        ems_nm,
                                  ems_offset, ems_scale,      precision,
                                  device,     fraction_bits,  channel_max,
                                  c2v_max };
    return gnuradio::make_block_sptr<ldpc_decoder_fb_impl>(
        make_stream_pipeline(spec, args, stream), frame_tags);
}

ldpc_decoder_fb_impl::ldpc_decoder_fb_impl(::gpufec::stream_pipeline::uptr pipeline,
                                           bool frame_tags)
    : gr::block(
          "ldpc_decoder_fb",
          gr::io_signature::make(
              1, 1, pipeline->options().int8_input ? sizeof(int8_t) : sizeof(float)),
          gr::io_signature::make(1, 1, sizeof(uint8_t))),
      pipeline_decoder(std::move(pipeline)), d_in_frame(d_pipeline->input_frame_values()),
      d_out_frame(d_pipeline->output_frame_bits()), d_frame_tags(frame_tags),
      d_iterations_key(pmt::intern("iterations")),
      d_parity_ok_key(pmt::intern("parity_ok"))
{
    set_output_multiple(d_out_frame);
    // room for a whole batch downstream (up to 64 MiB): frames leave a batch at a
    // time, and the room they leave in flight is refilled a batch at a time (GNU
    // Radio's default buffer of 32 KiB holds a few frames only)
    const long batch_frames = std::min<long>(d_pipeline->frames_per_call(),
                                             std::max<long>(1, (1L << 26) / d_out_frame));
    set_min_output_buffer(batch_frames * d_out_frame);
    set_relative_rate(static_cast<uint64_t>(d_out_frame),
                      static_cast<uint64_t>(d_in_frame));
    d_logger->debug("{}: GF({}) N={} K={}, backend {}, precision {}, {} input, up to {} "
                    "frames per call, {} frames in flight{}, {} decoder thread(s)",
                    code_name(),
                    q(),
                    n(),
                    k(),
                    backend(),
                    precision(),
                    input_type(),
                    frames_per_call(),
                    frames_in_flight(),
                    d_pipeline->synchronous() ? " (synchronous)" : "",
                    d_pipeline->decoder_threads());
}

ldpc_decoder_fb_impl::~ldpc_decoder_fb_impl() { d_pipeline->stop(); }

std::string ldpc_decoder_fb_impl::error() const
{
    std::lock_guard<std::mutex> lock(d_error_mutex);
    return d_error;
}

bool ldpc_decoder_fb_impl::start()
{
    d_pipeline->stop();
    log_events();
    return block::start();
}

bool ldpc_decoder_fb_impl::stop()
{
    // whole frames only: the LLRs of a last, partial frame are never decoded
    if (detail() && d_pipeline->in_flight() == 0) {
        const int left = detail()->input(0)->items_available() % d_in_frame;
        if (left > 0) {
            d_logger->warn("{}: the stream ended with {} LLRs after the last whole "
                           "frame, less than a frame of {}: they are not decoded",
                           alias(),
                           left,
                           d_in_frame);
        }
    }
    d_pipeline->stop();
    log_events();
    return block::stop();
}

void ldpc_decoder_fb_impl::forecast(int noutput_items,
                                    gr_vector_int& ninput_items_required)
{
    // the frames in flight are the first ones of the input (not consumed), and at
    // least one new frame or as many as the output asks for
    const int frames = std::max(1, noutput_items / d_out_frame);
    ninput_items_required[0] =
        std::max(frames, static_cast<int>(d_pipeline->in_flight())) * d_in_frame;
}

/*
 * Writes decoded frames out, oldest first, up to `room` frames; with `wait`,
 * waits for the oldest batch if nothing is ready. Returns the frames written.
 */
int ldpc_decoder_fb_impl::write_out(uint8_t* out, int room, bool wait)
{
    int written = 0;
    const bool tags = d_frame_tags.load(std::memory_order_relaxed);
    while (written < room) {
        const ::gpufec::stream_output o = d_pipeline->next_output(
            static_cast<size_t>(room - written), wait && written == 0);
        if (o.frames == 0) {
            break;
        }
        std::memcpy(out + static_cast<size_t>(written) * d_out_frame,
                    o.bits,
                    o.frames * d_out_frame);
        if (tags) {
            const uint64_t offset0 =
                nitems_written(0) + static_cast<uint64_t>(written) * d_out_frame;
            for (size_t f = 0; f < o.frames; f++) {
                const uint64_t offset = offset0 + f * d_out_frame;
                add_item_tag(
                    0, offset, d_iterations_key, pmt::from_long(o.iterations[f]));
                add_item_tag(
                    0, offset, d_parity_ok_key, pmt::from_bool(o.parity_ok[f] != 0));
            }
        }
        written += static_cast<int>(o.frames);
    }
    return written;
}

/*
 * Hands the pipeline the whole frames of the input beyond those in flight
 * (`produced` frames were written out in this call and are consumed on return).
 */
void ldpc_decoder_fb_impl::submit_new(const uint8_t* in, int available, int produced)
{
    const int first = produced + static_cast<int>(d_pipeline->in_flight());
    if (available <= first) {
        return;
    }
    // only GNU Radio's double-mapped buffer keeps the unconsumed frames in flight
    // where they are
    const bool in_place = std::dynamic_pointer_cast<gr::buffer_double_mapped>(
                              detail()->input(0)->buffer()) != nullptr;
    d_pipeline->submit_ready(in + static_cast<size_t>(first) *
                                      d_pipeline->input_frame_bytes(),
                             static_cast<size_t>(available - first),
                             in_place);
}

int ldpc_decoder_fb_impl::general_work(int noutput_items,
                                       gr_vector_int& ninput_items,
                                       gr_vector_const_void_star& input_items,
                                       gr_vector_void_star& output_items)
{
    const uint8_t* in = static_cast<const uint8_t*>(input_items[0]);
    uint8_t* out = static_cast<uint8_t*>(output_items[0]);
    const int available = ninput_items[0] / d_in_frame;
    const int room = noutput_items / d_out_frame;
    const bool sync = d_pipeline->synchronous();
    int produced = 0;
    try {
        if (!d_pipeline->started()) {
            const int capacity = detail()->input(0)->max_possible_items_available();
            d_pipeline->start(static_cast<size_t>(std::max(1, capacity / d_in_frame)));
        }
        produced = write_out(out, room, false);
        if (!sync || (produced == 0 && d_pipeline->in_flight() == 0)) {
            submit_new(in, available, produced);
        }
        if (produced == 0 && d_pipeline->in_flight() > 0) {
            produced = write_out(out, room, true);
            if (!sync) {
                submit_new(in, available, produced);
            }
        }
    } catch (const std::exception& e) {
        // an exception would end this block's thread and leave the flowgraph
        // waiting for it forever: the stream ends here instead (tb.run()
        // returns), with the error logged and kept for error()
        log_events();
        d_logger->error("{}: decoding failed, ending the stream: {}", alias(), e.what());
        {
            std::lock_guard<std::mutex> lock(d_error_mutex);
            d_error = e.what();
        }
        return WORK_DONE;
    }
    log_events();
    consume_each(produced * d_in_frame);
    return produced * d_out_frame;
}

} // namespace gpufec
} // namespace gr
