#!/bin/sh
# The curves of docs/SIMULATOR.md "Reproducing the curves", on a GPU (gpufec-ber
# --backend cuda: the whole Monte-Carlo loop on the device). Writes one gpufec-ber
# JSON per curve to DIR (default curves/); gpufec-plot turns them into figures
# (docs/SIMULATOR.md).
#   sh scripts/reproduce_curves.sh [DIR [GROUP...]]   (gpufec-ber on PATH)
# GROUP: wimax, dvbs2, dvbs2-spa, nb (default: all). Each point stops at its
# frame-error count, its frame cap or MAXS seconds (6); a sweep stops after the
# first point below STOP_FER (1e-6).
# DVBS2_PRECISIONS (default "float half2") picks the DVB-S2 min-sum precisions.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
dir=${1:-curves}
[ $# -gt 0 ] && shift
groups=${*:-wimax dvbs2 dvbs2-spa nb}
mkdir -p "$dir"
run() { # name, then gpufec-ber arguments
    name=$1
    shift
    gpufec-ber --backend cuda --max-seconds "${MAXS:-6}" --stop-fer "${STOP_FER:-1e-6}" \
        --progress off --json "$dir/$name.json" "$@" | tail -n +2
}
W="--code wimax:2304:1/2 --schedule layered --iterations 40 --ebn0 1.0:2.5:0.25"
W="$W --min-frame-errors 200 --max-frames 100000000"
D="--code dvbs2:normal:1/2 --schedule layered --iterations 50 --ebn0 0.6:2.4:0.1"
D="$D --min-frame-errors 100 --max-frames 20000000"
N="--code nbreg:32:620:3:6 --algorithm minmax --iterations 10 --ebn0 1.5:3.5:0.25"
N="$N --min-frame-errors 100 --max-frames 20000000"
for g in $groups; do
    case $g in
    wimax)
        # shellcheck disable=SC2086
        run wimax_spa_40 $W --algorithm spa
        # shellcheck disable=SC2086
        run wimax_nms0875_40 $W --algorithm nms --alpha 0.875
        ;;
    dvbs2)
        for a in ms nms scms; do
            for p in ${DVBS2_PRECISIONS:-float half2}; do
                # shellcheck disable=SC2086
                run "dvbs2_${a}_${p}" $D --algorithm $a --precision $p
            done
        done
        ;;
    dvbs2-spa)
        # shellcheck disable=SC2086
        run dvbs2_spa_float $D --algorithm spa
        ;;
    nb)
        for s in flooding layered; do
            # shellcheck disable=SC2086
            run "nb_${s}" $N --schedule $s
        done
        ;;
    *)
        echo "reproduce_curves.sh: unknown group '$g' (wimax, dvbs2, dvbs2-spa, nb)" >&2
        exit 2
        ;;
    esac
done
