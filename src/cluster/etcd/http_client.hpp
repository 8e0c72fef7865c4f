// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Just enough HTTP/1.1 for a JSON gateway: one POST per connection, within a
// deadline, whose answer body comes back whole (by its length, or chunk by
// chunk, or until the peer closes).
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "troupe/expected.hpp"

namespace troupe::cluster {

struct http_url {
  std::string host;
  std::uint16_t port = 80;
  friend bool operator==(const http_url&, const http_url&) = default;
};

/// The host and port of http://HOST[:PORT][/], or sec::invalid_argument (https is not spoken here).
expected<http_url> parse_http_url(std::string_view url);

/// What a server answered.
struct http_answer {
  int status = 0;
  std::string body;
};

/// POSTs `body` (JSON) to `path` at `to`, and reads the answer. Errors: sec::cannot_connect_to_node when no
/// connection opens, sec::request_timeout past `deadline`, sec::malformed_message for an answer that is not HTTP.
expected<http_answer> http_post(const http_url& to, std::string_view path, std::string_view body,
                                std::chrono::milliseconds deadline);

/// The body of a whole HTTP/1.1 response in `raw`, or sec::malformed_message (exposed for the tests).
expected<http_answer> parse_http_answer(std::string_view raw);

} // namespace troupe::cluster
