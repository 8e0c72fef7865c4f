#!/usr/bin/env python3
"""Benchmark runner: troupe against its peers on the same workloads.

Builds the workload programs (bench/CMakeLists.txt -> build-benchsuite/bench/bin,
Erlang modules -> build-benchsuite/bench/erlang), then for every chosen workload runs
every available system, alternating systems run by run (A B A B ...), one warm-up
round and then --runs counted rounds, each run under a time limit. Per run it records
wall time, user/sys CPU and peak RSS (os.wait4's rusage of the child) and samples the
resident set of the process tree every 50 ms. It prints one table per workload
(median, min-max, peak RSS, troupe/peer ratio with its spread) and writes

    bench/results/<stamp>/runs.csv       one row per run
    bench/results/<stamp>/rss.csv        the 50 ms RSS samples
    bench/results/<stamp>/summary.csv    one row per (workload, system)
    bench/results/<stamp>/*.png          runtime and memory plots (matplotlib)

Usage: scripts/bench.sh [--quick | --smoke | --paper] [--workloads w ...]
                        [--systems s ...] [--runs N] [--workers P] [--sweep]
                        [--time-limit S] [--no-build]

--smoke runs every program once at tiny sizes with --verify, no timing: CI uses it to
prove that everything builds and verifies its result. Plots need matplotlib
(apt-get install python3-matplotlib, or pip install matplotlib); without it the
runner still prints the tables and writes the CSV files.
"""
import argparse
import csv
import datetime
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# TROUPE_BENCH_BUILD: another build directory (e.g. to build two configurations side by side)
BUILD = os.environ.get("TROUPE_BENCH_BUILD") or os.path.join(ROOT, "build-benchsuite")
BIN = os.path.join(BUILD, "bench", "bin")
ERL_DIR = os.path.join(BUILD, "bench", "erlang")
ERL_SRC = os.path.join(ROOT, "bench", "peers", "erlang")
AKKA_DIR = os.path.join(BUILD, "bench", "akka")
RESULTS = os.path.join(ROOT, "bench", "results")

