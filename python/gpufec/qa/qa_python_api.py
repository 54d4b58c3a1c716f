#!/usr/bin/env python3
#
# The numpy batch API of the bindings: codes from specs, encoding, and
# gpufec.batch_decoder, one decoder for binary and GF(q) codes, on the backend
# under test (backend_under_test.py: GPUFEC_TEST_BACKEND, cpu by default; EMS
# and the fixed-point options on the CPU, the one backend that has them): fresh
# noisy frames of both kinds decoded (Min-Max and EMS, both schedules; every
# precision of the backend, auto among them; the fixed-point options), its options read back, bad input and bad options refused with
# ValueError naming the parameter (a precision the backend or the code does not
# have, a bad device, fixed-point values, the other kind of code's options; a
# GF(q) code's precision and device reach the core, which refuses), and
# LLR arrays of a dtype the decoder does not take (hard bits as uint8 or bool,
# complex, other integers, objects) refused with TypeError, while float32,
# float64 and int8 arrays of any layout still decode.
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

import backend_under_test as but

NB_SPEC = "nbqc:16:2:8"  # GF(16), N = 120 symbols, K = 91, 480 bits


def noisy_llrs(cw, sigma, seed):
    """BPSK (bit 0 -> +1) over AWGN, exact LLRs 2y/sigma^2 (positive = bit 0)."""
    y = (1.0 - 2.0 * cw) + sigma * np.random.default_rng(seed).standard_normal(cw.shape)
    return (2.0 * y / sigma ** 2).astype(np.float32)


