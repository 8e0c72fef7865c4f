// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "span_ring.hpp"

#include <bit>
#include <cstring>

namespace troupe::inspection {

span_ring::span_ring(std::size_t capacity)
  : slots_(std::make_unique_for_overwrite<slot[]>(std::bit_ceil(capacity < 2 ? std::size_t{2} : capacity))),
    mask_(std::bit_ceil(capacity < 2 ? std::size_t{2} : capacity) - 1) {}

bool span_ring::push(const span_record& r) noexcept {
  auto w = written_.load(std::memory_order_relaxed);
  if (w - read_seen_ > mask_) {
    // Looks full: look again at what the reader took, once per full ring.
    read_seen_ = read_.load(std::memory_order_acquire);
    if (w - read_seen_ > mask_)
      return false;
  }
  std::memcpy(slots_[w & mask_].bytes, &r, sizeof r);
  written_.store(w + 1, std::memory_order_release);
  return true;
}

std::size_t span_ring::drain(std::vector<span_record>& out) {
  auto r = read_.load(std::memory_order_relaxed);
  auto w = written_.load(std::memory_order_acquire);
  out.reserve(out.size() + static_cast<std::size_t>(w - r));
  for (auto i = r; i != w; ++i) {
    auto& x = out.emplace_back();
    std::memcpy(&x, slots_[i & mask_].bytes, sizeof x);
  }
  read_.store(w, std::memory_order_release);
  return static_cast<std::size_t>(w - r);
}

} // namespace troupe::inspection
