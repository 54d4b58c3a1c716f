#!/usr/bin/env python3
#
# gpufec.simulate(): the BER/FER engine of gpufec-ber from Python. Points as dicts
# with the keys of gpufec-ber's JSON file, binary and nonbinary codes, the stop
# rules (max_seconds, stop_fer), resumed runs equal to uninterrupted ones, a
# resume of another seed or code refused, the progress callable (and stopping
# through it), precision auto resolved in the points, bad arguments (and an
# option of the other kind of code) refused with ValueError, and the GIL released
# while the simulation runs. On the backend under test (backend_under_test.py:
# GPUFEC_TEST_BACKEND, cpu by default).
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
import json
import math
import threading

from gnuradio import gr_unittest

try:
    import gpufec  # the build tree (PYTHONPATH set by CTest)
except ImportError:
    from gnuradio import gpufec

import backend_under_test as but

# gpufec-ber --json: the keys of a binary point, in order (apps/tests/check_ber_json.cmake)
BINARY_KEYS = [
    "ebn0_db", "frames", "bit_errors", "frame_errors", "ber", "fer", "avg_iterations",
    "info_bits", "seconds", "fer_ci", "ber_ci", "undetected_frame_errors",
    "total_iterations", "bit_errors_sq", "first_frame", "decoded_frames", "decode_seconds",
    "info_throughput_bps", "stopped_by", "program", "code", "n", "k", "q", "rate",
    "modulation", "seed", "all_zero", "backend", "devices", "ranks", "precision",
    "decoder", "stop_rules"]

COUNTS = ["ebn0_db", "frames", "bit_errors", "frame_errors", "undetected_frame_errors",
          "total_iterations", "bit_errors_sq", "info_bits", "first_frame", "stopped_by"]

SMALL = dict(code="wifi:648:1/2", iterations=8, backend=but.BACKEND, threads=2, seed=7)


def counts(points):
    return [{k: p[k] for k in COUNTS + (["symbol_errors"] if "ser" in p else [])}
            for p in points]


