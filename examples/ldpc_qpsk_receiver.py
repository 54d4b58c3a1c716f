#!/usr/bin/env python3
#
# An LDPC QPSK receiver, headless: the chain of examples/ldpc_qpsk_receiver_gui.grc
# without its Qt GUI, which the tests run. It receives the IQ recording that
# examples/make_receiver_iq.py makes (or a live SDR, below):
#
#   samples -> AGC (analog.agc2_cc) -> coarse frequency (digital.fll_band_edge_cc)
#   -> matched filter + symbol timing (digital.symbol_sync_cc, polyphase RRC)
#   -> carrier phase (digital.costas_loop_cc, order 4) -> preamble correlator
#   (digital.corr_est_cc) -> frame_sync (below: the frame's start, its QPSK phase
#   ambiguity, amplitude and noise from the known preamble; the payload's LLRs)
#   -> gpufec.ldpc_decoder_fb -> ber_counter (below: BER against the sent bits)
#
# and prints frames decoded, BER before and after the decoder, frames/s and the
# backend:
#
#   /usr/bin/python3 examples/make_receiver_iq.py -o /tmp/rx_qpsk
#   /usr/bin/python3 examples/ldpc_qpsk_receiver.py --iq /tmp/rx_qpsk --backend auto
#
# In a build tree without installing: PYTHONPATH=build/python.
#
# A live SDR instead of the file: replace the file source by the radio's source at
# the recording's sample rate (1 Msps here, 4 samples per symbol: 250 ksym/s),
# tuned to the carrier, e.g.
#   src = osmosdr.source("rtl=0"); src.set_sample_rate(1e6); src.set_center_freq(f)
#   src.set_gain(30)   # or uhd.usrp_source("", uhd.stream_args("fc32")) with
#                      # set_samp_rate(1e6), set_center_freq(f), set_gain(30)
# and set the gain so the ADC is well above its noise floor but never clips; the
# AGC takes the level from there. The FLL pulls in offsets up to about a quarter of
# the symbol rate; a larger one (a cheap tuner's ppm) needs the tuner's frequency
# correction first. The reference bits only exist for the recording: with a live
# signal count frames and parity failures (the decoder's frames_failed()) instead.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
import argparse
import json
import math
import sys
import time

import numpy as np
from gnuradio import analog, blocks, digital, filter, gr

try:
    from gnuradio import gpufec
except ImportError:
    import gpufec  # a build tree on PYTHONPATH

# <epy_block frame_sync>  (the GRC flowgraph embeds this text verbatim)
import numpy as np
import pmt
from gnuradio import gr


