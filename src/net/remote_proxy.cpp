// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "remote_proxy.hpp"

#include <new>

#include "peer.hpp"
#include "troupe/detail/thread_cache.hpp"
#include "troupe/mailbox_element.hpp"

namespace troupe::net {

strong_actor_ptr remote_proxy::make(actor_system& sys, const node_id& node, actor_id id, std::weak_ptr<peer> route) {
  constexpr std::size_t size = actor_control_block::actor_offset + sizeof(remote_proxy);
  void* mem = detail::cached_allocate(size);
  auto* block = new (mem) actor_control_block(id, &sys, static_cast<std::uint32_t>(size));
  try {
    block->set_remote_node(node);
  } catch (...) {
    block->~actor_control_block();
    detail::cached_deallocate(mem, size);
    throw;
  }
  new (block->get()) remote_proxy(std::move(route));
  return strong_actor_ptr{block, false};
}

bool remote_proxy::enqueue(mailbox_element_ptr e, execution_unit* ctx) {
  // The reason is made only when needed: a non-empty error allocates.
  error reason;
  if (!is_terminated()) {
    if (auto p = route_.lock()) {
      reason = p->send_actor_message(*e, id(), node());
      if (reason.empty())
        return true;
    }
  }
  if (reason.empty())
    reason = sec::request_receiver_down;
  // A message that cannot be sent (the node is gone, or a type is not
  // announced) is dropped; a request is answered with the reason.
  bounce(std::move(e), reason, ctx);
  return false;
}

} // namespace troupe::net
