#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
"""Benchmark runner: troupe against its peers on the same workloads.

Builds the workload programs (bench/CMakeLists.txt -> build-benchsuite/bench/bin,
Erlang modules -> build-benchsuite/bench/erlang, Akka -> build-benchsuite/bench/akka), then
for every chosen workload runs every available system, alternating systems run by run
(A B A B ...), one warm-up round and then --runs counted rounds, each run under a time
limit. Every program times its own work with a monotonic clock, from "system ready" to
"result in hand" (before the system shuts down), and prints it as

    bench-work-ns: <nanoseconds>

(several such lines: a program that ran the workload several times, such as Akka warm;
the runner takes the median of the last half). That work time is the primary figure.
Beside it: the process's wall time (a blocking wait4 in a thread), user/sys CPU and
peak RSS (GNU time), the resident set of the process tree sampled every 50 ms, and the
start-up of each system: the wall time of its `empty` program in the same session.

    bench/results/<stamp>/runs.csv       one row per run
    bench/results/<stamp>/rss.csv        the 50 ms RSS samples
    bench/results/<stamp>/summary.csv    one row per (workload, system, workers)
    bench/results/<stamp>/meta.json      commit, date, machine, command
    bench/results/<stamp>/*.png          runtime and memory plots (matplotlib)

Usage: scripts/bench.sh [--quick | --smoke | --paper] [--workloads w ...]
                        [--systems s ...] [--runs N] [--workers P] [--sweep]
                        [--akka-iterations K] [--time-limit S] [--no-build] [--sizes N ...]
                        [--build-dir DIR]
                        [--write-docs [RESULTS_DIR]]

--smoke builds every target of the benchmark build (the micro-benchmarks too) and runs
every program once at tiny sizes with --verify, no timing: CI uses it to prove that
everything builds and verifies its result. --write-docs regenerates the
tables of docs/performance.md between <!-- bench:begin MODE --> and
<!-- bench:end MODE --> from this run, or, given a results directory, from that run's
CSV without running anything. Plots need matplotlib (apt-get install
python3-matplotlib, or pip install matplotlib); without it the runner still prints the
tables and writes the CSV files.
"""
import argparse
import atexit
import csv
import datetime
import json
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

import netns

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# TROUPE_BENCH_BUILD or --build-dir: another build directory (e.g. to build two
# configurations side by side, or a test build that a smoke run reuses)
BUILD = os.environ.get("TROUPE_BENCH_BUILD") or os.path.join(ROOT, "build-benchsuite")
ERL_SRC = os.path.join(ROOT, "bench", "peers", "erlang")


def set_build_dir(path):
    global BUILD, BIN, ERL_DIR, AKKA_DIR
    BUILD = os.path.abspath(path)
    BIN = os.path.join(BUILD, "bench", "bin")
    ERL_DIR = os.path.join(BUILD, "bench", "erlang")
    AKKA_DIR = os.path.join(BUILD, "bench", "akka")


set_build_dir(BUILD)
RESULTS = os.path.join(ROOT, "bench", "results")

