#!/bin/sh
# The GNU Radio flowgraph measurements of docs/BENCHMARKS.md ("The blocks in a
# flowgraph on the GPU"), run on the GPU machine after a GNU Radio-mode build:
# precomputed noisy LLRs -> our decoder (backend cuda) -> null sink, each run
# SECONDS long, with GNU Radio's own ceiling (a trivial block in the decoder's
# place) beside the stream block's rows:
#   wimax:2304:1/2 and dvbs2:normal:1/2, float and int8 LLRs, stream block;
#   gr-fec's FEC Extended Decoder, capillary threading, 4 of our FECAPI objects;
#   four stream blocks in one flowgraph sharing the GPU;
#   one frame's latency through the stream block (p50, p99);
#   the stream block rows again with frame_tags off (GNU Radio's tag handling
#   apart from the block's own work).
# JSON per row in $OUT (or /tmp/flowgraph-bench).
#   GPUFEC_GNURADIO=1 sh .ci/device-run 'sh scripts/device-flowgraph-bench.sh build-gpu-gr'
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
build=${1:-build-gpu-gr}
seconds=${SECONDS_PER_RUN:-10}
reps=${REPS:-2}
out=${OUT:-/tmp/flowgraph-bench}
mkdir -p "$out"
export PYTHONPATH="$build/python${PYTHONPATH:+:$PYTHONPATH}"
row() { # NAME ARGS...
    name=$1
    shift
    t0=$(date +%s)
    python3 scripts/flowgraph_bench.py --backend cuda --seconds "$seconds" --reps "$reps" \
        --json "$out/$name.json" "$@" >"$out/$name.log" 2>&1 ||
        { echo "$name: failed"; tail -5 "$out/$name.log"; return 0; }
    python3 - "$out/$name.json" "$name" "$(($(date +%s) - t0))" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
line = "%-16s %s: %s Mbps (runs %s)" % (sys.argv[2], r["backend"],
        r["decoder_info_mbps_median"], r["decoder_info_mbps"])
if "copy_info_mbps_median" in r:
    line += ", copy %s Mbps, %.0f%% of copy" % (r["copy_info_mbps_median"],
                                                100 * r["fraction_of_copy"])
if "latency_us_p50" in r:
    line += ", 1 frame p50 %s us p99 %s us" % (r["latency_us_p50"], r["latency_us_p99"])
print(line + " [%s s]" % sys.argv[3])
EOF
}
fpc=${FRAMES_PER_CALL:-4096}
row wimax_float --code wimax:2304:1/2 --frames-per-call "$fpc"
row wimax_int8 --code wimax:2304:1/2 --input int8 --frames-per-call "$fpc"
row dvbs2_float --code dvbs2:normal:1/2 --frames-per-call 1024 --source-frames 64 \
    --latency-frames 200
row dvbs2_int8 --code dvbs2:normal:1/2 --input int8 --frames-per-call 1024 \
    --source-frames 64 --no-copy --latency-frames 0
row fecapi_capillary --code wimax:2304:1/2 --fecapi extended --threading capillary \
    --decoders 4 --fecapi-frames 1024 --no-copy
row four_blocks --code wimax:2304:1/2 --chains 4 --frames-per-call 2048 --no-copy \
    --latency-frames 0
row wimax_float_notags --code wimax:2304:1/2 --frames-per-call "$fpc" --frame-tags off \
    --no-copy --latency-frames 0
row wimax_int8_notags --code wimax:2304:1/2 --input int8 --frames-per-call "$fpc" \
    --frame-tags off --no-copy --latency-frames 0
row dvbs2_int8_notags --code dvbs2:normal:1/2 --input int8 --frames-per-call 1024 \
    --source-frames 64 --frame-tags off --no-copy --latency-frames 0
