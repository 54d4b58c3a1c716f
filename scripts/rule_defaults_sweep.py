#!/usr/bin/env python3
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
"""Measures what the default rule parameters and iteration counts of
lib/core/decoders/rule_defaults.cc rest on (docs/VALIDATION.md "Default rule
parameters"): for each code, the Eb/N0 at which the FER crosses a target (1e-2 by
default, log-linear interpolation between the points of a gpufec-ber sweep) for
NMS with each alpha at the most iterations, and for the default alpha at each
iteration count. Prints one Markdown row per code: the threshold of each setting
and its distance from the best one.

    scripts/rule_defaults_sweep.py --ber build/apps/gpufec-ber --backend cuda \\
        --codes dvbs2:normal:1/4,dvbs2:normal:1/2 --json-dir /tmp/sweep

The window of each DVB-S2 code is centred on the quasi-error-free Es/N0 of
EN 302 307-1 Table 13 (QPSK) for its rate; other codes take --window.
"""
import argparse
import json
import math
import os
import subprocess
import sys

# EN 302 307-1, Table 13: Es/N0 (dB) for quasi-error-free operation, QPSK,
# normal FECFRAMEs, AWGN
QEF_ES_N0 = {"1/4": -2.35, "1/3": -1.24, "2/5": -0.30, "1/2": 1.00, "3/5": 2.23,
             "2/3": 3.10, "3/4": 4.03, "4/5": 4.68, "5/6": 5.18, "8/9": 6.20,
             "9/10": 6.42}


def window(code, rate, args):
    """Eb/N0 sweep (start, stop) for a code of (actual) rate."""
    parts = code.split(":")
    if parts[0] == "dvbs2" and parts[2] in QEF_ES_N0:
        # QPSK: Eb/N0 = Es/N0 - 10 log10(2 R); short frames need a little more
        centre = QEF_ES_N0[parts[2]] - 10 * math.log10(2 * rate)
        return centre - 1.2, centre + 0.9
    lo, hi = (float(x) for x in args.window.split(":"))
    return lo, hi


def code_rate(args, code):
    """K / N from gpufec-info's "N:" and "K:" lines."""
    out = subprocess.run([args.info, "--code", code], capture_output=True, text=True,
                         check=True).stdout
    fields = dict(line.split(":", 1) for line in out.splitlines() if ":" in line)
    return int(fields["K"]) / int(fields["N"])


def threshold(points, target):
    """Eb/N0 where the FER crosses target (log-linear), or None if it does not."""
    pts = sorted((p["ebn0_db"], p["fer"]) for p in points)
    for (e0, f0), (e1, f1) in zip(pts, pts[1:]):
        if f0 >= target > f1:
            if f1 <= 0:
                f1 = 0.5 / max(1, [p for p in points if p["ebn0_db"] == e1][0]["frames"])
            return e0 + (math.log(f0) - math.log(target)) / (math.log(f0) - math.log(f1)) * (e1 - e0)
    if pts and pts[0][1] < target:
        return -math.inf  # already below at the first point
    return None


def run(args, code, rate, alpha, iterations):
    lo, hi = window(code, rate, args)
    name = f"{code.replace(':', '_').replace('/', '-')}_a{alpha}_i{iterations}.json"
    path = os.path.join(args.json_dir, name)
    cmd = [args.ber, "--code", code, "--algorithm", "nms", "--alpha", str(alpha),
           "--schedule", "layered", "--iterations", str(iterations), "--backend",
           args.backend, "--ebn0", f"{lo:.3f}:{hi:.3f}:{args.step}", "--min-frame-errors",
           str(args.errors), "--max-frames", str(args.frames), "--stop-fer",
           str(args.target / 3), "--seed", "11", "--json", path]
    if args.precision:
        cmd += ["--precision", args.precision]
    if args.max_seconds:
        cmd += ["--max-seconds", str(args.max_seconds)]
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    with open(path) as f:
        return threshold(json.load(f), args.target)


def fmt(t):
    if t is None:
        return "> window"
    if t == -math.inf:
        return "< window"
    return f"{t:.2f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ber", default="build/apps/gpufec-ber")
    ap.add_argument("--info", default=None, help="gpufec-info (default: beside --ber)")
    ap.add_argument("--backend", default="cpu")
    ap.add_argument("--precision", default="float")
    ap.add_argument("--codes", required=True, help="comma-separated code specs")
    ap.add_argument("--alphas", default="0.75,0.8125,0.875,0.9375")
    ap.add_argument("--default-alpha", type=float, default=0.875)
    ap.add_argument("--iterations", default="10,20,30,50",
                    help="iteration counts; the alphas are compared at the last")
    ap.add_argument("--target", type=float, default=1e-2)
    ap.add_argument("--step", type=float, default=0.1)
    ap.add_argument("--window", default="1.0:3.0")
    ap.add_argument("--frames", type=int, default=3000)
    ap.add_argument("--errors", type=int, default=60)
    ap.add_argument("--max-seconds", type=float, default=0)
    ap.add_argument("--json-dir", default="/tmp/rule-defaults-sweep")
    args = ap.parse_args()
    args.info = args.info or os.path.join(os.path.dirname(args.ber), "gpufec-info")
    os.makedirs(args.json_dir, exist_ok=True)
    alphas = [float(a) for a in args.alphas.split(",")]
    iters = [int(i) for i in args.iterations.split(",")]
    head = ["code"] + [f"alpha {a} ({iters[-1]} it)" for a in alphas] + \
        [f"{i} it (alpha {args.default_alpha})" for i in iters[:-1]]
    print(f"Eb/N0 (dB) at FER {args.target:g}, NMS layered, {args.backend} {args.precision}")
    print("| " + " | ".join(head) + " |")
    print("|" + " --- |" * len(head))
    for code in args.codes.split(","):
        rate = code_rate(args, code)
        by_alpha = [run(args, code, rate, a, iters[-1]) for a in alphas]
        by_iter = [run(args, code, rate, args.default_alpha, i) for i in iters[:-1]]
        print("| " + " | ".join([code] + [fmt(t) for t in by_alpha + by_iter]) + " |",
              flush=True)


if __name__ == "__main__":
    sys.exit(main())