# ---- workloads: sizes per mode ---------------------------------------------------------
# smoke: tiny (CI); quick: the whole suite < 10 min on 2 cores; scaled: the issue's
# scaled sizes; paper: the published CAF benchmark sizes.
WORKLOADS = {
    "spread": {
        "what": "actor creation, 2^POW leaves",
        "sizes": {"smoke": [8], "quick": [16], "scaled": [20], "paper": [20]},
        "systems": ["troupe", "caf", "erlang", "akka"],
    },
    "mailbox": {
        "what": "N:1 mailbox, S senders x M messages",
        "sizes": {"smoke": [4, 1000], "quick": [20, 100000], "scaled": [20, 1000000], "paper": [100, 1000000]},
        "systems": ["troupe", "caf", "erlang", "akka"],
    },
    "mixed_case": {
        "what": "mixed case, R rings x A actors, token T, K repetitions",
        "sizes": {"smoke": [2, 10, 10, 1], "quick": [2, 100, 1000, 1], "scaled": [20, 100, 1000, 4],
                  "paper": [100, 100, 1000, 4]},
        "systems": ["troupe", "caf", "erlang", "akka"],
    },
    "ping_pong": {
        "what": "ping-pong, N round trips",
        "sizes": {"smoke": [1000], "quick": [200000], "scaled": [1000000], "paper": [1000000]},
        "systems": ["troupe", "caf", "erlang", "akka"],
        "metric": "ns_per_msg",
    },
    "idle_memory": {
        "what": "memory per idle actor, N actors",
        "sizes": {"smoke": [1000], "quick": [100000], "scaled": [1000000], "paper": [1000000]},
        "systems": ["troupe", "caf", "erlang", "akka"],
        "metric": "bytes_per_actor",
    },
    "mandelbrot": {
        "what": "Mandelbrot N x N, I iterations, one actor per row",
        "sizes": {"smoke": [64, 50], "quick": [1000, 500], "scaled": [8000, 500], "paper": [16000, 500]},
        "systems": ["troupe", "omp", "caf", "erlang", "akka"],
        "checksum": True,
    },
    "heat": {
        "what": "heat equation H x 2H grid, 2H steps, one actor per row",
        "sizes": {"smoke": [12], "quick": [300], "scaled": [400], "paper": [1000]},
        "systems": ["troupe", "omp", "seq", "caf", "erlang", "akka"],
        "checksum": True,
    },
    # ---- Savina (Imam & Sarkar 2014): default sizes as "scaled" and "paper" ----------------
    "counting": {
        "what": "Savina counting: one producer sends N increments, then asks for the count",
        "sizes": {"smoke": [1000], "quick": [1000000], "scaled": [1000000], "paper": [1000000]},
        "systems": ["troupe", "caf", "erlang", "akka"],
    },
    "fj_throughput": {
        "what": "Savina fork-join throughput: N messages to each of A actors",
        "sizes": {"smoke": [100, 4], "quick": [10000, 60], "scaled": [10000, 60], "paper": [10000, 60]},
        "systems": ["troupe", "caf", "erlang", "akka"],
    },
    "fj_create": {
        "what": "Savina fork-join creation: N actors, one message each",
        "sizes": {"smoke": [100], "quick": [40000], "scaled": [40000], "paper": [40000]},
        "systems": ["troupe", "caf", "erlang", "akka"],
    },
    "thread_ring": {
        "what": "Savina thread ring: N actors pass a token R hops",
        "sizes": {"smoke": [10, 1000], "quick": [100, 100000], "scaled": [100, 100000], "paper": [100, 100000]},
        "systems": ["troupe", "caf", "erlang", "akka"],
    },
    "chameneos": {
        "what": "Savina chameneos: C chameneos, M meetings through one mall",
        "sizes": {"smoke": [10, 1000], "quick": [100, 200000], "scaled": [100, 200000], "paper": [100, 200000]},
        "systems": ["troupe", "caf", "erlang", "akka"],
    },
    "big": {
        "what": "Savina big: W actors each ping random neighbours N times",
        "sizes": {"smoke": [100, 10], "quick": [20000, 120], "scaled": [20000, 120], "paper": [20000, 120]},
        "systems": ["troupe", "caf", "erlang", "akka"],
    },
}
ALL_SYSTEMS = ["troupe", "caf", "omp", "seq", "erlang", "akka"]


def log(*a):
    print(*a, flush=True)


# ---- building ---------------------------------------------------------------------------
def build(jobs, workloads, systems):
    """Builds the programs of the chosen workloads and systems (only those)."""
    log(f"== building into {BUILD} (-j{jobs})")
    subprocess.run(["cmake", "-S", ROOT, "-B", BUILD, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                    "-DTROUPE_BUILD_TESTS=OFF", "-DTROUPE_BUILD_EXAMPLES=OFF", "-DTROUPE_BUILD_BENCHMARKS=ON"],
                   check=True, stdout=subprocess.DEVNULL)
    known = subprocess.run(["ninja", "-C", BUILD, "-t", "targets", "all"], check=True, capture_output=True,
                           text=True).stdout
    known = {line.split(":")[0] for line in known.splitlines()}
    targets = [f"bench_{s}_{w}" for w in workloads for s in WORKLOADS[w]["systems"]
               if s in systems and f"bench_{s}_{w}" in known]
    if targets:
        subprocess.run(["cmake", "--build", BUILD, "--target"] + targets + ["-j", str(jobs)], check=True)
    if "erlang" in systems and shutil.which("erlc") and os.path.isdir(ERL_SRC):
        os.makedirs(ERL_DIR, exist_ok=True)
        srcs = sorted(os.path.join(ERL_SRC, f) for f in os.listdir(ERL_SRC) if f.endswith(".erl"))
        if srcs:
            subprocess.run(["erlc", "-o", ERL_DIR] + srcs, check=True)
    # Akka 2.6.20: jars from Maven Central (sha1-checked), compiled with javac; optional.
    if "akka" in systems and shutil.which("javac") and shutil.which("curl"):
        r = subprocess.run(["bash", os.path.join(ROOT, "bench", "peers", "akka", "fetch_and_build.sh"), AKKA_DIR])
        if r.returncode != 0:
            log("(akka peer not built: see the message above; continuing without it)")


