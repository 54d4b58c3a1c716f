/* -*- c++ -*- */
/*
 * The argument checks of a decode call, written once for every decoder
 * (decoder::decode in decoder.cc, nb_decoder::decode_bits / decode_symbols in
 * nb_decoder.cc): the LLR pointer, the frame count, overflow of the batch's
 * sizes and the LLR count. Private to the core library.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_BATCH_CHECKS_H
#define INCLUDED_GPUFEC_BATCH_CHECKS_H

#include <cstddef>
#include <string>

namespace gpufec {

/*! What one frame of a decode call's input is, for its checks and messages. */
struct llr_batch_shape {
    const char* who;       //!< the call, e.g. "decoder::decode"
    size_t per_frame;      //!< LLRs per frame (> 0)
    const char* unit;      //!< per_frame's name in messages, e.g. "n"
    size_t work_per_frame; //!< values per frame the decoder makes (>= per_frame)
    const char* work_unit; //!< its name, e.g. "N * q"
    std::string code;      //!< the code's name
    const char* hint = ""; //!< appended to the count message
};

/*!
 * Throws gpufec::invalid_argument, naming shape.who, for a null llrs, frames 0,
 * frames * work_per_frame overflowing, or llr_count != frames * per_frame.
 */
void check_llr_batch(const llr_batch_shape& shape,
                     const void* llrs,
                     size_t llr_count,
                     size_t frames);

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_BATCH_CHECKS_H */
