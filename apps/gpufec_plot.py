#!/usr/bin/env python3
#
# gpufec-plot: BER / FER vs Eb/N0 curves of one or more JSON files written by
# gpufec-ber --json (or gpufec.simulate() lists saved with json.dump), on a log
# scale with error bars from the points' 95% intervals (FER: Wilson; BER: the
# interval over frames, where the file records bit_errors_sq) and legends from
# the decoder options each file records; --reference overlays curves from
# two-column text files (Eb/N0, rate). Reference lines from theory: uncoded
# BPSK/QPSK BER Q(sqrt(2 Eb/N0)), the BI-AWGN capacity limit of the code's rate
# (C. E. Shannon, 1948; the capacity of binary input over AWGN by quadrature)
# and the normal approximation of the FER at the code's length (Y. Polyanskiy,
# H. V. Poor, S. Verdu, "Channel coding rate in the finite blocklength regime",
# IEEE Trans. Inf. Theory 56(5), 2010, eq. 296). The output format follows the
# file's extension (.png, .svg, .pdf). Needs matplotlib only (python3-matplotlib).
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""Plot BER/FER curves from gpufec-ber JSON files."""

import argparse
import json
import math
import os
import sys

# The project version: CMake writes it into build/apps/gpufec-plot and the
# installed copy (apps/CMakeLists.txt); this file run as it is says so.
VERSION = "@PROJECT_VERSION@"


def version_text():
    """The --version line, "gpufec-plot 0.1.0"."""
    if VERSION.startswith("@"):
        return "gpufec-plot (source tree; the version is set at build time)"
    return "gpufec-plot " + VERSION


def fail(message):
    """Print a message naming the problem and exit with status 2."""
    print("gpufec-plot: " + message, file=sys.stderr)
    sys.exit(2)


def load_points(path):
    """The points of a gpufec-ber JSON file, checked for the keys plotted."""
    try:
        with open(path) as f:
            points = json.load(f)
    except OSError as e:
        fail("%s: cannot read (%s)" % (path, e.strerror))
    except ValueError as e:
        fail("%s: not JSON (%s)" % (path, e))
    if not isinstance(points, list):
        fail("%s: not a list of points (a gpufec-ber --json file)" % path)
    for i, p in enumerate(points):
        for key in ("ebn0_db", "frames", "ber", "fer"):
            if not isinstance(p, dict) or key not in p:
                fail("%s: point %d has no key '%s' (not a gpufec-ber --json file)"
                     % (path, i, key))
    return sorted(points, key=lambda p: p["ebn0_db"])


def decoder_label(p):
    """A legend from the decoder options a point records."""
    d = p.get("decoder") or {}
    alg = d.get("algorithm", "?")
    if alg == "nms" and "alpha" in d:
        alg += " a=%g" % d["alpha"]
    elif alg == "oms" and "beta" in d:
        alg += " b=%g" % d["beta"]
    elif alg == "ems" and "ems_nm" in d:
        alg += " nm=%d" % d["ems_nm"]
    parts = [alg]
    if "schedule" in d:
        parts.append(d["schedule"])
    if "iterations" in d:
        parts.append("%d it" % d["iterations"])
    if p.get("precision"):
        parts.append(p["precision"])
    if p.get("backend"):
        parts.append(p["backend"])
    return ", ".join(parts)


def read_reference(path):
    """Two columns (Eb/N0 and a rate) of a text file; '#' starts a comment."""
    xs, ys = [], []
    try:
        with open(path) as f:
            for number, line in enumerate(f, 1):
                line = line.split("#", 1)[0].replace(",", " ").split()
                if not line:
                    continue
                if len(line) < 2:
                    fail("%s:%d: expected two columns (Eb/N0 and a rate)"
                         % (path, number))
                try:
                    x, y = float(line[0]), float(line[1])
                except ValueError:
                    fail("%s:%d: '%s' is not two numbers" % (path, number, " ".join(line)))
                xs.append(x)
                ys.append(y)
    except OSError as e:
        fail("%s: cannot read (%s)" % (path, e.strerror))
    if not xs:
        fail("%s: no data line" % path)
    return xs, ys


def q_function(x):
    """Q(x) = P(Z > x) for a standard normal Z."""
    return 0.5 * math.erfc(x / math.sqrt(2.0))


def uncoded_ber(ebn0_db):
    """BER of uncoded BPSK (and Gray QPSK) over AWGN: Q(sqrt(2 Eb/N0))."""
    return q_function(math.sqrt(2.0 * 10.0 ** (ebn0_db / 10.0)))


# Quadrature nodes over a standard normal Z: the trapezoid rule on [-12, 12]
# (the integrands are smooth, so it converges fast; the tails beyond are < 1e-32)
_Z_NODES = [-12.0 + 24.0 * i / 2400 for i in range(2401)]
_Z_WEIGHTS = [24.0 / 2400 * math.exp(-0.5 * z * z) / math.sqrt(2.0 * math.pi)
              * (0.5 if i in (0, 2400) else 1.0) for i, z in enumerate(_Z_NODES)]


def biawgn_information(esn0_db):
    """Capacity C (bits per channel use) and dispersion V (bits^2) of binary input
    over AWGN at Es/N0: the mean and variance of the information density
    i = 1 - log2(1 + exp(-2 y / s^2)), y = 1 + s z, s^2 = 1 / (2 Es/N0)."""
    s2 = 1.0 / (2.0 * 10.0 ** (esn0_db / 10.0))
    s = math.sqrt(s2)
    mean = second = 0.0
    for z, w in zip(_Z_NODES, _Z_WEIGHTS):
        a = -2.0 * (1.0 + s * z) / s2
        # log2(1 + e^a), without overflow for large a
        softplus = (a + math.log1p(math.exp(-a))) if a > 0 else math.log1p(math.exp(a))
        i = 1.0 - softplus / math.log(2.0)
        mean += w * i
        second += w * i * i
    return mean, max(second - mean * mean, 0.0)


def shannon_limit_db(rate):
    """The Eb/N0 (dB) at which the BI-AWGN capacity equals the rate (bisection)."""
    lo, hi = -10.0, 40.0
    for _ in range(80):
        mid = 0.5 * (lo + hi)
        esn0_db = mid + 10.0 * math.log10(rate)
        if biawgn_information(esn0_db)[0] < rate:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def normal_approximation_fer(ebn0_db, n, k):
    """FER of the best (n, k) binary code over BI-AWGN by the normal approximation:
    Q((n C - k + log2(n) / 2) / sqrt(n V)), C and V at Es/N0 = Eb/N0 + 10 log10(k/n)."""
    c, v = biawgn_information(ebn0_db + 10.0 * math.log10(float(k) / n))
    if v <= 0.0:
        return 0.0
    return q_function((n * c - k + 0.5 * math.log2(n)) / math.sqrt(n * v))


def code_lengths(points):
    """(n, k, rate) in bits of the code of a file's points, or None where unknown."""
    p = points[0]
    try:
        n, k, q = int(p["n"]), int(p["k"]), int(p.get("q", 2))
        rate = float(p.get("rate") or float(k) / n)
    except (KeyError, TypeError, ValueError):
        return None
    if n <= 0 or k <= 0 or not 0.0 < rate < 1.0:
        return None
    bits = max(1, int(round(math.log2(q)))) if q > 1 else 1
    return n * bits, k * bits, rate