def command(system, workload, sizes, workers, verify):
    """The command line of one run, or None when `system` lacks `workload`."""
    args = [str(s) for s in sizes]
    if system == "erlang":
        if not shutil.which("erl") or not os.path.exists(os.path.join(ERL_DIR, f"erl_{workload}.beam")):
            return None
        # +S W:W schedulers (online too), +P: enough processes for spread/idle_memory
        return ["erl", "-noshell", "-pa", ERL_DIR, "+S", f"{workers}:{workers}", "+P", "4000000",
                "-run", f"erl_{workload}", "main"] + (["verify"] if verify else []) + args
    if system == "akka":
        if not shutil.which("java") or not os.path.exists(os.path.join(AKKA_DIR, "classes", "bench", "Bench.class")):
            return None
        cp = os.path.join(AKKA_DIR, "lib", "*") + ":" + os.path.join(AKKA_DIR, "classes")
        return (["java", "-cp", cp, "bench.Bench", workload, f"--workers={workers}"] +
                (["--verify"] if verify else []) + args)
    exe = os.path.join(BIN, f"{system}_{workload}")
    if not os.path.exists(exe):
        return None
    cmd = [exe] + ([f"--workers={workers}"] if system != "seq" else []) + (["--verify"] if verify else [])
    return cmd + args


# ---- one run ------------------------------------------------------------------------------
def tree_rss_kb(pid, skip_root=False):
    """Resident set of pid's descendants (and of pid unless skip_root) in KiB."""
    total, stack, seen = 0, [pid], set()
    while stack:
        p = stack.pop()
        if p in seen:
            continue
        seen.add(p)
        try:
            if not (skip_root and p == pid):
                with open(f"/proc/{p}/status") as f:
                    for line in f:
                        if line.startswith("VmRSS:"):
                            total += int(line.split()[1])
                            break
            for tid in os.listdir(f"/proc/{p}/task"):
                try:
                    with open(f"/proc/{p}/task/{tid}/children") as f:
                        stack.extend(int(c) for c in f.read().split())
                except OSError:
                    pass
        except OSError:
            pass
    return total


GNU_TIME = "/usr/bin/time"


def run_once(cmd, time_limit, env):
    # Peak RSS and CPU times come from GNU time (package `time`): os.wait4's ru_maxrss
    # would report at least this Python process's RSS, which Linux keeps across fork+exec.
    timefile = None
    if os.path.exists(GNU_TIME):
        fd, timefile = tempfile.mkstemp(prefix="bench-time-")
        os.close(fd)
        cmd = [GNU_TIME, "-f", "%M %U %S", "-o", timefile] + cmd
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True, env=env)
    samples = []
    done = threading.Event()

    def sampler():
        while not done.is_set():
            samples.append((round(time.monotonic() - t0, 3), tree_rss_kb(proc.pid, skip_root=timefile is not None)))
            done.wait(0.05)

    out_chunks = []
    reader = threading.Thread(target=lambda: out_chunks.append(proc.stdout.read()), daemon=True)
    th = threading.Thread(target=sampler, daemon=True)
    reader.start()
    th.start()
    timed_out = False
    while True:
        pid, status, ru = os.wait4(proc.pid, os.WNOHANG)
        if pid != 0:
            break
        if time.monotonic() - t0 > time_limit:
            timed_out = True
            os.killpg(proc.pid, signal.SIGKILL)
            pid, status, ru = os.wait4(proc.pid, 0)
            break
        time.sleep(0.005)
    wall = time.monotonic() - t0
    done.set()
    th.join()
    reader.join(5)
    proc.returncode = os.waitstatus_to_exitcode(status)
    out = (out_chunks[0] if out_chunks else b"").decode(errors="replace")
    metrics = dict(re.findall(r"^METRIC (\S+) (\S+)$", out, re.M))
    rc = proc.returncode if not timed_out else 124
    maxrss, user, sys_s = ru.ru_maxrss, ru.ru_utime, ru.ru_stime
    if timefile:
        try:
            with open(timefile) as f:
                last = [ln for ln in f.read().splitlines() if ln.strip()][-1].split()
            maxrss, user, sys_s = int(last[0]), float(last[1]), float(last[2])
        except (OSError, IndexError, ValueError):
            maxrss = max([v for _, v in samples] or [0])
        os.unlink(timefile)
    return {
        "wall_s": wall, "user_s": user, "sys_s": sys_s, "maxrss_kb": maxrss,
        "rc": rc, "timed_out": timed_out, "metrics": metrics, "samples": samples, "output": out,
    }


