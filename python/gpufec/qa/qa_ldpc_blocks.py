#!/usr/bin/env python3
#
# The stream blocks ldpc_encoder_bb and ldpc_decoder_fb in flowgraphs, on the
# backend under test (backend_under_test.py: GPUFEC_TEST_BACKEND, cpu by
# default; EMS on the CPU, the one backend that has it): encoder -> decoder round trips with and without noise, both input
# sign conventions, the per-frame tags, frames per call, setters, 100,000 frames
# with sequence numbers (none lost, duplicated or reordered), the warning about
# input of the opposite sign convention (caught through GNU Radio's logger), and
# bad parameters refused at construction with ValueError. The same blocks with
# GF(q) codes (NB_SPEC, NB_SPEC64): round trips with and without noise, both sign
# conventions, Min-Max and EMS, codeword output, the tags, the sign warning, and
# the options of the other kind of code refused. Precision: every precision the
# backend under test offers (backend_under_test.py: GPUFEC_TEST_BACKEND, cpu by
# default), auto among them, decodes fresh noisy frames of a real code as float32
# does; the precisions it has not, bad devices and bad fixed-point options are
# refused, and a nonbinary code takes auto and float32 only.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
import os
import tempfile

import numpy as np
import pmt
from gnuradio import blocks, digital, gr, gr_unittest

try:
    import gpufec  # the build tree (PYTHONPATH set by CTest)
except ImportError:
    from gnuradio import gpufec

import backend_under_test as but
from gr_logs import catch_log


NB_SPEC = "nbqc:16:2:8"  # GF(16), N = 120 symbols, K = 91, 480 bits
NB_SPEC64 = "nbreg:64:96:2:4"  # GF(64), N = 96, K = 48, 576 bits


def noisy_llrs(cw, sigma, seed):
    """BPSK (bit 0 -> +1) over AWGN, exact LLRs 2y/sigma^2 (positive = bit 0)."""
    y = (1.0 - 2.0 * cw) + sigma * np.random.default_rng(seed).standard_normal(cw.shape)
    return (2.0 * y / sigma ** 2).astype(np.float32)


def run_decoder(llrs, spec, **kwargs):
    """Runs float LLRs through ldpc_decoder_fb; returns (bits, tags, block)."""
    tb = gr.top_block()
    src = blocks.vector_source_f(np.asarray(llrs, dtype=np.float32).ravel().tolist())
    kwargs.setdefault("backend", but.BACKEND)
    dec = gpufec.ldpc_decoder_fb(spec, **kwargs)
    snk = blocks.vector_sink_b()
    tb.connect(src, dec, snk)
    tb.run()
    return np.array(snk.data(), dtype=np.uint8), snk.tags(), dec


def tag_table(tags, key):
    """{offset: value} of the tags with this key."""
    return {t.offset: pmt.to_python(t.value) for t in tags
            if pmt.symbol_to_string(t.key) == key}


def sign_warnings(log):
    """The wrong-sign warnings the sink holds."""
    return [m for msgs in log.get_map().values() for _, m in msgs
            if "opposite sign convention" in m]


