#pragma once
// CAF 0.17 side of the workloads: an actor_system_config with the same number of
// workers as troupe (CAF's default is max(cores, 4); troupe's is the core count).
#include <thread>

#include "caf/all.hpp"
#include "common.hpp"

namespace bench {

inline void configure_caf(caf::actor_system_config& cfg, const args& a) {
  std::size_t n = a.workers != 0 ? a.workers : std::thread::hardware_concurrency();
  if (n == 0)
    n = 1;
  cfg.set("scheduler.max-threads", n);
  // no stdout logging noise, no middleman: only caf_core is linked
}

} // namespace bench
