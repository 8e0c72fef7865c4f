// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Shared helpers of the benchmark workloads (troupe and the C++ peers):
// command-line parsing, the numeric kernels (factorisation, Mandelbrot, heat
// equation) and the reporting protocol the runner (bench/runner/run.py) reads.
//
// Every workload program is called as
//     prog [--workers=W] [--verify] [--caf-policy=sharing] SIZE...
// prints "bench-work-ns: <n>" (its work time, see work_timer) and "METRIC <name>
// <value>" lines (machine-readable) and exits with
//   0  the result was verified,   1  the result is wrong,   2  bad usage.
// It uses only the C++ standard library, so CAF, OpenMP and troupe builds share it.
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace bench {

struct args {
  std::size_t workers = 0; // 0: the system's default (troupe: hardware concurrency)
  bool verify = false;     // extra (expensive) verification against a sequential run
  std::string caf_policy;  // CAF's scheduler.policy (empty: CAF's default, stealing); others ignore it
  std::vector<long long> sizes;

  // Parses argv; `defaults` gives the sizes used when fewer are passed.
  args(int argc, char** argv, std::vector<long long> defaults, const char* usage) : sizes(std::move(defaults)) {
    std::size_t pos = 0;
    for (int i = 1; i < argc; ++i) {
      const char* a = argv[i];
      if (std::strncmp(a, "--workers=", 10) == 0) {
        workers = std::strtoull(a + 10, nullptr, 10);
      } else if (std::strcmp(a, "--verify") == 0) {
        verify = true;
      } else if (std::strncmp(a, "--caf-policy=", 13) == 0) {
        caf_policy = a + 13;
      } else if (std::strcmp(a, "-h") == 0 || std::strcmp(a, "--help") == 0) {
        std::printf("usage: %s [--workers=W] [--verify] [--caf-policy=P] %s\n", argv[0], usage);
        std::exit(0);
      } else {
        char* end = nullptr;
        long long v = std::strtoll(a, &end, 10);
        if (end == a || *end != '\0' || pos >= sizes.size()) {
          std::fprintf(stderr, "usage: %s [--workers=W] [--verify] [--caf-policy=P] %s\n", argv[0], usage);
          std::exit(2);
        }
        sizes[pos++] = v;
      }
    }
  }
  long long operator[](std::size_t i) const { return sizes[i]; }
};

inline void metric(const char* name, double value) {
  std::printf("METRIC %s %.6g\n", name, value);
}
inline void metric_hex(const char* name, std::uint64_t value) {
  std::printf("METRIC %s %016llx\n", name, static_cast<unsigned long long>(value));
}

// Exits 1 with a message when `ok` is false.
inline int check(bool ok, const char* what) {
  if (!ok) {
    std::printf("CHECK FAILED: %s\n", what);
    std::fflush(stdout);
    return 1;
  }
  std::printf("CHECK ok: %s\n", what);
  return 0;
}

inline std::size_t rss_bytes() {
  std::ifstream in{"/proc/self/statm"};
  std::size_t size = 0, resident = 0;
  in >> size >> resident;
  return resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
}

// The work time every program reports, the same way in every system: started once
// the system is ready (created, its workers running), stopped once the result is in
// the main thread's hands, before the system shuts down.
class work_timer {
public:
  void done() const {
    const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start_);
    std::printf("bench-work-ns: %lld\n", static_cast<long long>(ns.count()));
  }

private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

struct stopwatch {
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); }
};

// ---- mixed case: the published trial division --------------------------------------
inline constexpr std::uint64_t mixed_number = 28350160440309881ULL;
inline constexpr std::uint64_t mixed_factor1 = 86028157ULL;
inline constexpr std::uint64_t mixed_factor2 = 329545133ULL;

inline std::vector<std::uint64_t> factorize(std::uint64_t n) {
  std::vector<std::uint64_t> result;
  if (n <= 3) {
    result.push_back(n);
    return result;
  }
  std::uint64_t d = 2;
  while (d < n) {
    if ((n % d) == 0) {
      result.push_back(d);
      n /= d;
    } else {
      d = (d == 2) ? 3 : (d + 2);
    }
  }
  result.push_back(d);
  return result;
}

inline bool factors_ok(std::uint64_t a, std::uint64_t b) {
  return a == mixed_factor1 && b == mixed_factor2;
}

// ---- Mandelbrot (benchmarks game: [-1.5-i, 0.5+i], 8 pixels per byte) --------------
inline std::size_t mandel_row_bytes(int n) {
  return static_cast<std::size_t>((n + 7) / 8);
}

// Computes row y of an n x n image into out[0 .. mandel_row_bytes(n)).
// Compiled once (mandel_kernel.cpp) for the programs of every system: inlined,
// its loop came out differently in each program and cost 1-2 % more or less
// CPU time, more than the runtimes' differences that the programs measure.
void mandel_row(int n, int max_iter, int y, unsigned char* out);

