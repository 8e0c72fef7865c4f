// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The middleman's state: the I/O thread and its io_context, the connections
// (peers), the published actors and their acceptors, the proxies per node and
// the local actors that peers may address by id. Proxies and exported actors
// are reached from any thread (under their own small locks); everything else
// belongs to the I/O thread, and the public API posts work to it.
#include <asio.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "decode_pool.hpp"
#include "peer.hpp"
#include "remote_services.hpp"
#include "tcp_watch.hpp"
#include "tls_context.hpp"
#include "troupe/actor.hpp"
#include "troupe/actor_addr.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/expected.hpp"
#include "troupe/net/memory_network.hpp"
#include "troupe/net/middleman_settings.hpp"
#include "troupe/node_id.hpp"
#include "troupe/node_monitor_service.hpp"

namespace troupe::net {

class middleman_impl final : public node_monitor_service {
public:
  middleman_impl(actor_system& sys, const middleman_settings& cfg);
  ~middleman_impl() override;

  void start();
  void stop();
  // Without an I/O thread (middleman.io-thread=false): the ready handlers,
  // run on the calling thread (see middleman::poll).
  std::size_t poll();
  bool has_io_thread() const noexcept { return cfg_.io_thread; }
  // The time of heartbeats and timeouts: the system's clock, which a
  // deterministic test moves by hand.
  std::chrono::steady_clock::time_point now() const noexcept { return sys_.timers().now(); }

  actor_system& system() noexcept { return sys_; }
  const middleman_settings& config() const noexcept { return cfg_; }
  asio::io_context& io() noexcept { return io_; }
  // The plaintext TCP connections' readiness, and their reads on idle workers.
  tcp_watch& watch() noexcept { return watch_; }
  bool on_io_thread() const noexcept {
    return std::this_thread::get_id() == io_thread_id_.load(std::memory_order_relaxed);
  }
  const std::vector<wire::type_fingerprint>& our_types() const noexcept { return types_; }
  // Every connection's TLS context, or nullptr without middleman.tls.*.
  asio::ssl::context* tls_context() const noexcept { return tls_.get(); }

  // ---- blocking API (any thread but the I/O thread) ----
  expected<std::uint16_t> publish(actor handle, std::vector<std::string> ifs, std::uint16_t port,
                                  const std::string& addr, bool reuse_addr);
  error unpublish(const actor& handle, std::uint16_t port);
  // The peer at host:port after its handshake (a new or an existing connection).
  expected<std::shared_ptr<peer>> dial(const std::string& host, std::uint16_t port);
  // Whether a blocking call on this thread must run the network itself: no
  // I/O thread, and this is the thread that polls.
  bool driven_here() const noexcept { return !has_io_thread() && on_io_thread(); }
  // When driven_here(): runs the network (every node's, on a memory network)
  // until `done()` or until `timeout` of real time has passed; true when done.
  bool drive_until(const std::function<bool()>& done, std::chrono::nanoseconds timeout);
  // dial, on the I/O thread: `done` gets the outcome there, never before
  // dial_async returned.
  using dial_callback = std::function<void(expected<std::shared_ptr<peer>>)>;
  void dial_async(const std::string& host, std::uint16_t port, dial_callback done);
  std::vector<node_id> connected_nodes();
  std::size_t proxy_count();
  std::size_t queued_bytes(const node_id& node);

  // Lookup, remote spawn and remote groups (remote_services.hpp).
  remote_services& services() noexcept { return services_; }
  // The connection that carries traffic to `node`, or null (I/O thread).
  std::shared_ptr<peer> route_to(const node_id& node);
  // The connection to `node`, else the one that traffic for `node` goes out
  // on towards a node that knows the way; null if neither (I/O thread).
  std::shared_ptr<peer> next_hop(const node_id& node);
  // A message from `node` arrived through `p`: the way back, unless this
  // node has one already (I/O thread).
  void learn_route(const node_id& node, const std::shared_ptr<peer>& p);
  // `from` says that traffic for hint.target goes towards hint.via (I/O thread).
  void take_route_hint(wire::route_hint hint, const std::shared_ptr<peer>& from);

  // ---- exported local actors (any thread) ----
  // `x` becomes addressable by its id from `via` (nullptr: from every peer, as
  // a published actor), and stays alive while `via` is connected or until it
  // terminates: a node that holds a proxy for it may still send to it.
  void export_actor(actor_control_block* x, const peer* via);
  strong_actor_ptr find_local(actor_id id);
  // Changes whenever an exported actor's entry goes or is replaced: a lookup
  // or an export that a peer cached under an older value must be done again.
  std::uint64_t exports_epoch() const noexcept { return exports_epoch_.load(std::memory_order_acquire); }

