#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
"""The membership protocol at scale: runs bench/micro/membership_scale (crashes: first
suspicion, and each survivor's "dead" verdict) and bench/micro/membership_join (joins: when
each member learned of the joiner) in the deterministic simulator, at 1,000 and 10,000
members, and writes

    bench/results/<stamp>-membership/summary.csv   one row per run and figure
    bench/results/<stamp>-membership/*.csv         every verdict and every learning, per run
    bench/results/<stamp>-membership/detection.png the verdicts' distribution against the targets
    bench/results/<stamp>-membership/joins.png     the joins' distribution against the target

Usage: scripts/bench.sh --membership [--quick] [--no-build]
--quick runs one seed at 1,000 members and no 10,000-member run (a few seconds).
"""
import argparse
import csv
import datetime
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("TROUPE_BENCH_BUILD") or os.path.join(ROOT, "build-benchsuite")
TARGETS = {"dead_1000": 5.0, "dead_10000": 7.0, "suspect": 1.5, "join": 3.0}


def build():
    if not os.path.exists(os.path.join(BUILD, "CMakeCache.txt")):
        subprocess.run(["cmake", "-S", ROOT, "-B", BUILD, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                        "-DTROUPE_BUILD_BENCHMARKS=ON"], check=True)
    subprocess.run(["cmake", "--build", BUILD, "--target", "membership_scale", "membership_join"], check=True)


def program(name):
    return os.path.join(BUILD, "bench", "micro", name)


def numbers(pattern, text):
    m = re.search(pattern, text)
    return [float(x) for x in m.groups()] if m else []


def run(args, out_csv):
    print("membership:", " ".join(os.path.basename(a) for a in args), flush=True)
    done = subprocess.run(args + [out_csv], capture_output=True, text=True, timeout=900)
    print(done.stdout, end="", flush=True)
    if done.returncode != 0:
        sys.exit(f"membership: {args[0]} failed ({done.returncode}): {done.stderr}")
    return done.stdout


def read_delays(path, kind):
    with open(path) as f:
        return [float(v) for k, v in csv.reader(f) if k == kind]


def plot(outdir, detections, joins):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("membership: no matplotlib: CSV only")
        return

    def cdf(ax, values, label):
        xs = sorted(values)
        ys = [(i + 1) / len(xs) for i in range(len(xs))]
        ax.step(xs, ys, where="post", label=label)

    fig, ax = plt.subplots(figsize=(7, 4))
    for n, values in sorted(detections.items()):
        cdf(ax, values, f"{n:,} members: each survivor's 'dead' verdict")
        ax.axvline(TARGETS[f"dead_{n}"], linestyle="--", linewidth=0.8, color="gray")
    ax.axvline(12.0, linestyle=":", color="red", label="memberlist's defaults at 1,000: 12 s at best")
    ax.set_xlabel("seconds after the crash")
    ax.set_ylabel("fraction of verdicts")
    ax.set_title("Crash detection (targets dashed: 5 s at 1,000, 7 s at 10,000)")
    ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    fig.savefig(os.path.join(outdir, "detection.png"), dpi=100)
    fig, ax = plt.subplots(figsize=(7, 4))
    for n, values in sorted(joins.items()):
        cdf(ax, values, f"{n:,} members")
    ax.axvline(TARGETS["join"], linestyle="--", color="gray", label="target: 99.9 % within 3 s")
    ax.set_xlabel("seconds after the join")
    ax.set_ylabel("fraction of members that know the joiner")
    ax.set_title("Join dissemination by gossip")
    ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    fig.savefig(os.path.join(outdir, "joins.png"), dpi=100)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--no-build", action="store_true")
    opts = ap.parse_args()
    if not opts.no_build:
        build()
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    outdir = os.path.join(ROOT, "bench", "results", f"{stamp}-membership")
    os.makedirs(outdir, exist_ok=True)
    crash_runs = [(1000, 20, seed) for seed in ([1] if opts.quick else range(1, 6))]
    join_runs = [(1000, 5, seed) for seed in ([1] if opts.quick else range(1, 6))]
    if not opts.quick:
        crash_runs.append((10000, 5, 1))
        join_runs.append((10000, 3, 1))
    rows = []
    detections, joins = {}, {}
    for n, crashes, seed in crash_runs:
        path = os.path.join(outdir, f"crashes-{n}-{seed}.csv")
        text = run([program("membership_scale"), str(n), "0.01", str(crashes), str(seed), "100"], path)
        first = numbers(r"first suspicion: p50 ([\d.]+) s, p99 ([\d.]+) s", text)
        dead = numbers(r"dead everywhere: p50 ([\d.]+) s, p99 ([\d.]+) s", text)
        packets = numbers(r"packets per member per second: ([\d.]+)", text)
        false_dead = numbers(r"false dead verdicts: (\d+) in ([\d.]+) member-seconds", text)
        rows += [("crashes", n, seed, "first_suspicion_p50_s", first[0]),
                 ("crashes", n, seed, "first_suspicion_p99_s", first[1]),
                 ("crashes", n, seed, "dead_everywhere_p50_s", dead[0]),
                 ("crashes", n, seed, "dead_everywhere_p99_s", dead[1]),
                 ("crashes", n, seed, "packets_per_member_per_s", packets[0]),
                 ("crashes", n, seed, "false_dead", false_dead[0]),
                 ("crashes", n, seed, "member_seconds", false_dead[1])]
        detections.setdefault(n, []).extend(read_delays(path, "dead"))
    for n, count, seed in join_runs:
        path = os.path.join(outdir, f"joins-{n}-{seed}.csv")
        text = run([program("membership_join"), str(n), str(count), str(seed), "0.01"], path)
        known = numbers(r"known to 99.9 %: median ([\d.]+) s, slowest ([\d.]+) s", text)
        rows += [("joins", n, seed, "known_to_99.9_median_s", known[0]),
                 ("joins", n, seed, "known_to_99.9_slowest_s", known[1])]
        joins.setdefault(n, []).extend(read_delays(path, "join"))
    with open(os.path.join(outdir, "summary.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["run", "members", "seed", "figure", "value"])
        w.writerows(rows)
    plot(outdir, detections, joins)
    print(f"membership: results in {outdir}")


if __name__ == "__main__":
    main()