# ---- workloads: sizes per mode ---------------------------------------------------------
# smoke: tiny (CI); quick: the whole suite on 2 cores, every troupe work time >= 50 ms;
# scaled: the scaled sizes; paper: the published CAF benchmark sizes.
# akka_heap: the -Xmx of the akka_xmx and akka_warm rows (per mode; enough for the live
# data, so that the JVM collects instead of growing). erl_procs: the workload needs
# Erlang's process limit raised (+P).
WORKLOADS = {
    "empty": {
        "what": "start-up and shutdown: the system is created and stopped, no work",
        "sizes": {"smoke": [], "quick": [], "scaled": [], "paper": []},
        "systems": ["troupe", "caf", "omp", "seq", "erlang", "akka"],
        "akka_heap": {"smoke": "64m", "quick": "64m", "scaled": "64m", "paper": "64m"},
    },
    "spread": {
        "what": "actor creation, 2^POW leaves",
        "sizes": {"smoke": [8], "quick": [18], "scaled": [20], "paper": [20]},
        "systems": ["troupe", "caf", "erlang", "akka"],
        "erl_procs": True,
        "akka_heap": {"smoke": "64m", "quick": "512m", "scaled": "1g", "paper": "1g"},
    },
    "mailbox": {
        "what": "N:1 mailbox, S senders x M messages",
        "sizes": {"smoke": [4, 1000], "quick": [20, 100000], "scaled": [20, 1000000], "paper": [100, 1000000]},
        "systems": ["troupe", "caf", "erlang", "akka"],
        "akka_heap": {"smoke": "64m", "quick": "256m", "scaled": "2g", "paper": "8g"},
    },
    "mixed_case": {
        "what": "mixed case, R rings x A actors, token T, K repetitions",
        "sizes": {"smoke": [2, 10, 10, 1], "quick": [2, 100, 1000, 1], "scaled": [20, 100, 1000, 4],
                  "paper": [100, 100, 1000, 4]},
        "systems": ["troupe", "caf", "erlang", "akka"],
        "akka_heap": {"smoke": "64m", "quick": "64m", "scaled": "128m", "paper": "256m"},
    },
    "ping_pong": {
        "what": "ping-pong, N round trips, answered by returning a value (Erlang, Akka: by sending)",
        "sizes": {"smoke": [1000], "quick": [1000000], "scaled": [1000000], "paper": [1000000]},
        "systems": ["troupe", "caf", "erlang", "akka"],
        "metric": "ns_per_msg",
        "akka_heap": {"smoke": "64m", "quick": "64m", "scaled": "64m", "paper": "64m"},
    },
    "ping_pong_send": {
        "what": "ping-pong, N round trips, answered with send to the sender",
        "sizes": {"smoke": [1000], "quick": [1000000], "scaled": [1000000], "paper": [1000000]},
        "systems": ["troupe", "caf"],
        "metric": "ns_per_msg",
    },
    "remote_ping_pong": {
        "what": "remote ping-pong between two processes on loopback, N round trips, one in flight",
        "sizes": {"smoke": [100], "quick": [5000], "scaled": [20000], "paper": [20000]},
        "systems": ["troupe", "caf", "erlang", "akka"],
        "akka_heap": {"smoke": "128m", "quick": "256m", "scaled": "256m", "paper": "256m"},
        "metric": "us_per_rtt",
    },
    "remote_throughput": {
        "what": "remote throughput: one sender, one receiver in another process on loopback, N messages (an atom and an int)",
        "sizes": {"smoke": [1000], "quick": [200000], "scaled": [1000000], "paper": [1000000]},
        "systems": ["troupe", "caf", "erlang", "akka"],
        "akka_heap": {"smoke": "128m", "quick": "256m", "scaled": "256m", "paper": "256m"},
        "metric": "ns_per_msg",
    },
    "remote_stream": {
        "what": "stream of N ints from a source in another process on loopback to a summing sink (troupe: the "
                "published source's handle, batches of 256, credit 4,096; CAF io: 0.17 streams, sink * remote "
                "source)",
        "sizes": {"smoke": [1000], "quick": [2000000], "scaled": [10000000], "paper": [20000000]},
        "systems": ["troupe", "caf"],
        "metric": "ns_per_item",
    },
    "remote_throughput_tls": {
        "what": "remote_throughput over TLS 1.3 (compare with troupe's remote_throughput row)",
        "sizes": {"smoke": [1000], "quick": [200000], "scaled": [1000000], "paper": [1000000]},
        "systems": ["troupe"],
        "metric": "ns_per_msg",
    },
    "dist_mandelbrot": {
        "what": "distributed Mandelbrot: N x N, I iterations, jobs of R rows handed out by a master to W worker "
                "processes on loopback (workers = worker processes, one computing thread each; the master is one "
                "more process)",
        "sizes": {"smoke": [64, 50, 8], "quick": [1000, 500, 8], "scaled": [2000, 500, 8], "paper": [4000, 500, 8]},
        "systems": ["troupe", "mpi_tcp", "mpi_sm", "caf"],
        "checksum": True,
        "sweep": list(range(1, 9)),  # every W of the target, 1 to 8
    },
    "dist_mandelbrot_netns": {
        "what": "dist_mandelbrot with each worker process in a network namespace of its own, joined by a veth "
                "pair to a bridge in the master's (TCP through the kernel's IP stack rather than loopback; needs "
                "root)",
        "program": "dist_mandelbrot",
        "netns": True,
        "sizes": {"smoke": [64, 50, 8], "quick": [1000, 500, 8], "scaled": [2000, 500, 8], "paper": [4000, 500, 8]},
        "systems": ["troupe", "mpi_tcp", "caf"],
        "checksum": True,
        "sweep": list(range(1, 9)),  # every W of the target, 1 to 8
    },
    "large_message_latency": {
        "what": "slowest ping round trip while an M MB message crosses the same connection",
        "sizes": {"smoke": [1], "quick": [100], "scaled": [100], "paper": [100]},
        "systems": ["troupe", "caf"],
        "metric": "us_per_rtt",
    },
    "idle_memory": {
        "what": "memory per idle actor, N actors",
        "sizes": {"smoke": [1000], "quick": [100000], "scaled": [1000000], "paper": [1000000]},
        "systems": ["troupe", "caf", "erlang", "akka"],
        "metric": "bytes_per_actor",
        "erl_procs": True,
        "no_warm": True,  # a warm JVM reuses its heap: the RSS growth per actor means nothing there
        "akka_heap": {"smoke": "64m", "quick": "256m", "scaled": "2g", "paper": "2g"},
    },
    "mandelbrot": {
        "what": "Mandelbrot N x N, I iterations, one actor per row",
        "sizes": {"smoke": [64, 50], "quick": [1000, 500], "scaled": [8000, 500], "paper": [16000, 500]},
        "systems": ["troupe", "omp", "caf", "erlang", "akka"],
        "checksum": True,
        "akka_heap": {"smoke": "64m", "quick": "64m", "scaled": "128m", "paper": "256m"},
    },
    "heat": {
        "what": "heat equation H x 2H grid, 2H steps, one actor per row",
        "sizes": {"smoke": [12], "quick": [300], "scaled": [400], "paper": [1000]},
        "systems": ["troupe", "omp", "seq", "caf", "erlang", "akka"],
        "checksum": True,
        "akka_heap": {"smoke": "64m", "quick": "64m", "scaled": "64m", "paper": "128m"},
    },
    "stream": {
        "what": "local stream of N ints: a source, a map stage (2x + 1) and a summing sink, three actors (troupe: "
                "batches of 256, credit 4,096, the settings of bench/micro/stream_throughput; CAF 0.17: "
                "attach_stream_source/stage/sink with CAF's default batching and credit; Akka Streams: "
                "Source.range, map, Sink.fold with async boundaries, so three actors, default buffers)",
        "sizes": {"smoke": [1000], "quick": [10000000], "scaled": [20000000], "paper": [50000000]},
        "systems": ["troupe", "caf", "akka"],
        "metric": "ns_per_item",
        "akka_heap": {"smoke": "64m", "quick": "128m", "scaled": "128m", "paper": "128m"},
    },
    # ---- OpenCL actors (troupe::opencl; PoCL runs them on the CPU) --------------------------
    "opencl_matmul": {
        "what": "matrix multiply N x N on an OpenCL device, R requests one at a time (kernel actor vs raw host code)",
        "sizes": {"smoke": [32, 2], "quick": [256, 20], "scaled": [1024, 3], "paper": [2048, 3]},
        "systems": ["troupe", "raw_opencl"],
        "metric": "us_per_request",
    },
    "opencl_split": {
        "what": "Mandelbrot N x N, I iterations, P % of the rows by an OpenCL actor, the rest one CPU actor per row",
        "sizes": {"smoke": [64, 50, 50], "quick": [1000, 500, 50], "scaled": [4000, 500, 50],
                  "paper": [8000, 500, 50]},
        "systems": ["troupe"],
        "checksum": True,
    },
    "opencl_chain": {
        "what": "three OpenCL kernel actors in a chain over N floats, R chains, mem_refs between the stages",
        "sizes": {"smoke": [1024, 2], "quick": [1048576, 20], "scaled": [4194304, 20], "paper": [4194304, 20]},
        "systems": ["troupe"],
        "metric": "us_per_chain",
    },
    "opencl_chain_host": {
        "what": "the same chain with std::vectors between the stages (copied through the host)",
        "sizes": {"smoke": [1024, 2], "quick": [1048576, 20], "scaled": [4194304, 20], "paper": [4194304, 20]},
        "systems": ["troupe"],
        "metric": "us_per_chain",
    },
    # ---- Savina (Imam & Sarkar 2014): default sizes as "scaled" and "paper" ----------------
    "counting": {
        "what": "Savina counting: one producer sends N increments, then asks for the count",
        "sizes": {"smoke": [1000], "quick": [1000000], "scaled": [1000000], "paper": [1000000]},
        "systems": ["troupe", "caf", "erlang", "akka"],
        "akka_heap": {"smoke": "64m", "quick": "128m", "scaled": "128m", "paper": "128m"},
    },
    "fj_throughput": {
        "what": "Savina fork-join throughput: N messages to each of A actors",
        "sizes": {"smoke": [100, 4], "quick": [10000, 60], "scaled": [10000, 60], "paper": [10000, 60]},
        "systems": ["troupe", "caf", "erlang", "akka"],
        "akka_heap": {"smoke": "64m", "quick": "128m", "scaled": "128m", "paper": "128m"},
    },
    "fj_create": {
        "what": "Savina fork-join creation: N actors, one message each",
        "sizes": {"smoke": [100], "quick": [150000], "scaled": [40000], "paper": [40000]},
        "systems": ["troupe", "caf", "erlang", "akka"],
        "akka_heap": {"smoke": "64m", "quick": "256m", "scaled": "128m", "paper": "128m"},
    },
    "thread_ring": {
        "what": "Savina thread ring: N actors pass a token R hops",
        "sizes": {"smoke": [10, 1000], "quick": [100, 1500000], "scaled": [100, 100000], "paper": [100, 100000]},
        "systems": ["troupe", "caf", "erlang", "akka"],
        "akka_heap": {"smoke": "64m", "quick": "64m", "scaled": "64m", "paper": "64m"},
    },
    "chameneos": {
        "what": "Savina chameneos: C chameneos, M meetings through one mall",
        "sizes": {"smoke": [10, 1000], "quick": [100, 200000], "scaled": [100, 200000], "paper": [100, 200000]},
        "systems": ["troupe", "caf", "erlang", "akka"],
        "akka_heap": {"smoke": "64m", "quick": "64m", "scaled": "64m", "paper": "64m"},
    },
    "big": {
        "what": "Savina big: W actors each ping random neighbours N times",
        "sizes": {"smoke": [100, 10], "quick": [20000, 120], "scaled": [20000, 120], "paper": [20000, 120]},
        "systems": ["troupe", "caf", "erlang", "akka"],
        "akka_heap": {"smoke": "64m", "quick": "64m", "scaled": "64m", "paper": "64m"},
    },
    # Parallel patterns (troupe::patterns): troupe runs the pattern, troupe_actors the
    # pure-actor version of the same algorithm (data copied between actors).
    "quicksort": {
        "what": "Savina quicksort, N numbers, ranges of at most T sorted sequentially (troupe: DivConq in place)",
        "sizes": {"smoke": [5000, 64], "quick": [2000000, 2048], "scaled": [4000000, 2048],
                  "paper": [1000000, 2048]},
        "systems": ["troupe", "troupe_actors", "tbb", "omp", "thread", "caf"],
    },
    "recmatmul": {
        "what": "Savina recursive matrix multiply, N x N doubles, quadrants down to T x T leaves (troupe: DivConq in place)",
        "sizes": {"smoke": [128, 32], "quick": [1024, 64], "scaled": [2048, 64], "paper": [1024, 64]},
        "systems": ["troupe", "tbb", "omp", "thread"],
        "checksum": True,
    },
    "blackscholes": {
        "what": "Black-Scholes, N European options priced I times (troupe: Map, static partitioning)",
        "sizes": {"smoke": [1000, 2], "quick": [100000, 40], "scaled": [1000000, 100],
                  "paper": [10000000, 100]},
        "systems": ["troupe", "troupe_actors", "tbb", "omp", "thread", "caf"],
    },
    "raytrace": {
        "what": "raytrace (after PARSEC): F frames of W x H, rows of very unequal cost (troupe: Map, dynamic, chunk 1)",
        "sizes": {"smoke": [32, 24, 1], "quick": [640, 480, 4], "scaled": [1280, 960, 8],
                  "paper": [1920, 1080, 8]},
        "systems": ["troupe", "tbb", "omp", "thread"],
        "checksum": True,
    },
    "ferret": {
        "what": "ferret (after PARSEC): Q image queries, K nearest of D vectors (troupe: Pipeline of Seq and Farms)",
        "sizes": {"smoke": [50, 100], "quick": [4000, 4000], "scaled": [20000, 8000], "paper": [20000, 8000]},
        "systems": ["troupe", "tbb", "omp", "thread"],
        "checksum": True,
    },
    "canneal": {
        "what": "canneal (after PARSEC): annealing E elements, M moves per step, S steps (troupe: master actor + Map)",
        "sizes": {"smoke": [2000, 200, 8], "quick": [200000, 20000, 256], "scaled": [400000, 40000, 512],
                  "paper": [400000, 40000, 512]},
        "systems": ["troupe", "tbb", "omp", "thread"],
    },
}

