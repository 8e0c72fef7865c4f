// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The head of an HTTP/1.x request as inspection's web endpoint reads it: the
// request line and the header fields, checked strictly (anything malformed is
// refused with the reason, never half-read).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace troupe::inspection {

struct http_request {
  std::string method;                                       ///< e.g. "GET"
  std::string path;                                         ///< the target up to '?', starting with '/'
  std::string query;                                        ///< after '?', undecoded; empty if none
  std::vector<std::pair<std::string, std::string>> headers; ///< names in lower case, values trimmed
  std::string body;                                         ///< a POST's content (Content-Length bytes); else empty

  /// The value of header `name` (lower case), or nullptr.
  const std::string* header(std::string_view name) const noexcept;
};

/// The longest head accepted (request line and headers together).
inline constexpr std::size_t max_request_head = 8192;

/// The longest body accepted (a POST's Content-Length).
inline constexpr std::size_t max_request_body = 65536;

/// Parses `head`, the bytes up to and including the empty line ("\r\n\r\n").
/// On failure returns nothing and sets `why` to a one-line reason.
std::optional<http_request> parse_request_head(std::string_view head, std::string& why);

/// The body length a request head announces: 0 without Content-Length. Nothing when the field is
/// malformed or repeated or the body chunked (`status` 400), or it is over max_request_body (413);
/// then `why` says which.
std::optional<std::size_t> body_length(const http_request& req, int& status, std::string& why);

/// The value of `key` in a query string ("a=1&b=x%20y"), percent-decoded; nothing if absent or malformed.
std::optional<std::string> query_value(std::string_view query, std::string_view key);

} // namespace troupe::inspection