# ---- statistics and output --------------------------------------------------------------
def fmt_time(s):
    return f"{s * 1000:.0f} ms" if s < 10 else f"{s:.1f} s"


def fmt_num(v):
    return f"{v:.4g}"


def summarise(workload, spec, rows):
    """rows: counted runs of one workload (all systems). Returns the summary rows."""
    metric = spec.get("metric")
    by_sys = {}
    for r in rows:
        if r["rc"] == 0:
            by_sys.setdefault(r["system"], []).append(r)
    out = []
    base = by_sys.get("troupe")
    for system, rs in by_sys.items():
        walls = [r["wall_s"] for r in rs]
        rss = [r["maxrss_kb"] for r in rs]
        s = {"workload": workload, "system": system, "runs": len(rs), "median_s": statistics.median(walls),
             "min_s": min(walls), "max_s": max(walls), "peak_rss_kb": max(rss), "median_rss_kb": statistics.median(rss),
             "user_s": statistics.median(r["user_s"] for r in rs), "sys_s": statistics.median(r["sys_s"] for r in rs)}
        if metric:
            vals = [float(r["metrics"][metric]) for r in rs if metric in r["metrics"]]
            s["metric"] = metric
            s["metric_median"] = statistics.median(vals) if vals else float("nan")
            s["metric_min"] = min(vals) if vals else float("nan")
            s["metric_max"] = max(vals) if vals else float("nan")
        if base and system != "troupe":
            bw = [r["wall_s"] for r in base]
            s["ratio"] = statistics.median(bw) / s["median_s"]
            s["ratio_lo"] = min(bw) / max(walls)
            s["ratio_hi"] = max(bw) / min(walls)
            s["rss_ratio"] = max(r["maxrss_kb"] for r in base) / s["peak_rss_kb"]
            if metric and "metric_median" in s and s["metric_median"]:
                bm = [float(r["metrics"][metric]) for r in base if metric in r["metrics"]]
                if bm:
                    s["metric_ratio"] = statistics.median(bm) / s["metric_median"]
        out.append(s)
    order = {name: i for i, name in enumerate(ALL_SYSTEMS)}
    out.sort(key=lambda s: order.get(s["system"], 99))
    return out


def print_table(workload, spec, sizes, summary, failures):
    log(f"\n### {workload}: {spec['what']} -- sizes {' '.join(map(str, sizes))}")
    metric = spec.get("metric")
    hdr = f"{'system':8} {'median':>9} {'min-max':>19} {'peak RSS':>10} {'troupe/peer':>20} {'RSS t/p':>8}"
    if metric:
        hdr += f" {metric:>16} {'t/p':>6}"
    log(hdr)
    for s in summary:
        ratio = "" if "ratio" not in s else f"{s['ratio']:.2f} ({s['ratio_lo']:.2f}-{s['ratio_hi']:.2f})"
        rss_ratio = "" if "rss_ratio" not in s else f"{s['rss_ratio']:.2f}"
        line = (f"{s['system']:8} {fmt_time(s['median_s']):>9} "
                f"{fmt_time(s['min_s']) + '-' + fmt_time(s['max_s']):>19} {s['peak_rss_kb'] / 1024:>8.1f}MB "
                f"{ratio:>20} {rss_ratio:>8}")
        if metric:
            mr = "" if "metric_ratio" not in s else f"{s['metric_ratio']:.2f}"
            line += f" {fmt_num(s['metric_median']):>16} {mr:>6}"
        log(line)
    for f in failures:
        log(f"  FAILED: {f}")


