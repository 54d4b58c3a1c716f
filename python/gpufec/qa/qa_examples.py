#!/usr/bin/env python3
#
# The examples: grcc compiles every examples/*.grc against our GRC block files, each
# generated (headless) script runs to its end, and examples/ldpc_awgn_loopback.py
# (binary and GF(q) codes) and its deprecated nonbinary twin
# nb_ldpc_awgn_loopback.py run short jobs, all of them with --backend the backend
# under test (backend_under_test.py: GPUFEC_TEST_BACKEND, cpu by default); the BER
# curve and FECAPI examples scale their samples to true LLRs (2/sigma^2 of each
# Es/N0 point). Every GRC block compiles in a flowgraph whose generated constructor
# builds each object (on the backend under test, EMS and int8 on the CPU): the
# unified blocks with binary and GF(q) codes, and the deprecated nonbinary blocks
# (Parallelism 0, 1 and 2 for the Definitions), precision, device and the
# fixed-point options included. ldpc_ber_curve prints its BER table whole and in
# Es/N0 order, and no two blocks of an example overlap on GRC's canvas
# (scripts/check-grc-layout.py, where GTK and xvfb-run are installed). In the build
# tree the generated scripts' `from gnuradio import gpufec` is served by a temporary
# gnuradio/gpufec link to the built package (gnuradio's __init__ extends its path).
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
import glob
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

import backend_under_test as but

SOURCE_DIR = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
EXAMPLES = os.path.join(SOURCE_DIR, "examples")
GRCC = shutil.which("grcc")


