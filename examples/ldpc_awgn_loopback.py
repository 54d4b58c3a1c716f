#!/usr/bin/env python3
#
# LDPC loopback over AWGN with gr-gpufec's blocks, headless: random bits ->
# ldpc_encoder_bb -> BPSK -> AWGN -> LLRs -> ldpc_decoder_fb -> BER/FER, mean
# iterations and throughput, one line per Eb/N0. Prints the backend in use. The
# code may be binary or nonbinary (GF(q): the binary image of the symbols is sent
# as BPSK, the decoder takes its bit LLRs).
#
#   /usr/bin/python3 examples/ldpc_awgn_loopback.py --code wimax:2304:1/2 \
#       --ebn0 1.0:2.5:0.5 --frames 2000 --backend auto
#   /usr/bin/python3 examples/ldpc_awgn_loopback.py --code nbreg:64:96:2:4 \
#       --ebn0 2.0:4.0:0.5 --frames 500 --algorithm ems
#
# In a build tree without installing: PYTHONPATH=build/python.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
import argparse
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


def ebn0_list(text):
    """'2.0', '1.0,1.5' or 'start:stop:step' (stop included)."""
    if ":" in text:
        start, stop, step = (float(v) for v in text.split(":"))
        if step <= 0:
            raise argparse.ArgumentTypeError("the Eb/N0 step must be > 0")
        count = int(math.floor((stop - start) / step + 1e-9)) + 1
        return [round(start + i * step, 6) for i in range(max(count, 0))]
    return [float(v) for v in text.split(",")]


def make_code(spec):
    """The numpy code object of a spec, binary or nonbinary."""
    if gpufec.is_nonbinary_spec(spec):
        return gpufec.nb_ldpc_code(spec)
    return gpufec.ldpc_code(spec)


def n_bits(code):
    """Transmitted bits per frame (N*p for a GF(q) code)."""
    return getattr(code, "n_bits", code.n)


def k_bits(code):
    """Information bits per frame (K*p for a GF(q) code)."""
    return getattr(code, "k_bits", code.k)


class loopback(gr.top_block):
    """One Eb/N0 point: the encoder -> BPSK -> AWGN -> decoder flowgraph."""

    def __init__(self, args, code, info, ebn0_db, seed):
        gr.top_block.__init__(self, "ldpc_awgn_loopback")
        # unit-energy BPSK, noise per real dimension (Eb/N0 counts information bits)
        sigma = math.sqrt(1.0 / (2.0 * code.rate * 10.0 ** (ebn0_db / 10.0)))
        self.src = blocks.vector_source_b(info.ravel().tolist(), False)
        self.enc = gpufec.ldpc_encoder_bb(args.code)
        self.to_f = blocks.char_to_float(1, 1)
        self.bpsk = blocks.multiply_const_ff(-2.0)      # bit b -> 1 - 2b
        self.bpsk_off = blocks.add_const_ff(1.0)
        self.noise = analog.noise_source_f(analog.GR_GAUSSIAN, sigma, seed)
        self.add = blocks.add_ff(1)
        self.llr = blocks.multiply_const_ff(2.0 / sigma**2)   # L = 2y/sigma^2
        self.dec = gpufec.ldpc_decoder_fb(
            args.code, algorithm=args.algorithm, max_iterations=args.max_iterations,
            backend=args.backend, frames_per_call=args.frames_per_call,
            sign="positive_is_0")
        self.snk = blocks.vector_sink_b()
        self.connect(self.src, self.enc, self.to_f, self.bpsk, self.bpsk_off,
                     (self.add, 0))
        self.connect(self.noise, (self.add, 1))
        self.connect(self.add, self.llr, self.dec, self.snk)
        # room for many frames in front of the decoder: a GPU wants big batches
        self.add.set_min_output_buffer(2 * args.frames_per_call * n_bits(code))  # items


