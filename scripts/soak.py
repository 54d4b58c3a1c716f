#!/usr/bin/env python3
#
# Soak test of the GNU Radio layer: a flowgraph streams sequence-numbered frames
# through the LDPC encoder block -> BPSK + AWGN -> the stream decoder block, with
# bursts of NaN, +-Inf, 1e30 and +-FLT_MAX LLRs mixed in; beside it a PDU decoder
# block gets well-formed PDUs mixed with PDUs of the wrong length and type and
# messages that are not PDUs. At the end it reports frames in and out, lost,
# duplicated and reordered frames, frames decoded wrong (clean and corrupted
# apart), PDUs decoded and dropped, and the resident memory after the warm-up and
# at the end. Exit status 1 when a frame was lost, duplicated or reordered, more
# than 1e-4 of the clean frames decoded wrong, a PDU count is off, or memory grew by more than
# --max-growth-mb.
#
#   PYTHONPATH=build/python /usr/bin/python3 scripts/soak.py --frames 100000
#   /usr/bin/python3 scripts/soak.py --frames 10000000 --backend cuda  (installed)
#   ... --frames 100000000 --max-seconds 3600   (as many frames as an hour allows)
#
# Frame i carries its index in its first 32 information bits and pseudo-random
# bits (numpy PCG64 seeded with seed and i) after it, so that the checker can tell
# a lost, repeated or reordered frame from one that decoded wrong.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import json
import math
import sys
import time

import numpy as np
import pmt
from gnuradio import analog, blocks, gr

try:
    from gnuradio import gpufec
except ImportError:
    import gpufec  # a build tree on PYTHONPATH

HEADER_BITS = 32
BAD_VALUES = (float("nan"), float("inf"), float("-inf"), 1e30, 3.4028235e38,
              -3.4028235e38)


