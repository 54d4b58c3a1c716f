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

    def test_every_block_compiles(self):
        # the blocks no example uses (PDU decoder, Definitions with parallelism 0,
        # other code families) in a flowgraph that grcc must compile
        if GRCC is None:
            self.skipTest("grcc not found")
        def block(name, id_, **params):
            return {"name": name, "id": id_, "parameters": params,
                    "states": {"coordinate": [0, 0], "rotation": 0, "state": "enabled"}}
        fg = {
            "options": {"parameters": {"id": "all_blocks", "generate_options": "no_gui",
                                       "output_language": "python"},
                        "states": {"coordinate": [0, 0], "rotation": 0,
                                   "state": "enabled"}},
            "blocks": [
                block("enc_def", "variable_gpufec_ldpc_encoder_def", ndim="0",
                      family="nr5g", params="'bg2:52'", frames="2"),
                block("dec_def", "variable_gpufec_ldpc_decoder_def", ndim="0",
                      family="dvbs2", params="'short:1/2'", algorithm="scms",
                      schedule="flooding", backend="cpu"),
                block("pdu_dec", "gpufec_ldpc_decoder_pdu", family="wimax",
                      params="'576:2/3A'", algorithm="oms", sign="positive_is_1",
                      backend="cpu"),
                block("dbg", "blocks_message_debug"),
                block("strobe", "blocks_message_strobe", msg="pmt.PMT_T", period="1000"),
                block("dec", "gpufec_ldpc_decoder_fb", family="spec",
                      spec="'wifi:648:3/4'", output_codeword="True", backend="cpu"),
                block("src", "blocks_null_source", type="float"),
                block("snk", "blocks_null_sink", type="byte"),
            ],
            "connections": [["strobe", "strobe", "pdu_dec", "pdus"],
                            ["pdu_dec", "pdus", "dbg", "store"],
                            ["src", "0", "dec", "0"], ["dec", "0", "snk", "0"]],
            "metadata": {"file_format": 1},
        }
        import yaml
        path = os.path.join(self.tmp, "all_blocks.grc")
        with open(path, "w") as f:
            yaml.safe_dump(fg, f)
        out_dir = os.path.join(self.tmp, "gen")
        self.run_cmd([GRCC, "-o", out_dir, path])
        script = os.path.join(out_dir, "all_blocks.py")
        with open(script) as f:
            text = f.read()
        for needle in ("gpufec.ldpc_encoder.make(", "gpufec.ldpc_decoder.make(",
                       "gpufec.ldpc_decoder_pdu(", "gpufec.ldpc_decoder_fb(",
                       "'nr5g'", "algorithm='scms'", "sign='positive_is_1'"):
            self.assertIn(needle, text)
        # the generated constructor builds every object (CPU backend)
        probe = ("import sys; sys.path.insert(0, %r); import all_blocks; "
                 "tb = all_blocks.all_blocks(); print(tb.dec_def.k(), tb.enc_def.n(), "
                 "tb.pdu_dec.n(), tb.dec.output_frame_size())" % out_dir)
        out = self.run_cmd([sys.executable, "-c", probe])
        self.assertIn("7200 2600 576 648", out)  # dvbs2 short 1/2 has K = 7200

    def test_loopback_script(self):
        out = self.run_cmd([sys.executable, os.path.join(EXAMPLES, "ldpc_awgn_loopback.py"),
                            "--code", "wifi:648:1/2", "--ebn0", "2.0,3.0", "--frames", "200",
                            "--backend", "cpu"])
        self.assertIn("backend: cpu", out)
        lines = [l for l in out.splitlines() if l.strip().startswith(("2.00", "3.00"))]
        self.assertEqual(len(lines), 2, out)


if __name__ == "__main__":
    gr_unittest.run(qa_examples)
