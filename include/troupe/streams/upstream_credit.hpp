// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The consuming side of a stage, a fan-out or a merge: how much it asked its
// producer for and has not received, and when to ask again. Items asked for
// plus items held stay within the credit, and demand goes out only once half
// the credit is free, so a producer gets few, large demands rather than one
// per item.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "troupe/error.hpp"
#include "troupe/system_messages.hpp"

namespace troupe::streams::detail {

class upstream_credit {
public:
  explicit upstream_credit(std::uint32_t credit) noexcept : credit_(std::max<std::uint32_t>(credit, 1)) {}

  /// The first demand, sent with the subscription: the whole credit.
  std::uint32_t subscribe() noexcept {
    outstanding_ = credit_;
    return credit_;
  }

  /// `n` items arrived.
  void received(std::size_t n) noexcept { outstanding_ -= std::min<std::uint64_t>(outstanding_, n); }

  /// How many more to ask for while `held` items wait: none until half the credit is free.
  std::uint32_t more(std::size_t held) noexcept {
    auto used = outstanding_ + held;
    if (used >= credit_)
      return 0;
    auto room = credit_ - used;
    if (room < std::max<std::uint64_t>(credit_ / 2, 1))
      return 0;
    outstanding_ += room;
    return static_cast<std::uint32_t>(room);
  }

private:
  std::uint64_t credit_;
  std::uint64_t outstanding_ = 0;
};

/// The stream's error when its producer ended without sending the end: its exit reason.
inline error producer_lost(const down_msg& dm) {
  return dm.reason ? dm.reason : error{sec::request_receiver_down, "the producer ended without ending the stream"};
}

} // namespace troupe::streams::detail
