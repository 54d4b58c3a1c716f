/* -*- c++ -*- */
/*
 * make_stream_pipeline and log_events (stream_setup.h).
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
                     const decoder_args& args,
                     const ::gpufec::stream_options& stream)
{
    const std::string& who = stream.who;
    if (::gpufec::nb_code::is_nb_spec(spec)) {
        const ::gpufec::nb_decoder_options nb = nonbinary_options(args, spec, who);
        ::gpufec::decoder_options options;
        options.nonbinary.rule = nb.rule;
        options.schedule = nb.schedule;
        options.max_iterations = nb.max_iterations;
        options.early_termination = nb.early_termination;
        options.backend = nb.backend;
        options.threads = nb.threads;
        options.nonbinary.ems_nm = nb.ems_nm;
        options.nonbinary.ems_offset = nb.ems_offset;
        options.nonbinary.ems_scale = nb.ems_scale;
        options.precision = nb.precision;
        options.nonbinary.flooding = nb.gpu.flooding;
        options.nonbinary.host_batch_frames = nb.gpu.host_batch_frames;
        options.gpu.device = nb.gpu.device;
        const ::gpufec::code_handle code(make_code(spec, who).nonbinary);
        return std::make_unique<::gpufec::stream_pipeline>(code, options, stream);
    }
    const ::gpufec::code_handle code(make_code(spec, who).binary);
    return std::make_unique<::gpufec::stream_pipeline>(
        code, binary_options(args, spec, who), stream);
}

void set_input_factor(::gpufec::stream_options& stream, float factor)
{
    stream.sign = factor < 0.0f ? ::gpufec::llr_sign::positive_is_1
                                : ::gpufec::llr_sign::positive_is_0;
    stream.llr_scale = std::fabs(factor);
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
