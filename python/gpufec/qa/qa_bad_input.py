#!/usr/bin/env python3
#
# Bad input to the Python faces (docs/VALIDATION.md, "Bad input"), on the CPU:
# an LLR array whose float32 copy cannot be allocated raises MemoryError naming
# the bytes; FIFOs as matrix files are refused at once by every reader and the
# stream block; threads above the limit, integers outside a C int, floats a
# 32-bit float cannot hold, options the decoder would not use and batches beyond
# half of the host's memory raise ValueError naming them; input that quantizes to
# zeros is reported as failed frames; a decoder error inside the stream block's
# work() ends the flowgraph (tb.run() returns) with the error kept; a trailing
# partial frame is logged once.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
import os
import shutil
import tempfile

import numpy as np
from gnuradio import blocks, gr, gr_unittest

try:
    import gpufec  # the build tree (PYTHONPATH set by CTest)
except ImportError:
    from gnuradio import gpufec

from gr_logs import catch_log, log_messages, run_bounded

SPEC = "wifi:648:1/2"


class qa_bad_input(gr_unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="gpufec_qa_bad_input_")
        cls.fifo = os.path.join(cls.dir, "matrix.alist")
        os.mkfifo(cls.fifo)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir, ignore_errors=True)

    def test_huge_array_memory_error(self):
        dec = gpufec.batch_decoder(SPEC, backend="cpu")
        base = np.zeros(648)
        for dtype in (np.float64, np.int8):
            # a view of 10^9 frames over one frame's memory: its contiguous copy
            # would take terabytes
            huge = np.lib.stride_tricks.as_strided(base.astype(dtype),
                                                   shape=(10**9, 648),
                                                   strides=(0, np.dtype(dtype).itemsize))
            with self.assertRaisesRegex(MemoryError, "cannot allocate the .* bytes"):
                dec.decode(huge)

    def test_fifo_matrix_files(self):
        for spec in ("alist:" + self.fifo, "galist:" + self.fifo, "qc:" + self.fifo,
                     self.fifo):
            with self.assertRaisesRegex(Exception, "is a FIFO"):
                gpufec.ldpc_code(spec)
            with self.assertRaisesRegex(Exception, "is a FIFO"):
                gpufec.batch_decoder(spec, backend="cpu")
        with self.assertRaisesRegex(Exception, "is a FIFO"):
            gpufec.nb_ldpc_code("nbalist:" + self.fifo)
        with self.assertRaisesRegex(Exception, "is a FIFO"):
            gpufec.ldpc_decoder_fb("alist:" + self.fifo, backend="cpu")
        with self.assertRaisesRegex(Exception, "is a FIFO"):
            gpufec.simulate("alist:" + self.fifo, 2.0, backend="cpu", max_frames=1)

    def test_numbers_out_of_range(self):
        with self.assertRaisesRegex(ValueError, r"threads is 100000; it must be in \[0, 1024\]"):
            gpufec.batch_decoder(SPEC, backend="cpu", threads=100000)
        with self.assertRaisesRegex(ValueError, "threads is 10000000000, outside a 32-bit"):
            gpufec.batch_decoder(SPEC, backend="cpu", threads=10**10)
        with self.assertRaisesRegex(ValueError, "max_iterations is 1099511627776"):
            gpufec.batch_decoder(SPEC, backend="cpu", max_iterations=2**40)
        dec = gpufec.batch_decoder(SPEC, backend="cpu", max_iterations=np.int64(12))
        self.assertEqual(dec.options()["max_iterations"], 12)
        with self.assertRaisesRegex(ValueError, "iterations is 4294967296"):
            dec.set_max_iterations(2**32)
        with self.assertRaisesRegex(ValueError, "alpha is 1e-300, outside the range of a "
                                    "32-bit float.*taken as 0"):
            gpufec.batch_decoder(SPEC, backend="cpu", alpha=1e-300)
        with self.assertRaisesRegex(ValueError, "alpha is 1e.300.*infinity"):
            gpufec.batch_decoder(SPEC, backend="cpu", alpha=1e300)
        with self.assertRaisesRegex(ValueError, "simulate: .*threads is 100000"):
            gpufec.simulate(SPEC, 2.0, backend="cpu", threads=100000, max_frames=1)
        with self.assertRaisesRegex(ValueError, "simulate: iterations is 1099511627776"):
            gpufec.simulate(SPEC, 2.0, backend="cpu", iterations=2**40, max_frames=1)

    def test_unused_options(self):
        for algorithm in ("oms", "spa"):
            with self.assertRaisesRegex(ValueError, "alpha is 0.8, but algorithm '%s' "
                                        "does not use it" % algorithm):
                gpufec.batch_decoder(SPEC, algorithm=algorithm, alpha=0.8, backend="cpu")
            with self.assertRaisesRegex(ValueError, "does not use it"):
                gpufec.simulate(SPEC, 2.0, algorithm=algorithm, alpha=0.8, backend="cpu",
                                max_frames=1)
        with self.assertRaisesRegex(ValueError, "beta is 0.5, but algorithm 'nms'"):
            gpufec.batch_decoder(SPEC, algorithm="nms", beta=0.5, backend="cpu")
        with self.assertRaisesRegex(ValueError, "does not use it"):
            gpufec.ldpc_decoder_fb(SPEC, algorithm="oms", alpha=0.8, backend="cpu")

    def test_batch_memory(self):
        with self.assertRaisesRegex(ValueError, "batch_frames 16777216: the batch needs "
                                    ".* GiB of host memory"):
            gpufec.simulate("wifi:1944:1/2", 2.0, backend="cpu", batch_frames=2**24,
                            max_frames=1)

    def test_zero_quantized_input(self):
        code = gpufec.ldpc_code(SPEC)
        info = np.random.default_rng(3).integers(0, 2, size=(8, code.k), dtype=np.uint8)
        llrs = (0.05 * (1.0 - 2.0 * code.encode(info))).astype(np.float32)
        for precision in ("auto", "int8", "int16"):
            dec = gpufec.batch_decoder(SPEC, backend="cpu", precision=precision)
            _, _, ok = dec.decode(llrs)
            self.assertFalse(ok.any(), precision)
        bits, _, ok = gpufec.batch_decoder(SPEC, backend="cpu",
                                           precision="float32").decode(llrs)
        self.assertTrue(ok.all())
        np.testing.assert_array_equal(bits, info)
        _, _, ok = gpufec.batch_decoder(SPEC, backend="cpu", precision="float32").decode(
            np.zeros((2, code.n), np.float32))
        self.assertFalse(ok.any())

    def stream(self, code, frames, extra=0):
        info = np.random.default_rng(4).integers(0, 2, size=(frames, code.k),
                                                 dtype=np.uint8)
        llrs = (4.0 * (1.0 - 2.0 * code.encode(info))).astype(np.float32).ravel()
        return info, np.concatenate([llrs, np.ones(extra, np.float32)])

    def test_work_error_ends_flowgraph(self):
        catch_log()
        code = gpufec.ldpc_code(SPEC)
        _, llrs = self.stream(code, 200)
        for kw in (dict(frames_in_flight=1), dict(), dict(frames_in_flight=64)):
            tb = gr.top_block()
            src = blocks.vector_source_f(llrs.tolist())
            dec = gpufec.ldpc_decoder_fb(SPEC, backend="cpu", frames_per_call=8, **kw)
            # the decoder fails, and so does the CPU decoder that takes over
            gpufec._testing.inject_decode_failure_after(2, failures=2)
            snk = blocks.vector_sink_b()
            tb.connect(src, dec, snk)
            self.assertTrue(run_bounded(tb), "tb.run() did not return: %s" % kw)
            self.assertIn("inject_decode_failure_after", dec.error())
            self.assertLess(len(snk.data()), 200 * code.k)

    def test_threads_above_256(self):
        code = gpufec.ldpc_code(SPEC)
        info, llrs = self.stream(code, 64)
        tb = gr.top_block()
        src = blocks.vector_source_f(llrs.tolist())
        dec = gpufec.ldpc_decoder_fb(SPEC, backend="cpu", frames_per_call=1, threads=257)
        snk = blocks.vector_sink_b()
        tb.connect(src, dec, snk)
        self.assertTrue(run_bounded(tb))
        self.assertEqual(dec.error(), "")
        np.testing.assert_array_equal(np.array(snk.data(), np.uint8).reshape(64, -1), info)
        with self.assertRaisesRegex(ValueError, "threads"):
            gpufec.ldpc_decoder_fb(SPEC, backend="cpu", threads=2000)

    def test_partial_frame_logged(self):
        log = catch_log()
        code = gpufec.ldpc_code(SPEC)
        info, llrs = self.stream(code, 5, extra=100)
        tb = gr.top_block()
        src = blocks.vector_source_f(llrs.tolist())
        dec = gpufec.ldpc_decoder_fb(SPEC, backend="cpu")
        snk = blocks.vector_sink_b()
        tb.connect(src, dec, snk)
        self.assertTrue(run_bounded(tb))
        np.testing.assert_array_equal(np.array(snk.data(), np.uint8).reshape(5, -1), info)
        self.assertEqual(len(log_messages(log, "ended with 100 LLRs after the last "
                                               "whole frame")), 1)


if __name__ == "__main__":
    gr_unittest.run(qa_bad_input)
