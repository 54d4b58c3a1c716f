#!/usr/bin/env python3
#
# What a GNU Radio user gets: throughput of the stream decoder block in a running
# flowgraph, and one frame's latency through it.
#
# Throughput: precomputed noisy LLRs (BPSK over AWGN, repeated from memory by a
# file source over a file in /dev/shm) ->
# the decoder block -> null sink, run for --seconds; information bits out per
# second. The same flowgraph with a trivial block in the decoder's place
# (keep_m_in_n: K of every N floats, the decoder's item rates and output
# buffer) measures GNU Radio's own ceiling on this machine.
# Latency: one frame at a time through source -> decoder -> sink in a running
# flowgraph, from the source handing it over to the sink receiving its last bit;
# p50 and p99 over --latency-frames frames.
# Variants of the decoder under test:
#   --input int8            the stream block fed signed bytes (LLR = byte x
#                           --int8-step), a quarter of the float stream's bytes
#   --chains C --devices L  C source -> decoder -> sink chains in one flowgraph,
#                           decoder i on GPU L[i % len(L)]; throughput is their sum
#   --fecapi extended       gr-fec's FEC Extended Decoder with --decoders D of our
#                           FECAPI objects (--threading capillary, ordinary or
#                           none), each decoding --fecapi-frames frames a call
#
#   PYTHONPATH=build/python /usr/bin/python3 scripts/flowgraph_bench.py \
#       --code wimax:2304:1/2 --backend cpu --seconds 10
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later

import argparse
import atexit
import json
import math
import os
import sys
import tempfile
import threading
import time

import numpy as np
from gnuradio import blocks, fec, gr

try:
    from gnuradio import gpufec
except ImportError:
    import gpufec  # a build tree on PYTHONPATH


def noisy_llrs(code, frames, ebn0_db, seed):
    """float32 LLRs (positive means bit 0) of `frames` random codewords."""
    rng = np.random.default_rng(seed)
    info = rng.integers(0, 2, size=(frames, code.k), dtype=np.uint8)
    cw = np.asarray(code.encode(info), dtype=np.float32)
    sigma = math.sqrt(1.0 / (2.0 * code.rate * 10.0 ** (ebn0_db / 10.0)))
    y = (1.0 - 2.0 * cw) + sigma * rng.standard_normal(cw.shape).astype(np.float32)
    return (2.0 / sigma**2 * y).astype(np.float32).ravel()


def int8_llrs(llrs, step):
    """Signed bytes b with b * step closest to the LLR (saturated), viewed as
    uint8 (what GNU Radio's byte streams carry)."""
    q = np.clip(np.rint(llrs / step), -127, 127).astype(np.int8)
    return q.view(np.uint8)


def decoder_block(args, device=None):
    """The stream decoder block with the options the user asked for; options this
    build's block does not take are refused rather than ignored."""
    kw = dict(algorithm=args.algorithm, max_iterations=args.iterations,
              early_termination=args.early_termination == "on",
              backend=args.backend, frames_per_call=args.frames_per_call,
              sign="positive_is_0")
    if args.frame_tags == "off":
        kw["frame_tags"] = False
    if args.input == "int8":
        kw.update(input_type="int8", llr_scale=args.int8_step)
    if device is not None:
        kw["device"] = device
    for name in ("precision", "frames_in_flight"):
        value = getattr(args, name)
        if value is not None:
            kw[name] = value
    try:
        return gpufec.ldpc_decoder_fb(args.code, **kw)
    except TypeError as e:
        sys.exit("flowgraph_bench: this build's decoder block does not take %s (%s)"
                 % (", ".join(k for k in ("precision", "device", "frames_in_flight",
                                          "input_type", "frame_tags") if k in kw), e))


def source_file(args, llrs):
    """The throughput source's data, written once to a file in memory (/dev/shm
    where there is one) for GNU Radio's file source to repeat: it copies whole
    reads, where vector_source copies item by item (a ceiling of a few hundred
    million items per second). Returns (path, item size)."""
    if args.input == "int8" and not args.fecapi:
        values, item = int8_llrs(llrs, args.int8_step), gr.sizeof_char
    else:
        values, item = (-llrs if args.fecapi else llrs), gr.sizeof_float
    folder = "/dev/shm" if os.path.isdir("/dev/shm") else None
    f = tempfile.NamedTemporaryFile(prefix="flowgraph_bench_", dir=folder, delete=False)
    with f:
        f.write(np.ascontiguousarray(values).tobytes())
    atexit.register(os.unlink, f.name)
    return f.name, item


def fecapi_decoder(args, device=None):
    """gr-fec's FEC Extended Decoder over --decoders of our FECAPI objects; its
    input is gr-fec's convention (positive means bit 1): the source negates."""
    kw = dict(algorithm=args.algorithm, max_iterations=args.iterations,
              early_termination=args.early_termination == "on",
              backend=args.backend, frames=args.fecapi_frames)
    if device is not None:
        kw["device"] = device
    if args.precision is not None:
        kw["precision"] = args.precision
    objs = [gpufec.ldpc_decoder.make(args.code, **kw) for _ in range(args.decoders)]
    threading = None if args.threading == "none" else args.threading
    dut = fec.extended_decoder(decoder_obj_list=objs, threading=threading, ann=None,
                               puncpat="11", integration_period=10000)
    dut.backend = objs[0].backend
    return dut


