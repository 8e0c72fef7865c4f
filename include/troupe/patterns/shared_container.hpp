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

template <class Cnt>
struct shared_container {
  using value_type = typename Cnt::value_type;

  explicit shared_container(Cnt x) : data(std::move(x)) {}

  std::span<value_type> range(std::size_t begin, std::size_t size) noexcept { return {data.data() + begin, size}; }
  // Whether `r` lies inside data (an empty range lies anywhere).
  bool contains(std::span<value_type> r) const noexcept {
    if (r.empty())
      return true;
    std::less_equal<const value_type*> le;
    return le(data.data(), r.data()) && le(r.data() + r.size(), data.data() + data.size());
  }
  // Where `r` starts, as an index into data (precondition: contains(r)).
  std::size_t offset_of(std::span<value_type> r) const noexcept {
    return r.empty() ? 0 : static_cast<std::size_t>(r.data() - data.data());
  }

  Cnt data;
  // Dynamic partitioning: the next index nobody has taken yet.
  std::atomic<std::size_t> next{0};
  std::size_t chunk = 0;
};

} // namespace troupe::patterns
