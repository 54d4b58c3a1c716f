#!/usr/bin/env python3
#
# The examples: grcc compiles every examples/*.grc against our GRC block files,
# each generated (headless) script runs to its end, and examples/
# ldpc_awgn_loopback.py runs a short CPU job. In the build tree the generated
# scripts' `from gnuradio import gpufec` is served by a temporary gnuradio/gpufec
# link to the built package (gnuradio's __init__ extends its path).
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
import glob
import os
import shutil
import subprocess
import sys
import tempfile

from gnuradio import gr_unittest

try:
    import gpufec  # the build tree (PYTHONPATH set by CTest)
    BUILD_TREE = True
except ImportError:
    from gnuradio import gpufec
    BUILD_TREE = False

SOURCE_DIR = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
EXAMPLES = os.path.join(SOURCE_DIR, "examples")
GRCC = shutil.which("grcc")


class qa_examples(gr_unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="gpufec_examples_")
        self.env = dict(os.environ)
        if BUILD_TREE:
            shim = os.path.join(self.tmp, "shim", "gnuradio")
            os.makedirs(shim)
            os.symlink(os.path.dirname(os.path.abspath(gpufec.__file__)),
                       os.path.join(shim, "gpufec"))
            self.env["PYTHONPATH"] = os.path.join(self.tmp, "shim")
            self.env["GRC_BLOCKS_PATH"] = os.path.join(SOURCE_DIR, "grc")

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def run_cmd(self, args, timeout=300):
        proc = subprocess.run(args, env=self.env, cwd=self.tmp, timeout=timeout,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.assertEqual(proc.returncode, 0, "%s failed:\n%s" % (args, proc.stdout))
        return proc.stdout

    def test_grc_examples_compile_and_run(self):
        if GRCC is None:
            self.skipTest("grcc not found")
        grcs = sorted(glob.glob(os.path.join(EXAMPLES, "*.grc")))
        self.assertGreaterEqual(len(grcs), 3)
        for grc in grcs:
            out_dir = os.path.join(self.tmp, "gen")
            log = self.run_cmd([GRCC, "-o", out_dir, grc])
            script = os.path.join(out_dir, os.path.basename(grc)[:-4] + ".py")
            self.assertTrue(os.path.exists(script), "grcc made no %s:\n%s" % (script, log))
            with open(grc) as f:
                headless = "generate_options: no_gui" in f.read()
            if headless:
                out = self.run_cmd([sys.executable, script], timeout=300)
                self.assertIn("bit errors", out, "%s printed:\n%s" % (script, out))

    def test_loopback_script(self):
        out = self.run_cmd([sys.executable, os.path.join(EXAMPLES, "ldpc_awgn_loopback.py"),
                            "--code", "wifi:648:1/2", "--ebn0", "2.0,3.0", "--frames", "200",
                            "--backend", "cpu"])
        self.assertIn("backend: cpu", out)
        lines = [l for l in out.splitlines() if l.strip().startswith(("2.00", "3.00"))]
        self.assertEqual(len(lines), 2, out)


if __name__ == "__main__":
    gr_unittest.run(qa_examples)
