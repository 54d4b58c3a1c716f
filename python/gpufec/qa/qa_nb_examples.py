#!/usr/bin/env python3
#
# The nonbinary GRC side: examples/nb_ldpc_awgn_loopback.grc compiles with grcc
# and its headless script decodes without errors, and every nonbinary GRC block
# (stream encoder and decoder, PDU decoder, FECAPI encoder / decoder Definitions
# with Parallelism 0, 1 and 2) compiles in a flowgraph whose generated
# constructor builds each object (CPU backend). In the build tree the generated
# scripts' `from gnuradio import gpufec` is served by a temporary gnuradio/gpufec
# link to the built package, as in qa_examples.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
import os
import re
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


class qa_nb_examples(gr_unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="gpufec_nb_examples_")
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

    def test_nb_loopback_grc(self):
        if GRCC is None:
            self.skipTest("grcc not found")
        out_dir = os.path.join(self.tmp, "gen")
        self.run_cmd([GRCC, "-o", out_dir, os.path.join(EXAMPLES, "nb_ldpc_awgn_loopback.grc")])
        out = self.run_cmd([sys.executable, os.path.join(out_dir, "nb_ldpc_awgn_loopback.py")])
        self.assertIn("nb loopback: 200 frames", out)
        # random source bits are not seeded: allow a rare frame error at 5 dB
        m = re.search(r"(\d+) frame errors", out)
        self.assertTrue(m is not None and int(m.group(1)) <= 2, out)

    def test_nb_loopback_script(self):
        out = self.run_cmd([sys.executable, os.path.join(EXAMPLES, "nb_ldpc_awgn_loopback.py"),
                            "--code", "nbqc:16:2:8", "--ebn0", "3.0,4.0", "--frames", "50",
                            "--backend", "cpu"])
        lines = [l for l in out.splitlines() if l.strip().startswith(("3.00", "4.00"))]
        self.assertEqual(len(lines), 2, out)

    def test_every_nb_block_compiles(self):
        if GRCC is None:
            self.skipTest("grcc not found")

        def block(name, id_, **params):
            return {"name": name, "id": id_, "parameters": params,
                    "states": {"coordinate": [0, 0], "rotation": 0, "state": "enabled"}}
        fg = {
            "options": {"parameters": {"id": "nb_blocks", "generate_options": "no_gui",
                                       "output_language": "python"},
                        "states": {"coordinate": [0, 0], "rotation": 0,
                                   "state": "enabled"}},
            "blocks": [
                block("enc_def", "variable_gpufec_nb_ldpc_encoder_def", ndim="0",
                      family="nbreg", params="'64:96:2:4'", frames="2"),
                block("enc_list", "variable_gpufec_nb_ldpc_encoder_def", ndim="1",
                      dim1="2", family="nbqc", params="'16:2:8'"),
                block("dec_def", "variable_gpufec_nb_ldpc_decoder_def", ndim="0",
                      family="nbqc", params="'8:1:3'", algorithm="ems", ems_nm="4",
                      schedule="flooding", backend="cpu"),
                block("dec_grid", "variable_gpufec_nb_ldpc_decoder_def", ndim="2",
                      dim1="2", dim2="2", family="spec", spec="'nbqc:16:2:8'",
                      backend="cpu"),
                block("pdu_dec", "gpufec_nb_ldpc_decoder_pdu", family="nbqc",
                      params="'16:2:8'", algorithm="ems", sign="positive_is_1",
                      backend="cpu"),
                block("dbg", "blocks_message_debug"),
                block("strobe", "blocks_message_strobe", msg="pmt.PMT_T", period="1000"),
                block("enc", "gpufec_nb_ldpc_encoder_bb", family="spec",
                      spec="'nbreg:64:96:2:4'"),
                block("dec", "gpufec_nb_ldpc_decoder_fb", family="spec",
                      spec="'nbreg:64:96:2:4'", output_codeword="True", backend="cpu"),
                block("src", "blocks_null_source", type="byte"),
                block("snk", "blocks_null_sink", type="byte"),
                block("to_f", "blocks_char_to_float", scale="1", vlen="1"),
            ],
            "connections": [["strobe", "strobe", "pdu_dec", "pdus"],
                            ["pdu_dec", "pdus", "dbg", "store"],
                            ["src", "0", "enc", "0"], ["enc", "0", "to_f", "0"],
                            ["to_f", "0", "dec", "0"], ["dec", "0", "snk", "0"]],
            "metadata": {"file_format": 1},
        }
        import yaml
        path = os.path.join(self.tmp, "nb_blocks.grc")
        with open(path, "w") as f:
            yaml.safe_dump(fg, f)
        out_dir = os.path.join(self.tmp, "gen")
        self.run_cmd([GRCC, "-o", out_dir, path])
        with open(os.path.join(out_dir, "nb_blocks.py")) as f:
            text = f.read()
        for needle in ("gpufec.nb_ldpc_encoder.make(", "gpufec.nb_ldpc_decoder.make(",
                       "gpufec.nb_ldpc_decoder_pdu(", "gpufec.nb_ldpc_decoder_fb(",
                       "gpufec.nb_ldpc_encoder_bb(", "algorithm='ems'",
                       "sign='positive_is_1'"):
            self.assertIn(needle, text)
        probe = ("import sys; sys.path.insert(0, %r); import nb_blocks; "
                 "tb = nb_blocks.nb_blocks(); print(tb.enc_def.n(), tb.enc_list[1].q(), "
                 "tb.dec_def.q(), len(tb.dec_grid), len(tb.dec_grid[1]), "
                 "tb.dec_grid[1][1].k(), tb.pdu_dec.p(), tb.dec.output_frame_size(), "
                 "tb.enc.k())" % out_dir)
        out = self.run_cmd([sys.executable, "-c", probe])
        self.assertIn("96 16 8 2 2 91 4 576 48", out)


if __name__ == "__main__":
    gr_unittest.run(qa_nb_examples)
