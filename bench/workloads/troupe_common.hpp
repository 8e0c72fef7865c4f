// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// troupe side of the workloads: an actor_system configured from bench::args.
#include <troupe/troupe.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "common.hpp"

namespace bench {

inline troupe::actor_system_config troupe_config(const args& a) {
  troupe::actor_system_config cfg;
  if (a.workers != 0)
    cfg.workers = a.workers;
  return cfg;
}

// The longest a program waits for its result.
inline constexpr std::chrono::seconds result_timeout{600};

// Ends a program whose result did not arrive in time: the actors still alive
// would keep the actor_system's destructor waiting, so exit without unwinding.
[[noreturn]] inline void timed_out(const char* what) {
  std::printf("CHECK FAILED: %s (no result within %lld s)\n", what, static_cast<long long>(result_timeout.count()));
  std::fflush(stdout);
  std::_Exit(1);
}

} // namespace bench
