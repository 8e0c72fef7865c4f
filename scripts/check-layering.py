#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
"""Checks that every #include in include/ and src/ follows the layering that
docs/architecture.md writes down (its "Layers" table), that no two files reach
each other through their includes (a cycle), and that every include stands at
the top of its file, before the first declaration.

Each table row names a layer, the paths that belong to it and the layers it may
include; "may include" is transitive. A path ending in '/' holds the files
directly in that folder (not its subfolders); a file path names one file and
wins over its folder. Every header and source must belong to a layer.

  python3 scripts/check-layering.py            check, exit 1 on a violation
  python3 scripts/check-layering.py --list     print each file's layer
  python3 scripts/check-layering.py --root DIR check the tree in DIR instead
"""
import pathlib
import re
import sys

from graph_cycles import strongly_connected

# The repository; --root DIR checks another tree (the checks' own tests do).
ROOT = pathlib.Path(__file__).resolve().parent.parent
SCANNED = ("include", "src")
SUFFIXES = {".hpp", ".cpp", ".h", ".cc"}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)


def parse_layers():
    doc = ROOT / "docs" / "architecture.md"
    text = doc.read_text(encoding="utf-8")
    section = re.search(r"^## Layers\n(.*?)(?=^## )", text, re.M | re.S)
    if not section:
        sys.exit(f"check-layering: no '## Layers' section in {doc}")
    layers, owners = {}, {}
    for line in section.group(1).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0].startswith("`"):
            continue
        name = cells[0].strip("`")
        paths = re.findall(r"`([^`]+)`", cells[1])
        deps = re.findall(r"`([^`]+)`", cells[2])
        layers[name] = set(deps)
        for p in paths:
            if p in owners:
                sys.exit(f"check-layering: {p} is listed for both {owners[p]} and {name}")
            owners[p] = name
    for name, deps in layers.items():
        for d in deps:
            if d not in layers:
                sys.exit(f"check-layering: layer {name} names unknown layer {d}")
    # transitive closure
    allowed = {}
    for name in layers:
        seen, todo = set(), [name]
        while todo:
            cur = todo.pop()
            for d in layers[cur]:
                if d not in seen:
                    seen.add(d)
                    todo.append(d)
        allowed[name] = seen | {name}
    return owners, allowed


def layer_of(rel, owners):
    if rel in owners:
        return owners[rel]
    folder = rel.rsplit("/", 1)[0] + "/"
    return owners.get(folder)


def first_code_line(text):
    """The line number of the first line that is neither blank, a comment nor a
    preprocessor directive (with its continuation lines); None if there is none."""
    in_comment = continued = False
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if continued:
            continued = stripped.endswith("\\")
            continue
        if in_comment:
            if "*/" not in stripped:
                continue
            in_comment = False
            stripped = stripped.split("*/", 1)[1].strip()
        if stripped.startswith("/*"):
            if "*/" not in stripped:
                in_comment = True
                continue
            stripped = stripped.split("*/", 1)[1].strip()
        if not stripped or stripped.startswith("//"):
            continue
        if stripped.startswith("#"):
            continued = stripped.endswith("\\")
            continue
        return number
    return None


def find_cycles(graph):
    """Each strongly connected component of more than one file (or a file that
    includes itself), as one path through it that returns to its start."""
    cycles = []
    for component in strongly_connected(graph):
        start = component[0]
        if len(component) == 1 and start not in graph.get(start, ()):
            continue
        members, path, seen = set(component), [start], {start}
        while True:  # walk inside the component until a file repeats
            nxt = min(n for n in graph[path[-1]] if n in members)
            path.append(nxt)
            if nxt in seen:
                break
            seen.add(nxt)
        cycles.append(path[path.index(path[-1]):])
    return sorted(cycles)


def main():
    global ROOT
    if "--root" in sys.argv[1:]:
        ROOT = pathlib.Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
    owners, allowed = parse_layers()
    files = sorted(p for d in SCANNED for p in (ROOT / d).rglob("*") if p.suffix in SUFFIXES)
    errors, listing, graph = [], [], {}
    for path in files:
        rel = path.relative_to(ROOT).as_posix()
        own = layer_of(rel, owners)
        listing.append(f"{own or '?':14} {rel}")
        if own is None:
            errors.append(f"{rel}: belongs to no layer (add its folder to the Layers table)")
            continue
        text = path.read_text(encoding="utf-8")
        code_starts = first_code_line(text)
        graph[rel] = set()
        for m in INCLUDE.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            if code_starts is not None and line > code_starts:
                errors.append(f"{rel}:{line}: includes {m.group(2)} below the top of the file "
                              f"(code starts at line {code_starts})")
            target = m.group(2)
            if target.startswith("troupe/"):
                dep = "include/" + target
            elif m.group(1) == '"' and (path.parent / target).exists():
                dep = (path.parent / target).resolve().relative_to(ROOT).as_posix()
            else:
                continue  # standard or third-party header
            graph[rel].add(dep)
            dep_layer = layer_of(dep, owners)
            if dep_layer is None:
                errors.append(f"{rel}:{line}: includes {target}, which belongs to no layer")
            elif dep_layer not in allowed[own]:
                errors.append(f"{rel}:{line}: {own} may not include {target} ({dep_layer})")
    for cycle in find_cycles(graph):
        errors.append("include cycle: " + " -> ".join(cycle))
    if "--list" in sys.argv[1:]:
        print("\n".join(listing))
    for e in errors:
        print(f"check-layering: {e}", file=sys.stderr)
    print(f"check-layering: {len(files)} files, {len(errors)} violations")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