class qa_simulate(gr_unittest.TestCase):
    def test_binary_points(self):
        r = gpufec.simulate(ebn0=[0.0, 3.0], min_frame_errors=20, max_frames=300, **SMALL)
        self.assertEqual(len(r), 2)
        self.assertEqual(list(r[0].keys()), BINARY_KEYS)
        p0, p1 = r
        self.assertEqual((p0["code"], p0["n"], p0["k"], p0["q"]), ("wifi:648:1/2", 648, 324, 2))
        self.assertEqual(p0["decoder"]["algorithm"], "nms")
        self.assertEqual(p0["decoder"]["iterations"], 8)
        # a CUDA run names the device it ran on
        self.assertEqual((p0["backend"], p0["devices"], p0["precision"]),
                         (but.BACKEND, [0] if but.BACKEND == "cuda" else [], "float"))
        self.assertEqual(p0["stop_rules"]["max_frames"], 300)
        self.assertEqual(p0["frame_errors"], 20)
        self.assertEqual(p0["stopped_by"], "min_frame_errors")
        self.assertGreater(p0["fer"], p1["fer"])
        for p in r:
            self.assertEqual(p["info_bits"], 324 * p["frames"])
            self.assertLessEqual(p["fer_ci"][0], p["fer"])
            self.assertLessEqual(p["fer"], p["fer_ci"][1])
            self.assertLessEqual(p["ber_ci"][0], p["ber"])
            self.assertLessEqual(p["ber"], p["ber_ci"][1])
        # the same run again: the same counts (counter-based noise); a spec string,
        # an ldpc_code object and a range string name the same sweep
        small = dict(SMALL)
        small["code"] = gpufec.ldpc_code("wifi:648:1/2")
        again = gpufec.simulate(ebn0="0:3:3", min_frame_errors=20, max_frames=300, **small)
        self.assertEqual(counts(r), counts(again))
        # JSON-serializable as it is
        self.assertEqual(json.loads(json.dumps(r)), r)

    def test_nonbinary_points(self):
        r = gpufec.simulate("nbreg:16:96:2:4", ebn0="1:3:2", min_frame_errors=0,
                            max_frames=50, backend=but.BACKEND, threads=2)
        self.assertEqual([p["frames"] for p in r], [50, 50])
        p = r[0]
        self.assertEqual((p["q"], p["decoder"]["algorithm"]), (16, "minmax"))
        for key in ("symbol_errors", "ser", "info_symbols"):
            self.assertIn(key, p)
        self.assertGreaterEqual(p["ser"], 0.0)
        self.assertEqual(p["stopped_by"], "max_frames")

    def test_stop_rules(self):
        r = gpufec.simulate(ebn0=[0, 1, 2, 3, 4, 5], min_frame_errors=10, max_frames=300,
                            stop_fer=0.05, **SMALL)
        self.assertLess(len(r), 6)
        self.assertLess(r[-1]["fer"], 0.05)
        self.assertTrue(all(p["fer"] >= 0.05 for p in r[:-1]))
        timed = gpufec.simulate(ebn0=2.0, min_frame_errors=0, max_frames=10**8,
                                max_seconds=1e-9, batch_frames=16, **SMALL)
        self.assertEqual(timed[0]["stopped_by"], "max_seconds")
        self.assertEqual(timed[0]["frames"], 16)

    def test_resume_equals_uninterrupted(self):
        args = dict(ebn0=[0.5, 1.5, 2.5], min_frame_errors=25, max_frames=400, **SMALL)
        whole = gpufec.simulate(**args)
        cut_args = dict(args)
        cut_args["max_frames"] = 33
        cut = gpufec.simulate(**cut_args)
        self.assertTrue(all(p["frames"] <= 33 for p in cut))
        resumed = gpufec.simulate(resume=cut, **args)
        self.assertEqual(counts(whole), counts(resumed))
        # through a JSON file, as gpufec-ber --json writes it
        resumed = gpufec.simulate(resume=json.loads(json.dumps(cut)), **args)
        self.assertEqual(counts(whole), counts(resumed))

        other_seed = dict(args)
        other_seed["seed"] = 8
        with self.assertRaisesRegex(ValueError, "--seed"):
            gpufec.simulate(resume=cut, **other_seed)
        other_code = dict(args)
        other_code["code"] = "wifi:1296:1/2"
        with self.assertRaisesRegex(ValueError, "--code"):
            gpufec.simulate(resume=cut, **other_code)
        with self.assertRaisesRegex(ValueError, "no key"):
            gpufec.simulate(resume=[{"ebn0_db": 1.0}], **args)

    def test_progress(self):
        seen = []

        def progress(pr):
            seen.append(pr)
            return len(seen) < 3

        r = gpufec.simulate(ebn0=[1.0, 5.0], min_frame_errors=0, max_frames=1000,
                            batch_frames=10, progress=progress, progress_interval=0.0,
                            **SMALL)
        self.assertEqual(len(seen), 3)
        self.assertEqual(len(r), 1)
        self.assertEqual(r[0]["stopped_by"], "interrupted")
        self.assertEqual(r[0]["frames"], 30)
        self.assertEqual([s["point"]["frames"] for s in seen], [10, 20, 30])
        self.assertEqual(seen[0]["points"], 2)
        self.assertGreater(seen[0]["frames_per_second"], 0.0)
        # resumed from the interrupted point: the uninterrupted counts
        whole = gpufec.simulate(ebn0=[1.0, 5.0], min_frame_errors=0, max_frames=1000,
                                batch_frames=10, **SMALL)
        resumed = gpufec.simulate(ebn0=[1.0, 5.0], min_frame_errors=0, max_frames=1000,
                                  batch_frames=10, resume=r, **SMALL)
        self.assertEqual(counts(whole), counts(resumed))

        def broken(pr):
            raise KeyError("from the callback")

        with self.assertRaises(KeyError):
            gpufec.simulate(ebn0=1.0, min_frame_errors=0, max_frames=1000,
                            batch_frames=10, progress=broken, progress_interval=0.0,
                            **SMALL)

    def test_bad_arguments(self):
        cases = [
            (dict(ebn0=[]), "ebn0_db"),
            (dict(ebn0=[1.0, math.nan]), "ebn0_db"),
            (dict(ebn0="1:3:-1"), "step"),
            (dict(ebn0=1.0, max_frames=0), "max_frames"),
            (dict(ebn0=1.0, max_seconds=math.nan), "max_seconds"),
            (dict(ebn0=1.0, max_seconds=-1.0), "max_seconds"),
            (dict(ebn0=1.0, stop_fer=1.0), "stop_fer"),
            (dict(ebn0=1.0, algorithm="xyz"), "xyz"),
            (dict(ebn0=1.0, devices=[]), "devices"),
        ]
        for extra, text in cases:
            with self.assertRaisesRegex(ValueError, text):
                gpufec.simulate("wifi:648:1/2", backend=but.BACKEND, **extra)
        with self.assertRaises(ValueError):
            gpufec.simulate(42, ebn0=1.0)
        # the decoder options follow gpufec.batch_decoder's rules
        for code, extra, text in (("wifi:648:1/2", dict(ems_nm=4), "ems_nm"),
                                  ("nbqc:16:2:8", dict(alpha=0.5), "alpha"),
                                  ("nbqc:16:2:8", dict(precision="int8"), "float32"),
                                  ("wifi:648:1/2", dict(precision="x"), "precision")):
            with self.assertRaisesRegex(ValueError, text):
                gpufec.simulate(code, ebn0=1.0, backend=but.BACKEND, **extra)

    def test_precision_auto(self):
        r = gpufec.simulate(ebn0=4.0, max_frames=50, min_frame_errors=0,
                            precision="auto", **SMALL)
        self.assertEqual(r[0]["precision"], but.auto_precision("nms"))
        r = gpufec.simulate("nbqc:16:2:8", ebn0=4.0, max_frames=10, min_frame_errors=0,
                            precision="auto", backend=but.BACKEND)
        self.assertEqual(r[0]["frames"], 10)

    def test_gil_released(self):
        done = threading.Event()
        result = []

        def work():
            result.extend(gpufec.simulate(ebn0=5.0, min_frame_errors=0, max_frames=10**8,
                                          max_seconds=1.0, **SMALL))
            done.set()

        t = threading.Thread(target=work)
        t.start()
        spins = 0
        while not done.is_set():
            spins += 1
        t.join()
        self.assertEqual(result[0]["stopped_by"], "max_seconds")
        # with the GIL held for the whole second this loop would barely run
        self.assertGreater(spins, 10000)


if __name__ == "__main__":
    gr_unittest.run(qa_simulate)
