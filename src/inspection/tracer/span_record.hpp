// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// One finished span: an actor handling one message, as a tracer keeps it
// until the exporter writes it out. Times are in cycles of cycle_count(); the
// exporter turns them into Unix time.
#include <cstdint>
#include <string>

namespace troupe::inspection {

struct span_record {
  std::uint64_t trace_high = 0;
  std::uint64_t trace_low = 0;
  std::uint64_t span = 0;
  std::uint64_t parent = 0; ///< the span that sent the message; 0: a root span
  std::uint64_t start = 0;  ///< cycles, when the handler started
  std::uint64_t end = 0;    ///< cycles, when it returned
  std::uint64_t actor = 0;
  std::uint64_t message_id = 0;            ///< the raw message_id: request, response or 0
  const std::string* actor_name = nullptr; ///< interned by the tracer: lives as long as it
  const std::string* message_name = nullptr;
  std::uint32_t thread = 0; ///< which recording thread (its ring's number)
};

} // namespace troupe::inspection
