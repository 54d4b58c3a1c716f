/* -*- c++ -*- */
/*
 * ldpc_decoder_pdu: a GNU Radio message block that decodes PDUs of float bit
 * LLRs (one or more whole frames of an LDPC code, binary or nonbinary: the code
 * spec decides) into PDUs of unpacked bits, for burst receivers. A thin block
 * over a decoder of the core library.
 *
 * Copyright 2026 The gr-gpufec authors.
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
 * \brief LDPC decoder (binary or GF(q)) for PDUs: f32 LLRs in, u8 bits out.
 * \ingroup gpufec
 *
 * \details
 * Input port `pdus`: a PDU (pair of a metadata dictionary and an f32 vector)
 * holding F >= 1 whole frames, F * N*p floats (N*p = N for a binary code; for a
 * code over GF(q), q = 2^p, the bit LLRs of the symbols' binary images, order as
 * in ldpc_decoder_fb). All F frames are decoded in one call of the core decoder.
 * Output port `pdus`: a PDU with the input's metadata and a u8 vector of
 * F * K*p information bits (F * N*p codeword bits with output_codeword), one bit
 * per byte. Keys added to the metadata:
 * - `iterations` (long): the most iterations any frame of the PDU took;
 * - `parity_ok` (bool): true when every frame satisfies its parity checks;
 * - `frames` (long): F;
 * - `frame_iterations` (s32 vector, F entries): iterations of each frame;
 * - `frame_parity_ok` (u8 vector, F entries of 0/1): parity status of each frame.
 * The types never depend on F: for a PDU of one frame `iterations` and
 * `parity_ok` are that frame's values.
 *
 * A message that is not a PDU of an f32 vector, or whose length is not a positive
 * multiple of N*p, is dropped with a logged warning that names the block (its
 * alias) and what it received, and counted (dropped_pdus()).
 * Sign convention and llr_scale as in ldpc_decoder_fb.
 */
class GPUFEC_GR_API ldpc_decoder_pdu : virtual public gr::block
{
public:
    typedef std::shared_ptr<ldpc_decoder_pdu> sptr;

    /*!
     * \brief Makes a PDU decoder block; parameters as ldpc_decoder_fb::make
     * (without frames_per_call: a PDU is decoded in one call), precision, device,
     * fraction_bits, channel_max and c2v_max included.
     */
    static sptr make(const std::string& spec,
                     const std::string& algorithm = "auto",
                     float alpha = -1.0f,
                     float beta = -1.0f,
                     const std::string& schedule = "layered",
                     int max_iterations = -1,
                     bool early_termination = true,
                     const std::string& backend = "auto",
                     const std::string& sign = "positive_is_0",
                     float llr_scale = 1.0f,
                     bool output_codeword = false,
                     int threads = 0,
                     int ems_nm = 0,
                     float ems_offset = 0.0f,
                     float ems_scale = 0.7f,
                     const std::string& precision = "auto",
                     int device = 0,
                     int fraction_bits = -1,
                     int channel_max = 0,
                     int c2v_max = 0);

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
    /*! "cpu" or "cuda". */
    virtual std::string backend() const = 0;
    /*!
     * The message precision in use, "auto" resolved: "float32", "half2", "int16"
     * or "int8".
     */
    virtual std::string precision() const = 0;
    virtual std::string code_name() const = 0;

    virtual void set_max_iterations(int max_iterations) = 0;
    virtual int max_iterations() const = 0;
    /*! Binary codes only, as on ldpc_decoder_fb. */
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
