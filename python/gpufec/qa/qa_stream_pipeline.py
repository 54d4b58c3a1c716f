#!/usr/bin/env python3
#
# The stream decoder block ldpc_decoder_fb with batches in flight
# (frames_in_flight) and int8 input, on the backend under test
# (backend_under_test.py): 20,000 sequence-numbered frames of wimax:576:1/2
# through an encoder -> LLR -> AWGN -> decoder flowgraph give the same bits and
# the same `iterations` / `parity_ok` tags in the synchronous mode, the default
# and a large number of frames in flight (with and without an input buffer that
# holds them all); a finite stream whose frame count is no multiple of the batch
# is flushed to its last frame (binary and GF(q)); int8 input decodes as float
# input quantized the same way (both signs, binary and GF(q)); a decoder failure
# injected mid-stream (the testing hook) switches the block to the CPU, logged
# once, with no frame lost, repeated or reordered; stop() in the middle of an
# endless stream returns and leaves an exact prefix; bad parameters are refused
# with ValueError naming the parameter; GRC compiles the new options.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np
import pmt
from gnuradio import analog, blocks, channels, digital, gr, gr_unittest

try:
    import gpufec  # the build tree (PYTHONPATH set by CTest)
    BUILD_TREE = True
except ImportError:
    from gnuradio import gpufec
    BUILD_TREE = False

import backend_under_test as but
from gr_logs import catch_log, log_messages

SPEC = "wimax:576:1/2"  # N = 576, K = 288
NB_SPEC = "nbqc:16:2:8"  # GF(16), 480 bits in, 364 out
SEQ_BITS = 24
SOURCE_DIR = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


def numbered_info(code_k, frames, seed):
    """Random information bits (frames, K) whose first SEQ_BITS bits are the
    frame's index, least significant first."""
    info = np.random.default_rng(seed).integers(0, 2, size=(frames, code_k), dtype=np.uint8)
    idx = np.arange(frames, dtype=np.uint32)
    info[:, :SEQ_BITS] = (idx[:, None] >> np.arange(SEQ_BITS, dtype=np.uint32)) & 1
    return info


def sequence_numbers(bits, frames):
    """The index each decoded frame carries."""
    b = bits.reshape(frames, -1)[:, :SEQ_BITS].astype(np.uint32)
    return (b << np.arange(SEQ_BITS, dtype=np.uint32)).sum(axis=1)


def tag_list(tags):
    """(offset, key, value) of the tags, sorted."""
    return sorted((t.offset, pmt.symbol_to_string(t.key), pmt.to_python(t.value))
                  for t in tags)


def auto_in_flight(fpc, threads=0):
    """frames_in_flight=0 resolved: 4 batches on a GPU, 8 per decoder thread on
    the CPU (threads 0: one per core)."""
    if but.BACKEND == "cuda":
        return 4 * fpc
    return 8 * (threads or os.cpu_count()) * fpc


def run_llrs(llrs, spec, dtype=np.float32, min_buffer=0, **kwargs):
    """LLRs (float, or int8 with dtype=np.int8) through ldpc_decoder_fb; returns
    (bits, tags, block)."""
    tb = gr.top_block()
    flat = np.ascontiguousarray(llrs, dtype=dtype).ravel()
    if dtype == np.int8:
        src = blocks.vector_source_b(flat.view(np.uint8).tolist())
    else:
        src = blocks.vector_source_f(flat.tolist())
    if min_buffer:
        src.set_min_output_buffer(min_buffer)
    dec = gpufec.ldpc_decoder_fb(spec, backend=but.BACKEND, **kwargs)
    snk = blocks.vector_sink_b()
    tb.connect(src, dec, snk)
    tb.run()
    return np.array(snk.data(), dtype=np.uint8), snk.tags(), dec