class frame_sync(gr.basic_block):
    """Frame sync and LLRs. Input: QPSK symbols, one sample per symbol, with the
    corr_start tags of digital.corr_est_cc at preamble candidates. For each tag it
    correlates the known preamble at the tag +-2 symbols; the best lag gives the
    frame's start and h, the complex gain of the frame (phase, QPSK's 4-fold
    ambiguity included, and amplitude), the rest the noise N0 per symbol. A
    candidate whose preamble SNR |h|^2/N0 is below min_snr_db is a false alarm and
    is dropped. The payload's symbols y become z = y/h and the LLRs of Gray QPSK,
    positive means bit 0 (the decoder's sign="positive_is_0"):
        L(c0) = 2 sqrt(2) Re(z) / N0',  L(c1) = 2 sqrt(2) Im(z) / N0',  N0' = N0/|h|^2
    Output: n_bits LLRs (floats) per frame, frames in order."""

    def __init__(self, preamble=(1 + 1j, -1 - 1j), n_bits=2304, min_snr_db=-6.0):
        gr.basic_block.__init__(self, name="frame_sync", in_sig=[np.complex64],
                                out_sig=[np.float32])
        self.preamble = np.asarray(preamble, dtype=np.complex64)
        self.preamble = self.preamble / np.sqrt(np.mean(np.abs(self.preamble) ** 2))
        self.n_bits = int(n_bits)
        self.payload = self.n_bits // 2  # QPSK symbols per codeword
        self.min_snr = 10.0 ** (min_snr_db / 10.0)
        self.search = 2  # symbols either side of the tag
        self.frame_end = 0  # absolute index where the last frame taken ends
        self.frames = 0
        self.set_output_multiple(self.n_bits)
        self.set_tag_propagation_policy(gr.TPP_DONT)

    def forecast(self, noutput_items, ninputs):
        return [len(self.preamble) + self.payload + 2 * self.search] * ninputs

    def general_work(self, input_items, output_items):
        y = input_items[0]
        out = output_items[0]
        start = self.nitems_read(0)
        L, P, S = len(self.preamble), self.payload, self.search
        tags = self.get_tags_in_window(0, 0, len(y), pmt.intern("corr_start"))
        produced = 0
        consumed = len(y) - S  # keep S symbols: a tag may point just before the next call's
        for tag in tags:
            if tag.offset + S < self.frame_end:
                continue  # inside a frame already taken (or a duplicate tag)
            r = tag.offset - start
            if r + S + L + P > len(y) or produced + self.n_bits > len(out):
                consumed = r - S  # this frame at the next call
                break
            shifts = range(max(-S, -r, self.frame_end - tag.offset), S + 1)
            lags = [np.vdot(self.preamble, y[r + d:r + d + L]) / L for d in shifts]
            best = int(np.argmax(np.abs(lags)))
            h, r = lags[best], r + shifts[best]
            n0 = np.mean(np.abs(y[r:r + L] - h * self.preamble) ** 2)
            if abs(h) ** 2 < self.min_snr * n0:
                continue  # a false alarm: no preamble here
            z = y[r + L:r + L + P] / h
            scale = 2.0 * np.sqrt(2.0) * abs(h) ** 2 / max(n0, 1e-12)
            llr = out[produced:produced + self.n_bits]
            llr[0::2] = scale * z.real
            llr[1::2] = scale * z.imag
            produced += self.n_bits
            self.frame_end = start + r + L + P
            self.frames += 1
        consumed = max(0, consumed)
        self.consume(0, consumed)
        return produced
# </epy_block>


# <epy_block ber_counter>  (the GRC flowgraph embeds this text verbatim)
import collections
import time

import numpy as np
from gnuradio import gr


class ber_counter(gr.sync_block):
    """Counts bit errors of frames against the frames that were sent. Input: bits
    (0/1 bytes), frame_len per frame; reference: the sent frames, shape
    (frames, frame_len), which repeat (a recording played in a loop). A receiver
    may miss a frame, so each frame is compared with the next expected one and, if
    more than a quarter of its bits differ, with the 8 after it; the first that
    matches becomes the expected one (the frames between count as missed). A frame
    that matches none counts against the expected one. Getters for a GUI probe:
    frames(), ber(), missed(), frames_per_second(), summary()."""

    def __init__(self, reference=None, frame_len=1152, name="decoded"):
        gr.sync_block.__init__(self, name="ber_counter", in_sig=[np.uint8], out_sig=None)
        self.frame_len = int(frame_len)
        self.reference = np.asarray(reference if reference is not None else
                                    np.zeros(self.frame_len), dtype=np.uint8)
        self.reference = self.reference.reshape(-1, self.frame_len)
        self.label = name
        self.pending = np.zeros(0, dtype=np.uint8)
        self.expected = 0
        self.n_frames = self.n_missed = self.bit_errors = self.frame_errors = 0
        self.first_time = self.last_time = None
        self.recent = collections.deque()  # (time, frames) of the last seconds

    def work(self, input_items, output_items):
        self.pending = np.concatenate([self.pending, input_items[0]])
        whole = len(self.pending) // self.frame_len
        if whole:
            frames = self.pending[:whole * self.frame_len].reshape(whole, self.frame_len)
            self.pending = self.pending[whole * self.frame_len:].copy()
            for frame in frames:
                self.count(frame)
            now = time.monotonic()
            if self.first_time is None:
                self.first_time = now
            self.last_time = now
            self.recent.append((now, self.n_frames))
            while len(self.recent) > 2 and now - self.recent[0][0] > 2.0:
                self.recent.popleft()
        return len(input_items[0])

    def count(self, frame):
        count = len(self.reference)
        for step in range(min(9, count)):
            index = (self.expected + step) % count
            errors = int(np.count_nonzero(frame != self.reference[index]))
            if errors <= self.frame_len // 4:
                self.n_missed += step
                break
        else:
            index = self.expected % count
            errors = int(np.count_nonzero(frame != self.reference[index]))
        self.expected = index + 1
        self.n_frames += 1
        self.bit_errors += errors
        self.frame_errors += errors > 0

    def frames(self):
        return self.n_frames

    def missed(self):
        return self.n_missed

    def ber(self):
        return self.bit_errors / max(1, self.n_frames * self.frame_len)

    def fer(self):
        return self.frame_errors / max(1, self.n_frames)

    def frames_per_second(self):
        """Over the last two seconds (the whole run when it was shorter)."""
        if len(self.recent) < 2:
            return 0.0
        (t0, f0), (t1, f1) = self.recent[0], self.recent[-1]
        return (f1 - f0) / (t1 - t0) if t1 > t0 else 0.0

    def summary(self):
        return "%s: %d frames, BER %.2e, FER %.2e, %d missed, %.1f frames/s" % (
            self.label, self.n_frames, self.ber(), self.fer(), self.n_missed,
            self.frames_per_second())
