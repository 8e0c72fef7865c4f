// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// How a broker wants the bytes of one connection cut into new_data_msg
// chunks (broker::configure_read):
//
//   receive_policy::exactly(n)    chunks of exactly n bytes
//   receive_policy::at_most(n)    whatever has arrived, at most n bytes
//   receive_policy::at_least(n)   everything that has arrived, once there are n
//
// n == 0 pauses the connection: nothing is read or delivered until the next
// configure_read.
#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace troupe::net {

/// How a broker wants the bytes of one connection cut into new_data_msg chunks; give it to broker::configure_read.
/// A size of 0 pauses the connection.
class receive_policy {
public:
  /// How chunks are cut: exactly size() bytes, at most size() bytes of what arrived, or everything that arrived once
  /// there are at least size() bytes.
  enum class kind : std::uint8_t { exactly, at_most, at_least };

  /// Chunks of exactly n bytes.
  static constexpr receive_policy exactly(std::size_t n) noexcept { return {kind::exactly, n}; }
  /// Whatever has arrived, at most n bytes per chunk.
  static constexpr receive_policy at_most(std::size_t n) noexcept { return {kind::at_most, n}; }
  /// Everything that has arrived, once there are at least n bytes.
  static constexpr receive_policy at_least(std::size_t n) noexcept { return {kind::at_least, n}; }

  /// The way chunks are cut.
  constexpr kind mode() const noexcept { return mode_; }
  /// The n given to exactly, at_most or at_least.
  constexpr std::size_t size() const noexcept { return size_; }
  /// Whether the policy pauses the connection (size 0): nothing is read or delivered.
  constexpr bool paused() const noexcept { return size_ == 0; }

  /// The size of the next chunk when `available` bytes have arrived; 0: not
  /// enough yet (or paused).
  constexpr std::size_t chunk_size(std::size_t available) const noexcept {
    if (size_ == 0 || available == 0)
      return 0;
    switch (mode_) {
      case kind::exactly:
        return available >= size_ ? size_ : 0;
      case kind::at_most:
        return std::min(available, size_);
      case kind::at_least:
        return available >= size_ ? available : 0;
    }
    return 0;
  }

  /// Same mode and size.
  friend constexpr bool operator==(const receive_policy&, const receive_policy&) = default;

private:
  constexpr receive_policy(kind k, std::size_t n) noexcept : mode_(k), size_(n) {}

  kind mode_;
  std::size_t size_;
};

} // namespace troupe::net
