// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Identifies requests and their responses: 0 for an asynchronous message, a
// per-actor request number otherwise; the top bit marks the response.
#include <cstdint>

namespace troupe {

class message_id {
public:
  static constexpr std::uint64_t response_flag = std::uint64_t{1} << 63;
  /// Set on a request once it has been answered (reply, promise, delegate):
  /// the handler's return value is then no longer sent.
  static constexpr std::uint64_t answered_flag = std::uint64_t{1} << 62;

  constexpr message_id() noexcept = default;
  constexpr explicit message_id(std::uint64_t value) noexcept : value_(value) {}

  static constexpr message_id make_request(std::uint64_t n) noexcept {
    return message_id{n & ~(response_flag | answered_flag)};
  }

  constexpr bool is_async() const noexcept { return value_ == 0; }
  constexpr bool is_request() const noexcept { return value_ != 0 && (value_ & (response_flag | answered_flag)) == 0; }
  constexpr bool is_response() const noexcept { return (value_ & response_flag) != 0; }
  constexpr bool is_answered() const noexcept { return (value_ & answered_flag) != 0; }
  constexpr message_id answered() const noexcept { return message_id{value_ | answered_flag}; }
  constexpr message_id response_id() const noexcept { return message_id{(value_ & ~answered_flag) | response_flag}; }
  constexpr message_id request_id() const noexcept { return message_id{value_ & ~(response_flag | answered_flag)}; }
  constexpr std::uint64_t value() const noexcept { return value_; }

  friend constexpr bool operator==(message_id, message_id) noexcept = default;

private:
  std::uint64_t value_ = 0;
};

} // namespace troupe
