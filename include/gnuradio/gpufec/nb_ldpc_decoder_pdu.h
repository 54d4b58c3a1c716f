/* -*- c++ -*- */
/*
 * nb_ldpc_decoder_pdu: a GNU Radio message block that decodes PDUs of bit LLRs
 * of a nonbinary (GF(q)) LDPC code, all frames of a PDU in one core NB decoder
 * call.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_NB_LDPC_DECODER_PDU_H
#define INCLUDED_GR_GPUFEC_NB_LDPC_DECODER_PDU_H

#include <gnuradio/block.h>
#include <gnuradio/gpufec/api.h>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * \brief Nonbinary LDPC decoder for PDUs: f32 bit LLRs in, u8 bits out.
 * \ingroup gpufec
 *
 * \details
 * Input port `pdus`: a PDU (pair of a metadata dictionary and an f32 vector)
 * holding F >= 1 whole frames, F * N * p floats (bit LLRs of the symbols' binary
 * images, order as in nb_ldpc_decoder_fb). Output port `pdus`: a PDU with the
 * input's metadata and a u8 vector of F * K * p information bits (F * N * p
 * codeword bits with output_codeword). Keys added to the metadata, as on
 * ldpc_decoder_pdu: `iterations` (long, the most of any frame), `parity_ok`
 * (bool, all frames), `frames` (long), `frame_iterations` (s32 vector),
 * `frame_parity_ok` (u8 vector).
 *
 * A message that is not a PDU of an f32 vector, or whose length is not a positive
 * multiple of N * p, is dropped with a logged warning and counted
 * (dropped_pdus()). Sign convention and llr_scale as in nb_ldpc_decoder_fb.
 */
class GPUFEC_GR_API nb_ldpc_decoder_pdu : virtual public gr::block
{
public:
    typedef std::shared_ptr<nb_ldpc_decoder_pdu> sptr;

    /*!
     * \brief Makes a PDU decoder block; parameters as nb_ldpc_decoder_fb::make
     * (without frames_per_call: a PDU is decoded in one call).
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
                     const std::string& sign = "positive_is_0",
                     float llr_scale = 1.0f,
                     bool output_codeword = false,
                     int threads = 0);

    /*! Code symbols N. */
    virtual int n() const = 0;
    /*! Information symbols K. */
    virtual int k() const = 0;
    virtual int q() const = 0;
    virtual int p() const = 0;
    virtual std::string backend() const = 0;
    virtual std::string code_name() const = 0;

    virtual void set_max_iterations(int max_iterations) = 0;
    virtual int max_iterations() const = 0;

    /*! PDUs dropped because of a wrong length or type. */
    virtual uint64_t dropped_pdus() const = 0;
    /*! PDUs decoded. */
    virtual uint64_t decoded_pdus() const = 0;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_NB_LDPC_DECODER_PDU_H */
