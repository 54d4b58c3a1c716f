#!/usr/bin/env python3
#
# The code family table from Python (gpufec.code_families(), code_families.h):
# its rows, kinds and standard specs; grc_helpers built from it; and the GRC
# block files' Code dropdowns and family lists (grc/*.yml) equal to it, so that
# a family added to the table and not to GRC (or the reverse) fails here.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
import ast
import glob
import os
import re

import yaml
from gnuradio import gr_unittest

try:
    import gpufec  # the build tree (PYTHONPATH set by CTest)
except ImportError:
    from gnuradio import gpufec  # the installed module
grc_helpers = gpufec.grc_helpers

GRC_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "grc")


def _grc_files():
    return sorted(glob.glob(os.path.join(GRC_DIR, "*.block.yml")))


def _family_param(doc):
    for p in doc.get("parameters", []):
        if p.get("id") == "family":
            return p
    return None


def _tuples_after(text, pattern):
    """Every tuple literal that follows `pattern` in text, as a set."""
    out = []
    for m in re.finditer(pattern + r"\s*(\([^()]*\))", text):
        out.append(frozenset(ast.literal_eval(m.group(1))))
    return out


class qa_code_families(gr_unittest.TestCase):
    def test_rows(self):
        rows = gpufec.code_families()
        names = [f.name for f in rows]
        self.assertEqual(names, ["wifi", "wimax", "dvbs2", "nr5g", "alist", "galist", "qc",
                                 "nbalist", "nbqc", "nbreg"])
        self.assertEqual([f.name for f in rows if f.standard],
                         ["wifi", "wimax", "dvbs2", "nr5g"])
        self.assertEqual({f.name for f in rows if f.nonbinary}, {"nbalist", "nbqc", "nbreg"})
        wifi = gpufec.code_family("wifi")
        self.assertEqual(wifi.grammar, "wifi:N:RATE")
        self.assertEqual(len(wifi.standard_specs()), 12)
        self.assertIn("648:1/2", wifi.choices)
        self.assertIn(wifi.help, gpufec.code_spec_forms())
        self.assertIn(gpufec.code_family("nbqc").help, gpufec.nb_code_spec_forms())
        self.assertEqual(wifi.rule_defaults("wifi:648:1/2"), (0.8125, 0.5, 10))
        self.assertEqual(gpufec.code_family("dvbs2").rule_defaults("dvbs2:short:1/2"),
                         (0.875, 0.25, 50))
        self.assertEqual(gpufec.code_family("alist").rule_defaults("alist:x.alist"),
                         (0.75, 0.5, 10))
        self.assertIsNone(gpufec.code_family("nbqc").rule_defaults("nbqc:16:2:8"))
        with self.assertRaisesRegex(ValueError, "unknown code family 'ccsds'; families: wifi"):
            gpufec.code_family("ccsds")

    def test_specs_build(self):
        for f in gpufec.code_families():
            for spec in f.standard_specs()[:3]:
                code = gpufec.nb_ldpc_code(spec) if f.nonbinary else gpufec.ldpc_code(spec)
                self.assertGreater(code.n, 0, spec)
                self.assertEqual(gpufec.is_nonbinary_spec(spec), f.nonbinary, spec)

    def test_grc_helpers_follow_the_table(self):
        rows = gpufec.code_families()
        self.assertEqual(set(grc_helpers.FAMILIES),
                         {f.name for f in rows if f.input == "parameters"})
        self.assertEqual(set(grc_helpers.FILE_FORMATS),
                         {f.name for f in rows if f.input == "file"})
        for f in rows:
            if f.input == "parameters":
                self.assertEqual(gpufec.code_spec(f.name, f.choices[0]),
                                 f.name + ":" + f.choices[0])
            else:
                self.assertEqual(gpufec.code_spec(f.name, path="/tmp/h"), f.name + ":/tmp/h")

    def test_grc_choices_equal_the_table(self):
        rows = gpufec.code_families()
        params = frozenset(f.name for f in rows if f.input == "parameters")
        files = frozenset(f.name for f in rows if f.input == "file") | {"alist_grfec"}
        nonbinary = frozenset(f.name for f in rows if f.nonbinary)
        nb_params = frozenset(f.name for f in rows if f.nonbinary and f.input == "parameters")
        nb_files = frozenset(f.name for f in rows if f.nonbinary and f.input == "file")
        files_seen = 0
        for path in _grc_files():
            with open(path) as fh:
                text = fh.read()
            family = _family_param(yaml.safe_load(text))
            if family is None:
                continue
            files_seen += 1
            name = os.path.basename(path)
            nb_only = "_nb_" in name
            self.assertEqual(set(family["options"]), set(grc_helpers.grc_choices(nb_only)),
                             "%s: the Code choices differ from the code family table" % name)
            self.assertEqual(len(family["options"]), len(family["option_labels"]), name)
            if nb_only:
                for t in _tuples_after(text, r"'\$\{family\}' in"):
                    self.assertEqual(t, nb_params, name)
                for m in re.finditer(r"family == '(\w+)'", text):
                    self.assertIn(m.group(1), nb_files | {"spec"}, name)
            else:
                tuples = _tuples_after(text, r"family (?:not )?in")
                self.assertIn(params, tuples, "%s: the parameter families" % name)
                self.assertIn(files, tuples, "%s: the file families" % name)
                for t in tuples:
                    self.assertIn(t, (params, files, nonbinary),
                                  "%s: a family list %s that is not the table's" %
                                  (name, sorted(t)))
        self.assertEqual(files_seen, 10)


if __name__ == "__main__":
    gr_unittest.run(qa_code_families)
