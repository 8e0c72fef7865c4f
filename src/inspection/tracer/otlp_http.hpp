// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Sends OTLP/JSON to a collector's HTTP endpoint (OTLP/HTTP, JSON encoding):
// one POST per batch on a connection of its own, with a deadline, so that a
// collector that is away or stuck costs the exporter a bounded wait and never
// holds up the node.
#include <chrono>
#include <cstdint>
#include <string>

#include "troupe/error.hpp"
#include "troupe/expected.hpp"

namespace troupe::inspection {

struct otlp_endpoint {
  std::string host;
  std::uint16_t port = 4318;
  std::string path = "/v1/traces";
};

/// Reads http://HOST[:PORT][/PATH] (port 4318 and path /v1/traces, OTLP/HTTP's, when left out).
expected<otlp_endpoint> parse_otlp_url(const std::string& url);

/// POSTs `body` as application/json to `to`; an error unless the collector answered 2xx within `deadline`.
error post_otlp(const otlp_endpoint& to, const std::string& body, std::chrono::milliseconds deadline);

} // namespace troupe::inspection
