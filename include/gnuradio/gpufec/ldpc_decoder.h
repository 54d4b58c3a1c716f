/* -*- c++ -*- */
/*
 * gpufec::ldpc_decoder: a gr-fec FECAPI decoder object (gr::fec::generic_decoder)
 * that decodes an LDPC code, binary or nonbinary (GF(q), q = 2^p: the code spec
 * decides), with the core's GPU/CPU decoders. It plugs into
 * gr-fec's deployments: fec.decoder, fec.extended_decoder (threading None,
 * 'ordinary', 'capillary'), fec.tagged_decoder, fec.async_decoder and
 * fec.bercurve_generator.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_LDPC_DECODER_H
#define INCLUDED_GR_GPUFEC_LDPC_DECODER_H

#include <gnuradio/fec/generic_decoder.h>
#include <gnuradio/gpufec/api.h>
#include <memory>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * \brief FECAPI LDPC decoder (binary or GF(q); GPU or CPU).
 * \ingroup gpufec
 *
 * \details
 * Input: floats as gr-fec passes them, positive means bit 1 (gr-fec's
 * convention: fec_test maps bit 0 -> -1.0 and bit 1 -> +1.0), N*p per frame
 * (N for a binary code; for a code over GF(q) the bits of the symbols' binary
 * images, bit j of symbol s at s*p + j). The object converts them to the core's
 * LLRs, L = -llr_scale * x (positive means bit 0).
 * Output: K*p unpacked information bits per frame, one per byte; a binary
 * code's are read from the columns the code's placement names (a spec
 * `alist:PATH:grfec` or `galist:PATH` reads gr-fec's frames).
 *
 * sigma: gr-fec's fec.ldpc_decoder parameter. Its SPA (awgn_bp.cc) starts from
 * the likelihood ratio exp(x / (2 sigma^2)) of its input x, i.e. the LLR
 * x / (2 sigma^2); sigma > 0 here sets llr_scale = 1 / (2 sigma^2), so the same
 * sigma gives the same LLRs (for either kind of code). (For BPSK +-1 in AWGN of variance
 * sigma^2 the exact LLR is 2 x / sigma^2, four times more: pass llr_scale = 2 / sigma^2
 * for it.)
 *
 * Frame size: the frame size of gr-fec's API counts output (information) bits.
 * It starts at frames * K*p; set_frame_size() accepts any positive multiple of
 * K*p, so one generic_work() call decodes several frames in one batch (what a
 * GPU wants). get_input_size() is then frames * N*p and get_output_size()
 * frames * K*p. set_frame_size() with a size that is not a multiple of K*p
 * returns false and keeps the previous size; the size already set returns
 * false too (nothing to change), so that gr-fec's async_decoder, which takes
 * false as "fixed frame size", checks each PDU's length exactly (a PDU of N + 1
 * floats would otherwise pass as one frame: docs/GNURADIO.md, "FECAPI
 * objects").
 *
 * rate() is K/N (the decoder's output/input ratio) as a double chosen (K/N
 * itself or one a few ulps away) so that (F * N) * rate() is exactly F * K for
 * F = 1..4096: gr-fec's async_decoder truncates that product and its
 * tagged_decoder compares it with the MTU. Where no such double exists the rate
 * is raised by one part in 10^12, so async_decoder still lands on whole frames.
 *
 * get_iterations() returns the mean iterations of the frames of the last
 * generic_work() call.
 */
class GPUFEC_GR_API ldpc_decoder : public gr::fec::generic_decoder
{
public:
    typedef std::shared_ptr<ldpc_decoder> sptr;

