// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The pieces of a large frame as its fragments arrive. The first fragment
// says how long the frame is, so its pieces go straight into one buffer of
// that size, which the decoder reads where it lies: no piece is copied a
// second time, and no second buffer of the frame's size is needed. The
// buffer is allocated untouched (virtual memory until the pieces fill it),
// so a peer that announces a large frame and sends little of it holds no
// physical memory for the rest.
#include <cstddef>
#include <memory>
#include <span>

#include "troupe/error.hpp"

namespace troupe::net {

class reassembly {
public:
  // A whole frame's kind and body.
  struct frame {
    std::unique_ptr<std::byte[]> bytes;
    std::size_t size = 0;

    std::span<const std::byte> view() const noexcept { return {bytes.get(), size}; }
  };

  // Starts a frame of `total` bytes; an error when one is under way already,
  // or the buffer cannot be allocated.
  error begin(std::size_t total);
  // Adds the next piece; an error when none is under way or the piece does
  // not fit in what begin announced.
  error append(std::span<const std::byte> piece);
  bool under_way() const noexcept { return bytes_ != nullptr; }
  bool complete() const noexcept { return under_way() && size_ == total_; }
  // Bytes received of the frame under way.
  std::size_t size() const noexcept { return size_; }
  // The frame so far; the reassembly starts over empty.
  frame take() noexcept;

private:
  std::unique_ptr<std::byte[]> bytes_;
  std::size_t total_ = 0;
  std::size_t size_ = 0;
};

} // namespace troupe::net
