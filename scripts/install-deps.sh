#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Installs the Debian 12 packages troupe needs to build, test and benchmark.
#
#   bash scripts/install-deps.sh           install whatever is missing (silent if nothing is)
#   bash scripts/install-deps.sh --check   exit 1 and list what is missing, install nothing
#   bash scripts/install-deps.sh --list    print the package list, one per line
#
# Idempotent: the check is one dpkg-query call, and `apt-get update` only runs when
# something has to be installed. Runs as root; otherwise uses sudo when available.
set -euo pipefail

# ---------------------------------------------------------------------------------------
# The package list. Keep it here, one group per block with a comment; later parts of
# troupe (Asio, fmt, OpenCL/PoCL, CAF peers, ...) append their own groups below.
# ---------------------------------------------------------------------------------------
PACKAGES=(
  # Toolchain and build system: C++20 compiler, CMake >= 3.25, Ninja, pkg-config, and
  # mold, the linker CI's throwaway builds use (TROUPE_LINKER=mold).
  g++ cmake ninja-build pkg-config mold

  # Unit tests (tests/): GoogleTest, found by find_package(GTest). GMock ships from the
  # same source package and is tiny; tests may use its matchers (GTest::gmock).
  libgtest-dev libgmock-dev

  # Micro-benchmarks (bench/micro, TROUPE_BUILD_BENCHMARKS=ON): Google Benchmark.
  libbenchmark-dev

  # Sanitizer builds (scripts/test.sh --sanitize thread|address): the GCC 12 runtimes
  # (normally pulled in by g++ already) and setarch from util-linux, used to run TSan
  # without ASLR on kernels whose mmap randomisation TSan cannot cope with.
  libtsan2 libasan8 liblsan0 libubsan1 util-linux

  # Benchmark suite against the peers (scripts/bench.sh, bench/peers/): the C++ Actor
  # Framework 0.17.6 (libcaf-dev), Erlang/OTP (erlang-nox), GNU time, and matplotlib
  # for the runner's plots, OpenMPI (openmpi-bin, libopenmpi-dev) for the distributed
  # Mandelbrot, oneTBB (libtbb-dev) for the parallel-pattern workloads. OpenMP comes with
  # g++ (libgomp).
  libcaf-dev erlang-nox time python3-matplotlib openmpi-bin libopenmpi-dev libtbb-dev

  # clang 14: the clang CI stage (scripts/test.sh --compiler clang; clang-14 brings
  # libstdc++-12-dev, the standard library it builds against) and fuzzing the message
  # decoder (scripts/fuzz.sh, libFuzzer from libclang-rt-14-dev).
  clang libclang-rt-14-dev

  # The network layer (troupe::net): standalone Asio (header-only) for sockets and
  # timers, OpenSSL 3 for TLS and the handshake's HMAC (its command line makes the TLS
  # tests' certificates); iproute2 and nftables for the
  # fault tests that run nodes in network namespaces (partitions, packet loss).
  libasio-dev libssl-dev openssl iproute2 nftables

  # Clusters (troupe::cluster): PMIx, through which a process under mpirun or srun finds
  # its rank and the other ranks' endpoints; Open MPI's mpirun (openmpi-bin, above) runs
  # the tests' and examples' jobs; etcd, which the etcd provider's tests and example start
  # on loopback (its JSON is read with nlohmann-json3-dev, below); dnsmasq, the DNS server
  # the dns provider's tests start in a network namespace; Slurm (its controller, node
  # daemon, srun and munge, with the pmix and pmi2 plugins), which the tests start on
  # loopback to run jobs under srun (tests/cluster/slurm/start-slurm.sh).
  libpmix-dev etcd-server dnsmasq-base slurmctld slurmd slurm-client munge slurm-wlm-basic-plugins

  # Real clients for the broker examples (examples/net/http_broker.cpp asks curl,
  # examples/net/chat_broker.cpp drives nc).
  curl netcat-openbsd

  # OpenCL actors (troupe::opencl): the OpenCL headers and the ICD loader that finds
  # platforms at run time; PoCL, an OpenCL 3.0 platform on the CPU, for the tests and
  # examples; clinfo to see what the loader finds.
  opencl-headers ocl-icd-opencl-dev pocl-opencl-icd clinfo

  # Formatting and static analysis (scripts/format.sh, .clang-tidy): pinned to 14, the
  # version .clang-format is tuned for.
  clang-format-14 clang-tidy-14

  # The API reference (scripts/api-reference.sh, docs/Doxyfile), which the structure
  # stage also uses to find undocumented public names.
  doxygen

  # Runtime inspection (troupe::inspection): libedit for troupe-shell's line editing,
  # history and completion (BSD licensed), tmux to drive the shell's terminal mode in
  # its test; Prometheus and its promtool to lint and scrape the metrics a node and the
  # nexus serve (inspect.http) in tests/inspection/prometheus_test.sh.
  libedit-dev tmux prometheus
  # The dashboard's JSON (nlohmann/json, header-only, built in), and the browser
  # that tests the dashboard headless, driven through chromedriver
  # (tests/inspection/dashboard_test.sh).
  nlohmann-json3-dev chromium chromium-driver
  # pip, which installs the Python packages below (PYTHON_PACKAGES).
  python3-pip
)

