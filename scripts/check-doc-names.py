#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
"""Checks that the code names a design document writes in backticks still exist in
the sources (include/ and src/), so that the document cannot drift from the code
unnoticed.

  python3 scripts/check-doc-names.py [--root DIR] [DOC.md ...]
      DOC.md defaults to docs/architecture.md and docs/net.md, the design documents;
      --root DIR: the sources of another tree (the check's own tests use it)

What is checked, in each `code span`:
  a::b        b is declared where a is: in a file that defines the class, struct,
              enum or namespace a, or in one that spells a::b out (an out-of-line
              definition). Longer chains are checked link by link. A name that
              starts with a capital letter (a template parameter such as Policy or
              Impl) and std:: are not looked up.
  new T(...)  the sources allocate a T with new.
  name_like   a single identifier with an underscore exists as a word in the
              sources or the tests (a test's name), or names a benchmark or an
              example by its file.
Paths, options, numbers and prose in backticks are left alone. Exits 1 and names
each missing one with its line.
"""
import pathlib
import re
import sys

# The repository; --root DIR checks another tree (the checks' own tests do).
ROOT = pathlib.Path(__file__).resolve().parent.parent
SCANNED = ("include", "src")
SUFFIXES = {".hpp", ".cpp", ".h", ".cc"}
SPAN = re.compile(r"`([^`\n]+)`")
QUALIFIED = re.compile(r"(?<![\w:])((?:~?[A-Za-z_]\w*::)+~?[A-Za-z_]\w*)")
NEW_EXPR = re.compile(r"\bnew\s+([A-Za-z_]\w*)\s*\(")
IDENTIFIER = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+_?")


class Sources:
    def __init__(self):
        files = sorted(p for d in SCANNED for p in (ROOT / d).rglob("*") if p.suffix in SUFFIXES)
        self.texts = {p: p.read_text(encoding="utf-8") for p in files}
        self.all = "\n".join(self.texts.values())
        self._words = set(re.findall(r"~?\w+", self.all))
        # Programs and workloads are named by their files (bench/workloads/idle_memory.cpp),
        # tests by their names in tests/.
        self._words |= {p.stem for p in ROOT.glob("[be]*/**/*.cpp")}
        for p in (ROOT / "tests").rglob("*.cpp"):
            self._words |= set(re.findall(r"\w+", p.read_text(encoding="utf-8")))
        self._definers = {}

    def has_word(self, name):
        return name in self._words

    def definers(self, scope):
        """Files that define scope (not merely declare it)."""
        if scope not in self._definers:
            kinds = r"(?:class|struct|union|enum\s+class|enum\s+struct|enum|concept)"
            defining = re.compile(
                rf"\b{kinds}\s+(?:\[\[[^\]]*\]\]\s*)?(?:TROUPE_\w+_API\s+)?(?:\w+::)*{re.escape(scope)}\b(?!\s*;)"
                rf"|\bnamespace\s+(?:\w+::)*{re.escape(scope)}\b"
                rf"|\busing\s+{re.escape(scope)}\s*="
                rf"|\bTROUPE_ERROR_CODE_ENUM\(\s*{re.escape(scope)}\b")
            self._definers[scope] = [t for t in self.texts.values() if defining.search(t)]
        return self._definers[scope]

    def member_exists(self, scope, member):
        if re.search(rf"(?<![\w:]){re.escape(scope)}::{re.escape(member)}\b", self.all):
            return True  # an out-of-line definition or a use
        word = re.compile(rf"(?<![\w~]){re.escape(member)}\b")
        return any(word.search(t) for t in self.definers(scope))

    def allocated_with_new(self, type_name):
        return re.search(rf"\bnew\s*(?:\([^)]*\)\s*)?{re.escape(type_name)}\b", self.all) is not None


def problems_in_span(span, sources):
    if "/" in span or span.endswith((".hpp", ".cpp", ".md")):
        return []  # a path
    found = []
    for chain in QUALIFIED.findall(span):
        parts = chain.split("::")
        if parts[0] == "std":
            continue
        for scope, member in zip(parts, parts[1:]):
            if scope[0].isupper():
                continue
            if not sources.definers(scope):
                found.append(f"{chain}: no class, enum or namespace '{scope}'")
                break
            if not sources.member_exists(scope, member):
                found.append(f"{chain}: '{scope}' has no '{member}'")
                break
    for type_name in NEW_EXPR.findall(span):
        if not sources.allocated_with_new(type_name):
            found.append(f"new {type_name}: the sources never allocate a {type_name} with new")
    if not QUALIFIED.search(span) and IDENTIFIER.fullmatch(span.strip()):
        if not sources.has_word(span.strip()):
            found.append(f"{span.strip()}: not a name in the sources")
    return found


def main(argv):
    global ROOT
    if "--root" in argv:
        at = argv.index("--root")
        ROOT = pathlib.Path(argv[at + 1]).resolve()
        argv = argv[:at] + argv[at + 2:]
    docs = [pathlib.Path(a) for a in argv] or [pathlib.Path("docs/architecture.md"), pathlib.Path("docs/net.md")]
    docs = [d if d.is_absolute() or not (ROOT / d).exists() else ROOT / d for d in docs]
    sources = Sources()
    failures = 0
    spans = 0
    for doc in docs:
        text = doc.read_text(encoding="utf-8")
        in_fence = False
        for number, line in enumerate(text.splitlines(), 1):
            if line.lstrip().startswith("```"):
                in_fence = not in_fence
                continue
            if in_fence:
                continue
            for span in SPAN.findall(line):
                spans += 1
                for problem in problems_in_span(span, sources):
                    failures += 1
                    print(f"check-doc-names: {doc}:{number}: {problem}", file=sys.stderr)
    print(f"check-doc-names: {len(docs)} document(s), {spans} code spans, {failures} missing")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
