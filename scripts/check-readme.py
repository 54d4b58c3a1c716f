#!/usr/bin/env python3
#
# Runs the README's tested code blocks against a build tree, so that every
# command the README shows keeps working as written (CTest: the test `readme`,
# label readme, docs/CMakeLists.txt).
#
#   /usr/bin/python3 scripts/check-readme.py --readme README.md --build build
#   /usr/bin/python3 scripts/check-readme.py --list      # what would run
#
# The convention, in README.md:
#
#   - A fenced block is tested when the line just above its opening fence is
#     the HTML comment `<!-- test -->` (invisible on GitHub). Other blocks are
#     not run: keep long runs (minutes) and commands that need other machines
#     (mpirun over hosts) out of tested blocks.
#   - ```sh blocks: every tested sh block of the README runs, in the README's
#     order, in one `sh -e` session (an `export` holds for the blocks after it),
#     from a scratch folder that stands for the repository's root: every
#     top-level entry of the source tree is linked there, and `build` is the
#     build tree under test. A command continued with `\` is one command; a
#     chain `a && b` is split into its commands. Setup and build commands are
#     skipped (the test runs after them): those that start with apt-get, cmake,
#     ctest, ldconfig or sudo, and `sh scripts/check-format.sh` /
#     `sh scripts/check-headers.sh`. A command whose comment starts with `# GPU`
#     runs only where `build/apps/gpufec-info` reports a usable CUDA device.
#   - ```python blocks: every tested python block, in order, joined into one
#     script (a later block may use the names of an earlier one), run from the
#     scratch folder with PYTHONPATH=build/python.
#   - `/usr/bin/python3` (Debian's Python, which GNU Radio uses) at the start of a
#     command is replaced by the Python that runs this script, the build's
#     (PYTHON_EXECUTABLE), so that a build with another GNU Radio Python (the GPU
#     machine's prefix) tests the same commands.
#
# Exit status 0 when every command succeeded; the failing command and its output
# otherwise.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
#
import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

MARKER = "<!-- test -->"
SETUP_WORDS = ("apt-get", "cmake", "ctest", "ldconfig", "sudo")
SETUP_SCRIPTS = ("scripts/check-format.sh", "scripts/check-headers.sh")


def tested_blocks(text):
    """(language, body) of every fenced block whose opening fence follows MARKER."""
    lines = text.splitlines()
    blocks = []
    i = 0
    while i < len(lines):
        m = re.match(r"^```(\w*)\s*$", lines[i])
        if not m:
            i += 1
            continue
        lang = m.group(1)
        j = i + 1
        while j < len(lines) and not lines[j].startswith("```"):
            j += 1
        if i > 0 and lines[i - 1].strip() == MARKER:
            blocks.append((lang, "\n".join(lines[i + 1:j]) + "\n"))
        i = j + 1
    return blocks


def split_commands(body):
    """The commands of a sh block: continuation lines joined, && chains split;
    each with its trailing comment (or "")."""
    commands = []
    for line in body.replace("\\\n", " ").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        # the trailing comment: the first " #" outside quotes
        code, comment = line, ""
        m = re.search(r"\s#", line)
        if m and line[:m.start()].count("'") % 2 == 0 and line[:m.start()].count('"') % 2 == 0:
            code, comment = line[:m.start()], line[m.start():].strip()
        for part in code.split("&&"):
            if part.strip():
                commands.append((part.strip(), comment))
    return commands


def is_setup(command):
    words = command.split()
    if words[0] in SETUP_WORDS:
        return True
    return len(words) >= 2 and words[0] == "sh" and words[1] in SETUP_SCRIPTS


def with_python(command, python):
    """/usr/bin/python3 at the start of the command (after VAR=value words) -> python."""
    words = command.split(" ")
    for k, w in enumerate(words):
        if re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", w):
            continue
        if w == "/usr/bin/python3":
            words[k] = shlex.quote(python)
        break
    return " ".join(words)


def cuda_available(build):
    exe = os.path.join(build, "apps", "gpufec-info")
    try:
        out = subprocess.run([exe], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True, timeout=120).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    return re.search(r"^cuda: available", out, re.M) is not None


def scratch_root(source, build):
    """A folder standing for the repository root, with `build` the build tree."""
    root = tempfile.mkdtemp(prefix="gpufec_readme_")
    for name in os.listdir(source):
        if name in ("build", ".git"):
            continue
        os.symlink(os.path.join(source, name), os.path.join(root, name))
    os.symlink(os.path.abspath(build), os.path.join(root, "build"))
    return root


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description="Run the README's tested code blocks.")
    parser.add_argument("--readme", default=os.path.join(here, "..", "README.md"))
    parser.add_argument("--build", default="build", help="the build tree under test")
    parser.add_argument("--list", action="store_true", help="print what would run")
    args = parser.parse_args()

    source = os.path.dirname(os.path.abspath(args.readme))
    with open(args.readme) as f:
        blocks = tested_blocks(f.read())
    if not blocks:
        print("check-readme: no block marked %s in %s" % (MARKER, args.readme))
        return 1
    gpu = None
    sh_lines, py_parts = [], []
    for lang, body in blocks:
        if lang in ("sh", "bash", "shell"):
            for command, comment in split_commands(body):
                if is_setup(command):
                    print("skip (setup): %s" % command)
                    continue
                if comment.startswith("# GPU"):
                    if gpu is None:
                        gpu = cuda_available(args.build)
                    if not gpu:
                        print("skip (no CUDA device): %s" % command)
                        continue
                sh_lines.append(with_python(command, sys.executable))
        elif lang == "python":
            py_parts.append(body)
        else:
            print("check-readme: a tested block of language '%s': only sh and python "
                  "blocks can be tested" % lang)
            return 1
    script = "set -ex\n" + "\n".join(sh_lines) + "\n"
    if args.list:
        print(script)
        print("".join(py_parts))
        return 0

    root = scratch_root(source, args.build)
    env = dict(os.environ)
    try:
        if sh_lines:
            proc = subprocess.run(["sh", "-c", script], cwd=root, env=env)
            if proc.returncode != 0:
                print("check-readme: a README command failed (exit %d); the commands:\n%s"
                      % (proc.returncode, script))
                return 1
        if py_parts:
            path = os.path.join(root, "readme_snippets.py")
            with open(path, "w") as f:
                f.write("".join(py_parts))
            py_env = dict(env)
            py_env["PYTHONPATH"] = os.pathsep.join(
                [os.path.join(root, "build", "python")] +
                ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
            proc = subprocess.run([sys.executable, path], cwd=root, env=py_env)
            if proc.returncode != 0:
                print("check-readme: the README's Python failed (exit %d):\n%s"
                      % (proc.returncode, "".join(py_parts)))
                return 1
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print("check-readme: %d commands and %d Python blocks of %s ran"
          % (len(sh_lines), len(py_parts), args.readme))
    return 0


if __name__ == "__main__":
    sys.exit(main())
