#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the troupe authors
# Installs the dependencies, builds troupe and runs every test with ctest.
#
#   bash scripts/test.sh                       RelWithDebInfo build in build/
#   bash scripts/test.sh --sanitize thread     ThreadSanitizer, Debug at -O1, in build-tsan/
#   bash scripts/test.sh --sanitize address    AddressSanitizer + UBSan + LSan, Debug at -O1,
#                                              in build-asan/
#   bash scripts/test.sh --compiler clang      clang++ (with libstdc++), RelWithDebInfo, in
#                                              build-clang/
# The benchmark programs are built and checked by `bash scripts/bench.sh --smoke`, not here.
# Options:
#   --compiler gcc|clang  configure with gcc/g++ or clang/clang++ (sets CC and CXX); without
#                      it, CMake picks the compiler (CC/CXX from the environment, else c++).
#                      Combines with --sanitize (build-clang-tsan/, build-clang-asan/). A
#                      build directory keeps the compiler it was configured with: asking for
#                      another one is an error (remove the directory or pick another).
#   --build-dir DIR    build in DIR instead (relative to the current directory)
#   --with-benchmarks  also build the benchmark programs (gcc, no sanitizer) in the same
#                      build directory
#   --no-compile-fail  leave out the compile-fail tests (typed.compile_fail.*, ...). They
#                      run the compiler with -fsyntax-only and without sanitizer flags, so
#                      a sanitizer build gives the same result as a plain build with the
#                      same compiler; CI runs them once per compiler.
#   -- ARGS...         pass ARGS on to ctest, e.g. `bash scripts/test.sh -- -R mailbox`
# Environment:
#   TROUPE_SKIP_DEPS=1         skip scripts/install-deps.sh (non-Debian hosts)
#   TROUPE_CTEST_JOBS=N        tests run in parallel (default 2)
#   TROUPE_TEST_TIMEOUT=SECS   ctest --timeout for tests that set no TIMEOUT themselves
#                              (default 120, 300 for sanitizer builds)
#   TROUPE_BUILD_JOBS=N        compile jobs (default: all cores)
#   TROUPE_NO_SYSTEM_CHANGES=1 never change a system setting: where a sanitizer build
#                              needs vm.mmap_rnd_bits lowered (see step 4), stop with an
#                              error instead
# Exits non-zero if dependencies, configuring, building or any test fails.
set -euo pipefail

usage() {
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}

die() {
  echo "test.sh: error: $*" >&2
  exit 1
}

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

sanitize=""
build_dir=""
compiler=""
ctest_extra=()
with_benchmarks=OFF
compile_fail=ON
while (($# > 0)); do
  case "$1" in
    --sanitize)
      (($# >= 2)) || die "--sanitize needs an argument: thread or address"
      sanitize="$2"; shift 2 ;;
    --sanitize=*) sanitize="${1#*=}"; shift ;;
    --build-dir)
      (($# >= 2)) || die "--build-dir needs an argument"
      build_dir="$2"; shift 2 ;;
    --build-dir=*) build_dir="${1#*=}"; shift ;;
    --compiler)
      (($# >= 2)) || die "--compiler needs an argument: gcc or clang"
      compiler="$2"; shift 2 ;;
    --compiler=*) compiler="${1#*=}"; shift ;;
    --with-benchmarks) with_benchmarks=ON; shift ;;
    --no-compile-fail) compile_fail=OFF; shift ;;
    -h|--help) usage; exit 0 ;;
    --) shift; ctest_extra=("$@"); break ;;
    *) usage >&2; die "unknown argument '$1'" ;;
  esac
done

case "$sanitize" in
  "")      default_dir=build;      default_timeout=120 ;;
  thread)  default_dir=build-tsan; default_timeout=300 ;;
  address) default_dir=build-asan; default_timeout=300 ;;
  *) die "--sanitize must be 'thread' or 'address', not '$sanitize'" ;;
esac
case "$compiler" in
  "") ;;
  gcc)   export CC=gcc CXX=g++ ;;
  clang) export CC=clang CXX=clang++
         default_dir="build-clang${default_dir#build}" ;;
  *) die "--compiler must be 'gcc' or 'clang', not '$compiler'" ;;
esac

if [[ -z $build_dir ]]; then
  build_dir="$ROOT/$default_dir"