def ebn0_grid(runs, margin=0.5, step=0.05):
    """Eb/N0 values across the files' points, with a margin either side."""
    xs = [p["ebn0_db"] for _, points in runs for p in points]
    lo, hi = min(xs) - margin, max(xs) + margin
    count = int(round((hi - lo) / step))
    return [lo + (hi - lo) * i / count for i in range(count + 1)]


def plot_theory(ax, runs, metric, args):
    """The reference lines of theory on one panel; returns whether it drew any."""
    drawn = False
    codes = []
    for _, points in runs:
        lengths = code_lengths(points)
        if lengths and lengths not in codes:
            codes.append(lengths)
    grid = ebn0_grid(runs)
    if metric == "ber" and not args.no_uncoded:
        ax.plot(grid, [uncoded_ber(x) for x in grid], color="gray", linestyle="-",
                linewidth=1, label="uncoded BPSK/QPSK")
        drawn = True
    for n, k, rate in codes:
        if not args.no_shannon:
            limit = shannon_limit_db(rate)
            ax.axvline(limit, color="gray", linestyle="--", linewidth=1,
                       label="BI-AWGN limit, R = %.4g (%.2f dB)" % (rate, limit))
            drawn = True
        if metric == "fer" and not args.no_normal_approximation:
            ax.plot(grid, [normal_approximation_fer(x, n, k) for x in grid],
                    color="gray", linestyle="-.", linewidth=1,
                    label="normal approx., (%d, %d)" % (n, k))
            drawn = True
    return drawn