def block(name, id_, **params):
    """A block of a .grc flowgraph (file format 1)."""
    return {"name": name, "id": id_, "parameters": params,
            "states": {"coordinate": [0, 0], "rotation": 0, "state": "enabled"}}


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
                # the examples' Backend parameter is the script's --backend option
                out = self.run_cmd([sys.executable, script, "--backend", but.BACKEND],
                                   timeout=300)
                self.assertIn("bit errors", out, "%s printed:\n%s" % (script, out))

    def test_ber_curve_prints_in_order(self):
        # one BER table block prints every Es/N0 point once, in the order of esno,
        # whole lines one after another (separate print blocks, one per point,
        # printed from their own threads in any order)
        if GRCC is None:
            self.skipTest("grcc not found")
        out_dir = os.path.join(self.tmp, "gen")
        self.run_cmd([GRCC, "-o", out_dir, os.path.join(EXAMPLES, "ldpc_ber_curve.grc")])
        out = self.run_cmd([sys.executable, os.path.join(out_dir, "ldpc_ber_curve.py"),
                            "--backend", but.BACKEND])
        lines = out.splitlines()
        rows = [i for i, line in enumerate(lines) if "Es/N0" in line]
        self.assertEqual(len(rows), 5, out)
        self.assertEqual(rows, list(range(rows[0], rows[0] + 5)), out)
        esno = [float(re.search(r"Es/N0 +([-0-9.]+) dB", lines[i]).group(1)) for i in rows]
        self.assertEqual(esno, [-2.0, -1.5, -1.0, -0.5, 0.0], out)
        for i in rows:
            self.assertRegex(lines[i], r"^wifi:648:1/2  Es/N0 +[-0-9.]+ dB: +\d+ bits, +\d+ "
                             r"bit errors, BER [0-9.e+-]+$")

    def test_examples_blocks_do_not_overlap(self):
        # scripts/check-grc-layout.py sizes each block as GRC draws it (GTK under
        # xvfb-run); skipped where GTK (gir1.2-gtk-3.0) or xvfb-run is missing
        xvfb = shutil.which("xvfb-run")
        if xvfb is None:
            self.skipTest("xvfb-run not found")
        env = dict(self.env)
        env["GRC_BLOCKS_PATH"] = os.path.join(SOURCE_DIR, "grc")
        proc = subprocess.run([xvfb, "-a", sys.executable,
                               os.path.join(SOURCE_DIR, "scripts", "check-grc-layout.py")] +
                              sorted(glob.glob(os.path.join(EXAMPLES, "*.grc"))),
                              env=env, cwd=self.tmp, timeout=300, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
        if proc.returncode == 77:
            self.skipTest(proc.stdout.strip())
        self.assertEqual(proc.returncode, 0, proc.stdout)

    def test_ber_curve_true_llrs(self):
        # the examples feed true LLRs: ldpc_ber_curve's decoders scale each Es/N0
        # point's samples by 2/sigma^2 of that point (a list of LLR scales, one per
        # row of its Parallelism 2 Definition), fecapi_ldpc_extended's by its own
        if GRCC is None:
            self.skipTest("grcc not found")
        out_dir = os.path.join(self.tmp, "gen")
        for name, expression in (
                ("ldpc_ber_curve", "[round(r[0].llr_scale() / (4 * 10 ** (e / 10)), 6) "
                                   "for r, e in zip(tb.dec_def, tb.esno)]"),
                ("fecapi_ldpc_extended", "[round(d.llr_scale() / (4 * 10 ** (tb.esno / 10)), "
                                         "6) for d in tb.dec_def]")):
            self.run_cmd([GRCC, "-o", out_dir, os.path.join(EXAMPLES, name + ".grc")])
            probe = ("import sys; sys.path.insert(0, %r); import %s; tb = %s.%s(backend=%r); "
                     "print(%s)" % (out_dir, name, name, name, but.BACKEND, expression))
            out = self.run_cmd([sys.executable, "-c", probe])
            scales = [float(v) for v in re.findall(r"[-0-9.]+", out.strip().splitlines()[-1])]
            self.assertGreaterEqual(len(scales), 2, out)
            self.assertEqual(scales, [1.0] * len(scales), "%s: %s" % (name, out))

    def compile_flowgraph(self, name, blocks, connections):
        """grcc compiles a headless flowgraph of these blocks; returns the generated
        script's text and its folder."""
        if GRCC is None:
            self.skipTest("grcc not found")
        fg = {
            "options": {"parameters": {"id": name, "generate_options": "no_gui",
                                       "output_language": "python"},
                        "states": {"coordinate": [0, 0], "rotation": 0,
                                   "state": "enabled"}},
            "blocks": blocks, "connections": connections, "metadata": {"file_format": 1},
        }
        import yaml
        path = os.path.join(self.tmp, name + ".grc")
        with open(path, "w") as f:
            yaml.safe_dump(fg, f)
        out_dir = os.path.join(self.tmp, "gen")
        self.run_cmd([GRCC, "-o", out_dir, path])
        with open(os.path.join(out_dir, name + ".py")) as f:
            return f.read(), out_dir

    def construct(self, out_dir, name, expression):
        """Builds the generated flowgraph and prints `expression` of it (tb)."""
        probe = ("import sys; sys.path.insert(0, %r); import %s; tb = %s.%s(); print(%s)"
                 % (out_dir, name, name, name, expression))
        return self.run_cmd([sys.executable, "-c", probe])

    def test_every_block_compiles(self):
        # the blocks no example uses (PDU decoder, Definitions with parallelism 0,
        # other code families) in a flowgraph that grcc must compile
        text, out_dir = self.compile_flowgraph("all_blocks", [
            block("enc_def", "variable_gpufec_ldpc_encoder_def", ndim="0",
                  family="nr5g", params="'bg2:52'", frames="2"),
            block("dec_def", "variable_gpufec_ldpc_decoder_def", ndim="0",
                  family="dvbs2", params="'short:1/2'", algorithm="scms",
                  schedule="flooding", backend=but.BACKEND),
            # int8 and the fixed-point options: the CPU backend's
            block("pdu_dec", "gpufec_ldpc_decoder_pdu", family="wimax",
                  params="'576:2/3A'", algorithm="oms", sign="positive_is_1",
                  backend="cpu", precision="int8", fraction_bits="3", c2v_max="31"),
            block("dbg", "blocks_message_debug"),
            block("strobe", "blocks_message_strobe", msg="pmt.PMT_T", period="1000"),
            block("dec", "gpufec_ldpc_decoder_fb", family="spec",
                  spec="'wifi:648:3/4'", output_codeword="True", backend=but.BACKEND,
                  precision="float32"),
            block("src", "blocks_null_source", type="float"),
            block("snk", "blocks_null_sink", type="byte"),
        ], [["strobe", "strobe", "pdu_dec", "pdus"], ["pdu_dec", "pdus", "dbg", "store"],
            ["src", "0", "dec", "0"], ["dec", "0", "snk", "0"]])
        for needle in ("gpufec.ldpc_encoder.make(", "gpufec.ldpc_decoder.make(",
                       "gpufec.ldpc_decoder_pdu(", "gpufec.ldpc_decoder_fb(",
                       "'nr5g'", "algorithm='scms'", "sign='positive_is_1'",
                       "precision='int8', device=0, fraction_bits=3",
                       "precision='auto'", "precision='float32'"):
            self.assertIn(needle, text)
        # the generated constructor builds every object; precision auto is the
        # backend's for the min-sum family (int8 on the CPU, half2 on CUDA)
        out = self.construct(out_dir, "all_blocks", "tb.dec_def.k(), tb.enc_def.n(), "
                             "tb.pdu_dec.n(), tb.dec.output_frame_size(), "
                             "tb.dec_def.precision(), tb.pdu_dec.precision(), "
                             "tb.dec.precision()")
        # dvbs2 short 1/2 has K = 7200
        self.assertIn("7200 2600 576 648 %s int8 float32" % but.auto_precision("scms"), out)

    def test_unified_blocks_take_gfq_codes(self):
        # the same GRC blocks with GF(q) code families and the EMS options
        text, out_dir = self.compile_flowgraph("gfq_blocks", [
            block("enc_def", "variable_gpufec_ldpc_encoder_def", ndim="1", dim1="2",
                  family="nbreg", params="'64:96:2:4'", frames="2"),
            block("dec_def", "variable_gpufec_ldpc_decoder_def", ndim="0",
                  family="nbqc", params="'8:1:3'", algorithm="ems", ems_nm="4",
                  schedule="flooding", backend=but.nb_backend("ems")),
            block("pdu_dec", "gpufec_ldpc_decoder_pdu", family="spec",
                  spec="'nbqc:16:2:8'", sign="positive_is_1", backend=but.BACKEND),
            block("dbg", "blocks_message_debug"),
            block("strobe", "blocks_message_strobe", msg="pmt.PMT_T", period="1000"),
            block("enc", "gpufec_ldpc_encoder_bb", family="nbqc", params="'16:2:8'"),
            block("dec", "gpufec_ldpc_decoder_fb", family="nbreg", params="'64:96:2:4'",
                  output_codeword="True", backend=but.BACKEND),
            block("src", "blocks_null_source", type="byte"),
            block("snk", "blocks_null_sink", type="byte"),
            block("to_f", "blocks_char_to_float", scale="1", vlen="1"),
        ], [["strobe", "strobe", "pdu_dec", "pdus"], ["pdu_dec", "pdus", "dbg", "store"],
            ["src", "0", "enc", "0"], ["enc", "0", "to_f", "0"],
            ["to_f", "0", "dec", "0"], ["dec", "0", "snk", "0"]])
        for needle in ("gpufec.code_spec('nbqc'", "ems_nm=4", "algorithm='ems'"):
            self.assertIn(needle, text)
        self.assertNotIn("gpufec.nb_", text)
        out = self.construct(out_dir, "gfq_blocks",
                             "tb.enc_def[1].q(), tb.dec_def.q(), tb.pdu_dec.p(), "
                             "tb.enc.k(), tb.dec.output_frame_size(), tb.dec.nonbinary()")
        self.assertIn("64 8 4 91 576 True", out)

    def test_deprecated_nb_blocks_compile(self):
        text, out_dir = self.compile_flowgraph("nb_blocks", [
            block("enc_def", "variable_gpufec_nb_ldpc_encoder_def", ndim="0",
                  family="nbreg", params="'64:96:2:4'", frames="2"),
            block("enc_list", "variable_gpufec_nb_ldpc_encoder_def", ndim="1",
                  dim1="2", family="nbqc", params="'16:2:8'"),
            block("dec_def", "variable_gpufec_nb_ldpc_decoder_def", ndim="0",
                  family="nbqc", params="'8:1:3'", algorithm="ems", ems_nm="4",
                  schedule="flooding", backend=but.nb_backend("ems")),
            block("dec_grid", "variable_gpufec_nb_ldpc_decoder_def", ndim="2",
                  dim1="2", dim2="2", family="spec", spec="'nbqc:16:2:8'",
                  backend=but.BACKEND),
            block("pdu_dec", "gpufec_nb_ldpc_decoder_pdu", family="nbqc",
                  params="'16:2:8'", algorithm="ems", sign="positive_is_1",
                  backend=but.nb_backend("ems")),
            block("dbg", "blocks_message_debug"),
            block("strobe", "blocks_message_strobe", msg="pmt.PMT_T", period="1000"),
            block("enc", "gpufec_nb_ldpc_encoder_bb", family="spec",
                  spec="'nbreg:64:96:2:4'"),
            block("dec", "gpufec_nb_ldpc_decoder_fb", family="spec",
                  spec="'nbreg:64:96:2:4'", output_codeword="True", backend=but.BACKEND,
                  precision="float32"),
            block("src", "blocks_null_source", type="byte"),
            block("snk", "blocks_null_sink", type="byte"),
            block("to_f", "blocks_char_to_float", scale="1", vlen="1"),
        ], [["strobe", "strobe", "pdu_dec", "pdus"], ["pdu_dec", "pdus", "dbg", "store"],
            ["src", "0", "enc", "0"], ["enc", "0", "to_f", "0"],
            ["to_f", "0", "dec", "0"], ["dec", "0", "snk", "0"]])
        for needle in ("gpufec.nb_ldpc_encoder.make(", "gpufec.nb_ldpc_decoder.make(",
                       "gpufec.nb_ldpc_decoder_pdu(", "gpufec.nb_ldpc_decoder_fb(",
                       "gpufec.nb_ldpc_encoder_bb(", "algorithm='ems'",
                       "sign='positive_is_1'"):
            self.assertIn(needle, text)
        out = self.construct(out_dir, "nb_blocks",
                             "tb.enc_def.n(), tb.enc_list[1].q(), tb.dec_def.q(), "
                             "len(tb.dec_grid), len(tb.dec_grid[1]), tb.dec_grid[1][1].k(), "
                             "tb.pdu_dec.p(), tb.dec.output_frame_size(), tb.enc.k()")
        self.assertIn("96 16 8 2 2 91 4 576 48", out)

    def test_loopback_script(self):
        out = self.run_cmd([sys.executable, os.path.join(EXAMPLES, "ldpc_awgn_loopback.py"),
                            "--code", "wifi:648:1/2", "--ebn0", "2.0,3.0", "--frames", "200",
                            "--backend", but.BACKEND])
        self.assertIn("backend: %s" % but.BACKEND, out)
        lines = [l for l in out.splitlines() if l.strip().startswith(("2.00", "3.00"))]
        self.assertEqual(len(lines), 2, out)

    def test_nb_loopback_grc(self):
        if GRCC is None:
            self.skipTest("grcc not found")
        out_dir = os.path.join(self.tmp, "gen")
        self.run_cmd([GRCC, "-o", out_dir, os.path.join(EXAMPLES, "nb_ldpc_awgn_loopback.grc")])
        out = self.run_cmd([sys.executable, os.path.join(out_dir, "nb_ldpc_awgn_loopback.py"),
                            "--backend", but.BACKEND])
        self.assertIn("nb loopback: 200 frames", out)
        # random source bits are not seeded: allow a rare frame error at 5 dB
        m = re.search(r"(\d+) frame errors", out)
        self.assertTrue(m is not None and int(m.group(1)) <= 2, out)

    def test_nb_loopback_script(self):
        # the unified script with a GF(q) code, and its deprecated nonbinary name
        for script in ("ldpc_awgn_loopback.py", "nb_ldpc_awgn_loopback.py"):
            out = self.run_cmd([sys.executable, os.path.join(EXAMPLES, script),
                                "--code", "nbqc:16:2:8", "--ebn0", "3.0,4.0", "--frames",
                                "50", "--backend", but.BACKEND])
            lines = [l for l in out.splitlines() if l.strip().startswith(("3.00", "4.00"))]
            self.assertEqual(len(lines), 2, out)


if __name__ == "__main__":
    gr_unittest.run(qa_examples)
