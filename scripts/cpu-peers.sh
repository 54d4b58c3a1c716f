#!/bin/bash
# Side-by-side CPU comparison with the peers: builds AFF3CT (its simulator, every
# precision) and xdsopl's LDPC decoder (the one gr-dvbs2rx uses) OUTSIDE this tree,
# then runs gpufec-bench and the peers interleaved (ours, peer, ours, ...), each run
# only when the load average is low, and prints every figure and the medians.
# Nothing of the peers is committed: sources, builds and the small xdsopl harness
# written here live under the peers directory. Not run by CI.
#
#   scripts/cpu-peers.sh [--dir DIR] [--bench PATH] [--runs N] [--build-only]
#                        [--cases LIST] [--max-load L]
#     --dir DIR      where the peers are cloned and built
#                    (default ${XDG_CACHE_HOME:-$HOME/.cache}/gpufec-peers)
#     --bench PATH   our gpufec-bench (default build-split/apps/gpufec-bench)
#     --runs N       runs of each side per case, interleaved (default 5)
#     --cases LIST   comma-separated, from: int8,int16,float,dvbs2,latency,fer
#                    (default all)
#     --max-load L   wait (up to --max-wait seconds, then warn and run) until the
#                    1-minute load average is below L before each run
#                    (default: 0.75 x the core count)
#     --max-wait S   (default 60)
#   Sources: the local git mirrors under $GPUFEC_PEERS_MIRROR (default /work/.mirror,
#   owner+name/repo) where present, else GitHub.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
dir=${XDG_CACHE_HOME:-$HOME/.cache}/gpufec-peers
bench=$here/build-split/apps/gpufec-bench
runs=5
build_only=0
cases=int8,int16,float,dvbs2,latency,fer
cores=$(nproc)
max_load=$(awk -v c="$cores" 'BEGIN { printf "%.2f", c * 0.75 }')
max_wait=60
mirror=${GPUFEC_PEERS_MIRROR:-/work/.mirror}
aff3ct_rev=v3.0.2
while [ $# -gt 0 ]; do
    case $1 in
    --dir) dir=$2; shift 2 ;;
    --bench) bench=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --cases) cases=$2; shift 2 ;;
    --max-load) max_load=$2; shift 2 ;;
    --max-wait) max_wait=$2; shift 2 ;;
    --build-only) build_only=1; shift ;;
    -h | --help) sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "cpu-peers.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