    /*!
     * \brief Makes a FECAPI decoder object.
     *
     * \param spec code spec, binary or nonbinary (see ldpc_decoder_fb::make).
     * \param algorithm "auto" (nms / minmax), "spa", "ms", "nms", "oms", "scms"
     *        (binary) or "minmax", "ems" (nonbinary).
     * \param alpha binary codes: normalized min-sum factor, in (0, 1]; -1: the
     *        code family's default (gpufec::default_rule_parameters).
     * \param beta binary codes: offset min-sum offset, >= 0; -1: the code
     *        family's default.
     * \param schedule "layered" or "flooding".
     * \param max_iterations iterations per frame, >= 1; -1: the code's default (per
     *        family and rate, gpufec::default_rule_parameters).
     * \param early_termination stop a frame once its syndrome is zero.
     * \param backend "auto", "cuda" or "cpu".
     * \param frames frames per generic_work() call at first (>= 1); the frame size
     *        is frames * K until set_frame_size() changes it.
     * \param llr_scale L = -llr_scale * input; > 0 (matters for SPA and OMS only:
     *        2 / sigma^2 for BPSK samples +-1 with noise variance sigma^2).
     * \param threads CPU worker threads (0 = all cores).
     * \param sigma gr-fec's parameter: > 0 sets llr_scale = 1 / (2 sigma^2) as
     *        gr-fec's fec.ldpc_decoder computes its LLRs (llr_scale must then be
     *        left at 1); 0 (default): not used.
     * \param ems_nm, ems_offset, ems_scale nonbinary EMS options (see
     *        ldpc_decoder_fb::make); binary-only and nonbinary-only options must
     *        keep their defaults for the other kind of code.
     * \param precision message arithmetic: "auto" (default: the backend's fastest
     *        precision whose FER stays within 0.1 dB of float32, see
     *        gpufec::auto_precision: on the CPU int8 for nms and int16 for ms,
     *        oms and scms, half2 on CUDA for the min-sum family, float32 for SPA
     *        and for nonbinary codes),
     *        "float32", "half2" (CUDA, min-sum family), "int16" or "int8" (CPU,
     *        min-sum family). A nonbinary code takes "auto" and "float32" only.
     *        The fixed-point precisions (int16, int8; auto on the CPU) quantize
     *        the LLRs: feed real LLRs (llr_scale = 2 / sigma^2 for
     *        BPSK samples; gr-fec's sigma gives a quarter of that).
     * \param device CUDA device index (backend cuda and auto), >= 0; must stay 0
     *        with backend "cpu".
     * \param fraction_bits binary fixed point (int16 / int8): fraction bits of the
     *        quantized LLRs, 0..12; -1: the precision's default (int8 2, int16 3).
     * \param channel_max binary fixed point: saturation of the quantized channel
     *        LLRs, 1..127 (int8) or 1..32767 (int16); 0: the precision's default
     *        (63, 1024).
     * \param c2v_max binary fixed point: check-to-variable magnitude clamp, same
     *        range; 0: the precision's (and rule's) default.
     */
    static sptr make(const std::string& spec,
                     const std::string& algorithm = "nms",
                     float alpha = -1.0f,
                     float beta = -1.0f,
                     const std::string& schedule = "layered",
                     int max_iterations = -1,
                     bool early_termination = true,
                     const std::string& backend = "auto",
                     int frames = 1,
                     float llr_scale = 1.0f,
                     int threads = 0,
                     float sigma = 0.0f,
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
    /*! Frames per generic_work() call (frame size / (K*p)). */
    virtual int frames() const = 0;
    /*! "cpu" or "cuda". */
    virtual std::string backend() const = 0;
    /*!
     * The message precision in use, "auto" resolved: "float32", "half2", "int16"
     * or "int8".
     */
    virtual std::string precision() const = 0;
    /*! The code's name (its spec). */
    virtual std::string code_name() const = 0;
    /*! The input scale in use: L = -llr_scale() * x (from llr_scale or sigma). */
    virtual float llr_scale() const = 0;

    /*! Safe while a flowgraph runs; applies from the next call. */
    virtual void set_max_iterations(int max_iterations) = 0;
    virtual int max_iterations() const = 0;
    /*! Binary codes only, as on ldpc_decoder_fb. */
    virtual void set_alpha(float alpha) = 0;
    virtual float alpha() const = 0;
    virtual void set_beta(float beta) = 0;
    virtual float beta() const = 0;

    /*! Frames of the last call whose hard decision failed a parity check. */
    virtual int last_parity_failures() const = 0;

protected:
    explicit ldpc_decoder(const std::string& name) : gr::fec::generic_decoder(name) {}
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_LDPC_DECODER_H */