def plot_metric(ax, runs, metric):
    """One panel: a curve per file, error bars from the intervals. The BER's error
    bars are drawn where the file has the interval over frames (bit_errors_sq):
    older files' ber_ci took the bits as independent. Returns whether a point
    without errors was drawn (as a triangle at its interval's upper end)."""
    zero_marked = False
    for label, points in runs:
        xs, ys, lo, hi, limit_x, limit_y = [], [], [], [], [], []
        for p in points:
            value = p[metric]
            ci = p.get(metric + "_ci") or [value, value]
            if metric == "ber" and "bit_errors_sq" not in p:
                ci = [value, value] if value > 0 else ci
            if value > 0:
                xs.append(p["ebn0_db"])
                ys.append(value)
                lo.append(max(value - ci[0], 0.0))
                hi.append(max(ci[1] - value, 0.0))
            elif ci[1] > 0:
                # no error seen: the interval's upper end as an upper limit
                limit_x.append(p["ebn0_db"])
                limit_y.append(ci[1])
        line = ax.errorbar(xs, ys, yerr=[lo, hi], marker="o", markersize=4,
                           capsize=3, label=label)
        if limit_x:
            ax.plot(limit_x, limit_y, linestyle="none", marker="v",
                    color=line[0].get_color(), markersize=5)
            zero_marked = True
    ax.set_yscale("log")
    ax.set_xlabel("Eb/N0 (dB)")
    ax.set_ylabel(metric.upper())
    ax.grid(True, which="both", linestyle=":", linewidth=0.5)
    return zero_marked


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's help with "Usage:" as the C++ apps write it (help2man reads it)."""

    def add_usage(self, usage, actions, groups, prefix=None):
        return super().add_usage(usage, actions, groups,
                                 "Usage: " if prefix is None else prefix)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="gpufec-plot", formatter_class=_HelpFormatter,
        description="BER/FER vs Eb/N0 from gpufec-ber --json files (95% intervals "
        "as error bars; a triangle marks the upper end of the interval of a point "
        "without errors), with reference lines: uncoded BPSK/QPSK BER, the BI-AWGN "
        "capacity limit of the code's rate, the normal approximation of the FER at "
        "the code's length.")
    parser.add_argument("json", nargs="+", help="gpufec-ber --json files")
    parser.add_argument("-o", "--output", default="ber_fer.png",
                        help="output file; .png, .svg or .pdf (default ber_fer.png)")
    parser.add_argument("--metric", choices=("both", "ber", "fer"), default="both",
                        help="what to plot (default both, side by side)")
    parser.add_argument("--reference", action="append", default=[], metavar="FILE",
                        help="a reference curve: two columns, Eb/N0 and the rate "
                        "(repeatable)")
    parser.add_argument("--reference-label", action="append", default=[],
                        metavar="TEXT", help="legend of each --reference, in order")
    parser.add_argument("--reference-metric", choices=("fer", "ber"), default="fer",
                        help="the panel the reference curves go to (default fer)")
    parser.add_argument("--label", action="append", default=[], metavar="TEXT",
                        help="legend of each JSON file, in order (default: its "
                        "decoder options)")
    parser.add_argument("--title", help="title (default: the code)")
    parser.add_argument("--no-uncoded", action="store_true",
                        help="no uncoded BPSK/QPSK BER line")
    parser.add_argument("--no-shannon", action="store_true",
                        help="no BI-AWGN capacity limit (vertical line)")
    parser.add_argument("--no-normal-approximation", action="store_true",
                        help="no normal approximation of the FER")
    parser.add_argument("--no-theory", action="store_true",
                        help="none of the three reference lines above")
    parser.add_argument("--dpi", type=int, default=150, help="PNG resolution")
    parser.add_argument("--version", action="version", version=version_text(),
                        help="print the program's name and version and exit")
    args = parser.parse_args(argv)
    if args.no_theory:
        args.no_uncoded = args.no_shannon = args.no_normal_approximation = True

    ext = os.path.splitext(args.output)[1].lower()
    if ext not in (".png", ".svg", ".pdf"):
        fail("--output %s: the extension must be .png, .svg or .pdf" % args.output)
    if len(args.reference_label) > len(args.reference):
        fail("--reference-label given %d times for %d --reference files"
             % (len(args.reference_label), len(args.reference)))
    if len(args.label) > len(args.json):
        fail("--label given %d times for %d JSON files" % (len(args.label), len(args.json)))

    runs = []
    codes = []
    for i, path in enumerate(args.json):
        points = load_points(path)
        if not points:
            fail("%s: no point" % path)
        code = points[0].get("code", "")
        if code not in codes:
            codes.append(code)
        label = args.label[i] if i < len(args.label) else decoder_label(points[0])
        runs.append((label, points))
    if len(codes) > 1:
        runs = [(("%s: %s" % (p[0].get("code", "?"), label)), p) for label, p in runs]
    labels = [label for label, _ in runs]
    runs = [((label + " (%s)" % os.path.basename(path)) if labels.count(label) > 1
             else label, p) for (label, p), path in zip(runs, args.json)]
    references = []
    for i, path in enumerate(args.reference):
        xs, ys = read_reference(path)
        label = (args.reference_label[i] if i < len(args.reference_label)
                 else os.path.basename(path))
        references.append((label, xs, ys))

    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        fail("needs matplotlib (Debian: apt-get install python3-matplotlib)")

    metrics = ["ber", "fer"] if args.metric == "both" else [args.metric]
    fig, axes = plt.subplots(1, len(metrics), figsize=(5.5 * len(metrics), 4.2),
                             squeeze=False)
    for ax, metric in zip(axes[0], metrics):
        zero_marked = plot_metric(ax, runs, metric)
        # the theory lines do not widen the axes beyond the simulated points
        ax.relim()
        ax.autoscale_view()
        ylim = ax.get_ylim()
        xlim = ax.get_xlim()
        theory = plot_theory(ax, runs, metric, args)
        if metric == args.reference_metric or len(metrics) == 1:
            for i, (label, xs, ys) in enumerate(references):
                ax.plot(xs, ys, linestyle=("--", ":", "-.")[i % 3], color="black",
                        linewidth=1, label=label)
        if theory:
            ax.set_ylim(ylim)
            ax.set_xlim(xlim)
        if zero_marked:
            ax.plot([], [], linestyle="none", marker="v", color="black", markersize=5,
                    label="no errors: 95% upper bound")
        ax.legend(fontsize="small")
    title = args.title if args.title is not None else ", ".join(c for c in codes if c)
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    try:
        fig.savefig(args.output, dpi=args.dpi)
    except OSError as e:
        fail("%s: cannot write (%s)" % (args.output, e.strerror))
    print("gpufec-plot: wrote %s" % args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
