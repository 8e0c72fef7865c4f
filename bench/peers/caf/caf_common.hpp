// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// CAF 0.17 side of the workloads: an actor_system_config with the same number of
// workers as troupe (CAF's default is max(cores, 4); troupe's is the core count).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "caf/all.hpp"
#include "common.hpp"

namespace bench {

inline void configure_caf(caf::actor_system_config& cfg, const args& a) {
  std::size_t n = a.workers != 0 ? a.workers : std::thread::hardware_concurrency();
  if (n == 0)
    n = 1;
  cfg.set("scheduler.max-threads", n);
  if (!a.caf_policy.empty())
    cfg.set("scheduler.policy", caf::atom_from_string(a.caf_policy));
  // no stdout logging noise, no middleman: only caf_core is linked
}

// The bound on the main thread's wait for a result (Savina workloads): a run that cannot
// finish reports a failed check and exits 1 without waiting for its actors.
inline constexpr std::chrono::seconds caf_result_timeout{600};

[[noreturn]] inline void caf_timed_out(const char* what) {
  std::printf("CHECK FAILED: %s (no result after %lld s)\n", what, static_cast<long long>(caf_result_timeout.count()));
  std::fflush(stdout);
  std::_Exit(1);
}

} // namespace bench
