// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "termination_watcher.hpp"

#include <new>

#include "troupe/detail/thread_cache.hpp"
#include "troupe/mailbox_element.hpp"
#include "troupe/system_messages.hpp"

namespace troupe::detail {

strong_actor_ptr termination_watcher::make(actor_system& sys, callback fun) {
  constexpr std::size_t size = actor_control_block::actor_offset + sizeof(termination_watcher);
  void* mem = cached_allocate(size);
  auto* block = new (mem) actor_control_block(0, &sys, static_cast<std::uint32_t>(size));
  try {
    new (block->get()) termination_watcher(std::move(fun));
  } catch (...) {
    block->~actor_control_block();
    cached_deallocate(mem, size);
    throw;
  }
  return strong_actor_ptr{block, false};
}

bool termination_watcher::enqueue(mailbox_element_ptr e, execution_unit*) {
  if (e->content.size() == 1 && e->content.type_at(0) == type_id_of<down_msg>()) {
    // Under the lock, so that detach() waits for a callback under way.
    std::lock_guard guard{mtx_};
    if (fun_)
      fun_(e->content.get_as<down_msg>(0).source);
  }
  return true;
}

void termination_watcher::detach() {
  std::lock_guard guard{mtx_};
  fun_ = nullptr;
}

} // namespace troupe::detail
