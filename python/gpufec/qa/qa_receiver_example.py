#!/usr/bin/env python3
#
# The receiver example: examples/make_receiver_iq.py makes an IQ recording (100
# LDPC-coded QPSK frames, wimax:2304:1/2, Es/N0 6 dB, frequency, phase, timing and
# sample clock offsets) in a temporary folder, bit-identical from the same seed;
# the headless receiver examples/ldpc_qpsk_receiver.py (GNU Radio's AGC, FLL,
# symbol sync, Costas loop and correlator, the example's frame sync, our decoder on
# the backend under test) decodes at least 97 of them with BER < 1e-3 while the
# hard decisions before the decoder have BER > 1%: the decoder does the work. The
# Qt GUI twin examples/ldpc_qpsk_receiver_gui.grc embeds the headless script's
# Python blocks verbatim and the same preamble; where grcc and PyQt5 are present
# its generated flowgraph runs for a few seconds (offscreen Qt) and counts frames.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
import os
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np
from gnuradio import gr_unittest

try:
    import gpufec  # the build tree (PYTHONPATH set by CTest)
    BUILD_TREE = True
except ImportError:
    from gnuradio import gpufec
    BUILD_TREE = False
# the examples import `from gnuradio import gpufec`: the same (build tree) module
sys.modules.setdefault("gnuradio.gpufec", gpufec)

import backend_under_test as but

SOURCE_DIR = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
EXAMPLES = os.path.join(SOURCE_DIR, "examples")
GRC = os.path.join(EXAMPLES, "ldpc_qpsk_receiver_gui.grc")
sys.path.insert(0, EXAMPLES)
import ldpc_qpsk_receiver as receiver  # noqa: E402
import make_receiver_iq  # noqa: E402

FRAMES = 100


