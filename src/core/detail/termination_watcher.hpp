// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// An observer for monitors that runs no behavior: it is an abstract_actor in
// its own control block, never scheduled, and its enqueue hands each down_msg
// straight to a callback, on the thread of the actor that terminates. The
// groups and the registry attach it to their members with add_monitor, so a
// member that ends leaves them at once, without a message hop.
#include <functional>
#include <mutex>

#include "troupe/abstract_actor.hpp"
#include "troupe/actor_addr.hpp"
#include "troupe/actor_control_block.hpp"

namespace troupe::detail {

class termination_watcher final : public abstract_actor {
public:
  using callback = std::function<void(const actor_addr& source)>;

  // Allocated like an actor, with id 0 (nobody addresses it by id).
  static strong_actor_ptr make(actor_system& sys, callback fun);

  bool enqueue(mailbox_element_ptr e, execution_unit* ctx) override;
  const char* name() const override { return "termination_watcher"; }

  // No callback runs after this returns (the owner calls it before it goes).
  void detach();

private:
  explicit termination_watcher(callback fun) : fun_(std::move(fun)) {}

  std::mutex mtx_;
  callback fun_;
};

} // namespace troupe::detail
