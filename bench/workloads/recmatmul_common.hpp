// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Savina recursive matrix multiply, shared by every system (standard library
// only): C = A x B for N x N doubles, N = T * 2^k. C is stored in quadrant
// order: a block's storage is its four quadrants one after another (top left,
// top right, bottom left, bottom right), down to T x T leaf blocks stored row
// by row. So every quadrant of C, at every level, is one contiguous range, and
// a divide and conquer splits a range of C in four until one leaf is left,
// which it computes as A's block row times B's block column. A and B are
// ordinary row-major matrices that every task only reads. Before the work,
// each leaf's first entry holds the leaf's number, so a task needs nothing
// but its range of C to know which block it computes.
//
//   recmatmul [--workers=W] [N=1024] [T=64]
// Check: 4,096 entries of C (every one with --verify) against a naive dot
// product, and an FNV-1a checksum of C (the same on every system: the same
// leaf kernel adds in the same order).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "common.hpp"

namespace bench {

using rmm_matrix = std::vector<double>;

// The block row and column of C's leaf number `index` (in quadrant order):
// its base-4 digits, most significant first, are the quadrants from the top
// level down, so odd bits make the row and even bits the column.
inline void rmm_leaf_coords(std::size_t index, std::size_t& bi, std::size_t& bj) {
  bi = bj = 0;
  for (std::size_t bit = 0; index != 0; ++bit, index >>= 2) {
    bj |= (index & 1) << bit;
    bi |= ((index >> 1) & 1) << bit;
  }
}

// The inverse: the leaf number of block (bi, bj).
inline std::size_t rmm_leaf_index(std::size_t bi, std::size_t bj) {
  std::size_t index = 0;
  for (std::size_t bit = 0; (bi >> bit) != 0 || (bj >> bit) != 0; ++bit)
    index |= (((bj >> bit) & 1) << (2 * bit)) | (((bi >> bit) & 1) << (2 * bit + 1));
  return index;
}

// C's leaf (bi, bj), T x T entries at `c`: A's block row bi times B's block
// column bj, each entry a dot product over all of N, added in the order of k.
// Not inlined, so that every system runs the same machine code, whatever the
// code around the call.
[[gnu::noinline]] inline void rmm_leaf_kernel(const double* a, const double* b, double* __restrict c, std::size_t n,
                                              std::size_t t, std::size_t bi, std::size_t bj) {
  std::fill(c, c + t * t, 0.0);
  for (std::size_t i = 0; i < t; ++i) {
    const double* a_row = a + (bi * t + i) * n;
    double* __restrict c_row = c + i * t;
    for (std::size_t k = 0; k < n; ++k) {
      const double aik = a_row[k];
      const double* b_row = b + k * n + bj * t;
      for (std::size_t j = 0; j < t; ++j)
        c_row[j] += aik * b_row[j];
    }
  }
}

struct rmm_problem {
  args a;
  std::size_t n;
  std::size_t t;
  rmm_matrix lhs; // A, row-major
  rmm_matrix rhs; // B, row-major
  rmm_matrix out; // C, quadrant order: each leaf's number, then zeros, until computed

  rmm_problem(int argc, char** argv) : a{argc, argv, {1024, 64}, "[N] [T]"} {
    const long long n_arg = a[0], t_arg = a[1];
    if (t_arg < 1 || n_arg < t_arg || n_arg % t_arg != 0 || !power_of_two(static_cast<std::size_t>(n_arg / t_arg))) {
      std::fprintf(stderr, "recmatmul: N = T * 2^k, T >= 1\n");
      std::exit(2);
    }
    n = static_cast<std::size_t>(n_arg);
    t = static_cast<std::size_t>(t_arg);
    std::mt19937_64 gen{4096};
    std::uniform_real_distribution<double> value{-1.0, 1.0};
    lhs.resize(n * n);
    rhs.resize(n * n);
    for (auto& x : lhs)
      x = value(gen);
    for (auto& x : rhs)
      x = value(gen);
    out.assign(n * n, 0.0);
    for (std::size_t leaf = 0; leaf < leaves(); ++leaf)
      out[leaf * leaf_size()] = static_cast<double>(leaf);
  }

  std::size_t leaf_size() const { return t * t; }
  std::size_t leaves() const { return (n / t) * (n / t); }

  // Computes the leaf of C that starts at `c`, whose first entry holds its
  // number: T x T entries, each a dot product over all of N.
  void leaf(double* c) const {
    std::size_t bi = 0, bj = 0;
    rmm_leaf_coords(static_cast<std::size_t>(c[0]), bi, bj);
    rmm_leaf_kernel(lhs.data(), rhs.data(), c, n, t, bi, bj);
  }

  // Every leaf in [c, c + size) (whole leaves).
  void leaves_in(double* c, std::size_t size) const {
    for (std::size_t off = 0; off < size; off += leaf_size())
      leaf(c + off);
  }

  // Entry (i, j) of C in quadrant order.
  double entry(const rmm_matrix& c, std::size_t i, std::size_t j) const {
    return c[rmm_leaf_index(i / t, j / t) * leaf_size() + (i % t) * t + (j % t)];
  }

  int finish(const rmm_matrix& c) const {
    metric("flops", 2.0 * static_cast<double>(n) * static_cast<double>(n) * static_cast<double>(n));
    if (c.size() != n * n)
      return check(false, "C has N x N entries");
    metric_hex("checksum", fnv1a(c.data(), c.size() * sizeof(double)));
    const std::size_t samples = a.verify ? n * n : std::min<std::size_t>(n * n, 4096);
    std::mt19937_64 pick{17};
    bool ok = true;
    for (std::size_t s = 0; s < samples && ok; ++s) {
      const std::size_t i = a.verify ? s / n : pick() % n;
      const std::size_t j = a.verify ? s % n : pick() % n;
      double expected = 0;
      for (std::size_t k = 0; k < n; ++k)
        expected += lhs[i * n + k] * rhs[k * n + j];
      ok = std::fabs(entry(c, i, j) - expected) <= 1e-9 * std::max(1.0, std::fabs(expected));
    }
    return check(ok, "C = A x B (sampled entries against a naive dot product)");
  }

private:
  static bool power_of_two(std::size_t x) { return x != 0 && (x & (x - 1)) == 0; }
};

} // namespace bench
