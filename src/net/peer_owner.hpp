// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What a connection (peer) sees of the middleman that owns it: its
// surroundings (peer_context: the system, the I/O loop, the settings, the
// tables it reads) and the few events and requests that change the
// middleman's state (peer_owner). A peer sees nothing else of it.
#include <asio.hpp>

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

#include "troupe/actor_control_block.hpp"
#include "troupe/error.hpp"
#include "troupe/net/message_tap.hpp"
#include "troupe/node_id.hpp"
#include "troupe/scheduler/timer_service.hpp"
#include "wire.hpp"

namespace troupe {
class actor_system;
}

namespace troupe::net {

class decode_pool;
class export_table;
class peer;
class remote_services;
class routing_table;
class tcp_watch;
struct middleman_settings;

class peer_owner {
public:
  // ---- a connection's life (I/O thread) ----
  // The handshake finished.
  virtual void peer_ready(const std::shared_ptr<peer>& p) = 0;
  // The node that dialed `p` sent it more than a goodbye: it keeps `p`, so
  // the connections it dialed to this node before are lost on its side.
  virtual void kept_by_dialer(const std::shared_ptr<peer>& p) = 0;
  // `p` closed: what went through it ends (p lives until this returns).
  virtual void peer_closed(peer* p) = 0;

  // ---- local actors ----
  // `x`'s handle goes out through `via`: it becomes addressable from there,
  // and its end is watched (any thread).
  virtual void export_actor(actor_control_block* x, const peer* via) = 0;
  // `watcher` made a proxy for the local actor `id` and is to hear of its
  // end; at once if it is gone already (I/O thread).
  virtual void watch_local(actor_id id, const std::shared_ptr<peer>& watcher) = 0;

  // ---- proxies (I/O thread, but resolve_on_io) ----
  // The proxy for actor `id` of `node`: sent through `via` when given, else
  // through this node's connection to `node`, else through `relay` (null if
  // none is open). `relay_hint`: the node that sent the handle through
  // `relay`, which `relay` is told to route towards.
  virtual strong_actor_ptr proxy_for(const node_id& node, actor_id id, const std::shared_ptr<peer>& via,
                                     const std::shared_ptr<peer>& relay = nullptr, const node_id& relay_hint = {}) = 0;
  // f (a proxy lookup) on the I/O thread, for a decode worker that waits for
  // its result; null, without waiting, once the I/O thread has ended.
  virtual strong_actor_ptr resolve_on_io(std::function<strong_actor_ptr()> f) = 0;
  // The remote actor is gone: its proxy (if any) terminates with `reason`.
  // `from`, the connection that said so: a relay's report that the actor's
  // node is unreachable does not end a proxy that moved off that relay.
  virtual void remote_down(const node_id& node, actor_id id, const error& reason, const peer* from) = 0;
  // A node routes through this one to actor `id` of `node`: watch it and
  // pass its down on to `watcher`.
  virtual void relay_monitor(const node_id& node, actor_id id, const std::shared_ptr<peer>& watcher) = 0;
  // The answer to this node's move marker for actor `id` of `node` arrived.
  virtual void proxy_moved(const node_id& node, actor_id id, std::uint64_t token) = 0;

  // ---- routes and connections (I/O thread) ----
  // `from` says that traffic for hint.target goes towards hint.via.
  virtual void take_route_hint(wire::route_hint hint, const std::shared_ptr<peer>& from) = 0;
  // `relay` told where `node` listens: true when this node now connects to
  // it, and `relay`'s input waits until that ends (peer::resume_input).
  virtual bool connect_introduced(const node_id& node, std::vector<wire::endpoint> eps,
                                  const std::shared_ptr<peer>& relay) = 0;
  // ---- parking an idle connection (I/O thread) ----
  // The peer asks to park `p`: true when this side agrees, having parked its
  // links and exports of p's node (p then answers park_ack and seals).
  virtual bool park_requested(const std::shared_ptr<peer>& p) = 0;
  // The peer refused this side's request: `p` carries what its links held,
  // and goes on as before.
  virtual void park_refused(const std::shared_ptr<peer>& p) = 0;

  // Where this node accepts connections.
  virtual std::vector<wire::endpoint> listen_endpoints() const = 0;
  virtual bool on_io_thread() const noexcept = 0;

protected:
  ~peer_owner() = default;
};

// A peer's surroundings, owned by its middleman and alive as long as it.
struct peer_context {
  actor_system& system;
  scheduler::timer_service& timers; // the system's clock, which a test may move
  asio::io_context& io;
  const middleman_settings& config;
  const std::vector<wire::type_fingerprint>& types; // announced by this node
  tcp_watch& watch;
  decode_pool& decoders;
  export_table& exports;     // any thread
  routing_table& routes;     // I/O thread
  remote_services& services; // I/O thread
  peer_owner& owner;
  std::atomic<message_tap*>& tap; // inspection's view of the traffic, usually none
};

} // namespace troupe::net
