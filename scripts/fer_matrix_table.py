#!/usr/bin/env python3
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
"""Turns the lines qa_fer_matrix / qa_cuda_fer_matrix print into the Markdown
table of docs/data/fer_matrix.md: one row per code, schedule and rule,
frame errors of the float reference at E - 0.1 dB and of each narrow variant at
E (ET on / ET off), and whether every variant passed the paired 0.1 dB rule.

    build/lib/qa_fer_matrix | scripts/fer_matrix_table.py
"""
import re
import sys

LINE = re.compile(
    r"^\.?(?P<spec>\S+)\s+(?P<sched>layered|flooding)\s+(?P<rule>\S+)\s+(?P<what>.+?)\s+"
    r"ET (?P<et>on|off)\s+E (?P<e>[0-9.]+) dB\s+frames\s+(?P<frames>\d+)\s+"
    r"float\(E-0\.1\)\s+(?P<ref>\d+) \(\s*\d+ bits\)\s+narrow\(E\)\s+(?P<nar>\d+) "
    r"\(\s*\d+ bits\)\s+b\s+\d+ c\s+\d+\s+(?P<verdict>.+)$")


def main():
    rows, variants = {}, []
    for text in sys.stdin:
        m = LINE.match(text.rstrip("\n"))
        if not m:
            continue
        key = (m["spec"], m["sched"], m["rule"])
        row = rows.setdefault(key, {"e": m["e"], "frames": m["frames"], "ref": {},
                                    "nar": {}, "ok": True})
        row["ref"][m["et"]] = m["ref"]
        row["nar"][(m["what"], m["et"])] = m["nar"]
        row["ok"] = row["ok"] and m["verdict"] == "ok"
        if m["what"] not in variants:
            variants.append(m["what"])
    head = ["code", "schedule", "rule", "E (dB)", "frames", "float at E-0.1 (ET on/off)"]
    head += [f"{v} at E (on/off)" for v in variants] + ["within 0.1 dB"]
    print("| " + " | ".join(head) + " |")
    print("|" + " --- |" * len(head))
    for (spec, sched, rule), r in rows.items():
        cells = [spec, sched, rule, r["e"], r["frames"],
                 f"{r['ref'].get('on', '-')} / {r['ref'].get('off', '-')}"]
        for v in variants:
            cells.append(f"{r['nar'].get((v, 'on'), '-')} / {r['nar'].get((v, 'off'), '-')}")
        cells.append("yes" if r["ok"] else "**no**")
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
