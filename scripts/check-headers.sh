#!/bin/sh
# Header check: every source file of the module (C++, CUDA, Python, shell, CMake,
# GRC YAML) names its license with an SPDX identifier and carries a copyright
# line in its header (first 80 lines); lists the files that do not and exits nonzero.
#   sh scripts/check-headers.sh          (from anywhere in the checkout)
#   sh scripts/check-headers.sh --fix    adds "Copyright 2026 The gr-gpufec
#                                        authors." above each SPDX line that
#                                        lacks one (same comment prefix)
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
cd "$(dirname "$0")/.."
fix=${1:-}
# the tracked files; without git (an exported tree), every file but build output
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    all=$(git ls-files)
else
    all=$(find . -type f ! -path './build*' ! -path './.git/*' ! -path './.*/*' | sed 's|^\./||')
fi
files=$(echo "$all" | grep -E '\.(cc|h|cu|cuh|py|sh|cmake|yml|in)$|CMakeLists\.txt$|^\.ci/[a-z-]+$' |
    grep -v '^debian/')
bad=0
for f in $files; do
    [ -f "$f" ] || continue
    head=$(head -n 80 "$f")
    if ! printf '%s\n' "$head" | grep -q 'SPDX-License-Identifier:'; then
        echo "$f: no SPDX-License-Identifier line in the first 80 lines"
        bad=$((bad + 1))
        continue
    fi
    if ! printf '%s\n' "$head" | grep -q 'Copyright'; then
        if [ "$fix" = --fix ]; then
            # the SPDX line's own prefix (" * ", "# ", "// ") for the new line
            awk 'BEGIN{done=0} {
                if (!done && $0 ~ /SPDX-License-Identifier:/) {
                    p=$0; sub(/SPDX-License-Identifier:.*/, "", p);
                    print p "Copyright 2026 The gr-gpufec authors."; done=1 }
                print }' "$f" >"$f.hdr"
            cat "$f.hdr" >"$f" # keeps the file's mode
            rm -f "$f.hdr"
        else
            echo "$f: no copyright line in the first 80 lines"
            bad=$((bad + 1))
        fi
    fi
done
[ "$bad" -eq 0 ] || { echo "header check: $bad file(s) to fix (sh scripts/check-headers.sh --fix adds copyright lines)"; exit 1; }
echo "header check: $(echo "$files" | wc -l) files carry SPDX and copyright lines"
