// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Remote actors that other nodes reach through this one, and the connections
// of those nodes: when such an actor is gone, they hear it from here. This
// node's own proxy of the actor watches it for them. The I/O thread's alone.
#include <cstddef>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

#include "troupe/actor_control_block.hpp"
#include "troupe/node_id.hpp"

namespace troupe::net {

class peer;

class relay_watchers {
public:
  // `watcher` is to hear when actor `id` of `node` is gone.
  void add(const node_id& node, actor_id id, const std::shared_ptr<peer>& watcher);
  // The open connections that watch actor `id` of `node`, which no longer
  // watch it afterwards.
  std::vector<std::shared_ptr<peer>> take(const node_id& node, actor_id id);
  // Whether `p` watches an actor through this node.
  bool watched_through(const peer* p) const;

private:
  struct key {
    node_id node;
    actor_id id;
    friend bool operator==(const key&, const key&) = default;
  };
  struct key_hash {
    std::size_t operator()(const key& k) const noexcept {
      return std::hash<node_id>{}(k.node) * 31 + std::hash<actor_id>{}(k.id);
    }
  };
  std::unordered_map<key, std::vector<std::weak_ptr<peer>>, key_hash> watchers_;
};

} // namespace troupe::net
