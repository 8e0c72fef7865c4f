// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The input of a data-parallel pattern while the pattern works on it. The
// pattern moves the user's container in, and its internal actors pass a
// shared_ptr to it in their messages: copying a message then copies the
// pointer, never the elements, and the actors write disjoint ranges of the
// same memory. When they are done the pattern moves the container out again.
#include <atomic>
#include <cstddef>
#include <functional>
#include <span>
#include <utility>

namespace troupe::patterns {

/// The input of a data-parallel pattern (Map, DivConq) while the pattern works on it: the pattern moves the container
/// in, and its internal actors pass a shared_ptr to it, writing disjoint ranges of the same memory. Internal to the
/// patterns.
template <class Cnt>
struct shared_container {
  /// The element type.
  using value_type = typename Cnt::value_type;

  /// Takes over `x`.
  explicit shared_container(Cnt x) : data(std::move(x)) {}

  /// The elements [begin, begin + size) of data. Precondition: they lie inside data.
  std::span<value_type> range(std::size_t begin, std::size_t size) noexcept { return {data.data() + begin, size}; }
  /// Whether `r` lies inside data (an empty range lies anywhere).
  bool contains(std::span<value_type> r) const noexcept {
    if (r.empty())
      return true;
    // r.data() + r.size() is not formed: for a range that does not fit, it could
    // point past any object, which is undefined even before it is compared.
    std::less_equal<const value_type*> le;
    const value_type* end = data.data() + data.size();
    if (!le(data.data(), r.data()) || !le(r.data(), end))
      return false;
    return r.size() <= static_cast<std::size_t>(end - r.data());
  }
  /// Where `r` starts, as an index into data (precondition: contains(r)). An empty
  /// range keeps its place when it has one inside data: a merge measures from the
  /// ends of its parts, and an empty part moved to index 0 would stretch the merged
  /// range over other parts' elements.
  std::size_t offset_of(std::span<value_type> r) const noexcept {
    std::less_equal<const value_type*> le;
    const value_type* end = data.data() + data.size();
    if (r.empty() && !(le(data.data(), r.data()) && le(r.data(), end)))
      return 0;
    return static_cast<std::size_t>(r.data() - data.data());
  }

  /// The container.
  Cnt data;
  /// Dynamic partitioning: the next index nobody has taken yet.
  std::atomic<std::size_t> next{0};
  /// Dynamic partitioning: the chunk size; 0: static partitioning.
  std::size_t chunk = 0;
};

} // namespace troupe::patterns
