#!/usr/bin/env python3
#
# Frames exchanged with gr-fec, on every alist file gr-fec installs (read from
# shared/refcodes/binary/gr-fec_ldpc_alist): gr-fec's encoders (fec.ldpc_encoder,
# ldpc_par_mtrx_encoder, ldpc_gen_mtrx_encoder) against ours with gr-fec's
# information placement (alist:PATH:grfec, galist:PATH): identical codewords;
# gr-fec's decoders (fec.ldpc_decoder, ldpc_bit_flip_decoder on ldpc_H_matrix /
# ldpc_G_matrix) decode our frames and ours decode theirs, without and with
# noise (fec.extended_encoder / extended_decoder too); our decoder with gr-fec's
# `sigma` decides bit for bit as gr-fec's SPA (the CPU's float reference decoder;
# on CUDA, within floating-point rounding: it decodes and fails where gr-fec
# does); the spec forms (plain .alist path,
# generator-file name rule, errors), the ldpc_code placement property and the GRC
# Definitions' gr-fec options. Exits 77 (CTest: skipped) with a message when the
# reference files are absent. Our decoders run on the backend under test
# (backend_under_test.py: GPUFEC_TEST_BACKEND, cpu by default).
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
from gnuradio import blocks, digital, fec, gr, gr_unittest

try:
    import gpufec  # the build tree (PYTHONPATH set by CTest)
    BUILD_TREE = True
except ImportError:
    from gnuradio import gpufec
    BUILD_TREE = False

import backend_under_test as but

SOURCE_DIR = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
REFCODES = os.environ.get("GPUFEC_REFCODES_DIR") or os.path.join(
    SOURCE_DIR, "..", "shared", "refcodes")
GRFEC_DIR = os.path.join(REFCODES, "binary", "gr-fec_ldpc_alist")

# Every file gr-fec installs: (N, K, gap of its ldpc_H_matrix or None, generator?)
FILES = {
    "271.127.3.112": (271, 144, None, False),
    "PNB2_512_23C1.alist": (4440, 2960, None, False),
    "n_0100_k_0023_gap_10.alist": (100, 23, 10, False),
    "n_0100_k_0027_gap_04.alist": (100, 27, 4, False),
    "n_0100_k_0042_gap_02.alist": (100, 42, 2, False),
    "n_0100_k_0058_gen_matrix.alist": (100, 58, None, True),
    "n_0300_k_0103_gap_24.alist": (300, 103, 24, False),
    "n_0300_k_0122_gap_06.alist": (300, 122, 6, False),
    "n_0300_k_0152_gap_03.alist": (300, 152, 3, False),
    "n_0500_k_0127_gap_21.alist": (500, 127, 21, False),
    "n_0500_k_0202_gap_11.alist": (500, 202, 11, False),
    "n_0512_k_0130_gap_21.alist": (512, 130, 21, False),
    "n_0700_k_0282_gap_16.alist": (700, 282, 16, False),
    "n_1100_k_0442_gap_24.alist": (1100, 442, 24, False),
    "n_1300_k_0522_gap_30.alist": (1300, 522, 30, False),
    "n_1800_k_0902_gap_28.alist": (1800, 902, 28, False),
    "simple_g_matrix.alist": (8, 4, None, True),
}


def path_of(name):
    return os.path.join(GRFEC_DIR, name)


def our_spec(name):
    """The spec that reads a gr-fec file with gr-fec's placement."""
    if FILES[name][3]:
        return "galist:" + path_of(name)
    return "alist:%s:grfec" % path_of(name)


def frames_for(name):
    return 6 if FILES[name][0] > 2000 else 24


def run_encoder(enc, bits):
    """bits through a FECAPI encoder object in fec.encoder."""
    tb = gr.top_block()
    src = blocks.vector_source_b(bits.tolist(), False)
    snk = blocks.vector_sink_b()
    tb.connect(src, fec.encoder(enc, gr.sizeof_char, gr.sizeof_char), snk)
    tb.run()
    return np.array(snk.data(), dtype=np.uint8)


def run_decoder(dec, soft):
    """gr-fec soft input (positive means 1) through a FECAPI decoder in fec.decoder."""
    tb = gr.top_block()
    src = blocks.vector_source_f(soft.astype(np.float32).tolist(), False)
    snk = blocks.vector_sink_b()
    tb.connect(src, fec.decoder(dec, gr.sizeof_float, gr.sizeof_char), snk)
    tb.run()
    return np.array(snk.data(), dtype=np.uint8)


