// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "remote_proxy.hpp"

#include <new>
#include <utility>

#include "node_link.hpp"
#include "peer.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/detail/thread_cache.hpp"
#include "troupe/net/middleman.hpp"

namespace troupe::net {

remote_proxy::remote_proxy(std::weak_ptr<peer> route, bool routed, std::shared_ptr<node_link> link)
  : route_(std::move(route)), link_(routed ? nullptr : std::move(link)),
    move_(routed ? std::make_unique<move_state>() : nullptr) {}

strong_actor_ptr remote_proxy::make(actor_system& sys, const node_id& node, actor_id id, std::weak_ptr<peer> route) {
  constexpr std::size_t size = actor_control_block::actor_offset + sizeof(remote_proxy);
  void* mem = troupe::detail::cached_allocate(size);
  auto* block = new (mem) actor_control_block(id, &sys, static_cast<std::uint32_t>(size));
  try {
    block->set_remote_node(node);
    auto first = route.lock();
    const bool routed = first && first->node() != node;
    auto link = first && !routed ? first->link() : nullptr;
    new (block->get()) remote_proxy(std::move(route), routed, std::move(link));
  } catch (...) {
    block->~actor_control_block();
    troupe::detail::cached_deallocate(mem, size);
    throw;
  }
  return strong_actor_ptr{block, false};
}

bool remote_proxy::send_on(const std::shared_ptr<peer>& p, mailbox_element_ptr& e, execution_unit* ctx) {
  // The reason is made only when needed: a non-empty error allocates.
  error reason;
  if (p) {
    reason = p->send_actor_message(*e, id(), node());
    if (reason.empty())
      return true;
  }
  if (reason.empty())
    reason = sec::request_receiver_down;
  drop(std::move(e), reason, ctx);
  return false;
}

void remote_proxy::drop(mailbox_element_ptr e, const error& reason, execution_unit* ctx) {
  if (auto* mm = static_cast<middleman*>(home_system().find_module(actor_system_module::middleman)))
    if (auto* tap = mm->tap())
      tap->undeliverable(node(), id(), reason);
  // A message that cannot be sent (the node is gone, or a type is not
  // announced) is dropped; a request is answered with the reason.
  bounce(std::move(e), reason, ctx);
}

bool remote_proxy::enqueue_direct(mailbox_element_ptr e, execution_unit* ctx) {
  // The connection it was made for, as long as that one lasts: no lock.
  if (auto p = route_.lock()) [[likely]] {
    auto reason = p->send_actor_message(*e, id(), node());
    if (reason.empty()) [[likely]]
      return true;
    if (!p->parking()) {
      drop(std::move(e), reason, ctx);
      return false;
    }
  }
  // That connection is being parked, or was: the link sends on the one that
  // replaced it, or holds the message until there is one.
  return link_->send_or_hold(strong_actor_ptr{ctrl()}, e, ctx);
}

bool remote_proxy::waiting_for_connection() const noexcept {
  return link_ && link_->parked();
}

bool remote_proxy::enqueue(mailbox_element_ptr e, execution_unit* ctx) {
  if (is_terminated())
    return send_on(nullptr, e, ctx);
  if (link_)
    return enqueue_direct(std::move(e), ctx);
  if (move_)
    return enqueue_routed(std::move(e), ctx);
  return send_on(nullptr, e, ctx); // a direct proxy whose connection was gone
}

bool remote_proxy::enqueue_routed(mailbox_element_ptr e, execution_unit* ctx) {
  auto& m = *move_;
  switch (m.now.load(std::memory_order_acquire)) {
    case phase::direct:
      return send_on(m.direct.lock(), e, ctx); // `direct` no longer changes
    case phase::relayed: {
      // Counted before the phase is read again, and begin_move stores the
      // phase before relay_quiet reads the count: either this sender sees the
      // move, or the move sees this sender and waits with its marker.
      m.relay_senders.fetch_add(1, std::memory_order_seq_cst);
      if (m.now.load(std::memory_order_seq_cst) == phase::relayed) {
        auto sent = send_on(route_.lock(), e, ctx);
        m.relay_senders.fetch_sub(1, std::memory_order_release);
        return sent;
      }
      m.relay_senders.fetch_sub(1, std::memory_order_release);
      break;
    }
    default:
      break;
  }
  std::unique_lock lock{m.mtx};
  switch (m.now.load(std::memory_order_relaxed)) {
    case phase::holding:
      m.held.push_back(std::move(e));
      if (m.held.size() >= max_held)
        if (auto direct = m.direct.lock(); direct && direct->sender_may_wait())
          m.moved.wait(lock, [&] { return m.now.load(std::memory_order_relaxed) != phase::holding; });
      return true;
    case phase::direct:
      lock.unlock();
      return send_on(m.direct.lock(), e, ctx);
    default: // ended
      lock.unlock();
      return send_on(nullptr, e, ctx);
  }
}

bool remote_proxy::routes_through(const peer* p) const noexcept {
  if (link_)
    return link_->current().get() == p;
  if (!move_)
    return route_.lock().get() == p;
  switch (move_->now.load(std::memory_order_acquire)) {
    case phase::relayed:
      return route_.lock().get() == p;
    case phase::holding:
      return route_.lock().get() == p || move_->direct.lock().get() == p;
    default:
      return move_->direct.lock().get() == p;
  }
}

std::shared_ptr<peer> remote_proxy::route() const noexcept {
  if (link_)
    return link_->current();
  if (!move_ || move_->now.load(std::memory_order_acquire) == phase::relayed)
    return route_.lock();
  return move_->direct.lock();
}

void remote_proxy::kill(const error& reason) {
  finalize_links(reason); // from here on, enqueue bounces
  if (!move_)
    return;
  std::vector<mailbox_element_ptr> held;
  {
    std::lock_guard guard{move_->mtx};
    move_->now.store(phase::ended, std::memory_order_release);
    held.swap(move_->held);
  }
  move_->moved.notify_all();
  for (auto& e : held)
    bounce(std::move(e), sec::request_receiver_down, nullptr);
}

bool remote_proxy::movable() const noexcept {
  return move_ && move_->now.load(std::memory_order_acquire) == phase::relayed;
}

void remote_proxy::begin_move(std::weak_ptr<peer> direct, std::uint64_t token) {
  if (!move_)
    return;
  std::lock_guard guard{move_->mtx};
  if (move_->now.load(std::memory_order_relaxed) != phase::relayed)
    return;
  move_->direct = std::move(direct);
  move_->token = token;
  move_->now.store(phase::holding, std::memory_order_seq_cst);
}

bool remote_proxy::relay_quiet() const noexcept {
  return !move_ || move_->relay_senders.load(std::memory_order_seq_cst) == 0;
}

bool remote_proxy::finish_move(std::uint64_t token) {
  if (!move_)
    return false;
  auto& m = *move_;
  std::lock_guard guard{m.mtx};
  if (m.now.load(std::memory_order_relaxed) != phase::holding || m.token != token)
    return false;
  // Under the lock, so that a sender that waits for it comes after these. On
  // the I/O thread a send never waits for room.
  auto direct = m.direct.lock();
  for (auto& e : m.held)
    send_on(direct, e, nullptr);
  m.held.clear();
  m.now.store(phase::direct, std::memory_order_release);
  m.moved.notify_all();
  return true;
}

} // namespace troupe::net
