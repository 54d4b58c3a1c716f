/* -*- c++ -*- */
/*
 * frame_encoder: the binary and nonbinary encoders behind one interface.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "frame_codec.h"

namespace gr {
namespace gpufec {

frame_encoder::frame_encoder(const std::string& spec, const std::string& who)
    : d_code(code_of_spec(spec, who))
{
    d_sizes.nonbinary = !d_code.is_binary();
    d_sizes.n = d_code.n();
    d_sizes.k = d_code.k();
    d_sizes.p = d_code.bits_per_symbol();
    d_info.resize(d_sizes.k_bits());
}

const std::string& frame_encoder::code_name() const
{
    return d_code.is_binary() ? d_code.binary()->name() : d_code.nonbinary()->name();
}

void frame_encoder::encode(const uint8_t* info_bits, uint8_t* codeword_bits)
{
    for (size_t i = 0; i < d_info.size(); i++) {
        d_info[i] = info_bits[i] & 1;
    }
    // the core's two encoders (code_handle has none of its own)
    if (d_code.is_binary()) {
        d_code.binary()->encode(d_info.data(), codeword_bits);
    } else {
        d_code.nonbinary()->encode_bits(d_info.data(), codeword_bits);
    }
}

} // namespace gpufec
} // namespace gr
