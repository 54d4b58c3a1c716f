#!/usr/bin/env python3
#
# The GRC block files (grc/*.block.yml): labels follow one scheme ("GPU LDPC" or,
# for the deprecated nonbinary blocks, "GPU NB-LDPC", the role, "(PDU)",
# "Definition", "(deprecated)" last, exactly on the blocks flagged deprecated),
# and every block's documentation says what it does, its input, output and tags,
# names each of its parameters and points to docs/GNURADIO.md. Needs only PyYAML
# (the blocks compile and run in qa_examples).
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
import glob
import os
import re

import yaml

from gnuradio import gr_unittest

SOURCE_DIR = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
GRC_FILES = sorted(glob.glob(os.path.join(SOURCE_DIR, "grc", "*.block.yml")))
LABEL = re.compile(r"^GPU (NB-)?LDPC (Decoder|Encoder)( \(PDU\))?( Definition)?"
                   r"( \(deprecated\))?$")


def load(path):
    with open(path) as f:
        return yaml.safe_load(f)


class qa_grc_blocks(gr_unittest.TestCase):
    def test_files_found(self):
        self.assertEqual(len(GRC_FILES), 10)

    def test_labels_follow_one_scheme(self):
        labels = set()
        for path in GRC_FILES:
            block = load(path)
            label = block["label"]
            m = LABEL.match(label)
            self.assertIsNotNone(m, "%s: label %r" % (path, label))
            deprecated = "deprecated" in block.get("flags", [])
            self.assertEqual(bool(m.group(5)), deprecated,
                             "%s: '(deprecated)' in the label iff flagged" % path)
            self.assertEqual(bool(m.group(1)), deprecated,
                             "%s: NB-LDPC names the deprecated nonbinary blocks" % path)
            self.assertEqual(bool(m.group(3)), block["id"].endswith("_pdu"), path)
            self.assertEqual(bool(m.group(4)), block["id"].startswith("variable_"), path)
            self.assertEqual(block["category"],
                             "[GPU FEC]/Deprecated" if deprecated else "[GPU FEC]", path)
            labels.add(label)
        self.assertEqual(len(labels), len(GRC_FILES), "two blocks with one label")

    def test_documentation(self):
        for path in GRC_FILES:
            block = load(path)
            doc = block.get("documentation", "")
            name = os.path.basename(path)
            for part in ("Input", "Output", "Tags:", "Parameters:", "docs/GNURADIO.md"):
                self.assertIn(part, doc, "%s: the documentation lacks %r" % (name, part))
            for param in block.get("parameters", []):
                label = param.get("label", "")
                if param["id"] == "value":  # a variable's hidden value
                    continue
                # the label's words before a parenthesis or a colon
                words = re.split(r"[(:]", label)[0].strip()
                self.assertIn(words.lower(), doc.lower(),
                              "%s: the documentation does not name parameter %r"
                              % (name, label))
            if "deprecated" in block.get("flags", []):
                self.assertTrue(doc.startswith("DEPRECATED"), name)
            for line in doc.splitlines():
                self.assertLessEqual(len(line), 80, "%s: %r" % (name, line))

    def test_docs_name_the_labels(self):
        # docs/GNURADIO.md names every block by its label
        with open(os.path.join(SOURCE_DIR, "docs", "GNURADIO.md")) as f:
            guide = f.read()
        for path in GRC_FILES:
            label = load(path)["label"].replace(" (deprecated)", "")
            self.assertIn(label, guide, "docs/GNURADIO.md does not name %r" % label)


if __name__ == "__main__":
    gr_unittest.run(qa_grc_blocks)
