#!/bin/sh
# The curves of docs/SIMULATOR.md "Reproducing the curves", on a GPU (gpufec-ber --backend cuda: the whole
# Monte-Carlo loop on the device). Writes one gpufec-ber JSON per curve to DIR
# (default curves/); gpufec-plot turns them into figures (docs/SIMULATOR.md).
#   sh scripts/reproduce_curves.sh [DIR]        (gpufec-ber on PATH)
# Each point stops at its frame-error count, its frame cap or MAXS seconds (6).
# DVBS2_PRECISIONS (default "float half2") picks the DVB-S2 min-sum precisions.
set -eu
dir=${1:-curves}
mkdir -p "$dir"
run() { # name, then gpufec-ber arguments
    name=$1
    shift
    gpufec-ber --backend cuda --max-seconds "${MAXS:-6}" --progress off --json "$dir/$name.json" "$@" |
        tail -n +2
}
W="--code wimax:2304:1/2 --schedule layered --iterations 40 --ebn0 1.0:2.25:0.25 --min-frame-errors 200 --max-frames 20000000"
# shellcheck disable=SC2086
run wimax_spa_40 $W --algorithm spa
# shellcheck disable=SC2086
run wimax_nms0875_40 $W --algorithm nms --alpha 0.875

D="--code dvbs2:normal:1/2 --schedule layered --iterations 50 --ebn0 0.8:1.4:0.1 --min-frame-errors 100 --max-frames 2000000"
for a in ms nms scms; do
    for p in ${DVBS2_PRECISIONS:-float half2}; do
        # shellcheck disable=SC2086
        run "dvbs2_${a}_${p}" $D --algorithm $a --precision $p
    done
done
# shellcheck disable=SC2086
run dvbs2_spa_float $D --algorithm spa

N="--code nbreg:32:620:3:6 --algorithm minmax --iterations 10 --ebn0 1.5:3.0:0.25 --min-frame-errors 100 --max-frames 2000000"
for s in flooding layered; do
    # shellcheck disable=SC2086
    run "nb_${s}" $N --schedule $s
done
