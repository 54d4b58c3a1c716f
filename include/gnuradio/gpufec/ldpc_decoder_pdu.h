/* -*- c++ -*- */
/*
 * ldpc_decoder_pdu: a GNU Radio message block that decodes PDUs of float LLRs
 * (one or more whole frames of a binary LDPC code) into PDUs of unpacked bits,
 * for burst receivers. A thin block over a gpufec::decoder of the core library.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_LDPC_DECODER_PDU_H
#define INCLUDED_GR_GPUFEC_LDPC_DECODER_PDU_H

#include <gnuradio/block.h>
#include <gnuradio/gpufec/api.h>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * \brief Binary LDPC decoder for PDUs: f32 LLRs in, u8 bits out.
 * \ingroup gpufec
 *
 * \details
 * Input port `pdus`: a PDU (pair of a metadata dictionary and an f32 vector)
 * holding F >= 1 whole frames, F * N floats. All F frames are decoded in one call
 * of the core decoder. Output port `pdus`: a PDU with the input's metadata and a
 * u8 vector of F * K information bits (F * N codeword bits with output_codeword),
 * one bit per byte. Keys added to the metadata:
 * - `iterations` (long): the most iterations any frame of the PDU took;
 * - `parity_ok` (bool): true when every frame satisfies its parity checks;
 * - `frames` (long): F;
 * - `frame_iterations` (s32 vector, F entries): iterations of each frame;
 * - `frame_parity_ok` (u8 vector, F entries of 0/1): parity status of each frame.
 * The types never depend on F: for a PDU of one frame `iterations` and
 * `parity_ok` are that frame's values.
 *
 * A message that is not a PDU of an f32 vector, or whose length is not a positive
 * multiple of N, is dropped with a logged warning and counted (dropped_pdus()).
 * Sign convention and llr_scale as in ldpc_decoder_fb.
 */
class GPUFEC_GR_API ldpc_decoder_pdu : virtual public gr::block
{
public:
    typedef std::shared_ptr<ldpc_decoder_pdu> sptr;

    /*!
     * \brief Makes a PDU decoder block; parameters as ldpc_decoder_fb::make
     * (without frames_per_call: a PDU is decoded in one call).
     */
    static sptr make(const std::string& spec,
                     const std::string& algorithm = "nms",
                     float alpha = -1.0f,
                     float beta = -1.0f,
                     const std::string& schedule = "layered",
                     int max_iterations = 10,
                     bool early_termination = true,
                     const std::string& backend = "auto",
                     const std::string& sign = "positive_is_0",
                     float llr_scale = 1.0f,
                     bool output_codeword = false,
                     int threads = 0);

    virtual int n() const = 0;
    virtual int k() const = 0;
    virtual std::string backend() const = 0;
    virtual std::string code_name() const = 0;

    virtual void set_max_iterations(int max_iterations) = 0;
    virtual int max_iterations() const = 0;
    virtual void set_alpha(float alpha) = 0;
    virtual float alpha() const = 0;
    virtual void set_beta(float beta) = 0;
    virtual float beta() const = 0;

    /*! PDUs dropped because of a wrong length or type. */
    virtual uint64_t dropped_pdus() const = 0;
    /*! PDUs decoded. */
    virtual uint64_t decoded_pdus() const = 0;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_LDPC_DECODER_PDU_H */
