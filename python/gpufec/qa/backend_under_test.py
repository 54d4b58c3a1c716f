#
# The backend that the Python QA decodes on, in one place: the environment
# variable GPUFEC_TEST_BACKEND, "cpu" by default (CTest here), "cuda" on a GPU
# machine (GPUFEC_TEST_BACKEND=cuda ctest -R py_). Every test that is not about
# one backend in particular passes backend=BACKEND. With it, the precisions that
# backend offers, the one that precision "auto" resolves to there per rule
# (gpufec::auto_precision, docs/VALIDATION.md "precision auto"), the precisions it
# refuses, the backend that runs a GF(q) rule (EMS is CPU-only), whether the
# backend decides bit for bit as the CPU's float reference decoder, and fresh
# noisy frames of a real code at an Eb/N0 where float32's FER is low.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
import math
import os

import numpy as np

BACKEND = os.environ.get("GPUFEC_TEST_BACKEND", "cpu")
if BACKEND not in ("cpu", "cuda"):
    raise ValueError("GPUFEC_TEST_BACKEND is '%s'; it must be cpu or cuda" % BACKEND)

# what each backend offers, and what "auto" is there for the min-sum family
PRECISIONS = {"cpu": ("float32", "int16", "int8", "auto"),
              "cuda": ("float32", "half2", "auto")}[BACKEND]
AUTO_MIN_SUM = {"cpu": "int8", "cuda": "half2"}[BACKEND]
REFUSED = {"cpu": ("half2",), "cuda": ("int16", "int8")}[BACKEND]
# the fixed-point precisions (and their options fraction_bits, channel_max,
# c2v_max) exist on the CPU backend only
FIXED_POINT = BACKEND == "cpu"
# SPA (and float32 with explicit options) runs on the CPU's float reference
# decoder there, which computes as gr-fec's SPA does, bit for bit; CUDA's float32
# kernels decide the same frames within floating-point rounding only
REFERENCE_ARITHMETIC = BACKEND == "cpu"


def auto_precision(algorithm="nms", nonbinary=False):
    """What precision "auto" resolves to on the backend under test for this rule:
    float32 for SPA and every GF(q) code, else the backend's narrow one (on the
    CPU int8 for nms only: ms, oms and scms take int16)."""
    if nonbinary or algorithm == "spa":
        return "float32"
    if AUTO_MIN_SUM == "int8" and algorithm != "nms":
        return "int16"
    return AUTO_MIN_SUM


def nb_backend(algorithm="minmax"):
    """The backend that decodes this GF(q) rule: the backend under test for
    Min-Max; EMS runs on the CPU only (CUDA refuses it, qa_python_api checks)."""
    return "cpu" if algorithm == "ems" else BACKEND

# a real code and an Eb/N0 where layered NMS (10 iterations) in float32 fails
# well under 1% of the frames (0 of 6000 on the CPU at 3.0 dB)
SPEC = "wimax:576:1/2"
EBN0_DB = 3.0


def noisy_frames(code, frames, ebn0_db=EBN0_DB, seed=None):
    """Fresh random information bits (frames, K), their codewords and the exact
    BPSK / AWGN LLRs 2y/sigma^2 (positive means bit 0), float32 (frames, N)."""
    rng = np.random.default_rng(seed)
    info = rng.integers(0, 2, size=(frames, code.k), dtype=np.uint8)
    cw = code.encode(info)
    sigma = math.sqrt(1.0 / (2.0 * code.rate * 10.0 ** (ebn0_db / 10.0)))
    y = (1.0 - 2.0 * cw) + sigma * rng.standard_normal(cw.shape)
    return info, cw, (2.0 * y / sigma ** 2).astype(np.float32)


def frame_errors(bits, info):
    """Frames whose decoded bits differ from the transmitted ones."""
    return int((~(np.asarray(bits).reshape(info.shape) == info).all(axis=1)).sum())
