// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A group that lives on another node (the "remote" module of sys.groups(),
// "name@host:port"). The node that owns it hands out an intermediary actor
// for it; a message sent here goes to that actor, which passes it to every
// member on every node. A local actor that joins becomes a member over there
// (the owner holds a proxy for it), so its end, or the loss of the
// connection, removes it there like any terminated member. This side keeps
// no member list.
#include <memory>
#include <string>

#include "troupe/actor.hpp"
#include "troupe/group.hpp"
#include "wire.hpp"

namespace troupe::net {

class peer;

class remote_group final : public abstract_group {
public:
  // `intermediary`: a proxy for the owner's intermediary; `via`: the
  // connection it was found on, which carries the joins and leaves.
  // The connection stays open (never parked) while the group lives.
  remote_group(std::string identifier, actor intermediary, std::weak_ptr<peer> via);
  ~remote_group() override;

  // Only actors of this node can join; false for others or a lost connection.
  bool subscribe(const actor_addr& who) override;
  bool unsubscribe(const actor_addr& who) override;
  void enqueue(const strong_actor_ptr& sender, message_id mid, const message& content, execution_unit* ctx) override;

private:
  bool send_membership(wire::frame_kind kind, const actor_addr& who);

  actor intermediary_;
  std::weak_ptr<peer> via_;
};

} // namespace troupe::net
