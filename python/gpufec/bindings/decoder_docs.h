/*
 * Docstring text that the decoder bindings share (ldpc_decoder_fb and the FECAPI
 * ldpc_decoder; ldpc_decoder_pdu refers to ldpc_decoder_fb's): the precision,
 * device and fixed-point parameters, as string literals to join with the rest of
 * each make() docstring.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_PYTHON_DECODER_DOCS_H
#define INCLUDED_GPUFEC_PYTHON_DECODER_DOCS_H

/*! precision; ends where each caller says which LLRs the fixed point wants. */
#define GPUFEC_DOC_PRECISION                                                   \
    "precision: auto (the backend's fastest precision within 0.1 dB of\n"      \
    "  float32: on the CPU int8 for nms, int16 for ms, oms, scms; half2 on\n"  \
    "  CUDA for the min-sum family;\n"                                         \
    "  float32 for SPA and GF(q) codes), float32, half2 (CUDA), int16, int8\n" \
    "  (CPU); GF(q) codes take auto and float32 only. The fixed-point\n"       \
    "  precisions (int16, int8, auto on the CPU) want real LLRs\n"

/*! device and the fixed-point options. */
#define GPUFEC_DOC_DEVICE_FIXED                                               \
    "device: CUDA device index (backend cuda or auto; 0 with backend cpu).\n" \
    "fraction_bits (-1: default, else 0..12), channel_max, c2v_max (0:\n"     \
    "  default): binary fixed point only.\n"

#endif /* INCLUDED_GPUFEC_PYTHON_DECODER_DOCS_H */