# </epy_block>


def preamble_symbols(bits_hex, length=64):
    """The preamble's QPSK symbols from its bits (MSB first), as make_receiver_iq.py
    sends them: (c0, c1) -> ((1 - 2 c0) + j (1 - 2 c1)) / sqrt(2)."""
    value = int(bits_hex, 16) if isinstance(bits_hex, str) else int(bits_hex)
    bits = [(value >> (2 * length - 1 - i)) & 1 for i in range(2 * length)]
    return [complex(1 - 2 * bits[2 * i], 1 - 2 * bits[2 * i + 1]) / math.sqrt(2)
            for i in range(length)]


# the receiver's settings that the transmitter fixes (make_receiver_iq.py's defaults)
PREAMBLE_BITS = "0xEB27897B18E8F0BFD3F0F5DA880DC019"
SPS = 4
ROLLOFF = 0.35


class ldpc_qpsk_receiver(gr.top_block):
    """The receive chain from an IQ file to decoded bits and BER counters. The loop
    bandwidths (rad/sample: the FLL's at the sample rate, the others' at the symbol
    rate) suit Es/N0 of 5 dB and more: a wider FLL or Costas loop jitters and slips
    more at low SNR, a narrower one pulls in frequency offsets slowly."""

    def __init__(self, iq_file, code_spec="wimax:2304:1/2", sps=SPS, rolloff=ROLLOFF,
                 preamble_bits=PREAMBLE_BITS, reference=None, backend="auto",
                 precision="auto", max_iterations=10, repeat=False, fll_bw=2 * math.pi / 2000,
                 timing_bw=2 * math.pi / 400, costas_bw=2 * math.pi / 400):
        gr.top_block.__init__(self, "ldpc_qpsk_receiver")
        code = gpufec.ldpc_code(code_spec)
        preamble = preamble_symbols(preamble_bits)
        nfilts = 32
        rrc_taps = filter.firdes.root_raised_cosine(nfilts, nfilts * sps, 1.0, rolloff,
                                                    11 * sps * nfilts)
        self.src = blocks.file_source(gr.sizeof_gr_complex, iq_file, repeat)
        # a live SDR source goes here instead of the file (see the header)
        self.agc = analog.agc2_cc(1e-2, 1e-3, 1.0, 1.0)
        self.agc.set_max_gain(1e5)
        self.fll = digital.fll_band_edge_cc(sps, rolloff, 44, fll_bw)
        self.sync = digital.symbol_sync_cc(
            digital.TED_SIGNAL_TIMES_SLOPE_ML, sps, timing_bw, 1.0, 1.0, 1.5, 1,
            digital.constellation_qpsk().base(), digital.IR_PFB_MF, nfilts, rrc_taps)
        self.costas = digital.costas_loop_cc(costas_bw, 4, False)
        self.corr = digital.corr_est_cc(preamble, 1, 0, 0.99, digital.THRESHOLD_DYNAMIC)
        self.fsync = frame_sync(preamble, code.n)
        self.dec = gpufec.ldpc_decoder_fb(code_spec, max_iterations=max_iterations,
                                          backend=backend, precision=precision,
                                          sign="positive_is_0")
        info = np.zeros((1, code.k), np.uint8) if reference is None else reference
        info = np.asarray(info, dtype=np.uint8).reshape(-1, code.k)
        self.ber = ber_counter(info, code.k, "decoded")
        # the hard decisions of the LLRs (bit 1 where L < 0) against the codewords
        self.flip = blocks.multiply_const_ff(-1.0)
        self.slicer = digital.binary_slicer_fb()
        self.raw_ber = ber_counter(code.encode(info), code.n, "raw (uncoded)")
        self.connect(self.src, self.agc, self.fll, self.sync, self.costas, self.corr,
                     self.fsync, self.dec, self.ber)
        self.connect(self.fsync, self.flip, self.slicer, self.raw_ber)