inline std::uint64_t fnv1a(const void* data, std::size_t len, std::uint64_t h = 14695981039346656037ULL) {
  auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < len; ++i) {
    h ^= p[i];
    h *= 1099511628211ULL;
  }
  return h;
}

// Recomputes every `stride`-th row sequentially and compares (cheap self-check).
inline bool mandel_spot_check(int n, int max_iter, const std::vector<unsigned char>& img, int stride) {
  const std::size_t nb = mandel_row_bytes(n);
  std::vector<unsigned char> row(nb);
  for (int y = 0; y < n; y += stride) {
    mandel_row(n, max_iter, y, row.data());
    if (std::memcmp(row.data(), img.data() + static_cast<std::size_t>(y) * nb, nb) != 0)
      return false;
  }
  return true;
}

// Reports the checksum and spot-checks; returns the exit status.
inline int mandel_finish(int n, int max_iter, const std::vector<unsigned char>& img, bool full) {
  std::uint64_t sum = fnv1a(img.data(), img.size());
  std::size_t set_bits = 0;
  for (unsigned char c : img)
    set_bits += static_cast<std::size_t>(__builtin_popcount(c));
  metric_hex("checksum", sum);
  metric("pixels_in_set", static_cast<double>(set_bits));
  return check(mandel_spot_check(n, max_iter, img, full ? 1 : 61), "rows equal the sequential kernel");
}

// ---- heat equation (Vostokin & Skoryupina): in-place, row-wise sweep ------------------
struct heat_field {
  int h, w;
  std::vector<double> v;
  heat_field(int h_, int w_) : h(h_), w(w_), v(static_cast<std::size_t>(h_) * w_, 0.0) {
    for (int j = 0; j < w; ++j)
      at(0, j) = 1.0; // hot top edge
    for (int i = 0; i < h; ++i)
      at(i, 0) = 0.5; // warm left edge
  }
  double& at(int i, int j) { return v[static_cast<std::size_t>(i) * w + j]; }
  double* row(int i) { return v.data() + static_cast<std::size_t>(i) * w; }
  // The elementary operation op(i): row i becomes the mean of its four neighbours.
  void op(int i) {
    double* up = row(i - 1);
    double* me = row(i);
    double* down = row(i + 1);
    for (int j = 1; j < w - 1; ++j)
      me[j] = (me[j - 1] + me[j + 1] + up[j] + down[j]) * 0.25;
  }
  void sequential(int t_steps) {
    for (int t = 1; t <= t_steps; ++t)
      for (int i = 1; i < h - 1; ++i)
        op(i);
  }
  std::uint64_t checksum() const { return fnv1a(v.data(), v.size() * sizeof(double)); }
};

// Reports the field's checksum; with `verify`, recomputes sequentially and compares bitwise.
inline int heat_finish(heat_field& f, int t_steps, bool verify) {
  metric_hex("checksum", f.checksum());
  metric("center", f.at(f.h / 2, f.w / 2));
  if (!verify) {
    // Cheap plausibility check: values stay within the boundary range.
    bool ok = true;
    for (double x : f.v)
      ok = ok && x >= 0.0 && x <= 1.0;
    return check(ok, "field within [0, 1] (use --verify for the bitwise comparison)");
  }
  heat_field ref{f.h, f.w};
  ref.sequential(t_steps);
  return check(ref.v == f.v, "field equals the sequential field bitwise");
}

// ---- Savina workloads: the kernels every system computes the same way ----------------
// (bench/README.md, "Savina workloads", specifies the protocols; Erlang and Akka
// reimplement these three functions bit for bit.)

// Fork-join work per message i: Savina's performComputation(37.2), varied by i so
// that no compiler can fold it away.
inline double fj_compute(long long i) {
  const double s = std::sin(37.2 + static_cast<double>(i & 7));
  return s * s;
}

// Sum of fj_compute(0 .. n-1), the expected result per fork-join actor.
inline double fj_expected(long long n) {
  double sum = 0;
  for (long long i = 0; i < n; ++i)
    sum += fj_compute(i);
  return sum;
}

// |a - b| within 1e-9 relative (sums added in arrival order differ in the last bits).
inline bool nearly_equal(double a, double b) {
  return std::fabs(a - b) <= 1e-9 * std::fmax(1.0, std::fmax(std::fabs(a), std::fabs(b)));
}

// Big: each actor's neighbour choice, a 64-bit LCG (Knuth's MMIX constants) seeded
// with the actor's index; returns the next state, the neighbour is (state >> 33) % W.
inline std::uint64_t big_next(std::uint64_t x) {
  return x * 6364136223846793005ULL + 1442695040888963407ULL;
}

// Chameneos: 0 blue, 1 red, 2 yellow; the colour both take after a meeting.
inline int chameneos_complement(int a, int b) {
  return a == b ? a : 3 - a - b;
}

} // namespace bench
