// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The brokers of one middleman: it makes their socket sets, hands out socket
// handle ids, and ends the brokers when the system stops. Brokers are hidden
// actors (a server must not keep the system from shutting down), so the
// system's shutdown reaches them here: middleman::stop kills every live
// broker, waits for it to end, and closes whatever sockets are left, all
// while the I/O thread still runs.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "troupe/actor_addr.hpp"

namespace troupe::net {

class broker_io;
class middleman_impl;

class broker_registry {
public:
  explicit broker_registry(middleman_impl& mm);
  ~broker_registry();

  // A new socket set, owned by nobody yet (any thread).
  std::shared_ptr<broker_io> make_io();

  // `owner` gets the events of `io` from now on, and ends with the system.
  void attach(const std::shared_ptr<broker_io>& io, strong_actor_ptr owner);

  // The broker that owned `io` has terminated.
  void detach(const broker_io* io);

  // Ids for connection and accept handles, unique within this middleman.
  std::uint64_t next_handle_id() noexcept { return next_id_.fetch_add(1, std::memory_order_relaxed); }

  // Ends every broker (middleman::stop, before the I/O thread stops).
  void stop();

private:
  struct entry {
    const broker_io* io;
    actor_addr owner;
  };

  static void kill(const actor_addr& owner);

  middleman_impl& mm_;
  std::atomic<std::uint64_t> next_id_{1};
  std::mutex mtx_;
  std::condition_variable ended_;
  std::vector<entry> live_;                      // brokers not yet terminated
  std::vector<std::weak_ptr<broker_io>> opened_; // every attached socket set still alive
  bool stopping_ = false;
};

} // namespace troupe::net
