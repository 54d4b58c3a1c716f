#
# Helpers of the GRC blocks: the code spec string from the GRC code parameters
# (a family chosen from a dropdown plus its parameters, a file path, or a free
# spec string), binary or nonbinary alike; the LLR scale of one row of a
# Definition (a list of scales, one per Es/N0 point of a BER curve).
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""Helpers used by gr-gpufec's GRC block definitions."""

from .gpufec_python import code_families as _code_families

# From the code family table (gpufec.code_families(), code_families.h): the
# families GRC completes with parameters, and the matrix-file forms.
FAMILIES = tuple(f.name for f in _code_families() if f.input == "parameters")
FILE_FORMATS = tuple(f.name for f in _code_families() if f.input == "file")
NONBINARY = tuple(f.name for f in _code_families() if f.nonbinary)
# GRC family -> spec form of a file: gr-fec's information columns for an alist.
FILE_SPECS = {"alist_grfec": "alist:%s:grfec"}
# GRC's choices that are no family of the table: an alist with gr-fec's columns,
# and a whole spec string.
GRC_EXTRA_CHOICES = ("alist_grfec", "spec")


def grc_choices(nonbinary_only=False):
    """The choices of GRC's Code dropdown: every family of the table (only the
    GF(q) ones for the nonbinary blocks) and GRC_EXTRA_CHOICES (alist_grfec for
    the binary blocks only)."""
    names = [f.name for f in _code_families() if f.nonbinary or not nonbinary_only]
    extra = [c for c in GRC_EXTRA_CHOICES if not (nonbinary_only and c == "alist_grfec")]
    return names + extra


def code_spec(family, params="", path="", spec=""):
    """The code spec of GRC's code parameters.

    family: 'wifi', 'wimax', 'nr5g', 'dvbs2', or nonbinary 'nbqc', 'nbreg'
    (params completes the spec, e.g. '648:1/2', 'bg1:384', 'normal:1/2',
    '16:2:8', '64:96:2:4'), 'alist', 'alist_grfec' (an alist with gr-fec's
    information columns), 'galist' (gr-fec's generator-matrix alist), 'qc' or
    nonbinary 'nbalist' (path is the file), or 'spec' (spec is the whole spec
    string).

    >>> code_spec('wifi', '1944:1/2')
    'wifi:1944:1/2'
    >>> code_spec('alist', path='/tmp/h.alist')
    'alist:/tmp/h.alist'
    >>> code_spec('alist_grfec', path='/tmp/h.alist')
    'alist:/tmp/h.alist:grfec'
    >>> code_spec('nbqc', '16:2:8')
    'nbqc:16:2:8'
    """
    family = str(family).strip()
    if family in FAMILIES:
        params = str(params).strip()
        if not params:
            raise ValueError("gpufec: code family %s needs its parameters, e.g. %s"
                             % (family, _EXAMPLES[family]))
        return "%s:%s" % (family, params)
    if family in FILE_FORMATS or family in FILE_SPECS:
        path = str(path).strip()
        if not path:
            raise ValueError("gpufec: code family %s needs a file path" % family)
        if family in FILE_SPECS:
            return FILE_SPECS[family] % path
        return "%s:%s" % (family, path)
    if family == "spec":
        spec = str(spec).strip()
        if not spec:
            raise ValueError("gpufec: the code spec string is empty")
        return spec
    raise ValueError("gpufec: unknown code family %r; expected one of %s, %s, "
                     "alist_grfec, spec" % (family, ", ".join(FAMILIES),
                                            ", ".join(FILE_FORMATS)))


def llr_scale_of_row(llr_scale, row):
    """The LLR scale of row `row` of a Parallelism 2 Definition: llr_scale itself,
    or its entry `row` when it is a list (one scale per Es/N0 point of the BER
    Curve Generator).

    >>> llr_scale_of_row(2.0, 3)
    2.0
    >>> llr_scale_of_row([4.0, 5.0], 1)
    5.0
    """
    if isinstance(llr_scale, (list, tuple)):
        return float(llr_scale[row])
    return llr_scale


_EXAMPLES = {f.name: f.example for f in _code_families() if f.example}
