#pragma once
// troupe side of the workloads: an actor_system configured from bench::args.
#include <troupe/troupe.hpp>

#include "common.hpp"

namespace bench {

inline troupe::actor_system_config troupe_config(const args& a) {
  troupe::actor_system_config cfg;
  if (a.workers != 0)
    cfg.workers = a.workers;
  return cfg;
}

} // namespace bench
