#!/bin/sh
# Format check: every C++ / CUDA source of the module against the repository's
# .clang-format (GNU Radio's style), with clang-format 14 (Debian 12's), as a dry
# run; lists the files to reformat (clang-format -i FILE) and exits nonzero.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
cd "$(dirname "$0")/.."
files=$(find include lib apps python fuzz -name '*.cc' -o -name '*.h' -o -name '*.cu' -o -name '*.cuh')
# shellcheck disable=SC2086
clang-format --dry-run -Werror $files
echo "format check: $(echo "$files" | wc -l) files formatted"
