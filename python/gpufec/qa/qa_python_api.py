#!/usr/bin/env python3
#
# The numpy batch API of the bindings (gpufec.batch_decoder): codes from specs,
# encoding, decoding with the CPU backend (noiseless and noisy), and bad input
# refused with ValueError.
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
import numpy as np
from gnuradio import gr_unittest

try:
    import gpufec  # the build tree (PYTHONPATH set by CTest)
except ImportError:
    from gnuradio import gpufec


class qa_python_api(gr_unittest.TestCase):
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


if __name__ == "__main__":
    gr_unittest.run(qa_python_api)