class qa_ldpc_blocks(gr_unittest.TestCase):
    def test_encoder_block_matches_core(self):
        code = gpufec.ldpc_code("wimax:576:1/2")
        info = np.random.default_rng(1).integers(0, 2, size=(5, code.k), dtype=np.uint8)
        tb = gr.top_block()
        src = blocks.vector_source_b(info.ravel().tolist())
        enc = gpufec.ldpc_encoder_bb("wimax:576:1/2")
        snk = blocks.vector_sink_b()
        tb.connect(src, enc, snk)
        tb.run()
        self.assertEqual((enc.n(), enc.k(), enc.code_name()), (576, 288, "wimax:576:1/2"))
        np.testing.assert_array_equal(np.array(snk.data()).reshape(5, -1), code.encode(info))

    def test_round_trip_noiseless_and_tags(self):
        spec, frames = "wifi:648:1/2", 12
        code = gpufec.ldpc_code(spec)
        info = np.random.default_rng(2).integers(0, 2, size=frames * code.k, dtype=np.uint8)
        tb = gr.top_block()
        src = blocks.vector_source_b(info.tolist())
        enc = gpufec.ldpc_encoder_bb(spec)
        to_f = blocks.char_to_float(1, 1)
        llr = blocks.multiply_const_ff(-8.0)   # bit b -> 4 - 8b: positive means 0
        off = blocks.add_const_ff(4.0)
        dec = gpufec.ldpc_decoder_fb(spec, backend=but.BACKEND, frames_per_call=5)
        snk = blocks.vector_sink_b()
        tb.connect(src, enc, to_f, llr, off, dec, snk)
        tb.run()
        np.testing.assert_array_equal(np.array(snk.data(), dtype=np.uint8), info)
        its = tag_table(snk.tags(), "iterations")
        ok = tag_table(snk.tags(), "parity_ok")
        offsets = [f * code.k for f in range(frames)]
        self.assertEqual(sorted(its), offsets)
        self.assertEqual(sorted(ok), offsets)
        self.assertTrue(all(v == 1 for v in its.values()))
        self.assertTrue(all(v is True for v in ok.values()))
        self.assertEqual((dec.frames_decoded(), dec.frames_failed()), (frames, 0))
        self.assertEqual(dec.backend(), but.BACKEND)

    def test_noisy_round_trip(self):
        spec, frames = "wifi:1944:1/2", 40
        code = gpufec.ldpc_code(spec)
        info = np.random.default_rng(3).integers(0, 2, size=(frames, code.k), dtype=np.uint8)
        llrs = gpufec.awgn_channel("bpsk", 2.5, code.rate, seed=5).transmit(code.encode(info))
        bits, tags, dec = run_decoder(llrs, spec, max_iterations=20)
        bits = bits.reshape(frames, code.k)
        good = (bits == info).all(axis=1)
        self.assertGreaterEqual(good.sum(), frames - 1)
        its = tag_table(tags, "iterations")
        ok = tag_table(tags, "parity_ok")
        self.assertEqual(len(its), frames)
        self.assertGreater(max(its.values()), 1)
        # a frame that passed its parity checks at this SNR is the sent one
        for f in range(frames):
            if ok[f * code.k]:
                self.assertTrue(good[f])
        # the core's batch API gives the very same bits and iterations
        ref_bits, ref_its, ref_ok = gpufec.batch_decoder(
            code, backend=but.BACKEND, max_iterations=20).decode(llrs)
        np.testing.assert_array_equal(bits, ref_bits)
        self.assertEqual([its[f * code.k] for f in range(frames)], ref_its.tolist())
        self.assertEqual([ok[f * code.k] for f in range(frames)], ref_ok.tolist())

    def test_sign_conventions(self):
        spec, frames = "wimax:576:1/2", 6
        code = gpufec.ldpc_code(spec)
        info = np.random.default_rng(4).integers(0, 2, size=(frames, code.k), dtype=np.uint8)
        cw = code.encode(info).astype(np.float32)
        soft_bits = 2.0 * cw - 1.0                # gr-fec: positive means 1
        bits, _, _ = run_decoder(soft_bits, spec, sign="positive_is_1")
        np.testing.assert_array_equal(bits.reshape(frames, -1), info)
        llrs = 1.0 - 2.0 * cw                     # ours: positive means 0
        bits, _, _ = run_decoder(llrs, spec, sign="positive_is_0", llr_scale=3.0)
        np.testing.assert_array_equal(bits.reshape(frames, -1), info)
        # the wrong convention decodes the complement codeword, not the data
        bits, _, _ = run_decoder(soft_bits, spec, sign="positive_is_0")
        self.assertFalse(np.array_equal(bits.reshape(frames, -1), info))

    def test_wrong_sign_warns_once(self):
        # input of the opposite convention fails every frame; after 50 in a row the
        # block decodes one again negated, which passes, and warns once. The right
        # sign never warns, nor does noise that decodes neither way.
        log = catch_log()
        spec, frames = "wifi:648:1/2", 120
        code = gpufec.ldpc_code(spec)
        info = np.random.default_rng(13).integers(0, 2, size=(frames, code.k), dtype=np.uint8)
        llrs = gpufec.awgn_channel("bpsk", 3.0, code.rate, seed=14).transmit(code.encode(info))
        bits, _, dec = run_decoder(llrs, spec, frames_per_call=8)
        self.assertGreaterEqual((bits.reshape(frames, -1) == info).all(axis=1).sum(),
                                frames - 2)
        self.assertFalse(dec.sign_warning_issued())
        noise = np.random.default_rng(15).standard_normal(200 * code.n)
        _, _, dec = run_decoder(noise, spec, frames_per_call=8)
        self.assertEqual(dec.frames_failed(), 200)
        self.assertFalse(dec.sign_warning_issued())
        self.assertEqual(sign_warnings(log), [])
        # gr-fec soft bits (positive means 1) into the default sign="positive_is_0"
        bits, _, dec = run_decoder(-llrs, spec, frames_per_call=8)
        self.assertEqual(dec.frames_failed(), frames)
        self.assertTrue(dec.sign_warning_issued())
        warnings = sign_warnings(log)
        self.assertEqual(len(warnings), 1)
        self.assertIn('set sign="positive_is_1"', warnings[0])
        # the check leaves the output alone: the bits of the wrong-sign decode
        ref, _, _ = gpufec.batch_decoder(code, backend=but.BACKEND).decode(-llrs)
        np.testing.assert_array_equal(bits.reshape(frames, -1), ref)
        # LLRs into sign="positive_is_1"
        _, _, dec = run_decoder(llrs, spec, sign="positive_is_1", llr_scale=0.5)
        self.assertTrue(dec.sign_warning_issued())
        warnings = sign_warnings(log)
        self.assertEqual(len(warnings), 2)
        self.assertEqual(sum('set sign="positive_is_0"' in w for w in warnings), 1)

    def test_noisy_soft_bits_spa_with_scale(self):
        spec, frames, ebn0 = "wifi:648:1/2", 30, 3.0
        code = gpufec.ldpc_code(spec)
        info = np.random.default_rng(6).integers(0, 2, size=(frames, code.k), dtype=np.uint8)
        ch = gpufec.awgn_channel("bpsk", ebn0, code.rate, seed=9)
        llrs = ch.transmit(code.encode(info))
        y = -llrs * ch.sigma**2 / 2               # the BPSK samples, positive means 1
        bits, _, _ = run_decoder(y, spec, algorithm="spa", sign="positive_is_1",
                                 llr_scale=2.0 / ch.sigma**2)
        ref, _, _ = gpufec.batch_decoder(code, algorithm="spa",
                                         backend=but.BACKEND).decode(llrs)
        self.assertGreaterEqual((bits.reshape(frames, -1) == ref).all(axis=1).sum(),
                                frames - 1)

    def test_output_codeword_and_frames_per_call(self):
        spec, frames = "wimax:576:2/3A", 9
        code = gpufec.ldpc_code(spec)
        info = np.random.default_rng(7).integers(0, 2, size=(frames, code.k), dtype=np.uint8)
        cw = code.encode(info)
        llrs = 4.0 * (1.0 - 2.0 * cw)
        for fpc in (1, 4, 100):
            bits, tags, dec = run_decoder(llrs, spec, output_codeword=True,
                                          frames_per_call=fpc)
            self.assertEqual(dec.output_frame_size(), code.n)
            np.testing.assert_array_equal(bits.reshape(frames, -1), cw)
            self.assertEqual(sorted(tag_table(tags, "iterations")),
                             [f * code.n for f in range(frames)])

    def test_frames_batched_per_call(self):
        # with room for many frames upstream, one decoder call takes several of
        # them, never more than frames_per_call
        spec, frames, fpc = "wimax:576:1/2", 640, 16
        code = gpufec.ldpc_code(spec)
        llrs = np.full(frames * code.n, 4.0, dtype=np.float32)
        tb = gr.top_block()
        src = blocks.vector_source_f(llrs.tolist())
        src.set_min_output_buffer(4 * fpc * code.n)
        dec = gpufec.ldpc_decoder_fb(spec, backend=but.BACKEND, frames_per_call=fpc)
        snk = blocks.vector_sink_b()
        tb.connect(src, dec, snk)
        tb.run()
        self.assertEqual(dec.frames_decoded(), frames)
        self.assertGreaterEqual(dec.decoder_calls(), frames // fpc)
        self.assertLessEqual(dec.decoder_calls(), frames // 4)
        self.assertEqual(len(snk.data()), frames * code.k)

    def test_partial_frame_is_not_output(self):
        spec = "wimax:576:1/2"
        code = gpufec.ldpc_code(spec)
        llrs = np.full(3 * code.n + 100, 5.0, dtype=np.float32)  # all-zero codewords
        bits, tags, _ = run_decoder(llrs, spec)
        self.assertEqual(bits.size, 3 * code.k)
        self.assertFalse(bits.any())

    def test_setters(self):
        dec = gpufec.ldpc_decoder_fb("wifi:648:1/2", backend=but.BACKEND)
        self.assertAlmostEqual(dec.alpha(), 0.8125)  # the family default
        self.assertAlmostEqual(dec.beta(), 0.5)
        dec.set_max_iterations(25)
        dec.set_alpha(0.5)
        dec.set_beta(0.25)
        self.assertEqual(dec.max_iterations(), 25)
        self.assertAlmostEqual(dec.alpha(), 0.5)
        self.assertAlmostEqual(dec.beta(), 0.25)
        with self.assertRaises(ValueError):
            dec.set_max_iterations(0)
        with self.assertRaises(ValueError):
            dec.set_alpha(0.0)
        with self.assertRaises(ValueError):
            dec.set_beta(-2.0)
        # -1: back to the code family's defaults (wifi: 0.8125 / 0.5)
        dec.set_alpha(-1.0)
        dec.set_beta(-1.0)
        self.assertAlmostEqual(dec.alpha(), 0.8125)
        self.assertAlmostEqual(dec.beta(), 0.5)

    def test_setters_while_running(self):
        spec, frames = "wifi:648:1/2", 3000
        code = gpufec.ldpc_code(spec)
        info = np.random.default_rng(12).integers(0, 2, size=(frames, code.k), dtype=np.uint8)
        llrs = gpufec.awgn_channel("bpsk", 3.0, code.rate, seed=2).transmit(code.encode(info))
        tb = gr.top_block()
        src = blocks.vector_source_f(llrs.ravel().tolist())
        # float32: the alphas near 1 below are plain min-sum, which int8 (auto on
        # the CPU) decodes with another clamp (docs/VALIDATION.md "precision auto")
        dec = gpufec.ldpc_decoder_fb(spec, backend=but.BACKEND, frames_per_call=8,
                                     precision="float32")
        snk = blocks.vector_sink_b()
        tb.connect(src, dec, snk)
        tb.start()
        for i in range(200):
            dec.set_max_iterations(5 + i % 20)
            dec.set_alpha(0.5 + 0.01 * (i % 50))
            dec.set_beta(0.1 * (i % 5))
        tb.wait()
        bits = np.array(snk.data(), dtype=np.uint8).reshape(frames, -1)
        self.assertGreaterEqual((bits == info).all(axis=1).sum(), frames - 10)
        self.assertEqual(dec.frames_decoded(), frames)

    def test_sequence_numbers_100k_frames(self):
        # 100,000 frames, each carrying its index in its first 24 bits: the output
        # must be exactly the input (no frame lost, duplicated or reordered)
        spec, frames = "wimax:576:1/2", 100000
        code = gpufec.ldpc_code(spec)
        rng = np.random.default_rng(8)
        info = rng.integers(0, 2, size=(frames, code.k), dtype=np.uint8)
        idx = np.arange(frames, dtype=np.uint32)
        info[:, :24] = (idx[:, None] >> np.arange(24, dtype=np.uint32)) & 1
        with tempfile.TemporaryDirectory() as tmp:
            info.tofile(os.path.join(tmp, "in.u8"))
            tb = gr.top_block()
            src = blocks.file_source(gr.sizeof_char, os.path.join(tmp, "in.u8"), False)
            enc = gpufec.ldpc_encoder_bb(spec)
            to_f = blocks.char_to_float(1, 1)
            llr = blocks.multiply_const_ff(-6.0)
            off = blocks.add_const_ff(3.0)
            dec = gpufec.ldpc_decoder_fb(spec, backend=but.BACKEND, frames_per_call=32)
            snk = blocks.file_sink(gr.sizeof_char, os.path.join(tmp, "out.u8"))
            snk.set_unbuffered(False)
            tb.connect(src, enc, to_f, llr, off, dec, snk)
            tb.run()
            snk.close()
            out = np.fromfile(os.path.join(tmp, "out.u8"), dtype=np.uint8)
        self.assertEqual(out.size, info.size)
        seq = (out.reshape(frames, -1)[:, :24].astype(np.uint32) <<
               np.arange(24, dtype=np.uint32)).sum(axis=1)
        np.testing.assert_array_equal(seq, idx)
        np.testing.assert_array_equal(out.reshape(frames, -1), info)
        self.assertEqual(dec.frames_decoded(), frames)

    def test_gfq_encoder_block_matches_core(self):
        code = gpufec.nb_ldpc_code(NB_SPEC)
        info = np.random.default_rng(3).integers(0, 2, size=(6, code.k_bits), dtype=np.uint8)
        tb = gr.top_block()
        src = blocks.vector_source_b(info.ravel().tolist())
        enc = gpufec.ldpc_encoder_bb(NB_SPEC)
        snk = blocks.vector_sink_b()
        tb.connect(src, enc, snk)
        tb.run()
        self.assertEqual((enc.n(), enc.k(), enc.q(), enc.p(), enc.code_name()),
                         (120, 91, 16, 4, NB_SPEC))
        np.testing.assert_array_equal(np.array(snk.data()).reshape(6, -1), code.encode(info))

    def gfq_round_trip(self, spec, sigma, sign="positive_is_0", frames=6, **kwargs):
        code = gpufec.nb_ldpc_code(spec)
        info = np.random.default_rng(7).integers(0, 2, size=frames * code.k_bits,
                                                 dtype=np.uint8)
        cw = code.encode(info.reshape(frames, -1)).ravel()
        tb = gr.top_block()
        src = blocks.vector_source_b(info.tolist())
        enc = gpufec.ldpc_encoder_bb(spec)
        to_pm = digital.map_bb([1, -1] if sign == "positive_is_0" else [-1, 1])
        to_f = blocks.char_to_float(1, 1)
        noise = blocks.vector_source_f(
            (sigma * np.random.default_rng(8).standard_normal(cw.size)).astype(
                np.float32).tolist())
        add = blocks.add_ff()
        dec = gpufec.ldpc_decoder_fb(spec, backend=but.nb_backend(kwargs.get("algorithm",
                                                                             "minmax")),
                                     sign=sign,
                                     llr_scale=2.0 / max(sigma, 0.3) ** 2, **kwargs)
        snk = blocks.vector_sink_b()
        tb.connect(src, enc, to_pm, to_f, (add, 0))
        tb.connect(noise, (add, 1))
        tb.connect(add, dec, snk)
        tb.run()
        return info, cw, np.array(snk.data(), np.uint8), snk.tags(), dec

    def test_gfq_round_trip_noiseless_and_tags(self):
        info, _, out, tags, dec = self.gfq_round_trip(NB_SPEC, 0.0, frames_per_call=4)
        np.testing.assert_array_equal(out, info)
        kb = dec.output_frame_size()
        self.assertEqual((kb, dec.input_frame_size()), (364, 480))
        its = tag_table(tags, "iterations")
        oks = tag_table(tags, "parity_ok")
        self.assertEqual(sorted(its), [f * kb for f in range(6)])
        self.assertEqual(sorted(oks), [f * kb for f in range(6)])
        self.assertTrue(all(v == 1 for v in its.values()))
        self.assertTrue(all(oks.values()))
        self.assertEqual((dec.frames_decoded(), dec.frames_failed()), (6, 0))
        self.assertGreaterEqual(dec.decoder_calls(), 2)  # at most 4 frames per call

    def test_gfq_round_trip_noisy_both_signs_and_rules(self):
        for sign in ("positive_is_0", "positive_is_1"):
            for algorithm in ("minmax", "ems"):
                info, _, out, tags, dec = self.gfq_round_trip(
                    NB_SPEC, 0.45, sign=sign, algorithm=algorithm, max_iterations=20)
                np.testing.assert_array_equal(out, info, err_msg=sign + " " + algorithm)
                its = tag_table(tags, "iterations")
                self.assertTrue(max(its.values()) >= 1)
                self.assertTrue(all(tag_table(tags, "parity_ok").values()))

    def test_gfq_gf64_and_codeword_output(self):
        info, cw, out, _, dec = self.gfq_round_trip(NB_SPEC64, 0.5, frames=3,
                                                    output_codeword=True,
                                                    schedule="flooding", max_iterations=20)
        self.assertEqual((dec.q(), dec.p(), dec.output_frame_size()), (64, 6, 576))
        np.testing.assert_array_equal(out, cw)

    def test_gfq_undecodable_frames_tagged_failed(self):
        llrs = np.random.default_rng(9).standard_normal(2 * 480).astype(np.float32)
        out, tags, dec = run_decoder(llrs, NB_SPEC, max_iterations=3)
        self.assertEqual(len(out), 2 * 364)
        self.assertEqual(list(tag_table(tags, "parity_ok").values()), [False, False])
        self.assertEqual(dec.frames_failed(), 2)

    def test_gfq_wrong_sign_warns_once(self):
        # 60 frames of the opposite convention: the block warns once (GNU Radio's
        # logger and sign_warning_issued()); the right sign does not
        log = catch_log()
        frames = 60
        code = gpufec.nb_ldpc_code(NB_SPEC)
        info = np.random.default_rng(16).integers(
            0, 2, size=(frames, code.k_bits), dtype=np.uint8)
        llrs = noisy_llrs(code.encode(info), 0.45, 17)
        results = {name: run_decoder(data, NB_SPEC, frames_per_call=8)[2]
                   for name, data in (("right", llrs), ("wrong", -llrs))}
        self.assertEqual(results["right"].frames_failed(), 0)
        self.assertFalse(results["right"].sign_warning_issued())
        self.assertEqual(results["wrong"].frames_failed(), frames)
        self.assertTrue(results["wrong"].sign_warning_issued())
        warnings = sign_warnings(log)
        self.assertEqual(len(warnings), 1)
        self.assertIn('set sign="positive_is_1"', warnings[0])

    def test_gfq_bad_parameters(self):
        bad = [
            dict(spec="nbqc:15:2:8"),             # q not a power of two
            dict(spec=NB_SPEC, algorithm="nms"),  # a binary rule
            dict(spec=NB_SPEC, alpha=0.8),        # a binary option
            dict(spec=NB_SPEC, beta=0.5),
            dict(spec=NB_SPEC, schedule="random"),
            dict(spec=NB_SPEC, max_iterations=0),
            dict(spec=NB_SPEC, ems_scale=1.5),
            dict(spec=NB_SPEC, ems_offset=-1.0),
            dict(spec=NB_SPEC, backend="fpga"),
            dict(spec=NB_SPEC, sign="positive"),
            dict(spec=NB_SPEC, llr_scale=0.0),
            dict(spec="wifi:648:1/2", algorithm="minmax"),  # a nonbinary rule
            dict(spec="wifi:648:1/2", ems_nm=4),            # nonbinary options
            dict(spec="wifi:648:1/2", ems_scale=0.5),
        ]
        for kw in bad:
            with self.assertRaises(ValueError, msg=str(kw)):
                gpufec.ldpc_decoder_fb(**kw)
            with self.assertRaises(ValueError, msg=str(kw)):
                gpufec.ldpc_decoder_pdu(**kw)
            if "sign" not in kw:
                with self.assertRaises(ValueError, msg=str(kw)):
                    gpufec.ldpc_decoder.make(**kw)
        with self.assertRaises(ValueError) as cm:
            gpufec.ldpc_decoder_fb(NB_SPEC, alpha=0.8)
        self.assertIn("binary codes only", str(cm.exception))
        with self.assertRaises(ValueError):
            gpufec.ldpc_decoder_fb(NB_SPEC, frames_per_call=0)
        with self.assertRaises(ValueError):
            gpufec.ldpc_decoder.make(NB_SPEC, frames=0)
        for spec in ("nbqc:16:2", "nbalist:/nonexistent"):
            with self.assertRaises(ValueError, msg=spec):
                gpufec.ldpc_encoder_bb(spec)
            with self.assertRaises(ValueError, msg=spec):
                gpufec.ldpc_encoder.make(spec)
        with self.assertRaises(ValueError):
            gpufec.ldpc_encoder.make(NB_SPEC, frames=0)
        with self.assertRaises(ValueError):
            gpufec.nb_ldpc_code(NB_SPEC).encode(np.full(364, 2, np.uint8))
        # alpha / beta of a GF(q) decoder: -1 (none) is taken, another value refused
        dec = gpufec.ldpc_decoder_fb(NB_SPEC, backend=but.BACKEND)
        dec.set_alpha(-1.0)
        self.assertEqual((dec.alpha(), dec.beta()), (-1.0, -1.0))
        self.assertRaises(ValueError, dec.set_alpha, 0.5)
        self.assertRaises(ValueError, dec.set_beta, 0.5)

    def test_precisions_decode_noisy_frames(self):
        # fresh random frames of wimax:576:1/2 at an Eb/N0 where float32 fails
        # well under 1%: every precision of the backend decodes (nearly) every
        # frame to the transmitted bits, as float32 does
        code = gpufec.ldpc_code(but.SPEC)
        frames = 400
        info, _, llrs = but.noisy_frames(code, frames)
        results = {}
        for precision in but.PRECISIONS:
            tb = gr.top_block()
            src = blocks.vector_source_f(llrs.ravel().tolist())
            dec = gpufec.ldpc_decoder_fb(but.SPEC, backend=but.BACKEND,
                                         precision=precision, frames_per_call=32)
            snk = blocks.vector_sink_b()
            tb.connect(src, dec, snk)
            tb.run()
            bits = np.array(snk.data(), dtype=np.uint8).reshape(frames, code.k)
            want = but.AUTO_MIN_SUM if precision == "auto" else precision
            self.assertEqual(dec.precision(), want)
            self.assertEqual(dec.backend(), but.BACKEND)
            errors = but.frame_errors(bits, info)
            self.assertLessEqual(errors, 4, msg="%s: %d of %d frames wrong"
                                 % (precision, errors, frames))
            results[precision] = bits
        for precision, bits in results.items():
            differ = int((~(bits == results["float32"]).all(axis=1)).sum())
            self.assertLessEqual(differ, 4, msg="%s vs float32: %d frames differ"
                                 % (precision, differ))

    def test_precision_auto_per_rule(self):
        # auto is float32 for SPA (both backends) and the backend's narrow
        # precision for the min-sum family
        for algorithm in ("ms", "nms", "oms", "scms", "spa"):
            dec = gpufec.ldpc_decoder_fb(but.SPEC, backend=but.BACKEND,
                                         algorithm=algorithm)
            self.assertEqual(dec.precision(), but.auto_precision(algorithm), msg=algorithm)
        # fixed-point options reach a fixed-point precision: int8 is the CPU
        # backend's (backend cuda refuses it, test_precision_device_and_fixed_refused)
        code = gpufec.ldpc_code(but.SPEC)
        info, _, llrs = but.noisy_frames(code, 64)
        bits, _, _ = run_decoder(llrs, but.SPEC, backend="cpu", precision="int8",
                                 fraction_bits=3, channel_max=100, c2v_max=40)
        self.assertLessEqual(but.frame_errors(bits, info), 2)

    def test_precision_device_and_fixed_refused(self):
        cases = [
            (dict(precision="fp8"), "precision"),
            (dict(device=-1), "device"),
            (dict(backend="cpu", device=1), "device"),
            (dict(backend="cpu", precision="int8", fraction_bits=13), "fraction_bits"),
            (dict(backend="cpu", precision="int8", fraction_bits=-2), "fraction_bits"),
            (dict(backend="cpu", precision="int8", channel_max=200), "channel_max"),
            (dict(backend="cpu", precision="int16", channel_max=-1), "channel_max"),
            (dict(backend="cpu", precision="int8", c2v_max=128), "c2v_max"),
            (dict(backend="cpu", algorithm="nms", channel_max=200), "precision auto is int8"),
            (dict(precision="float32", fraction_bits=3), "fraction_bits"),
            (dict(backend="auto", precision="half2", c2v_max=20), "c2v_max"),
        ]
        cases += [(dict(backend=but.BACKEND, precision=p), "precision")
                  for p in but.REFUSED]
        # half2 on the CPU backend, whatever the backend under test
        cases.append((dict(backend="cpu", precision="half2"), "half2"))
        for kwargs, needle in cases:
            kwargs = dict(dict(backend=but.BACKEND), **kwargs)
            with self.assertRaises(ValueError, msg=str(kwargs)) as cm:
                gpufec.ldpc_decoder_fb(but.SPEC, **kwargs)
            self.assertIn(needle, str(cm.exception))
            self.assertIn("ldpc_decoder_fb", str(cm.exception))
        with self.assertRaises(ValueError) as cm:
            gpufec.ldpc_decoder_fb(but.SPEC, backend="cpu", precision="half2")
        self.assertIn("precision is 'half2', but backend is 'cpu'", str(cm.exception))

    def test_gfq_precision_and_device(self):
        # the nonbinary decoders compute in float32: auto and float32 taken,
        # the narrow precisions and the fixed-point options refused
        for precision in ("auto", "float32"):
            dec = gpufec.ldpc_decoder_fb(NB_SPEC, backend=but.BACKEND, precision=precision)
            self.assertEqual(dec.precision(), but.auto_precision(nonbinary=True))
        for precision in ("int8", "int16", "half2"):
            with self.assertRaises(ValueError, msg=precision) as cm:
                gpufec.ldpc_decoder_fb(NB_SPEC, backend=but.BACKEND, precision=precision)
            self.assertIn("precision is '%s'" % precision, str(cm.exception))
            self.assertIn("nonbinary", str(cm.exception))
        # (a device other than 0 is refused with backend cpu; with backend cuda a
        # device the machine lacks raises BackendUnavailable instead)
        for kw in (dict(fraction_bits=3), dict(channel_max=50), dict(c2v_max=20),
                   dict(device=-1), dict(device=1, backend="cpu")):
            kw = dict(dict(backend=but.BACKEND), **kw)
            with self.assertRaises(ValueError, msg=str(kw)):
                gpufec.ldpc_decoder_fb(NB_SPEC, **kw)
        # still decodes, with precision float32
        ncode = gpufec.nb_ldpc_code(NB_SPEC)
        info = np.random.default_rng(31).integers(0, 2, size=(3, ncode.k_bits),
                                                  dtype=np.uint8)
        llrs = (4.0 * (1.0 - 2.0 * ncode.encode(info))).astype(np.float32)
        bits, _, _ = run_decoder(llrs, NB_SPEC, precision="float32")
        np.testing.assert_array_equal(bits, info.ravel())

    def test_bad_parameters(self):
        cases = [
            (dict(spec="nonsense"), "nonsense"),
            (dict(spec="wifi:600:1/2"), "648"),
            (dict(spec="alist:/nonexistent/file.alist"), "nonexistent"),
            (dict(spec="wifi:648:1/2", frames_per_call=0), "frames_per_call"),
            (dict(spec="wifi:648:1/2", frames_per_call=2**31 - 1), "2^28"),
            (dict(spec="wifi:648:1/2", alpha=0.0), "alpha"),
            (dict(spec="wifi:648:1/2", beta=-2.0), "beta"),
            (dict(spec="wifi:648:1/2", max_iterations=0), "iteration"),
            (dict(spec="wifi:648:1/2", algorithm="bogus"), "bogus"),
            (dict(spec="wifi:648:1/2", schedule="bogus"), "bogus"),
            (dict(spec="wifi:648:1/2", backend="bogus"), "bogus"),
            (dict(spec="wifi:648:1/2", sign="bogus"), "sign"),
            (dict(spec="wifi:648:1/2", llr_scale=0.0), "llr_scale"),
        ]
        for kwargs, needle in cases:
            with self.assertRaises(ValueError, msg=str(kwargs)) as cm:
                gpufec.ldpc_decoder_fb(**kwargs)
            self.assertIn(needle, str(cm.exception))
            self.assertIn("ldpc_decoder_fb", str(cm.exception))
        with self.assertRaises(ValueError):
            gpufec.ldpc_encoder_bb("nonsense")


if __name__ == "__main__":
    gr_unittest.run(qa_ldpc_blocks)