# Systems: the programs' families, and configurations of them that run as rows of
# their own. A variant runs where its base system runs (caf_sharing and the Akka
# variants need the workload's akka_heap where they set a heap).
#   caf_sharing  CAF with scheduler.policy=sharing (work sharing: one queue)
#   akka_xmx     a cold JVM with the workload's heap limit (-Xmx)
#   akka_warm    --akka-iterations runs of the workload in one JVM with that limit,
#                the median of the last half (Savina's method); wall time and RSS are
#                those of the whole process
#   mpi_tcp      OpenMPI's program under mpirun, forced onto TCP (ob1, btl tcp,self)
#   mpi_sm       the same program with OpenMPI's default transports (shared memory)
VARIANTS = {"caf_sharing": "caf", "akka_xmx": "akka", "akka_warm": "akka"}
ALL_SYSTEMS = ["troupe", "troupe_actors", "caf", "caf_sharing", "tbb", "omp", "thread", "seq", "raw_opencl", "mpi_tcp",
               "mpi_sm", "erlang", "akka", "akka_xmx", "akka_warm"]
# Systems that run another system's program (bench/bin/<program>_<workload>) with other launch options.
PROGRAMS = {"mpi_tcp": "mpi", "mpi_sm": "mpi"}
MPI_OPTIONS = {"mpi_tcp": ["--mca", "pml", "ob1", "--mca", "btl", "tcp,self"], "mpi_sm": []}
LABELS = {"troupe": "troupe", "troupe_actors": "troupe pure actors", "caf": "CAF", "caf_sharing": "CAF sharing",
          "tbb": "oneTBB", "omp": "OpenMP", "thread": "std::thread", "seq": "sequential", "raw_opencl": "raw OpenCL",
          "mpi_tcp": "OpenMPI over TCP", "mpi_sm": "OpenMPI shared memory",
          "erlang": "Erlang", "akka": "Akka", "akka_xmx": "Akka -Xmx", "akka_warm": "Akka warm"}