def run_extended(enc, dec, bits, noise):
    """bits -> fec.extended_encoder -> BPSK (0 -> -1, 1 -> +1) + noise ->
    fec.extended_decoder -> bits, in one flowgraph."""
    tb = gr.top_block()
    src = blocks.vector_source_b(bits.tolist(), False)
    noise_src = blocks.vector_source_f(noise.astype(np.float32).tolist(), False)
    add = blocks.add_ff()
    snk = blocks.vector_sink_b()
    tb.connect(src, fec.extended_encoder(encoder_obj_list=[enc], threading=None,
                                         puncpat="11"),
               digital.map_bb([-1, 1]), blocks.char_to_float(1, 1), (add, 0))
    tb.connect(noise_src, (add, 1))
    tb.connect(add, fec.extended_decoder(decoder_obj_list=[dec], threading=None, ann=None,
                                         puncpat="11"), snk)
    tb.run()
    return np.array(snk.data(), dtype=np.uint8)


def bpsk(codewords):
    return codewords.astype(np.float64) * 2.0 - 1.0


class grfec_objects:
    """gr-fec's encoders and decoders of one file, by name."""

    def __init__(self, name, sigma=0.5):
        n, k, gap, generator = FILES[name]
        path = path_of(name)
        self.encoders = {}
        self.decoders = {}
        if generator:
            self.matrix = fec.ldpc_G_matrix(path)
            self.encoders["ldpc_gen_mtrx_encoder"] = fec.ldpc_gen_mtrx_encoder.make(self.matrix)
            self.decoders["ldpc_bit_flip_decoder(G)"] = fec.ldpc_bit_flip_decoder.make(
                self.matrix.get_base_sptr(), 100)
            return
        self.encoders["ldpc_encoder"] = fec.ldpc_encoder.make(path)
        self.decoders["ldpc_decoder"] = fec.ldpc_decoder.make(path, sigma, 50)
        if gap is not None:
            self.matrix = fec.ldpc_H_matrix(path, gap)
            self.encoders["ldpc_par_mtrx_encoder"] = fec.ldpc_par_mtrx_encoder.make(path, gap)
            self.decoders["ldpc_bit_flip_decoder(H)"] = fec.ldpc_bit_flip_decoder.make(
                self.matrix.get_base_sptr(), 100)