def rss_mb():
    """Resident set size of this process in MiB (Linux)."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    return float("nan")


def frame_bits(seed, index, k):
    """Information bits of frame `index`: its index (32 bits, MSB first), then
    pseudo-random bits."""
    head = (index >> np.arange(HEADER_BITS - 1, -1, -1)) & 1
    rng = np.random.Generator(np.random.PCG64([seed, index]))
    return np.concatenate([head.astype(np.uint8),
                           rng.integers(0, 2, k - HEADER_BITS, dtype=np.uint8)])


class frame_source(gr.sync_block):
    """Information bits of frames 0 .. frames - 1, then the end of the stream;
    with a deadline (time.monotonic()), the frames made before it (`frames` is
    then cut to them)."""

    def __init__(self, seed, k, frames, deadline=None):
        gr.sync_block.__init__(self, "soak_frame_source", [], [np.uint8])
        self.seed, self.k, self.frames = seed, k, frames
        self.deadline = deadline
        self.next = 0
        self.pending = np.zeros(0, np.uint8)

    def work(self, input_items, output_items):
        out = output_items[0]
        if self.deadline is not None and time.monotonic() >= self.deadline:
            self.frames = self.next
        while self.pending.size < out.size and self.next < self.frames:
            count = min(256, self.frames - self.next)
            chunk = [frame_bits(self.seed, i, self.k)
                     for i in range(self.next, self.next + count)]
            self.next += count
            self.pending = np.concatenate([self.pending] + chunk)
        if self.pending.size == 0:
            return -1  # WORK_DONE
        m = min(out.size, self.pending.size)
        out[:m] = self.pending[:m]
        self.pending = self.pending[m:]
        return m


class corruptor(gr.sync_block):
    """Passes LLRs through, except for bursts: every `period` frames, `burst`
    frames whose LLRs become NaN, +-Inf, 1e30 or +-FLT_MAX (one kind per frame,
    mixed with the true LLRs in half of them). Records the corrupted frames."""

    def __init__(self, n, period, burst, seed):
        gr.sync_block.__init__(self, "soak_corruptor", [np.float32], [np.float32])
        self.n, self.period, self.burst = n, period, burst
        self.rng = np.random.default_rng(seed)
        self.item = 0
        self.corrupted = set()

    def work(self, input_items, output_items):
        x, out = input_items[0], output_items[0]
        out[:] = x
        if self.period <= 0:
            self.item += x.size
            return x.size
        first = self.item // self.n
        last = (self.item + x.size - 1) // self.n
        for f in range(first, last + 1):
            if f % self.period >= self.burst:
                continue
            lo = max(f * self.n, self.item) - self.item
            hi = min((f + 1) * self.n, self.item + x.size) - self.item
            value = BAD_VALUES[(f // self.period + f) % len(BAD_VALUES)]
            if f % 2:
                out[lo:hi] = value  # the whole frame
            else:
                sel = self.rng.random(hi - lo) < 0.5  # half of it
                out[lo:hi][sel] = value
            self.corrupted.add(f)
        self.item += x.size
        return x.size


class checker(gr.sync_block):
    """Decoded information bits -> counts: in order, lost, duplicated,
    reordered, wrong (clean or corrupted frames)."""

    def __init__(self, seed, k, corrupted):
        gr.sync_block.__init__(self, "soak_checker", [np.uint8], [])
        self.seed, self.k, self.corrupted = seed, k, corrupted
        self.buf = np.zeros(0, np.uint8)
        self.position = 0  # frames seen
        self.counts = dict(frames_out=0, in_order=0, lost=0, duplicated=0,
                           reordered=0, wrong_clean=0, wrong_corrupted=0)
        self.seen = set()
        self.window = 4096  # how far back a duplicate is looked for

    def classify(self, bits):
        c = self.counts
        pos = self.position
        self.position += 1
        c["frames_out"] += 1
        expected = frame_bits(self.seed, pos, self.k)
        if np.array_equal(bits, expected):
            c["in_order"] += 1
            self.seen.add(pos)
        else:
            head = int(np.dot(bits[:HEADER_BITS].astype(np.int64),
                              1 << np.arange(HEADER_BITS - 1, -1, -1)))
            if head != pos and np.array_equal(bits, frame_bits(self.seed, head, self.k)):
                # another frame's bits, whole: out of place
                if head in self.seen:
                    c["duplicated"] += 1
                elif head > pos:
                    c["reordered"] += 1
                else:
                    c["lost"] += 1  # an earlier frame arrived in this one's place
                self.seen.add(head)
            elif pos in self.corrupted:
                c["wrong_corrupted"] += 1
            else:
                c["wrong_clean"] += 1
        self.seen.discard(pos - self.window)

    def work(self, input_items, output_items):
        x = input_items[0]
        self.buf = np.concatenate([self.buf, x])
        while self.buf.size >= self.k:
            self.classify(self.buf[:self.k])
            self.buf = self.buf[self.k:]
        return x.size


class pdu_feeder(gr.sync_block):
    """Every `period` stream frames, sends the PDU decoder one message: mostly
    well-formed PDUs of 1 or 2 frames, and now and then a PDU of N + 1 or N - 1
    floats, of bytes instead of floats, an empty one, or a message that is not a
    PDU. Counts what it sent."""

    def __init__(self, n, llrs, period, seed):
        gr.sync_block.__init__(self, "soak_pdu_feeder", [np.float32], [])
        self.message_port_register_out(pmt.intern("pdus"))
        self.n, self.llrs, self.period = n, llrs, period
        self.rng = np.random.default_rng(seed)
        self.item = 0
        self.sent = dict(good=0, good_frames=0, bad=0)

    def send_one(self):
        kind = self.rng.integers(0, 10)
        meta = pmt.make_dict()
        if kind < 6:
            frames = 1 + int(kind % 2)
            vec = np.tile(self.llrs, frames).astype(np.float32)
            msg = pmt.cons(meta, pmt.init_f32vector(vec.size, vec.tolist()))
            self.sent["good"] += 1
            self.sent["good_frames"] += frames
        elif kind == 6:
            vec = np.concatenate([self.llrs, [0.5]]).astype(np.float32)
            msg = pmt.cons(meta, pmt.init_f32vector(vec.size, vec.tolist()))
            self.sent["bad"] += 1
        elif kind == 7:
            vec = self.llrs[:-1].astype(np.float32)
            msg = pmt.cons(meta, pmt.init_f32vector(vec.size, vec.tolist()))
            self.sent["bad"] += 1
        elif kind == 8:
            msg = pmt.cons(meta, pmt.init_u8vector(self.n, [1] * self.n))
            self.sent["bad"] += 1
        else:
            msg = pmt.intern("not a pdu")
            self.sent["bad"] += 1
        self.message_port_pub(pmt.intern("pdus"), msg)

    def work(self, input_items, output_items):
        x = input_items[0]
        before = self.item // (self.n * self.period)
        self.item += x.size
        for _ in range(self.item // (self.n * self.period) - before):
            self.send_one()
        return x.size


class pdu_counter(gr.basic_block):
    """Counts the decoded PDUs and their frames."""

    def __init__(self):
        gr.basic_block.__init__(self, "soak_pdu_counter", [], [])
        self.message_port_register_in(pmt.intern("pdus"))
        self.set_msg_handler(pmt.intern("pdus"), self.handle)
        self.pdus = 0
        self.frames = 0

    def handle(self, msg):
        self.pdus += 1
        meta = pmt.car(msg)
        self.frames += pmt.to_long(pmt.dict_ref(meta, pmt.intern("frames"),
                                                pmt.from_long(0)))


class soak(gr.top_block):
    def __init__(self, args, code):
        gr.top_block.__init__(self, "gpufec_soak")
        n, k = code.n, code.k
        sigma = math.sqrt(1.0 / (2.0 * code.rate * 10.0 ** (args.ebn0 / 10.0)))
        deadline = (time.monotonic() + args.max_seconds) if args.max_seconds > 0 else None
        self.src = frame_source(args.seed, k, args.frames, deadline)
        self.enc = gpufec.ldpc_encoder_bb(args.code)
        self.to_f = blocks.char_to_float(1, 1)
        self.bpsk = blocks.multiply_const_ff(-2.0)
        self.bpsk_off = blocks.add_const_ff(1.0)
        self.noise = analog.noise_source_f(analog.GR_GAUSSIAN, sigma, args.seed)
        self.add = blocks.add_ff(1)
        self.llr = blocks.multiply_const_ff(2.0 / sigma**2)
        self.bad = corruptor(n, args.burst_period, args.burst, args.seed)
        self.dec = gpufec.ldpc_decoder_fb(
            args.code, algorithm="nms", max_iterations=args.iterations,
            backend=args.backend, frames_per_call=args.frames_per_call,
            sign="positive_is_0")
        self.chk = checker(args.seed, k, self.bad.corrupted)
        self.connect(self.src, self.enc, self.to_f, self.bpsk, self.bpsk_off,
                     (self.add, 0))
        self.connect(self.noise, (self.add, 1))
        self.connect(self.add, self.llr, self.bad, self.dec, self.chk)
        # the PDU path: clean LLRs of frame 0, sent at a fixed pace
        llrs = (2.0 / sigma**2) * (1.0 - 2.0 * self.encode_first(code, args.seed))
        self.feeder = pdu_feeder(n, llrs.astype(np.float32), args.pdu_period, args.seed)
        self.pdu_dec = gpufec.ldpc_decoder_pdu(
            args.code, algorithm="nms", max_iterations=args.iterations,
            backend=args.backend, sign="positive_is_0")
        self.pdu_out = pdu_counter()
        self.connect(self.llr, self.feeder)
        self.msg_connect((self.feeder, "pdus"), (self.pdu_dec, "pdus"))
        self.msg_connect((self.pdu_dec, "pdus"), (self.pdu_out, "pdus"))

    @staticmethod
    def encode_first(code, seed):
        """Codeword bits of frame 0 (the PDU path sends its clean LLRs)."""
        bits = frame_bits(seed, 0, code.k)
        return np.asarray(code.encode(bits.reshape(1, -1)), dtype=np.float64).ravel()


def main(argv=None):
    p = argparse.ArgumentParser(
        description="gr-gpufec soak test: sequence-numbered frames through the "
        "encoder, channel and decoder blocks with bad LLRs and bad PDUs mixed in")
    p.add_argument("--code", default="wimax:576:1/2")
    p.add_argument("--frames", type=int, default=100000)
    p.add_argument("--ebn0", type=float, default=4.0,
                   help="Eb/N0 of the clean frames, high enough that they all "
                   "decode (default %(default)s dB)")
    p.add_argument("--iterations", type=int, default=10)
    p.add_argument("--backend", default="auto", choices=("auto", "cpu", "cuda"))
    p.add_argument("--frames-per-call", type=int, default=256)
    p.add_argument("--burst-period", type=int, default=1000,
                   help="a burst of bad LLRs every this many frames (0: none)")
    p.add_argument("--burst", type=int, default=3, help="frames per burst")
    p.add_argument("--pdu-period", type=int, default=200,
                   help="one PDU message every this many stream frames")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-growth-mb", type=float, default=64.0,
                   help="resident memory growth allowed after the warm-up (MiB)")
    p.add_argument("--stall-seconds", type=float, default=60.0,
                   help="give up when no frame came out for this long")
    p.add_argument("--max-seconds", type=float, default=0.0,
                   help="stop making frames after this long (0: none); the report "
                   "counts the frames made")
    p.add_argument("--json", help="write the report here too")
    args = p.parse_args(argv)
    if args.frames < 1:
        p.error("--frames must be >= 1")
    if not args.max_seconds >= 0:
        p.error("--max-seconds must be >= 0")

    gr.logging().set_default_level(gr.log_levels.error)  # dropped PDUs log warnings
    code = gpufec.ldpc_code(args.code)
    tb = soak(args, code)
    start = time.perf_counter()
    tb.start()
    # the warm-up: the first 5% of the frames (or of --max-seconds)
    warm = max(1, args.frames // 20)
    warm_seconds = args.max_seconds / 20 if args.max_seconds > 0 else math.inf
    rss_start = None
    last, last_change = 0, time.perf_counter()
    while tb.chk.counts["frames_out"] < tb.src.frames:
        time.sleep(0.5)
        out = tb.chk.counts["frames_out"]
        if rss_start is None and out > 0 and (
                out >= warm or time.perf_counter() - start >= warm_seconds):
            rss_start = rss_mb()
        if out != last:
            last, last_change = out, time.perf_counter()
        elif time.perf_counter() - last_change > args.stall_seconds:
            print("soak: no frame came out for %g s" % args.stall_seconds,
                  file=sys.stderr)
            break
    tb.stop()
    tb.wait()
    seconds = time.perf_counter() - start
    rss_end = rss_mb()
    if rss_start is None:
        rss_start = rss_end
    c = dict(tb.chk.counts)
    c["frames_in"] = tb.src.frames
    c["missing_at_end"] = tb.src.frames - c["frames_out"]
    c["corrupted_frames"] = len(tb.bad.corrupted)
    c["pdus_sent_good"] = tb.feeder.sent["good"]
    c["pdus_sent_bad"] = tb.feeder.sent["bad"]
    c["pdu_frames_sent"] = tb.feeder.sent["good_frames"]
    c["pdus_decoded"] = tb.pdu_out.pdus
    c["pdu_frames_decoded"] = tb.pdu_out.frames
    c["pdus_dropped_by_block"] = tb.pdu_dec.dropped_pdus()
    c["rss_mb_after_warmup"] = round(rss_start, 1)
    c["rss_mb_end"] = round(rss_end, 1)
    c["seconds"] = round(seconds, 1)
    c["backend"] = tb.dec.backend()
    c["code"] = args.code
    print(json.dumps(c, indent=1))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(c, f, indent=1)
    problems = []
    for key in ("lost", "duplicated", "reordered", "missing_at_end"):
        if c[key]:
            problems.append("%s = %d" % (key, c[key]))
    # clean frames that decode wrong are the code's own FER at --ebn0 (reported);
    # more than 1e-4 of them means a broken decoder
    if c["wrong_clean"] > max(1, c["frames_in"] // 10000):
        problems.append("wrong_clean = %d of %d clean frames" % (
            c["wrong_clean"], c["frames_in"] - c["corrupted_frames"]))
    if c["pdus_decoded"] != c["pdus_sent_good"] or \
            c["pdu_frames_decoded"] != c["pdu_frames_sent"]:
        problems.append("PDUs decoded %d (%d frames) for %d good sent (%d frames)" % (
            c["pdus_decoded"], c["pdu_frames_decoded"], c["pdus_sent_good"],
            c["pdu_frames_sent"]))
    if c["pdus_dropped_by_block"] != c["pdus_sent_bad"]:
        problems.append("the PDU block dropped %d of %d bad messages" % (
            c["pdus_dropped_by_block"], c["pdus_sent_bad"]))
    if rss_end - rss_start > args.max_growth_mb:
        problems.append("resident memory grew by %.1f MiB" % (rss_end - rss_start))
    for line in problems:
        print("soak: FAIL: " + line, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
