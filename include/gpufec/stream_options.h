/* -*- c++ -*- */
/*
 * The options of a stream pipeline (stream_pipeline.h) that are not the
 * decoder's: how frames are batched and kept in flight, what the input is
 * (float or int8, its sign convention and scale), what comes out (information
 * or codeword bits), whether a decoder that fails is replaced by a CPU one and
 * whether input of the opposite sign convention is watched for, and the name
 * its messages start with.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_STREAM_OPTIONS_H
#define INCLUDED_GPUFEC_STREAM_OPTIONS_H

#include <gpufec/api.h>
#include <string>

namespace gpufec {

/*! The sign convention of the input. */
enum class llr_sign {
    positive_is_0, //!< LLRs ln(P(b=0)/P(b=1)): positive means bit 0 (the core's)
    positive_is_1  //!< gr-fec / GNU Radio soft bits: positive means bit 1
};

struct GPUFEC_API stream_options {
    //! frames per decoder call of the asynchronous path, >= 1
    int frames_per_call = 64;
    /*!
     * Frames handed over and not yet taken back, at most: 0 = auto (4 batches on
     * a GPU; 8 per decoder thread on the CPU), else 1 .. max_values_in_flight /
     * (N*p). At most frames_per_call: synchronous (one batch at a time, one
     * decoder).
     */
    int frames_in_flight = 0;
    //! the bound on LLRs in flight (and on frames_per_call * N*p)
    long long max_values_in_flight = 1LL << 28;
    bool int8_input = false; //!< int8 LLRs (value * llr_scale), else float
    llr_sign sign = llr_sign::positive_is_0;
    float llr_scale = 1.0f;       //!< finite, > 0; the int8 input's step
    bool output_codeword = false; //!< N*p codeword bits out, else K*p information bits
    //! a decoder that fails (a GPU error) is replaced by a CPU one, once
    bool recovery = true;
    //! after runs of frames that fail parity, try one negated; warn once if it decodes
    bool sign_check = true;
    //! binary codes: warn once where the frames appear shifted in the stream
    //! (lib/core/stream/alignment_check.h)
    bool check_alignment = true;
    std::string who = "gpufec.stream_pipeline"; //!< the start of every message

    /*!
     * Throws gpufec::invalid_argument, starting with who, for frames_per_call < 1,
     * frames_in_flight < 0, max_values_in_flight < 1 or llr_scale not finite and > 0.
     */
    void validate() const;
    /*! The factor f with which input x becomes the core's LLR f * x (sign * llr_scale).
     */
    float input_factor() const;
};

} // namespace gpufec

#endif /* INCLUDED_GPUFEC_STREAM_OPTIONS_H */