elif [[ $build_dir != /* ]]; then
  build_dir="$PWD/$build_dir"
fi
ctest_jobs="${TROUPE_CTEST_JOBS:-2}"
test_timeout="${TROUPE_TEST_TIMEOUT:-$default_timeout}"
build_jobs="${TROUPE_BUILD_JOBS:-$(nproc)}"

echo "test.sh: sanitize=${sanitize:-none} compiler=${compiler:-default} build-dir=$build_dir"

# 1. Dependencies (silent and fast when everything is installed).
if [[ ${TROUPE_SKIP_DEPS:-0} != 1 ]]; then
  bash "$ROOT/scripts/install-deps.sh"
fi

# 2. Configure. Tests and examples are always on (examples are run as tests too).
#    Benchmarks are left to `bench.sh --smoke`, which builds every one of them (so they
#    cannot rot) and runs them at tiny sizes; --with-benchmarks builds them here too, in
#    a plain g++ build (their peers are built for g++).
cmake_args=(-S "$ROOT" -B "$build_dir" -DTROUPE_BUILD_TESTS=ON -DTROUPE_BUILD_EXAMPLES=ON
            "-DTROUPE_COMPILE_FAIL_TESTS=$compile_fail"
            # Every example includes <troupe/troupe.hpp> (or an umbrella that does) first
            # and defines no macro before it, so a precompiled one changes nothing but the
            # time: 2.0 s an example instead of 5.0 s.
            -DTROUPE_PRECOMPILED_EXAMPLES=ON
            # Each library in batches of sources: a clean build takes 40 % of the time
            # (the headers are parsed once a batch), a rebuild after one edit a little
            # more. A plain `cmake -B build` compiles each source on its own.
            -DTROUPE_UNITY_BUILD=ON)
# mold links a few hundred programs in a fraction of the default linker's time.
if command -v mold >/dev/null 2>&1; then
  cmake_args+=(-DTROUPE_LINKER=mold)
fi
if [[ ! -f $build_dir/CMakeCache.txt ]]; then
  cmake_args+=(-G Ninja)   # an existing build directory keeps its generator
elif [[ -n $compiler ]]; then
  # CMake reads CC/CXX only when it first configures a directory.
  cached_cxx="$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build_dir/CMakeCache.txt")"
  wanted_cxx="$(command -v "$CXX")" || die "no $CXX on PATH"
  [[ "$(readlink -f "$cached_cxx")" == "$(readlink -f "$wanted_cxx")" ]] ||
    die "$build_dir was configured with $cached_cxx, not $CXX: remove it or use --build-dir"
fi
if [[ -z $sanitize ]]; then
  bench=OFF
  [[ $with_benchmarks == ON && -f $ROOT/bench/micro/CMakeLists.txt && $compiler != clang ]] && bench=ON
  # -g1 (line tables): backtraces and sanitizer reports name functions, files and
  # lines as with -g, and the build takes about a quarter less time.
  # The libraries at -O2 (the install test, the package and the benchmarks use
  # them); the test programs at -O1, which compiles them about 30 % faster.
  cmake_args+=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG"
               -DTROUPE_TEST_OPTIMIZATION=-O1
               -DTROUPE_SANITIZE= "-DTROUPE_BUILD_BENCHMARKS=$bench")
else
  # Debug (asserts on). ThreadSanitizer at -O1: at -O0 the instrumented tests run too
  # slowly. AddressSanitizer and UBSan at -O0: clang compiles a test twice as fast
  # there (tests/core/failure_test.cpp: 28 s instead of 64 s), and the tests, which
  # run in a minute at -O1, lose far less than that.
  opt=-O1
  [[ $sanitize == address ]] && opt=-O0
  # The documentation's snippet programs (examples/docs) check what the docs
  # claim; the plain build runs them, and under a sanitizer they would repeat
  # paths the tests already cover there, at 27 more programs to compile.
  cmake_args+=(-DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=$opt -g1"
               -DTROUPE_SANITIZE="$sanitize" -DTROUPE_BUILD_BENCHMARKS=OFF -DTROUPE_BUILD_DOC_EXAMPLES=OFF
               -DTROUPE_TEST_OPTIMIZATION=)
fi
cmake "${cmake_args[@]}"

# 3. Sanitizer runtime options, exported before the build because gtest test discovery
#    runs the test binaries at build time. Options set by the caller come last and win.
run_prefix=()
case "$sanitize" in
  thread)
    export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1${TSAN_OPTIONS:+ $TSAN_OPTIONS}"
    san_flags=(-fsanitize=thread) ;;
  address)
    export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
    export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
    # Leaks inside third-party libraries (scripts/lsan.supp says which and why).
    export LSAN_OPTIONS="suppressions=$ROOT/scripts/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
    san_flags=('-fsanitize=address,undefined' -fno-sanitize-recover=undefined) ;;
esac

# 4. Sanitizer preflight: compile and run a tiny threaded program with the same compiler
#    and sanitizer. GCC 12's TSan (and ASan on some kernels) aborts at start-up with
#    "unexpected memory mapping" when the kernel's ASLR entropy (vm.mmap_rnd_bits) is
#    higher than its shadow-memory layout allows. If that happens, run every sanitized
#    binary (build-time test discovery and ctest) under `setarch -R` (no ASLR, inherited
#    by child processes); if setarch is not permitted (e.g. seccomp), lower
#    vm.mmap_rnd_bits to 28 when it is writable. That is a system-wide change which
#    lasts until reboot, so it is announced first, and TROUPE_NO_SYSTEM_CHANGES=1
#    forbids it.
sanitizer_preflight() {
  local dir="$build_dir/sanitizer-preflight" cxx out arch
  cxx="$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build_dir/CMakeCache.txt")"
  [[ -n $cxx ]] || cxx="${CXX:-c++}"
  mkdir -p "$dir"
  cat >"$dir/probe.cpp" <<'EOF'
#include <atomic>
#include <memory>
#include <thread>
int main() {
  std::atomic<int> n{0};
  std::thread t([&] { n.fetch_add(1); });
  n.fetch_add(1);
  t.join();
  auto p = std::make_unique<int>(n.load());
  return *p == 2 ? 0 : 1;
}
EOF
  "$cxx" -std=c++20 -O1 -g -fno-omit-frame-pointer "${san_flags[@]}" -pthread \
    "$dir/probe.cpp" -o "$dir/probe" || die "cannot compile a program with ${san_flags[*]} using $cxx"

  if out="$("$dir/probe" 2>&1)"; then
    return 0
  fi
  echo "test.sh: the $sanitize-sanitized probe fails when run directly:"
  head -n 5 <<<"$out" | sed 's/^/    /'

  arch="$(uname -m)"
  if command -v setarch >/dev/null 2>&1 && out="$(setarch "$arch" -R "$dir/probe" 2>&1)"; then
    echo "test.sh: it runs with ASLR disabled: running the build and ctest under 'setarch $arch -R'"
    run_prefix=(setarch "$arch" -R)
    return 0
  fi

  local bits_file=/proc/sys/vm/mmap_rnd_bits bits
  bits="$(cat "$bits_file" 2>/dev/null || echo 0)"
  if ((bits > 28)) && [[ -w $bits_file ]]; then
    if [[ ${TROUPE_NO_SYSTEM_CHANGES:-0} == 1 ]]; then
      head -n 20 <<<"$out" | sed 's/^/    /' >&2
      die "$sanitize-sanitized programs need vm.mmap_rnd_bits <= 28 on this machine (it is $bits)," \
          "and TROUPE_NO_SYSTEM_CHANGES=1 forbids changing it; run 'sysctl -w vm.mmap_rnd_bits=28'" \
          "yourself, or unset TROUPE_NO_SYSTEM_CHANGES to let this script do it"
    fi
    {
      echo "test.sh: ******************************************************************"
      echo "test.sh: CHANGING A SYSTEM SETTING: vm.mmap_rnd_bits $bits -> 28"
      echo "test.sh: (less address-space randomisation for every process on this machine,"
      echo "test.sh: until reboot or 'sysctl -w vm.mmap_rnd_bits=$bits'). setarch -R did not"
      echo "test.sh: help and $sanitize-sanitized programs cannot run otherwise."
      echo "test.sh: Set TROUPE_NO_SYSTEM_CHANGES=1 to forbid this."
      echo "test.sh: ******************************************************************"
    } >&2
    echo 28 >"$bits_file"
    if out="$("$dir/probe" 2>&1)"; then
      return 0
    fi
  fi
  head -n 20 <<<"$out" | sed 's/^/    /' >&2
  die "$sanitize-sanitized programs cannot run on this machine (see the output above)"
}

if [[ -n $sanitize ]]; then
  sanitizer_preflight
fi

# 5. Build everything with all cores.
"${run_prefix[@]}" cmake --build "$build_dir" --parallel "$build_jobs"

# 6. Run the tests. An empty suite is an error, not a pass.
"${run_prefix[@]}" ctest --test-dir "$build_dir" --output-on-failure --no-tests=error \
  -j "$ctest_jobs" --timeout "$test_timeout" "${ctest_extra[@]}"
echo "test.sh: all tests passed (sanitize=${sanitize:-none} compiler=${compiler:-default})"
