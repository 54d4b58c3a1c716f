#!/usr/bin/env python3
#
# The deprecated nonbinary names, kept for one release: nb_ldpc_decoder_fb,
# nb_ldpc_decoder_pdu, nb_ldpc_encoder_bb, the FECAPI nb_ldpc_decoder /
# nb_ldpc_encoder and the numpy nb_batch_decoder keep their old signatures (positional order included) and their
# old contract (a nonbinary spec; a binary one is refused with ValueError), warn
# with a DeprecationWarning, and give the unified objects. The deprecated GRC
# blocks are compiled in qa_examples. The decoders run on the backend under test
# (backend_under_test.py: GPUFEC_TEST_BACKEND, cpu by default; EMS on the CPU).
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
import warnings

import numpy as np

from gnuradio import fec, gr_unittest

try:
    import gpufec  # the build tree (PYTHONPATH set by CTest)
except ImportError:
    from gnuradio import gpufec

import backend_under_test as but

SPEC = "nbqc:16:2:8"  # GF(16), N = 120 symbols, K = 91


class qa_deprecated_names(gr_unittest.TestCase):
    def deprecated(self, make, *args, **kwargs):
        """make(*args, **kwargs), asserting that it warns once about deprecation."""
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            obj = make(*args, **kwargs)
        names = [w for w in caught if issubclass(w.category, DeprecationWarning)]
        self.assertEqual(len(names), 1, [str(w.message) for w in caught])
        self.assertIn("deprecated", str(names[0].message))
        return obj

    def test_blocks_are_the_unified_ones(self):
        dec = self.deprecated(gpufec.nb_ldpc_decoder_fb, SPEC, backend=but.BACKEND)
        pdu = self.deprecated(gpufec.nb_ldpc_decoder_pdu, SPEC, backend=but.BACKEND)
        enc = self.deprecated(gpufec.nb_ldpc_encoder_bb, gpufec.nb_ldpc_code(SPEC))
        self.assertIsInstance(dec, gpufec.ldpc_decoder_fb)
        self.assertIsInstance(pdu, gpufec.ldpc_decoder_pdu)
        self.assertIsInstance(enc, gpufec.ldpc_encoder_bb)
        for block in (dec, pdu, enc):
            self.assertTrue(block.nonbinary())
            self.assertEqual((block.n(), block.k(), block.q(), block.p()), (120, 91, 16, 4))
        self.assertEqual((dec.input_frame_size(), dec.output_frame_size()), (480, 364))

    def test_fecapi_objects_are_the_unified_ones(self):
        dec = self.deprecated(gpufec.nb_ldpc_decoder.make, SPEC, backend=but.BACKEND,
                              frames=2)
        enc = self.deprecated(gpufec.nb_ldpc_encoder.make, SPEC, 3)
        self.assertIsInstance(dec, gpufec.ldpc_decoder)
        self.assertIsInstance(dec, fec.generic_decoder)
        self.assertIsInstance(enc, gpufec.ldpc_encoder)
        self.assertEqual((dec.frames(), enc.frames()), (2, 3))
        self.assertEqual((dec.get_input_size(), enc.get_output_size()), (960, 1440))
        self.assertRaises(TypeError, gpufec.nb_ldpc_decoder)
        self.assertRaises(TypeError, gpufec.nb_ldpc_encoder, SPEC)

    def test_old_positional_order(self):
        # (spec, algorithm, ems_nm, ems_offset, ems_scale, schedule, max_iterations,
        #  early_termination, backend, frames_per_call, sign, llr_scale,
        #  output_codeword, threads)
        ems = but.nb_backend("ems")
        dec = self.deprecated(gpufec.nb_ldpc_decoder_fb, SPEC, "ems", 4, 0.5, 0.6,
                              "flooding", 7, True, ems, 3, "positive_is_1", 2.0, True, 1)
        self.assertEqual((dec.max_iterations(), dec.frames_per_call(),
                          dec.output_frame_size(), dec.backend()), (7, 3, 480, ems))
        pdu = self.deprecated(gpufec.nb_ldpc_decoder_pdu, SPEC, "minmax", 0, 0.0, 0.7,
                              "layered", 9, True, but.BACKEND, "positive_is_0", 1.0, False,
                              1)
        self.assertEqual(pdu.max_iterations(), 9)
        # (spec, algorithm, ems_nm, ems_offset, ems_scale, schedule, max_iterations,
        #  early_termination, backend, frames, llr_scale, threads)
        fapi = self.deprecated(gpufec.nb_ldpc_decoder.make, SPEC, "ems", 0, 0.0, 0.7,
                               "layered", 6, True, ems, 4, 1.0, 1)
        self.assertEqual((fapi.max_iterations(), fapi.frames()), (6, 4))
        with self.assertRaises(TypeError):
            gpufec.nb_ldpc_encoder_bb(SPEC, "extra")

    def test_nb_batch_decoder(self):
        code = gpufec.nb_ldpc_code(SPEC)
        rng = np.random.default_rng(5)
        info = rng.integers(0, 2, size=(8, code.k_bits), dtype=np.uint8)
        cw = code.encode(info)
        llrs = (2.0 * (1.0 - 2.0 * cw) + 0.8 * rng.standard_normal(cw.shape)) * 4.0
        dec = self.deprecated(gpufec.nb_batch_decoder, code, backend=but.BACKEND)
        self.assertIsInstance(dec, gpufec.batch_decoder)
        self.assertTrue(dec.nonbinary)
        bits, its, ok = dec.decode(llrs.astype(np.float32))
        np.testing.assert_array_equal(bits, info)
        self.assertTrue(ok.all())
        self.assertEqual(its.shape, (8,))
        # the old positional order: (code, algorithm, schedule, max_iterations,
        # early_termination, backend, threads, ems_nm, ems_offset, ems_scale)
        old = self.deprecated(gpufec.nb_batch_decoder, SPEC, "ems", "flooding", 7, True,
                              but.nb_backend("ems"), 1, 8, 0.25, 0.6)
        o = old.options()
        self.assertEqual((o["algorithm"], o["schedule"], o["max_iterations"],
                          o["threads"], o["ems_nm"], o["ems_offset"]),
                         ("ems", "flooding", 7, 1, 8, 0.25))
        self.assertAlmostEqual(o["ems_scale"], 0.6, places=6)
        np.testing.assert_array_equal(old.decode(llrs, codeword=True)[0], cw)
        with self.assertRaises(ValueError):
            gpufec.nb_batch_decoder(SPEC, algorithm="nms", backend=but.BACKEND)
        with self.assertRaises(TypeError):
            gpufec.nb_batch_decoder(SPEC, *range(10))

    def test_same_object_as_the_unified_make(self):
        old = self.deprecated(gpufec.nb_ldpc_decoder.make, SPEC, backend=but.BACKEND,
                              frames=2)
        new = gpufec.ldpc_decoder.make(SPEC, backend=but.BACKEND, frames=2)
        self.assertEqual((old.rate(), old.get_input_size(), old.get_output_size()),
                         (new.rate(), new.get_input_size(), new.get_output_size()))

    def test_binary_specs_refused(self):
        for make in (gpufec.nb_ldpc_decoder_fb, gpufec.nb_ldpc_decoder_pdu,
                     gpufec.nb_ldpc_encoder_bb, gpufec.nb_ldpc_decoder.make,
                     gpufec.nb_ldpc_encoder.make, gpufec.nb_batch_decoder):
            for spec in ("wifi:648:1/2", gpufec.ldpc_code("wifi:648:1/2"), ""):
                with self.assertRaises(ValueError, msg=str(make)) as cm:
                    make(spec)
                self.assertIn("not a nonbinary spec", str(cm.exception))

    def test_bad_parameters_refused(self):
        # the old contract: a binary spec, a bad spec or a bad option is a ValueError
        bad = [{"spec": spec} for spec in ("wifi:648:1/2", "nbqc:15:2:8", "")]
        bad += [{"spec": SPEC, name: value} for name, value in (
            ("algorithm", "nms"), ("schedule", "random"), ("max_iterations", 0),
            ("ems_scale", 1.5), ("ems_offset", -1.0), ("backend", "fpga"),
            ("sign", "positive"), ("llr_scale", 0.0))]
        for kw in bad:
            makes = [gpufec.nb_ldpc_decoder_fb, gpufec.nb_ldpc_decoder_pdu]
            makes += [] if "sign" in kw else [gpufec.nb_ldpc_decoder.make]
            for make in makes:
                self.assertRaises(ValueError, make, **kw)
        self.assertRaises(ValueError, gpufec.nb_ldpc_decoder_fb, SPEC, frames_per_call=0)
        self.assertRaises(ValueError, gpufec.nb_ldpc_decoder.make, SPEC, frames=0)
        for spec in ("wifi:648:1/2", "nbqc:16:2", "nbalist:/nonexistent"):
            self.assertRaises(ValueError, gpufec.nb_ldpc_encoder_bb, spec)
            self.assertRaises(ValueError, gpufec.nb_ldpc_encoder.make, spec)
        self.assertRaises(ValueError, gpufec.nb_ldpc_encoder.make, SPEC, frames=0)


if __name__ == "__main__":
    gr_unittest.run(qa_deprecated_names)