def plot(outdir, summaries, rows, rss_rows, sweep):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        log("(matplotlib missing: no plots; apt-get install python3-matplotlib or pip install matplotlib)")
        return
    workloads = sorted({r["workload"] for r in rows})
    for w in workloads:
        wr = [r for r in rows if r["workload"] == w and r["rc"] == 0]
        systems = [s for s in ALL_SYSTEMS if any(r["system"] == s for r in wr)]
        if not systems:
            continue
        fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4))
        workers = sorted({r["workers"] for r in wr})
        if len(workers) > 1:  # runtime vs number of workers
            for s in systems:
                xs, ys = [], []
                for k in workers:
                    v = [r["wall_s"] for r in wr if r["system"] == s and r["workers"] == k]
                    if v:
                        xs.append(k)
                        ys.append(statistics.median(v))
                ax1.plot(xs, ys, marker="o", label=s)
            ax1.set_xlabel("workers")
            ax1.legend()
        else:
            ax1.boxplot([[r["wall_s"] for r in wr if r["system"] == s] for s in systems], labels=systems)
        ax1.set_ylabel("wall time [s]")
        ax1.set_title(f"{w}: runtime")
        # memory box plots from the 50 ms samples, as in the papers
        mem = [[v / 1024 for (ww, s2, _, _, v) in rss_rows if ww == w and s2 == s and v > 0] or [0] for s in systems]
        ax2.boxplot(mem, labels=systems)
        ax2.set_ylabel("RSS [MB] (50 ms samples)")
        ax2.set_title(f"{w}: memory")
        fig.tight_layout()
        fig.savefig(os.path.join(outdir, f"{w}.png"), dpi=100)
        plt.close(fig)
    log(f"plots: {outdir}/*.png")


