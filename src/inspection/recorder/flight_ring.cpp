// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "flight_ring.hpp"

#include <algorithm>
#include <cstring>

namespace troupe::inspection {

const char* flight_kind_name(flight_kind k) noexcept {
  switch (k) {
    case flight_kind::spawn:
      return "spawn";
    case flight_kind::exit:
      return "exit";
    case flight_kind::failure:
      return "failure";
    case flight_kind::dead_letter:
      return "dead-letter";
    case flight_kind::connection_up:
      return "connection-up";
    case flight_kind::connection_down:
      return "connection-down";
    case flight_kind::delivery_failed:
      return "delivery-failed";
    case flight_kind::message:
      return "message";
    default:
      return "other";
  }
}

void flight_ring::add(flight_kind kind, std::uint64_t actor, std::string_view text, std::uint64_t cycles) noexcept {
  auto n = next_.load(std::memory_order_relaxed);
  auto& s = slots_[n % capacity];
  // Odd while written: a reader that sees it (or sees it change) skips the entry.
  s.seq.store(2 * n + 1, std::memory_order_relaxed);
  std::atomic_thread_fence(std::memory_order_release);
  auto length = std::min(text.size(), flight_text_capacity);
  s.cycles.store(cycles, std::memory_order_relaxed);
  s.actor.store(actor, std::memory_order_relaxed);
  s.kind_and_length.store(static_cast<std::uint64_t>(kind) << 32 | length, std::memory_order_relaxed);
  for (std::size_t w = 0; w < words; ++w) {
    std::uint64_t word = 0;
    auto from = w * 8;
    if (from < length)
      std::memcpy(&word, text.data() + from, std::min<std::size_t>(8, length - from));
    s.text[w].store(word, std::memory_order_relaxed);
  }
  s.seq.store(2 * n + 2, std::memory_order_release);
  next_.store(n + 1, std::memory_order_release);
}

bool flight_ring::read(std::size_t i, flight_entry& out) const noexcept {
  auto end = next_.load(std::memory_order_acquire);
  auto begin = end > capacity ? end - capacity : 0;
  auto n = begin + i;
  if (n >= end)
    return false;
  auto& s = slots_[n % capacity];
  auto before = s.seq.load(std::memory_order_acquire);
  if (before != 2 * n + 2)
    return false; // being written, or already overwritten by a newer entry
  out.cycles = s.cycles.load(std::memory_order_relaxed);
  out.actor = s.actor.load(std::memory_order_relaxed);
  auto kl = s.kind_and_length.load(std::memory_order_relaxed);
  out.kind = static_cast<flight_kind>(kl >> 32);
  out.length = std::min<std::size_t>(kl & 0xffffffffu, flight_text_capacity);
  for (std::size_t w = 0; w < words; ++w) {
    auto word = s.text[w].load(std::memory_order_relaxed);
    std::memcpy(out.text + w * 8, &word, 8);
  }
  std::atomic_thread_fence(std::memory_order_acquire);
  return s.seq.load(std::memory_order_relaxed) == before;
}

} // namespace troupe::inspection
