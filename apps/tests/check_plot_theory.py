#!/usr/bin/env python3
#
# The reference lines of gpufec-plot against known values: the BI-AWGN capacity
# limit of common rates (Eb/N0 in dB, e.g. S.-Y. Chung et al., IEEE Commun. Lett.
# 5(2), 2001: 0.187 dB at rate 1/2), uncoded BPSK's BER, and the normal
# approximation's FER falling with Eb/N0, shorter codes further from capacity.
# Usage: check_plot_theory.py GPUFEC_PLOT_SCRIPT
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
"""Checks gpufec-plot's theory lines."""

import importlib.util
import sys


def main(script):
    spec = importlib.util.spec_from_file_location("gpufec_plot", script)
    plot = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plot)
    for rate, limit in ((1.0 / 3, -0.495), (0.5, 0.187), (0.75, 1.626), (0.9, 3.198)):
        got = plot.shannon_limit_db(rate)
        assert abs(got - limit) < 0.005, "rate %g: limit %.4f dB, expected %.3f" % (
            rate, got, limit)
    ber = plot.uncoded_ber(9.5878)  # 1e-5 at 9.59 dB
    assert abs(ber - 1e-5) < 2e-8, "uncoded BER %g at 9.59 dB" % ber
    fers = [plot.normal_approximation_fer(x, 648, 324) for x in (0.5, 1.0, 2.0, 3.0)]
    assert all(0.0 <= f <= 1.0 for f in fers), fers
    assert fers == sorted(fers, reverse=True) and fers[0] > 0.1 > fers[-1], fers
    long_code = plot.normal_approximation_fer(1.0, 64800, 32400)
    assert long_code < plot.normal_approximation_fer(1.0, 648, 324), long_code
    print("theory lines: limits, uncoded BER and normal approximation as expected")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
