# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
"""Cycles in a directed graph, for the scripts that look at include graphs
(check-layering.py, include-graph.py)."""
import sys


def strongly_connected(edges):
    """The strongly connected components of edges ({node: iterable of nodes}), each
    a sorted list, found by Tarjan's algorithm in a fixed order. A node with no
    cycle through it is a component of its own."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            found.append(sorted(part))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found
