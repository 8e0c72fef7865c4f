// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The cost of log statements, for callgrind:
//
//   log_probe <scenario> [count]
//
//   empty      `count` iterations of the loop without a statement (the baseline)
//   disabled   `count` TROUPE_LOG_DEBUG statements while the logger writes warnings
//   filtered   `count` TROUPE_LOG_WARNING statements of a component the filter excludes
//   enabled    `count` TROUPE_LOG_WARNING statements written to a sink that drops them
//
// Each scenario runs in its own non-inlined function, so that
//   valgrind --tool=callgrind --toggle-collect='*run_<scenario>*' log_probe <scenario> N
// counts the instructions of the loop alone; (scenario - empty) / N is the cost
// of one statement (docs/logging.md lists the figures).
#include <troupe/troupe.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace troupe;

namespace {

volatile int sink_value = 0; // keeps the loops from being optimised away

std::string expensive(int i) {
  return std::string(64, static_cast<char>('a' + i % 26));
}

[[gnu::noinline]] void run_empty(int n) {
  for (int i = 0; i < n; ++i)
    sink_value = i;
}

[[gnu::noinline]] void run_disabled(int n) {
  for (int i = 0; i < n; ++i) {
    TROUPE_LOG_DEBUG("core", "value " << i << ' ' << expensive(i));
    sink_value = i;
  }
}

[[gnu::noinline]] void run_filtered(int n) {
  for (int i = 0; i < n; ++i) {
    TROUPE_LOG_WARNING("net", "value " << i << ' ' << expensive(i));
    sink_value = i;
  }
}

[[gnu::noinline]] void run_enabled(int n) {
  for (int i = 0; i < n; ++i) {
    TROUPE_LOG_WARNING("core", "value " << i);
    sink_value = i;
  }
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: log_probe empty|disabled|filtered|enabled [count]\n");
    return 2;
  }
  int n = argc > 2 ? std::atoi(argv[2]) : 1'000'000;
  actor_system_config cfg;
  cfg.set_scheduler(1);
  cfg.logger.verbosity = log_level::warning;
  cfg.logger.console = logger_config::console_mode::none;
  cfg.logger.sink = [](const log_record&) {};
  if (std::strcmp(argv[1], "filtered") == 0)
    (void)cfg.set("logger.component-filter", "core");
  actor_system sys{cfg};
  if (std::strcmp(argv[1], "empty") == 0)
    run_empty(n);
  else if (std::strcmp(argv[1], "disabled") == 0)
    run_disabled(n);
  else if (std::strcmp(argv[1], "filtered") == 0)
    run_filtered(n);
  else if (std::strcmp(argv[1], "enabled") == 0)
    run_enabled(n);
  else
    return 2;
  std::printf("%s: %d statements\n", argv[1], n);
  return 0;
}
