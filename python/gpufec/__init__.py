#
# gr-gpufec: LDPC FEC with CUDA decoders and a CPU fallback.
# Installed as gnuradio.gpufec; in the build tree importable as gpufec.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""LDPC codes, encoders and decoders (GPU and CPU) for GNU Radio.

numpy batch API (LLR convention L = ln(P(b=0)/P(b=1)), positive means bit 0):

    >>> from gnuradio import gpufec
    >>> code = gpufec.ldpc_code("wifi:648:1/2")
    >>> dec = gpufec.batch_decoder(code, algorithm="nms", backend="cpu")
    >>> bits, iterations, parity_ok = dec.decode(llrs)   # llrs: (frames, N) float32

batch_decoder takes every code: a GF(q) code ("nbqc:16:2:8", or an nb_ldpc_code)
decodes the bit LLRs of its symbols' binary images, (frames, N*p). Its options
include precision ("auto", "float32", "half2", "int16", "int8"), the fixed-point
fraction_bits / channel_max / c2v_max and the CUDA device; dec.options() tells
those in force.

GNU Radio blocks, one per role for every code, binary or nonbinary (GF(q)): the
code spec decides ('wifi:648:1/2', 'nbqc:16:2:8', ...): ldpc_encoder_bb,
ldpc_decoder_fb (stream), ldpc_decoder_pdu (messages). gr-fec FECAPI objects (soft
input as gr-fec passes it, positive means bit 1): gpufec.ldpc_encoder.make(spec,
...), gpufec.ldpc_decoder.make(spec, ...), for fec.extended_encoder /
extended_decoder, tagged, async and BER-curve blocks. The nonbinary names
nb_ldpc_decoder_fb, nb_ldpc_decoder_pdu, nb_ldpc_encoder_bb, nb_ldpc_decoder,
nb_ldpc_encoder and nb_batch_decoder are deprecated aliases of these (one release;
deprecated.py).

BER/FER curves with the engine of gpufec-ber (a list of dicts, one per point, with
the keys of its JSON file; docs/SIMULATOR.md):

    >>> points = gpufec.simulate("wifi:648:1/2", ebn0="1:3:0.5", algorithm="nms",
    ...                          iterations=10, min_frame_errors=50, max_frames=10**5)
"""

import os

try:
    from .gpufec_python import *  # noqa: F401,F403
except ImportError:
    dirname, filename = os.path.split(os.path.abspath(__file__))
    __path__.append(os.path.join(dirname, "bindings"))
    from .gpufec_python import *  # noqa: F401,F403

from .deprecated import (nb_batch_decoder, nb_ldpc_decoder,  # noqa: E402,F401
                         nb_ldpc_decoder_fb, nb_ldpc_decoder_pdu, nb_ldpc_encoder,
                         nb_ldpc_encoder_bb)
from .grc_helpers import code_spec, llr_scale_of_row  # noqa: E402,F401
