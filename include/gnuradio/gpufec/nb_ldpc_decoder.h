/* -*- c++ -*- */
/*
 * gpufec::nb_ldpc_decoder: a gr-fec FECAPI decoder object
 * (gr::fec::generic_decoder) for nonbinary LDPC codes over GF(q), q = 2^p, with
 * the core's Min-Max / EMS decoders. Soft bits in (the binary image of the
 * symbols, as gr-fec passes them), information bits out, so it plugs into
 * fec.decoder, fec.extended_decoder (threading None, 'ordinary', 'capillary'),
 * fec.tagged_decoder, fec.async_decoder and fec.bercurve_generator.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_NB_LDPC_DECODER_H
#define INCLUDED_GR_GPUFEC_NB_LDPC_DECODER_H

#include <gnuradio/fec/generic_decoder.h>
#include <gnuradio/gpufec/api.h>
#include <memory>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * \brief FECAPI nonbinary (GF(q)) LDPC decoder.
 * \ingroup gpufec
 *
 * \details
 * Input: floats as gr-fec passes them, positive means bit 1, N*p per frame (bit
 * j of symbol s at s*p + j); converted to the core's bit LLRs L = -llr_scale * x.
 * Output: K*p unpacked information bits per frame. The frame size counts output
 * bits: frames * K*p at first; set_frame_size() accepts any positive multiple of
 * K*p (several frames decoded in one call) and returns false otherwise, keeping
 * the old size. rate() is K/N as a double chosen like ldpc_decoder's so that
 * gr-fec's async/tagged decoders land on whole frames. get_iterations() is the
 * mean iterations of the frames of the last generic_work() call.
 */
class GPUFEC_GR_API nb_ldpc_decoder : public gr::fec::generic_decoder
{
public:
    typedef std::shared_ptr<nb_ldpc_decoder> sptr;

    /*!
     * \brief Makes a FECAPI NB decoder object.
     *
     * \param spec nonbinary code spec (nbalist:, nbqc:, nbreg:).
     * \param algorithm "minmax" or "ems".
     * \param ems_nm EMS entries kept per vector (0 = q).
     * \param ems_offset EMS offset, >= 0.
     * \param ems_scale EMS C2V factor, in (0, 1].
     * \param schedule "layered" or "flooding".
     * \param max_iterations iterations per frame, >= 1.
     * \param early_termination stop a frame once its syndrome is zero.
     * \param backend "auto" or "cpu" ("cuda" once it exists).
     * \param frames frames per generic_work() call at first, >= 1.
     * \param llr_scale L = -llr_scale * input; > 0 (2/sigma^2 for BPSK samples
     *        +-1 with noise variance sigma^2).
     * \param threads CPU worker threads (0 = all cores).
     */
    static sptr make(const std::string& spec,
                     const std::string& algorithm = "minmax",
                     int ems_nm = 0,
                     float ems_offset = 0.0f,
                     float ems_scale = 0.7f,
                     const std::string& schedule = "layered",
                     int max_iterations = 10,
                     bool early_termination = true,
                     const std::string& backend = "auto",
                     int frames = 1,
                     float llr_scale = 1.0f,
                     int threads = 0);

    /*! Code symbols N. */
    virtual int n() const = 0;
    /*! Information symbols K. */
    virtual int k() const = 0;
    virtual int q() const = 0;
    virtual int p() const = 0;
    /*! Frames per generic_work() call. */
    virtual int frames() const = 0;
    virtual std::string backend() const = 0;
    virtual std::string code_name() const = 0;

    /*! Safe while a flowgraph runs; applies from the next call. */
    virtual void set_max_iterations(int max_iterations) = 0;
    virtual int max_iterations() const = 0;

    /*! Frames of the last call whose hard decision failed a parity check. */
    virtual int last_parity_failures() const = 0;

protected:
    explicit nb_ldpc_decoder(const std::string& name) : gr::fec::generic_decoder(name) {}
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_NB_LDPC_DECODER_H */