  // ---- proxies (I/O thread creates them) ----
  // The proxy for actor `id` of `node`, made if needed: sent through `via`
  // when given; else through this node's connection to `node`; else
  // through `relay`, a connection to a node that knows the way to `node`
  // (null if none of them is given or open). `relay_hint`: the node that
  // sent the handle through `relay`, which `relay` is told to route towards.
  strong_actor_ptr proxy_for(const node_id& node, actor_id id, const std::shared_ptr<peer>& via,
                             const std::shared_ptr<peer>& relay = nullptr, const node_id& relay_hint = {});
  // A node routes through this one to actor `id` of `node`: watch it and
  // pass its down on to `watcher` (I/O thread).
  void relay_monitor(const node_id& node, actor_id id, const std::shared_ptr<peer>& watcher);
  // proxy_for, from another thread; through another connection to `node`
  // when `via` closed or is leaving meanwhile (null if there is none).
  strong_actor_ptr proxy_on_io(const node_id& node, actor_id id, std::shared_ptr<peer> via);
  // f (a proxy lookup) on the I/O thread, for a decode worker that waits for
  // its result; null, without waiting, once the I/O thread has ended, so
  // that stop() never waits for a worker that waits for it.
  strong_actor_ptr resolve_on_io(std::function<strong_actor_ptr()> f);
  // The threads that deserialize large messages (middleman.workers).
  decode_pool& decoders() noexcept { return decoders_; }
  // The remote actor is gone: its proxy (if any) terminates with `reason`.
  // `from`, the connection that said so: a relay's report that the actor's
  // node is unreachable does not end a proxy that moved off that relay.
  void remote_down(const node_id& node, actor_id id, const error& reason, const peer* from = nullptr);
  // The answer to this node's move marker for actor `id` of `node` arrived
  // (I/O thread).
  void proxy_moved(const node_id& node, actor_id id, std::uint64_t token);

  // ---- automatic connections (I/O thread) ----
  // Where this node accepts connections: its published ports, an empty host
  // for a port bound to every address.
  std::vector<wire::endpoint> listen_endpoints() const;
  // `relay` told where `node` listens, ahead of a handle to one of its
  // actors: true when this node now connects to it, and `relay`'s input
  // waits until that ends (resume_input).
  bool connect_introduced(const node_id& node, std::vector<wire::endpoint> eps, const std::shared_ptr<peer>& relay);

  // ---- peer events (I/O thread) ----
  void peer_ready(const std::shared_ptr<peer>& p);
  // The node that dialed `p` sent it more than a goodbye: it keeps `p`, so
  // the connections it dialed to this node before are lost on its side.
  void kept_by_dialer(const std::shared_ptr<peer>& p);
  void peer_closed(peer* p);
  // p is gone: the actors exported only to it are no longer kept alive.
  void release_exports_of(const peer* p);
  // A peer made a proxy for the local actor `id`: if that actor is gone
  // already, tell it so at once.
  void watch_local(actor_id id, const std::shared_ptr<peer>& watcher);
  // An exported local actor terminated (posted by the watcher actor): every
  // peer it was exported to hears it.
  void local_down(actor_id id, const error& reason);
  // The exit reason of a recently ended exported actor (unknown if none).
  error recent_end(actor_id id) const;

  // ---- node monitors (any thread) ----
  void monitor_node(const node_id& node, const actor_addr& observer) override;
  void demonitor_node(const node_id& node, const actor_addr& observer) override;

private:
  struct published_entry {
    actor handle;
    std::vector<std::string> interface;
    asio::ip::tcp::acceptor acceptor; // not opened on a memory network
    std::uint16_t port = 0;
    std::string memory_host; // on a memory network: the address given to publish
  };

  // Binds and listens on TCP or the memory network; entry.port is the port taken.
  error listen(const std::shared_ptr<published_entry>& entry, const std::string& addr, std::uint16_t port,
               bool reuse_addr);
  void close_listener(published_entry& entry);
  void accept(const std::shared_ptr<published_entry>& entry);
  // A new connection to a published port (I/O thread).
  void adopt_accepted(const published_entry& entry, byte_stream stream);
  // Callbacks from outside the I/O loop (the memory network's new links, the
  // system's timers) reach the middleman through this while it runs: they
  // may come at any time, also while it is going away.
  struct io_gate {
    std::mutex mtx;
    middleman_impl* owner = nullptr;
  };
  std::shared_ptr<io_gate> io_gate_ = std::make_shared<io_gate>();
  // Runs f on the I/O loop, if the middleman still runs.
  template <class F>
  static void post_through(const std::shared_ptr<io_gate>& gate, F f);
  // Without an I/O thread: the next heartbeat tick, on the system's clock.
  void schedule_tick();
  // Tries eps[i], then the next, until one reaches `node` or none is left.
  void dial_introduced(const node_id& node, std::vector<wire::endpoint> eps, std::size_t i);
  void tick();