# the source of owner/name: the local mirror when there is one, else GitHub
source_of() {
    local m=$mirror/${1/\//+}/repo
    if [ -d "$m" ]; then echo "$m"; else echo "https://github.com/$1.git"; fi
}

build_aff3ct() {
    local src=$dir/aff3ct
    if [ ! -d "$src/.git" ]; then
        git clone -q "$(source_of aff3ct/aff3ct)" "$src"
        git -C "$src" checkout -q "$aff3ct_rev"
        # the submodules the simulator needs (conf and refs are not: the matrices
        # come from gpufec-bench --export-alist below)
        local sub repo
        for sub in lib/MIPP:aff3ct/MIPP lib/cli:aff3ct/cli lib/rang:agauniyal/rang \
            lib/date:HowardHinnant/date; do
            repo=${sub#*:}
            sub=${sub%%:*}
            git -C "$src" config "submodule.$sub.url" "$(source_of "$repo")"
            git -C "$src" -c protocol.file.allow=always submodule update -q --init -- "$sub"
        done
        # cli carries its own rang
        git -C "$src/lib/cli" config submodule.lib/rang.url "$(source_of agauniyal/rang)"
        git -C "$src/lib/cli" -c protocol.file.allow=always submodule update -q --init -- lib/rang
    fi
    if ! ls "$src"/build/bin/aff3ct-* >/dev/null 2>&1; then
        # AFF3CT's own recommended flags (README): its SIMD width is the build's.
        # -faligned-new: AFF3CT builds as C++11, where its factory leaves out the
        # generic inter-frame layered decoder (#ifdef __cpp_aligned_new) and takes
        # the ONMS one, which refuses 8-bit fixed point
        cmake -S "$src" -B "$src/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
            -DCMAKE_CXX_FLAGS="-funroll-loops -march=native -faligned-new" \
            -DAFF3CT_COMPILE_EXE=ON -DAFF3CT_COMPILE_STATIC_LIB=OFF \
            -DAFF3CT_COMPILE_SHARED_LIB=OFF -DAFF3CT_EXT_STRINGS=OFF >/dev/null
        # niced: a long build (a few hundred heavy files) that yields to the runs
        nice -n 19 cmake --build "$src/build" -j "$cores"
    fi
}

build_xdsopl() {
    local src=$dir/xdsopl-ldpc
    [ -d "$src/.git" ] || git clone -q "$(source_of xdsopl/LDPC)" "$src"
    write_xdsopl_harness "$dir/xdsopl-bench.cc"
    if [ ! -x "$dir/xdsopl-bench" ] || [ "$dir/xdsopl-bench.cc" -nt "$dir/xdsopl-bench" ]; then
        # the flags gr-dvbs2rx builds it with (its CMake: -O3 plus the machine's ISA)
        nice -n 19 g++ -std=c++17 -O3 -march=native -ffast-math -I"$src" "$dir/xdsopl-bench.cc" \
            -o "$dir/xdsopl-bench" -pthread
    fi
}

# The harness around xdsopl's layered decoder: DVB-S2 normal 1/2, int8, offset
# min-sum (FACTOR 2: offset 1 in the LLR scale 2), the decoder's own stop rule
# (early termination), T threads each with its own decoder over its share of the
# frames; BPSK over AWGN at Eb/N0; prints information Mbps, FER and iterations.
write_xdsopl_harness() {
    cat >"$1.tmp" <<'EOF'
// <complex> first: generic.hh's std::abs<int16_t>(int8_t) needs the std::abs
// template that <complex> declares (gr-dvbs2rx's copy builds the same way)
#include <complex>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <thread>
#include <vector>
#include "simd.hh"
#include "algorithms.hh"
#include "layered_decoder.hh"
#include "encoder.hh"
#include "dvb_s2_tables.hh"
typedef int8_t code_type;
#if defined(__AVX2__)
const int SIMD_WIDTH = 32;
#else
const int SIMD_WIDTH = 16;
#endif
typedef SIMD<code_type, SIMD_WIDTH> simd_type;
const int FACTOR = 2;
typedef NormalUpdate<simd_type> update_type;
typedef OffsetMinSumAlgorithm<simd_type, update_type, FACTOR> algorithm_type;
int main(int argc, char **argv)
{
	if (argc != 6) {
		std::fprintf(stderr, "usage: xdsopl-bench EBN0 FRAMES THREADS TRIALS REPS\n");
		return 2;
	}
	const float ebn0 = std::atof(argv[1]);
	const int frames = std::atoi(argv[2]), threads = std::atoi(argv[3]);
	const int trials = std::atoi(argv[4]), reps = std::atoi(argv[5]);
	LDPC<DVB_S2_TABLE_B4> ldpc; // normal 1/2 (EN 302 307-1 table B.4)
	const int N = ldpc.code_len(), K = ldpc.data_len();
	LDPCEncoder<code_type> enc;
	enc.init(&ldpc);
	const float rate = float(K) / N;
	const float sigma = std::sqrt(1 / (2 * rate * std::pow(10.f, ebn0 / 10)));
	std::vector<code_type> orig(size_t(frames) * N), llr(size_t(frames) * N);
	std::mt19937 gen(1);
	std::normal_distribution<float> awgn(0, sigma);
	for (int f = 0; f < frames; ++f) {
		code_type *c = &orig[size_t(f) * N];
		for (int i = 0; i < K; ++i)
			c[i] = (gen() & 1) ? -1 : 1;
		enc(c, c + K);
		for (int i = 0; i < N; ++i) {
			float y = c[i] + awgn(gen);
			float l = std::nearbyint(FACTOR * 2 * y / (sigma * sigma));
			llr[size_t(f) * N + i] = code_type(std::min(127.f, std::max(-128.f, l)));
		}
	}
	std::vector<code_type> out(llr.size());
	std::vector<double> mbps;
	long iters = 0;
	for (int r = 0; r < reps; ++r) {
		std::atomic<int> next(0);
		std::atomic<long> it(0);
		auto t0 = std::chrono::steady_clock::now();
		std::vector<std::thread> pool;
		for (int t = 0; t < threads; ++t)
			pool.emplace_back([&] {
				LDPCDecoder<simd_type, algorithm_type> dec;
				dec.init(&ldpc);
				std::vector<simd_type> buf(N);
				for (int j; (j = next.fetch_add(SIMD_WIDTH)) < frames;) {
					int blocks = std::min(SIMD_WIDTH, frames - j);
					for (int n = 0; n < blocks; ++n)
						for (int i = 0; i < N; ++i)
							reinterpret_cast<code_type *>(&buf[i])[n] = llr[size_t(j + n) * N + i];
					int left = dec(buf.data(), buf.data() + K, trials, blocks);
					it += long(blocks) * (left < 0 ? trials : trials - left);
					for (int n = 0; n < blocks; ++n)
						for (int i = 0; i < N; ++i)
							out[size_t(j + n) * N + i] = reinterpret_cast<code_type *>(&buf[i])[n];
				}
			});
		for (auto &p : pool)
			p.join();
		double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
		mbps.push_back(double(frames) * K / s / 1e6);
		iters = it;
	}
	int ferr = 0;
	for (int f = 0; f < frames; ++f)
		for (int i = 0; i < K; ++i)
			if ((out[size_t(f) * N + i] < 0) != (orig[size_t(f) * N + i] < 0)) {
				++ferr;
				break;
			}
	std::sort(mbps.begin(), mbps.end());
	std::printf("xdsopl dvbs2 normal 1/2 int8 oms: median %.1f Mbps (min %.1f, max %.1f), "
		    "FER %d/%d = %.3g, %.2f iterations per frame, simd width %d\n",
		    mbps[mbps.size() / 2], mbps.front(), mbps.back(), ferr, frames,
		    double(ferr) / frames, double(iters) / frames, SIMD_WIDTH);
}
EOF
    if cmp -s "$1.tmp" "$1"; then rm "$1.tmp"; else mv "$1.tmp" "$1"; fi
}

# wimax:2304:1/2 as an alist for AFF3CT (our matrix, rows in layer order, so both
# decoders run the same layered schedule), written by a small program on libgpufec
export_alist() {
    local lib
    lib=$(cd "$(dirname "$bench")/.." && pwd)/lib
    cat >"$dir/gpufec-alist.cc" <<'EOF'
#include <gpufec/ldpc_code.h>
#include <gpufec/matrix_files.h>
int main(int, char** argv)
{
    gpufec::write_alist(gpufec::ldpc_code::make(argv[1])->h(), argv[2]);
}
EOF
    g++ -std=c++17 -O1 -I"$here/include" "$dir/gpufec-alist.cc" -o "$dir/gpufec-alist" \
        -L"$lib" -lgpufec -Wl,-rpath,"$lib"
    "$dir/gpufec-alist" wimax:2304:1/2 "$dir/wimax_2304_1_2.alist"
}

build_aff3ct
build_xdsopl
[ "$build_only" = 1 ] && exit 0
export_alist
aff3ct=$(ls "$dir"/aff3ct/build/bin/aff3ct-* | tail -n 1)

# waits until the 1-minute load average is below max_load (at most max_wait s)
wait_load() {
    local t=0 l
    while :; do
        l=$(cut -d' ' -f1 /proc/loadavg)
        awk -v l="$l" -v m="$max_load" 'BEGIN { exit !(l < m) }' && break
        if [ "$t" -ge "$max_wait" ]; then
            echo "  warning: load average $l >= $max_load after ${max_wait} s; running anyway" >&2
            break
        fi
        sleep 10
        t=$((t + 10))
    done
    load_now=$(cut -d' ' -f1 /proc/loadavg)
}

median() {
    sort -g | awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

# gpufec-bench: host-fed median information throughput (Mbps), its fastest call,
# the FER
ours() {
    "$bench" --backend cpu "$@" --reps 10 --warmup 2 --latency-samples 0 |
        awk '/^host-fed:/ { m = $8; gsub(/[^0-9.]/, "", m); printf "%.1f %.1f %s\n", $3 * 1000, m * 1000, $12 }'
}

# AFF3CT's simulator with --sim-stats, printed: the decoder's information
# throughput (decode_siho's mean rate per call times the threads, as its
# statistics merge the threads' calls), the same from its fastest call,
# decode_siho's mean time per call (us), the FER, the simulated frames
aff3ct_run() {
    local threads=$1
    shift
    "$aff3ct" --sim-stats -t "$threads" "$@" 2>&1 | tr '\r' '\n' | awk -v t="$threads" '
        /decode_siho / {
            n = split($0, f, "|"); for (i = 1; i <= n; i++) gsub(/ /, "", f[i])
            thr = f[9] * t; best = f[11] * t; lat = f[13] }
        /^ +[-0-9.]+ +\| +[-0-9.]+ +\|\|/ {
            n = split($0, f, "|"); fra = f[4]; fer = f[8]; gsub(/ /, "", fra); gsub(/ /, "", fer) }
        END { printf "%.1f %.1f %s %s %s\n", thr, best, lat, fer, fra }'
}

IFS=, read -r -a todo <<<"$cases"
has() { [[ " ${todo[*]} " == *" $1 "* ]]; }
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $cores cores"
echo "ours: $bench (GPUFEC_SIMD_ARCH=${GPUFEC_SIMD_ARCH:-best})"
echo "AFF3CT: $aff3ct ($aff3ct_rev, -march=native); xdsopl: $(git -C "$dir/xdsopl-ldpc" rev-parse --short HEAD) (-march=native)"

wimax=(--code wimax:2304:1/2 --schedule layered --iterations 10 --early-termination off
    --threads 2)
# all-zero codeword (the min-sum rules are symmetric), 20000 frames a run
aff_common=(-C LDPC --dec-h-path "$dir/wimax_2304_1_2.alist" --enc-type AZCW
    --dec-type BP_HORIZONTAL_LAYERED -i 10 --dec-no-synd -m 2.0 -M 2.0 -e 1000000)

side_by_side() { # name, our arguments..., --, AFF3CT's arguments...
    local name=$1 r o a ov=() obv=() av=() bv=() mine=()
    shift
    while [ "$1" != -- ]; do
        mine+=("$1")
        shift
    done
    shift
    echo "== $name"
    for r in $(seq "$runs"); do
        wait_load
        o=$(ours "${wimax[@]}" --batch 1024 "${mine[@]}")
        echo "  ours   (load $load_now): $o (Mbps: median of 10 calls, fastest call; FER)"
        ov+=("${o%% *}")
        o=${o#* }
        obv+=("${o%% *}")
        wait_load
        a=$(aff3ct_run 2 "${aff_common[@]}" --dec-simd INTER -n 20000 "$@")
        echo "  AFF3CT (load $load_now): $a (decoder Mbps: mean, fastest call; us per call; FER; frames)"
        av+=("${a%% *}")
        a=${a#* }
        bv+=("${a%% *}")
    done
    echo "  medians: ours $(printf '%s\n' "${ov[@]}" | median) Mbps (fastest calls:" \
        "$(printf '%s\n' "${obv[@]}" | median)), AFF3CT decoder" \
        "$(printf '%s\n' "${av[@]}" | median) Mbps (fastest calls:" \
        "$(printf '%s\n' "${bv[@]}" | median))"
}

# The same rule and the same LLR-domain parameter on both sides. AFF3CT's fixed
# point: its quantizer for LDPC is 6 bits with 2 fraction bits by default (offset
# 2 = 0.5); at 2.0 dB that clips the channel LLRs and its int8 FER is ~30x ours,
# so int8 runs once more with 7 bits and 1 fraction bit (offset 1 = 0.5), the
# AFF3CT setting closest to our FER. Its fixed-point NMS takes factors k / 8.
if has int8; then
    side_by_side "wimax int8 OMS (offset 0.5; AFF3CT's default quantizer 6.2)" \
        --precision int8 --algorithm oms --beta 0.5 -- -p 8 --dec-implem OMS --dec-off 2
    side_by_side "wimax int8 OMS (offset 0.5; AFF3CT quantizer 7.1)" \
        --precision int8 --algorithm oms --beta 0.5 -- -p 8 --dec-implem OMS --dec-off 1 \
        --qnt-bits 7 --qnt-dec 1
    # AFF3CT's decoder takes its quantizer's int8 values: ours from int8 LLRs too
    side_by_side "wimax int8 OMS, our input int8 LLRs (step 0.25; AFF3CT quantizer 7.1)" \
        --precision int8 --algorithm oms --beta 0.5 --input int8 --int8-step 0.25 -- \
        -p 8 --dec-implem OMS --dec-off 1 --qnt-bits 7 --qnt-dec 1
fi
if has int16; then
    side_by_side "wimax int16 NMS (alpha 0.75)" \
        --precision int16 --algorithm nms --alpha 0.75 -- -p 16 --dec-implem NMS --dec-norm 0.75
    side_by_side "wimax int16 OMS (offset 0.5)" \
        --precision int16 --algorithm oms --beta 0.5 -- -p 16 --dec-implem OMS --dec-off 2
fi
if has float; then
    side_by_side "wimax float NMS (alpha 0.75)" \
        --precision float --algorithm nms --alpha 0.75 -- -p 32 --dec-implem NMS --dec-norm 0.75
    side_by_side "wimax float OMS (offset 0.5)" \
        --precision float --algorithm oms --beta 0.5 -- -p 32 --dec-implem OMS --dec-off 0.5
fi

if has dvbs2; then
    echo "== dvbs2:normal:1/2 int8 OMS, 25 iterations, early termination, 2.0 dB, 2 threads"
    ov=() xv=()
    for r in $(seq "$runs"); do
        wait_load
        o=$("$bench" --backend cpu --code dvbs2:normal:1/2 --algorithm oms --schedule layered \
            --iterations 25 --early-termination on --ebn0 2.0 --threads 2 --precision int8 \
            --batch 512 --reps 5 --warmup 1 --latency-samples 0 |
            awk '/^host-fed:/ { printf "%.1f %s %s\n", $3 * 1000, $12, $NF }')
        echo "  ours   (load $load_now): $o (Mbps, FER, iterations)"
        ov+=("${o%% *}")
        wait_load
        x=$("$dir/xdsopl-bench" 2.0 512 2 25 5)
        echo "  xdsopl (load $load_now): $x"
        xv+=("$(echo "$x" | sed 's/.*median \([0-9.]*\).*/\1/')")
    done
    echo "  median: ours $(printf '%s\n' "${ov[@]}" | median) Mbps, xdsopl" \
        "$(printf '%s\n' "${xv[@]}" | median) Mbps"
fi

if has latency; then
    echo "== one-frame latency, wimax int8 OMS, 10 iterations"
    wait_load
    echo "  ours: $("$bench" --backend cpu "${wimax[@]}" --precision int8 --algorithm oms \
        --beta 0.5 --batch 64 --reps 1 --warmup 1 --latency-samples 1000 | grep '^latency')"
    wait_load
    echo "  AFF3CT inter-frame, decode_siho per call (64 frames): $(aff3ct_run 1 \
        "${aff_common[@]}" --dec-simd INTER -n 20000 -p 8 --dec-implem OMS --dec-off 2 |
        cut -d' ' -f3) us (mean)"
    wait_load
    echo "  AFF3CT one frame per call (its scalar layered decoder): $(aff3ct_run 1 \
        "${aff_common[@]}" -n 2000 -p 8 --dec-implem OMS --dec-off 2 | cut -d' ' -f3) us (mean)"
fi

if has fer; then
    echo "== FER at 2.0 dB, wimax (ours: gpufec-ber, 20000 frames; AFF3CT: the runs above)"
    for cfg in "int8 oms --beta 0.5" "int16 nms --alpha 0.75" "int16 oms --beta 0.5" \
        "float nms --alpha 0.75" "float oms --beta 0.5"; do
        set -- $cfg
        wait_load
        echo "  ours $cfg: $("$(dirname "$bench")/gpufec-ber" --code wimax:2304:1/2 \
            --algorithm "$2" "$3" "$4" --iterations 10 --early-termination off --ebn0 2.0 \
            --max-frames 20000 --min-frame-errors 0 --threads 2 --backend cpu --seed 1 \
            --precision "$1" | tail -n 1)"
    done
    wait_load
    echo "  xdsopl dvbs2 2048 frames: $("$dir/xdsopl-bench" 2.0 2048 2 25 1)"
    echo "  ours dvbs2 8192 frames: $("$(dirname "$bench")/gpufec-ber" --code dvbs2:normal:1/2 \
        --algorithm oms --iterations 25 --early-termination on --ebn0 2.0 --max-frames 8192 \
        --min-frame-errors 0 --threads 2 --backend cpu --seed 1 --precision int8 | tail -n 1)"
fi