WORK_FLOOR_S = 0.05  # a troupe work time below this is too short to measure well


def base_system(system):
    return VARIANTS.get(system, system)


def program_system(system):
    """The system whose program `system` runs."""
    return PROGRAMS.get(base_system(system), base_system(system))


def systems_of(spec):
    """The workload's systems and the variants of those, in ALL_SYSTEMS order."""
    return [s for s in ALL_SYSTEMS if base_system(s) in spec["systems"]
            and (not s.startswith("akka_") or "akka_heap" in spec)
            and not (s == "akka_warm" and spec.get("no_warm"))]


def log(*a):
    print(*a, flush=True)


# ---- building ---------------------------------------------------------------------------
def build(jobs, workloads, systems, everything=False, reuse=False):
    """Builds the programs of the chosen workloads and systems (only those), or with
    everything=True every target of the benchmark build: the micro-benchmarks too, so that
    a smoke run proves that all of them still compile. reuse=True: BUILD is a build
    directory configured before (a test build); it keeps its settings and only gets the
    benchmarks added, so that its libraries are not compiled again."""
    log(f"== building into {BUILD} (-j{jobs})")
    if reuse and os.path.exists(os.path.join(BUILD, "CMakeCache.txt")):
        configure = ["cmake", "-S", ROOT, "-B", BUILD, "-DTROUPE_BUILD_BENCHMARKS=ON"]
    else:
        configure = ["cmake", "-S", ROOT, "-B", BUILD, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                     "-DTROUPE_BUILD_TESTS=OFF", "-DTROUPE_BUILD_EXAMPLES=OFF", "-DTROUPE_BUILD_BENCHMARKS=ON"]
    subprocess.run(configure, check=True, stdout=subprocess.DEVNULL)
    known = subprocess.run(["ninja", "-C", BUILD, "-t", "targets", "all"], check=True, capture_output=True,
                           text=True).stdout
    known = {line.split(":")[0] for line in known.splitlines()}
    bases = {base_system(s) for s in systems}
    targets = sorted({f"bench_{program_system(s)}_{program_of(w)}" for w in workloads for s in WORKLOADS[w]["systems"]
                      if s in bases and f"bench_{program_system(s)}_{program_of(w)}" in known})
    if everything:
        subprocess.run(["cmake", "--build", BUILD, "-j", str(jobs)], check=True)
    elif targets:
        subprocess.run(["cmake", "--build", BUILD, "--target"] + targets + ["-j", str(jobs)], check=True)
    if "erlang" in bases and shutil.which("erlc") and os.path.isdir(ERL_SRC):
        os.makedirs(ERL_DIR, exist_ok=True)
        srcs = sorted(os.path.join(ERL_SRC, f) for f in os.listdir(ERL_SRC) if f.endswith(".erl"))
        if srcs:
            subprocess.run(["erlc", "-o", ERL_DIR] + srcs, check=True)
    # Akka 2.6.20: jars from Maven Central (sha1-checked), compiled with javac; optional.
    if "akka" in bases and shutil.which("javac") and shutil.which("curl"):
        r = subprocess.run(["bash", os.path.join(ROOT, "bench", "peers", "akka", "fetch_and_build.sh"), AKKA_DIR])
        if r.returncode != 0:
            log("(akka peer not built: see the message above; continuing without it)")


def program_of(workload):
    """The program name of `workload` (a variant of another workload runs that one's)."""
    return WORKLOADS[workload].get("program", workload)


