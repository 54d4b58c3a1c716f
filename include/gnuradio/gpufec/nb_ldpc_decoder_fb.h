/* -*- c++ -*- */
/*
 * nb_ldpc_decoder_fb: a GNU Radio stream block that decodes a nonbinary LDPC code
 * over GF(q), q = 2^p. Float bit LLRs in (the N*p bits of the binary image of the
 * N code symbols, bit j of symbol s at s*p + j), unpacked bits out (the K*p
 * information bits of each frame, or the N*p codeword bits). A thin block: the
 * work is done by a gpufec::nb_decoder of the core library.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GR_GPUFEC_NB_LDPC_DECODER_FB_H
#define INCLUDED_GR_GPUFEC_NB_LDPC_DECODER_FB_H

#include <gnuradio/block.h>
#include <gnuradio/gpufec/api.h>
#include <string>

namespace gr {
namespace gpufec {

/*!
 * \brief Nonbinary (GF(q)) LDPC decoder: float bit LLR stream in, unpacked bits out.
 * \ingroup gpufec
 *
 * \details
 * The block consumes whole frames of N*p floats (N code symbols of p bits each,
 * symbol s occupying bits s*p .. s*p+p-1, bit j = (symbol >> j) & 1) and writes
 * the K*p information bits of each frame (one bit per byte), or the N*p bits of
 * the hard-decided codeword when \p output_codeword is true. Up to
 * \p frames_per_call whole frames go to the decoder in one call. Frames are never
 * dropped, duplicated or reordered.
 *
 * The first output bit of every frame carries the stream tags `iterations` (pmt
 * long) and `parity_ok` (pmt bool), as on ldpc_decoder_fb.
 *
 * Input sign convention (\p sign): "positive_is_0" (LLR ln(P(b=0)/P(b=1)), the
 * core's convention) or "positive_is_1" (gr-fec / GNU Radio soft decisions; the
 * block negates them). The input is multiplied by \p llr_scale first. Min-Max
 * and EMS are not scale-invariant in the channel LLRs' meaning (EMS adds them):
 * for BPSK samples y = +-1 + noise of variance sigma^2 use llr_scale = 2/sigma^2.
 *
 * Input of the opposite convention makes every frame fail without an error. As
 * ldpc_decoder_fb does, the block then decodes one frame of a run of 50 failing
 * ones again with its LLRs negated and, if that one passes, logs a warning once
 * that points at \p sign (sign_warning_issued() turns true).
 */
class GPUFEC_GR_API nb_ldpc_decoder_fb : virtual public gr::block
{
public:
    typedef std::shared_ptr<nb_ldpc_decoder_fb> sptr;

    /*!
     * \brief Makes a nonbinary decoder block.
     *
     * \param spec code spec: nbalist:PATH[:FORMAT], nbqc:Q:DV:DC or
     *        nbreg:Q:N:DV:DC[:SEED].
     * \param algorithm check-node rule: "minmax" or "ems".
     * \param ems_nm EMS entries kept per message vector (0 = q, none dropped).
     * \param ems_offset EMS offset, >= 0.
     * \param ems_scale EMS check-to-variable scaling factor, in (0, 1].
     * \param schedule "layered" or "flooding".
     * \param max_iterations iterations per frame, >= 1.
     * \param early_termination stop a frame once its syndrome is zero.
     * \param backend "auto" or "cpu" ("cuda" once the CUDA NB decoders exist).
     * \param frames_per_call most frames handed to the decoder in one call, >= 1.
     * \param sign "positive_is_0" (LLR) or "positive_is_1" (gr-fec soft bits).
     * \param llr_scale factor applied to the input, > 0.
     * \param output_codeword false: K*p information bits per frame; true: the
     *        N*p codeword bits.
     * \param threads CPU backend worker threads (0 = all cores).
     *
     * Throws std::invalid_argument (Python: ValueError) naming the bad parameter,
     * or std::runtime_error when the backend is not usable here.
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
                     int frames_per_call = 64,
                     const std::string& sign = "positive_is_0",
                     float llr_scale = 1.0f,
                     bool output_codeword = false,
                     int threads = 0);

    /*! Code symbols N. */
    virtual int n() const = 0;
    /*! Information symbols K. */
    virtual int k() const = 0;
    /*! Field size q. */
    virtual int q() const = 0;
    /*! Bits per symbol p = log2(q). */
    virtual int p() const = 0;
    /*! Input floats per frame: N*p. */
    virtual int input_frame_size() const = 0;
    /*! Output bits per frame: K*p, or N*p with output_codeword. */
    virtual int output_frame_size() const = 0;
    /*! The backend in use: "cpu" (or "cuda"). */
    virtual std::string backend() const = 0;
    /*! Most frames per decoder call. */
    virtual int frames_per_call() const = 0;
    /*! The code's name (its spec). */
    virtual std::string code_name() const = 0;

    /*! Iterations per frame; safe while the flowgraph runs (next call). */
    virtual void set_max_iterations(int max_iterations) = 0;
    virtual int max_iterations() const = 0;

    /*! Frames decoded so far. */
    virtual uint64_t frames_decoded() const = 0;
    /*! Frames whose final hard decision failed a parity check. */
    virtual uint64_t frames_failed() const = 0;
    /*! Decoder calls so far. */
    virtual uint64_t decoder_calls() const = 0;
    /*!
     * True once the block has warned that its input seems to have the opposite
     * sign convention; read-only, safe while the flowgraph runs.
     */
    virtual bool sign_warning_issued() const = 0;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_NB_LDPC_DECODER_FB_H */
