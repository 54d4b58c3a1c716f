#!/usr/bin/env python3
#
# The gr-fec FECAPI objects gpufec.ldpc_encoder / gpufec.ldpc_decoder (the
# decoder on the backend under test, backend_under_test.py) inside gr-fec's own deployments: fec.extended_encoder /
# extended_decoder with threading None, 'ordinary' and 'capillary', fec.encoder /
# fec.decoder, fec.tagged_encoder / tagged_decoder, fec.async_encoder /
# async_decoder and fec.bercurve_generator; set_frame_size multiples (False for
# the size already set); PDUs of a wrong length refused by async_decoder, in a
# flowgraph and by its frame-size requests (GNU Radio 3.10.5's truncation and
# the later releases' rounding); bad parameters refused at construction. The same objects with a GF(q) code
# (NB_SPEC): sizes in bits of the symbols' binary images, extended (threading
# None, 'ordinary', 'capillary'), tagged and async deployments. Precision: every
# precision of the backend under test (backend_under_test.py), auto among them,
# decodes fresh noisy frames of a real code through fec.decoder as float32 does;
# half2 on the CPU, bad devices and fixed-point values, and a narrow precision for
# a GF(q) code are refused.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
import math
import time

import numpy as np
import pmt
from gnuradio import blocks, digital, fec, gr, gr_unittest

try:
    import gpufec  # the build tree (PYTHONPATH set by CTest)
except ImportError:
    from gnuradio import gpufec

import backend_under_test as but
from gr_logs import catch_log

SPEC = "wimax:576:1/2"
NB_SPEC = "nbqc:16:2:8"  # GF(16), N = 120 symbols, K = 91: 480 / 364 bits


def bpsk_chain(tb, src, enc_block, dec_block, sink, noise=None):
    """src -> encoder -> map 0/1 to -1/+1 (gr-fec's convention) -> noise -> decoder."""
    to_pm = digital.map_bb([-1, 1])
    to_f = blocks.char_to_float(1, 1)
    tb.connect(src, enc_block, to_pm, to_f)
    last = to_f
    if noise is not None:
        add = blocks.add_ff()
        tb.connect(to_f, (add, 0))
        tb.connect(noise, (add, 1))
        last = add
    tb.connect(last, dec_block, sink)


def async_decode_sizes(dec, nbits_in, rounding):
    """What gr-fec's async_decoder::decode() makes of a PDU of nbits_in floats
    before it decodes: (blocks, bits out) through dec's set_frame_size,
    get_input_size and get_output_size, or RuntimeError("bad block multiple in!").
    rounding: "trunc" (GNU Radio 3.10.5: the double products converted to int)
    or "lround" (later releases: std::lround)."""
    rate = dec.rate()
    if rounding == "trunc":
        diff = int(rate * dec.get_input_size() - dec.get_output_size())
        request = int(nbits_in * rate - diff)
    else:
        def lround(x):
            return int(math.floor(x + 0.5)) if x >= 0 else -int(math.floor(-x + 0.5))
        diff = lround(rate * dec.get_input_size()) - dec.get_output_size()
        request = lround(nbits_in * rate) - diff
    if dec.set_frame_size(request):  # "variable frame size": request bits out
        return 1, request
    blocks = nbits_in // dec.get_input_size()
    if blocks * dec.get_input_size() != nbits_in:
        raise RuntimeError("bad block multiple in!")
    return blocks, blocks * dec.get_output_size()


