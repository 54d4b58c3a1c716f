#!/bin/sh
# Before/after benchmark of two builds on one GPU, rows interleaved: each row of
# the GPU benchmark table (wimax f32 / half2 / int8 input, nr5g and DVB-S2 half2,
# nonbinary flooding and layered) runs with build A, build B, A, B, so that both
# see the same clock and thermal state. Prints one line per row: both runs of
# each build and the ratio B / A of the means. gpufec-bench's device-resident
# median of --reps runs is the figure (nonbinary: host-fed Mbps, as the decoder
# reports it). The method is docs/BENCHMARKS.md's "before and after" tables.
#   sh scripts/bench-ab.sh BUILD_A BUILD_B [REPS]
# e.g. on the GPU machine, two trees built by .ci/device-run:
#   sh scripts/bench-ab.sh .wt/before/build-gpu .wt/after/build-gpu
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
a=$1
b=$2
reps=${3:-10}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
figure() { # JSON file -> Gbps (device-resident) or Mbps (host-fed, nonbinary)
    python3 - "$1" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
d = r.get("device_resident") or {}
if d.get("gbps_median"):
    print("%.3f" % d["gbps_median"])
else:
    print("%.2f" % (1000.0 * r["host_fed"]["gbps_median"]))
EOF
}
printf '%-9s %-18s %-18s %s\n' row "A (two runs)" "B (two runs)" "B/A"
while IFS='|' read -r name args; do
    [ -n "$name" ] || continue
    for run in 1 2; do
        for side in A B; do
            if [ $side = A ]; then dir=$a; else dir=$b; fi
            # shellcheck disable=SC2086
            "$dir/apps/gpufec-bench" $args --reps "$reps" --latency-samples 0 \
                --json "$tmp/$name.$side.$run.json" >"$tmp/$name.$side.$run.log" 2>&1 </dev/null ||
                { echo "$name: gpufec-bench failed (build $side)"; tail -5 "$tmp/$name.$side.$run.log"; exit 1; }
        done
    done
    a1=$(figure "$tmp/$name.A.1.json"); a2=$(figure "$tmp/$name.A.2.json")
    b1=$(figure "$tmp/$name.B.1.json"); b2=$(figure "$tmp/$name.B.2.json")
    ratio=$(python3 -c "print('%.3f' % (($b1 + $b2) / ($a1 + $a2)))")
    printf '%-9s %-18s %-18s %s\n' "$name" "$a1, $a2" "$b1, $b2" "$ratio"
done <<'ROWS'
w_f|--code wimax:2304:1/2 --mode device
w_h2|--code wimax:2304:1/2 --precision half2 --mode device
w_h2_i8|--code wimax:2304:1/2 --precision half2 --input int8 --mode device
w_f_i8|--code wimax:2304:1/2 --input int8 --mode device
nr5g_h2|--code nr5g:bg1:384 --precision half2 --mode device
dvbs2_h2|--code dvbs2:normal:1/2 --precision half2 --mode device
nb_flood|--code nbreg:32:620:3:6 --algorithm minmax --schedule flooding
nb_layer|--code nbqc:32:3:24 --algorithm minmax --schedule layered
ROWS
