#!/usr/bin/env python3
#
# Deprecated name (kept for one release): ldpc_awgn_loopback.py takes nonbinary
# (GF(q)) codes itself now. This script runs it with the nonbinary defaults it
# had: code nbqc:16:2:8, Eb/N0 3.0:4.5:0.5, 500 frames, Min-Max (algorithm auto).
#
#   /usr/bin/python3 examples/nb_ldpc_awgn_loopback.py --code nbreg:64:96:2:4 \
#       --ebn0 2.0:4.0:0.5 --frames 500 --algorithm ems
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ldpc_awgn_loopback  # noqa: E402

if __name__ == "__main__":
    sys.exit(ldpc_awgn_loopback.main(
        defaults={"code": "nbqc:16:2:8", "ebn0": "3.0:4.5:0.5", "frames": 500}))
