// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The pieces of a large frame as its fragments arrive. The total size is not
// known until the last one, and growing one buffer would copy what arrived so
// far again and again on the I/O thread (a 100 MB message: about 100 MB more,
// the last copy of 64 MB at once). Instead the pieces fill chunks that double
// in size and never move; whoever decodes the frame joins them into one
// buffer (a decode worker, off the I/O thread), once.
#include <cstddef>
#include <span>
#include <vector>

namespace troupe::net {

class reassembly {
public:
  using chunk = std::vector<std::byte>;
  using chunks = std::vector<chunk>;

  // The first chunk holds this much: a frame just over one fragment fits in
  // one chunk, so that it needs no joining.
  static constexpr std::size_t first_chunk = 256 << 10;

  // Adds the next piece.
  void append(std::span<const std::byte> piece);
  std::size_t size() const noexcept { return size_; }
  // The chunks so far, in order (the first holds the frame's start); the
  // reassembly starts over empty.
  chunks take() noexcept;

  // The chunks as one buffer (moved, when there is one chunk).
  static chunk join(chunks pieces);

private:
  chunks chunks_;
  std::size_t size_ = 0;
};

} // namespace troupe::net