def read_meta(stem):
    """The recording's SigMF metadata (its 'global' object), {} without one."""
    try:
        with open(stem + ".sigmf-meta") as f:
            return json.load(f)["global"]
    except FileNotFoundError:
        return {}


def receive(iq, backend="auto", precision="auto", max_iterations=10):
    """Receives the recording STEM.sigmf-data (iq = STEM, as make_receiver_iq.py
    names it) with the settings of STEM.sigmf-meta and the sent bits of STEM.info.
    Returns a dict: frames (decoded), frames_sent, missed, ber, fer, raw_ber
    (hard decisions before the decoder), frames_per_second (whole run, wall time),
    backend, precision, seconds."""
    meta = read_meta(iq)
    code_spec = meta.get("gpufec:code", "wimax:2304:1/2")
    k = gpufec.ldpc_code(code_spec).k
    info = np.fromfile(iq + ".info", dtype=np.uint8).reshape(-1, k)
    tb = ldpc_qpsk_receiver(iq + ".sigmf-data", code_spec, meta.get("gpufec:sps", SPS),
                            meta.get("gpufec:rolloff", ROLLOFF),
                            meta.get("gpufec:preamble_bits", PREAMBLE_BITS), info,
                            backend, precision, max_iterations)
    begin = time.perf_counter()
    tb.run()
    seconds = time.perf_counter() - begin
    return {"frames": tb.ber.frames(), "frames_sent": len(info), "missed": tb.ber.missed(),
            "ber": tb.ber.ber(), "fer": tb.ber.fer(), "raw_ber": tb.raw_ber.ber(),
            "frames_failed": tb.dec.frames_failed(),
            "frames_per_second": tb.ber.frames() / seconds, "seconds": seconds,
            "backend": tb.dec.backend(), "precision": tb.dec.precision(),
            "code": code_spec}


def main(argv=None):
    p = argparse.ArgumentParser(description="LDPC QPSK receiver (headless) of an IQ "
                                "recording made by make_receiver_iq.py")
    p.add_argument("--iq", default="rx_qpsk", help="recording's file name stem: "
                   "STEM.sigmf-data, .sigmf-meta, .info (default %(default)s)")
    p.add_argument("--backend", default="auto", choices=("auto", "cuda", "cpu"))
    p.add_argument("--precision", default="auto",
                   choices=("auto", "float32", "half2", "int16", "int8"))
    p.add_argument("--max-iterations", type=int, default=10)
    a = p.parse_args(argv)
    gr.logging().set_default_level(gr.log_levels.warn)
    r = receive(a.iq, a.backend, a.precision, a.max_iterations)
    print("code %s, backend %s, precision %s" % (r["code"], r["backend"], r["precision"]))
    print("frames: %d decoded of %d sent (%d missed), %d failed parity"
          % (r["frames"], r["frames_sent"], r["missed"], r["frames_failed"]))
    print("BER before decoding %.3e, after %.3e (FER %.3e)" % (r["raw_ber"], r["ber"], r["fer"]))
    print("%.1f frames/s through the whole chain (%.2f s)" % (r["frames_per_second"],
                                                             r["seconds"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
