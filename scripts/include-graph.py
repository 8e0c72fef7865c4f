#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
"""Prints the include graph of one source folder: its units (a .cpp and the .hpp of
the same name are one unit), which units each includes, and the circles among them
(units that reach each other through includes).

  python3 scripts/include-graph.py src/net          the graph as text
  python3 scripts/include-graph.py src/net --dot    as Graphviz (dot -Tsvg > net.svg)
  python3 scripts/include-graph.py src/net --headers   the headers alone (what a
                                                       compiler meets; no .cpp)

Only quoted includes that name a file of the folder count; a unit's lines are those
of its files.
"""
import pathlib
import re
import sys

from graph_cycles import strongly_connected

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def units_of(folder, suffixes):
    units = {}
    for path in sorted(folder.iterdir()):
        if path.suffix in suffixes:
            units.setdefault(path.stem, []).append(path)
    return units


def edges_of(units):
    edges = {}
    for name, files in units.items():
        out = set()
        for f in files:
            for inc in INCLUDE.findall(f.read_text(encoding="utf-8")):
                stem = pathlib.PurePosixPath(inc).stem
                if "/" not in inc and stem in units and stem != name:
                    out.add(stem)
        edges[name] = out
    return edges


def circles_of(edges):
    """The strongly connected components with more than one unit."""
    return [part for part in strongly_connected(edges) if len(part) > 1]


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    if len(args) != 1 or not pathlib.Path(args[0]).is_dir():
        sys.exit(__doc__)
    units = units_of(pathlib.Path(args[0]), (".hpp",) if "--headers" in argv else (".hpp", ".cpp"))
    edges = edges_of(units)
    lines = {n: sum(len(f.read_text(encoding="utf-8").splitlines()) for f in fs) for n, fs in units.items()}
    if "--dot" in argv:
        print("digraph includes {\n  rankdir=TB;\n  node [shape=box, fontname=sans];")
        for n in sorted(units):
            print(f'  "{n}" [label="{n}\\n{lines[n]} lines"];')
        for n in sorted(edges):
            for m in sorted(edges[n]):
                print(f'  "{n}" -> "{m}";')
        print("}")
        return 0
    for n in sorted(units, key=lambda n: (-len(edges[n]), n)):
        print(f"{n} ({lines[n]} lines) -> {', '.join(sorted(edges[n])) or '-'}")
    circles = circles_of(edges)
    print(f"{len(units)} units, {sum(len(e) for e in edges.values())} includes between them, "
          f"{len(circles)} circle(s)" + "".join(f"\n  circle: {' <-> '.join(c)}" for c in circles))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