def main(argv=None, defaults=None):
    """Runs the loopback; `defaults` overrides option defaults (a script of its own
    that calls this one, e.g. nb_ldpc_awgn_loopback.py)."""
    parser = argparse.ArgumentParser(
        description="LDPC loopback over AWGN with gr-gpufec's blocks: BER/FER, "
        "iterations and throughput per Eb/N0")
    parser.add_argument("--code", default="wifi:1944:1/2",
                        help="code spec (default %(default)s)")
    parser.add_argument("--ebn0", type=ebn0_list, default=ebn0_list("1.0:2.5:0.5"),
                        help="Eb/N0 in dB: a value, a list a,b,c or start:stop:step "
                             "(default 1.0:2.5:0.5)")
    parser.add_argument("--frames", type=int, default=2000,
                        help="frames per Eb/N0 point (default %(default)s)")
    parser.add_argument("--backend", default="auto", choices=("auto", "cuda", "cpu"))
    parser.add_argument("--algorithm", default="auto",
                        choices=("auto", "nms", "ms", "oms", "scms", "spa", "minmax", "ems"),
                        help="auto: nms for a binary code, minmax for a GF(q) one")
    parser.add_argument("--max-iterations", type=int, default=10)
    parser.add_argument("--frames-per-call", type=int, default=64)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--verbose", action="store_true",
                        help="show GNU Radio's info log lines")
    parser.set_defaults(**(defaults or {}))
    args = parser.parse_args(argv)
    if args.frames < 1:
        parser.error("--frames must be >= 1")

    sys.stdout.reconfigure(line_buffering=True)  # keep order with the C++ log lines
    if not args.verbose:
        gr.logging().set_default_level(gr.log_levels.warn)  # no per-block info lines
    code = make_code(args.code)
    rng = np.random.default_rng(args.seed)
    if gpufec.is_nonbinary_spec(args.code):
        print("code %s: GF(%d) N=%d K=%d symbols (%d/%d bits) rate %.4f; BPSK over AWGN; "
              "%s, %d iterations max" % (args.code, code.q, code.n, code.k, code.n_bits,
                                         code.k_bits, code.rate, args.algorithm,
                                         args.max_iterations))
    else:
        print("code %s: N=%d K=%d rate %.4f; BPSK over AWGN; %s, %d iterations max"
              % (args.code, code.n, code.k, code.rate, args.algorithm,
                 args.max_iterations))
    header = "%8s %8s %10s %12s %8s %12s %8s %12s" % (
        "Eb/N0", "frames", "bit errs", "BER", "fr errs", "FER", "avg it", "Mbit/s")
    backend_shown = False
    for i, ebn0 in enumerate(args.ebn0):
        info = rng.integers(0, 2, size=(args.frames, k_bits(code)), dtype=np.uint8)
        tb = loopback(args, code, info, ebn0, args.seed + 1000 * i)
        if not backend_shown:
            print("backend: %s" % tb.dec.backend())
            print(header)
            backend_shown = True
        start = time.perf_counter()
        tb.run()
        seconds = time.perf_counter() - start
        out = np.array(tb.snk.data(), dtype=np.uint8)
        if out.size != info.size:
            print("error: %d bits out for %d in" % (out.size, info.size), file=sys.stderr)
            return 1
        errors = out.reshape(info.shape) != info
        bit_errors = int(errors.sum())
        frame_errors = int(errors.any(axis=1).sum())
        its = [pmt.to_long(t.value) for t in tb.snk.tags()
               if pmt.symbol_to_string(t.key) == "iterations"]
        print("%8.2f %8d %10d %12.4e %8d %12.4e %8.2f %12.3f" % (
            ebn0, args.frames, bit_errors, bit_errors / info.size, frame_errors,
            frame_errors / args.frames, float(np.mean(its)) if its else 0.0,
            info.size / seconds / 1e6))
    print("throughput: information bits through the whole flowgraph (source, encoder, "
          "channel, decoder) per second of wall time")
    return 0


if __name__ == "__main__":
    sys.exit(main())
