// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Identifies requests and their responses: 0 for an asynchronous message, a
// per-actor request number otherwise; the top bit marks the response.
#include <cstdint>

namespace troupe {

/// Identifies requests and their responses: 0 for an asynchronous message, else a request number (counted
/// per sending actor) plus two flag bits: the top one marks a response, the next one an answered request.
class message_id {
public:
  /// Set in the id of a response (the top bit).
  static constexpr std::uint64_t response_flag = std::uint64_t{1} << 63;
  /// Set on a request once it has been answered (reply, promise, delegate):
  /// the handler's return value is then no longer sent.
  static constexpr std::uint64_t answered_flag = std::uint64_t{1} << 62;

  constexpr message_id() noexcept = default;
  /// From the raw value, flags included.
  constexpr explicit message_id(std::uint64_t value) noexcept : value_(value) {}

  /// The id of request number `n` (the flag bits of `n` are cleared).
  static constexpr message_id make_request(std::uint64_t n) noexcept {
    return message_id{n & ~(response_flag | answered_flag)};
  }

  /// Whether this is 0: a message that is neither a request nor a response.
  constexpr bool is_async() const noexcept { return value_ == 0; }
  /// Whether this is a request not answered yet (nonzero, neither flag set).
  constexpr bool is_request() const noexcept { return value_ != 0 && (value_ & (response_flag | answered_flag)) == 0; }
  /// Whether the response flag is set.
  constexpr bool is_response() const noexcept { return (value_ & response_flag) != 0; }
  /// Whether this is a request that has been answered (reply, promise, delegate).
  constexpr bool is_answered() const noexcept { return (value_ & answered_flag) != 0; }
  /// This id with the answered flag set.
  constexpr message_id answered() const noexcept { return message_id{value_ | answered_flag}; }
  /// The id of the response to this request: answered flag cleared, response flag set.
  constexpr message_id response_id() const noexcept { return message_id{(value_ & ~answered_flag) | response_flag}; }
  /// The request's id with both flags cleared; for a response, the id of the request it answers.
  constexpr message_id request_id() const noexcept { return message_id{value_ & ~(response_flag | answered_flag)}; }
  /// The raw value, flags included.
  constexpr std::uint64_t value() const noexcept { return value_; }

  /// Compares the raw values, flags included.
  friend constexpr bool operator==(message_id, message_id) noexcept = default;

private:
  std::uint64_t value_ = 0;
};

} // namespace troupe
