// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Inspection's web endpoint (inspect.http): a small HTTP/1.1 server on a thread
// of its own, for scrapers and browsers. One request per connection; a client
// that sends a malformed head gets 400 and the server goes on; one that sends
// nothing is dropped after a while. A stream route keeps its connection and
// sends server-sent events until the client goes away.
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>

#include "http_request.hpp"

namespace troupe::inspection {

struct http_response {
  int status = 200;
  std::string content_type = "text/plain; charset=utf-8";
  std::string body;
};

/// Answers one request; runs on the server's thread. An exception gives 500.
using http_handler = std::function<http_response(const http_request&)>;

/// A route that answers with server-sent events (text/event-stream): `next` runs
/// when the client connects and then every `period`, on the server's thread, and
/// returns the events to send now (formatted, "event: x\ndata: y\n\n"; empty for
/// none). `cursor` is the connection's own, 0 at first: where the last call left off.
/// An exception ends the stream.
struct http_stream {
  std::chrono::milliseconds period{1000};
  std::function<std::string(const http_request&, std::uint64_t& cursor)> next;
};

/// What a server serves, by exact path.
struct http_routes {
  std::map<std::string, http_handler> get;    ///< GET and HEAD
  std::map<std::string, http_handler> post;   ///< POST, with the body read (at most max_request_body bytes)
  std::map<std::string, http_stream> streams; ///< GET, kept open
};

class http_server {
public:
  /// Serves `routes` on host:port (0: any
  /// free port) until destroyed. Throws std::system_error when it cannot listen.
  http_server(const std::string& host, std::uint16_t port, http_routes routes);
  ~http_server();

  http_server(const http_server&) = delete;
  http_server& operator=(const http_server&) = delete;

  /// The port it listens on.
  std::uint16_t port() const noexcept;

  /// The status line's reason phrase for the codes the server uses.
  static const char* reason(int status) noexcept;

private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

} // namespace troupe::inspection
