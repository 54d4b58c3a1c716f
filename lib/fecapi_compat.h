/* -*- c++ -*- */
/*
 * The input pointer type of gr-fec's generic_work(): void* up to GNU Radio
 * 3.10.10, const void* from 3.10.11 on. CMake finds out which one the installed
 * gr-fec declares (check_cxx_source_compiles), for the decoder and the encoder
 * apart, and defines GPUFEC_FEC_DECODER_CONST_INPUT / GPUFEC_FEC_ENCODER_CONST_INPUT
 * to 1 for the const one.
 * Also the rate our FECAPI decoders report (see fecapi_whole_frame_rate) and the
 * frame-size rule of our FECAPI objects (fecapi_frames).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_FECAPI_COMPAT_H
#define INCLUDED_GR_GPUFEC_FECAPI_COMPAT_H

#include <cmath>
#include <gnuradio/logger.h>
#include <stdexcept>
#include <string>

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

/*!
 * The most values (LLRs in, or codeword bits out) one call of a FECAPI object
 * handles: frames * N*p <= 2^28 (1 GiB of float LLRs), so that gr-fec's int
 * sizes (get_input_size(), get_output_size()) never wrap.
 */
constexpr long long fecapi_max_values = 1LL << 28;

/*!
 * The frames of a FECAPI object made with `frames` frames per call of
 * frame_values values each (N*p): throws std::invalid_argument naming `who`
 * when frames * frame_values is over fecapi_max_values.
 */
inline void check_fecapi_frames(int frames, int frame_values, const std::string& who)
{
    if (static_cast<long long>(frames) * frame_values > fecapi_max_values) {
        throw std::invalid_argument(
            who + ": frames = " + std::to_string(frames) + " makes " +
            std::to_string(static_cast<long long>(frames) * frame_values) +
            " values per call (frames x N*p = " + std::to_string(frame_values) +
            "), over the limit of 2^28");
    }
}

/*!
 * gr-fec's set_frame_size() for our FECAPI objects: a frame size of a positive
 * multiple of frame_bits (K*p information bits; K for a binary code) sets
 * `frames` and returns true; another size, or one whose frames times
 * frame_values (N*p values per frame) is over fecapi_max_values, is refused
 * (logged, `frames` kept). With false_when_unchanged (the decoder), the size
 * already set (frames * frame_bits) returns false too, silently: nothing changes.
 *
 * Why, for the decoder: gr-fec's async_decoder asks set_frame_size(nbits_in *
 * rate() - diff) for a PDU of nbits_in floats (the product truncated to an
 * integer in GNU Radio 3.10.5, rounded with std::lround in later releases; diff is 0 for
 * our rate()). true means "variable frame size": it decodes that many bits and never
 * compares nbits_in with get_input_size(). false means "fixed": it decodes nbits_in /
 * get_input_size() blocks and throws "bad block multiple in!" unless nbits_in is an exact
 * multiple of get_input_size(), before it copies anything. A PDU of F*N + j floats (j !=
 * 0, small) asks F*K + j*K/N, which truncates or rounds to F*K for some j (truncated: 0 <
 * j < N/K, j = 1 at every rate; rounded: |j| < N/(2K), and j = -1 at rate 1/2, a tie
 * rounded up); with true the PDU would be decoded as F frames, silently, from one float
 * too few or too many. With false for the size already set, such a PDU is refused
 * whenever F is the frames already set, i.e. whenever the PDUs keep their length, as a
 * link's do. What stays undetectable: such a PDU when F differs from the frames set (the
 * request changes them and returns true; the product cannot tell F*N + j from F*N).
 * tagged_decoder ignores the return value. The encoder needs none of this: async_encoder
 * asks the PDU length itself, and a wrong one is never a multiple of K*p.
 */
inline bool fecapi_frames(unsigned int frame_size,
                          int frame_bits,
                          int frame_values,
                          bool nonbinary,
                          int& frames,
                          const gr::logger_ptr& logger,
                          bool false_when_unchanged = false)
{
    if (frame_size != 0 && frame_size % static_cast<unsigned int>(frame_bits) == 0 &&
        static_cast<long long>(frame_size / static_cast<unsigned int>(frame_bits)) *
                frame_values >
            fecapi_max_values) {
        logger->info("set_frame_size({}) refused: {} frames of {} values each is "
                     "over the limit of 2^28 values per call; keeping {} ({} frames)",
                     frame_size,
                     frame_size / static_cast<unsigned int>(frame_bits),
                     frame_values,
                     frames * frame_bits,
                     frames);
        return false;
    }
    if (frame_size == 0 || frame_size % static_cast<unsigned int>(frame_bits) != 0) {
        logger->info("set_frame_size({}) refused: the frame size must be a positive "
                     "multiple of {}={}; keeping {} ({} frames)",
                     frame_size,
                     nonbinary ? "K*p" : "K",
                     frame_bits,
                     frames * frame_bits,
                     frames);
        return false;
    }
    const int requested =
        static_cast<int>(frame_size / static_cast<unsigned int>(frame_bits));
    if (false_when_unchanged && requested == frames) {
        return false;
    }
    frames = requested;
    return true;
}

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_FECAPI_COMPAT_H */
