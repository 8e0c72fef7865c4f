// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The runtime's side of per-actor statistics: freeing a statistics block whose
// actor failed to construct (what senders count and the end are inline, in
// detail/actor_tracking.hpp).
#include <new>

#include "troupe/actor_system.hpp"
#include "troupe/building_blocks/spawner.hpp"
#include "troupe/detail/actor_statistics.hpp"
#include "troupe/detail/thread_cache.hpp"
#include "troupe/local_actor.hpp"

namespace troupe {

namespace detail {

void spawner::free_tracked(actor_memory mem) noexcept {
  auto* stats = static_cast<actor_statistics*>(mem.block) - 1;
  stats->~actor_statistics();
  cached_deallocate(stats, mem.size_field & ~actor_control_block::statistics_flag);
}

} // namespace detail

} // namespace troupe
