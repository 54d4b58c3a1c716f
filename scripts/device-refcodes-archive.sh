#!/bin/sh
# Packs the reference matrices that the tests read (../shared/refcodes: README.md,
# binary, nr5g, nonbinary; 36 MB) into .refcodes-xz/refcodes.tar.xz (about 5 MB),
# so that the device tool can carry them beside .debs-gr within its 64 MiB.
# .ci/device-run unpacks the archive into /tmp/gpufec-refcodes when it is there.
# Usage (here, in the repository root): sh scripts/device-refcodes-archive.sh
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
root=$(git rev-parse --show-toplevel)
src=${1:-$root/../shared/refcodes}
mkdir -p "$root/.refcodes-xz"
tar -C "$src" -cf - README.md binary nr5g nonbinary | xz -9 -T2 >"$root/.refcodes-xz/refcodes.tar.xz.tmp"
mv "$root/.refcodes-xz/refcodes.tar.xz.tmp" "$root/.refcodes-xz/refcodes.tar.xz"
du -b "$root/.refcodes-xz/refcodes.tar.xz"
