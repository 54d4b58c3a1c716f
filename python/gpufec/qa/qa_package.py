#!/usr/bin/env python3
#
# The package itself: __all__ names every public object (the extension's classes
# and functions, the Python helpers and the deprecated aliases) and nothing
# private, so help(gpufec) lists the classes and functions and no `os`; in the
# build tree `from gnuradio import gpufec` gives the same module as
# `import gpufec` (build/python/gnuradio/gpufec, python/gpufec/build_tree_alias.py);
# importing it and making decoders with backend auto prints nothing about CUDA
# where no GPU works.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
import os
import pydoc
import re
import subprocess
import sys

from gnuradio import gr_unittest

try:
    import gpufec  # the build tree (PYTHONPATH set by CTest)
    BUILD_TREE = True
except ImportError:
    from gnuradio import gpufec
    BUILD_TREE = False


class qa_package(gr_unittest.TestCase):
    def test_all_names_the_public_objects(self):
        names = set(gpufec.__all__)
        self.assertEqual(len(names), len(gpufec.__all__), "a name twice in __all__")
        for name in names:
            self.assertTrue(hasattr(gpufec, name), "__all__ names %s, which is missing" % name)
        ext = gpufec.gpufec_python
        public = {n for n in dir(ext) if not n.startswith("_")}
        self.assertEqual(public - names, set(), "public names of the extension not in __all__")
        for name in ("batch_decoder", "ldpc_code", "nb_ldpc_code", "simulate",
                     "ldpc_decoder_fb", "ldpc_decoder_pdu", "ldpc_encoder_bb",
                     "ldpc_decoder", "ldpc_encoder", "code_spec", "nb_batch_decoder"):
            self.assertIn(name, names)

    def test_no_module_leaks(self):
        # the package imports os privately: `gpufec.os` is no public name
        self.assertNotIn("os", vars(gpufec))
        for name, value in vars(gpufec).items():
            if name.startswith("_") or name in ("gpufec_python", "deprecated", "grc_helpers"):
                continue
            self.assertNotEqual(type(value).__name__, "module", "gpufec.%s is a module" % name)

    def test_help_lists_classes_and_functions(self):
        text = pydoc.render_doc(gpufec, renderer=pydoc.plaintext)
        self.assertIn("\nCLASSES\n", text)
        self.assertIn("\nFUNCTIONS\n", text)
        for name in ("class batch_decoder", "class ldpc_code", "class ldpc_decoder_fb",
                     "class ldpc_decoder(", "simulate(", "code_spec("):
            self.assertIn(name, text)
        self.assertNotIn("\n    os\n", text)
        # the docstring's map of the public names
        for name in gpufec.__all__:
            self.assertIn(name, gpufec.__doc__, "the package docstring does not name %s" % name)

    def test_build_tree_gnuradio_name(self):
        if not BUILD_TREE:
            self.skipTest("installed package: gnuradio.gpufec is the package itself")
        probe = ("from gnuradio import gpufec\n"
                 "import gpufec as g\n"
                 "import gnuradio.gpufec as g2\n"
                 "assert gpufec is g and g2 is g, (gpufec, g, g2)\n"
                 "gpufec.batch_decoder(gpufec.ldpc_code('wifi:648:1/2'))\n"
                 "gpufec.batch_decoder(gpufec.nb_ldpc_code('nbqc:16:2:8'))\n"
                 "print('ok', gpufec.__file__)\n")
        proc = subprocess.run([sys.executable, "-c", probe], env=dict(os.environ),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              timeout=300)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("ok", proc.stdout)
        self.assertEqual(os.path.dirname(proc.stdout.split()[-1]),
                         os.path.dirname(os.path.abspath(gpufec.__file__)))
        # backend auto where no GPU works: the CPU, silently
        self.assertIsNone(re.search(r"cudaError|auto -> cpu|cuda not used", proc.stderr),
                          proc.stderr)


if __name__ == "__main__":
    gr_unittest.run(qa_package)
