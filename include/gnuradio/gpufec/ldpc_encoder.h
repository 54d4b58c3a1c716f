/* -*- c++ -*- */
/*
 * gpufec::ldpc_encoder: a gr-fec FECAPI encoder object (gr::fec::generic_encoder)
 * for binary LDPC codes, built on the core's systematic encoders. It plugs into
 * fec.encoder, fec.extended_encoder, fec.tagged_encoder, fec.async_encoder and
 * fec.bercurve_generator.
 *
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
 * \brief FECAPI binary LDPC encoder.
 * \ingroup gpufec
 *
 * \details
 * Input: unpacked information bits (one per byte; the least significant bit is
 * used). Output: unpacked transmitted codeword bits. The frame size counts input
 * bits; it starts at frames * K and set_frame_size() accepts any positive
 * multiple of K (several frames per call). rate() is N/K (output/input, as
 * gr-fec's encoders report it).
 */
class GPUFEC_GR_API ldpc_encoder : public gr::fec::generic_encoder
{
public:
    typedef std::shared_ptr<ldpc_encoder> sptr;

    /*!
     * \brief Makes a FECAPI encoder object for a code spec (see
     * ldpc_decoder_fb::make); \p frames frames per call at first (>= 1).
     */
    static sptr make(const std::string& spec, int frames = 1);

    virtual int n() const = 0;
    virtual int k() const = 0;
    /*! Frames per generic_work() call (frame size / K). */
    virtual int frames() const = 0;
    virtual std::string code_name() const = 0;

protected:
    explicit ldpc_encoder(const std::string& name) : gr::fec::generic_encoder(name) {}
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_LDPC_ENCODER_H */
