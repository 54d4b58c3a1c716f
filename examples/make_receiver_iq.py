#!/usr/bin/env python3
#
# Makes the IQ recording that examples/ldpc_qpsk_receiver.py and .grc receive: a
# burst of LDPC-coded QPSK frames as a receiver's ADC would capture them. Each
# frame is a known 64-symbol QPSK preamble followed by one codeword (gpufec's
# encoder, wimax:2304:1/2 by default) Gray-mapped to QPSK, root-raised-cosine
# pulses at SPS samples per symbol; the channel adds a carrier frequency offset,
# a carrier phase, a fractional timing offset, a sample clock offset (ppm), a
# gain and complex white Gaussian noise at a stated Es/N0. Deterministic: the
# same options give the same files, bit for bit (numpy's PCG64 from --seed).
#
#   /usr/bin/python3 examples/make_receiver_iq.py -o /tmp/rx_qpsk --frames 100 --esno 6
#
# writes three files (SigMF-style names):
#   rx_qpsk.sigmf-data   complex64 samples (cf32_le), the recording
#   rx_qpsk.sigmf-meta   JSON: sample rate, code, sps, channel, Es/N0, seed
#   rx_qpsk.info         the transmitted information bits, uint8 0/1, K per frame
#
# Es/N0 is the energy of one QPSK symbol over the noise density: after a unit-
# energy matched filter a symbol has |a| = 1 and the complex noise variance N0.
# Bit mapping (what the receiver's LLRs undo): codeword bits (c0, c1) ->
# ((1 - 2 c0) + j (1 - 2 c1)) / sqrt(2).
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
import argparse
import json
import math
import sys

import numpy as np

try:
    from gnuradio import gpufec
except ImportError:
    import gpufec  # a build tree on PYTHONPATH

# The preamble: 128 bits, 64 QPSK symbols (a random sequence picked for low
# aperiodic autocorrelation sidelobes: 7.8 against a peak of 64). The receiver
# and its GRC flowgraph define the same constant.
PREAMBLE_BITS = 0xEB27897B18E8F0BFD3F0F5DA880DC019
PREAMBLE_LEN = 64
IDLE_SYMBOLS = 2048  # random QPSK before the first frame (the loops lock) and after the last


def qpsk(bits):
    """Gray QPSK of 0/1 bits (even length): (c0, c1) -> ((1-2c0) + j(1-2c1))/sqrt2."""
    b = np.asarray(bits, dtype=np.float32).reshape(-1, 2)
    return ((1 - 2 * b[:, 0]) + 1j * (1 - 2 * b[:, 1])).astype(np.complex64) / np.sqrt(2)


def preamble():
    """The 64 known preamble symbols (what a GRC variable computes in one line)."""
    bits = [(PREAMBLE_BITS >> (2 * PREAMBLE_LEN - 1 - i)) & 1 for i in range(2 * PREAMBLE_LEN)]
    return qpsk(bits)


def rrc(t, beta):
    """Root-raised-cosine pulse at times t in symbols (unit symbol period)."""
    t = np.asarray(t, dtype=np.float64)
    out = np.empty_like(t)
    zero = np.abs(t) < 1e-9
    edge = np.abs(np.abs(t) - 1.0 / (4.0 * beta)) < 1e-9
    rest = ~(zero | edge)
    x = t[rest]
    out[rest] = ((np.sin(np.pi * x * (1 - beta)) + 4 * beta * x * np.cos(np.pi * x * (1 + beta)))
                 / (np.pi * x * (1 - (4 * beta * x) ** 2)))
    out[zero] = 1 - beta + 4 * beta / np.pi
    out[edge] = beta / np.sqrt(2) * ((1 + 2 / np.pi) * np.sin(np.pi / (4 * beta))
                                     + (1 - 2 / np.pi) * np.cos(np.pi / (4 * beta)))
    return out


def shape(symbols, sps, beta, delay, clock_ppm, span=8):
    """The RRC waveform of `symbols` sampled by a receiver clock: sample k is taken at
    t = (k (1 + clock_ppm 1e-6) - delay) / sps symbols, so `delay` (in samples) is
    the timing offset and clock_ppm the sample rate offset. Unit symbol energy per
    sample grid (a unit-energy matched filter gives |a| = 1)."""
    count = int(len(symbols) * sps / (1 + clock_ppm * 1e-6))
    t = (np.arange(count) * (1 + clock_ppm * 1e-6) - delay) / sps
    out = np.zeros(count, dtype=np.complex128)
    base = np.floor(t).astype(np.int64)
    for m in range(-span, span + 1):
        n = base + m
        ok = (n >= 0) & (n < len(symbols))
        out[ok] += symbols[n[ok]] * rrc(t[ok] - n[ok], beta)
    energy = float(np.sum(rrc(np.arange(-span * sps, span * sps + 1) / sps, beta) ** 2))
    return out / math.sqrt(energy)


