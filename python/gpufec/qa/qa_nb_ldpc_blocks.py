#!/usr/bin/env python3
#
# The nonbinary (GF(q)) layer of gr-gpufec on the CPU backend: the numpy API
# (nb_ldpc_code, nb_batch_decoder), the stream blocks nb_ldpc_encoder_bb and
# nb_ldpc_decoder_fb (round trips with and without noise, both sign conventions,
# per-frame tags, codeword output, Min-Max and EMS, the warning about input of
# the opposite sign convention), the PDU decoder
# nb_ldpc_decoder_pdu (several frames per PDU, wrong length / type dropped and
# counted), the FECAPI objects nb_ldpc_encoder / nb_ldpc_decoder inside
# fec.extended_encoder / extended_decoder with threading None, 'ordinary' and
# 'capillary', fec.tagged_* and fec.async_*, and bad parameters refused with
# ValueError.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
import time

import numpy as np
import pmt
from gnuradio import blocks, digital, fec, gr, gr_unittest

try:
    import gpufec  # the build tree (PYTHONPATH set by CTest)
except ImportError:
    from gnuradio import gpufec

SPEC = "nbqc:16:2:8"         # GF(16), N = 120 symbols, K = 91, 480 bits
SPEC64 = "nbreg:64:96:2:4"   # GF(64), N = 96, K = 48, 576 bits


def tag_table(tags, key):
    """{offset: value} of the tags with this key."""
    return {t.offset: pmt.to_python(t.value) for t in tags
            if pmt.symbol_to_string(t.key) == key}


def noisy_llrs(cw, sigma, seed):
    """BPSK (bit 0 -> +1) over AWGN, exact LLRs 2y/sigma^2 (positive = bit 0)."""
    y = (1.0 - 2.0 * cw) + sigma * np.random.default_rng(seed).standard_normal(cw.shape)
    return (2.0 * y / sigma ** 2).astype(np.float32)


def run_pdus(dec, messages, expected):
    """Posts messages to dec; returns the PDUs it published."""
    tb = gr.top_block()
    dbg = blocks.message_debug()
    tb.msg_connect((dec, "pdus"), (dbg, "store"))
    tb.start()
    for msg in messages:
        dec._post(pmt.intern("pdus"), msg)
    deadline = time.time() + 30
    while (dbg.num_messages() < expected or
           dec.decoded_pdus() + dec.dropped_pdus() < len(messages)) and time.time() < deadline:
        time.sleep(0.01)
    tb.stop()
    tb.wait()
    return [dbg.get_message(i) for i in range(dbg.num_messages())]


