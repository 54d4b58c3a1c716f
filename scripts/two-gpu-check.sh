#!/bin/sh
# The simulator on two GPUs of one host against one GPU: for each code, the same
# sweep (same seed, same frame total, no stop on frame errors) with --devices 0,
# --devices all and, when MPI was built, mpirun -np 2 (one rank per GPU); checks
# that the three give the same counts and prints each run's information
# throughput and the speedups. Run on the GPU machine after .ci/device-run:
#   sh scripts/two-gpu-check.sh BUILD [MPIRUN]
# (GPUFEC_BER_ARGS: more gpufec-ber options for every run, e.g. --batch N)
# (BUILD: the build folder, e.g. build-gpu; MPIRUN: the mpirun to use, default
# mpirun on PATH). Exits nonzero when the counts differ.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
build=$1
mpirun=${2:-mpirun}
ber=$build/apps/gpufec-ber
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader
status=0
summary() { # JSON -> "frames frame_errors bit_errors throughput_Gbps"
    python3 - "$1" <<'EOF'
import json, sys
p = json.load(open(sys.argv[1]))
p = p if isinstance(p, list) else [p]
f = sum(x["frames"] for x in p)
fe = sum(x["frame_errors"] for x in p)
be = sum(x["bit_errors"] for x in p)
bits = sum(x["info_bits"] for x in p)
sec = sum(x["seconds"] for x in p)
print(f, fe, be, "%.3f" % (bits / sec / 1e9))
EOF
}
while IFS='|' read -r name args; do
    [ -n "$name" ] || continue
    # shellcheck disable=SC2086
    common="$args --backend cuda --precision half2 --input int8 --seed 7 --min-frame-errors 0 --progress off ${GPUFEC_BER_ARGS:-}"
    # shellcheck disable=SC2086
    "$ber" $common --devices 0 --json "$tmp/$name.one.json" >"$tmp/$name.one.log" </dev/null
    # shellcheck disable=SC2086
    "$ber" $common --devices all --json "$tmp/$name.two.json" >"$tmp/$name.two.log" </dev/null
    one=$(summary "$tmp/$name.one.json")
    two=$(summary "$tmp/$name.two.json")
    echo "$name one GPU : frames frame_errors bit_errors Gbps = $one"
    echo "$name two GPUs: frames frame_errors bit_errors Gbps = $two"
    if [ "${one% *}" != "${two% *}" ]; then
        echo "$name: counts differ between one and two GPUs"
        status=1
    fi
    if command -v "$mpirun" >/dev/null 2>&1 && ldd "$ber" | grep -q libmpi; then
        # shellcheck disable=SC2086
        "$mpirun" --allow-run-as-root --oversubscribe -np 2 "$ber" $common \
            --json "$tmp/$name.mpi.json" >"$tmp/$name.mpi.log" 2>&1 </dev/null ||
            { tail -20 "$tmp/$name.mpi.log"; status=1; }
        if [ -f "$tmp/$name.mpi.json" ]; then
            mpi=$(summary "$tmp/$name.mpi.json")
            echo "$name mpirun -np 2: frames frame_errors bit_errors Gbps = $mpi"
            [ "${one% *}" = "${mpi% *}" ] || { echo "$name: MPI counts differ"; status=1; }
        fi
    fi
    python3 -c "import sys; a=float(sys.argv[1]); b=float(sys.argv[2]); print('$name speedup, two GPUs / one: %.3f' % (b / a))" \
        "${one##* }" "${two##* }"
done <<'ROWS'
wimax|--code wimax:2304:1/2 --algorithm nms --iterations 10 --ebn0 2.0 --max-frames 200000000
dvbs2|--code dvbs2:normal:1/2 --algorithm nms --iterations 10 --ebn0 1.0 --max-frames 3000000
ROWS
exit $status
