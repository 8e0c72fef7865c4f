// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// One log line as a logger hands it to a sink: its parts, and the line as
// written to a file (without colours and without the final newline).
#include <chrono>
#include <string_view>

#include "troupe/actor_control_block.hpp"
#include "troupe/log_level.hpp"

namespace troupe {

struct log_record {
  std::chrono::system_clock::time_point time;
  log_level level = log_level::info;
  std::string_view component;
  actor_id actor = 0;          // 0: not logged from inside an actor
  std::string_view actor_name; // empty when actor is 0
  std::string_view text;
  std::string_view line;
};

} // namespace troupe
