/* -*- c++ -*- */
/*
 * ldpc_decoder_fb: a GNU Radio stream block that decodes an LDPC code, binary or
 * nonbinary (GF(q), q = 2^p): the code spec decides. Float (or int8) bit LLRs
 * in, unpacked bits out (the information bits of each frame, or its codeword
 * bits). A thin block: the work is done by a decoder of the core library
 * (gpufec::decoder or gpufec::nb_decoder; CUDA or CPU backend), fed through the
 * core's stream pipeline (gpufec::stream_pipeline), which owns the
 * streaming policy.
 *
 * Copyright 2026 The gr-gpufec authors.
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
 * \brief LDPC decoder (binary or GF(q)): float or int8 LLR stream in, unpacked
 * bits out.
 * \ingroup gpufec
 *
 * \details
 * The block consumes whole frames of input_frame_size() LLRs (floats, or bytes
 * with \p input_type "int8"; LLRs after the last whole frame of a finite stream
 * are not decoded, which the block logs once, as a warning, when it stops) and
 * writes the
 * frame's information bits (one bit per byte, 0 or 1), or its hard-decided
 * codeword bits when \p output_codeword is true:
 * - binary code: N floats in (N = transmitted codeword length, punctured columns
 *   excluded), K or N bits out;
 * - nonbinary code over GF(q), q = 2^p: the N*p bit LLRs of the binary images of
 *   the N code symbols in (symbol s occupies bits s*p .. s*p+p-1, bit j =
 *   (symbol >> j) & 1), K*p or N*p bits out.
 * Whenever a call of work() finds several whole frames in its input (and room in
 * its output), it hands up to \p frames_per_call of them to the decoder in one
 * call: this is what keeps a GPU busy. Frames are never dropped, duplicated or
 * reordered.
 *
 * Batches in flight (\p frames_in_flight): the block hands a batch to the
 * decoder (a worker thread of the core's gpufec::stream_pipeline) and returns the output
 * of earlier batches, so GNU Radio's buffer copies and the upstream blocks run while the
 * GPU decodes; on the CPU, each of \p threads decoder threads takes whole batches, so
 * several batches decode side by side. At most frames_in_flight() frames are handed over
 * and not yet written out; their input stays unconsumed in the input buffer until their
 * output is written, so the frames in flight are also bounded by what that
 * buffer holds, and a finite stream ends only once every frame in flight is out.
 * In a stream of R LLRs per second that adds at most frames_in_flight() x N*p /
 * R seconds of latency on top of decoding a batch. 1 (or any value up to
 * \p frames_per_call) is synchronous: each call of work() decodes its batch
 * before it returns. Output, tags and item counts are the same in every mode.
 *
 * Input type (\p input_type): "float" (4 bytes per LLR) or "int8" (one signed
 * byte per LLR, -127 .. 127, as gpufec.quantize_llrs writes them): the LLR is the
 * byte times \p llr_scale (the quantizer's step, e.g. 0.125), negated for
 * \p sign "positive_is_1". A binary code's int8 frames go to the core's int8
 * entry point as they are (the CUDA backend copies a quarter of the bytes to the
 * GPU and scales them there); a GF(q) code's are converted to floats by the
 * core adaptor first.
 *
 * Failures: backend "cuda" without a working device fails at construction
 * (gpufec::backend_unavailable, with the CUDA error text); backend "auto" then
 * takes the CPU, silently (backend() says "cpu"; the block's debug log line
 * gives the backend in use). A decoder that fails in the middle
 * of a stream (a GPU error) is replaced by a CPU decoder built with the same
 * options (cpu_fallback_options in lib/core/stream/stream_decoders.h: precision half2
 * becomes float32, auto stays auto, i.e. the CPU's): the block logs the error once,
 * decodes the failed batch and every later one on the CPU, and loses, repeats or reorders
 * no frame; backend() then says "cpu" and recoveries() counts the switch. An error of the
 * input itself (an argument the decoder refuses) or of the CPU decoder is logged and ends
 * the stream: work() returns WORK_DONE, so the flowgraph finishes (tb.run() returns)
 * instead of waiting for a block whose thread died, and error() tells the error. Every
 * size the block uses (decoder threads, frames in flight) is resolved and bounded in the
 * constructor.
 *
 * With \p frame_tags (the default) the first output bit of every frame carries
 * two stream tags:
 * - `iterations` (pmt long): the iterations the decoder ran on the frame;
 * - `parity_ok` (pmt bool): whether the final hard decision satisfies every
 *   parity check.
 * Two tags per frame cost the scheduler about as much as the frame's copies:
 * GNU Radio 3.10 stores, propagates and prunes every tag, which bounds a
 * flowgraph to a few million tags per second. A receiver that does not read
 * them turns them off (frame_tags false, or set_frame_tags(false) while running)
 * and keeps the counters frames_decoded() and frames_failed().
 *
 * Input sign convention (\p sign):
 * - "positive_is_0": LLRs L = ln(P(b=0)/P(b=1)), positive means bit 0 (the core's
 *   convention, e.g. the output of a soft demapper in the LLR sense);
 * - "positive_is_1": gr-fec and GNU Radio soft decisions, positive means bit 1
 *   (e.g. BPSK mapped 0 -> -1, 1 -> +1 as gr-fec's fec_test does). The block
 *   negates these.
 * Either way the input is multiplied by \p llr_scale first (within the copy
 * the block makes of each batch: one pass over the input; with llr_scale 1 and
 * "positive_is_0" the decoder reads the frames where they lie in the input
 * buffer, no pass at all). Min-sum, normalized
 * min-sum and self-corrected min-sum in float32 or half2 do not care about the
 * scale; SPA, offset min-sum, Min-Max, EMS and the fixed-point precisions (int16,
 * int8, and \p precision "auto" on the CPU backend, which is int8 for the min-sum
 * family) do: for BPSK samples y = +-1 + noise of variance sigma^2 use
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
     * \param spec code spec. Binary: wifi:N:RATE, wimax:N:RATE, nr5g:bg1:Z,
     *        nr5g:bg2:Z, dvbs2:normal:RATE, dvbs2:short:RATE, alist:PATH[:PLACE],
     *        galist:PATH or qc:PATH. Nonbinary: nbalist:PATH[:FORMAT],
     *        nbqc:Q:DV:DC or nbreg:Q:N:DV:DC[:SEED].
     * \param algorithm check-node rule: "auto" ("nms" for a binary code, "minmax"
     *        for a nonbinary one); binary "spa", "ms", "nms", "oms" or "scms";
     *        nonbinary "minmax" or "ems".
     * \param alpha binary codes: normalized min-sum factor, in (0, 1]; -1: the code
     *        family's default (gpufec::default_rule_parameters).
     * \param beta binary codes: offset min-sum offset, >= 0; -1: the code family's
     *        default.
     * \param schedule "layered" or "flooding".
     * \param max_iterations iterations per frame, >= 1; -1: the code's default (per
     *        family and rate, gpufec::default_rule_parameters).
     * \param early_termination stop a frame once its syndrome is zero.
     * \param backend "auto" (CUDA when a device works, else CPU), "cuda" or "cpu".
     * \param frames_per_call most frames handed to the decoder in one call, >= 1.
     * \param sign "positive_is_0" (LLR) or "positive_is_1" (gr-fec soft bits).
     * \param llr_scale factor applied to the input, > 0.
     * \param output_codeword false: the information bits of each frame; true:
     *        its codeword bits.
     * \param threads CPU backend decoder threads (0 = one per core). With
     *        batches in flight each thread runs its own single-threaded decoder
     *        on whole batches (at most one thread per batch in flight).
     * \param ems_nm nonbinary EMS: entries kept per message vector (0 = q).
     * \param ems_offset nonbinary EMS offset, >= 0.
     * \param ems_scale nonbinary EMS check-to-variable factor, in (0, 1].
     * \param precision message arithmetic: "auto" (default: the backend's fastest
     *        precision whose FER stays within 0.1 dB of float32, see
     *        gpufec::auto_precision: on the CPU int8 for nms and int16 for ms,
     *        oms and scms, half2 on CUDA for the min-sum family, float32 for SPA
     *        and for nonbinary codes),
     *        "float32", "half2" (CUDA, min-sum family), "int16" or "int8" (CPU,
     *        min-sum family). A nonbinary code takes "auto" and "float32" only.
     *        The fixed-point precisions (int16, int8; auto on the CPU) quantize
     *        the LLRs: feed real LLRs (llr_scale = 2 / sigma^2 for BPSK samples).
     * \param device CUDA device index (backend cuda and auto), >= 0; must stay 0
     *        with backend "cpu".
     * \param fraction_bits binary fixed point (int16 / int8): fraction bits of the
     *        quantized LLRs, 0..12; -1: the precision's default (int8 2, int16 3).
     * \param channel_max binary fixed point: saturation of the quantized channel
     *        LLRs, 1..127 (int8) or 1..32767 (int16); 0: the precision's default
     *        (63, 1024).
     * \param c2v_max binary fixed point: check-to-variable magnitude clamp, same
     *        range; 0: the precision's (and rule's) default.
     * \param frames_in_flight most frames handed to the decoder and not yet
     *        written out: 0 (default) = auto: 4 x frames_per_call on a GPU,
     *        8 x frames_per_call per decoder thread on the CPU, capped at 2^28
     *        values, as frames_per_call; 1 .. frames_per_call: synchronous
     *        (each work() call decodes its batch before it returns); more: that
     *        many, in batches of up to frames_per_call, also bounded by the input
     *        buffer (see above). At most 2^28 / (N*p).
     * \param input_type "float" (float LLRs) or "int8" (signed bytes; LLR =
     *        byte x llr_scale, negated for sign "positive_is_1").
     * \param frame_tags tag the first output bit of every frame with
     *        `iterations` and `parity_ok` (see above).
     *
     * alpha, beta and the fixed-point options must keep their defaults (-1, -1,
     * -1, 0, 0) for a nonbinary code, and the ems_ options theirs (0, 0, 0.7) for
     * a binary one: another value is refused.
     * Throws std::invalid_argument (Python: ValueError) naming the bad parameter,
     * or gpufec::backend_unavailable when the backend is not usable here.
     */
    static sptr make(const std::string& spec,
                     const std::string& algorithm = "auto",
                     float alpha = -1.0f,
                     float beta = -1.0f,
                     const std::string& schedule = "layered",
                     int max_iterations = -1,
                     bool early_termination = true,
                     const std::string& backend = "auto",
                     int frames_per_call = 64,
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
                     int c2v_max = 0,
                     int frames_in_flight = 0,
                     const std::string& input_type = "float",
                     bool frame_tags = true);

    /*! Whether the code is nonbinary (an nbalist:, nbqc: or nbreg: spec). */
    virtual bool nonbinary() const = 0;
    /*! Code length N: bits of a binary code, symbols of a nonbinary one. */
    virtual int n() const = 0;
    /*! Information bits (binary) or symbols (nonbinary) K per frame. */
    virtual int k() const = 0;
    /*! Field size q (2 for a binary code). */
    virtual int q() const = 0;
    /*! Bits per symbol p = log2(q) (1 for a binary code). */
    virtual int p() const = 0;
    /*! Input LLRs (floats or bytes) per frame: N*p. */
    virtual int input_frame_size() const = 0;
    /*! Output bits per frame: K*p, or N*p with output_codeword. */
    virtual int output_frame_size() const = 0;
    /*! The backend in use: "cpu" or "cuda". */
    virtual std::string backend() const = 0;
    /*!
     * The message precision in use, "auto" resolved: "float32", "half2", "int16"
     * or "int8".
     */
    virtual std::string precision() const = 0;
    /*! Most frames per decoder call. */
    virtual int frames_per_call() const = 0;
    /*!
     * Most frames handed to the decoder and not yet written out (auto
     * resolved); frames_per_call() or less: synchronous.
     */
    virtual int frames_in_flight() const = 0;
    /*! "float" or "int8". */
    virtual std::string input_type() const = 0;
    /*!
     * Whether frames are tagged with `iterations` and `parity_ok`; safe while
     * the flowgraph runs (from the next frame written out).
     */
    virtual void set_frame_tags(bool frame_tags) = 0;
    virtual bool frame_tags() const = 0;
    /*! The code's name (its spec). */
    virtual std::string code_name() const = 0;

    /*! Iterations per frame; safe while the flowgraph runs (next call). */
    virtual void set_max_iterations(int max_iterations) = 0;
    virtual int max_iterations() const = 0;
    /*!
     * Normalized min-sum factor in (0, 1] of a binary code; safe while running.
     * A nonbinary code has none: -1 is accepted (and reported), another value
     * refused.
     */
    virtual void set_alpha(float alpha) = 0;
    virtual float alpha() const = 0;
    /*! Offset min-sum offset >= 0 of a binary code; as set_alpha otherwise. */
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

    /*!
     * Times a decoder failed in the middle of the stream and the CPU took over
     * (0 or 1: a CPU decoder that fails is not replaced).
     */
    virtual uint64_t recoveries() const = 0;

    /*!
     * The error that ended the stream (logged when it happened), or "" while
     * none has.
     */
    virtual std::string error() const = 0;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GR_GPUFEC_LDPC_DECODER_FB_H */