def command(system, workload, sizes, workers, verify, mode, akka_iterations, namespaces=None):
    """The command line of one run, or None when `system` lacks `workload`. `namespaces`: the
    worker processes' network namespaces (netns.WorkerNamespaces), for a netns workload."""
    args = [str(s) for s in sizes]
    spec = WORKLOADS[workload]
    base = base_system(system)
    if base == "erlang":
        if not shutil.which("erl") or not os.path.exists(os.path.join(ERL_DIR, f"erl_{workload}.beam")):
            return None
        # +S W:W schedulers (online too); +P only where the default process limit is too small
        procs = ["+P", "4000000"] if spec.get("erl_procs") else []
        return (["erl", "-noshell", "-pa", ERL_DIR, "+S", f"{workers}:{workers}"] + procs +
                ["-run", f"erl_{workload}", "main"] + (["verify"] if verify else []) + args)
    if base == "akka":
        if not shutil.which("java") or not os.path.exists(os.path.join(AKKA_DIR, "classes", "bench", "Bench.class")):
            return None
        cp = os.path.join(AKKA_DIR, "lib", "*") + ":" + os.path.join(AKKA_DIR, "classes")
        heap = [f"-Xmx{spec['akka_heap'][mode]}"] if system != "akka" else []
        iters = [f"--iterations={akka_iterations}"] if system == "akka_warm" else []
        return (["java"] + heap + ["-cp", cp, "bench.Bench", workload, f"--workers={workers}"] + iters +
                (["--verify"] if verify else []) + args)
    exe = os.path.join(BIN, f"{program_system(system)}_{program_of(workload)}")
    if not os.path.exists(exe):
        return None
    if base in MPI_OPTIONS:
        # W worker ranks and the master; --oversubscribe: more ranks than cores is the point of a sweep
        if not shutil.which("mpirun"):
            return None
        mpirun = ["mpirun", "--oversubscribe", "--bind-to", "none"] + MPI_OPTIONS[base]
        exe_args = [exe, f"--workers={workers}"] + (["--verify"] if verify else []) + args
        if namespaces:
            return namespaces.mpi_command(mpirun, exe_args, workers)
        return mpirun + ["-np", str(workers + 1)] + exe_args
    cmd = [exe] + ([f"--workers={workers}"] if base != "seq" else []) + (["--verify"] if verify else [])
    if system == "caf_sharing":
        cmd.append("--caf-policy=sharing")
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


def label_boxes(ax, names):
    # Box i sits at x = i + 1. Set apart from boxplot(): its keyword for the
    # names is labels= up to matplotlib 3.8 and tick_labels= from 3.9 on.
    ax.set_xticks(range(1, len(names) + 1), names)


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

    # A blocking wait4 in its own thread: the exit is seen when it happens, not at
    # the next tick of a polling loop.
    exited = threading.Event()
    waited = {}

    def waiter():
        pid, status, ru = os.wait4(proc.pid, 0)
        waited.update(end=time.monotonic(), status=status, ru=ru)
        exited.set()

    out_chunks = []
    reader = threading.Thread(target=lambda: out_chunks.append(proc.stdout.read()), daemon=True)
    th = threading.Thread(target=sampler, daemon=True)
    wt = threading.Thread(target=waiter, daemon=True)
    wt.start()
    reader.start()
    th.start()
    timed_out = not exited.wait(time_limit)
    if timed_out:
        os.killpg(proc.pid, signal.SIGKILL)
        exited.wait()
    wt.join()
    wall = waited["end"] - t0
    status, ru = waited["status"], waited["ru"]
    done.set()
    th.join()
    reader.join(5)
    proc.returncode = os.waitstatus_to_exitcode(status)
    out = (out_chunks[0] if out_chunks else b"").decode(errors="replace")
    metrics = last_half_metrics(re.findall(r"^METRIC (\S+) (\S+)$", out, re.M))
    works = [int(v) * 1e-9 for v in re.findall(r"^bench-work-ns: (\d+)$", out, re.M)]
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
        "wall_s": wall, "work_s": work_time(works), "work_iterations": len(works), "user_s": user, "sys_s": sys_s,
        "maxrss_kb": maxrss, "rc": rc, "timed_out": timed_out, "metrics": metrics, "samples": samples, "output": out,
    }


def last_half_metrics(pairs):
    """METRIC lines -> {name: value}; a metric printed by several iterations of one
    process gets the median of its last half, as the work time does."""
    values = {}
    for name, v in pairs:
        values.setdefault(name, []).append(v)
    out = {}
    for name, vs in values.items():
        try:
            nums = [float(v) for v in vs]
            out[name] = f"{statistics.median(nums[len(nums) // 2:]):.6g}" if len(nums) > 1 else vs[0]
        except ValueError:  # checksums (hex)
            out[name] = vs[-1]
    return out


