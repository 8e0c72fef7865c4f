#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
"""Puts the two-line SPDX licence header at the top of every tracked source file.

    python3 scripts/add-license-headers.py           add the header where it is missing
    python3 scripts/add-license-headers.py --check   list files without it; exit 1 if any
    python3 scripts/add-license-headers.py FILE...   only these files (tracked or not)

A file counts as a source file by its name (C++, CMake, shell, Python, Erlang, Java) or,
without a known extension, by a shell or Python shebang. The header goes first, after
a shebang line (and a Python encoding line) where there is one, in the file's own
comment syntax. Files that already name an SPDX identifier near their top are left as
they are, so running it twice changes nothing.
"""

import argparse
import os
import re
import subprocess
import sys

LICENSE_ID = "BSD-3-Clause"
COPYRIGHT = "Copyright (c) 2026 the troupe authors"

SLASH = "//"
HASH = "#"
PERCENT = "%%"

# Comment prefix by file-name suffix; the longest matching suffix wins.
SUFFIX_COMMENT = {
    ".cpp": SLASH, ".cc": SLASH, ".cxx": SLASH, ".hpp": SLASH, ".hh": SLASH, ".h": SLASH,
    ".ipp": SLASH, ".java": SLASH,
    ".cmake": HASH, ".cmake.in": HASH, ".sh": HASH, ".bash": HASH, ".py": HASH,
    ".erl": PERCENT, ".hrl": PERCENT,
}
NAME_COMMENT = {"CMakeLists.txt": HASH}

# Lines that must stay above the header.
SHEBANG = re.compile(r"#!")
PY_ENCODING = re.compile(r"#.*coding[:=]")

# How far down an existing identifier still counts (a shebang and a blank line may precede it).
HEADER_SEARCH_LINES = 5


def comment_prefix(path):
    name = os.path.basename(path)
    if name in NAME_COMMENT:
        return NAME_COMMENT[name]
    for suffix in sorted(SUFFIX_COMMENT, key=len, reverse=True):
        if name.endswith(suffix):
            return SUFFIX_COMMENT[suffix]
    if "." not in name:
        try:
            with open(path, "rb") as f:
                first = f.readline().decode("utf-8", "replace")
        except OSError:
            return None
        if first.startswith("#!") and re.search(r"\b(ba|z)?sh\b|python", first):
            return HASH
    return None


def header_lines(prefix):
    return [f"{prefix} SPDX-License-Identifier: {LICENSE_ID}\n", f"{prefix} {COPYRIGHT}\n"]


def has_header(lines):
    return any("SPDX-License-Identifier:" in line for line in lines[:HEADER_SEARCH_LINES])


def with_header(lines, prefix):
    """The file's lines with the header inserted after any line that must come first."""
    keep = 0
    if lines and SHEBANG.match(lines[0]):
        keep = 1
        if prefix == HASH and len(lines) > 1 and PY_ENCODING.match(lines[1]):
            keep = 2
    head, rest = lines[:keep], lines[keep:]
    if head and not head[-1].endswith("\n"):
        head[-1] += "\n"
    return head + header_lines(prefix) + rest


def tracked_files(root):
    out = subprocess.run(["git", "-C", root, "ls-files", "-z"], check=True,
                         stdout=subprocess.PIPE).stdout
    return [os.path.join(root, p) for p in out.decode().split("\0") if p]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; list files without the header and exit 1 if any")
    parser.add_argument("files", nargs="*", help="files to handle instead of all tracked ones")
    args = parser.parse_args()

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    paths = args.files or tracked_files(root)

    missing = []
    for path in paths:
        prefix = comment_prefix(path)
        if prefix is None or os.path.islink(path) or not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8", newline="") as f:
            lines = f.readlines()
        if has_header(lines):
            continue
        missing.append(os.path.relpath(path, root) if not args.files else path)
        if not args.check:
            mode = os.stat(path).st_mode
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.writelines(with_header(lines, prefix))
            os.chmod(path, mode)

    if args.check:
        for path in missing:
            print(path)
        if missing:
            print(f"{len(missing)} file(s) without the SPDX header "
                  f"(fix: python3 scripts/add-license-headers.py)", file=sys.stderr)
            return 1
        return 0
    print(f"added the SPDX header to {len(missing)} file(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
