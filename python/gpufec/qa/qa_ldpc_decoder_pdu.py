#!/usr/bin/env python3
#
# The PDU decoder block ldpc_decoder_pdu on the backend under test
# (backend_under_test.py: GPUFEC_TEST_BACKEND, cpu by default): one and several frames per
# PDU, the metadata it adds (iterations, parity_ok, frames, frame_iterations,
# frame_parity_ok), input metadata kept, messages of the wrong length or type
# dropped and counted, bad parameters refused at construction; the same block
# with a GF(q) code (several frames of bit LLRs per PDU, codeword output, sign).
# Precision: every precision of the backend under test (backend_under_test.py),
# auto among them, decodes a PDU of fresh noisy frames of a real code as float32
# does; half2 on the CPU, a bad device or fixed-point value, and a narrow
# precision for a GF(q) code are refused. A decoder that fails (the testing hook
# gpufec._testing, as a GPU error would) is replaced by a CPU one: the PDU is
# decoded, not dropped.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
import time

import numpy as np
import pmt
from gnuradio import blocks, gr, gr_unittest

try:
    import gpufec  # the build tree (PYTHONPATH set by CTest)
except ImportError:
    from gnuradio import gpufec

import backend_under_test as but
from gr_logs import catch_log, log_messages


def pdu(llrs, meta=None):
    return pmt.cons(meta if meta is not None else pmt.make_dict(),
                    pmt.init_f32vector(len(llrs), np.asarray(llrs, np.float32).tolist()))


NB_SPEC = "nbqc:16:2:8"  # GF(16): 480 bit LLRs per frame, 364 information bits


def noisy_llrs(cw, sigma, seed):
    """BPSK (bit 0 -> +1) over AWGN, exact LLRs 2y/sigma^2 (positive = bit 0)."""
    y = (1.0 - 2.0 * cw) + sigma * np.random.default_rng(seed).standard_normal(cw.shape)
    return (2.0 * y / sigma ** 2).astype(np.float32)


def run_pdus(dec, messages, expected):
    """Posts messages to dec; returns the PDUs it published (waits for expected)."""
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


