/* -*- c++ -*- */
/*
 * ldpc_encoder_bb: a GNU Radio stream block that encodes a binary LDPC code
 * systematically. Unpacked information bits in (K per frame), unpacked codeword
 * bits out (the N transmitted bits per frame). A thin block over the core's
 * encoders (dual-diagonal, accumulator or generic; see gpufec/encoder.h).
 *
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
 * \brief Binary LDPC encoder: unpacked bits in, unpacked codeword bits out.
 * \ingroup gpufec
 *
 * \details
 * Consumes K bytes per frame and writes N bytes per frame. Only the least
 * significant bit of each input byte is used (GNU Radio's unpacked-bit
 * convention). Punctured columns of the code (5G NR's first 2Z) are not output.
 */
class GPUFEC_GR_API ldpc_encoder_bb : virtual public gr::block
{
public:
    typedef std::shared_ptr<ldpc_encoder_bb> sptr;

    /*!
     * \brief Makes an encoder block for a code spec (see ldpc_decoder_fb::make).
     * Throws std::invalid_argument (Python: ValueError) for a bad spec.
     */
    static sptr make(const std::string& spec);

    /*! Transmitted codeword length N (output bits per frame). */
    virtual int n() const = 0;
    /*! Information bits K (input bits per frame). */
    virtual int k() const = 0;
    /*! The code's name (its spec). */
    virtual std::string code_name() const = 0;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_LDPC_ENCODER_BB_H */
