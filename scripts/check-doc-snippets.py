#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
"""Checks that every C++ code block of the documentation is compiled code.

Every ```cpp block in README.md and docs/*.md must be preceded by a comment

    <!-- snippet: examples/docs/guide_spawn.cpp#forms -->

naming a source file (relative to the repository root) and a region in it,
marked by the lines `// [snippet forms]` and `// [/snippet]`. The block must
equal that region once the region's common indentation is removed. Regions may
nest; marker lines inside a region are not part of it. The source files are
built and run by ctest (examples/docs/CMakeLists.txt), so a block that passes
this check compiles.

    scripts/check-doc-snippets.py [--root DIR]          report mismatches, exit 1 if any
    scripts/check-doc-snippets.py [--root DIR] --fix    rewrite the blocks from the sources
"""

import argparse
import pathlib
import re
import sys
import textwrap

SNIPPET_REF = re.compile(r"^\s*<!--\s*snippet:\s*(\S+?)#([\w.-]+)\s*-->\s*$")
FENCE_OPEN = re.compile(r"^(\s*)```(\S*)\s*$")
REGION_OPEN = re.compile(r"^\s*//\s*\[snippet\s+([\w.-]+)\]\s*$")
REGION_CLOSE = re.compile(r"^\s*//\s*\[/snippet\]\s*$")


class SnippetError(Exception):
    pass


def read_regions(path):
    """Returns {name: [lines]} for the marked regions of one source file."""
    finished = {}
    open_regions = []  # (name, lines) from the outermost to the innermost
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, start=1):
        opened = REGION_OPEN.match(line)
        if opened:
            name = opened.group(1)
            if name in finished or any(name == open_name for open_name, _ in open_regions):
                raise SnippetError(f"{path}:{number}: snippet '{name}' is defined twice")
            open_regions.append((name, []))
        elif REGION_CLOSE.match(line):
            if not open_regions:
                raise SnippetError(f"{path}:{number}: [/snippet] without an open snippet")
            name, body = open_regions.pop()
            finished[name] = body
        else:
            for _, body in open_regions:
                body.append(line)
    if open_regions:
        raise SnippetError(f"{path}: snippet '{open_regions[-1][0]}' is never closed")
    return finished


def dedent(lines):
    text = textwrap.dedent("\n".join(line.rstrip() for line in lines))
    return text.strip("\n").split("\n") if text.strip() else []


class SourceCache:
    def __init__(self, root):
        self.root = root
        self.files = {}

    def region(self, rel_path, name):
        path = (self.root / rel_path).resolve()
        if not path.is_file():
            raise SnippetError(f"no such source file: {rel_path}")
        if path not in self.files:
            self.files[path] = read_regions(path)
        regions = self.files[path]
        if name not in regions:
            raise SnippetError(f"{rel_path} has no snippet '{name}'")
        return dedent(regions[name])


def code_blocks(lines):
    """Yields (open_index, close_index, indent, language) for each fenced block."""
    i = 0
    while i < len(lines):
        opened = FENCE_OPEN.match(lines[i])
        if not opened:
            i += 1
            continue
        indent, language = opened.group(1), opened.group(2)
        close = i + 1
        while close < len(lines) and lines[close].strip() != "```":
            close += 1
        if close == len(lines):
            raise SnippetError(f"line {i + 1}: code block is never closed")
        yield i, close, indent, language
        i = close + 1


def previous_nonblank(lines, index):
    index -= 1
    while index >= 0 and not lines[index].strip():
        index -= 1
    return lines[index] if index >= 0 else ""


def check_file(md_path, root, sources, fix):
    """Returns (problems, fixed_text or None) for one markdown file."""
    rel = md_path.relative_to(root)
    lines = md_path.read_text(encoding="utf-8").split("\n")
    problems = []
    replacements = []
    try:
        blocks = list(code_blocks(lines))
    except SnippetError as e:
        return [f"{rel}: {e}"], None
    for open_i, close_i, indent, language in blocks:
        if language != "cpp":
            continue
        where = f"{rel}:{open_i + 1}"
        ref = SNIPPET_REF.match(previous_nonblank(lines, open_i))
        if not ref:
            problems.append(f"{where}: ```cpp block without a <!-- snippet: FILE#NAME --> comment before it")
            continue
        try:
            expected = sources.region(ref.group(1), ref.group(2))
        except SnippetError as e:
            problems.append(f"{where}: {e}")
            continue
        actual = dedent([line[len(indent):] if line.startswith(indent) else line
                         for line in lines[open_i + 1:close_i]])
        if actual != expected:
            if fix:
                replacements.append((open_i + 1, close_i, [indent + line if line else "" for line in expected]))
            else:
                problems.append(f"{where}: block differs from {ref.group(1)}#{ref.group(2)}"
                                + first_difference(actual, expected))
    if not replacements:
        return problems, None
    for start, end, new in reversed(replacements):
        lines[start:end] = new
    return problems, "\n".join(lines)


def first_difference(actual, expected):
    for n, (a, e) in enumerate(zip(actual, expected), start=1):
        if a != e:
            return f"\n    block line {n}: {a!r}\n    source:       {e!r}"
    return f"\n    the block has {len(actual)} lines, the source region {len(expected)}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=pathlib.Path,
                        default=pathlib.Path(__file__).resolve().parent.parent,
                        help="repository root (default: the parent of scripts/)")
    parser.add_argument("--fix", action="store_true", help="rewrite the markdown blocks from the sources")
    args = parser.parse_args()
    root = args.root.resolve()
    markdown = [root / "README.md"] + sorted((root / "docs").glob("*.md"))
    sources = SourceCache(root)
    problems = []
    checked = 0
    try:
        for md in markdown:
            if not md.is_file():
                continue
            checked += 1
            found, fixed = check_file(md, root, sources, args.fix)
            problems += found
            if fixed is not None:
                md.write_text(fixed, encoding="utf-8")
                print(f"rewrote {md.relative_to(root)}")
    except SnippetError as e:
        problems.append(str(e))
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"check-doc-snippets: {len(problems)} problem(s) in {checked} file(s)", file=sys.stderr)
        return 1
    print(f"check-doc-snippets: {checked} file(s) ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
