/* -*- c++ -*- */
/*
 * ldpc_decoder_fb: a GNU Radio stream block that decodes a binary LDPC code.
 * Float LLRs in (one per transmitted bit), unpacked bits out (the K information
 * bits of each frame, or its N codeword bits). A thin block: the work is done by
 * a gpufec::decoder of the core library (CUDA or CPU backend).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_LDPC_DECODER_FB_H
#define INCLUDED_GR_GPUFEC_LDPC_DECODER_FB_H

#include <gnuradio/block.h>
#include <gnuradio/gpufec/api.h>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * \brief Binary LDPC decoder: float LLR stream in, unpacked bits out.
 * \ingroup gpufec
 *
 * \details
 * The block consumes whole frames of N floats (N = transmitted codeword length of
 * the code, punctured columns excluded) and writes K information bits per frame
 * (one bit per byte, 0 or 1), or the N hard-decided codeword bits when
 * \p output_codeword is true. Whenever a call of work() finds several whole frames
 * in its input (and room in its output), it hands up to \p frames_per_call of them
 * to the decoder in one call: this is what keeps a GPU busy. Frames are never
 * dropped, duplicated or reordered.
 *
 * The first output bit of every frame carries two stream tags:
 * - `iterations` (pmt long): the iterations the decoder ran on the frame;
 * - `parity_ok` (pmt bool): whether the final hard decision satisfies every
 *   parity check.
 *
 * Input sign convention (\p sign):
 * - "positive_is_0": LLRs L = ln(P(b=0)/P(b=1)), positive means bit 0 (the core's
 *   convention, e.g. the output of a soft demapper in the LLR sense);
 * - "positive_is_1": gr-fec and GNU Radio soft decisions, positive means bit 1
 *   (e.g. BPSK mapped 0 -> -1, 1 -> +1 as gr-fec's fec_test does). The block
 *   negates these.
 * Either way the input is multiplied by \p llr_scale first. Min-sum, normalized
 * min-sum and self-corrected min-sum do not care about the scale; SPA and offset
 * min-sum do: for BPSK samples y = +-1 + noise of variance sigma^2 use
 * llr_scale = 2 / sigma^2.
 *
 * Input of the opposite convention makes every frame fail without an error. The
 * block watches for it: after 50 consecutive frames that fail parity it decodes
 * one of them again with its LLRs negated and, if that one passes, logs a warning
 * (once) that points at \p sign, and sign_warning_issued() turns true. This costs
 * one byte compare per frame on the normal path, and one extra frame decode after
 * 50, 150, 350, ... failing frames where the negated input does not decode either.
 */
class GPUFEC_GR_API ldpc_decoder_fb : virtual public gr::block
{
public:
    typedef std::shared_ptr<ldpc_decoder_fb> sptr;

    /*!
     * \brief Makes a decoder block.
     *
     * \param spec code spec: wifi:N:RATE, wimax:N:RATE, nr5g:bg1:Z, nr5g:bg2:Z,
     *        dvbs2:normal:RATE, dvbs2:short:RATE, alist:PATH or qc:PATH.
     * \param algorithm check-node rule: "spa", "ms", "nms", "oms" or "scms".
     * \param alpha normalized min-sum factor, in (0, 1]; -1: the code family's
     *        default (gpufec::default_rule_parameters).
     * \param beta offset min-sum offset, >= 0; -1: the code family's default.
     * \param schedule "layered" or "flooding".
     * \param max_iterations iterations per frame, >= 1.
     * \param early_termination stop a frame once its syndrome is zero.
     * \param backend "auto" (CUDA when a device works, else CPU), "cuda" or "cpu".
     * \param frames_per_call most frames handed to the decoder in one call, >= 1.
     * \param sign "positive_is_0" (LLR) or "positive_is_1" (gr-fec soft bits).
     * \param llr_scale factor applied to the input, > 0.
     * \param output_codeword false: K information bits per frame; true: the N
     *        codeword bits.
     * \param threads CPU backend worker threads (0 = all cores).
     *
     * Throws std::invalid_argument (Python: ValueError) naming the bad parameter,
     * or std::runtime_error when backend "cuda" is not usable here.
     */
    static sptr make(const std::string& spec,
                     const std::string& algorithm = "nms",
                     float alpha = -1.0f,
                     float beta = -1.0f,
                     const std::string& schedule = "layered",
                     int max_iterations = 10,
                     bool early_termination = true,
                     const std::string& backend = "auto",
                     int frames_per_call = 64,
                     const std::string& sign = "positive_is_0",
                     float llr_scale = 1.0f,
                     bool output_codeword = false,
                     int threads = 0);

    /*! Transmitted codeword length N (input floats per frame). */
    virtual int n() const = 0;
    /*! Information bits K per frame. */
    virtual int k() const = 0;
    /*! Output bits per frame: K, or N with output_codeword. */
    virtual int output_frame_size() const = 0;
    /*! The backend in use: "cpu" or "cuda". */
    virtual std::string backend() const = 0;
    /*! Most frames per decoder call. */
    virtual int frames_per_call() const = 0;
    /*! The code's name (its spec). */
    virtual std::string code_name() const = 0;

    /*! Iterations per frame; safe while the flowgraph runs (next call). */
    virtual void set_max_iterations(int max_iterations) = 0;
    virtual int max_iterations() const = 0;
    /*! Normalized min-sum factor in (0, 1]; safe while running. */
    virtual void set_alpha(float alpha) = 0;
    virtual float alpha() const = 0;
    /*! Offset min-sum offset >= 0; safe while running. */
    virtual void set_beta(float beta) = 0;
    virtual float beta() const = 0;

    /*! Frames decoded so far. */
    virtual uint64_t frames_decoded() const = 0;
    /*! Frames whose final hard decision failed a parity check. */
    virtual uint64_t frames_failed() const = 0;
    /*! Decoder calls so far (frames_decoded() / decoder_calls() is the mean batch). */
    virtual uint64_t decoder_calls() const = 0;
    /*!
     * True once the block has warned that its input seems to have the opposite
     * sign convention (a run of failing frames, one of which decodes negated);
     * read-only, safe while the flowgraph runs.
     */
    virtual bool sign_warning_issued() const = 0;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_LDPC_DECODER_FB_H */