class qa_grfec_interop(gr_unittest.TestCase):
    def setUp(self):
        self.rng = np.random.default_rng(11)

    def info(self, name, frames):
        return self.rng.integers(0, 2, size=frames * FILES[name][1], dtype=np.uint8)

    def test_00_every_grfec_file(self):
        self.assertEqual(sorted(os.listdir(GRFEC_DIR)), sorted(FILES))
        for name, (n, k, _, generator) in FILES.items():
            code = gpufec.ldpc_code(our_spec(name))
            self.assertEqual((code.n, code.k), (n, k), name)
            self.assertEqual(code.placement, "grfec", name)
            if generator:
                self.assertEqual(list(code.info_positions), list(range(k)), name)
            elif FILES[name][2] is not None:
                # ldpc_H_matrix's codeword is [p1 p2 s]: information last
                self.assertEqual(list(code.info_positions), list(range(n - k, n)), name)

    def test_noiseless_both_ways(self):
        for name in sorted(FILES):
            k = FILES[name][1]
            frames = frames_for(name)
            info = self.info(name, frames)
            ours = run_encoder(gpufec.ldpc_encoder.make(our_spec(name)), info)
            self.assertEqual(ours.size, frames * FILES[name][0])
            gr_objs = grfec_objects(name)
            for enc_name, enc in gr_objs.encoders.items():
                theirs = run_encoder(enc, info)
                np.testing.assert_array_equal(theirs, ours, "%s: %s" % (name, enc_name))
                got = run_decoder(gpufec.ldpc_decoder.make(our_spec(name),
                                                           backend=but.BACKEND),
                                  bpsk(theirs))
                np.testing.assert_array_equal(got, info, "%s: ours <- %s" % (name, enc_name))
            for dec_name, dec in gr_objs.decoders.items():
                got = run_decoder(dec, bpsk(ours))
                np.testing.assert_array_equal(got, info, "%s: %s <- ours" % (name, dec_name))
            if FILES[name][3]:
                with self.assertRaisesRegex(ValueError, "galist:"):
                    gpufec.ldpc_code("alist:" + path_of(name))
            else:
                # Our own placement on gr-fec's frames: the bits of other columns,
                # about half of them wrong (what this placement option fixes).
                pivot = run_decoder(gpufec.ldpc_decoder.make("alist:" + path_of(name),
                                                             backend=but.BACKEND),
                                    bpsk(ours))
                self.assertGreater(np.mean(pivot != info), 0.3, name)

    def test_noisy_soft_both_ways(self):
        sigma = 0.5  # BPSK +-1, raw BER about 2.3 %
        for name in sorted(n for n in FILES if not FILES[n][3]):
            n, k = FILES[name][:2]
            frames = frames_for(name)
            info = self.info(name, frames)
            gr_objs = grfec_objects(name, sigma)
            # gr-fec's encoder -> channel -> our decoder (exact AWGN LLRs), in
            # fec.extended_encoder / extended_decoder
            noise = self.rng.normal(0.0, sigma, size=frames * n)
            ours_dec = gpufec.ldpc_decoder.make(our_spec(name), backend=but.BACKEND,
                                                llr_scale=2.0 / sigma ** 2,
                                                max_iterations=50)
            got = run_extended(gr_objs.encoders["ldpc_encoder"], ours_dec, info, noise)
            codewords = run_encoder(gr_objs.encoders["ldpc_encoder"], info)
            raw = np.mean(((bpsk(codewords) + noise) > 0) != codewords)
            self.assertGreater(raw, 0.01, name)
            self.assertLessEqual(np.mean(got != info), raw / 10, "%s: ours <- gr-fec" % name)
            # our encoder -> channel -> gr-fec's SPA decoder, and ours given the
            # same sigma: the same LLRs, the same flooding SPA, the same bits (on
            # the CPU's float reference decoder; CUDA's float32 SPA rounds
            # otherwise, so there it decodes as well as gr-fec)
            ours = run_encoder(gpufec.ldpc_encoder.make(our_spec(name)), info)
            noise = self.rng.normal(0.0, sigma, size=frames * n)
            rx = bpsk(ours) + noise
            raw = np.mean((rx > 0) != ours)
            theirs = run_decoder(gr_objs.decoders["ldpc_decoder"], rx)
            self.assertLessEqual(np.mean(theirs != info), raw / 10, "%s: gr-fec <- ours" % name)
            same = run_decoder(gpufec.ldpc_decoder.make(our_spec(name), algorithm="spa",
                                                        schedule="flooding",
                                                        max_iterations=50, sigma=sigma,
                                                        backend=but.BACKEND), rx)
            if but.REFERENCE_ARITHMETIC:
                np.testing.assert_array_equal(same, theirs, "%s: sigma" % name)
            else:
                self.assertLessEqual(np.mean(same != info), raw / 10, "%s: sigma" % name)

    def test_sigma_reproduces_grfec_where_it_fails(self):
        # Where gr-fec's SPA fails (its LLR x/(2 sigma^2) is a quarter of the
        # AWGN LLR), ours with the same sigma fails on the same bits, and with
        # llr_scale = 2/sigma^2 decodes.
        name = "n_1800_k_0902_gap_28.alist"
        n, k = FILES[name][:2]
        sigma = 0.7
        info = self.info(name, 8)
        ours = run_encoder(gpufec.ldpc_encoder.make(our_spec(name)), info)
        rx = bpsk(ours) + self.rng.normal(0.0, sigma, size=ours.size)
        theirs = run_decoder(fec.ldpc_decoder.make(path_of(name), sigma, 50), rx)
        same = run_decoder(gpufec.ldpc_decoder.make(our_spec(name), algorithm="spa",
                                                    schedule="flooding", max_iterations=50,
                                                    sigma=sigma, backend=but.BACKEND), rx)
        self.assertGreater(np.mean(theirs != info), 0.01)
        if but.REFERENCE_ARITHMETIC:
            np.testing.assert_array_equal(same, theirs)
        else:  # CUDA: fails as gr-fec does, other wrong bits
            self.assertGreater(np.mean(same != info), 0.01)
        exact = run_decoder(gpufec.ldpc_decoder.make(our_spec(name), algorithm="spa",
                                                     schedule="flooding", max_iterations=50,
                                                     llr_scale=2.0 / sigma ** 2,
                                                     backend=but.BACKEND), rx)
        self.assertLess(np.mean(exact != info), np.mean(theirs != info) / 10)

    def test_noisy_hard_decision_both_ways(self):
        sigma = 0.35  # raw BER about 0.2 %: gr-fec's bit-flipping decoders cope
        for name in sorted(n for n in FILES if FILES[n][2] is not None or FILES[n][3]):
            n, k = FILES[name][:2]
            frames = frames_for(name) * 2
            info = self.info(name, frames)
            gr_objs = grfec_objects(name)
            enc_name = [e for e in gr_objs.encoders if e != "ldpc_encoder"][0]
            dec_name = [d for d in gr_objs.decoders if d.startswith("ldpc_bit_flip")][0]
            # gr-fec's matrix encoder -> channel -> ours
            theirs = run_encoder(gr_objs.encoders[enc_name], info)
            rx = bpsk(theirs) + self.rng.normal(0.0, sigma, size=theirs.size)
            got = run_decoder(gpufec.ldpc_decoder.make(our_spec(name), backend=but.BACKEND),
                              rx)
            self.assertLessEqual(np.mean(got != info),
                                 np.mean((rx > 0) != theirs) / 10, name)
            # ours -> channel -> gr-fec's bit-flipping decoder: what it makes of
            # its own encoder's frames under the same noise
            ours = run_encoder(gpufec.ldpc_encoder.make(our_spec(name)), info)
            noise = self.rng.normal(0.0, sigma, size=ours.size)
            from_ours = run_decoder(gr_objs.decoders[dec_name], bpsk(ours) + noise)
            from_theirs = run_decoder(gr_objs.decoders[dec_name], bpsk(theirs) + noise)
            np.testing.assert_array_equal(from_ours, from_theirs, name)
            if not FILES[name][3]:
                # on H's sparse checks bit flipping corrects most errors
                raw = np.mean(((bpsk(ours) + noise) > 0) != ours)
                self.assertLessEqual(np.mean(from_ours != info), raw / 2, name)

    def test_sigma_parameter(self):
        spec = our_spec("n_0100_k_0042_gap_02.alist")
        self.assertAlmostEqual(gpufec.ldpc_decoder.make(spec, sigma=0.5).llr_scale(), 2.0)
        self.assertAlmostEqual(gpufec.ldpc_decoder.make(spec, sigma=2.0).llr_scale(), 0.125)
        self.assertAlmostEqual(gpufec.ldpc_decoder.make(spec).llr_scale(), 1.0)
        self.assertAlmostEqual(gpufec.ldpc_decoder.make(spec, llr_scale=3.0).llr_scale(), 3.0)
        with self.assertRaisesRegex(ValueError, "sigma is -0.5; it must be finite and >= 0"):
            gpufec.ldpc_decoder.make(spec, sigma=-0.5)
        with self.assertRaisesRegex(ValueError, "sigma is nan"):
            gpufec.ldpc_decoder.make(spec, sigma=float("nan"))
        with self.assertRaisesRegex(ValueError, "both sigma .* and llr_scale .* given"):
            gpufec.ldpc_decoder.make(spec, sigma=0.5, llr_scale=2.0)
        with self.assertRaisesRegex(ValueError, "overflows"):
            gpufec.ldpc_decoder.make(spec, sigma=1e-30)

    def test_specs(self):
        gap = path_of("n_0100_k_0042_gap_02.alist")
        gen = path_of("n_0100_k_0058_gen_matrix.alist")
        # a plain path ending in .alist is alist:PATH (our placement by default)
        plain = gpufec.ldpc_code(gap)
        self.assertEqual((plain.n, plain.k, plain.placement), (100, 42, "pivot"))
        self.assertEqual(list(plain.info_positions),
                         list(gpufec.ldpc_code("alist:" + gap).info_positions))
        self.assertEqual(gpufec.ldpc_code(gap + ":grfec").placement, "grfec")
        self.assertEqual(gpufec.ldpc_decoder.make(gap, backend=but.BACKEND).k(), 42)
        self.assertIn("grfec (gr-fec's columns", gpufec.ldpc_code(our_spec(
            "n_0100_k_0042_gap_02.alist")).placement_description)
        self.assertEqual(gpufec.ldpc_code("wimax:576:1/2").placement, "standard")
        # a generator-matrix file is read as G only by galist:
        for spec in (gen, "alist:" + gen):
            with self.assertRaisesRegex(ValueError, "says it holds a generator matrix"):
                gpufec.ldpc_code(spec)
        # a file error (RuntimeError from ldpc_code, ValueError from make) names
        # the file, the line and the column
        not_g = "%s:6: column 2 of the generator matrix has rows \\{1 2\\} but G must " \
                "be systematic, G = \\[I \\| P\\]" % re.escape(gap)
        with self.assertRaisesRegex(RuntimeError, not_g):
            gpufec.ldpc_code("galist:" + gap)
        with self.assertRaisesRegex(ValueError, not_g):
            gpufec.ldpc_encoder.make("galist:" + gap)
        with self.assertRaisesRegex(ValueError, "placement pivot is not available"):
            gpufec.ldpc_code("galist:%s:pivot" % gen)
        # other unknown specs keep their error, with the valid forms
        for spec in ("foo", "/tmp/h.txt"):
            with self.assertRaisesRegex(ValueError, "(?s)expected FAMILY:.*galist:PATH"):
                gpufec.ldpc_code(spec)
        with self.assertRaisesRegex(ValueError, "not an information placement"):
            gpufec.ldpc_code("alist:/nonexistent/h.alist:grfc")
        # GRC's helper
        self.assertEqual(gpufec.code_spec("alist_grfec", path=gap), "alist:%s:grfec" % gap)
        self.assertEqual(gpufec.code_spec("galist", path=gen), "galist:" + gen)

    def test_grc_definitions(self):
        grcc = shutil.which("grcc")
        if grcc is None:
            self.skipTest("grcc not found")
        import yaml
        tmp = tempfile.mkdtemp(prefix="gpufec_grfec_")
        try:
            env = dict(os.environ)
            if BUILD_TREE:
                shim = os.path.join(tmp, "shim", "gnuradio")
                os.makedirs(shim)
                os.symlink(os.path.dirname(os.path.abspath(gpufec.__file__)),
                           os.path.join(shim, "gpufec"))
                env["PYTHONPATH"] = os.path.join(tmp, "shim")
                env["GRC_BLOCKS_PATH"] = os.path.join(SOURCE_DIR, "grc")

            def block(name, id_, **params):
                return {"name": name, "id": id_, "parameters": params,
                        "states": {"coordinate": [0, 0], "rotation": 0,
                                   "state": "enabled"}}
            fg = {
                "options": {"parameters": {"id": "grfec_defs", "generate_options": "no_gui",
                                           "output_language": "python"},
                            "states": {"coordinate": [0, 0], "rotation": 0,
                                       "state": "enabled"}},
                "blocks": [
                    block("dec_def", "variable_gpufec_ldpc_decoder_def", ndim="0",
                          family="alist_grfec",
                          file=repr(path_of("n_0100_k_0042_gap_02.alist")),
                          algorithm="spa", schedule="flooding", sigma="0.5",
                          backend=but.BACKEND),
                    block("enc_def", "variable_gpufec_ldpc_encoder_def", ndim="0",
                          family="galist",
                          file=repr(path_of("n_0100_k_0058_gen_matrix.alist"))),
                ],
                "connections": [],
                "metadata": {"file_format": 1},
            }
            path = os.path.join(tmp, "grfec_defs.grc")
            with open(path, "w") as f:
                yaml.safe_dump(fg, f)
            out_dir = os.path.join(tmp, "gen")
            proc = subprocess.run([grcc, "-o", out_dir, path], env=env, cwd=tmp,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  text=True, timeout=300)
            self.assertEqual(proc.returncode, 0, proc.stdout)
            probe = ("import sys; sys.path.insert(0, %r); import grfec_defs; "
                     "tb = grfec_defs.grfec_defs(); print(tb.dec_def.k(), "
                     "tb.dec_def.llr_scale(), tb.enc_def.k(), tb.dec_def.code_name())"
                     % out_dir)
            proc = subprocess.run([sys.executable, "-c", probe], env=env, cwd=tmp,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  text=True, timeout=300)
            self.assertEqual(proc.returncode, 0, proc.stdout)
            self.assertIn("42 2.0 58 alist:", proc.stdout)
            self.assertIn(":grfec", proc.stdout)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    if not os.path.isdir(GRFEC_DIR):
        print("SKIP: gr-fec's alist files not found at %s (set GPUFEC_REFCODES_DIR)"
              % GRFEC_DIR)
        sys.exit(77)
    gr_unittest.run(qa_grfec_interop)
