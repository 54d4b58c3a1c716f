#!/usr/bin/env python3
#
# gpufec-plot: BER / FER vs Eb/N0 curves of one or more JSON files written by
# gpufec-ber --json (or gpufec.simulate() lists saved with json.dump), on a log
# scale with error bars from the points' 95% Wilson intervals and legends from
# the decoder options each file records; --reference overlays curves from
# two-column text files (Eb/N0, rate). The output format follows the file's
# extension (.png, .svg, .pdf). Needs matplotlib only (python3-matplotlib).
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""Plot BER/FER curves from gpufec-ber JSON files."""

import argparse
import json
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


def plot_metric(ax, runs, metric):
    """One panel: a curve per file, error bars from the intervals."""
    for label, points in runs:
        xs, ys, lo, hi, limit_x, limit_y = [], [], [], [], [], []
        for p in points:
            value = p[metric]
            ci = p.get(metric + "_ci") or [value, value]
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
    ax.set_yscale("log")
    ax.set_xlabel("Eb/N0 (dB)")
    ax.set_ylabel(metric.upper())
    ax.grid(True, which="both", linestyle=":", linewidth=0.5)


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's help with "Usage:" as the C++ apps write it (help2man reads it)."""

    def add_usage(self, usage, actions, groups, prefix=None):
        return super().add_usage(usage, actions, groups,
                                 "Usage: " if prefix is None else prefix)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="gpufec-plot", formatter_class=_HelpFormatter,
        description="BER/FER vs Eb/N0 from gpufec-ber --json files (95% Wilson "
        "intervals as error bars; a triangle marks the upper end of a point "
        "without errors).")
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
    parser.add_argument("--dpi", type=int, default=150, help="PNG resolution")
    parser.add_argument("--version", action="version", version=version_text(),
                        help="print the program's name and version and exit")
    args = parser.parse_args(argv)

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
        plot_metric(ax, runs, metric)
        if metric == args.reference_metric or len(metrics) == 1:
            for i, (label, xs, ys) in enumerate(references):
                ax.plot(xs, ys, linestyle=("--", ":", "-.")[i % 3], color="black",
                        linewidth=1, label=label)
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
