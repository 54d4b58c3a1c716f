/* -*- c++ -*- */
/*
 * make_stream_decoder and cpu_fallback_options (stream_decoders.h).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "stream/stream_decoders.h"
#include <gpufec/error.h>
#include <stdexcept>

namespace gpufec {

decoder::uptr make_stream_decoder(const code_handle& code,
                                  const decoder_options& options,
                                  const std::string& who)
{
    try {
        return decoder::make(code, options);
    } catch (const backend_unavailable& e) {
        throw backend_unavailable(who + ": backend '" + to_string(options.backend) +
                                  "': " + e.what());
    } catch (const std::invalid_argument& e) {
        throw invalid_argument(who + ": " + e.what());
    }
}

decoder_options cpu_fallback_options(const decoder_options& options)
{
    decoder_options cpu = options;
    cpu.backend = backend_kind::cpu;
    cpu.gpu.device = 0;
    if (cpu.precision == message_precision::half2) {
        cpu.precision = message_precision::float32;
    }
    return cpu;
}

} // namespace gpufec
