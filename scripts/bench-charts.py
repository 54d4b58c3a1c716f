#!/usr/bin/python3
# Bar charts of decoder throughput from benchmark JSON: device-resident and
# host-fed information throughput per workload, min - max whiskers where known,
# the goal of each figure as a dashed mark, and the machine, driver and commit
# under the chart. Reads gpufec-bench --json files (one workload each) or table
# files of several rows with the same keys (docs/data/bench/*.json, transcribed
# from docs/BENCHMARKS.md). matplotlib only (Agg), any python3 that has it.
#   python3 scripts/bench-charts.py                     docs/figures/bench_gpu.png
#                                                       and bench_cpu.png from
#                                                       docs/data/bench/{gpu,cpu}_*.json
#   python3 scripts/bench-charts.py FILE... -o OUT.png [--title T]
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import glob
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODES = (("device_resident", "device-resident", "#4878a8"),
         ("host_fed", "host-fed", "#e0913a"))


def load(path):
    """(meta, rows) of a table file or of one gpufec-bench --json file."""
    with open(path) as f:
        d = json.load(f)
    if "rows" in d:
        return d, d["rows"]
    if d.get("program") != "gpufec-bench":
        sys.exit("bench-charts: %s: neither a table (rows) nor gpufec-bench --json output"
                 % path)
    row = dict(d)
    tuning = d.get("tuning") or {}
    row["label"] = "%s %s, %s in" % (d["code"], d["precision"], d["input"])
    row["kernel"] = tuning.get("kernel")
    meta = {"device": tuning.get("device_name") or "backend " + str(d.get("backend")),
            "cuda": d.get("cuda"), "source": d.get("command")}
    return meta, [row]


def footer(metas):
    """One line per distinct machine / commit, from the files' fields."""
    lines = []
    for m in metas:
        parts = [m.get("device")]
        if m.get("driver"):
            parts.append("driver " + m["driver"])
        if m.get("cuda") and "without" not in str(m["cuda"]):
            parts.append("CUDA " + str(m["cuda"]))
        if m.get("os"):
            parts.append(m["os"])
        if m.get("commit"):
            parts.append("commit " + m["commit"])
        if m.get("date"):
            parts.append(m["date"])
        line = ", ".join(str(p) for p in parts if p)
        if m.get("source"):
            line += "\n" + m["source"]
        if line and line not in lines:
            lines.append(line)
    return "\n".join(lines)


def chart(paths, out, title=None):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    metas, rows = [], []
    for p in paths:
        m, r = load(p)
        metas.append(m)
        rows.extend(r)
    if not rows:
        sys.exit("bench-charts: no rows in %s" % ", ".join(paths))
    modes = [m for m in MODES if any(r.get(m[0]) for r in rows)]
    top = max(max((r.get(k) or {}).get("gbps_max", (r.get(k) or {}).get("gbps_median", 0)),
                  (r.get("goal_gbps") or {}).get(k, 0))
              for r in rows for k, _, _ in modes)
    scale, unit = (1e3, "Mbps") if top < 1.0 else (1.0, "Gbps")

    n = len(rows)
    height = 0.8 / len(modes)
    fig, ax = plt.subplots(figsize=(10, 1.2 + 0.42 * n * len(modes) ** 0.5 + 0.5))
    goal_drawn = False
    for i, row in enumerate(rows):
        y0 = n - 1 - i  # first row on top
        for j, (key, name, color) in enumerate(modes):
            y = y0 + (len(modes) - 1) / 2 * height - j * height
            fig_ = row.get(key)
            if not fig_:
                ax.text(0, y, "  not measured", va="center", fontsize=7, color="#888888")
                continue
            v = fig_["gbps_median"] * scale
            err = None
            if "gbps_min" in fig_ and "gbps_max" in fig_:
                err = [[v - fig_["gbps_min"] * scale], [fig_["gbps_max"] * scale - v]]
            ax.barh(y, v, height=height * 0.92, color=color, xerr=err,
                    error_kw={"elinewidth": 0.8, "capsize": 2, "ecolor": "#333333"},
                    label=name if i == 0 or not any(rows[k].get(key) for k in range(i))
                    else None)
            right = fig_.get("gbps_max", fig_["gbps_median"]) * scale
            ax.text(right + top * scale * 0.01, y, ("%.1f" if unit == "Mbps" else "%.2f") % v,
                    va="center", fontsize=7)
            goal = (row.get("goal_gbps") or {}).get(key)
            if goal:
                g = goal * scale
                ax.plot([g, g], [y - height / 2, y + height / 2], color="black",
                        linestyle=(0, (2, 1)), linewidth=1.2,
                        label=None if goal_drawn else "goal")
                goal_drawn = True
    ax.set_yticks(range(n))
    ax.set_yticklabels([r["label"] for r in reversed(rows)], fontsize=8)
    ax.set_xlabel("information throughput (%s); median, min - max whiskers" % unit,
                  fontsize=8)
    ax.set_xlim(0, top * scale * 1.12)
    ax.tick_params(axis="x", labelsize=8)
    ax.grid(axis="x", color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)
    ax.legend(fontsize=8, loc="lower right", framealpha=0.9)
    ax.set_title(title or " / ".join(dict.fromkeys(m.get("title", "") for m in metas
                                                    if m.get("title"))) or None,
                 fontsize=10)
    text = footer(metas)
    fig.tight_layout(rect=(0, (0.3 + 0.12 * text.count("\n")) / fig.get_figheight(), 1, 1))
    fig.text(0.01, 0.01, text, fontsize=6.5, color="#444444", va="bottom")
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    fig.savefig(out, dpi=110, metadata={"Software": None})
    plt.close(fig)
    print("%s -> %s (%d KB)" % (", ".join(os.path.relpath(p) for p in paths),
                                os.path.relpath(out), (os.path.getsize(out) + 512) // 1024))


def main():
    p = argparse.ArgumentParser(description="Bar charts of gpufec-bench throughput.")
    p.add_argument("files", nargs="*",
                   help="gpufec-bench --json files or table files (default: the two "
                        "charts of docs/figures from docs/data/bench)")
    p.add_argument("-o", "--output", help="the chart (.png, .svg, .pdf)")
    p.add_argument("--title", help="the chart's title (default: the files' titles)")
    args = p.parse_args()
    if args.files:
        if not args.output:
            p.error("-o OUT is needed with files")
        chart(args.files, args.output, args.title)
        return 0
    data = os.path.join(ROOT, "docs", "data", "bench")
    figures = os.path.join(ROOT, "docs", "figures")
    for kind in ("gpu", "cpu"):
        files = sorted(glob.glob(os.path.join(data, kind + "_*.json")))
        if not files:
            sys.exit("bench-charts: no %s_*.json in %s" % (kind, data))
        chart(files, os.path.join(figures, "bench_%s.png" % kind))
    return 0


if __name__ == "__main__":
    sys.exit(main())
