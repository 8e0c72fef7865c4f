// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What a direct proxy sends through: the connection that carries messages to
// its actor's node now. A connection closed because it was idle (parked, see
// peer.hpp) leaves its links without one: messages wait here in the order
// they were sent, and the middleman is asked to connect again. Once a new
// connection is up they go out on it, and so does everything after them. A
// link whose node is lost answers what waited, and what comes later, with
// the loss.
//
// A proxy sends on the connection it was made for without asking its link;
// only a send that finds that one sealed (being parked) or gone asks here.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "troupe/actor_control_block.hpp"
#include "troupe/error.hpp"
#include "troupe/mailbox_element.hpp"
#include "troupe/scheduler/execution_unit.hpp"

namespace troupe::net {

class peer;

class node_link {
public:
  explicit node_link(const std::shared_ptr<peer>& first) : current_(first) {}

  // The connection to send on; null while parked or once lost.
  std::shared_ptr<peer> current() const noexcept {
    spin_guard guard{current_guard_};
    return current_;
  }

  // A proxy's send that its connection refused because it is being parked,
  // or that found none: sends `e` on the connection there is now, or keeps it
  // until there is one. False when it was answered with an error instead.
  bool send_or_hold(const strong_actor_ptr& proxy, mailbox_element_ptr& e, execution_unit* ctx);
  // Whether messages wait for the next connection (any thread).
  bool parked() const;

  // ---- I/O thread ----
  // The connection goes idle: messages wait from now on, and the first one
  // calls `want_connection` (once per park).
  void park(std::function<void()> want_connection);
  // A frame for the node (an actor's down) that waits behind the messages.
  void hold_frame(std::vector<std::byte> frame, actor_id id);
  // `p` carries what waited, in order, then everything sent after.
  void attach(const std::shared_ptr<peer>& p);
  // The node is gone: what waited and what comes later fails with `reason`.
  void lose(const error& reason);

private:
  enum class state : std::uint8_t { open, parked, lost };
  struct held {
    strong_actor_ptr proxy; // null: a frame
    mailbox_element_ptr message;
    std::vector<std::byte> frame;
    actor_id frame_actor = 0;
  };

  // A copy of `current_` is all the guard covers: a spin of a few
  // instructions, where std::atomic<std::shared_ptr> would take a lock bit
  // that ThreadSanitizer does not see.
  class spin_guard {
  public:
    explicit spin_guard(std::atomic_flag& f) noexcept : f_(f) {
      while (f_.test_and_set(std::memory_order_acquire))
        std::this_thread::yield();
    }
    ~spin_guard() { f_.clear(std::memory_order_release); }
    spin_guard(const spin_guard&) = delete;
    spin_guard& operator=(const spin_guard&) = delete;

  private:
    std::atomic_flag& f_;
  };
  void set_current(std::shared_ptr<peer> p) noexcept;

  mutable std::atomic_flag current_guard_;
  std::shared_ptr<peer> current_;
  mutable std::mutex mtx_;
  state state_ = state::open;
  error lost_reason_;
  std::vector<held> held_;
  std::function<void()> want_connection_;
};

} // namespace troupe::net
