/* -*- c++ -*- */
/*
 * ldpc_encoder_bb: a GNU Radio stream block that encodes an LDPC code, binary or
 * nonbinary (GF(q), q = 2^p: the code spec decides), systematically. Unpacked
 * information bits in, unpacked codeword bits out. A thin block over the core's
 * encoders (dual-diagonal, accumulator or generic, see gpufec/encoder.h; GF(q)
 * elimination, see gpufec/nb_code.h).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_LDPC_ENCODER_BB_H
#define INCLUDED_GR_GPUFEC_LDPC_ENCODER_BB_H

#include <gnuradio/block.h>
#include <gnuradio/gpufec/api.h>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * \brief LDPC encoder (binary or GF(q)): unpacked bits in, codeword bits out.
 * \ingroup gpufec
 *
 * \details
 * Consumes K*p bytes per frame and writes N*p bytes per frame (p = 1 for a
 * binary code). Only the least significant bit of each input byte is used (GNU
 * Radio's unpacked-bit convention). Binary codes: punctured columns (5G NR's
 * first 2Z) are not output. GF(q) codes: information symbol i is bits
 * i*p .. i*p+p-1, least significant first, and the output is the binary image
 * of the systematic codeword (bit j of symbol s at s*p + j).
 */
class GPUFEC_GR_API ldpc_encoder_bb : virtual public gr::block
{
public:
    typedef std::shared_ptr<ldpc_encoder_bb> sptr;

    /*!
     * \brief Makes an encoder block for a code spec, binary or nonbinary (see
     * ldpc_decoder_fb::make). Throws std::invalid_argument (Python: ValueError)
     * for a bad spec.
     */
    static sptr make(const std::string& spec);

    /*! Whether the code is nonbinary. */
    virtual bool nonbinary() const = 0;
    /*! Code length N (bits, or GF(q) symbols): N*p output bits per frame. */
    virtual int n() const = 0;
    /*! Information bits or symbols K: K*p input bits per frame. */
    virtual int k() const = 0;
    /*! Field size q (2 for a binary code). */
    virtual int q() const = 0;
    /*! Bits per symbol p (1 for a binary code). */
    virtual int p() const = 0;
    /*! The code's name (its spec). */
    virtual std::string code_name() const = 0;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_LDPC_ENCODER_BB_H */
