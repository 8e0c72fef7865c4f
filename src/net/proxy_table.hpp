// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The proxies of remote actors, per node and actor id. A proxy stays here
// until its actor's node reports the actor down or the connection it goes
// out on ends, so that monitors and links on it fire even when no handle to
// it is left. Any thread reads (one small lock); the I/O thread adds and
// removes. Proxies leave the table before they are killed, outside the lock.
#include <cstddef>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "troupe/actor_control_block.hpp"
#include "troupe/node_id.hpp"

namespace troupe {
class actor_system;
}

namespace troupe::net {

class peer;
class remote_proxy;

class proxy_table {
public:
  struct lookup {
    strong_actor_ptr proxy;
    bool created = false;
    // A proxy that was in its place with its connection closed (its end not
    // yet handled): not reused, since its monitors went with the connection.
    // For the caller to kill.
    strong_actor_ptr stale;
  };
  // The proxy of actor `id` of `node`, made to go out on `route` when there
  // is none that may be reused.
  lookup find_or_make(actor_system& sys, const node_id& node, actor_id id, const std::shared_ptr<peer>& route);

  // The proxy of actor `id` of `node`, or null.
  strong_actor_ptr find(const node_id& node, actor_id id) const;

  // The actor is gone: its proxy leaves the table and is returned (null if
  // none). With `only_through`, a proxy that no longer goes out on that
  // connection stays, and `kept` says so (its own route reports its end).
  struct taken {
    strong_actor_ptr proxy;
    bool kept = false;
  };
  taken take(const node_id& node, actor_id id, const peer* only_through = nullptr);

  // The proxies of `node`'s actors that go through a relay and may move onto
  // a direct connection.
  std::vector<strong_actor_ptr> movable(const node_id& node) const;

  // The proxies of `nodes` that go out on `p` leave the table.
  std::vector<strong_actor_ptr> take_bound_to(const peer* p, const std::vector<node_id>& nodes);
  // Every proxy of `node` leaves the table.
  std::vector<strong_actor_ptr> take_node(const node_id& node);
  // The proxies of `node` whose connection is parked leave the table.
  std::vector<strong_actor_ptr> take_waiting(const node_id& node);
  // Whether a proxy that goes out on `p` came from a relay (moving or moved
  // onto it) or is routed through it: `p` carries more than its node's traffic.
  bool routed_through(const peer* p) const;
  // Every proxy leaves the table.
  std::vector<strong_actor_ptr> take_all();

  std::size_t size() const;

  static remote_proxy& as_proxy(const strong_actor_ptr& x) noexcept;

private:
  // Moves the proxies of `node` that `pred` picks into `out`; holding mtx_.
  template <class Pred>
  void take_matching(const node_id& node, std::vector<strong_actor_ptr>& out, Pred pred);

  mutable std::mutex mtx_;
  std::unordered_map<node_id, std::unordered_map<actor_id, strong_actor_ptr>> proxies_;
};

} // namespace troupe::net
