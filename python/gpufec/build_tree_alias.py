#
# Build tree only (not installed): CMake copies this file to
# build/python/gnuradio/gpufec/__init__.py, so that with PYTHONPATH=build/python
# `from gnuradio import gpufec` works as it does once installed. GNU Radio's
# gnuradio/__init__.py extends its package path with every gnuradio/ folder on
# sys.path (pkgutil.extend_path), and build/python/gnuradio has no __init__.py of
# its own, so the installed gnuradio package stays the one imported.
#
# This module makes gnuradio.gpufec the very module object `import gpufec` gives
# (build/python/gpufec, the package the tests import): the extension
# gpufec_python is loaded once, whichever name a script uses, or both.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
import importlib
import sys

sys.modules[__name__] = importlib.import_module("gpufec")