class qa_fecapi(gr_unittest.TestCase):
    def setUp(self):
        self.code = gpufec.ldpc_code(SPEC)
        self.frames = 16
        self.info = np.random.default_rng(21).integers(
            0, 2, size=self.frames * self.code.k, dtype=np.uint8)
        self.nb_info = np.random.default_rng(3).integers(  # 6 frames of the GF(q) code
            0, 2, size=(6, gpufec.nb_ldpc_code(NB_SPEC).k_bits), dtype=np.uint8)

    def decoders(self, count, **kwargs):
        return [gpufec.ldpc_decoder.make(SPEC, backend=but.BACKEND, **kwargs)
                for _ in range(count)]

    def encoders(self, count, **kwargs):
        return [gpufec.ldpc_encoder.make(SPEC, **kwargs) for _ in range(count)]

    def test_sizes_and_rates(self):
        dec = gpufec.ldpc_decoder.make(SPEC, backend=but.BACKEND)
        enc = gpufec.ldpc_encoder.make(SPEC)
        n, k = self.code.n, self.code.k
        self.assertEqual((fec.get_decoder_input_size(dec), fec.get_decoder_output_size(dec)), (n, k))
        self.assertEqual((fec.get_encoder_input_size(enc), fec.get_encoder_output_size(enc)), (k, n))
        self.assertEqual(fec.get_decoder_input_item_size(dec), gr.sizeof_float)
        self.assertEqual(fec.get_decoder_output_item_size(dec), gr.sizeof_char)
        self.assertEqual(fec.get_decoder_input_conversion(dec), "none")
        self.assertEqual(fec.get_history(dec), 0)
        self.assertAlmostEqual(dec.rate(), k / n, places=9)
        for frames in range(1, 200):   # (F*N) * rate() lands on F*K (async_decoder)
            self.assertEqual(int(frames * n * dec.rate()), frames * k)
        self.assertAlmostEqual(enc.rate(), n / k, places=9)
        self.assertIsInstance(dec, fec.generic_decoder)
        self.assertIsInstance(enc, fec.generic_encoder)
        self.assertEqual(dec.backend(), but.BACKEND)

    def test_set_frame_size_multiples(self):
        n, k = self.code.n, self.code.k
        dec = gpufec.ldpc_decoder.make(SPEC, backend=but.BACKEND, frames=2)
        self.assertEqual((dec.frames(), dec.get_input_size(), dec.get_output_size()),
                         (2, 2 * n, 2 * k))
        self.assertFalse(dec.set_frame_size(2 * k))  # the size already set: False
        self.assertTrue(dec.set_frame_size(5 * k))
        self.assertEqual((dec.frames(), dec.get_input_size(), dec.get_output_size()),
                         (5, 5 * n, 5 * k))
        self.assertFalse(dec.set_frame_size(5 * k))
        self.assertEqual((dec.frames(), dec.get_input_size()), (5, 5 * n))
        self.assertFalse(dec.set_frame_size(5 * k + 1))
        self.assertFalse(dec.set_frame_size(0))
        self.assertEqual(dec.get_output_size(), 5 * k)
        enc = gpufec.ldpc_encoder.make(SPEC)
        self.assertTrue(enc.set_frame_size(3 * k))
        self.assertEqual((enc.get_input_size(), enc.get_output_size()), (3 * k, 3 * n))
        self.assertFalse(enc.set_frame_size(k - 1))
        # several frames per generic_work call, through fec.encoder / fec.decoder
        for frames in (1, 4, 16):
            tb = gr.top_block()
            src = blocks.vector_source_b(self.info.tolist())
            enc_b = fec.encoder(gpufec.ldpc_encoder.make(SPEC, frames=frames),
                                gr.sizeof_char, gr.sizeof_char)
            d = gpufec.ldpc_decoder.make(SPEC, backend=but.BACKEND, frames=frames)
            dec_b = fec.decoder(d, gr.sizeof_float, gr.sizeof_char)
            snk = blocks.vector_sink_b()
            bpsk_chain(tb, src, enc_b, dec_b, snk)
            tb.run()
            np.testing.assert_array_equal(np.array(snk.data(), np.uint8), self.info)
            self.assertEqual(d.get_iterations(), 1.0)

    def test_extended_threading_modes(self):
        for threading, count in ((None, 1), ("ordinary", 2), ("capillary", 2),
                                 ("capillary", 4)):
            tb = gr.top_block()
            src = blocks.vector_source_b(self.info.tolist())
            enc = fec.extended_encoder(encoder_obj_list=self.encoders(count),
                                       threading=threading, puncpat="11")
            dec = fec.extended_decoder(decoder_obj_list=self.decoders(count),
                                       threading=threading, ann=None, puncpat="11",
                                       integration_period=10000)
            snk = blocks.vector_sink_b()
            noise = blocks.vector_source_f(
                (0.3 * np.random.default_rng(5).standard_normal(
                    self.frames * self.code.n)).astype(np.float32).tolist())
            bpsk_chain(tb, src, enc, dec, snk, noise)
            tb.run()
            np.testing.assert_array_equal(np.array(snk.data(), np.uint8), self.info,
                                          err_msg="threading %s x%d" % (threading, count))

    def test_extended_single_object_not_list(self):
        tb = gr.top_block()
        src = blocks.vector_source_b(self.info.tolist())
        enc = fec.extended_encoder(gpufec.ldpc_encoder.make(SPEC), threading=None,
                                   puncpat="11")
        dec = fec.extended_decoder(gpufec.ldpc_decoder.make(SPEC, backend=but.BACKEND),
                                   threading=None, ann=None, puncpat="11",
                                   integration_period=10000)
        snk = blocks.vector_sink_b()
        bpsk_chain(tb, src, enc, dec, snk)
        tb.run()
        np.testing.assert_array_equal(np.array(snk.data(), np.uint8), self.info)

    def test_tagged(self):
        frames_per_packet, packets = 3, 4
        k, n = self.code.k, self.code.n
        info = self.info[: frames_per_packet * packets * k]
        tb = gr.top_block()
        src = blocks.vector_source_b(info.tolist())
        s2t = blocks.stream_to_tagged_stream(gr.sizeof_char, 1, frames_per_packet * k,
                                             "packet_len")
        enc = fec.tagged_encoder(gpufec.ldpc_encoder.make(SPEC), gr.sizeof_char,
                                 gr.sizeof_char, "packet_len", 1500)
        to_pm = digital.map_bb([-1, 1])
        to_f = blocks.char_to_float(1, 1)
        dec = fec.tagged_decoder(gpufec.ldpc_decoder.make(SPEC, backend=but.BACKEND),
                                 gr.sizeof_float, gr.sizeof_char, "packet_len", 1500)
        snk = blocks.vector_sink_b()
        tb.connect(src, s2t, enc, to_pm, to_f, dec, snk)
        tb.run()
        np.testing.assert_array_equal(np.array(snk.data(), np.uint8), info)
        lens = [pmt.to_long(t.value) for t in snk.tags()
                if pmt.symbol_to_string(t.key) == "packet_len"]
        self.assertEqual(lens, [frames_per_packet * k] * packets)

    def test_async(self):
        self.check_async(SPEC, self.info, (1, 3, 2), 1500)

    def test_async_wrong_pdu_length(self):
        # gr-fec's async_decoder decodes PDUs of N, 2N and N floats (its request
        # for the size already set gets False, so it checks the length exactly)
        # and refuses N + 1 and N - 1: "bad block multiple in!" in its message
        # handler, which ends its thread (GNU Radio 3.10), and no output PDU
        n, k = self.code.n, self.code.k
        soft = 2.0 * self.code.encode(self.info[: 3 * k].reshape(3, k)).ravel() - 1.0
        for bad in (n + 1, n - 1):
            log = catch_log()
            d = gpufec.ldpc_decoder.make(SPEC, backend=but.BACKEND)
            dec = fec.async_decoder(d, False, False, 1500)
            tb = gr.top_block()
            dbg = blocks.message_debug()
            tb.msg_connect((dec, "out"), (dbg, "store"))
            tb.start()
            for f, size in enumerate((n, 2 * n, n)):
                dec._post(pmt.intern("in"), pmt.cons(pmt.make_dict(), pmt.init_f32vector(
                    size, soft[:size].tolist())))
                deadline = time.time() + 20
                while dbg.num_messages() < f + 1 and time.time() < deadline:
                    time.sleep(0.01)
                self.assertEqual(dbg.num_messages(), f + 1)
                out = np.array(pmt.u8vector_elements(pmt.cdr(dbg.get_message(f))))
                np.testing.assert_array_equal(out, self.info[: size // n * k])
            dec._post(pmt.intern("in"), pmt.cons(pmt.make_dict(), pmt.init_f32vector(
                bad, soft[:bad].tolist())))
            deadline = time.time() + 5
            while (not any("bad block multiple" in m for msgs in log.get_map().values()
                           for _, m in msgs) and time.time() < deadline):
                time.sleep(0.01)
            time.sleep(0.2)
            tb.stop()
            tb.wait()
            self.assertEqual(dbg.num_messages(), 3, "a PDU of %d floats was decoded" % bad)
            self.assertTrue(any("bad block multiple" in m for msgs in log.get_map().values()
                                for _, m in msgs), "PDU of %d floats" % bad)

    def test_async_size_requests(self):
        # async_decoder's frame-size requests, as both gr-fec releases compute
        # them: after a PDU of N floats, one of N + j (j = +-1, +-2) is refused
        # for rates 1/5, 1/2 and 2/3, and whole frames are taken in any number
        for spec in ("nr5g:bg2:52", SPEC, "wifi:648:2/3", NB_SPEC):
            for rounding in ("trunc", "lround"):
                d = gpufec.ldpc_decoder.make(spec, backend=but.BACKEND)
                n, k = d.get_input_size(), d.get_output_size()
                what = "%s %s" % (spec, rounding)
                for frames in (1, 2, 1, 5, 5, 1):
                    self.assertEqual(async_decode_sizes(d, frames * n, rounding),
                                     (1, frames * k), what)
                    self.assertEqual(d.frames(), frames, what)
                for j in (1, -1, 2, -2):
                    with self.assertRaisesRegex(RuntimeError, "bad block multiple",
                                                msg="%s: N%+d" % (what, j)):
                        async_decode_sizes(d, n + j, rounding)
                    self.assertEqual(d.frames(), 1, what)
                # the same after PDUs of 3 frames: 3N + j refused
                self.assertEqual(async_decode_sizes(d, 3 * n, rounding), (1, 3 * k))
                for j in (1, -1):
                    with self.assertRaisesRegex(RuntimeError, "bad block multiple",
                                                msg="%s: 3N%+d" % (what, j)):
                        async_decode_sizes(d, 3 * n + j, rounding)

    def test_async_rate_not_exact(self):
        # dvbs2:short:3/4: no double r gives (F*N)*r == F*K for every F, so rate()
        # sits a hair above K/N and async_decoder must still see whole frames
        code = gpufec.ldpc_code("dvbs2:short:3/4")
        info = np.random.default_rng(8).integers(0, 2, size=5 * code.k, dtype=np.uint8)
        self.check_async("dvbs2:short:3/4", info, (5,), 16000)

    def check_async(self, spec, info, sizes, mtu, iterations=1.0):
        e = gpufec.ldpc_encoder.make(spec)
        k, n = e.get_input_size(), e.get_output_size()  # bits of one frame
        enc = fec.async_encoder(e, False, False, False, mtu)
        d = gpufec.ldpc_decoder.make(spec, backend=but.BACKEND)
        dec = fec.async_decoder(d, False, False, mtu)
        tb = gr.top_block()
        dbg_e = blocks.message_debug()
        dbg_d = blocks.message_debug()
        tb.msg_connect((enc, "out"), (dbg_e, "store"))
        tb.msg_connect((dec, "out"), (dbg_d, "store"))
        tb.start()
        offsets = np.cumsum((0,) + sizes) * k
        for f, (a, b) in enumerate(zip(offsets[:-1], offsets[1:])):
            enc._post(pmt.intern("in"), pmt.cons(pmt.make_dict(), pmt.init_u8vector(
                int(b - a), info[a:b].tolist())))
        deadline = time.time() + 20
        while dbg_e.num_messages() < len(sizes) and time.time() < deadline:
            time.sleep(0.01)
        self.assertEqual(dbg_e.num_messages(), len(sizes))
        for i in range(len(sizes)):
            cw = np.array(pmt.u8vector_elements(pmt.cdr(dbg_e.get_message(i))), np.float32)
            self.assertEqual(cw.size, sizes[i] * n)
            soft = 2.0 * cw - 1.0                       # positive means bit 1
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
        if iterations is not None:
            meta = pmt.car(dbg_d.get_message(0))
            self.assertEqual(pmt.to_double(pmt.dict_ref(meta, pmt.intern("iterations"),
                                                        pmt.PMT_NIL)), iterations)

    def test_bercurve_generator(self):
        esno = [4.0, 6.0]
        encs = [self.encoders(2) for _ in esno]
        decs = [self.decoders(2) for _ in esno]
        gen = fec.bercurve_generator(encs, decs, esno, samp_rate=3200000,
                                     threading="capillary", puncpat="11", seed=0)
        tb = gr.top_block()
        sinks = []
        for i in range(len(esno)):
            # output 2i: decoded bytes, 2i+1: the bytes sent
            for port in (2 * i, 2 * i + 1):
                head = blocks.head(gr.sizeof_char, 2000)
                snk = blocks.vector_sink_b()
                tb.connect((gen, port), head, snk)
                sinks.append(snk)
        tb.run()
        for i in range(len(esno)):
            got = np.array(sinks[2 * i].data())
            sent = np.array(sinks[2 * i + 1].data())
            self.assertEqual(got.size, 2000)
            np.testing.assert_array_equal(got, sent[: got.size])

    def test_gfq_sizes(self):
        d = gpufec.ldpc_decoder.make(NB_SPEC, backend=but.BACKEND, frames=2)
        e = gpufec.ldpc_encoder.make(NB_SPEC, frames=2)
        self.assertEqual((d.get_input_size(), d.get_output_size()), (960, 728))
        self.assertEqual((e.get_input_size(), e.get_output_size()), (728, 960))
        self.assertAlmostEqual(d.rate(), 91 / 120)
        self.assertAlmostEqual(e.rate(), 120 / 91)
        self.assertTrue(d.set_frame_size(364 * 3))
        self.assertEqual(d.frames(), 3)
        self.assertFalse(d.set_frame_size(100))
        self.assertEqual(d.frames(), 3)
        self.assertFalse(e.set_frame_size(0))
        self.assertRaises(TypeError, gpufec.ldpc_decoder)

    def test_gfq_extended_threading_modes(self):
        frames = 8
        info = np.random.default_rng(21).integers(0, 2, size=frames * 364, dtype=np.uint8)
        for threading, count in ((None, 1), ("ordinary", 2), ("capillary", 2)):
            tb = gr.top_block()
            src = blocks.vector_source_b(info.tolist())
            enc = fec.extended_encoder(
                encoder_obj_list=[gpufec.ldpc_encoder.make(NB_SPEC) for _ in range(count)],
                threading=threading, puncpat="11")
            dec = fec.extended_decoder(
                decoder_obj_list=[gpufec.ldpc_decoder.make(NB_SPEC, backend=but.BACKEND,
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

    def test_gfq_tagged(self):
        frames_per_packet, packets = 2, 3
        info = self.nb_info[: frames_per_packet * packets].ravel()
        kb = gpufec.nb_ldpc_code(NB_SPEC).k_bits
        tb = gr.top_block()
        src = blocks.vector_source_b(info.tolist())
        s2t = blocks.stream_to_tagged_stream(gr.sizeof_char, 1, frames_per_packet * kb,
                                             "packet_len")
        enc = fec.tagged_encoder(gpufec.ldpc_encoder.make(NB_SPEC), gr.sizeof_char,
                                 gr.sizeof_char, "packet_len", 1500)
        to_pm = digital.map_bb([-1, 1])
        to_f = blocks.char_to_float(1, 1)
        dec = fec.tagged_decoder(gpufec.ldpc_decoder.make(NB_SPEC, backend=but.BACKEND),
                                 gr.sizeof_float, gr.sizeof_char, "packet_len", 1500)
        snk = blocks.vector_sink_b()
        tb.connect(src, s2t, enc, to_pm, to_f, dec, snk)
        tb.run()
        np.testing.assert_array_equal(np.array(snk.data(), np.uint8), info)
        lens = [pmt.to_long(t.value) for t in snk.tags()
                if pmt.symbol_to_string(t.key) == "packet_len"]
        self.assertEqual(lens, [frames_per_packet * kb] * packets)

    def test_gfq_async(self):
        self.check_async(NB_SPEC, self.nb_info.ravel(), (1, 3, 2), 1500, iterations=None)

    def test_precisions_decode_noisy_frames(self):
        code = gpufec.ldpc_code(but.SPEC)
        frames = 200
        info, _, llrs = but.noisy_frames(code, frames)
        results = {}
        for precision in but.PRECISIONS:
            obj = gpufec.ldpc_decoder.make(but.SPEC, backend=but.BACKEND,
                                           precision=precision, frames=8)
            want = but.auto_precision() if precision == "auto" else precision
            self.assertEqual(obj.precision(), want)
            tb = gr.top_block()
            # gr-fec's convention: positive means bit 1, so the input is -LLR
            src = blocks.vector_source_f((-llrs).ravel().tolist())
            dec = fec.decoder(obj, gr.sizeof_float, gr.sizeof_char)
            snk = blocks.vector_sink_b()
            tb.connect(src, dec, snk)
            tb.run()
            bits = np.array(snk.data(), np.uint8).reshape(frames, code.k)
            errors = but.frame_errors(bits, info)
            self.assertLessEqual(errors, 3, msg="%s: %d of %d frames wrong"
                                 % (precision, errors, frames))
            results[precision] = bits
        for precision, bits in results.items():
            differ = int((~(bits == results["float32"]).all(axis=1)).sum())
            self.assertLessEqual(differ, 3, msg="%s vs float32" % precision)

    def test_precision_refusals(self):
        cases = [
            (dict(backend="cpu", precision="half2"), "half2"),
            (dict(precision="fp16"), "precision"),
            (dict(device=-1), "device"),
            (dict(backend="cpu", device=1), "device"),
            (dict(backend="cpu", precision="int8", fraction_bits=13), "fraction_bits"),
            (dict(backend="cpu", precision="int8", c2v_max=1000), "c2v_max"),
            (dict(precision="float32", channel_max=63), "channel_max"),
        ]
        cases += [(dict(backend=but.BACKEND, precision=p), "precision")
                  for p in but.REFUSED]
        for kwargs, needle in cases:
            with self.assertRaises(ValueError, msg=str(kwargs)) as cm:
                gpufec.ldpc_decoder.make(but.SPEC, **kwargs)
            self.assertIn(needle, str(cm.exception))
            self.assertIn("gpufec.ldpc_decoder", str(cm.exception))
        for precision in ("int8", "int16", "half2"):
            with self.assertRaises(ValueError, msg=precision) as cm:
                gpufec.ldpc_decoder.make(NB_SPEC, backend=but.BACKEND, precision=precision)
            self.assertIn("nonbinary", str(cm.exception))
        obj = gpufec.ldpc_decoder.make(NB_SPEC, backend=but.BACKEND, precision="auto")
        self.assertEqual(obj.precision(), but.auto_precision(nonbinary=True))

    def test_bad_parameters(self):
        cases = [
            (dict(spec="nonsense"), "nonsense"),
            (dict(spec=SPEC, frames=0), "frames"),
            (dict(spec=SPEC, frames=2**31 - 1), "2^28"),  # frames * N would wrap an int
            (dict(spec=SPEC, alpha=0.0), "alpha"),
            (dict(spec=SPEC, max_iterations=0), "iteration"),
            (dict(spec=SPEC, algorithm="bogus"), "bogus"),
            (dict(spec=SPEC, backend="bogus"), "bogus"),
            (dict(spec=SPEC, llr_scale=0.0), "llr_scale"),
        ]
        for kwargs, needle in cases:
            with self.assertRaises(ValueError, msg=str(kwargs)) as cm:
                gpufec.ldpc_decoder.make(**kwargs)
            self.assertIn(needle, str(cm.exception))
        with self.assertRaises(ValueError):
            gpufec.ldpc_encoder.make("nonsense")
        with self.assertRaises(ValueError):
            gpufec.ldpc_encoder.make(SPEC, frames=0)
        with self.assertRaises(ValueError) as cm:
            gpufec.ldpc_encoder.make(SPEC, frames=2**31 - 1)
        self.assertIn("2^28", str(cm.exception))
        # a frame size whose frames would pass the limit is refused, the old kept
        dec = gpufec.ldpc_decoder.make(SPEC, backend=but.BACKEND, frames=2)  # N 576, K 288
        self.assertFalse(dec.set_frame_size(288 * ((1 << 28) // 576 + 1)))
        self.assertEqual(dec.get_input_size(), 2 * 576)
        with self.assertRaises(TypeError) as cm:
            gpufec.ldpc_decoder(SPEC)
        self.assertIn("make", str(cm.exception))


if __name__ == "__main__":
    gr_unittest.run(qa_fecapi)
