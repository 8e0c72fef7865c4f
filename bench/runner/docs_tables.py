# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
"""Turns one run of the benchmark runner (its results directory: summary.csv and
meta.json) into the markdown tables of docs/performance.md.

The tables of a size mode live between

    <!-- bench:begin MODE -->
    <!-- bench:end MODE -->

and are replaced as a whole; everything else in the file is left alone. Every figure
in them comes from the run: the header names the commit, the date, the machine and
the command; a sentence such as "lower than X on every workload" is written only when
that run's table shows it. The block ends with its figures as a JSON comment, so that
the next generation can list the ratios that moved by more than 20 %.
"""
import csv
import json
import os
import re

from run import ALL_SYSTEMS, LABELS, ROOT, WORKLOADS

MOVED = 0.20  # a ratio that changed by more than this is listed
SWEEPS = {w for w, spec in WORKLOADS.items() if "sweep" in spec}

# Targets against the peers: (workload, what, peer, value of the run, bound).
TARGETS = [
    ("spread", "actor creation ≤ 0.3× CAF", "caf", "ratio", 0.3),
    ("mailbox", "N:1 mailbox ≤ 0.5× CAF's time", "caf", "ratio", 0.5),
    ("mailbox", "N:1 mailbox ≤ CAF's peak RSS", "caf", "rss_ratio", 1.0),
    ("ping_pong", "ping-pong ≤ 0.125× CAF", "caf", "metric_ratio", 0.125),
    ("ping_pong", "ping-pong ≤ 60 ns per message", "troupe", "metric_median", 60.0),
    ("ping_pong_send", "ping-pong with send ≤ 0.125× CAF with send", "caf", "metric_ratio", 0.125),
    ("remote_ping_pong", "remote round trip ≤ 25 µs", "troupe", "metric_median", 25.0),
    ("remote_ping_pong", "remote round trip ≤ 0.1× CAF io", "caf", "metric_ratio", 0.1),
    ("remote_ping_pong", "remote round trip below Erlang distribution's", "erlang", "metric_ratio", 1.0),
    ("remote_throughput", "remote throughput ≥ 3 M msg/s (≤ 333 ns per message)", "troupe", "metric_median", 333.3),
    ("remote_throughput", "remote throughput ≥ 10× CAF io", "caf", "metric_ratio", 0.1),
    ("remote_throughput", "remote throughput above Erlang distribution's", "erlang", "metric_ratio", 1.0),
    ("large_message_latency", "a small message behind 100 MB waits ≤ 10 ms", "troupe", "metric_median", 10000.0),
    ("dist_mandelbrot", "distributed Mandelbrot ≤ 1.0× OpenMPI-over-TCP", "mpi_tcp", "ratio", 1.0),
    ("dist_mandelbrot_netns", "distributed Mandelbrot across namespaces ≤ 1.0× OpenMPI-over-TCP", "mpi_tcp", "ratio",
     1.0),
    ("mixed_case", "mixed case ≤ 0.9× CAF", "caf", "ratio", 0.9),
    ("mandelbrot", "Mandelbrot ≤ 1.05× OpenMP", "omp", "ratio", 1.05),
    ("idle_memory", "idle actor ≤ 256 B", "troupe", "metric_median", 256.0),
    ("heat", "heat equation ≤ 1.1× OpenMP", "omp", "ratio", 1.1),
    ("quicksort", "DivConq quicksort ≤ 0.5× pure actors", "troupe_actors", "ratio", 0.5),
    ("quicksort", "DivConq quicksort ≤ 1× CAF pure actors", "caf", "ratio", 1.0),
    ("quicksort", "DivConq quicksort ≤ 1.1× oneTBB", "tbb", "ratio", 1.1),
    ("quicksort", "DivConq quicksort ≤ 1.1× OpenMP", "omp", "ratio", 1.1),
    ("quicksort", "DivConq quicksort ≤ 1.1× std::thread", "thread", "ratio", 1.1),
    ("recmatmul", "DivConq matrix multiply ≤ 1.1× oneTBB", "tbb", "ratio", 1.1),
    ("recmatmul", "DivConq matrix multiply ≤ 1.1× OpenMP", "omp", "ratio", 1.1),
    ("recmatmul", "DivConq matrix multiply ≤ 1.1× std::thread", "thread", "ratio", 1.1),
    ("blackscholes", "blackscholes Map ≤ 1.1× oneTBB", "tbb", "ratio", 1.1),
    ("blackscholes", "blackscholes Map ≤ 1.1× OpenMP", "omp", "ratio", 1.1),
    ("blackscholes", "blackscholes Map ≤ 1.1× std::thread", "thread", "ratio", 1.1),
    ("raytrace", "raytrace Map (dynamic) ≤ 1.1× oneTBB", "tbb", "ratio", 1.1),
    ("raytrace", "raytrace Map (dynamic) ≤ 1.1× OpenMP", "omp", "ratio", 1.1),
    ("raytrace", "raytrace Map (dynamic) ≤ 1.1× std::thread", "thread", "ratio", 1.1),
    ("ferret", "ferret Pipeline ≤ 1.1× oneTBB", "tbb", "ratio", 1.1),
    ("ferret", "ferret Pipeline ≤ 1.1× OpenMP", "omp", "ratio", 1.1),
    ("ferret", "ferret Pipeline ≤ 1.1× std::thread", "thread", "ratio", 1.1),
    ("canneal", "canneal master + Map ≤ 1.1× oneTBB", "tbb", "ratio", 1.1),
    ("canneal", "canneal master + Map ≤ 1.1× OpenMP", "omp", "ratio", 1.1),
    ("canneal", "canneal master + Map ≤ 1.1× std::thread", "thread", "ratio", 1.1),
]


