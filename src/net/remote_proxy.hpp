// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A proxy: the local stand-in for an actor on another node. Its control block
// carries the remote actor's id and node, so a handle to it looks like a
// handle to the remote actor; enqueue serializes the message onto the
// connection to that node. Links and monitors attach to the proxy and fire
// when the remote actor terminates (a down frame) or its node is lost.
#include <memory>

#include "troupe/abstract_actor.hpp"
#include "troupe/actor_control_block.hpp"
#include "troupe/node_id.hpp"

namespace troupe::net {

class peer;

class remote_proxy final : public abstract_actor {
public:
  explicit remote_proxy(std::weak_ptr<peer> route) noexcept : route_(std::move(route)) {}

  // Allocates control block and proxy in one block, as a spawn does. The
  // block has the remote actor's id and node.
  static strong_actor_ptr make(actor_system& sys, const node_id& node, actor_id id, std::weak_ptr<peer> route);

  bool enqueue(mailbox_element_ptr e, execution_unit* ctx) override;
  const char* name() const override { return "remote_proxy"; }

  // Whether its messages go out on `p` (directly or routed through it).
  bool routes_through(const peer* p) const noexcept { return route_.lock().get() == p; }

  // The connection its messages go out on (null once closed).
  std::shared_ptr<peer> route() const noexcept { return route_.lock(); }

  // The remote actor is gone: links and monitors fire with `reason`, and
  // later messages bounce (requests get sec::request_receiver_down).
  void kill(const error& reason) { finalize_links(reason); }

private:
  std::weak_ptr<peer> route_;
};

} // namespace troupe::net
