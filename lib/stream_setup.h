/* -*- c++ -*- */
/*
 * The core stream pipeline (gpufec::stream_pipeline) of a decoder block's or
 * FECAPI object's make() arguments, and the logging of its events: the one place
 * where the GNU Radio layer turns its flat arguments into the core's code,
 * decoder options and stream options, and the core's queued messages into GNU
 * Radio's logger.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_STREAM_SETUP_H
#define INCLUDED_GR_GPUFEC_STREAM_SETUP_H

#include "decoder_arguments.h"
#include <gnuradio/logger.h>
#include <gpufec/stream_pipeline.h>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * The pipeline of the code of `spec` (code_of_spec) decoded with the options of
 * `args` (block_decoder_options, decoder_arguments.h), shaped by `stream` (its
 * `who` starts every message). Throws std::invalid_argument for a bad spec or
 * argument, gpufec::backend_unavailable when the backend cannot run here.
 */
::gpufec::stream_pipeline::uptr
make_stream_pipeline(const std::string& spec,
                     const decoder_arguments& args,
                     const ::gpufec::stream_options& stream);

/*!
 * The stream options' sign and llr_scale of a factor of input_factor() (input x
 * becomes the LLR factor * x).
 */
void set_input_factor(::gpufec::stream_options& stream, float factor);

/*!
 * The stream options of a block that decodes what one call hands it (the PDU
 * block, the FECAPI decoder): input factor `factor`, one decoder, no batches in
 * flight, no sign check; messages start with `who`.
 */
::gpufec::stream_options
one_call_stream(const std::string& who, float factor, bool output_codeword);

/*! Logs the events the pipeline queued, each as "name: text", at its level. */
void log_events(::gpufec::stream_pipeline& pipeline,
                const gr::logger_ptr& logger,
                const std::string& name);

/*! The Python / GRC name of the pipeline's precision (precision_name). */
std::string precision_of(const ::gpufec::stream_pipeline& pipeline);

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_STREAM_SETUP_H */
