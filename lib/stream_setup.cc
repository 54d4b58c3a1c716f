/* -*- c++ -*- */
/*
 * make_stream_pipeline, the stream options of the blocks, and log_events
 * (stream_setup.h).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stream_setup.h"
#include <cmath>
#include <gpufec/nb_code.h>

namespace gr {
namespace gpufec {

::gpufec::stream_pipeline::uptr
make_stream_pipeline(const std::string& spec,
                     const decoder_arguments& args,
                     const ::gpufec::stream_options& stream)
{
    // the options first, then the code: a bad option is refused before a bad spec
    const ::gpufec::decoder_options options = block_decoder_options(
        args,
        ::gpufec::nb_code::is_nb_spec(spec) ? ::gpufec::code_kind::nonbinary
                                            : ::gpufec::code_kind::binary,
        spec,
        stream.who);
    const ::gpufec::code_handle code = code_of_spec(spec, stream.who);
    return std::make_unique<::gpufec::stream_pipeline>(code, options, stream);
}

void set_input_factor(::gpufec::stream_options& stream, float factor)
{
    stream.sign = factor < 0.0f ? ::gpufec::llr_sign::positive_is_1
                                : ::gpufec::llr_sign::positive_is_0;
    stream.llr_scale = std::fabs(factor);
}

::gpufec::stream_options
one_call_stream(const std::string& who, float factor, bool output_codeword)
{
    ::gpufec::stream_options stream;
    stream.who = who;
    set_input_factor(stream, factor);
    stream.output_codeword = output_codeword;
    stream.frames_per_call = 1;  // decode() takes any number of frames;
    stream.frames_in_flight = 1; // one decoder, no batches in flight
    stream.sign_check = false;
    stream.check_alignment = false;
    return stream;
}

void log_events(::gpufec::stream_pipeline& pipeline,
                const gr::logger_ptr& logger,
                const std::string& name)
{
    using level = ::gpufec::stream_event::level;
    for (const auto& e : pipeline.take_events()) {
        switch (e.severity) {
        case level::debug:
            logger->debug("{}: {}", name, e.text);
            break;
        case level::info:
            logger->info("{}: {}", name, e.text);
            break;
        case level::warning:
            logger->warn("{}: {}", name, e.text);
            break;
        case level::error:
            logger->error("{}: {}", name, e.text);
            break;
        }
    }
}

std::string precision_of(const ::gpufec::stream_pipeline& pipeline)
{
    return precision_name(pipeline.precision());
}

} // namespace gpufec
} // namespace gr