def work_time(works):
    """The run's work time: its one figure, or the median of the last half of several
    (iterations in one process: the first ones warm the JIT up)."""
    if not works:
        return None
    return statistics.median(works[len(works) // 2:])


# ---- statistics and output --------------------------------------------------------------
def fmt_time(s):
    if s < 0.01:
        return f"{s * 1000:.1f} ms"
    return f"{s * 1000:.0f} ms" if s < 10 else f"{s:.1f} s"


def fmt_num(v):
    return f"{v:.4g}"


def primary(r):
    """A run's primary time: its in-process work time, else (a program that prints
    none) its wall time."""
    return r["work_s"] if r.get("work_s") is not None else r["wall_s"]


def summarise(workload, spec, rows, workers, startup):
    """rows: counted runs of one workload at one worker count (all systems).
    startup: system -> median wall time of its empty program. Returns the summary rows."""
    metric = spec.get("metric")
    by_sys = {}
    for r in rows:
        if r["rc"] == 0:
            by_sys.setdefault(r["system"], []).append(r)
    out = []
    base = by_sys.get("troupe")
    for system, rs in by_sys.items():
        times = [primary(r) for r in rs]
        walls = [r["wall_s"] for r in rs]
        rss = [r["maxrss_kb"] for r in rs]
        s = {"workload": workload, "system": system, "workers": workers, "runs": len(rs),
             "in_process": all(r.get("work_s") is not None for r in rs),
             "median_s": statistics.median(times), "min_s": min(times), "max_s": max(times),
             "wall_median_s": statistics.median(walls), "startup_s": startup.get(system, startup.get(base_system(system))),
             "peak_rss_kb": max(rss), "median_rss_kb": statistics.median(rss),
             "user_s": statistics.median(r["user_s"] for r in rs), "sys_s": statistics.median(r["sys_s"] for r in rs)}
        if metric:
            vals = [float(r["metrics"][metric]) for r in rs if metric in r["metrics"]]
            s["metric"] = metric
            s["metric_median"] = statistics.median(vals) if vals else float("nan")
            s["metric_min"] = min(vals) if vals else float("nan")
            s["metric_max"] = max(vals) if vals else float("nan")
        heap = [float(r["metrics"]["heap_bytes_per_actor"]) for r in rs if "heap_bytes_per_actor" in r["metrics"]]
        if heap:
            s["heap_bytes_per_actor"] = statistics.median(heap)
        if base and system != "troupe":
            bt = [primary(r) for r in base]
            s["ratio"] = statistics.median(bt) / s["median_s"] if s["median_s"] > 0 else float("nan")
            s["ratio_lo"] = min(bt) / max(times) if max(times) > 0 else float("nan")
            s["ratio_hi"] = max(bt) / min(times) if min(times) > 0 else float("nan")
            s["rss_ratio"] = max(r["maxrss_kb"] for r in base) / s["peak_rss_kb"]
            if metric and "metric_median" in s and s["metric_median"]:
                bm = [float(r["metrics"][metric]) for r in base if metric in r["metrics"]]
                if bm:
                    s["metric_ratio"] = statistics.median(bm) / s["metric_median"]
        out.append(s)
    order = {name: i for i, name in enumerate(ALL_SYSTEMS)}
    out.sort(key=lambda s: order.get(s["system"], 99))
    return out


def print_table(workload, spec, sizes, workers, summary, failures):
    log(f"\n### {workload}: {spec['what']} -- sizes {' '.join(map(str, sizes))}, {workers} worker(s)")
    metric = spec.get("metric")
    hdr = (f"{'system':11} {'work':>9} {'min-max':>19} {'wall':>9} {'start-up':>9} {'peak RSS':>10} "
           f"{'troupe/peer':>20} {'RSS t/p':>8}")
    if metric:
        hdr += f" {metric:>16} {'t/p':>6}"
    log(hdr)
    for s in summary:
        ratio = "" if "ratio" not in s else f"{s['ratio']:.2f} ({s['ratio_lo']:.2f}-{s['ratio_hi']:.2f})"
        rss_ratio = "" if "rss_ratio" not in s else f"{s['rss_ratio']:.2f}"
        work = fmt_time(s["median_s"]) + ("" if s["in_process"] else "*")
        startup = "" if s["startup_s"] is None else fmt_time(s["startup_s"])
        line = (f"{s['system']:11} {work:>9} "
                f"{fmt_time(s['min_s']) + '-' + fmt_time(s['max_s']):>19} {fmt_time(s['wall_median_s']):>9} "
                f"{startup:>9} {s['peak_rss_kb'] / 1024:>8.1f}MB {ratio:>20} {rss_ratio:>8}")
        if metric:
            mr = "" if "metric_ratio" not in s else f"{s['metric_ratio']:.2f}"
            line += f" {fmt_num(s['metric_median']):>16} {mr:>6}"
        if "heap_bytes_per_actor" in s:
            line += f"  heap after GC {s['heap_bytes_per_actor']:.0f} B/actor"
        log(line)
    for f in failures:
        log(f"  FAILED: {f}")


def sweep_baseline(rows, systems, workers):
    """The speedup plot's baseline: std::thread with 1 worker where it ran (the seeds
    divide by pthreads with 1 thread), else the first system with 1 worker; None
    without a sweep."""
    if len(workers) < 2 or workers[0] != 1:
        return None
    for s in (["thread"] if "thread" in systems else []) + systems:
        v = [primary(r) for r in rows if r["system"] == s and r["workers"] == 1]
        if v and statistics.median(v) > 0:
            return s, statistics.median(v)
    return None


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
        baseline = sweep_baseline(wr, systems, workers)
        if baseline is not None:  # speedup vs number of workers, as in the seeds' figures
            base_system, base_time = baseline
            for s in systems:
                xs, ys = [], []
                for k in workers:
                    v = [primary(r) for r in wr if r["system"] == s and r["workers"] == k]
                    if v and statistics.median(v) > 0:
                        xs.append(k)
                        ys.append(base_time / statistics.median(v))
                ax1.plot(xs, ys, marker="o", label=LABELS.get(s, s))
            ax1.plot(workers, workers, linestyle=":", color="grey", label="ideal")
            ax1.set_xlabel("workers")
            ax1.set_xticks(workers)
            ax1.legend()
            ax1.set_ylabel(f"speedup over {LABELS.get(base_system, base_system)}, 1 worker")
            ax1.set_title(f"{w}: speedup")
        else:
            ax1.boxplot([[primary(r) for r in wr if r["system"] == s] for s in systems])
            label_boxes(ax1, systems)
            ax1.set_ylabel("work time [s]")
            ax1.set_title(f"{w}: runtime")
        # memory box plots from the 50 ms samples, as in the papers
        mem = [[v / 1024 for (ww, s2, _, _, v) in rss_rows if ww == w and s2 == s and v > 0] or [0] for s in systems]
        ax2.boxplot(mem)
        label_boxes(ax2, systems)
        ax2.set_ylabel("RSS [MB] (50 ms samples)")
        ax2.set_title(f"{w}: memory")
        fig.tight_layout()
        fig.savefig(os.path.join(outdir, f"{w}.png"), dpi=100)
        plt.close(fig)
    log(f"plots: {outdir}/*.png")


# ---- the session: what ran where -------------------------------------------------------
def machine():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    u = os.uname()
    return {"cores": os.cpu_count(), "cpu": model, "kernel": f"{u.sysname} {u.release} {u.machine}"}


def commit():
    def git(*args):
        return subprocess.run(["git", "-C", ROOT] + list(args), capture_output=True, text=True).stdout.strip()
    rev = git("rev-parse", "--short=12", "HEAD") or "unknown"
    # Changes outside bench/results and docs/performance.md make the figures those of no commit.
    dirty = [ln for ln in git("status", "--porcelain", "--untracked-files=no").splitlines()
             if not ln[3:].startswith("docs/performance.md")]
    return rev + ("+changes" if dirty else "")


# ---- main ---------------------------------------------------------------------------------
RUN_FIELDS = ["workload", "system", "workers", "run", "counted", "sizes", "wall_s", "work_s", "work_iterations",
              "user_s", "sys_s", "maxrss_kb", "rc", "metrics"]
SUMMARY_FIELDS = ["workload", "system", "workers", "runs", "in_process", "median_s", "min_s", "max_s", "wall_median_s",
                  "startup_s", "peak_rss_kb", "median_rss_kb", "user_s", "sys_s", "ratio", "ratio_lo", "ratio_hi",
                  "rss_ratio", "metric", "metric_median", "metric_min", "metric_max", "metric_ratio",
                  "heap_bytes_per_actor"]


def write_files(outdir, rows, rss_rows, summaries, meta):
    with open(os.path.join(outdir, "runs.csv"), "w", newline="") as f:
        wr = csv.writer(f)
        wr.writerow(RUN_FIELDS)
        for r in rows:
            wr.writerow([r["workload"], r["system"], r["workers"], r["run"], r["counted"], r["sizes"],
                         f"{r['wall_s']:.6f}", "" if r["work_s"] is None else f"{r['work_s']:.9f}",
                         r["work_iterations"], f"{r['user_s']:.3f}", f"{r['sys_s']:.3f}", r["maxrss_kb"], r["rc"],
                         ";".join(f"{k}={v}" for k, v in r["metrics"].items())])
    with open(os.path.join(outdir, "rss.csv"), "w", newline="") as f:
        wr = csv.writer(f)
        wr.writerow(["workload", "system", "workers", "t_s", "rss_kb"])
        wr.writerows(rss_rows)
    with open(os.path.join(outdir, "summary.csv"), "w", newline="") as f:
        wr = csv.DictWriter(f, fieldnames=SUMMARY_FIELDS)
        wr.writeheader()
        for s in summaries:
            wr.writerow({k: ("" if s.get(k) is None else s.get(k, "")) for k in SUMMARY_FIELDS})
    with open(os.path.join(outdir, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--quick", action="store_true", help="small sizes: the whole suite on 2 cores")
    mode.add_argument("--smoke", action="store_true", help="tiny sizes, --verify, one run each, no timing (CI)")
    mode.add_argument("--paper", action="store_true", help="the published CAF benchmark sizes")
    ap.add_argument("--workloads", nargs="+", default=list(WORKLOADS), choices=list(WORKLOADS),
                    help="(empty, the start-up of every system, always runs)")
    ap.add_argument("--systems", nargs="+", default=ALL_SYSTEMS, choices=ALL_SYSTEMS)
    ap.add_argument("--sizes", nargs="+", type=int, default=None, metavar="SIZE",
                    help="the sizes of the one chosen workload instead of its mode's (e.g. another N)")
    ap.add_argument("--runs", type=int, default=5, help="counted runs per system (after one warm-up)")
    ap.add_argument("--workers", type=int, default=os.cpu_count(), help="workers for every system (default: cores)")
    ap.add_argument("--sweep", action="store_true", help="also run with 1 .. workers-1 workers (runtime vs workers)")
    ap.add_argument("--akka-iterations", type=int, default=10,
                    help="akka_warm: runs of the workload in one JVM (the median of the last half counts)")
    ap.add_argument("--time-limit", type=float, default=None, help="seconds per run (default 120, smoke 60)")
    ap.add_argument("--jobs", type=int, default=2, help="build parallelism")
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--build-dir", default=None, metavar="DIR",
                    help="build in DIR; one configured before keeps its build type and options and "
                         "only gets the benchmarks added (CI's smoke run reuses the test build)")
    ap.add_argument("--omp-wait-policy", default="passive",
                    help="OMP_WAIT_POLICY for the OpenMP programs (passive: fair on a shared machine)")
    ap.add_argument("--write-docs", nargs="?", const="", default=None, metavar="RESULTS_DIR",
                    help="regenerate docs/performance.md's tables of this mode from this run, "
                         "or from RESULTS_DIR without running")
    ap.add_argument("--docs-block", default=None, metavar="NAME",
                    help="the block of docs/performance.md that --write-docs fills "
                         "(<!-- bench:begin NAME -->; default: the mode), for runs of a few workloads")
    ap.add_argument("--docs", default=os.path.join(ROOT, "docs", "performance.md"), help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.write_docs:
        import docs_tables
        docs_tables.write(a.write_docs, a.docs)
        return 0
    size_mode = "smoke" if a.smoke else "quick" if a.quick else "paper" if a.paper else "scaled"
    time_limit = a.time_limit or (60.0 if a.smoke else 120.0)
    workloads = ["empty"] + [w for w in a.workloads if w != "empty"]
    if a.sizes is not None and len(workloads) != 2:
        ap.error("--sizes needs exactly one workload besides empty")
    if a.build_dir is not None:
        set_build_dir(a.build_dir)
    if not a.no_build:
        build(a.jobs, workloads, a.systems, everything=a.smoke, reuse=a.build_dir is not None)
    env = dict(os.environ, OMP_WAIT_POLICY=a.omp_wait_policy)
    if os.geteuid() == 0:  # mpirun refuses root without both
        env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    # The figures are those of the code built now: an edit made while the run goes on does
    # not change them (and does not mark them "+changes").
    built_from = commit()
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S") + f"-{size_mode}"
    outdir = os.path.join(RESULTS, stamp)
    os.makedirs(outdir, exist_ok=True)
    workers_list = list(range(1, a.workers + 1)) if a.sweep else [a.workers]
    main_k = max(workers_list)
    rows, rss_rows, all_summaries, any_failure, short = [], [], [], False, []
    startup = {}  # (workers, system) -> median wall time of the empty program
    t_start = time.monotonic()
    log(f"== mode {size_mode}, workers {workers_list}, runs {1 if a.smoke else a.runs} (+1 warm-up), "
        f"limit {time_limit:.0f} s per run, results in {outdir}")
    for w in workloads:
        spec = WORKLOADS[w]
        sizes = a.sizes if a.sizes is not None and w != "empty" else spec["sizes"][size_mode]
        failures = []
        wrows = []
        # --sweep: a workload with worker counts of its own (worker processes) sweeps those
        wl = spec["sweep"] if a.sweep and "sweep" in spec else workers_list
        wenv, namespaces = env, None
        if spec.get("netns"):
            if not netns.available():
                log(f"  (no {w} rows: network namespaces need root and iproute2)")
                continue
            try:
                namespaces = netns.WorkerNamespaces(max(wl)).__enter__()
            except subprocess.CalledProcessError as e:
                log(f"  (no {w} rows: cannot make network namespaces here: {' '.join(e.cmd)} failed)")
                continue
            atexit.register(namespaces.__exit__, None, None, None)  # also when a run raises
            wenv = dict(env, BENCH_NETNS=namespaces.placement(), **namespaces.mpi_env())
        for k in wl:
            cmds = {}
            for s in systems_of(spec):
                # smoke: a variant runs the same program with other flags; its flags are
                # proven on the empty workload
                if s in a.systems and not (a.smoke and s in VARIANTS and w != "empty"):
                    c = command(s, w, sizes, k, a.smoke, size_mode, 2 if a.smoke else a.akka_iterations, namespaces)
                    if c:
                        cmds[s] = c
                    elif s in PROGRAMS and k == wl[0]:
                        log(f"  (no {s} row: {program_system(s)}_{program_of(w)} or mpirun missing; "
                            f"apt-get install openmpi-bin libopenmpi-dev)")
            if not cmds:
                continue
            rounds = 1 if a.smoke else a.runs + 1
            for rnd in range(rounds):
                for s, c in cmds.items():  # alternate systems run by run: A B C A B C ...
                    r = run_once(c, time_limit, wenv)
                    counted = a.smoke or rnd > 0
                    if r["rc"] == 0 and r["work_s"] is None:
                        r["rc"] = 3
                        r["output"] += "\nno bench-work-ns line: the program does not time its work"
                    if r["rc"] != 0:
                        msg = f"{s} {w} (run {rnd}, rc {r['rc']}{', timeout' if r['timed_out'] else ''}): {' '.join(c)}"
                        tail = r["output"].strip().splitlines()[-3:]
                        failures.append(msg + ("\n    " + "\n    ".join(tail) if tail else ""))
                        any_failure = True
                    row = {"workload": w, "system": s, "workers": k, "run": rnd, "counted": counted,
                           "sizes": " ".join(map(str, sizes)),
                           **{x: r[x] for x in ("wall_s", "work_s", "work_iterations", "user_s", "sys_s",
                                                "maxrss_kb", "rc")},
                           "metrics": r["metrics"]}
                    if a.smoke:
                        log(f"  {'ok ' if r['rc'] == 0 else 'BAD'} {s:11} {w:14} {r['wall_s']:.2f} s  {' '.join(c[1:])}")
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
        if namespaces:
            namespaces.__exit__(None, None, None)
        if a.smoke:
            for f in failures:
                log(f"  FAILED: {f}")
            continue
        for k in sorted(wl, reverse=True):
            st = {s: v for (kk, s), v in startup.items() if kk == k}
            summary = summarise(w, spec, [r for r in wrows if r["workers"] == k], k, st)
            all_summaries.extend(summary)
            if w == "empty":
                startup.update(((k, s["system"]), s["wall_median_s"]) for s in summary)
            print_table(w, spec, sizes, k, summary, failures if k == max(wl) else [])
            troupe_row = next((s for s in summary if s["system"] == "troupe"), None)
            if (k == max(wl) and w not in ("empty", "idle_memory") and troupe_row
                    and troupe_row["median_s"] < WORK_FLOOR_S):
                short.append(w)
                log(f"  SHORT: troupe works {fmt_time(troupe_row['median_s'])} (< {WORK_FLOOR_S * 1000:.0f} ms) "
                    f"at this size: too short to compare; raise the size")
    meta = {"mode": size_mode, "block": a.docs_block or size_mode, "workers": workers_list, "main_workers": main_k,
            "runs": 1 if a.smoke else a.runs, "akka_iterations": a.akka_iterations,
            "sizes": {w: a.sizes if a.sizes is not None and w != "empty" else WORKLOADS[w]["sizes"][size_mode]
                      for w in workloads},
            "what": {w: WORKLOADS[w]["what"] for w in workloads},
            "command": "bash scripts/bench.sh " + " ".join(sys.argv[1:]),
            "commit": built_from, "date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
            "machine": machine(), "short": short, "failed": any_failure}
    write_files(outdir, rows, rss_rows, all_summaries, meta)
    if all_summaries:
        plot(outdir, all_summaries, [r for r in rows if r["rc"] == 0], rss_rows, a.sweep)
    log(f"\n== done in {time.monotonic() - t_start:.0f} s; CSV in {outdir}")
    log("work = in-process time from system ready to result; ratio troupe/peer of work times: < 1 means troupe "
        "is faster (smaller); spread = troupe min/peer max .. troupe max/peer min")
    if short:
        log(f"SHORT (troupe work < {WORK_FLOOR_S * 1000:.0f} ms): {' '.join(short)}")
    if a.write_docs is not None and not a.smoke:
        if any_failure:
            log("not writing the docs: some runs failed")
            return 1
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import docs_tables
        docs_tables.write(outdir, a.docs)
    return 1 if any_failure else 0


if __name__ == "__main__":
    sys.exit(main())
