// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// One thread's ring of flight-recorder entries. Only its thread writes, with
// plain relaxed stores and no lock; a dump reads it from any thread, even from
// a signal handler, and skips an entry it catches half-written (each entry has
// a sequence number that is odd while it is being written).
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace troupe::inspection {

/// What a flight-recorder entry records.
enum class flight_kind : std::uint8_t {
  spawn,           ///< an actor was spawned (text: its name)
  exit,            ///< an actor ended (text: its name and exit reason)
  failure,         ///< an actor ended with an error
  dead_letter,     ///< a message reached a terminated actor
  connection_up,   ///< a connection to another node came up
  connection_down, ///< it went down
  delivery_failed, ///< a message to another node could not be delivered
  message,         ///< a mirrored message header
  other,
};

/// The name a dump prints for `k` (a string literal: safe in a signal handler).
const char* flight_kind_name(flight_kind k) noexcept;

/// Text kept per entry; longer texts are cut.
inline constexpr std::size_t flight_text_capacity = 104;

/// One entry, copied out of a ring.
struct flight_entry {
  std::uint64_t cycles = 0; ///< cycle_count() when it was recorded
  std::uint64_t actor = 0;  ///< the actor's id, or 0
  flight_kind kind = flight_kind::other;
  std::size_t length = 0; ///< bytes of text used
  char text[flight_text_capacity]{};
};

class flight_ring {
public:
  /// Entries per ring: 2,048 of 136 bytes, 272 KiB per recording thread.
  static constexpr std::size_t capacity = 2048;

  /// Adds an entry (the owning thread only).
  void add(flight_kind kind, std::uint64_t actor, std::string_view text, std::uint64_t cycles) noexcept;

  /// Copies entry `i` (counting from the oldest kept) into `out`; false if it
  /// is being written or not there. Any thread; async-signal-safe.
  bool read(std::size_t i, flight_entry& out) const noexcept;

  /// How many entries were ever added (the newest is number added() - 1).
  std::uint64_t added() const noexcept { return next_.load(std::memory_order_acquire); }

private:
  static constexpr std::size_t words = flight_text_capacity / 8;
  struct slot {
    std::atomic<std::uint64_t> seq{0}; // 2 * (entry number + 1) when complete; odd while written
    std::atomic<std::uint64_t> cycles{0};
    std::atomic<std::uint64_t> actor{0};
    std::atomic<std::uint64_t> kind_and_length{0};
    std::array<std::atomic<std::uint64_t>, words> text{};
  };
  static_assert(sizeof(slot) == 136);

  std::array<slot, capacity> slots_;
  std::atomic<std::uint64_t> next_{0};
};

} // namespace troupe::inspection