def make(path, code_spec="wimax:2304:1/2", frames=100, esno_db=6.0, sps=4, rolloff=0.35,
         samp_rate=1e6, freq_offset=1500.0, phase=1.0, delay=0.4, clock_ppm=40.0,
         gain=0.3, seed=1):
    """Writes path.sigmf-data, path.sigmf-meta and path.info; returns the metadata."""
    code = gpufec.ldpc_code(code_spec)
    if code.n % 2:
        raise ValueError("%s: N = %d is odd; QPSK needs an even N" % (code_spec, code.n))
    rng = np.random.default_rng(seed)
    info = rng.integers(0, 2, size=(frames, code.k), dtype=np.uint8)
    codewords = code.encode(info)
    pre = preamble()
    idle = lambda: qpsk(rng.integers(0, 2, 2 * IDLE_SYMBOLS))  # noqa: E731
    symbols = np.concatenate([idle()] + [np.concatenate([pre, qpsk(cw)]) for cw in codewords]
                             + [idle()])
    x = shape(symbols, sps, rolloff, delay, clock_ppm)
    k = np.arange(len(x))
    x *= gain * np.exp(1j * (2 * np.pi * freq_offset / samp_rate * k + phase))
    n0 = gain ** 2 * 10.0 ** (-esno_db / 10.0)  # noise power per complex sample
    noise = rng.standard_normal((len(x), 2)) @ np.array([1.0, 1j]) * math.sqrt(n0 / 2)
    (x + noise).astype(np.complex64).tofile(path + ".sigmf-data")  # cf32_le
    info.tofile(path + ".info")
    meta = {
        "global": {
            "core:datatype": "cf32_le",
            "core:sample_rate": samp_rate,
            "core:version": "1.0.0",
            "core:description": "LDPC-coded QPSK frames (64-symbol preamble + one codeword) "
                                "through a channel with noise, frequency and timing offsets; "
                                "made by gr-gpufec's examples/make_receiver_iq.py",
            "gpufec:code": code_spec, "gpufec:frames": frames, "gpufec:k": code.k,
            "gpufec:n": code.n, "gpufec:sps": sps, "gpufec:rolloff": rolloff,
            "gpufec:preamble_bits": "0x%032X" % PREAMBLE_BITS,
            "gpufec:idle_symbols": IDLE_SYMBOLS, "gpufec:esno_db": esno_db,
            "gpufec:freq_offset_hz": freq_offset, "gpufec:phase_rad": phase,
            "gpufec:timing_offset_samples": delay, "gpufec:clock_offset_ppm": clock_ppm,
            "gpufec:gain": gain, "gpufec:seed": seed, "gpufec:samples": len(x),
        },
        "captures": [{"core:sample_start": 0}],
        "annotations": [],
    }
    with open(path + ".sigmf-meta", "w") as f:
        json.dump(meta, f, indent=1, sort_keys=True)
        f.write("\n")
    return meta


def main(argv=None):
    p = argparse.ArgumentParser(description="Makes an IQ recording of LDPC-coded QPSK frames "
                                "through a noisy channel with frequency and timing offsets")
    p.add_argument("-o", "--output", default="rx_qpsk",
                   help="file name stem: STEM.sigmf-data, .sigmf-meta, .info (default "
                        "%(default)s)")
    p.add_argument("--code", default="wimax:2304:1/2", help="code spec (default %(default)s)")
    p.add_argument("--frames", type=int, default=100)
    p.add_argument("--esno", type=float, default=6.0, help="Es/N0 in dB (default %(default)s)")
    p.add_argument("--sps", type=int, default=4, help="samples per symbol (default 4)")
    p.add_argument("--rolloff", type=float, default=0.35)
    p.add_argument("--samp-rate", type=float, default=1e6)
    p.add_argument("--freq-offset", type=float, default=1500.0, help="Hz (default 1500)")
    p.add_argument("--delay", type=float, default=0.4, help="timing offset in samples")
    p.add_argument("--clock-ppm", type=float, default=40.0, help="sample clock offset")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    if a.frames < 1 or a.sps < 2:
        p.error("--frames must be >= 1 and --sps >= 2")
    meta = make(a.output, a.code, a.frames, a.esno, a.sps, a.rolloff, a.samp_rate,
                a.freq_offset, delay=a.delay, clock_ppm=a.clock_ppm, seed=a.seed)
    print("%s.sigmf-data: %d frames of %s, Es/N0 %.1f dB, %d samples" % (
        a.output, a.frames, a.code, a.esno, meta["global"]["gpufec:samples"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
