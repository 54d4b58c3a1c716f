/* -*- c++ -*- */
/*
 * gpufec::nb_ldpc_encoder: a gr-fec FECAPI encoder object
 * (gr::fec::generic_encoder) for nonbinary LDPC codes over GF(q), q = 2^p, built
 * on the core's nb_code encoder. Bits in, the bits of the codeword's binary image
 * out, so it plugs into fec.encoder, fec.extended_encoder, fec.tagged_encoder,
 * fec.async_encoder and fec.bercurve_generator like any gr-fec encoder.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_NB_LDPC_ENCODER_H
#define INCLUDED_GR_GPUFEC_NB_LDPC_ENCODER_H

#include <gnuradio/fec/generic_encoder.h>
#include <gnuradio/gpufec/api.h>
#include <memory>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * \brief FECAPI nonbinary (GF(q)) LDPC encoder.
 * \ingroup gpufec
 *
 * \details
 * Input: unpacked information bits (one per byte, LSB used), K*p per frame
 * (information symbol i is bits i*p .. i*p+p-1, least significant first).
 * Output: the N*p bits of the systematic codeword's binary image. The frame
 * size counts input bits; it starts at frames * K*p and set_frame_size() accepts
 * any positive multiple of K*p. rate() is N/K (output/input).
 */
class GPUFEC_GR_API nb_ldpc_encoder : public gr::fec::generic_encoder
{
public:
    typedef std::shared_ptr<nb_ldpc_encoder> sptr;

    /*!
     * \brief Makes a FECAPI encoder object for a nonbinary code spec
     * (nbalist:, nbqc:, nbreg:); frames per generic_work() call at first (>= 1).
     * Throws std::invalid_argument (Python: ValueError).
     */
    static sptr make(const std::string& spec, int frames = 1);

    /*! Code symbols N. */
    virtual int n() const = 0;
    /*! Information symbols K. */
    virtual int k() const = 0;
    virtual int q() const = 0;
    virtual int p() const = 0;
    /*! Frames per generic_work() call (frame size / (K*p)). */
    virtual int frames() const = 0;
    virtual std::string code_name() const = 0;

protected:
    explicit nb_ldpc_encoder(const std::string& name) : gr::fec::generic_encoder(name) {}
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_NB_LDPC_ENCODER_H */
