// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Keeps one connection's incoming messages in the order they were sent while
// large ones are being decoded by the decode pool: per pair of actors (the
// sender's node and id, the receiver's id), what arrives after a message still
// being decoded waits for it; other pairs pass. An actor's `down` waits for
// every message of that actor still waiting. I/O thread only; every `action`
// runs on it, in order.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <unordered_map>

#include "troupe/actor_control_block.hpp"
#include "troupe/node_id.hpp"

namespace troupe::net {

class delivery_order {
public:
  using action = std::function<void()>;
  using ticket = std::uint64_t;

  struct pair_key {
    node_id source_node;
    actor_id source = 0; // 0: anonymous
    actor_id dest = 0;
    friend bool operator==(const pair_key&, const pair_key&) = default;
  };

  // A message of `key` goes to be decoded: what comes later for its pair
  // waits until fulfil(key, the ticket, ...).
  ticket reserve(const pair_key& key);
  // The message of `t` is decoded: `deliver` runs once all before it of its
  // pair did, and then whatever waited behind it. Nothing if clear() dropped it.
  void fulfil(const pair_key& key, ticket t, action deliver);
  // Runs `deliver` now, or behind its pair's waiting messages.
  void in_order(const pair_key& key, action deliver);
  // Runs `down` (actor `source` of `node` terminated) once every message from
  // that actor waiting here was delivered: now, when none waits.
  void after_messages_of(const node_id& node, actor_id source, action down);
  // Runs `then` once every message waiting here for actor `dest` from an
  // actor of `node`, or from an anonymous sender, was delivered (a move
  // marker of `node`): now, when none waits.
  void after_messages_to(const node_id& node, actor_id dest, action then);

  // No message is waiting to be decoded or delivered.
  bool idle() const noexcept { return waiting_.empty(); }
  // Drops every waiting message and down (the connection broke); how many
  // messages were dropped.
  std::size_t clear();

private:
  struct barrier {
    std::size_t pairs_left = 0;
    action then;
  };
  struct entry {
    ticket id = 0; // of a message being decoded; 0: none
    bool ready = false;
    action run;
    std::shared_ptr<barrier> gate; // a down waiting for this pair to drain
  };
  struct pair_hash {
    std::size_t operator()(const pair_key& k) const noexcept {
      return (std::hash<node_id>{}(k.source_node) * 31 + std::hash<actor_id>{}(k.source)) * 31
             + std::hash<actor_id>{}(k.dest);
    }
  };

  // Runs `then` behind the waiting entries of every pair `match` picks.
  template <class Match>
  void after_pairs(Match match, action then);
  // Runs the ready entries at the front of the pair's queue.
  void drain(const pair_key& key);

  std::unordered_map<pair_key, std::deque<entry>, pair_hash> waiting_;
  ticket next_ticket_ = 1;
};

} // namespace troupe::net
