#
# gr-gpufec: LDPC FEC with CUDA decoders and a CPU fallback.
# Installed as gnuradio.gpufec; in the build tree importable as gpufec and, through
# build/python/gnuradio/gpufec (python/gpufec/build_tree_alias.py), as gnuradio.gpufec.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""LDPC codes, encoders and decoders (GPU and CPU) for GNU Radio.

Installed: ``from gnuradio import gpufec``. In a build tree, with
PYTHONPATH=build/python, both ``from gnuradio import gpufec`` and ``import gpufec``
give this package. The user guide is docs/GNURADIO.md (blocks, FECAPI objects,
GRC) and docs/SIMULATOR.md (simulate); the README has a quick start.

Public names (__all__):

Codes
    ldpc_code(spec)            a binary LDPC code ("wifi:648:1/2", "nr5g:bg1:384",
                               "dvbs2:short:1/2", "alist:PATH", ...): n, k, rate,
                               encode(info)
    nb_ldpc_code(spec)         a nonbinary code over GF(q) ("nbqc:16:2:8", ...)
    is_nonbinary_spec(spec)    True for nbqc:, nbreg: and nbalist: specs
    code_spec_forms()          the binary spec forms, one per line
    nb_code_spec_forms()       the nonbinary spec forms
    code_spec(family, params, path, spec)
                               a spec string from GRC's family / parameter fields
    code_families()            the code family table: every family (wifi, ...,
                               nbreg) with its grammar, help, GRC choices,
                               standard specs and default rule parameters
    code_family(name)          one row of it, a code_family_row (ValueError for
                               an unknown name)

numpy batch API (LLRs L = ln(P(b=0)/P(b=1)), positive means bit 0)
    batch_decoder(code, ...)   decode(llrs) -> (bits, iterations, parity_ok), for
                               every code, binary or GF(q); options() tells the
                               options in force (precision "auto", "float32",
                               "half2", "int16", "int8"; fraction_bits,
                               channel_max, c2v_max; the CUDA device)
    awgn_channel(modulation, ebn0_db, rate, seed)
                               BPSK / QPSK over AWGN: transmit(codewords) -> LLRs
    quantize_llrs(llrs, step)  int8 LLRs for decode(..., step=step)
    simulate(code, ebn0, ...)  BER/FER points with the engine of gpufec-ber (a list
                               of dicts with the keys of its JSON file)
    describe_backends()        the CPU kernels and CUDA devices of this build
    BackendUnavailable         raised by backend "cuda" where no GPU works (a
                               RuntimeError)

GNU Radio blocks (one per role for every code, binary or GF(q))
    ldpc_encoder_bb(spec)      stream encoder: K bits in, N bits out per frame
    ldpc_decoder_fb(spec, ...) stream decoder: N LLRs in, K bits out per frame,
                               tags "iterations" and "parity_ok"
    ldpc_decoder_pdu(spec, ...)
                               PDU decoder (message port "pdus" in and out)

gr-fec FECAPI objects (soft input as gr-fec passes it, positive means bit 1),
for fec.extended_encoder / extended_decoder, tagged, async and BER-curve blocks
    ldpc_encoder.make(spec, frames=1)
    ldpc_decoder.make(spec, ...)
    llr_scale_of_row(llr_scale, row)
                               the LLR scale of one row of a BER-curve decoder list

Deprecated (one release; each warns and returns the unified object)
    nb_ldpc_decoder_fb, nb_ldpc_decoder_pdu, nb_ldpc_encoder_bb, nb_ldpc_decoder,
    nb_ldpc_encoder, nb_batch_decoder

Example:

    >>> from gnuradio import gpufec
    >>> code = gpufec.ldpc_code("wifi:648:1/2")
    >>> dec = gpufec.batch_decoder(code, algorithm="nms", backend="cpu")
    >>> bits, iterations, parity_ok = dec.decode(llrs)   # llrs: (frames, N) float32
    >>> points = gpufec.simulate("wifi:648:1/2", ebn0="1:3:0.5", algorithm="nms",
    ...                          iterations=10, min_frame_errors=50, max_frames=10**5)
"""

try:
    from .gpufec_python import *  # noqa: F401,F403
except ImportError:
    import os as _os

    __path__.append(_os.path.join(_os.path.dirname(_os.path.abspath(__file__)),
                                  "bindings"))
    from .gpufec_python import *  # noqa: F401,F403

from .gpufec_python import _testing  # noqa: E402,F401 (testing hooks, private)
from .deprecated import (nb_batch_decoder, nb_ldpc_decoder,  # noqa: E402,F401
                         nb_ldpc_decoder_fb, nb_ldpc_decoder_pdu, nb_ldpc_encoder,
                         nb_ldpc_encoder_bb)
from .grc_helpers import code_spec, llr_scale_of_row  # noqa: E402,F401

# what help(gpufec) lists and `from gnuradio.gpufec import *` gives
# (python/gpufec/qa/qa_package.py checks it against the extension's names)
__all__ = [
    # codes
    "ldpc_code", "nb_ldpc_code", "is_nonbinary_spec", "code_spec_forms",
    "nb_code_spec_forms", "code_spec", "code_families", "code_family",
    "code_family_row",
    # numpy batch API, channel, simulator
    "batch_decoder", "awgn_channel", "quantize_llrs", "simulate", "describe_backends",
    "BackendUnavailable",
    # GNU Radio blocks
    "ldpc_encoder_bb", "ldpc_decoder_fb", "ldpc_decoder_pdu",
    # gr-fec FECAPI objects
    "ldpc_encoder", "ldpc_decoder", "llr_scale_of_row",
    # deprecated aliases (one release)
    "nb_ldpc_decoder_fb", "nb_ldpc_decoder_pdu", "nb_ldpc_encoder_bb",
    "nb_ldpc_decoder", "nb_ldpc_encoder", "nb_batch_decoder",
]
