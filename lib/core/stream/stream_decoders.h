/* -*- c++ -*- */
/*
 * The decoders of a stream pipeline: made from the code and the one options
 * struct (decoder::make(code_handle, decoder_options), binary or GF(q)) with
 * every error prefixed by the pipeline's name, and the options of the CPU
 * decoder that takes over from one that failed. Internal to the stream
 * pipeline.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_STREAM_DECODERS_H
#define INCLUDED_GPUFEC_STREAM_DECODERS_H

#include <gpufec/code.h>
#include <gpufec/decoder.h>
#include <string>

namespace gpufec {

/*!
 * The decoder of `code` with `options`. Throws gpufec::invalid_argument
 * ("who: ...") for bad options, gpufec::backend_unavailable ("who: backend
 * 'B': ...") where the backend cannot run here.
 */
decoder::uptr make_stream_decoder(const code_handle& code,
                                  const decoder_options& options,
                                  const std::string& who);

/*!
 * The options of the CPU decoder that takes over from one that failed in the
 * middle of a stream (a GPU error): backend cpu, device 0 and a precision the
 * CPU has: half2 becomes float32 (like half2, it decides the same for any input
 * scale); automatic stays automatic (the CPU's: int8 for the min-sum family,
 * float32 for SPA and GF(q) codes); float32, int16 and int8 stay.
 */
decoder_options cpu_fallback_options(const decoder_options& options);

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_STREAM_DECODERS_H */
