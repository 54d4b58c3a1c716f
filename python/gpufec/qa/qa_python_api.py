#!/usr/bin/env python3
#
# The numpy batch API of the bindings (gpufec.batch_decoder, and
# gpufec.nb_batch_decoder for GF(q) codes): codes from specs, encoding, decoding
# with the CPU backend (noiseless and noisy; Min-Max and EMS, both schedules),
# bad input
# refused with ValueError, and LLR arrays of a dtype the decoder does not take
# (hard bits as uint8 or bool, complex, other integers, objects) refused with
# TypeError, while float32, float64 and int8 arrays of any layout still decode.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
import numpy as np
from gnuradio import gr_unittest

try:
    import gpufec  # the build tree (PYTHONPATH set by CTest)
except ImportError:
    from gnuradio import gpufec

NB_SPEC = "nbqc:16:2:8"  # GF(16), N = 120 symbols, K = 91, 480 bits


def noisy_llrs(cw, sigma, seed):
    """BPSK (bit 0 -> +1) over AWGN, exact LLRs 2y/sigma^2 (positive = bit 0)."""
    y = (1.0 - 2.0 * cw) + sigma * np.random.default_rng(seed).standard_normal(cw.shape)
    return (2.0 * y / sigma ** 2).astype(np.float32)


class qa_python_api(gr_unittest.TestCase):
    def test_gfq_code_and_batch_decoder(self):
        c = gpufec.nb_ldpc_code(NB_SPEC)
        info = np.random.default_rng(3).integers(0, 2, size=(6, c.k_bits), dtype=np.uint8)
        cw = c.encode(info)
        self.assertEqual((c.n, c.k, c.q, c.p, c.n_bits, c.k_bits),
                         (120, 91, 16, 4, 480, 364))
        self.assertTrue(c.check(cw).all())
        for algorithm in ("minmax", "ems"):
            for schedule in ("layered", "flooding"):
                dec = gpufec.nb_batch_decoder(c, algorithm=algorithm, schedule=schedule,
                                              backend="cpu", max_iterations=20)
                self.assertEqual(dec.backend, "cpu")
                bits, its, ok = dec.decode(noisy_llrs(cw, 0.45, 4))
                np.testing.assert_array_equal(bits, info,
                                              err_msg=algorithm + " " + schedule)
                self.assertTrue(ok.all())
                self.assertEqual(its.shape, (6,))
        cwbits, _, _ = dec.decode(noisy_llrs(cw, 0.45, 5), codeword=True)
        np.testing.assert_array_equal(cwbits, cw)

    def test_gfq_cuda_backend_refused_or_runs(self):
        try:
            gpufec.nb_batch_decoder(NB_SPEC, backend="cuda")
        except (RuntimeError, ValueError):
            pass  # no CUDA NB decoder here

    def test_code_properties(self):
        code = gpufec.ldpc_code("wifi:648:1/2")
        self.assertEqual((code.n, code.k, code.m, code.q, code.z), (648, 324, 324, 2, 27))
        self.assertAlmostEqual(code.rate, 0.5)
        nr = gpufec.ldpc_code("nr5g:bg2:52")
        self.assertEqual((nr.n, nr.k, nr.n_full), (50 * 52, 10 * 52, 52 * 52))
        self.assertEqual(len(nr.punctured_columns), 2 * 52)

    def test_round_trip(self):
        code = gpufec.ldpc_code("wimax:576:1/2")
        rng = np.random.default_rng(7)
        info = rng.integers(0, 2, size=(20, code.k), dtype=np.uint8)
        cw = code.encode(info)
        self.assertEqual(cw.shape, (20, code.n))
        llrs = (4.0 * (1.0 - 2.0 * cw)).astype(np.float32)
        for algorithm in ("spa", "ms", "nms", "oms", "scms"):
            dec = gpufec.batch_decoder(code, algorithm=algorithm, backend="cpu")
            bits, its, ok = dec.decode(llrs)
            np.testing.assert_array_equal(bits, info)
            self.assertTrue(ok.all())
            self.assertTrue((its == 1).all())
        bits, _, _ = gpufec.batch_decoder(code, backend="cpu").decode(llrs, codeword=True)
        np.testing.assert_array_equal(bits, cw)

    def test_int8_llrs(self):
        code = gpufec.ldpc_code("wifi:1944:1/2")
        info = np.random.default_rng(4).integers(0, 2, size=(30, code.k), dtype=np.uint8)
        llrs = gpufec.awgn_channel("bpsk", 3.0, code.rate, seed=2).transmit(code.encode(info))
        q = gpufec.quantize_llrs(llrs, 0.25)
        self.assertEqual((q.dtype, q.shape), (np.int8, llrs.shape))
        np.testing.assert_array_equal(q, np.clip(np.rint(llrs / 0.25), -127, 127))
        dec = gpufec.batch_decoder(code, backend="cpu")
        bits, its, ok = dec.decode(q, step=0.25)
        self.assertGreaterEqual((bits == info).all(axis=1).sum(), 29)
        self.assertEqual(its.shape, (30,))

    def test_noisy(self):
        code = gpufec.ldpc_code("wifi:1944:1/2")
        info = np.random.default_rng(3).integers(0, 2, size=(50, code.k), dtype=np.uint8)
        ch = gpufec.awgn_channel("bpsk", 3.0, code.rate, seed=11)
        llrs = ch.transmit(code.encode(info))
        bits, its, ok = gpufec.batch_decoder(code, backend="cpu").decode(llrs)
        self.assertGreaterEqual((bits == info).all(axis=1).sum(), 49)
        self.assertGreater(its.max(), 1)

    def test_bad_input(self):
        with self.assertRaises(ValueError) as cm:
            gpufec.ldpc_code("wifi:600:1/2")
        self.assertIn("648", str(cm.exception))
        with self.assertRaises(ValueError):
            gpufec.ldpc_code("nonsense")
        code = gpufec.ldpc_code("wifi:648:1/2")
        dec = gpufec.batch_decoder(code, backend="cpu")
        with self.assertRaises(ValueError):
            dec.decode(np.zeros(647, dtype=np.float32))
        with self.assertRaises(ValueError):
            dec.decode(np.zeros((0, 648), dtype=np.float32))
        with self.assertRaises(ValueError):
            gpufec.batch_decoder(code, algorithm="bogus")
        with self.assertRaises(ValueError):
            gpufec.batch_decoder(code, alpha=1.5)
        with self.assertRaises(ValueError):
            gpufec.batch_decoder(code, max_iterations=0)
        with self.assertRaises(ValueError):
            code.encode(np.full(code.k, 2, dtype=np.uint8))

    def test_llr_dtypes_refused(self):
        code = gpufec.ldpc_code("wifi:1296:1/2")
        info = np.random.default_rng(8).integers(0, 2, size=(4, code.k), dtype=np.uint8)
        cw = code.encode(info)
        dec = gpufec.batch_decoder(code, backend="cpu")
        refused = {
            "uint8": cw, "bool": cw.astype(bool), "complex64": cw.astype(np.complex64),
            "complex128": cw.astype(np.complex128), "int16": cw.astype(np.int16),
            "int32": cw.astype(np.int32), "int64": cw.astype(np.int64),
            "uint16": cw.astype(np.uint16), "float16": cw.astype(np.float16),
            "object": cw.astype(object),
        }
        for name, arr in refused.items():
            for shape in (arr, arr[0]):   # (frames, N) and (N,)
                with self.assertRaises(TypeError, msg=name) as cm:
                    dec.decode(shape)
                text = str(cm.exception)
                self.assertIn("dtype " + name, text)
                self.assertIn("float32 or float64", text)
                self.assertIn("int8", text)
                if name in ("uint8", "bool"):
                    self.assertIn("hard bits", text)
                    self.assertIn("soft LLRs", text)
        with self.assertRaises(TypeError):      # a list of 0/1 ints is int64
            dec.decode(cw[0].tolist())
        with self.assertRaises(TypeError):      # step means nothing for floats
            dec.decode((1.0 - 2.0 * cw), step=0.5)
        # the nonbinary decoder takes floats only
        nb = gpufec.nb_batch_decoder("nbqc:16:2:8", backend="cpu")
        nbits = nb.code.n_bits
        for arr in (np.zeros(nbits, np.uint8), np.zeros(nbits, bool),
                    np.zeros(nbits, np.int8), np.zeros(nbits, np.int32),
                    np.zeros(nbits, np.complex64), np.zeros(nbits, object)):
            with self.assertRaises(TypeError, msg=str(arr.dtype)) as cm:
                nb.decode(arr)
            self.assertIn("dtype " + str(arr.dtype), str(cm.exception))
            self.assertIn("float32 or float64", str(cm.exception))
        _, _, ok = nb.decode(np.full((2, nbits), 3.0))          # float64, all-zero word
        self.assertTrue(ok.all())

    def test_llr_dtypes_taken(self):
        code = gpufec.ldpc_code("wifi:1296:1/2")
        info = np.random.default_rng(9).integers(0, 2, size=(24, code.k), dtype=np.uint8)
        cw = code.encode(info)
        llrs = gpufec.awgn_channel("bpsk", 3.0, code.rate, seed=21).transmit(cw)
        dec = gpufec.batch_decoder(code, backend="cpu", max_iterations=20)
        ref, ref_its, ref_ok = dec.decode(llrs)
        self.assertGreaterEqual((ref == info).all(axis=1).sum(), 23)
        for variant in (llrs.astype(np.float64), np.asfortranarray(llrs),
                        llrs.astype(">f4"), llrs[:, ::-1][:, ::-1], llrs.tolist()):
            bits, its, ok = dec.decode(variant)
            np.testing.assert_array_equal(bits, ref)
            np.testing.assert_array_equal(its, ref_its)
            np.testing.assert_array_equal(ok, ref_ok)
        bits, _, ok = dec.decode(llrs[3])                       # one frame, (N,)
        self.assertEqual(bits.shape, (1, code.k))
        np.testing.assert_array_equal(bits[0], ref[3])
        bits, _, _ = dec.decode(llrs, codeword=True)
        self.assertEqual(bits.shape, (24, code.n))
        q = gpufec.quantize_llrs(llrs, 0.25)
        qbits, _, _ = dec.decode(q, step=0.25)
        self.assertGreaterEqual((qbits == info).all(axis=1).sum(), 23)
        np.testing.assert_array_equal(dec.decode(np.asfortranarray(q), 0.25)[0], qbits)
        with self.assertRaises(ValueError):
            dec.decode(q, step=0.0)
        with self.assertRaises(ValueError):                    # wrong N, int8 too
            dec.decode(q[:, :-1], step=0.25)


if __name__ == "__main__":
    gr_unittest.run(qa_python_api)