  // Runs f on the I/O thread and waits for its result.
  template <class F>
  auto run_on_io(F f) -> decltype(f());

  actor_system& sys_;
  middleman_settings cfg_;
  std::unique_ptr<asio::ssl::context> tls_; // outlives the peers' TLS streams
  std::shared_ptr<memory_network> memory_;  // null: TCP
  std::vector<wire::type_fingerprint> types_;
  asio::io_context io_;
  tcp_watch watch_{io_}; // holds peers: destroyed before io_
  asio::executor_work_guard<asio::io_context::executor_type> work_;
  asio::steady_timer tick_timer_;
  asio::steady_timer shutdown_deadline_;
  std::thread thread_;
  std::atomic<std::thread::id> io_thread_id_{};
  std::mutex io_wait_mtx_; // resolve_on_io's results, and:
  std::condition_variable io_wait_;
  bool io_ended_ = false;
  decode_pool decoders_; // stopped before io_ is destroyed
  bool started_ = false;
  bool stopped_ = false;
  bool stopping_ = false; // I/O thread: stop() began

  // I/O thread only.
  std::vector<std::shared_ptr<peer>> peers_;
  std::unordered_map<node_id, std::weak_ptr<peer>> routes_;
  std::map<std::string, std::weak_ptr<peer>> dialed_;
  // Nodes this one connects to after an introduction, and the peers whose
  // input waits for that.
  std::unordered_map<node_id, std::vector<std::weak_ptr<peer>>> introductions_;
  // Nodes this one connected to, or tried to, after an introduction: when the
  // next attempt may start (a failed attempt, or a lost connection, backs off).
  struct direct_attempts {
    unsigned failures = 0; // in a row
    std::chrono::steady_clock::time_point not_before{};
  };
  std::unordered_map<node_id, direct_attempts> direct_attempts_;
  void direct_attempt_ended(const node_id& node, bool connected);
  // Nodes without a connection of their own, reached through another node:
  // one that sent a handle to them, one their messages came through, or one
  // a route hint pointed to.
  std::unordered_map<node_id, std::weak_ptr<peer>> relayed_routes_;
  // Remote actors that other nodes reach through this one, and those nodes.
  struct remote_actor_key {
    node_id node;
    actor_id id;
    friend bool operator==(const remote_actor_key&, const remote_actor_key&) = default;
  };
  struct remote_actor_key_hash {
    std::size_t operator()(const remote_actor_key& k) const noexcept {
      return std::hash<node_id>{}(k.node) * 31 + std::hash<actor_id>{}(k.id);
    }
  };
  std::unordered_map<remote_actor_key, std::vector<std::weak_ptr<peer>>, remote_actor_key_hash> relay_watchers_;
  // p closed: the proxies routed through it terminate.
  void kill_relayed_proxies(const peer* p);
  // `node` has a direct connection now: the proxies of its actors that go
  // through a relay move onto it (remote_proxy.hpp says how).
  void move_routed_proxies(const node_id& node);
  // The marker of move `token` goes out through the proxy's relay once no
  // sender writes there any more, with the monitor on the direct connection.
  void send_move_marker(strong_actor_ptr proxy, std::uint64_t token);
  std::uint64_t next_move_token_ = 1;
  // p closed: the proxies of `nodes` bound to p terminate, though another
  // connection may lead there (their monitors were registered over p).
  void kill_proxies_bound_to(const peer* p, const std::vector<node_id>& nodes);
  // Terminates proxies whose node cannot be reached, telling relay watchers.
  void kill_unreachable(std::vector<strong_actor_ptr>& dead);
  // Tells the nodes that watch actor `id` of `node` through this one.
  void notify_relay_watchers(const node_id& node, actor_id id, const error& reason);
  std::vector<std::shared_ptr<published_entry>> published_;
  static constexpr std::size_t max_recent_ends = 4096;
  std::deque<std::pair<actor_id, error>> recent_ends_;
  actor watcher_; // a hidden local actor that turns down_msg into local_down

  // Any thread.
  struct export_entry {
    strong_actor_ptr actor;
    std::vector<const peer*> peers; // who may address it; empty: published
    bool published = false;
  };
  std::mutex exported_mtx_;
  std::unordered_map<actor_id, export_entry> exported_;
  std::atomic<std::uint64_t> exports_epoch_{0}; // written under exported_mtx_
  // A proxy lives until its actor's node reports the actor down or the
  // connection ends, so that monitors and links on it fire even when no
  // handle to it is left.
  std::mutex nodes_mtx_;
  std::unordered_set<node_id> connected_; // nodes with a ready connection
  std::unordered_map<node_id, std::vector<actor_addr>> node_observers_;
  std::mutex proxies_mtx_;
  std::unordered_map<node_id, std::unordered_map<actor_id, strong_actor_ptr>> proxies_;

  remote_services services_{*this};
};

} // namespace troupe::net
