#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
"""Checks that every #include in include/ and src/ follows the layering that
docs/architecture.md writes down (its "Layers" table).

Each table row names a layer, the paths that belong to it and the layers it may
include; "may include" is transitive. A path ending in '/' holds the files
directly in that folder (not its subfolders); a file path names one file and
wins over its folder. Every header and source must belong to a layer.

  python3 scripts/check-layering.py            check, exit 1 on a violation
  python3 scripts/check-layering.py --list     print each file's layer
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
SCANNED = ("include", "src")
SUFFIXES = {".hpp", ".cpp", ".h", ".cc"}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)


def parse_layers():
    text = DOC.read_text(encoding="utf-8")
    section = re.search(r"^## Layers\n(.*?)(?=^## )", text, re.M | re.S)
    if not section:
        sys.exit(f"check-layering: no '## Layers' section in {DOC}")
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


def main():
    owners, allowed = parse_layers()
    files = sorted(p for d in SCANNED for p in (ROOT / d).rglob("*") if p.suffix in SUFFIXES)
    errors, listing = [], []
    for path in files:
        rel = path.relative_to(ROOT).as_posix()
        own = layer_of(rel, owners)
        listing.append(f"{own or '?':14} {rel}")
        if own is None:
            errors.append(f"{rel}: belongs to no layer (add its folder to the Layers table)")
            continue
        text = path.read_text(encoding="utf-8")
        for m in INCLUDE.finditer(text):
            target = m.group(2)
            if target.startswith("troupe/"):
                dep = "include/" + target
            elif m.group(1) == '"' and (path.parent / target).exists():
                dep = (path.parent / target).resolve().relative_to(ROOT).as_posix()
            else:
                continue  # standard or third-party header
            dep_layer = layer_of(dep, owners)
            line = text.count("\n", 0, m.start()) + 1
            if dep_layer is None:
                errors.append(f"{rel}:{line}: includes {target}, which belongs to no layer")
            elif dep_layer not in allowed[own]:
                errors.append(f"{rel}:{line}: {own} may not include {target} ({dep_layer})")
    if "--list" in sys.argv[1:]:
        print("\n".join(listing))
    for e in errors:
        print(f"check-layering: {e}", file=sys.stderr)
    print(f"check-layering: {len(files)} files, {len(errors)} violations")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
