#!/bin/sh
# Regenerates docs/figures/grc_<name>.png, one screenshot per examples/*.grc as GNU
# Radio Companion draws it (scripts/grc-screenshots.py), under a virtual X server
# (xvfb-run), with GNU Radio's Python and the build tree's gpufec module.
#   sh scripts/grc-screenshots.sh [grc-screenshots.py arguments]
# BUILD (default build) is the build folder whose python/ gives `from gnuradio
# import gpufec`; PYTHON (default /usr/bin/python3) GNU Radio's Python.
# Needs: apt-get install xvfb xauth gir1.2-gtk-3.0 (python3-pil for smaller PNGs).
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
cd "$(dirname "$0")/.."
build=${BUILD:-build}
py=${PYTHON:-/usr/bin/python3}
command -v xvfb-run >/dev/null 2>&1 ||
    { echo "grc-screenshots.sh: xvfb-run missing (apt-get install xvfb xauth)" >&2; exit 2; }
[ -d "$build/python/gpufec" ] ||
    echo "grc-screenshots.sh: $build/python/gpufec missing: GRC draws without the gpufec module (BUILD=...)" >&2
PYTHONPATH="$PWD/$build/python${PYTHONPATH:+:$PYTHONPATH}" \
    exec xvfb-run -a -s "-screen 0 1920x1080x24" "$py" scripts/grc-screenshots.py "$@"