class qa_nb_ldpc_blocks(gr_unittest.TestCase):
    def setUp(self):
        self.code = gpufec.nb_ldpc_code(SPEC)
        self.frames = 6
        self.info = np.random.default_rng(3).integers(
            0, 2, size=(self.frames, self.code.k_bits), dtype=np.uint8)
        self.cw = self.code.encode(self.info)

    # numpy API -------------------------------------------------------------
    def test_code_and_batch_decoder(self):
        c = self.code
        self.assertEqual((c.n, c.k, c.q, c.p, c.n_bits, c.k_bits),
                         (120, 91, 16, 4, 480, 364))
        self.assertTrue(c.check(self.cw).all())
        for algorithm in ("minmax", "ems"):
            for schedule in ("layered", "flooding"):
                dec = gpufec.nb_batch_decoder(c, algorithm=algorithm, schedule=schedule,
                                              backend="cpu", max_iterations=20)
                self.assertEqual(dec.backend, "cpu")
                bits, its, ok = dec.decode(noisy_llrs(self.cw, 0.45, 4))
                np.testing.assert_array_equal(bits, self.info,
                                              err_msg=algorithm + " " + schedule)
                self.assertTrue(ok.all())
                self.assertEqual(its.shape, (self.frames,))
        cwbits, _, _ = dec.decode(noisy_llrs(self.cw, 0.45, 5), codeword=True)
        np.testing.assert_array_equal(cwbits, self.cw)

    def test_cuda_backend_refused_or_runs(self):
        try:
            gpufec.nb_batch_decoder(SPEC, backend="cuda")
        except (RuntimeError, ValueError):
            pass  # no CUDA NB decoder here

    # stream blocks ---------------------------------------------------------
    def test_encoder_block_matches_core(self):
        tb = gr.top_block()
        src = blocks.vector_source_b(self.info.ravel().tolist())
        enc = gpufec.nb_ldpc_encoder_bb(SPEC)
        snk = blocks.vector_sink_b()
        tb.connect(src, enc, snk)
        tb.run()
        self.assertEqual((enc.n(), enc.k(), enc.q(), enc.p(), enc.code_name()),
                         (120, 91, 16, 4, SPEC))
        np.testing.assert_array_equal(np.array(snk.data()).reshape(self.frames, -1), self.cw)

    def round_trip(self, spec, sigma, sign="positive_is_0", frames=6, **kwargs):
        code = gpufec.nb_ldpc_code(spec)
        info = np.random.default_rng(7).integers(0, 2, size=frames * code.k_bits,
                                                 dtype=np.uint8)
        cw = code.encode(info.reshape(frames, -1)).ravel()
        tb = gr.top_block()
        src = blocks.vector_source_b(info.tolist())
        enc = gpufec.nb_ldpc_encoder_bb(spec)
        to_pm = digital.map_bb([1, -1] if sign == "positive_is_0" else [-1, 1])
        to_f = blocks.char_to_float(1, 1)
        noise = blocks.vector_source_f(
            (sigma * np.random.default_rng(8).standard_normal(cw.size)).astype(
                np.float32).tolist())
        add = blocks.add_ff()
        dec = gpufec.nb_ldpc_decoder_fb(spec, backend="cpu", sign=sign,
                                        llr_scale=2.0 / max(sigma, 0.3) ** 2, **kwargs)
        snk = blocks.vector_sink_b()
        tb.connect(src, enc, to_pm, to_f, (add, 0))
        tb.connect(noise, (add, 1))
        tb.connect(add, dec, snk)
        tb.run()
        return info, cw, np.array(snk.data(), np.uint8), snk.tags(), dec

    def test_round_trip_noiseless_and_tags(self):
        info, _, out, tags, dec = self.round_trip(SPEC, 0.0, frames_per_call=4)
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

    def test_round_trip_noisy_both_signs_and_rules(self):
        for sign in ("positive_is_0", "positive_is_1"):
            for algorithm in ("minmax", "ems"):
                info, _, out, tags, dec = self.round_trip(
                    SPEC, 0.45, sign=sign, algorithm=algorithm, max_iterations=20)
                np.testing.assert_array_equal(out, info, err_msg=sign + " " + algorithm)
                its = tag_table(tags, "iterations")
                self.assertTrue(max(its.values()) >= 1)
                self.assertTrue(all(tag_table(tags, "parity_ok").values()))

    def test_gf64_and_codeword_output(self):
        info, cw, out, _, dec = self.round_trip(SPEC64, 0.5, frames=3,
                                                output_codeword=True, schedule="flooding",
                                                max_iterations=20)
        self.assertEqual((dec.q(), dec.p(), dec.output_frame_size()), (64, 6, 576))
        np.testing.assert_array_equal(out, cw)

    def test_undecodable_frames_tagged_failed(self):
        llrs = np.random.default_rng(9).standard_normal(2 * 480).astype(np.float32)
        tb = gr.top_block()
        src = blocks.vector_source_f(llrs.tolist())
        dec = gpufec.nb_ldpc_decoder_fb(SPEC, backend="cpu", max_iterations=3)
        snk = blocks.vector_sink_b()
        tb.connect(src, dec, snk)
        tb.run()
        self.assertEqual(len(snk.data()), 2 * 364)
        self.assertEqual(list(tag_table(snk.tags(), "parity_ok").values()), [False, False])
        self.assertEqual(dec.frames_failed(), 2)

    # PDU block -------------------------------------------------------------
    def test_wrong_sign_warns_once(self):
        # 60 frames of the opposite convention: the block warns once (GNU Radio's
        # logger and sign_warning_issued()); the right sign does not
        logging = gr.logging()
        if int(logging.default_level()) > int(gr.log_levels.warn):
            logging.set_default_level(gr.log_levels.warn)
        log = gr.dictionary_logger_backend()
        logging.add_default_sink(log)
        frames = 60
        info = np.random.default_rng(16).integers(
            0, 2, size=(frames, self.code.k_bits), dtype=np.uint8)
        llrs = noisy_llrs(self.code.encode(info), 0.45, 17)
        results = {}
        for name, data in (("right", llrs), ("wrong", -llrs)):
            tb = gr.top_block()
            src = blocks.vector_source_f(data.ravel().tolist())
            dec = gpufec.nb_ldpc_decoder_fb(SPEC, backend="cpu", frames_per_call=8)
            snk = blocks.vector_sink_b()
            tb.connect(src, dec, snk)
            tb.run()
            results[name] = dec
        self.assertEqual(results["right"].frames_failed(), 0)
        self.assertFalse(results["right"].sign_warning_issued())
        self.assertEqual(results["wrong"].frames_failed(), frames)
        self.assertTrue(results["wrong"].sign_warning_issued())
        warnings = [m for msgs in log.get_map().values() for _, m in msgs
                    if "opposite sign convention" in m]
        self.assertEqual(len(warnings), 1)
        self.assertIn('set sign="positive_is_1"', warnings[0])

    def test_pdu_frames_and_drops(self):
        llrs = noisy_llrs(self.cw[:3], 0.45, 10)
        dec = gpufec.nb_ldpc_decoder_pdu(SPEC, backend="cpu", max_iterations=20)
        msgs = [pmt.cons(pmt.PMT_NIL, pmt.init_f32vector(480 * 3, llrs.ravel().tolist())),
                pmt.cons(pmt.PMT_NIL, pmt.init_f32vector(481, [0.0] * 481)),
                pmt.cons(pmt.PMT_NIL, pmt.init_u8vector(480, [0] * 480)),
                pmt.intern("not a pdu"),
                pmt.cons(pmt.make_dict(), pmt.init_f32vector(480, llrs[0].tolist()))]
        out = run_pdus(dec, msgs, 2)
        self.assertEqual((dec.decoded_pdus(), dec.dropped_pdus()), (2, 3))
        self.assertEqual(len(out), 2)
        meta, bits = pmt.car(out[0]), np.array(pmt.u8vector_elements(pmt.cdr(out[0])))
        np.testing.assert_array_equal(bits, self.info[:3].ravel())
        self.assertEqual(pmt.to_long(pmt.dict_ref(meta, pmt.intern("frames"), pmt.PMT_NIL)), 3)
        self.assertTrue(pmt.to_bool(pmt.dict_ref(meta, pmt.intern("parity_ok"), pmt.PMT_F)))
        self.assertEqual(
            len(pmt.s32vector_elements(pmt.dict_ref(meta, pmt.intern("frame_iterations"),
                                                    pmt.PMT_NIL))), 3)
        np.testing.assert_array_equal(np.array(pmt.u8vector_elements(pmt.cdr(out[1]))),
                                      self.info[0])

    def test_pdu_codeword_and_sign(self):
        llrs = -noisy_llrs(self.cw[:2], 0.45, 11)  # positive means bit 1
        dec = gpufec.nb_ldpc_decoder_pdu(SPEC, backend="cpu", sign="positive_is_1",
                                         output_codeword=True, max_iterations=20)
        out = run_pdus(dec, [pmt.cons(pmt.PMT_NIL,
                                      pmt.init_f32vector(960, llrs.ravel().tolist()))], 1)
        np.testing.assert_array_equal(np.array(pmt.u8vector_elements(pmt.cdr(out[0]))),
                                      self.cw[:2].ravel())

    # FECAPI ----------------------------------------------------------------
    def test_fecapi_sizes(self):
        d = gpufec.nb_ldpc_decoder.make(SPEC, backend="cpu", frames=2)
        e = gpufec.nb_ldpc_encoder.make(SPEC, frames=2)
        self.assertEqual((d.get_input_size(), d.get_output_size()), (960, 728))
        self.assertEqual((e.get_input_size(), e.get_output_size()), (728, 960))
        self.assertAlmostEqual(d.rate(), 91 / 120)
        self.assertAlmostEqual(e.rate(), 120 / 91)
        self.assertTrue(d.set_frame_size(364 * 3))
        self.assertEqual(d.frames(), 3)
        self.assertFalse(d.set_frame_size(100))
        self.assertEqual(d.frames(), 3)
        self.assertFalse(e.set_frame_size(0))
        self.assertRaises(TypeError, gpufec.nb_ldpc_decoder)

    def test_extended_threading_modes(self):
        frames = 8
        info = np.random.default_rng(21).integers(0, 2, size=frames * 364, dtype=np.uint8)
        for threading, count in ((None, 1), ("ordinary", 2), ("capillary", 2)):
            tb = gr.top_block()
            src = blocks.vector_source_b(info.tolist())
            enc = fec.extended_encoder(
                encoder_obj_list=[gpufec.nb_ldpc_encoder.make(SPEC) for _ in range(count)],
                threading=threading, puncpat="11")
            dec = fec.extended_decoder(
                decoder_obj_list=[gpufec.nb_ldpc_decoder.make(SPEC, backend="cpu",
                                                              llr_scale=2.0 / 0.45 ** 2,
                                                              max_iterations=20)
                                  for _ in range(count)],
                threading=threading, ann=None, puncpat="11", integration_period=10000)
            to_pm = digital.map_bb([-1, 1])  # gr-fec: bit 1 -> +1
            to_f = blocks.char_to_float(1, 1)
            noise = blocks.vector_source_f(
                (0.45 * np.random.default_rng(5).standard_normal(frames * 480)).astype(
                    np.float32).tolist())
            add = blocks.add_ff()
            snk = blocks.vector_sink_b()
            tb.connect(src, enc, to_pm, to_f, (add, 0))
            tb.connect(noise, (add, 1))
            tb.connect(add, dec, snk)
            tb.run()
            np.testing.assert_array_equal(np.array(snk.data(), np.uint8), info,
                                          err_msg="threading %s x%d" % (threading, count))

    def test_fecapi_tagged(self):
        frames_per_packet, packets = 2, 3
        info = self.info[: frames_per_packet * packets].ravel()
        kb = self.code.k_bits
        tb = gr.top_block()
        src = blocks.vector_source_b(info.tolist())
        s2t = blocks.stream_to_tagged_stream(gr.sizeof_char, 1, frames_per_packet * kb,
                                             "packet_len")
        enc = fec.tagged_encoder(gpufec.nb_ldpc_encoder.make(SPEC), gr.sizeof_char,
                                 gr.sizeof_char, "packet_len", 1500)
        to_pm = digital.map_bb([-1, 1])
        to_f = blocks.char_to_float(1, 1)
        dec = fec.tagged_decoder(gpufec.nb_ldpc_decoder.make(SPEC, backend="cpu"),
                                 gr.sizeof_float, gr.sizeof_char, "packet_len", 1500)
        snk = blocks.vector_sink_b()
        tb.connect(src, s2t, enc, to_pm, to_f, dec, snk)
        tb.run()
        np.testing.assert_array_equal(np.array(snk.data(), np.uint8), info)
        lens = [pmt.to_long(t.value) for t in snk.tags()
                if pmt.symbol_to_string(t.key) == "packet_len"]
        self.assertEqual(lens, [frames_per_packet * kb] * packets)

    def test_fecapi_async(self):
        kb, nb = self.code.k_bits, self.code.n_bits
        sizes, mtu = (1, 3, 2), 1500
        info = self.info.ravel()
        enc = fec.async_encoder(gpufec.nb_ldpc_encoder.make(SPEC), False, False, False, mtu)
        dec = fec.async_decoder(gpufec.nb_ldpc_decoder.make(SPEC, backend="cpu"),
                                False, False, mtu)
        tb = gr.top_block()
        dbg_e, dbg_d = blocks.message_debug(), blocks.message_debug()
        tb.msg_connect((enc, "out"), (dbg_e, "store"))
        tb.msg_connect((dec, "out"), (dbg_d, "store"))
        tb.start()
        offsets = np.cumsum((0,) + sizes) * kb
        for a, b in zip(offsets[:-1], offsets[1:]):
            enc._post(pmt.intern("in"), pmt.cons(pmt.make_dict(), pmt.init_u8vector(
                int(b - a), info[a:b].tolist())))
        deadline = time.time() + 20
        while dbg_e.num_messages() < len(sizes) and time.time() < deadline:
            time.sleep(0.01)
        self.assertEqual(dbg_e.num_messages(), len(sizes))
        for i in range(len(sizes)):
            cw = np.array(pmt.u8vector_elements(pmt.cdr(dbg_e.get_message(i))), np.float32)
            self.assertEqual(cw.size, sizes[i] * nb)
            soft = 2.0 * cw - 1.0  # positive means bit 1
            dec._post(pmt.intern("in"), pmt.cons(pmt.make_dict(),
                                                 pmt.init_f32vector(cw.size, soft.tolist())))
        while dbg_d.num_messages() < len(sizes) and time.time() < deadline:
            time.sleep(0.01)
        tb.stop()
        tb.wait()
        self.assertEqual(dbg_d.num_messages(), len(sizes))
        out = np.concatenate([np.array(pmt.u8vector_elements(pmt.cdr(dbg_d.get_message(i))))
                              for i in range(len(sizes))])
        np.testing.assert_array_equal(out, info[: offsets[-1]])

    # bad parameters --------------------------------------------------------
    def test_bad_parameters(self):
        bad = [
            dict(spec="wifi:648:1/2"),            # binary spec
            dict(spec="nbqc:15:2:8"),             # q not a power of two
            dict(spec=""),
            dict(spec=SPEC, algorithm="nms"),
            dict(spec=SPEC, schedule="random"),
            dict(spec=SPEC, max_iterations=0),
            dict(spec=SPEC, ems_scale=1.5),
            dict(spec=SPEC, ems_offset=-1.0),
            dict(spec=SPEC, backend="fpga"),
            dict(spec=SPEC, sign="positive"),
            dict(spec=SPEC, llr_scale=0.0),
        ]
        for kw in bad:
            with self.assertRaises(ValueError, msg=str(kw)):
                gpufec.nb_ldpc_decoder_fb(**kw)
            with self.assertRaises(ValueError, msg=str(kw)):
                gpufec.nb_ldpc_decoder_pdu(**kw)
            if "sign" not in kw:
                with self.assertRaises(ValueError, msg=str(kw)):
                    gpufec.nb_ldpc_decoder.make(**kw)
        with self.assertRaises(ValueError):
            gpufec.nb_ldpc_decoder_fb(SPEC, frames_per_call=0)
        with self.assertRaises(ValueError):
            gpufec.nb_ldpc_decoder.make(SPEC, frames=0)
        for spec in ("wifi:648:1/2", "nbqc:16:2", "nbalist:/nonexistent"):
            with self.assertRaises(ValueError, msg=spec):
                gpufec.nb_ldpc_encoder_bb(spec)
            with self.assertRaises(ValueError, msg=spec):
                gpufec.nb_ldpc_encoder.make(spec)
        with self.assertRaises(ValueError):
            gpufec.nb_ldpc_encoder.make(SPEC, frames=0)
        with self.assertRaises(ValueError):
            gpufec.nb_ldpc_code(SPEC).encode(np.full(364, 2, np.uint8))


if __name__ == "__main__":
    gr_unittest.run(qa_nb_ldpc_blocks)
