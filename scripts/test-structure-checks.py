#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
"""The structure checks' own test: check-layering.py and check-doc-names.py must
fail on tests/structure/bad_tree, a small tree with one of each mistake they look
for, and name each one. A check that cannot fail would pass there.

  python3 scripts/test-structure-checks.py     exit 1 when a check misses one
"""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TREE = ROOT / "tests" / "structure" / "bad_tree"
CASES = [
    (["check-layering.py", "--root", str(TREE)], [
        "include/troupe/detail/spring.hpp:5: detail may not include troupe/widget.hpp (core)",
        "include/troupe/gear.hpp:11: includes troupe/widget.hpp below the top of the file",
        "include cycle: include/troupe/gear.hpp -> include/troupe/widget.hpp -> include/troupe/gear.hpp",
        "3 violations",
    ]),
    (["check-doc-names.py", "--root", str(TREE), str(TREE / "docs" / "architecture.md")], [
        "widget::spin: 'widget' has no 'spin'",
        "gadget::open: no class, enum or namespace 'gadget'",
        "new gizmo: the sources never allocate a gizmo with new",
        "widget_factory: not a name in the sources",
        "4 missing",
    ]),
]


def main():
    failures = 0
    for args, expected in CASES:
        run = subprocess.run([sys.executable, str(ROOT / "scripts" / args[0])] + args[1:], capture_output=True,
                             text=True, check=False)
        output = run.stdout + run.stderr
        missing = [e for e in expected if e not in output]
        if run.returncode != 1 or missing:
            failures += 1
            print(f"test-structure-checks: {args[0]} exited {run.returncode} (wanted 1); missing: {missing}\n"
                  f"{output}", file=sys.stderr)
        else:
            print(f"test-structure-checks: {args[0]} found all {len(expected) - 1} planted mistakes")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