class qa_receiver_example(gr_unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="gpufec_receiver_")
        cls.stem = os.path.join(cls.tmp, "rx_qpsk")
        cls.meta = make_receiver_iq.make(cls.stem, frames=FRAMES, esno_db=6.0, seed=1)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def test_recording_is_reproducible(self):
        # the same seed gives the same files, bit for bit; the metadata says what is in it
        stem = os.path.join(self.tmp, "again")
        make_receiver_iq.make(stem, frames=FRAMES, esno_db=6.0, seed=1)
        for ext in (".sigmf-data", ".info", ".sigmf-meta"):
            with open(self.stem + ext, "rb") as a, open(stem + ext, "rb") as b:
                self.assertEqual(a.read(), b.read(), ext)
        g = self.meta["global"]
        self.assertEqual(g["core:datatype"], "cf32_le")
        self.assertEqual(os.path.getsize(self.stem + ".sigmf-data"), 8 * g["gpufec:samples"])
        self.assertEqual(os.path.getsize(self.stem + ".info"), FRAMES * g["gpufec:k"])
        self.assertEqual(g["gpufec:preamble_bits"].lower(), receiver.PREAMBLE_BITS.lower())
        self.assertLess(os.path.getsize(self.stem + ".sigmf-data"), 8 << 20)

    def test_receiver_decodes(self):
        r = receiver.receive(self.stem, backend=but.BACKEND)
        summary = repr(r)
        self.assertEqual(r["backend"], but.BACKEND)
        self.assertEqual(r["precision"], but.auto_precision("nms"))
        self.assertEqual(r["frames_sent"], FRAMES)
        self.assertGreaterEqual(r["frames"], FRAMES - 3, summary)
        self.assertLessEqual(r["missed"], 3, summary)
        # uncoded QPSK at Es/N0 6 dB: 2.3% in theory; the decoder clears it
        self.assertGreater(r["raw_ber"], 0.01, summary)
        self.assertLess(r["raw_ber"], 0.06, summary)
        self.assertLess(r["ber"], 1e-3, summary)
        self.assertLessEqual(r["frames_failed"], 2, summary)

    def test_receiver_script_prints_summary(self):
        proc = subprocess.run([sys.executable, os.path.join(EXAMPLES, "ldpc_qpsk_receiver.py"),
                               "--iq", self.stem, "--backend", but.BACKEND,
                               "--precision", "float32"],
                              env=self.env(), cwd=self.tmp, timeout=300,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.assertEqual(proc.returncode, 0, proc.stdout)
        self.assertIn("backend %s, precision float32" % but.BACKEND, proc.stdout)
        m = re.search(r"frames: (\d+) decoded of %d sent" % FRAMES, proc.stdout)
        self.assertTrue(m and int(m.group(1)) >= FRAMES - 3, proc.stdout)
        self.assertRegex(proc.stdout, r"[0-9.]+ frames/s")

    def env(self):
        """The environment of a child process: `from gnuradio import gpufec` is served
        by a temporary gnuradio/gpufec link to the build tree's package."""
        env = dict(os.environ)
        if BUILD_TREE:
            shim = os.path.join(self.tmp, "shim", "gnuradio")
            if not os.path.isdir(shim):
                os.makedirs(shim)
                os.symlink(os.path.dirname(os.path.abspath(gpufec.__file__)),
                           os.path.join(shim, "gpufec"))
            env["PYTHONPATH"] = os.path.join(self.tmp, "shim")
            env["GRC_BLOCKS_PATH"] = os.path.join(SOURCE_DIR, "grc")
        return env

    def test_grc_embeds_the_headless_blocks(self):
        # the GUI flowgraph's Python blocks are the headless script's, verbatim, and
        # its preamble variable is the one make_receiver_iq.py sends
        import yaml
        with open(GRC) as f:
            fg = yaml.safe_load(f)
        with open(os.path.join(EXAMPLES, "ldpc_qpsk_receiver.py")) as f:
            script = f.read()
        blocks = {b["name"]: b for b in fg["blocks"]}
        for name, cls in (("fsync", "frame_sync"), ("ber", "ber_counter"),
                          ("raw_ber", "ber_counter")):
            section = re.search(r"# <epy_block %s>[^\n]*\n(.*?)# </epy_block>\n" % cls,
                                script, re.S)
            self.assertIsNotNone(section, cls)
            self.assertEqual(blocks[name]["parameters"]["_source_code"], section.group(1),
                             "%s differs from ldpc_qpsk_receiver.py's %s" % (name, cls))
        bits = int(blocks["preamble_bits"]["parameters"]["value"], 16)
        preamble = eval(blocks["preamble"]["parameters"]["value"], {"preamble_bits": bits})
        np.testing.assert_allclose(preamble, make_receiver_iq.preamble(), atol=1e-6)
        self.assertEqual(fg["options"]["parameters"]["generate_options"], "qt_gui")

    def test_gui_flowgraph_runs(self):
        # grcc's script of the Qt flowgraph, on an offscreen Qt platform for 3 s
        grcc = shutil.which("grcc")
        if grcc is None:
            self.skipTest("grcc not found")
        try:
            import PyQt5  # noqa: F401
        except ImportError:
            self.skipTest("PyQt5 not found")
        env = self.env()
        env["QT_QPA_PLATFORM"] = "offscreen"
        gen = os.path.join(self.tmp, "gen")
        proc = subprocess.run([grcc, "-o", gen, GRC], env=env, cwd=self.tmp, timeout=300,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.assertEqual(proc.returncode, 0, proc.stdout)
        probe = (
            "import sys, time\n"
            "sys.path.insert(0, %r)\n"
            "from PyQt5 import Qt\n"
            "app = Qt.QApplication([])\n"
            "import ldpc_qpsk_receiver_gui as g\n"
            "tb = g.ldpc_qpsk_receiver_gui(iq=%r, backend=%r)\n"
            "tb.start()\n"
            "end = time.time() + 3\n"
            "while time.time() < end:\n"
            "    app.processEvents(); time.sleep(0.05)\n"
            "tb.stop(); tb.wait()\n"
            "print('RESULT', tb.ber.frames(), tb.ber.ber(), tb.raw_ber.ber(), tb.dec.backend())\n"
            % (gen, self.stem, but.BACKEND))
        proc = subprocess.run([sys.executable, "-c", probe], env=env, cwd=self.tmp,
                              timeout=300, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True)
        self.assertEqual(proc.returncode, 0, proc.stdout)
        m = re.search(r"RESULT (\d+) (\S+) (\S+) (\w+)", proc.stdout)
        self.assertIsNotNone(m, proc.stdout)
        # the throttle plays 1 Msps: about 200 frames/s
        self.assertGreaterEqual(int(m.group(1)), 50, proc.stdout)
        self.assertLess(float(m.group(2)), 1e-3, proc.stdout)
        self.assertGreater(float(m.group(3)), 0.01, proc.stdout)
        self.assertEqual(m.group(4), but.BACKEND)


if __name__ == "__main__":
    gr_unittest.run(qa_receiver_example)