class qa_stream_pipeline(gr_unittest.TestCase):
    def run_chain(self, info_path, ebn0_db, min_buffer=0, **kwargs):
        """info bytes (file) -> encoder -> BPSK LLRs + AWGN (seeded) -> decoder;
        returns (bits, tags, block)."""
        code = gpufec.ldpc_code(SPEC)
        sigma = math.sqrt(1.0 / (2.0 * code.rate * 10.0 ** (ebn0_db / 10.0)))
        a = 2.0 / sigma ** 2  # LLR = 2y/sigma^2, y = +-1 + n
        tb = gr.top_block()
        src = blocks.file_source(gr.sizeof_char, info_path, False)
        enc = gpufec.ldpc_encoder_bb(SPEC)
        to_f = blocks.char_to_float(1, 1)
        llr = blocks.multiply_const_ff(-2.0 * a)  # bit b -> a - 2ab
        off = blocks.add_const_ff(a)
        noise = analog.noise_source_f(analog.GR_GAUSSIAN, 2.0 / sigma, 1234)
        add = blocks.add_ff()
        if min_buffer:
            add.set_min_output_buffer(min_buffer)
        dec = gpufec.ldpc_decoder_fb(SPEC, backend=but.BACKEND, **kwargs)
        snk = blocks.vector_sink_b()
        tb.connect(src, enc, to_f, llr, off, (add, 0))
        tb.connect(noise, (add, 1))
        tb.connect(add, dec, snk)
        tb.run()
        return np.array(snk.data(), dtype=np.uint8), snk.tags(), dec

    def test_channel_model_shift_warned(self):
        """GNU Radio's channel_model with its defaults drops its first 3 samples:
        every frame after it is shifted, and the block says so, once, with the fix."""
        spec = "wimax:576:1/2"
        code = gpufec.ldpc_code(spec)
        info = np.random.default_rng(21).integers(0, 2, size=64 * code.k, dtype=np.uint8)
        for shifted in (True, False):
            log = catch_log()
            tb = gr.top_block()
            src = blocks.vector_source_b(info.tolist())
            enc = gpufec.ldpc_encoder_bb(spec)
            mod = digital.chunks_to_symbols_bc([1.0, -1.0])  # bit 0 -> +1: LLR sign
            chain = [channels.channel_model()] if shifted else []
            dec = gpufec.ldpc_decoder_fb(spec, backend=but.BACKEND, frame_tags=False)
            snk = blocks.vector_sink_b()
            tb.connect(src, enc, mod, *chain, blocks.complex_to_real(), dec, snk)
            tb.run()
            warned = log_messages(log, dec.alias() + ": the frames appear to start")
            if shifted:
                self.assertEqual(len(warned), 1, warned)
                self.assertIn("start 3 values earlier", warned[0])
                self.assertIn("drop %d values before the decoder" % (code.n - 3), warned[0])
            else:
                self.assertEqual(warned, [])
                np.testing.assert_array_equal(np.array(snk.data(), np.uint8), info)

    def test_modes_give_identical_output_and_tags(self):
        # 20,000 sequence-numbered frames: the synchronous mode, the default, a
        # large number of frames in flight (its input buffer made to hold them,
        # and left at GNU Radio's default) and three decoder threads (on the
        # CPU: three decoders, each on whole batches) give the same bits and tags
        frames, fpc = 20000, 32
        code = gpufec.ldpc_code(SPEC)
        info = numbered_info(code.k, frames, 8)
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "info.u8")
            info.tofile(path)
            ref_bits, ref_tags, ref_dec = self.run_chain(path, 2.0, frames_per_call=fpc,
                                                         frames_in_flight=1)
            self.assertEqual(ref_dec.frames_in_flight(), 1)
            runs = {
                "default": self.run_chain(path, 2.0, frames_per_call=fpc),
                "large": self.run_chain(path, 2.0, frames_per_call=fpc,
                                        frames_in_flight=1024,
                                        min_buffer=(1024 + 2 * fpc) * code.n),
                "large, default buffer": self.run_chain(path, 2.0, frames_per_call=fpc,
                                                        frames_in_flight=1024),
                "three threads": self.run_chain(path, 2.0, frames_per_call=fpc,
                                                threads=3,
                                                min_buffer=auto_in_flight(fpc, 3) * code.n),
            }
            untagged = self.run_chain(path, 2.0, frames_per_call=fpc, frame_tags=False)
        # the reference: every frame out, each tagged at its first bit, and the
        # frames that pass parity are the ones sent, in order
        self.assertEqual(ref_bits.size, frames * code.k)
        tags = tag_list(ref_tags)
        self.assertEqual(len(tags), 2 * frames)
        self.assertEqual(sorted({t[0] for t in tags}), [f * code.k for f in range(frames)])
        ok = np.array([v for _, key, v in tags if key == "parity_ok"])
        its = np.array([v for _, key, v in tags if key == "iterations"])
        self.assertGreater(ok.mean(), 0.8)
        self.assertLess(ok.mean(), 1.0)  # some frames fail: the tags vary
        self.assertGreater(len(set(its.tolist())), 3)
        # (a frame that passes parity may still be another codeword, rarely)
        right = (ref_bits.reshape(frames, -1) == info).all(axis=1)
        self.assertGreater(right[ok].mean(), 0.999)
        seq = sequence_numbers(ref_bits, frames)
        self.assertGreater((seq[ok] == np.arange(frames)[ok]).mean(), 0.999)
        self.assertEqual(ref_dec.frames_failed(), int((~ok).sum()))
        for name, (out, out_tags, dec) in runs.items():
            np.testing.assert_array_equal(out, ref_bits, err_msg=name)
            self.assertEqual(tag_list(out_tags), tags, name)
            self.assertEqual((dec.frames_decoded(), dec.frames_failed()),
                             (frames, ref_dec.frames_failed()), name)
        # frame_tags=False: the same bits and counts, and not one tag
        out, out_tags, dec = untagged
        np.testing.assert_array_equal(out, ref_bits)
        self.assertEqual(tag_list(out_tags), [])
        self.assertEqual((dec.frames_decoded(), dec.frames_failed()),
                         (frames, ref_dec.frames_failed()))
        self.assertFalse(dec.frame_tags())
        self.assertTrue(ref_dec.frame_tags())
        self.assertEqual(runs["default"][2].frames_in_flight(), auto_in_flight(fpc))
        self.assertEqual(runs["three threads"][2].frames_in_flight(),
                         auto_in_flight(fpc, 3))
        self.assertEqual(runs["large"][2].frames_in_flight(), 1024)

    def test_in_place_equals_copy(self):
        # input that needs no conversion is decoded where it lies in the input
        # buffer; llr_scale 2 (exact in float, and float32 min-sum does not care)
        # takes the copy that scales it: the same bits and tags
        frames, fpc = 3000, 64
        code = gpufec.ldpc_code(SPEC)
        info = numbered_info(code.k, frames, 9)
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "info.u8")
            info.tofile(path)
            in_place = self.run_chain(path, 2.0, frames_per_call=fpc, precision="float32")
            copied = self.run_chain(path, 2.0, frames_per_call=fpc, precision="float32",
                                    llr_scale=2.0)
        self.assertEqual(in_place[0].size, frames * code.k)
        np.testing.assert_array_equal(in_place[0], copied[0])
        self.assertEqual(tag_list(in_place[1]), tag_list(copied[1]))
        # (the frames in order; a few percent fail at 2 dB)
        seq = sequence_numbers(in_place[0], frames)
        self.assertGreater((seq == np.arange(frames)).mean(), 0.9)

    def test_eof_flushes_every_frame(self):
        # frame counts that are no multiple of the batch, trailing partial frame
        # dropped; a large input buffer, so that many frames are in flight at EOF
        code = gpufec.ldpc_code(SPEC)
        for frames, fpc, in_flight in ((1001, 16, 256), (37, 8, 64), (5, 64, 0)):
            info = numbered_info(code.k, frames, frames)
            llrs = (4.0 * (1.0 - 2.0 * code.encode(info))).astype(np.float32).ravel()
            llrs = np.concatenate([llrs, np.full(100, 4.0, np.float32)])
            bits, tags, dec = run_llrs(llrs, SPEC, min_buffer=(in_flight + fpc) * code.n,
                                       frames_per_call=fpc, frames_in_flight=in_flight)
            self.assertEqual(bits.size, frames * code.k, (frames, fpc))
            np.testing.assert_array_equal(bits.reshape(frames, -1), info)
            self.assertEqual(sorted({t.offset for t in tags}),
                             [f * code.k for f in range(frames)])
            self.assertEqual(dec.frames_decoded(), frames)
        # GF(q), batches in flight
        ncode = gpufec.nb_ldpc_code(NB_SPEC)
        info = np.random.default_rng(5).integers(0, 2, size=(23, ncode.k_bits),
                                                 dtype=np.uint8)
        llrs = (4.0 * (1.0 - 2.0 * ncode.encode(info))).astype(np.float32)
        bits, tags, dec = run_llrs(llrs, NB_SPEC, min_buffer=40 * ncode.n_bits,
                                   frames_per_call=4, frames_in_flight=16)
        np.testing.assert_array_equal(bits.reshape(23, -1), info)
        self.assertEqual(len(tags), 2 * 23)

    def test_int8_input_equals_quantized_float(self):
        step = 0.125
        code = gpufec.ldpc_code(SPEC)
        info = np.random.default_rng(11).integers(0, 2, size=(300, code.k), dtype=np.uint8)
        llrs = gpufec.awgn_channel("bpsk", 2.0, code.rate, seed=12).transmit(
            code.encode(info))
        q = gpufec.quantize_llrs(np.asarray(llrs, np.float32), step)
        self.assertEqual(q.dtype, np.int8)
        precisions = ["float32"] + (["auto"] if but.BACKEND == "cpu" else [])
        for precision in precisions:
            for in_flight in (1, 0):
                ref, ref_tags, _ = run_llrs(q.astype(np.float32) * step, SPEC,
                                            precision=precision, frames_per_call=16,
                                            frames_in_flight=in_flight)
                got, tags, dec = run_llrs(q, SPEC, dtype=np.int8, input_type="int8",
                                          llr_scale=step, precision=precision,
                                          frames_per_call=16, frames_in_flight=in_flight)
                self.assertEqual(dec.input_type(), "int8")
                np.testing.assert_array_equal(got, ref)
                self.assertEqual(tag_list(tags), tag_list(ref_tags))
                # the other sign convention: the bytes negated (-128 reads as 127)
                neg, neg_tags, _ = run_llrs(-q, SPEC, dtype=np.int8, input_type="int8",
                                            llr_scale=step, sign="positive_is_1",
                                            precision=precision, frames_per_call=16,
                                            frames_in_flight=in_flight)
                np.testing.assert_array_equal(neg, ref)
                self.assertEqual(tag_list(neg_tags), tag_list(ref_tags))
        self.assertGreater((ref.reshape(300, -1) == info).all(axis=1).mean(), 0.8)
        # GF(q): the block converts the bytes for the float-only core decoder
        ncode = gpufec.nb_ldpc_code(NB_SPEC)
        ninfo = np.random.default_rng(13).integers(0, 2, size=(12, ncode.k_bits),
                                                   dtype=np.uint8)
        sigma = 0.6
        y = (1.0 - 2.0 * ncode.encode(ninfo)) + \
            sigma * np.random.default_rng(14).standard_normal((12, ncode.n_bits))
        nq = gpufec.quantize_llrs((2.0 * y / sigma ** 2).astype(np.float32), step)
        ref, ref_tags, _ = run_llrs(nq.astype(np.float32) * step, NB_SPEC, frames_per_call=4)
        got, tags, _ = run_llrs(nq, NB_SPEC, dtype=np.int8, input_type="int8",
                                llr_scale=step, frames_per_call=4)
        np.testing.assert_array_equal(got, ref)
        self.assertEqual(tag_list(tags), tag_list(ref_tags))
        self.assertGreaterEqual((ref.reshape(12, -1) == ninfo).all(axis=1).sum(), 9)

    def test_failure_mid_stream_switches_to_cpu(self):
        # the testing hook makes one decoder call throw, as a GPU error would: the
        # CPU takes over, logged once; sequence-numbered frames come out exact
        log = catch_log()
        code = gpufec.ldpc_code(SPEC)
        frames = 700
        info = numbered_info(code.k, frames, 21)
        llrs = (4.0 * (1.0 - 2.0 * code.encode(info))).astype(np.float32)
        q = gpufec.quantize_llrs(llrs, 0.125)
        cases = [dict(frames_in_flight=1), dict(), dict(frames_in_flight=256),
                 dict(input_type="int8"), dict(precision="float32")]
        for i, kw in enumerate(cases):
            tb = gr.top_block()
            if kw.get("input_type") == "int8":
                src = blocks.vector_source_b(q.ravel().view(np.uint8).tolist())
                kw = dict(kw, llr_scale=0.125)
            else:
                src = blocks.vector_source_f(llrs.ravel().tolist())
            src.set_min_output_buffer(300 * code.n)
            dec = gpufec.ldpc_decoder_fb(SPEC, backend=but.BACKEND, frames_per_call=16,
                                         **kw)
            dec.set_max_iterations(12)  # carried over to the CPU decoder
            gpufec._testing.inject_decode_failure_after(3 + i)
            snk = blocks.vector_sink_b()
            tb.connect(src, dec, snk)
            tb.run()
            out = np.array(snk.data(), dtype=np.uint8)
            self.assertEqual(out.size, frames * code.k, kw)
            np.testing.assert_array_equal(sequence_numbers(out, frames), np.arange(frames))
            np.testing.assert_array_equal(out.reshape(frames, -1), info)
            self.assertEqual(sorted({t.offset for t in snk.tags()}),
                             [f * code.k for f in range(frames)])
            self.assertEqual(dec.recoveries(), 1, kw)
            self.assertEqual(dec.backend(), "cpu")
            # the CPU's precision: float32 stays, auto is the CPU's auto (int8 for
            # the min-sum family), half2 would become float32
            self.assertEqual(dec.precision(), kw.get("precision", "int8"))
            self.assertEqual(dec.max_iterations(), 12)
            self.assertEqual((dec.frames_decoded(), dec.frames_failed()), (frames, 0))
            self.assertEqual(len(log_messages(log, "decoded on the CPU")), i + 1, kw)
        self.assertIn("inject_decode_failure_after", log_messages(log, "decoded on the CPU")[0])
        # GF(q)
        ncode = gpufec.nb_ldpc_code(NB_SPEC)
        ninfo = np.random.default_rng(22).integers(0, 2, size=(40, ncode.k_bits),
                                                   dtype=np.uint8)
        nllrs = (4.0 * (1.0 - 2.0 * ncode.encode(ninfo))).astype(np.float32)
        tb = gr.top_block()
        src = blocks.vector_source_f(nllrs.ravel().tolist())
        dec = gpufec.ldpc_decoder_fb(NB_SPEC, backend=but.BACKEND, frames_per_call=4,
                                     frames_in_flight=16)
        gpufec._testing.inject_decode_failure_after(2)
        snk = blocks.vector_sink_b()
        tb.connect(src, dec, snk)
        tb.run()
        np.testing.assert_array_equal(np.array(snk.data(), np.uint8).reshape(40, -1), ninfo)
        self.assertEqual((dec.recoveries(), dec.backend()), (1, "cpu"))

    def test_stop_mid_stream(self):
        # an endless stream, stopped: stop() returns, and what came out is an
        # exact prefix of whole frames
        code = gpufec.ldpc_code(SPEC)
        info = numbered_info(code.k, 64, 31)
        llrs = (4.0 * (1.0 - 2.0 * code.encode(info))).astype(np.float32)
        tb = gr.top_block()
        src = blocks.vector_source_f(llrs.ravel().tolist(), True)
        src.set_min_output_buffer(512 * code.n)
        dec = gpufec.ldpc_decoder_fb(SPEC, backend=but.BACKEND, frames_per_call=32,
                                     frames_in_flight=256)
        snk = blocks.vector_sink_b()
        tb.connect(src, dec, snk)
        tb.start()
        time.sleep(0.5)
        tb.stop()
        tb.wait()
        out = np.array(snk.data(), dtype=np.uint8)
        self.assertEqual(out.size % code.k, 0)
        got = out.size // code.k
        self.assertGreater(got, 0)
        np.testing.assert_array_equal(out.reshape(got, -1), np.resize(info, (got, code.k)))

    def test_getters_and_bad_parameters(self):
        dec = gpufec.ldpc_decoder_fb(SPEC, backend=but.BACKEND)
        self.assertEqual((dec.frames_per_call(), dec.frames_in_flight(), dec.input_type(),
                          dec.recoveries()), (64, auto_in_flight(64), "float", 0))
        dec = gpufec.ldpc_decoder_fb(SPEC, backend=but.BACKEND, frames_per_call=10,
                                     frames_in_flight=5, input_type="int8")
        self.assertEqual((dec.frames_in_flight(), dec.input_type()), (5, "int8"))
        self.assertTrue(dec.frame_tags())
        dec.set_frame_tags(False)
        self.assertFalse(dec.frame_tags())
        cases = [
            (dict(frames_in_flight=-1), "frames_in_flight"),
            (dict(frames_in_flight=2**28), "frames_in_flight"),
            (dict(input_type="int16"), "input_type"),
            (dict(input_type="float", llr_scale=0.0), "llr_scale"),
        ]
        for kw, needle in cases:
            with self.assertRaises(ValueError, msg=str(kw)) as cm:
                gpufec.ldpc_decoder_fb(SPEC, backend=but.BACKEND, **kw)
            self.assertIn(needle, str(cm.exception))
            self.assertIn("gpufec.ldpc_decoder_fb", str(cm.exception))
        with self.assertRaises(ValueError) as cm:
            gpufec._testing.inject_decode_failure_after(-1)
        self.assertIn("batches", str(cm.exception))

    def test_cuda_without_device(self):
        # backend cuda fails at construction with the reason; auto falls back
        try:
            dec = gpufec.ldpc_decoder_fb(SPEC, backend="cuda")
        except gpufec.BackendUnavailable as e:
            self.assertIn("cuda", str(e).lower())
            self.assertIn("gpufec.ldpc_decoder_fb", str(e))
            dec = gpufec.ldpc_decoder_fb(SPEC, backend="auto")
            self.assertEqual(dec.backend(), "cpu")
        else:
            self.assertEqual(dec.backend(), "cuda")

    def test_grc_options(self):
        grcc = shutil.which("grcc")
        if grcc is None:
            self.skipTest("grcc not found")
        tmp = tempfile.mkdtemp(prefix="gpufec_stream_grc_")
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
            import yaml
            fg = {"options": {"parameters": {"id": "stream_grc", "generate_options":
                                             "no_gui", "output_language": "python"},
                              "states": {"coordinate": [0, 0], "rotation": 0,
                                         "state": "enabled"}},
                  "blocks": [block("src", "blocks_null_source", type="byte"),
                             block("dec", "gpufec_ldpc_decoder_fb", family="wimax",
                                   params="'576:1/2'", backend=but.BACKEND,
                                   input_type="int8", frames_in_flight="256",
                                   llr_scale="0.125", frame_tags="False"),
                             block("snk", "blocks_null_sink", type="byte")],
                  "connections": [["src", "0", "dec", "0"], ["dec", "0", "snk", "0"]],
                  "metadata": {"file_format": 1}}
            path = os.path.join(tmp, "stream_grc.grc")
            with open(path, "w") as f:
                yaml.safe_dump(fg, f)
            proc = subprocess.run([grcc, "-o", tmp, path], env=env, cwd=tmp,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  text=True, timeout=300)
            self.assertEqual(proc.returncode, 0, proc.stdout)
            with open(os.path.join(tmp, "stream_grc.py")) as f:
                text = f.read()
            self.assertIn("frames_in_flight=256, input_type='int8', frame_tags=False", text)
            code = ("import stream_grc; tb = stream_grc.stream_grc(); "
                    "print(tb.dec.input_type(), tb.dec.frames_in_flight(), "
                    "tb.dec.frame_tags())")
            proc = subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  text=True, timeout=300)
            self.assertEqual(proc.returncode, 0, proc.stdout)
            self.assertIn("int8 256 False", proc.stdout)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    gr_unittest.run(qa_stream_pipeline)
