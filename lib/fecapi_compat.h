/* -*- c++ -*- */
/*
 * The input pointer type of gr-fec's generic_work(): void* up to GNU Radio
 * 3.10.10, const void* from 3.10.11 on. CMake finds out which one the installed
 * gr-fec declares (check_cxx_source_compiles), for the decoder and the encoder
 * apart, and defines GPUFEC_FEC_DECODER_CONST_INPUT / GPUFEC_FEC_ENCODER_CONST_INPUT
 * to 1 for the const one.
 * Also the rate our FECAPI decoders report (see fecapi_whole_frame_rate).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_FECAPI_COMPAT_H
#define INCLUDED_GR_GPUFEC_FECAPI_COMPAT_H

#include <cmath>

namespace gr {
namespace gpufec {

#if defined(GPUFEC_FEC_DECODER_CONST_INPUT) && GPUFEC_FEC_DECODER_CONST_INPUT
using fec_decoder_input_ptr = const void*;
#else
using fec_decoder_input_ptr = void*;
#endif

#if defined(GPUFEC_FEC_ENCODER_CONST_INPUT) && GPUFEC_FEC_ENCODER_CONST_INPUT
using fec_encoder_input_ptr = const void*;
#else
using fec_encoder_input_ptr = void*;
#endif

/*!
 * The rate() a FECAPI decoder reports for `in` input bits giving `out` output
 * bits per frame. gr-fec's async_decoder truncates nbits_in * rate() and its
 * tagged_decoder compares it with the MTU: out/in (or a double a few ulps away)
 * for which (F*in) * rate == F*out exactly for F = 1..4096 serves both; failing
 * that, a rate a hair above out/in keeps async_decoder on whole frames.
 */
inline double fecapi_whole_frame_rate(long in, long out)
{
    const double exact = static_cast<double>(out) / in;
    auto lands = [in, out](double r) {
        for (long f = 1; f <= 4096; f++) {
            if (static_cast<double>(f * in) * r != static_cast<double>(f * out)) {
                return false;
            }
        }
        return true;
    };
    double up = exact, down = exact;
    for (int ulps = 0; ulps <= 8; ulps++) {
        if (lands(up)) {
            return up;
        }
        if (lands(down)) {
            return down;
        }
        up = std::nextafter(up, 2.0);
        down = std::nextafter(down, 0.0);
    }
    return exact * (1.0 + 1e-12);
}

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_FECAPI_COMPAT_H */
