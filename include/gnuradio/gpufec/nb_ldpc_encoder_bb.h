/* -*- c++ -*- */
/*
 * nb_ldpc_encoder_bb: a GNU Radio stream block that encodes a nonbinary LDPC code
 * over GF(q), q = 2^p: unpacked information bits in (K*p per frame), the N*p bits
 * of the codeword's binary image out. A thin block over gpufec::nb_code.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_NB_LDPC_ENCODER_BB_H
#define INCLUDED_GR_GPUFEC_NB_LDPC_ENCODER_BB_H

#include <gnuradio/block.h>
#include <gnuradio/gpufec/api.h>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * \brief Nonbinary (GF(q)) LDPC encoder: unpacked bits in, codeword bits out.
 * \ingroup gpufec
 *
 * \details
 * Consumes K*p bytes per frame (information symbol i is bits i*p .. i*p+p-1,
 * least significant first; only the LSB of each byte is used) and writes the
 * N*p bits of the systematic codeword's binary image (bit j of symbol s at
 * s*p + j).
 */
class GPUFEC_GR_API nb_ldpc_encoder_bb : virtual public gr::block
{
public:
    typedef std::shared_ptr<nb_ldpc_encoder_bb> sptr;

    /*!
     * \brief Makes an encoder block for a nonbinary code spec (see
     * nb_ldpc_decoder_fb::make). Throws std::invalid_argument (Python: ValueError)
     * for a bad spec.
     */
    static sptr make(const std::string& spec);

    /*! Code symbols N. */
    virtual int n() const = 0;
    /*! Information symbols K. */
    virtual int k() const = 0;
    /*! Field size q. */
    virtual int q() const = 0;
    /*! Bits per symbol p. */
    virtual int p() const = 0;
    /*! The code's name (its spec). */
    virtual std::string code_name() const = 0;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_NB_LDPC_ENCODER_BB_H */