# ---- main ---------------------------------------------------------------------------------
def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--quick", action="store_true", help="small sizes: whole suite < 10 min on 2 cores")
    mode.add_argument("--smoke", action="store_true", help="tiny sizes, --verify, one run each, no timing (CI)")
    mode.add_argument("--paper", action="store_true", help="the published CAF benchmark sizes")
    ap.add_argument("--workloads", nargs="+", default=list(WORKLOADS), choices=list(WORKLOADS))
    ap.add_argument("--systems", nargs="+", default=ALL_SYSTEMS, choices=ALL_SYSTEMS)
    ap.add_argument("--runs", type=int, default=5, help="counted runs per system (after one warm-up)")
    ap.add_argument("--workers", type=int, default=os.cpu_count(), help="workers for every system (default: cores)")
    ap.add_argument("--sweep", action="store_true", help="also run with 1 .. workers-1 workers (runtime vs workers)")
    ap.add_argument("--time-limit", type=float, default=None, help="seconds per run (default 120, smoke 60)")
    ap.add_argument("--jobs", type=int, default=2, help="build parallelism")
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--omp-wait-policy", default="passive",
                    help="OMP_WAIT_POLICY for the OpenMP programs (passive: fair on a shared machine)")
    a = ap.parse_args()
    size_mode = "smoke" if a.smoke else "quick" if a.quick else "paper" if a.paper else "scaled"
    time_limit = a.time_limit or (60.0 if a.smoke else 120.0)
    if not a.no_build:
        build(a.jobs, a.workloads, a.systems)
    env = dict(os.environ, OMP_WAIT_POLICY=a.omp_wait_policy)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S") + f"-{size_mode}"
    outdir = os.path.join(RESULTS, stamp)
    os.makedirs(outdir, exist_ok=True)
    workers_list = list(range(1, a.workers + 1)) if a.sweep else [a.workers]
    rows, rss_rows, all_summaries, any_failure = [], [], [], False
    t_start = time.monotonic()
    log(f"== mode {size_mode}, workers {workers_list}, runs {1 if a.smoke else a.runs} (+1 warm-up), "
        f"limit {time_limit:.0f} s per run, results in {outdir}")
    for w in a.workloads:
        spec = WORKLOADS[w]
        sizes = spec["sizes"][size_mode]
        failures = []
        wrows = []
        for k in workers_list:
            cmds = {}
            for s in spec["systems"]:
                if s in a.systems:
                    c = command(s, w, sizes, k, a.smoke)
                    if c:
                        cmds[s] = c
            if not cmds:
                continue
            rounds = 1 if a.smoke else a.runs + 1
            for rnd in range(rounds):
                for s, c in cmds.items():  # alternate systems run by run: A B C A B C ...
                    r = run_once(c, time_limit, env)
                    counted = a.smoke or rnd > 0
                    if r["rc"] != 0:
                        msg = f"{s} {w} (run {rnd}, rc {r['rc']}{', timeout' if r['timed_out'] else ''}): {' '.join(c)}"
                        tail = r["output"].strip().splitlines()[-3:]
                        failures.append(msg + ("\n    " + "\n    ".join(tail) if tail else ""))
                        any_failure = True
                    row = {"workload": w, "system": s, "workers": k, "run": rnd, "counted": counted,
                           "sizes": " ".join(map(str, sizes)), **{x: r[x] for x in
                                                                  ("wall_s", "user_s", "sys_s", "maxrss_kb", "rc")},
                           "metrics": r["metrics"]}
                    if a.smoke:
                        log(f"  {'ok ' if r['rc'] == 0 else 'BAD'} {s:7} {w:12} {r['wall_s']:.2f} s  {' '.join(c[1:])}")
                    if counted:
                        wrows.append(row)
                        rss_rows.extend((w, s, k, t, v) for (t, v) in r["samples"])
        # results that must agree across systems (same field / image)
        if spec.get("checksum"):
            sums = {}
            for r in wrows:
                if r["rc"] == 0 and "checksum" in r["metrics"]:
                    sums.setdefault(r["metrics"]["checksum"], set()).add(r["system"])
            if len(sums) > 1:
                failures.append(f"checksums differ between systems: {sums}")
                any_failure = True
        rows.extend(wrows)
        if not a.smoke:
            main_k = max(workers_list)
            summary = summarise(w, spec, [r for r in wrows if r["workers"] == main_k])
            all_summaries.extend(summary)
            print_table(w, spec, sizes, summary, failures)
        else:
            for f in failures:
                log(f"  FAILED: {f}")
    # ---- files
    with open(os.path.join(outdir, "runs.csv"), "w", newline="") as f:
        wr = csv.writer(f)
        wr.writerow(["workload", "system", "workers", "run", "counted", "sizes", "wall_s", "user_s", "sys_s",
                     "maxrss_kb", "rc", "metrics"])
        for r in rows:
            wr.writerow([r["workload"], r["system"], r["workers"], r["run"], r["counted"], r["sizes"],
                         f"{r['wall_s']:.4f}", f"{r['user_s']:.3f}", f"{r['sys_s']:.3f}", r["maxrss_kb"], r["rc"],
                         ";".join(f"{k}={v}" for k, v in r["metrics"].items())])
    with open(os.path.join(outdir, "rss.csv"), "w", newline="") as f:
        wr = csv.writer(f)
        wr.writerow(["workload", "system", "workers", "t_s", "rss_kb"])
        wr.writerows(rss_rows)
    if all_summaries:
        keys = ["workload", "system", "runs", "median_s", "min_s", "max_s", "peak_rss_kb", "median_rss_kb", "user_s",
                "sys_s", "ratio", "ratio_lo", "ratio_hi", "rss_ratio", "metric", "metric_median", "metric_min",
                "metric_max", "metric_ratio"]
        with open(os.path.join(outdir, "summary.csv"), "w", newline="") as f:
            wr = csv.DictWriter(f, fieldnames=keys)
            wr.writeheader()
            for s in all_summaries:
                wr.writerow({k: s.get(k, "") for k in keys})
        plot(outdir, all_summaries, [r for r in rows if r["rc"] == 0], rss_rows, a.sweep)
    log(f"\n== done in {time.monotonic() - t_start:.0f} s; CSV in {outdir}")
    log("ratio troupe/peer: < 1 means troupe is faster (smaller); spread = troupe min/peer max .. troupe max/peer min")
    return 1 if any_failure else 0


if __name__ == "__main__":
    sys.exit(main())
