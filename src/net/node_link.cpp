// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "node_link.hpp"

#include <utility>

#include "peer.hpp"
#include "remote_proxy.hpp"

namespace troupe::net {

namespace {

remote_proxy& proxy_of(const strong_actor_ptr& x) noexcept {
  return *static_cast<remote_proxy*>(x->get());
}

} // namespace

bool node_link::send_or_hold(const strong_actor_ptr& proxy, mailbox_element_ptr& e, execution_unit* ctx) {
  for (;;) {
    std::unique_lock lock{mtx_};
    if (state_ == state::parked) {
      held_.push_back(held{proxy, std::move(e), {}, 0});
      if (auto want = std::exchange(want_connection_, nullptr)) {
        lock.unlock();
        want();
      }
      return true;
    }
    auto p = state_ == state::open ? current() : nullptr;
    auto reason = state_ == state::lost ? lost_reason_ : error{sec::request_receiver_down};
    lock.unlock();
    if (!p) {
      proxy_of(proxy).drop(std::move(e), reason, ctx);
      return false;
    }
    auto refused = p->send_actor_message(*e, proxy->id(), proxy->node());
    if (refused.empty())
      return true;
    if (!p->parking()) {
      proxy_of(proxy).drop(std::move(e), refused, ctx);
      return false;
    }
    // Parked meanwhile: the next round finds the link parked.
  }
}

void node_link::set_current(std::shared_ptr<peer> p) noexcept {
  {
    spin_guard guard{current_guard_};
    current_.swap(p);
  } // the old connection is released outside the guard
}

void node_link::park(std::function<void()> want_connection) {
  std::lock_guard guard{mtx_};
  if (state_ == state::lost)
    return;
  state_ = state::parked;
  set_current(nullptr);
  want_connection_ = std::move(want_connection); // nothing is held while open
}

bool node_link::parked() const {
  std::lock_guard guard{mtx_};
  return state_ == state::parked;
}

void node_link::hold_frame(std::vector<std::byte> frame, actor_id id) {
  std::unique_lock lock{mtx_};
  if (state_ != state::parked)
    return;
  held_.push_back(held{nullptr, nullptr, std::move(frame), id});
  if (auto want = std::exchange(want_connection_, nullptr)) {
    lock.unlock();
    want();
  }
}

void node_link::attach(const std::shared_ptr<peer>& p) {
  // Under the lock, so that a sender that holds its message meanwhile comes
  // after these, and one that sends directly comes after the store below. On
  // the I/O thread a send never waits for room.
  std::lock_guard guard{mtx_};
  if (state_ == state::lost)
    return;
  for (auto& h : held_) {
    if (h.proxy)
      proxy_of(h.proxy).send_now(p, h.message, nullptr);
    else
      p->send_down(h.frame, h.frame_actor);
  }
  held_.clear();
  want_connection_ = nullptr;
  state_ = state::open;
  set_current(p);
}

void node_link::lose(const error& reason) {
  std::vector<held> dropped;
  {
    std::lock_guard guard{mtx_};
    if (state_ == state::lost)
      return;
    state_ = state::lost;
    lost_reason_ = reason;
    set_current(nullptr);
    want_connection_ = nullptr;
    dropped.swap(held_);
  }
  for (auto& h : dropped)
    if (h.proxy)
      proxy_of(h.proxy).drop(std::move(h.message), reason, nullptr);
}

} // namespace troupe::net