def fresh_frames(code, frames, ebn0_db, seed):
    """Random info bits of a binary or GF(q) code, their codewords (the bound
    encoder) and BPSK-over-AWGN LLRs at ebn0_db, from one seeded generator."""
    rng = np.random.default_rng(seed)
    k_bits = code.k_bits if hasattr(code, "k_bits") else code.k
    info = rng.integers(0, 2, size=(frames, k_bits), dtype=np.uint8)
    cw = code.encode(info)
    sigma = np.sqrt(1.0 / (2.0 * code.rate * 10.0 ** (ebn0_db / 10.0)))
    y = (1.0 - 2.0 * cw) + sigma * rng.standard_normal(cw.shape)
    return info, cw, (2.0 * y / sigma ** 2).astype(np.float32)


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
                backend = but.nb_backend(algorithm)
                dec = gpufec.batch_decoder(c, algorithm=algorithm, schedule=schedule,
                                           backend=backend, max_iterations=20)
                self.assertEqual(dec.backend, backend)
                bits, its, ok = dec.decode(noisy_llrs(cw, 0.45, 4))
                np.testing.assert_array_equal(bits, info,
                                              err_msg=algorithm + " " + schedule)
                self.assertTrue(ok.all())
                self.assertEqual(its.shape, (6,))
        cwbits, _, _ = dec.decode(noisy_llrs(cw, 0.45, 5), codeword=True)
        np.testing.assert_array_equal(cwbits, cw)

    def test_gfq_cuda_backend(self):
        # Min-Max runs on CUDA where a GPU works; EMS is the CPU's, and backend
        # cuda refuses it (nb_backend("ems") is therefore the CPU)
        code = gpufec.nb_ldpc_code(NB_SPEC)
        info = np.random.default_rng(6).integers(0, 2, size=(2, code.k_bits), dtype=np.uint8)
        llrs = (4.0 * (1.0 - 2.0 * code.encode(info))).astype(np.float32)
        try:
            dec = gpufec.batch_decoder(NB_SPEC, backend="cuda")
        except gpufec.BackendUnavailable:
            self.assertNotEqual(but.BACKEND, "cuda", "no GPU, but the backend under "
                                "test is cuda")
            return
        self.assertEqual(dec.backend, "cuda")
        np.testing.assert_array_equal(dec.decode(llrs)[0], info)
        with self.assertRaises(ValueError):
            gpufec.batch_decoder(NB_SPEC, algorithm="ems", backend="cuda")
        self.assertEqual(but.nb_backend("ems"), "cpu")

    def test_gfq_precision_and_device_reach_the_core(self):
        # the nonbinary decoder's precision and device go to the core's
        # nb_decoder_options as given, and the core decides: float32 and auto
        # taken (auto read back as float32), the narrow precisions refused in its
        # words, the device read back, a device the machine lacks refused by the
        # CUDA backend (BackendUnavailable); the binding adds no rule of its own
        # but the one of every decoder: a device other than 0 with backend cpu
        for precision in ("float32", "auto"):
            nb = gpufec.batch_decoder(NB_SPEC, backend=but.BACKEND, precision=precision)
            self.assertEqual((nb.precision, nb.options()["precision"]),
                             ("float32", "float32"))
        for precision in ("int8", "int16", "half2"):
            self.refused("nb_decoder_options.precision is %s" % precision, NB_SPEC,
                         backend=but.BACKEND, precision=precision)
        self.assertEqual(gpufec.batch_decoder(NB_SPEC, backend=but.BACKEND,
                                              device=0).options()["device"], 0)
        with self.assertRaises(gpufec.BackendUnavailable) as cm:
            gpufec.batch_decoder(NB_SPEC, backend="cuda", device=64)
        if but.BACKEND == "cuda":
            self.assertIn("gpu.device is 64", str(cm.exception))
        self.refused("nb_decoder_options.gpu.device = -1", NB_SPEC, backend=but.BACKEND,
                     device=-1)
        self.refused("backend 'cpu' has no devices", NB_SPEC, backend="cpu", device=1)

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
            dec = gpufec.batch_decoder(code, algorithm=algorithm, backend=but.BACKEND)
            bits, its, ok = dec.decode(llrs)
            np.testing.assert_array_equal(bits, info)
            self.assertTrue(ok.all())
            self.assertTrue((its == 1).all())
        bits, _, _ = gpufec.batch_decoder(code, backend=but.BACKEND).decode(llrs,
                                                                            codeword=True)
        np.testing.assert_array_equal(bits, cw)

    def test_int8_llrs(self):
        code = gpufec.ldpc_code("wifi:1944:1/2")
        info = np.random.default_rng(4).integers(0, 2, size=(30, code.k), dtype=np.uint8)
        llrs = gpufec.awgn_channel("bpsk", 3.0, code.rate, seed=2).transmit(code.encode(info))
        q = gpufec.quantize_llrs(llrs, 0.25)
        self.assertEqual((q.dtype, q.shape), (np.int8, llrs.shape))
        np.testing.assert_array_equal(q, np.clip(np.rint(llrs / 0.25), -127, 127))
        dec = gpufec.batch_decoder(code, backend=but.BACKEND)
        bits, its, ok = dec.decode(q, step=0.25)
        self.assertGreaterEqual((bits == info).all(axis=1).sum(), 29)
        self.assertEqual(its.shape, (30,))

    def test_noisy(self):
        code = gpufec.ldpc_code("wifi:1944:1/2")
        info = np.random.default_rng(3).integers(0, 2, size=(50, code.k), dtype=np.uint8)
        ch = gpufec.awgn_channel("bpsk", 3.0, code.rate, seed=11)
        llrs = ch.transmit(code.encode(info))
        bits, its, ok = gpufec.batch_decoder(code, backend=but.BACKEND).decode(llrs)
        self.assertGreaterEqual((bits == info).all(axis=1).sum(), 49)
        self.assertGreater(its.max(), 1)

    def test_bad_input(self):
        with self.assertRaises(ValueError) as cm:
            gpufec.ldpc_code("wifi:600:1/2")
        self.assertIn("648", str(cm.exception))
        with self.assertRaises(ValueError):
            gpufec.ldpc_code("nonsense")
        code = gpufec.ldpc_code("wifi:648:1/2")
        dec = gpufec.batch_decoder(code, backend=but.BACKEND)
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
        dec = gpufec.batch_decoder(code, backend=but.BACKEND)
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
        # a GF(q) code's decoder takes the same dtypes (int8 with a step too)
        nb = gpufec.batch_decoder("nbqc:16:2:8", backend=but.BACKEND)
        nbits = nb.code.n_bits
        for arr in (np.zeros(nbits, np.uint8), np.zeros(nbits, bool),
                    np.zeros(nbits, np.int32), np.zeros(nbits, np.complex64),
                    np.zeros(nbits, object)):
            with self.assertRaises(TypeError, msg=str(arr.dtype)) as cm:
                nb.decode(arr)
            self.assertIn("dtype " + str(arr.dtype), str(cm.exception))
            self.assertIn("float32 or float64", str(cm.exception))
        _, _, ok = nb.decode(np.full((2, nbits), 3.0))          # float64, all-zero word
        self.assertTrue(ok.all())
        _, _, ok = nb.decode(np.full((2, nbits), 24, np.int8), step=0.125)
        self.assertTrue(ok.all())
        with self.assertRaises(TypeError):
            nb.decode(np.full(nbits, 3.0), step=0.5)

    def test_llr_dtypes_taken(self):
        code = gpufec.ldpc_code("wifi:1296:1/2")
        info = np.random.default_rng(9).integers(0, 2, size=(24, code.k), dtype=np.uint8)
        cw = code.encode(info)
        llrs = gpufec.awgn_channel("bpsk", 3.0, code.rate, seed=21).transmit(cw)
        dec = gpufec.batch_decoder(code, backend=but.BACKEND, max_iterations=20)
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

    def test_one_decoder_for_every_code(self):
        """Fresh noisy frames of a binary and a GF(q) code through batch_decoder."""
        cases = ((gpufec.ldpc_code("wifi:648:1/2"), 4.0, gpufec.ldpc_code),
                 (gpufec.nb_ldpc_code(NB_SPEC), 3.5, gpufec.nb_ldpc_code))
        for seed, (code, ebn0, code_type) in enumerate(cases, 30):
            info, cw, llrs = fresh_frames(code, 40, ebn0, seed)
            self.assertGreater(((llrs < 0) != cw).sum(), 0)     # noise flipped bits
            for arg in (code, code.name):
                dec = gpufec.batch_decoder(arg, backend=but.BACKEND, max_iterations=20)
                self.assertIsInstance(dec.code, code_type)
                self.assertEqual(dec.nonbinary, code_type is gpufec.nb_ldpc_code)
                bits, its, ok = dec.decode(llrs)
                self.assertEqual((bits.dtype, its.dtype, ok.dtype),
                                 (np.uint8, np.int32, np.bool_))
                np.testing.assert_array_equal(bits, info, err_msg=code.name)
                self.assertTrue(ok.all())
                self.assertGreater(its.max(), 1)
                cwbits, _, _ = dec.decode(llrs, codeword=True)
                np.testing.assert_array_equal(cwbits, cw)
                one, _, _ = dec.decode(llrs[5])                   # (n_bits,)
                np.testing.assert_array_equal(one, info[5:6])
                qbits, _, qok = dec.decode(gpufec.quantize_llrs(llrs, 0.25), step=0.25)
                np.testing.assert_array_equal(qbits, info)
                with self.assertRaises(ValueError) as cm:
                    dec.decode(llrs[:, :-1])
                self.assertIn(str(llrs.shape[1]), str(cm.exception))
            self.assertIn(code.name, repr(dec))

    def test_precisions(self):
        # every precision of the backend under test (the CPU: float32, int16, int8
        # and auto; CUDA: float32, half2 and auto)
        code = gpufec.ldpc_code("wifi:648:1/2")
        info, _, llrs = fresh_frames(code, 40, 4.0, 41)
        for precision in but.PRECISIONS:
            dec = gpufec.batch_decoder(code, backend=but.BACKEND, precision=precision)
            bits, _, ok = dec.decode(llrs)
            np.testing.assert_array_equal(bits, info, err_msg=precision)
            self.assertTrue(ok.all())
            resolved = but.auto_precision() if precision == "auto" else precision  # nms
            self.assertEqual(dec.precision, resolved)
            self.assertEqual(dec.options()["precision"], resolved)
        self.assertEqual(gpufec.batch_decoder(code, backend=but.BACKEND).precision,
                         but.auto_precision())
        spa = gpufec.batch_decoder(code, algorithm="spa", backend=but.BACKEND)
        self.assertEqual(spa.precision, but.auto_precision("spa"))  # auto: spa is float
        for precision in ("float32", "auto"):                    # GF(q): float32
            nb = gpufec.batch_decoder(NB_SPEC, backend=but.BACKEND, precision=precision)
            self.assertEqual(nb.precision, but.auto_precision(nonbinary=True))

    def test_fixed_point_options(self):
        # int8 and int16 are the CPU backend's (CUDA refuses them, test_bad_options)
        code = gpufec.ldpc_code("wifi:648:1/2")
        info, _, llrs = fresh_frames(code, 40, 4.0, 42)
        for precision, fixed in (("int8", (2, 63, 100)), ("int16", (4, 2000, 30000))):
            dec = gpufec.batch_decoder(code, backend="cpu", precision=precision,
                                       fraction_bits=fixed[0], channel_max=fixed[1],
                                       c2v_max=fixed[2])
            o = dec.options()
            self.assertEqual((o["fraction_bits"], o["channel_max"], o["c2v_max"]), fixed)
            bits, _, _ = dec.decode(llrs)
            np.testing.assert_array_equal(bits, info, err_msg=precision)

    def test_options_read_back(self):
        # an explicit precision of the backend under test, not its auto one
        precision = "int16" if but.FIXED_POINT else "float32"
        dec = gpufec.batch_decoder("wifi:648:1/2", "oms", -1, 0.25, "flooding", 12,
                                   False, but.BACKEND, 2, precision=precision)
        o = dec.options()
        self.assertEqual((o["algorithm"], o["beta"], o["schedule"], o["max_iterations"],
                          o["early_termination"], o["backend"], o["threads"],
                          o["precision"], o["nonbinary"], o["code"], o["device"]),
                         ("oms", 0.25, "flooding", 12, False, but.BACKEND, 2, precision,
                          False, "wifi:648:1/2", 0))
        self.assertAlmostEqual(o["alpha"], 0.8125)               # 802.11n's default
        dec.set_max_iterations(3)
        self.assertEqual(dec.options()["max_iterations"], 3)
        nb = gpufec.batch_decoder(NB_SPEC, algorithm="ems", backend=but.nb_backend("ems"),
                                  ems_nm=8, ems_scale=0.5)
        o = nb.options()
        self.assertEqual((o["algorithm"], o["ems_nm"], o["ems_scale"], o["nonbinary"],
                          o["precision"]), ("ems", 8, 0.5, True, "float32"))
        self.assertNotIn("alpha", o)
        self.assertNotIn("ems_nm", dec.options())
        with self.assertRaises(TypeError):                       # new options: keywords
            gpufec.batch_decoder("wifi:648:1/2", "nms", -1, -1, "layered", 10, True,
                                 but.BACKEND, 0, "int8")

    def refused(self, text, *args, **kwargs):
        """batch_decoder(*args, **kwargs) raises ValueError whose text has `text`."""
        with self.assertRaises(ValueError, msg=str(kwargs)) as cm:
            gpufec.batch_decoder(*args, **kwargs)
        self.assertIn(text, str(cm.exception))
        return str(cm.exception)

    def test_bad_options(self):
        code = gpufec.ldpc_code("wifi:648:1/2")
        self.assertIn("cuda", self.refused("half2", code, backend="cpu", precision="half2"))
        for bad in ("bogus", "float64", ""):
            self.refused("precision", code, backend=but.BACKEND, precision=bad)
            self.refused("precision", NB_SPEC, backend=but.BACKEND, precision=bad)
        for refused in but.REFUSED:                               # not this backend's
            self.refused("precision", code, backend=but.BACKEND, precision=refused)
        self.refused("device", code, backend=but.BACKEND, device=-1)
        self.refused("device", code, backend="auto", device=-1)
        self.refused("device", code, backend="cpu", device=1)
        self.refused("device", NB_SPEC, backend="cpu", device=1)
        for name, value in (("fraction_bits", 13), ("fraction_bits", -2),
                            ("channel_max", 128), ("channel_max", -1), ("c2v_max", 200)):
            self.refused(name, code, backend="cpu", precision="int8", **{name: value})
        self.refused("c2v_max", code, backend="cpu", precision="int16", c2v_max=40000)
        for name, value in (("fraction_bits", 2), ("channel_max", 63), ("c2v_max", 9)):
            self.refused(name, code, backend=but.BACKEND, precision="float32",
                         **{name: value})
        # the other kind of code's options
        for name, value in (("ems_nm", 4), ("ems_offset", 0.5), ("ems_scale", 0.5)):
            text = self.refused(name, code, backend=but.BACKEND, **{name: value})
            self.assertIn("nonbinary codes only", text)
        for name, value in (("alpha", 0.75), ("beta", 0.5), ("fraction_bits", 2),
                            ("channel_max", 63), ("c2v_max", 9)):
            text = self.refused(name, NB_SPEC, backend=but.BACKEND, **{name: value})
            self.assertIn("binary codes only", text)
        for precision in ("int8", "int16", "half2"):
            self.refused("float32", NB_SPEC, backend=but.BACKEND, precision=precision)
        self.refused("nonbinary", code, algorithm="minmax", backend=but.BACKEND)
        self.refused("binary", NB_SPEC, algorithm="nms", backend=but.BACKEND)
        self.refused("code must be", 42)
        nb = gpufec.batch_decoder(NB_SPEC, backend=but.BACKEND)
        nb.set_alpha(-1)
        with self.assertRaises(ValueError):
            nb.set_alpha(0.75)
        with self.assertRaises(ValueError):
            nb.set_beta(0.5)


if __name__ == "__main__":
    gr_unittest.run(qa_python_api)