def load(results_dir):
    with open(os.path.join(results_dir, "meta.json")) as f:
        meta = json.load(f)
    rows = []
    with open(os.path.join(results_dir, "summary.csv"), newline="") as f:
        for r in csv.DictReader(f):
            for k, v in list(r.items()):
                if k not in ("workload", "system", "metric", "in_process"):
                    r[k] = float(v) if v not in ("", None) else None
            r["workers"] = int(r["workers"])
            rows.append(r)
    return meta, rows


def ms(s):
    if s is None:
        return ""
    if s < 0.01:
        return f"{s * 1000:.1f} ms"
    if s < 10:
        return f"{s * 1000:,.0f} ms"
    return f"{s:.1f} s"


def ratio(x):
    return "" if x is None else f"{x:.2f}"


def metric_value(name, v):
    if v is None:
        return ""
    if name.startswith("us_per_"):
        return f"{v:,.1f} µs"
    return f"{v:,.1f} ns" if name.startswith("ns_per_") else f"{v:,.0f} B"


def generate(meta, rows, previous=None, results_dir=""):
    main_k = meta["main_workers"]
    other_k = sorted(k for k in meta["workers"] if k != main_k)
    at = {(r["workload"], r["system"], r["workers"]): r for r in rows}
    workloads = [w for w in meta["sizes"] if any(r["workload"] == w for r in rows)]
    systems = [s for s in ALL_SYSTEMS if any(r["system"] == s for r in rows)]
    m = meta["machine"]
    out = [f"<!-- generated by `bench/runner/run.py --write-docs` from {results_dir or 'a run'}: "
           "do not edit by hand -->",
           "",
           f"Command: `{meta['command']}` at commit `{meta['commit']}`, {meta['date']}.  ",
           f"Machine: {m['cores']} cores, {m['cpu']}, {m['kernel']}.  ",
           f"{meta['runs']} counted run{'s' if meta['runs'] != 1 else ''} per system after one warm-up, systems alternating; medians. "
           f"Akka warm: {meta['akka_iterations']} runs of the workload in one JVM, the median of the last "
           f"{meta['akka_iterations'] - meta['akka_iterations'] // 2}.",
           ""]

    # ---- start-up
    empty = [s for s in systems if ("empty", s, main_k) in at and s not in ("akka_warm",)]
    if empty:
        out += ["**Start-up**: wall time of the `empty` program (create the system, stop it), "
                f"{main_k} workers.", "",
                "| | " + " | ".join(LABELS[s] for s in empty) + " |",
                "| --- |" + " --- |" * len(empty),
                "| start-up | " + " | ".join(ms(at[("empty", s, main_k)]["wall_median_s"]) for s in empty) + " |",
                ""]

    # ---- work time
    work_rows = [w for w in workloads if w not in ("empty", "idle_memory")]
    cols = [s for s in systems if any((w, s, main_k) in at for w in work_rows)]
    k_label = f"{main_k} workers" + "".join(f" / {k} worker{'s' if k > 1 else ''}" for k in other_k)
    out += [f"**Work time** (in-process, from system ready to result): {k_label}; "
            "then · troupe / peer at " f"{main_k} workers (< 1: troupe is faster).", "",
            "| workload | " + " | ".join(LABELS[s] for s in cols) + " |",
            "| --- |" + " --- |" * len(cols)]
    for w in work_rows:
        cells = []
        for s in cols:
            r = at.get((w, s, main_k))
            if not r:
                cells.append("")
                continue
            if w in SWEEPS:  # its own worker counts, each named
                counts = sorted(k for (ww, ss, k) in at if ww == w and ss == s)
                cell = " / ".join(f"W = {k}: {ms(at[(w, s, k)]['median_s'])}" for k in counts)
            else:
                cell = ms(r["median_s"]) + "".join(
                    f" / {ms(at[(w, s, k)]['median_s'])}" for k in other_k if (w, s, k) in at)
            if s != "troupe" and r.get("ratio") is not None:
                cell += f" · {ratio(r['ratio'])}"
            cells.append(cell)
        short = " (short)" if w in meta.get("short", []) else ""
        out.append(f"| {w} `{' '.join(map(str, meta['sizes'][w]))}`{short} | " + " | ".join(cells) + " |")
    out.append("")

    # ---- per-message and per-actor figures
    metric_rows = [w for w in workloads if any(at.get((w, s, main_k), {}).get("metric") for s in systems)]
    if metric_rows:
        mcols = [s for s in systems if any((w, s, main_k) in at for w in metric_rows)]
        out += ["**Per message, per actor** (ping-pong: ns per message; idle memory: RSS growth per actor, "
                "Akka also the heap it retains after `System.gc()`), "
                f"{main_k} workers, then · troupe / peer.", "",
                "| workload | " + " | ".join(LABELS[s] for s in mcols) + " |",
                "| --- |" + " --- |" * len(mcols)]
        for w in metric_rows:
            cells = []
            for s in mcols:
                r = at.get((w, s, main_k))
                if not r or r.get("metric_median") is None:
                    cells.append("")
                    continue
                cell = metric_value(r["metric"], r["metric_median"])
                if r.get("heap_bytes_per_actor") is not None:
                    cell += f" (heap {r['heap_bytes_per_actor']:,.0f} B)"
                if s != "troupe" and r.get("metric_ratio") is not None:
                    cell += f" · {ratio(r['metric_ratio'])}"
                cells.append(cell)
            out.append(f"| {w} `{' '.join(map(str, meta['sizes'][w]))}` | " + " | ".join(cells) + " |")
        out.append("")

    # ---- process: wall time and peak RSS
    pcols = [s for s in systems if any((w, s, main_k) in at for w in workloads if w != "empty")]
    out += [f"**Process**: wall time (start-up included) · peak RSS, {main_k} workers. "
            "Akka warm's process runs the workload several times.", "",
            "| workload | " + " | ".join(LABELS[s] for s in pcols) + " |",
            "| --- |" + " --- |" * len(pcols)]
    for w in [w for w in workloads if w != "empty"]:
        cells = []
        for s in pcols:
            r = at.get((w, s, main_k))
            cells.append("" if not r else f"{ms(r['wall_median_s'])} · {r['peak_rss_kb'] / 1024:,.1f} MB")
        out.append(f"| {w} | " + " | ".join(cells) + " |")
    out.append("")

    # ---- targets
    trows = []
    for w, what, peer, key, bound in TARGETS:
        # a workload with worker counts of its own (run.py's "sweep") has its target at each of them
        counts = sorted({k for (ww, ss, k) in at if ww == w and ss == peer}) if w in SWEEPS else [main_k]
        for k in counts:
            r = at.get((w, peer, k))
            if not r or r.get(key) is None:
                continue
            v = r[key]
            shown = metric_value(r["metric"], v) if key == "metric_median" else f"{v:.2f}"
            where = f", W = {k}" if w in SWEEPS else ""
            trows.append(f"| {what} | {w} `{' '.join(map(str, meta['sizes'][w]))}`{where} | {shown} | "
                         f"{'met' if v <= bound else 'not met'} |")
    if trows:
        out += ["**Targets**", "", "| target | workload | this run | result |", "| --- | --- | --- | --- |"]
        out += trows + [""]

    # ---- what the run shows (generated sentences only)
    notes = []
    for peer in [s for s in systems if s != "troupe"]:
        compared = [w for w in work_rows if (w, peer, main_k) in at and at[(w, peer, main_k)].get("ratio") is not None]
        if not compared:
            continue
        slower = [w for w in compared if at[(w, peer, main_k)]["ratio"] >= 1.0]
        bigger = [w for w in compared if (at[(w, peer, main_k)].get("rss_ratio") or 0) >= 1.0]

        def share(misses):
            if not misses:
                return f"on every workload of this run ({len(compared)})"
            return f"on {len(compared) - len(misses)} of {len(compared)} workloads, not on {', '.join(misses)}"
        notes.append(f"Against {LABELS[peer]} with {main_k} workers, troupe's work time is lower {share(slower)}; "
                     f"its peak RSS is smaller {share(bigger)}.")
    caf_best = []
    for w in work_rows:
        opts = [(at[(w, s, k)]["median_s"], s, k) for s in ("caf", "caf_sharing") for k in meta["workers"]
                if (w, s, k) in at]
        if len(opts) > 1:
            t, s, k = min(opts)
            default = at.get((w, "caf", main_k))
            gain = f", {default['median_s'] / t:.2f}× faster than the default" if default and t > 0 else ""
            caf_best.append(f"{w}: {'sharing' if s == 'caf_sharing' else 'stealing'}, {k} "
                            f"worker{'s' if k > 1 else ''} ({ms(t)}{gain})")
    if caf_best:
        notes.append("CAF at its best in this run (policy, workers): " + "; ".join(caf_best) + ".")
    if meta.get("short"):
        notes.append(f"troupe's work took less than 50 ms on {', '.join(meta['short'])}: too short to compare well.")
    data = {f"{w}/{s}": round(at[(w, s, main_k)]["ratio"], 4) for w in work_rows for s in systems
            if (w, s, main_k) in at and at[(w, s, main_k)].get("ratio") is not None}
    if previous:
        moved = []
        for key, new in data.items():
            old = previous.get("ratios", {}).get(key)
            if old and abs(new / old - 1.0) > MOVED:
                w, s = key.split("/")
                moved.append(f"{w} / {LABELS[s]} {old:.2f} → {new:.2f}")
        basis = previous.get("basis", "work")
        if moved:
            notes.append(f"Ratios that moved by more than {MOVED * 100:.0f} % since the previous tables "
                         f"(commit {previous.get('commit', '?')}"
                         f"{', process wall times' if basis != 'work' else ''}): " + "; ".join(moved) + ".")
    if notes:
        out += ["**What this run shows**", ""] + [f"- {n}" for n in notes] + [""]
    out.append("<!-- bench:data " + json.dumps({"commit": meta["commit"], "basis": "work", "ratios": data},
                                               sort_keys=True) + " -->")
    return "\n".join(out)


def write(results_dir, docs_path):
    meta, rows = load(results_dir)
    mode = meta.get("block", meta["mode"])
    with open(docs_path) as f:
        text = f.read()
    begin, end = f"<!-- bench:begin {mode} -->", f"<!-- bench:end {mode} -->"
    m = re.search(re.escape(begin) + r"\n(.*?)" + re.escape(end), text, re.S)
    if not m:
        raise SystemExit(f"{docs_path}: no '{begin}' ... '{end}' block to fill")
    prev = re.search(r"<!-- bench:data (\{.*?\}) -->", m.group(1))
    previous = json.loads(prev.group(1)) if prev else None
    block = generate(meta, rows, previous, os.path.relpath(os.path.abspath(results_dir), ROOT))
    text = text[:m.start()] + begin + "\n" + block + "\n" + end + text[m.end():]
    with open(docs_path, "w") as f:
        f.write(text)
    print(f"wrote the {mode} tables of {docs_path} from {results_dir}")
