// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/detail/striped_counter.hpp"

namespace troupe::detail {

namespace {

std::atomic<std::size_t> next_stripe{0};

// The calling thread's line: handed out round robin at a thread's first
// addition, the same for every striped_counter.
std::size_t my_stripe() noexcept {
  thread_local const std::size_t stripe =
    next_stripe.fetch_add(1, std::memory_order_relaxed) % striped_counter::num_stripes;
  return stripe;
}

} // namespace

void striped_counter::add(std::uint64_t n) noexcept {
  stripes_[my_stripe()].value.fetch_add(n, std::memory_order_relaxed);
}

std::uint64_t striped_counter::get() const noexcept {
  std::uint64_t sum = 0;
  for (auto& s : stripes_)
    sum += s.value.load(std::memory_order_relaxed);
  return sum;
}

} // namespace troupe::detail
