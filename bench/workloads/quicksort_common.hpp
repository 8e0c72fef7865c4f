// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Savina quicksort, shared by every system (standard library only): the seeded
// input, the split around a pivot, and the check of the result.
//
//   quicksort [--workers=W] [N=1000000] [T=2048]
// N numbers below 2^60 from a seeded generator; ranges of at most T numbers are
// sorted sequentially (std::sort), larger ones split around the middle element's
// value into smaller, equal and larger numbers, and both sides sorted in parallel.
// Check: the output is sorted and holds the same numbers as the input (a
// fingerprint taken before the timed work).
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "common.hpp"

namespace bench {

using qs_value = std::int64_t;
using qs_vector = std::vector<qs_value>;

inline qs_vector quicksort_input(std::size_t n) {
  std::mt19937_64 gen{1024};
  qs_vector xs(n);
  for (auto& x : xs)
    x = static_cast<qs_value>(gen() >> 4);
  return xs;
}

// In place: [first, lower_end) < pivot, [lower_end, upper_begin) == pivot,
// [upper_begin, first + n) > pivot. Neither side is the whole range.
struct qs_split {
  std::size_t lower_end;
  std::size_t upper_begin;
};

inline qs_split quicksort_split(qs_value* first, std::size_t n) {
  const qs_value pivot = first[n / 2];
  auto* last = first + n;
  auto* lower_end = std::partition(first, last, [=](qs_value x) { return x < pivot; });
  auto* upper_begin = std::partition(lower_end, last, [=](qs_value x) { return x == pivot; });
  return {static_cast<std::size_t>(lower_end - first), static_cast<std::size_t>(upper_begin - first)};
}

// The copying split of the pure-actor versions: three new vectors.
struct qs_parts {
  qs_vector lower, equal, upper;
};

inline qs_parts quicksort_copy_split(const qs_vector& xs) {
  const qs_value pivot = xs[xs.size() / 2];
  qs_parts p;
  for (auto x : xs)
    (x < pivot ? p.lower : x == pivot ? p.equal : p.upper).push_back(x);
  return p;
}

inline qs_vector quicksort_concat(qs_parts& p) {
  qs_vector out = std::move(p.lower);
  out.insert(out.end(), p.equal.begin(), p.equal.end());
  out.insert(out.end(), p.upper.begin(), p.upper.end());
  return out;
}

// Order-independent: the sum of the numbers and the sum of a mix of each.
struct qs_fingerprint {
  std::uint64_t sum = 0;
  std::uint64_t mixed = 0;
  bool operator==(const qs_fingerprint&) const = default;
};

inline qs_fingerprint quicksort_fingerprint(const qs_vector& xs) {
  qs_fingerprint f;
  for (auto x : xs) {
    auto z = static_cast<std::uint64_t>(x) + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    f.sum += static_cast<std::uint64_t>(x);
    f.mixed += z ^ (z >> 31);
  }
  return f;
}

// What every quicksort program starts from: its sizes, the seeded input and the
// input's fingerprint, all ready before the timed work.
struct qs_problem {
  args a;
  std::size_t n;
  std::size_t threshold;
  qs_vector input;
  qs_fingerprint before;

  qs_problem(int argc, char** argv)
    : a{argc, argv, {1000000, 2048}, "[N] [T]"}, n{size(a[0], 0)}, threshold{size(a[1], 1)}, input{quicksort_input(n)},
      before{quicksort_fingerprint(input)} {}

  int finish(const qs_vector& out) const {
    metric("elements", static_cast<double>(n));
    return check(out.size() == n && std::is_sorted(out.begin(), out.end()) && quicksort_fingerprint(out) == before,
                 "sorted, same numbers");
  }

private:
  static std::size_t size(long long v, long long least) {
    if (v < least) {
      std::fprintf(stderr, "quicksort: N >= 0 and T >= 1\n");
      std::exit(2);
    }
    return static_cast<std::size_t>(v);
  }
};

} // namespace bench
