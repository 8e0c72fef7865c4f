// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A message recording (a node's inspect.record) loaded for replay in a test:
// the messages each recorded actor took, in order.
//
//   auto rec = test::recording::load("bank.rec");
//   ASSERT_TRUE(rec) << to_string(rec.error());
//   auto msgs = rec->of("account");
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "troupe/expected.hpp"
#include "troupe/serialization/message_recording.hpp"

namespace troupe::test {

/// A message recording read back: every entry, in the order the recording wrote them.
class recording {
public:
  /// Reads the file at `path`; an error names the path and what is wrong with it.
  static expected<recording> load(const std::string& path);
  /// Reads a recording held in memory.
  static expected<recording> from_bytes(std::span<const std::byte> bytes);

  /// Every entry (messages and gaps) of every recorded actor.
  const std::vector<recorded_message>& entries() const noexcept { return entries_; }
  /// The ids of the recorded actors named `name`, in the order of their first entry.
  std::vector<std::uint64_t> actors(std::string_view name) const;
  /// The entries of the first recorded actor named `name` (empty if none).
  std::vector<recorded_message> of(std::string_view name) const;
  /// The entries of the recorded actor with id `id`.
  std::vector<recorded_message> of_actor(std::uint64_t id) const;
  /// Bytes at the end that did not make a whole entry (the recording process died while writing).
  std::size_t trailing_bytes() const noexcept { return trailing_bytes_; }

private:
  std::vector<recorded_message> entries_;
  std::size_t trailing_bytes_ = 0;
};

} // namespace troupe::test
