// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The local actors that other nodes may address by id: published ones, and
// those whose handles went out over a connection. An entry keeps its actor
// alive while a peer it went to is connected (that node may hold a proxy for
// it and send to it) or while it is published. Any thread: one small lock.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

#include "troupe/actor_control_block.hpp"
#include "troupe/error.hpp"
#include "troupe/node_id.hpp"

namespace troupe::net {

class peer;

class export_table {
public:
  // `x` becomes addressable from `via` (nullptr: from every peer, as a
  // published actor). True when the table did not hold `x` before: its end
  // is to be watched.
  bool add(actor_control_block* x, const peer* via);

  // The exported actor `id`, or null if there is none or it terminated.
  strong_actor_ptr find(actor_id id) const;

  // Changes whenever an entry goes or is replaced: a lookup or an export
  // that a peer cached under an older value must be done again.
  std::uint64_t epoch() const noexcept { return epoch_.load(std::memory_order_acquire); }

  // `watcher` holds a proxy for the local actor `id` and is to hear of its
  // end. The actor's exit reason when it is gone already (or was never
  // exported: exit_reason::unknown); no error while it lives.
  error add_watcher(actor_id id, const peer* watcher);

  // The actor `id` terminated with `reason`: its entry goes, and so does the
  // table's reference (in `released`, to be dropped outside the lock). The
  // peers it was exported to; none when there was no entry.
  std::vector<const peer*> remove(actor_id id, const error& reason, strong_actor_ptr& released);

  // The peers it was exported to; none when there was no entry. `parked`
  // gets the nodes whose connection was parked meanwhile.
  std::vector<const peer*> remove(actor_id id, const error& reason, strong_actor_ptr& released,
                                  std::vector<node_id>& parked);

  // `p` is gone: the actors exported only to it are no longer kept alive.
  void release_exports_of(const peer* p);

  // `p`, a connection to `node`, is parked: what was exported to it stays
  // alive and watched for `node`, until unpark gives it the next connection
  // or forget_parked lets it go (the node is lost).
  void park(const peer* p, const node_id& node);
  void unpark(const node_id& node, const peer* p);
  void forget_parked(const node_id& node);

  // Drops every entry (the middleman stops).
  void clear();

private:
  // Applies `drop` (which removes a peer or node from an entry) to every
  // entry, and lets go of the entries left without either.
  template <class F>
  void drop_from_all(F drop);

  // The exit reason of a recently ended exported actor (unknown if none);
  // holding mtx_.
  error recent_end(actor_id id) const;

  struct entry {
    strong_actor_ptr actor;
    std::vector<const peer*> peers; // who may address it; empty: published
    std::vector<node_id> parked;    // nodes it went to, whose connection is parked
    bool published = false;
    bool released() const noexcept { return peers.empty() && parked.empty() && !published; }
  };
  // A peer whose handshake is still under way asks with a monitor frame once
  // it made its proxy: the reason waits for it here.
  static constexpr std::size_t max_recent_ends = 4096;

  mutable std::mutex mtx_;
  std::unordered_map<actor_id, entry> entries_;
  std::deque<std::pair<actor_id, error>> recent_ends_;
  std::atomic<std::uint64_t> epoch_{0}; // written under mtx_
};

} // namespace troupe::net
