// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A group whose members are handles in this process (actors, or proxies for
// actors elsewhere). Joining and leaving swap an immutable member list under
// a mutex; a send takes the current list (one reference count) and enqueues
// with no lock held, so senders never wait for each other. Each member is
// monitored by a watcher that removes it the moment it terminates.
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "troupe/actor_addr.hpp"
#include "troupe/detail/export.hpp"
#include "troupe/group.hpp"

namespace troupe {

class actor_system;

/// The "local" module's group: its members are handles in this process (actors, or proxies for actors
/// elsewhere). A send takes the current member list without a lock, so senders never wait for each other;
/// each member is monitored and leaves the group the moment it terminates. Safe to use from any thread.
class TROUPE_CORE_API local_group : public abstract_group {
public:
  /// An immutable list of members; joining and leaving replace the whole list.
  using member_list = std::vector<actor_addr>;

  /// The group `identifier` of `module`, in `sys` (whose actors it can watch for termination).
  local_group(actor_system& sys, std::string module, std::string identifier);
  ~local_group() override;

  bool subscribe(const actor_addr& who) override;
  bool unsubscribe(const actor_addr& who) override;
  void enqueue(const strong_actor_ptr& sender, message_id mid, const message& content, execution_unit* ctx) override;

  /// The members right now (a snapshot that later changes do not touch).
  std::shared_ptr<const member_list> members() const;
  /// The number of members right now.
  std::size_t member_count() const { return members()->size(); }

private:
  /// Takes `who` out of the list; true if it was there.
  bool remove(const actor_addr& who);

  strong_actor_ptr watcher_;
  mutable std::mutex mtx_;
  std::shared_ptr<const member_list> members_;
};

} // namespace troupe