class qa_ldpc_decoder_pdu(gr_unittest.TestCase):
    def setUp(self):
        self.spec = "wifi:648:1/2"
        self.code = gpufec.ldpc_code(self.spec)
        rng = np.random.default_rng(11)
        self.info = rng.integers(0, 2, size=(4, self.code.k), dtype=np.uint8)
        self.cw = self.code.encode(self.info)
        self.llrs = (4.0 * (1.0 - 2.0 * self.cw)).astype(np.float32)

    def test_failed_decoder_falls_back_not_dropped(self):
        dec = gpufec.ldpc_decoder_pdu(self.spec, backend=but.BACKEND)
        gpufec._testing.inject_decode_failure_after(1)
        out = run_pdus(dec, [pdu(self.llrs[0]), pdu(self.llrs.ravel())], 2)
        self.assertEqual((len(out), dec.decoded_pdus(), dec.dropped_pdus()), (2, 2, 0))
        np.testing.assert_array_equal(np.array(pmt.u8vector_elements(pmt.cdr(out[1]))),
                                      self.info.ravel())
        self.assertEqual(dec.backend(), "cpu")

    def test_one_and_several_frames(self):
        dec = gpufec.ldpc_decoder_pdu(self.spec, backend=but.BACKEND)
        meta = pmt.dict_add(pmt.make_dict(), pmt.intern("burst"), pmt.from_long(7))
        out = run_pdus(dec, [pdu(self.llrs[0], meta), pdu(self.llrs.ravel())], 2)
        self.assertEqual(len(out), 2)
        m0, b0 = pmt.car(out[0]), pmt.cdr(out[0])
        np.testing.assert_array_equal(np.array(pmt.u8vector_elements(b0)), self.info[0])
        self.assertEqual(pmt.to_long(pmt.dict_ref(m0, pmt.intern("burst"), pmt.PMT_NIL)), 7)
        self.assertEqual(pmt.to_long(pmt.dict_ref(m0, pmt.intern("iterations"), pmt.PMT_NIL)), 1)
        self.assertTrue(pmt.to_bool(pmt.dict_ref(m0, pmt.intern("parity_ok"), pmt.PMT_NIL)))
        self.assertEqual(pmt.to_long(pmt.dict_ref(m0, pmt.intern("frames"), pmt.PMT_NIL)), 1)
        m1, b1 = pmt.car(out[1]), pmt.cdr(out[1])
        np.testing.assert_array_equal(np.array(pmt.u8vector_elements(b1)), self.info.ravel())
        self.assertEqual(pmt.to_long(pmt.dict_ref(m1, pmt.intern("frames"), pmt.PMT_NIL)), 4)
        its = pmt.s32vector_elements(pmt.dict_ref(m1, pmt.intern("frame_iterations"), pmt.PMT_NIL))
        oks = pmt.u8vector_elements(pmt.dict_ref(m1, pmt.intern("frame_parity_ok"), pmt.PMT_NIL))
        self.assertEqual(list(its), [1, 1, 1, 1])
        self.assertEqual(list(oks), [1, 1, 1, 1])
        self.assertEqual((dec.decoded_pdus(), dec.dropped_pdus()), (2, 0))

    def test_noisy_frames_and_parity(self):
        ch = gpufec.awgn_channel("bpsk", 1.0, self.code.rate, seed=3)
        noisy = ch.transmit(self.cw)
        dec = gpufec.ldpc_decoder_pdu(self.spec, backend=but.BACKEND, max_iterations=15)
        out = run_pdus(dec, [pdu(noisy.ravel())], 1)
        meta, bits = pmt.car(out[0]), pmt.cdr(out[0])
        ref_bits, ref_its, ref_ok = gpufec.batch_decoder(
            self.code, backend=but.BACKEND, max_iterations=15).decode(noisy)
        np.testing.assert_array_equal(np.array(pmt.u8vector_elements(bits)), ref_bits.ravel())
        its = pmt.s32vector_elements(pmt.dict_ref(meta, pmt.intern("frame_iterations"), pmt.PMT_NIL))
        self.assertEqual(list(its), ref_its.tolist())
        self.assertEqual(pmt.to_long(pmt.dict_ref(meta, pmt.intern("iterations"), pmt.PMT_NIL)),
                         int(ref_its.max()))
        self.assertEqual(pmt.to_bool(pmt.dict_ref(meta, pmt.intern("parity_ok"), pmt.PMT_NIL)),
                         bool(ref_ok.all()))

    def test_sign_and_codeword(self):
        dec = gpufec.ldpc_decoder_pdu(self.spec, backend=but.BACKEND, sign="positive_is_1",
                                      output_codeword=True)
        soft = (2.0 * self.cw - 1.0).astype(np.float32)
        out = run_pdus(dec, [pdu(soft.ravel())], 1)
        np.testing.assert_array_equal(np.array(pmt.u8vector_elements(pmt.cdr(out[0]))),
                                      self.cw.ravel())

    def test_wrong_length_and_type_dropped(self):
        log = catch_log()
        dec = gpufec.ldpc_decoder_pdu(self.spec, backend=but.BACKEND)
        bad = [
            pdu(self.llrs[0][:-1]),                      # N - 1 LLRs
            pdu(np.zeros(0, np.float32)),                # empty
            pdu(np.zeros(self.code.n + 5, np.float32)),  # not a multiple of N
            pmt.cons(pmt.make_dict(), pmt.init_u8vector(self.code.n, [0] * self.code.n)),
            pmt.intern("not a pdu"),
        ]
        out = run_pdus(dec, bad + [pdu(self.llrs[1])], 1)
        self.assertEqual(dec.dropped_pdus(), len(bad))
        # each warning names the block instance and what it received
        drops = log_messages(log, dec.alias() + ": dropped a message")
        self.assertEqual(len(drops), len(bad), drops)
        self.assertTrue(any("is not an f32 vector (bit LLRs as float32) but a u8vector of %d "
                            "items" % self.code.n in m for m in drops), drops)
        self.assertTrue(any("not a PDU (a pair of metadata and an f32 vector) but a symbol "
                            "'not a pdu'" in m for m in drops), drops)
        self.assertTrue(any("holds %d LLRs" % (self.code.n - 1) in m for m in drops), drops)
        self.assertEqual(dec.decoded_pdus(), 1)
        self.assertEqual(len(out), 1)
        np.testing.assert_array_equal(np.array(pmt.u8vector_elements(pmt.cdr(out[0]))),
                                      self.info[1])

    def test_gfq_frames_and_drops(self):
        code = gpufec.nb_ldpc_code(NB_SPEC)
        info = np.random.default_rng(3).integers(0, 2, size=(3, code.k_bits), dtype=np.uint8)
        cw = code.encode(info)
        llrs = noisy_llrs(cw, 0.45, 10)
        dec = gpufec.ldpc_decoder_pdu(NB_SPEC, backend=but.BACKEND, max_iterations=20)
        msgs = [pmt.cons(pmt.PMT_NIL, pmt.init_f32vector(480 * 3, llrs.ravel().tolist())),
                pmt.cons(pmt.PMT_NIL, pmt.init_f32vector(481, [0.0] * 481)),
                pmt.cons(pmt.PMT_NIL, pmt.init_u8vector(480, [0] * 480)),
                pmt.intern("not a pdu"),
                pmt.cons(pmt.make_dict(), pmt.init_f32vector(480, llrs[0].tolist()))]
        out = run_pdus(dec, msgs, 2)
        self.assertEqual((dec.decoded_pdus(), dec.dropped_pdus()), (2, 3))
        self.assertEqual(len(out), 2)
        meta, bits = pmt.car(out[0]), np.array(pmt.u8vector_elements(pmt.cdr(out[0])))
        np.testing.assert_array_equal(bits, info.ravel())
        self.assertEqual(pmt.to_long(pmt.dict_ref(meta, pmt.intern("frames"), pmt.PMT_NIL)), 3)
        self.assertTrue(pmt.to_bool(pmt.dict_ref(meta, pmt.intern("parity_ok"), pmt.PMT_F)))
        self.assertEqual(
            len(pmt.s32vector_elements(pmt.dict_ref(meta, pmt.intern("frame_iterations"),
                                                    pmt.PMT_NIL))), 3)
        np.testing.assert_array_equal(np.array(pmt.u8vector_elements(pmt.cdr(out[1]))),
                                      info[0])

    def test_gfq_codeword_and_sign(self):
        code = gpufec.nb_ldpc_code(NB_SPEC)
        info = np.random.default_rng(3).integers(0, 2, size=(2, code.k_bits), dtype=np.uint8)
        cw = code.encode(info)
        llrs = -noisy_llrs(cw, 0.45, 11)  # positive means bit 1
        dec = gpufec.ldpc_decoder_pdu(NB_SPEC, backend=but.BACKEND, sign="positive_is_1",
                                      output_codeword=True, max_iterations=20)
        out = run_pdus(dec, [pmt.cons(pmt.PMT_NIL,
                                      pmt.init_f32vector(960, llrs.ravel().tolist()))], 1)
        np.testing.assert_array_equal(np.array(pmt.u8vector_elements(pmt.cdr(out[0]))),
                                      cw.ravel())

    def test_precisions_decode_noisy_frames(self):
        code = gpufec.ldpc_code(but.SPEC)
        frames = 200
        info, _, llrs = but.noisy_frames(code, frames)
        results = {}
        for precision in but.PRECISIONS:
            dec = gpufec.ldpc_decoder_pdu(but.SPEC, backend=but.BACKEND,
                                          precision=precision)
            want = but.auto_precision() if precision == "auto" else precision
            self.assertEqual(dec.precision(), want)
            out = run_pdus(dec, [pdu(llrs.ravel())], 1)
            self.assertEqual(len(out), 1, msg=precision)
            bits = np.array(pmt.u8vector_elements(pmt.cdr(out[0])), np.uint8)
            bits = bits.reshape(frames, code.k)
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
            (dict(precision="bogus"), "precision"),
            (dict(device=-1), "device"),
            (dict(backend="cpu", device=2), "device"),
            (dict(backend="cpu", precision="int8", channel_max=128), "channel_max"),
            (dict(backend="cpu", precision="int16", fraction_bits=20), "fraction_bits"),
            (dict(precision="float32", c2v_max=10), "c2v_max"),
        ]
        cases += [(dict(backend=but.BACKEND, precision=p), "precision")
                  for p in but.REFUSED]
        for kwargs, needle in cases:
            with self.assertRaises(ValueError, msg=str(kwargs)) as cm:
                gpufec.ldpc_decoder_pdu(but.SPEC, **kwargs)
            self.assertIn(needle, str(cm.exception))
            self.assertIn("ldpc_decoder_pdu", str(cm.exception))
        for precision in ("int8", "int16", "half2"):
            with self.assertRaises(ValueError, msg=precision) as cm:
                gpufec.ldpc_decoder_pdu(NB_SPEC, backend=but.BACKEND, precision=precision)
            self.assertIn("nonbinary", str(cm.exception))
        self.assertEqual(gpufec.ldpc_decoder_pdu(NB_SPEC, backend=but.BACKEND).precision(),
                         but.auto_precision(nonbinary=True))

    def test_bad_parameters(self):
        for kwargs in (dict(spec="nonsense"), dict(spec=self.spec, alpha=0.0),
                       dict(spec=self.spec, sign="up"), dict(spec=self.spec, llr_scale=-1.0),
                       dict(spec=self.spec, max_iterations=0)):
            with self.assertRaises(ValueError, msg=str(kwargs)) as cm:
                gpufec.ldpc_decoder_pdu(**kwargs)
            self.assertIn("ldpc_decoder_pdu", str(cm.exception))


if __name__ == "__main__":
    gr_unittest.run(qa_ldpc_decoder_pdu)
