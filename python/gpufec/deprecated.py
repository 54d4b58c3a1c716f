#
# The deprecated nonbinary names of gr-gpufec, kept for one release as thin
# aliases: ldpc_decoder_fb, ldpc_decoder_pdu, ldpc_encoder_bb, the FECAPI
# ldpc_decoder / ldpc_encoder and the numpy batch_decoder take nonbinary code
# specs themselves now.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""Deprecated names (one release): the nb_ blocks, FECAPI objects and numpy decoder.

Each alias keeps its old signature (positional order included) and its old
contract, a nonbinary code spec (nbalist:, nbqc:, nbreg:, or an nb_ldpc_code),
warns with a DeprecationWarning and returns the unified object:

    nb_ldpc_decoder_fb(...)        -> ldpc_decoder_fb(...)
    nb_ldpc_decoder_pdu(...)       -> ldpc_decoder_pdu(...)
    nb_ldpc_encoder_bb(spec)       -> ldpc_encoder_bb(spec)
    nb_ldpc_decoder.make(...)      -> ldpc_decoder.make(...)
    nb_ldpc_encoder.make(spec, n)  -> ldpc_encoder.make(spec, n)
    nb_batch_decoder(code, ...)    -> batch_decoder(code, ...)
"""

import warnings

from .gpufec_python import (batch_decoder, is_nonbinary_spec, ldpc_decoder,
                            ldpc_decoder_fb, ldpc_decoder_pdu, ldpc_encoder,
                            ldpc_encoder_bb)

# the old nonbinary make() arguments after spec, in their positional order
_DECODER = ("algorithm", "ems_nm", "ems_offset", "ems_scale", "schedule",
            "max_iterations", "early_termination", "backend")
_STREAM_OUTPUT = ("sign", "llr_scale", "output_codeword", "threads")
# the old nb_batch_decoder arguments after code, in their positional order
_BATCH = ("algorithm", "schedule", "max_iterations", "early_termination", "backend",
          "threads", "ems_nm", "ems_offset", "ems_scale")


def _alias(old, new, new_name, order):
    """A function called `old` with the old signature (spec, then `order`) that
    refuses a binary spec, warns, and makes `new` with keyword arguments."""

    def make(spec, *args, **kwargs):
        if len(args) > len(order):
            raise TypeError("gpufec.%s takes at most %d positional arguments"
                            % (old, len(order) + 1))
        kwargs.update(zip(order, args))
        name = spec if isinstance(spec, str) else getattr(spec, "name", "")
        if not is_nonbinary_spec(name):
            raise ValueError(
                "gpufec.%s: code spec '%s' is not a nonbinary spec (nbalist:, nbqc:, "
                "nbreg:); this deprecated name is for nonbinary codes: use gpufec.%s, "
                "which takes binary and nonbinary codes" % (old, name, new_name))
        warnings.warn("gpufec.%s is deprecated: use gpufec.%s, one name for binary "
                      "and nonbinary codes (the code spec decides)" % (old, new_name),
                      DeprecationWarning, stacklevel=2)
        return new(spec, **kwargs)

    make.__name__ = old.split(".")[-1]
    make.__doc__ = ("Deprecated alias of gpufec.%s for nonbinary codes, with the old "
                    "argument order (spec, %s)." % (new_name, ", ".join(order)))
    return make


nb_ldpc_decoder_fb = _alias("nb_ldpc_decoder_fb", ldpc_decoder_fb, "ldpc_decoder_fb",
                            _DECODER + ("frames_per_call",) + _STREAM_OUTPUT)
nb_ldpc_decoder_pdu = _alias("nb_ldpc_decoder_pdu", ldpc_decoder_pdu, "ldpc_decoder_pdu",
                             _DECODER + _STREAM_OUTPUT)
nb_ldpc_encoder_bb = _alias("nb_ldpc_encoder_bb", ldpc_encoder_bb, "ldpc_encoder_bb", ())
nb_batch_decoder = _alias("nb_batch_decoder", batch_decoder, "batch_decoder", _BATCH)


class _fecapi_alias:
    """A deprecated FECAPI name: make() only, as the object it stands for."""

    def __init__(self, *args, **kwargs):
        raise TypeError("gpufec.%s is the deprecated name of a gr-fec FECAPI object: "
                        "make it with gpufec.%s.make(spec, ...)"
                        % (type(self).__name__, type(self).__name__[3:]))


class nb_ldpc_decoder(_fecapi_alias):
    """Deprecated: gpufec.ldpc_decoder.make takes nonbinary code specs."""
    make = staticmethod(_alias("nb_ldpc_decoder.make", ldpc_decoder.make,
                               "ldpc_decoder.make",
                               _DECODER + ("frames", "llr_scale", "threads")))


class nb_ldpc_encoder(_fecapi_alias):
    """Deprecated: gpufec.ldpc_encoder.make takes nonbinary code specs."""
    make = staticmethod(_alias("nb_ldpc_encoder.make", ldpc_encoder.make,
                               "ldpc_encoder.make", ("frames",)))


DEPRECATED_NAMES = ("nb_ldpc_decoder_fb", "nb_ldpc_decoder_pdu", "nb_ldpc_encoder_bb",
                    "nb_ldpc_decoder", "nb_ldpc_encoder", "nb_batch_decoder")