class throughput_graph(gr.top_block):
    """--chains copies of source -> decoder under test (or the trivial block) ->
    null sink."""

    def __init__(self, args, source, n, k, trivial):
        gr.top_block.__init__(self, "flowgraph_bench")
        self.duts, self.sinks = [], []
        path, item = source
        for c in range(args.chains):
            device = args.devices[c % len(args.devices)] if args.devices else None
            src = blocks.file_source(item, path, True)
            # the decoder block decodes what its input buffer holds: GNU Radio's
            # default (32 KiB) holds a few frames, so give the source's buffer room
            # for the frames in flight and one more batch (--buffer-frames)
            if args.buffer_frames > 0:
                src.set_min_output_buffer(args.buffer_frames * n)
            if trivial:
                dut = blocks.keep_m_in_n(item, k, n, 0)
                # the output buffer the decoder block gives itself: a batch of
                # frames (at most 64 MiB), so both pass the same buffer sizes
                dut.set_min_output_buffer(
                    min(args.frames_per_call, max(1, (1 << 26) // (k * item))) * k)
                snk = blocks.null_sink(item)
            elif args.fecapi:
                dut = fecapi_decoder(args, device)
                snk = blocks.null_sink(gr.sizeof_char)
            else:
                dut = decoder_block(args, device)
                snk = blocks.null_sink(gr.sizeof_char)
            self.connect(src, dut, snk)
            self.duts.append(dut)
            self.sinks.append(snk)

    def items_out(self):
        return sum(s.nitems_read(0) for s in self.sinks)


def run_throughput(args, code, source, trivial):
    tb = throughput_graph(args, source, code.n, code.k, trivial)
    tb.start()
    time.sleep(args.warmup)
    t0, n0 = time.perf_counter(), tb.items_out()
    time.sleep(args.seconds)
    t1, n1 = time.perf_counter(), tb.items_out()
    tb.stop()
    tb.wait()
    backend = "copy" if trivial else tb.duts[0].backend()
    return (n1 - n0) / (t1 - t0), backend


class one_frame_source(gr.sync_block):
    """Emits one frame of LLRs when asked (send()). Its work() waits for a frame
    instead of returning 0 items, which GNU Radio would answer with a long sleep."""

    def __init__(self, n, dtype=np.float32):
        gr.sync_block.__init__(self, "one_frame_source", [], [dtype])
        self.pending = np.zeros(0, dtype)
        self.lock = threading.Lock()
        self.ready = threading.Event()
        self.closing = False
        self.sent_at = 0.0

    def close(self):
        """Ends the stream; call before top_block.stop(), which cannot interrupt
        a Python block that waits."""
        self.closing = True
        self.ready.set()

    def send(self, frame):
        with self.lock:
            self.pending = frame
            self.sent_at = time.perf_counter()
        self.ready.set()

    def work(self, input_items, output_items):
        out = output_items[0]
        while not self.ready.wait(0.05):
            pass
        if self.closing:
            return -1  # WORK_DONE
        with self.lock:
            m = min(out.size, self.pending.size)
            out[:m] = self.pending[:m]
            self.pending = self.pending[m:]
            if self.pending.size == 0:
                self.ready.clear()
        return m


class arrival_sink(gr.sync_block):
    """Notes when the last bit of each frame arrives."""

    def __init__(self, k):
        gr.sync_block.__init__(self, "arrival_sink", [np.uint8], [])
        self.k = k
        self.count = 0
        self.done = threading.Event()

    def work(self, input_items, output_items):
        self.count += input_items[0].size
        if self.count >= self.k:
            self.count -= self.k
            self.done.set()
        return input_items[0].size


def run_latency(args, code, llrs):
    tb = gr.top_block("flowgraph_latency")
    int8 = args.input == "int8"
    src = one_frame_source(code.n, np.uint8 if int8 else np.float32)
    if int8:
        llrs = int8_llrs(llrs, args.int8_step)
    lat_args = argparse.Namespace(**vars(args))
    lat_args.frames_per_call = 1
    lat_args.frames_in_flight = None if args.frames_in_flight is None else 1
    dec = decoder_block(lat_args, args.devices[0] if args.devices else None)
    snk = arrival_sink(code.k)
    tb.connect(src, dec, snk)
    tb.start()
    frames = llrs.reshape(-1, code.n)
    samples = []
    for i in range(args.latency_frames + 10):
        snk.done.clear()
        src.send(frames[i % frames.shape[0]].copy())
        if not snk.done.wait(5.0):
            src.close()
            tb.stop()
            tb.wait()
            sys.exit("flowgraph_bench: frame %d did not come out within 5 s" % i)
        if i >= 10:  # the first frames warm up
            samples.append((time.perf_counter() - src.sent_at) * 1e6)
    src.close()
    tb.stop()
    tb.wait()
    return float(np.percentile(samples, 50)), float(np.percentile(samples, 99))


def main(argv=None):
    p = argparse.ArgumentParser(
        description="gr-gpufec stream decoder block in a running flowgraph: "
        "throughput (against a trivial block) and one frame's latency")
    p.add_argument("--code", default="wimax:2304:1/2")
    p.add_argument("--algorithm", default="nms")
    p.add_argument("--iterations", type=int, default=10)
    p.add_argument("--early-termination", default="off", choices=("on", "off"))
    p.add_argument("--backend", default="auto", choices=("auto", "cpu", "cuda"))
    p.add_argument("--precision", default=None,
                   help="decoder precision (auto, float32, half2, int16, int8)")
    p.add_argument("--devices", default=None,
                   help="GPU indices of the chains' decoders, comma-separated "
                        "(chain i on the (i mod count)-th)")
    p.add_argument("--chains", type=int, default=1,
                   help="source -> decoder -> sink chains in the flowgraph")
    p.add_argument("--input", default="float", choices=("float", "int8"),
                   help="the stream block's input: float LLRs or signed bytes")
    p.add_argument("--int8-step", type=float, default=0.125,
                   help="the LLR of one unit of int8 input (the block's llr_scale)")
    p.add_argument("--frame-tags", default="on", choices=("on", "off"),
                   help="the stream block's per-frame tags (frame_tags)")
    p.add_argument("--fecapi", choices=("extended",), default=None,
                   help="measure gr-fec's FEC Extended Decoder over our FECAPI "
                        "objects instead of the stream block")
    p.add_argument("--decoders", type=int, default=4,
                   help="FECAPI objects in the extended decoder")
    p.add_argument("--threading", default="capillary",
                   choices=("capillary", "ordinary", "none"))
    p.add_argument("--fecapi-frames", type=int, default=256,
                   help="frames each FECAPI object decodes a call (set_frame_size)")
    p.add_argument("--frames-in-flight", type=int, default=None,
                   help="batches the block keeps in flight")
    p.add_argument("--frames-per-call", type=int, default=2048)
    p.add_argument("--buffer-frames", type=int, default=None,
                   help="frames the source's output buffer holds (default: the "
                        "block's frames in flight plus one batch; 0: GNU Radio's default)")
    p.add_argument("--ebn0", type=float, default=2.0)
    p.add_argument("--source-frames", type=int, default=256,
                   help="distinct frames the repeating source holds")
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--warmup", type=float, default=2.0)
    p.add_argument("--reps", type=int, default=3, help="throughput runs (median)")
    p.add_argument("--latency-frames", type=int, default=1000)
    p.add_argument("--no-copy", action="store_true",
                   help="skip the trivial-block ceiling")
    p.add_argument("--json", help="write the results here too")
    args = p.parse_args(argv)
    if args.devices is not None:
        try:
            args.devices = [int(d) for d in args.devices.split(",")]
        except ValueError:
            p.error("--devices: comma-separated GPU indices, not %r" % args.devices)
    if args.chains < 1:
        p.error("--chains must be >= 1")
    if args.fecapi and args.input != "float":
        p.error("--fecapi takes float input (gr-fec's convention)")
    if args.fecapi and args.latency_frames > 0:
        args.latency_frames = 0  # one frame's latency is the stream block's figure
    if args.fecapi and args.buffer_frames is None:
        args.buffer_frames = 2 * args.decoders * args.fecapi_frames
    gr.logging().set_default_level(gr.log_levels.warn)
    if args.buffer_frames is None:
        # the frames in flight the block resolves (auto: per decoder thread)
        in_flight = decoder_block(args).frames_in_flight()
        args.buffer_frames = max(in_flight, args.frames_per_call) + args.frames_per_call
    code = gpufec.ldpc_code(args.code)
    llrs = noisy_llrs(code, args.source_frames, args.ebn0, 1)
    source = source_file(args, llrs)
    result = dict(code=args.code, algorithm=args.algorithm, iterations=args.iterations,
                  frames_per_call=args.frames_per_call, precision=args.precision,
                  input=args.input, chains=args.chains, devices=args.devices,
                  seconds=args.seconds)
    if args.fecapi:
        result.update(fecapi=args.fecapi, decoders=args.decoders,
                      threading=args.threading, fecapi_frames=args.fecapi_frames)
    runs = []
    for _ in range(args.reps):
        rate, backend = run_throughput(args, code, source, False)
        runs.append(rate)
    result["backend"] = backend
    result["decoder_info_mbps"] = [round(r / 1e6, 2) for r in runs]
    result["decoder_info_mbps_median"] = round(float(np.median(runs)) / 1e6, 2)
    if not args.no_copy:
        copies = [run_throughput(args, code, source, True)[0] for _ in range(args.reps)]
        result["copy_info_mbps_median"] = round(float(np.median(copies)) / 1e6, 2)
        result["fraction_of_copy"] = round(float(np.median(runs) / np.median(copies)), 3)
    if args.latency_frames > 0:
        p50, p99 = run_latency(args, code, llrs)
        result["latency_us_p50"] = round(p50, 1)
        result["latency_us_p99"] = round(p99, 1)
    print(json.dumps(result, indent=1))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
