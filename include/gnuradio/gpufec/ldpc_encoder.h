/* -*- c++ -*- */
/*
 * gpufec::ldpc_encoder: a gr-fec FECAPI encoder object (gr::fec::generic_encoder)
 * for LDPC codes, binary or nonbinary (GF(q), q = 2^p: the code spec decides),
 * built on the core's systematic encoders. It plugs into fec.encoder,
 * fec.extended_encoder, fec.tagged_encoder, fec.async_encoder and
 * fec.bercurve_generator.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_LDPC_ENCODER_H
#define INCLUDED_GR_GPUFEC_LDPC_ENCODER_H

#include <gnuradio/fec/generic_encoder.h>
#include <gnuradio/gpufec/api.h>
#include <memory>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * \brief FECAPI LDPC encoder (binary or GF(q)).
 * \ingroup gpufec
 *
 * \details
 * Input: unpacked information bits (one per byte; the least significant bit is
 * used), K*p per frame (K for a binary code; for a code over GF(q) information
 * symbol i is bits i*p .. i*p+p-1, least significant first). Output: the N*p
 * unpacked bits of the transmitted codeword (its binary image for a GF(q)
 * code). The frame size counts input bits; it starts at frames * K*p and
 * set_frame_size() accepts any positive multiple of K*p (several frames per
 * call). rate() is N/K (output/input, as gr-fec's encoders report it).
 */
class GPUFEC_GR_API ldpc_encoder : public gr::fec::generic_encoder
{
public:
    typedef std::shared_ptr<ldpc_encoder> sptr;

    /*!
     * \brief Makes a FECAPI encoder object for a code spec, binary or nonbinary
     * (see ldpc_decoder_fb::make); \p frames frames per call at first (>= 1).
     * Throws std::invalid_argument (Python: ValueError).
     */
    static sptr make(const std::string& spec, int frames = 1);

    /*! Whether the code is nonbinary. */
    virtual bool nonbinary() const = 0;
    /*! Code length N (bits, or GF(q) symbols). */
    virtual int n() const = 0;
    /*! Information bits or symbols K. */
    virtual int k() const = 0;
    /*! Field size q (2 for a binary code). */
    virtual int q() const = 0;
    /*! Bits per symbol p (1 for a binary code). */
    virtual int p() const = 0;
    /*! Frames per generic_work() call (frame size / (K*p)). */
    virtual int frames() const = 0;
    virtual std::string code_name() const = 0;

protected:
    explicit ldpc_encoder(const std::string& name) : gr::fec::generic_encoder(name) {}
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_LDPC_ENCODER_H */
