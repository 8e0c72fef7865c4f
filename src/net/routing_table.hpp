// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Which connection carries traffic to each node: the node's own connection
// (a direct route), else one to a node that knows the way (a relay): one that
// sent a handle to the node's actors, one the node's messages came through,
// or one a route hint pointed to. Entries are weak: a closed connection is
// no route. The I/O thread's alone.
#include <memory>
#include <unordered_map>
#include <vector>

#include "troupe/node_id.hpp"
#include "wire.hpp"

namespace troupe::net {

class peer;

class routing_table {
public:
  explicit routing_table(node_id self) : self_(std::move(self)) {}

  // The open direct connection to `node`, or null.
  std::shared_ptr<peer> direct(const node_id& node) const;
  // The direct connection to `node`, open or not (null once destroyed).
  std::shared_ptr<peer> direct_even_closed(const node_id& node) const;
  // The direct connection, else the relay; null if neither is open.
  std::shared_ptr<peer> next_hop(const node_id& node) const;
  // The nodes with a direct connection that is ready and open.
  std::vector<node_id> connected_nodes() const;

  // `p` finished its handshake: it is its node's direct route unless that
  // node has an open one already.
  void add_direct(const std::shared_ptr<peer>& p);
  // `p` closed. True when it was its node's direct route; that route then
  // goes to `successor` (null: the node has no direct route any more).
  bool remove_direct(const peer* p, const std::shared_ptr<peer>& successor);

  // Traffic for `node` goes through `relay` from now on.
  void relay_through(const node_id& node, const std::shared_ptr<peer>& relay);
  // A message from `node` arrived through `p`: the way back, unless this
  // node has a working one already (messages between two actors keep their
  // order on the route they took).
  void learn(const node_id& node, const std::shared_ptr<peer>& p);
  // `from` says that traffic for hint.target goes towards hint.via. The
  // connection to pass the hint on to (with its ttl lowered) when the next
  // node may not know the way either; null when it is not passed on.
  std::shared_ptr<peer> take_hint(wire::route_hint& hint, const std::shared_ptr<peer>& from);
  // `p` closed: the nodes that were relayed through it (or through another
  // closed connection) lose their relay; they are returned.
  std::vector<node_id> drop_relays_through(const peer* p);
  // Whether traffic for another node goes through `p`.
  bool relays_through(const peer* p) const;

private:
  node_id self_;
  std::unordered_map<node_id, std::weak_ptr<peer>> direct_;
  std::unordered_map<node_id, std::weak_ptr<peer>> relayed_;
};

} // namespace troupe::net
