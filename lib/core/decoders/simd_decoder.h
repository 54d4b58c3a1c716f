/* -*- c++ -*- */
/*
 * The CPU SIMD decoder: min-sum family (ms, nms, oms, scms), layered or
 * flooding, in int16 / int8 saturating fixed point or float, with frames
 * interleaved into SIMD lanes ("Implementation of a Heterogeneous LDPC Decoder on ARM and
 * GPU of Mobile Devices"), threads over groups of frames, early-terminated lanes refilled
 * with the next frame; and, for calls with too few frames to fill the lanes (single-frame
 * latency), an intra-frame layered path for QC codes (the Z rows of a block row in the
 * lanes) and DVB-S2 (the 360 rows of a 360-periodic row set or sublayer in the lanes,
 * under a column permutation; also for large batches of the low rates, where it is
 * faster). Chosen by backend cpu/auto for every min-sum-family decoder (float SPA stays
 * on the reference decoder).
 *
 * Fixed point (defaults, see docs/SIMD_DESIGN.md):
 *   int16: LLR * 2^3 (3 fraction bits), channel +-2^10 (|L| <= 128), messages +-32767,
 *          C2V magnitudes clamped at 8191
 *   int8:  LLR * 2^2 (2 fraction bits; plain min-sum on DVB-S2: 1), channel +-63
 *          (|L| <= 15.75), posteriors and V2C +-127, C2V magnitudes clamped lower,
 *          per rule
 * (default_simd_quantization), so that a saturated posterior keeps its extrinsic part NMS
 * alpha as round(alpha*16)/16 (0.75 -> *12>>4), OMS beta as round(beta*2^f).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SIMD_DECODER_H
#define INCLUDED_GPUFEC_SIMD_DECODER_H

#include <gpufec/decoder.h>
#include <memory>
#include <string>

namespace gpufec {

struct simd_quantization {
    int fraction_bits; //!< channel LLR scaled by 2^fraction_bits
    int channel_max;   //!< channel value saturation
    int msg_max;       //!< message / posterior saturation: the type's max (127, 32767)
    int c2v_max;       //!< check-to-variable magnitudes clamped to c2v_max (<= msg_max)
};

/*!
 * The fixed-point defaults of a precision (int16 or int8; float: unused zeros), a
 * check-node rule and a code (docs/VALIDATION.md "Fixed-point defaults"): the C2V
 * magnitudes are clamped below the posterior's range, int8 per rule (ms 20, scms
 * 31, nms / oms 40), int16 at 8191; an NMS alpha that rounds to 16/16 (alpha >=
 * 0.97) is plain min-sum and takes min-sum's clamp (alpha <= 0, family_default:
 * below that, as every family default is). int8 plain min-sum on DVB-S2 codes
 * takes 1 fraction bit, so that its clamp is 10 LLR units (a lower one leaves an
 * error floor there). code null: no family.
 */
simd_quantization default_simd_quantization(message_precision precision,
                                            check_node_rule rule,
                                            float alpha = family_default,
                                            const ldpc_code* code = nullptr);

/*! NMS alpha as the fixed-point decoders apply it: round(alpha * 16), at least 1. */
int simd_alpha_q(float alpha);

/*!
 * Whether the fixed-point decoders run plain min-sum for this rule: ms, or nms
 * whose alpha rounds to 16/16 (alpha >= 0.97; alpha <= 0, family_default, is
 * below that for every family).
 */
bool simd_plain_min_sum(check_node_rule rule, float alpha);

/*!
 * Makes the SIMD decoder; arch "" = best for this CPU (or $GPUFEC_SIMD_ARCH).
 * Throws invalid_argument for an unsupported combination (rule spa, precision
 * half2), naming it.
 */
std::unique_ptr<decoder> make_simd_decoder(ldpc_code::sptr code,
                                           const decoder_options& options,
                                           const std::string& arch = "");
/*!
 * Same with an explicit quantization; layout automatic takes options.layout
 * (simd_layout, decoder.h).
 */
std::unique_ptr<decoder> make_simd_decoder(ldpc_code::sptr code,
                                           const decoder_options& options,
                                           const std::string& arch,
                                           const simd_quantization& q,
                                           simd_layout layout = simd_layout::automatic);

/*! True when the code has the QC form the intra-frame path needs (QC, DVB-S2). */
bool simd_intra_frame_capable(const ldpc_code& code);

/*! The protokernel a SIMD decoder runs ("generic", "sse4_1", "avx2", "avx512", "neon").
 */
std::string simd_decoder_arch(const decoder& d);

/*!
 * The magnitude below which a channel LLR becomes 0 in \p d's fixed-point
 * quantization (0.5 / 2^fraction_bits: int8 and int16 precisions of the SIMD
 * decoder); 0 for any other decoder, whose values are only 0 when they are.
 */
float simd_channel_zero_bound(const decoder& d);

} // namespace gpufec

#endif
