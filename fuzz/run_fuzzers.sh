#!/bin/sh
# Runs each libFuzzer harness of fuzz/ for a given time, seeded from the public
# matrices of ../shared/refcodes (or $GPUFEC_REFCODES_DIR), the regression files
# of fuzz/regressions and the dictionary fuzz/gpufec.dict. A crash, sanitizer
# report, leak, input slower than 1 s or allocation over 1 GiB fails the run
# (exit status 1) and leaves the reproducer in <build>/fuzz-out/<harness>/.
#
#   fuzz/run_fuzzers.sh BUILD_DIR [SECONDS_EACH [HARNESS ...]]
#
# BUILD_DIR is a build configured with -DGPUFEC_FUZZ=ON (clang) and built with
# its target `fuzzers`. Default: 30 s each, every harness.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:?usage: run_fuzzers.sh BUILD_DIR [SECONDS_EACH [HARNESS ...]]}" && pwd)
seconds=${2:-30}
[ $# -ge 2 ] && shift 2 || shift $#
harnesses=${*:-fuzz_alist fuzz_qc fuzz_nb_auto fuzz_nb_mackay fuzz_nb_rptu fuzz_nb_labsticc fuzz_code_spec fuzz_decoder_input}
refcodes=${GPUFEC_REFCODES_DIR:-$here/../../shared/refcodes}
out=$build/fuzz-out
mkdir -p "$out"

# seeds: matrix files of at most 256 KiB (larger ones slow every mutation down)
seed_dir() { # $1 harness, $2 folder to fill
    mkdir -p "$2"
    case $1 in
    fuzz_alist) pattern='*.alist' ;;
    fuzz_qc) pattern='*.qc' ;;
    fuzz_nb_*) pattern='*' ;;
    *) pattern='' ;;
    esac
    if [ -n "$pattern" ] && [ -d "$refcodes" ]; then
        find "$refcodes" -type f -name "$pattern" -size -256k \
            ! -name '*.md' ! -name '*.tsv' ! -name '*.csv' |
            while read -r f; do
                cp "$f" "$2/$(echo "$f" | md5sum | cut -c1-16)"
            done
    fi
    case $1 in
    fuzz_qc) cp "$here"/regressions/*.qc "$2/" ;;
    fuzz_nb_*) cp "$here"/regressions/nb_*.txt "$2/" ;;
    fuzz_code_spec)
        cp "$here"/regressions/spec_*.txt "$2/"
        for s in wifi:648:1/2 wimax:2304:5/6 nr5g:bg1:384 nr5g:bg2:2 dvbs2:short:1/2 \
            nbqc:16:2:3 nbreg:16:96:2:4 nbreg:64:1000:2:4:7; do
            printf '%s' "$s" >"$2/$(printf '%s' "$s" | md5sum | cut -c1-16)"
        done ;;
    fuzz_decoder_input)
        head -c 4104 /dev/urandom >"$2/random" ;;
    esac
}

status=0
total_start=$(date +%s)
for h in $harnesses; do
    bin=$build/fuzz/$h
    [ -x "$bin" ] || { echo "run_fuzzers: $bin not built" >&2; exit 2; }
    seeds=$out/$h/seeds
    corpus=$out/$h/corpus
    rm -rf "$seeds"
    seed_dir "$h" "$seeds"
    mkdir -p "$corpus"
    start=$(date +%s)
    set +e
    # -rss_limit_mb: ASan's own memory counts; -malloc_limit_mb: one allocation
    ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=0 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$bin" -max_total_time="$seconds" -timeout=1 -malloc_limit_mb=1024 \
        -rss_limit_mb=3072 -max_len=65536 -dict="$here/gpufec.dict" \
        -artifact_prefix="$out/$h/" -print_final_stats=1 \
        "$corpus" "$seeds" >"$out/$h/log.txt" 2>&1
    rc=$?
    set -e
    end=$(date +%s)
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$out/$h/log.txt" | grep -o '[0-9]*$' || true)
    if [ $rc -eq 0 ]; then
        echo "fuzz: $h ok (${runs:-?} runs, $((end - start)) s)"
    else
        echo "fuzz: $h FAILED (exit $rc, $((end - start)) s); reproducer(s):"
        ls "$out/$h/" | grep -E '^(crash|leak|timeout|oom|slow-unit)-' | sed "s|^|  $out/$h/|" || true
        tail -40 "$out/$h/log.txt"
        status=1
    fi
done
echo "fuzz: total $(($(date +%s) - total_start)) s"
exit $status