usage() {
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}

mode=install
case "${1:-}" in
  "") ;;
  --check) mode=check ;;
  --list) printf '%s\n' "${PACKAGES[@]}"; exit 0 ;;
  -h|--help) usage; exit 0 ;;
  *) echo "install-deps: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
esac

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "install-deps: no dpkg-query: this script supports Debian 12 (apt) only." >&2
  echo "install-deps: install by hand: ${PACKAGES[*]}" >&2
  echo "install-deps: then set TROUPE_SKIP_DEPS=1 to let scripts/test.sh skip this step." >&2
  exit 2
fi

# One dpkg-query call for the whole list; packages dpkg has never heard of are reported
# on stderr and simply do not appear as installed.
installed="$(dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' "${PACKAGES[@]}" 2>/dev/null || true)"
missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! grep -q "^ii  *${pkg}\$" <<<"$installed"; then
    missing+=("$pkg")
  fi
done

# Python packages from PyPI that Debian does not have, kept out of the system's
# Python in a directory of their own (tests/inspection/CMakeLists.txt reads it
# as TROUPE_PYTHON_DEPS): opentelemetry-proto, whose parser checks the OTLP
# output of the message traces (tests/inspection/trace_export_test.sh).
PYTHON_PACKAGES=(opentelemetry-proto)
PYTHON_DEPS="${TROUPE_PYTHON_DEPS:-$HOME/.cache/troupe/python}"
python_deps() {
  PYTHONPATH="$PYTHON_DEPS" python3 -c 'import opentelemetry.proto.collector.trace.v1.trace_service_pb2' \
    2>/dev/null && return 0
  if [[ $mode == check ]]; then
    echo "install-deps: missing Python packages in $PYTHON_DEPS: ${PYTHON_PACKAGES[*]}" >&2
    return 1
  fi
  echo "install-deps: installing into $PYTHON_DEPS: ${PYTHON_PACKAGES[*]}"
  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --target "$PYTHON_DEPS" "${PYTHON_PACKAGES[@]}"
}

if ((${#missing[@]} == 0)); then
  python_deps
  exit
fi

if [[ $mode == check ]]; then
  echo "install-deps: missing: ${missing[*]}" >&2
  python_deps || true
  exit 1
fi

SUDO=()
if ((EUID != 0)); then
  if command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
  else
    echo "install-deps: missing packages (${missing[*]}) and not root, and sudo is not available." >&2
    exit 1
  fi
fi

echo "install-deps: installing: ${missing[*]}"
# Wait for a concurrent apt/dpkg (unattended-upgrades, another build) instead of failing.
APT_OPTS=(-o DPkg::Lock::Timeout=600 -o Dpkg::Use-Pty=0)
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "${APT_OPTS[@]}" update -qq
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get "${APT_OPTS[@]}" install -y -q --no-install-recommends "${missing[@]}"
python_deps
echo "install-deps: done"
