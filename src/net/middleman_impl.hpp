// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The middleman's state: the I/O thread and its io_context, the connections
// (peers), the published actors and their acceptors, and the tables a
// connection works with: the routes to other nodes, the proxies of their
// actors, the local actors they may address, and the connector that dials
// them. The proxy and export tables are read from any thread (under their
// own small locks); everything else belongs to the I/O thread, and the
// public API posts work to it. Connections see the middleman as their
// peer_owner only.
#include <asio.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "connector.hpp"
#include "decode_pool.hpp"
#include "export_table.hpp"
#include "node_link.hpp"
#include "peer.hpp"
#include "peer_owner.hpp"
#include "proxy_table.hpp"
#include "relay_watchers.hpp"
#include "remote_services.hpp"
#include "routing_table.hpp"
#include "service_host.hpp"
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

class middleman_impl final : public node_monitor_service, private peer_owner, private service_host {
public:
  middleman_impl(actor_system& sys, const middleman_settings& cfg);
  ~middleman_impl() override;

  void start();
  void stop();
  // Without an I/O thread (middleman.io-thread=false): the ready handlers,
  // run on the calling thread (see middleman::poll).
  std::size_t poll();
  bool has_io_thread() const noexcept { return cfg_.io_thread; }

  actor_system& system() noexcept { return sys_; }
  const middleman_settings& config() const noexcept { return cfg_; }
  asio::io_context& io() noexcept { return io_; }
  // The plaintext TCP connections' readiness, and their reads on idle workers.
  tcp_watch& watch() noexcept { return watch_; }
  bool on_io_thread() const noexcept override {
    return std::this_thread::get_id() == io_thread_id_.load(std::memory_order_relaxed);
  }

  // ---- blocking API (any thread but the I/O thread) ----
  expected<std::uint16_t> publish(actor handle, std::vector<std::string> ifs, std::uint16_t port,
                                  const std::string& addr, bool reuse_addr);
  error unpublish(const actor& handle, std::uint16_t port);
  // The peer at host:port after its handshake (a new or an existing connection).
  expected<std::shared_ptr<peer>> dial(const std::string& host, std::uint16_t port) override;
  // Whether a blocking call on this thread must run the network itself: no
  // I/O thread, and this is the thread that polls.
  bool driven_here() const noexcept override { return !has_io_thread() && on_io_thread(); }
  // When driven_here(): runs the network (every node's, on a memory network)
  // until `done()` or until `timeout` of real time has passed; true when done.
  bool drive_until(const std::function<bool()>& done, std::chrono::nanoseconds timeout) override;
  std::vector<node_id> connected_nodes();

  // What is told of every message to and from other nodes (inspection), or nullptr.
  std::atomic<message_tap*>& tap() noexcept { return tap_; }
  std::size_t proxy_count() const { return proxies_.size(); }
  std::size_t queued_bytes(const node_id& node);

  // Lookup, remote spawn and remote groups (remote_services.hpp).
  remote_services& services() noexcept { return services_; }
  // The connection that carries traffic to `node`, or null (I/O thread).
  std::shared_ptr<peer> route_to(const node_id& node) const { return routes_.direct(node); }

  // proxy_for, from another thread; through another connection to `node`
  // when `via` closed or is leaving meanwhile (null if there is none).
  strong_actor_ptr proxy_on_io(const node_id& node, actor_id id, std::shared_ptr<peer> via);
  // (peer_owner.hpp)
  strong_actor_ptr proxy_for(const node_id& node, actor_id id, const std::shared_ptr<peer>& via,
                             const std::shared_ptr<peer>& relay = nullptr, const node_id& relay_hint = {}) override;

  // ---- parking idle connections (middleman_parking.cpp) ----
  // Any thread: from now on the tick parks connections idle for
  // `idle_timeout` (0: none) and the least recently used beyond
  // `max_connections` (0: no limit).
  void set_connection_limits(std::size_t max_connections, std::chrono::nanoseconds idle_timeout);
  // Any thread: `node` is gone for good; a parked connection to it is not
  // made again: what waited for it fails and its proxies terminate.
  void forget_node(const node_id& node);
  // Connections open and not being parked, and nodes whose connection is parked.
  std::size_t open_connections();
  std::size_t parked_nodes();

  // ---- node monitors (any thread) ----
  void monitor_node(const node_id& node, const actor_addr& observer) override;
  void demonitor_node(const node_id& node, const actor_addr& observer) override;

private:
  // ---- peer_owner ----
  void peer_ready(const std::shared_ptr<peer>& p) override;
  void kept_by_dialer(const std::shared_ptr<peer>& p) override;
  void peer_closed(peer* p) override;
  void export_actor(actor_control_block* x, const peer* via) override;
  void watch_local(actor_id id, const std::shared_ptr<peer>& watcher) override;
  strong_actor_ptr resolve_on_io(std::function<strong_actor_ptr()> f) override;
  void remote_down(const node_id& node, actor_id id, const error& reason, const peer* from) override;
  void relay_monitor(const node_id& node, actor_id id, const std::shared_ptr<peer>& watcher) override;
  void proxy_moved(const node_id& node, actor_id id, std::uint64_t token) override;
  void take_route_hint(wire::route_hint hint, const std::shared_ptr<peer>& from) override;
  bool connect_introduced(const node_id& node, std::vector<wire::endpoint> eps,
                          const std::shared_ptr<peer>& relay) override;
  std::vector<wire::endpoint> listen_endpoints() const override;

  bool park_requested(const std::shared_ptr<peer>& p) override;
  void park_refused(const std::shared_ptr<peer>& p) override;

  // ---- parking (I/O thread) ----
  // Whether `p` may be parked now: it carries only its own node's direct
  // traffic, it is the node's only connection, nothing waits on it, and the
  // node told where to dial it again.
  bool may_park(const std::shared_ptr<peer>& p);
  // This side's part, before p seals: p's links hold what is sent from now
  // on, and its exports wait for the node.
  void park(const std::shared_ptr<peer>& p);
  // The parked links of `node` go on over its direct connection, once no
  // connection to the node is still being parked (what went out on that one
  // arrives first).
  void unpark(const node_id& node);
  // A parked link holds something: dial the node again.
  void reconnect(const node_id& node);
  void reconnect_at(const node_id& node, std::vector<wire::endpoint> eps, std::size_t i);
  // The parked node cannot be reached, or is gone: what its links held
  // fails with `reason`, its waiting proxies terminate.
  void lose_parked(const node_id& node, const error& reason);
  // Each tick: parks the connections that are due.
  void park_idle(peer::clock::time_point now);
  // `p` closed, not parked: the links that sent through it fail from now on.
  void lose_links_of(const peer* p);

  // An exported local actor terminated (posted by the watcher actor): every
  // peer it was exported to hears it.
  void local_down(actor_id id, const error& reason);

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
  // A new connection this node dialed (I/O thread); the connector starts it.
  std::shared_ptr<peer> adopt_dialed(byte_stream stream);
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
  void tick();

  // Runs f on the I/O thread and waits for its result.
  template <class F>
  auto run_on_io(F f) -> decltype(f());

  // p closed: the proxies of `nodes` bound to p terminate, though another
  // connection may lead there (their monitors were registered over p).
  void kill_proxies_bound_to(const peer* p, const std::vector<node_id>& nodes);
  // Terminates proxies whose node cannot be reached, telling relay watchers.
  void kill_unreachable(std::vector<strong_actor_ptr>& dead);
  // Tells the nodes that watch actor `id` of `node` through this one.
  void notify_relay_watchers(const node_id& node, actor_id id, const error& reason);
  // `node` has a direct connection now: the proxies of its actors that go
  // through a relay move onto it (remote_proxy.hpp says how).
  void move_routed_proxies(const node_id& node);
  // The marker of move `token` goes out through the proxy's relay once no
  // sender writes there any more, with the monitor on the direct connection.
  void send_move_marker(strong_actor_ptr proxy, std::uint64_t token);
  // The node's last connection is gone: its observers hear it, and its
  // proxies terminate.
  void node_lost(const node_id& node);

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

  // The tables (routing_table.hpp, proxy_table.hpp, export_table.hpp, ...).
  routing_table routes_;
  proxy_table proxies_;
  export_table exports_;
  relay_watchers relay_watchers_;
  connector connector_;
  std::uint64_t next_move_token_ = 1; // I/O thread

  // Parking: the nodes whose connection is parked, with their parked links
  // and where to dial them; every link of each node (I/O thread).
  struct parked_node {
    std::vector<std::shared_ptr<node_link>> links;
    std::vector<wire::endpoint> contacts;
    bool dialing = false;
  };
  std::unordered_map<node_id, parked_node> parked_;
  std::unordered_map<node_id, std::vector<std::weak_ptr<node_link>>> links_;
  std::atomic<std::size_t> max_connections_{0};
  std::atomic<std::chrono::nanoseconds::rep> idle_timeout_{0};

  // I/O thread only.
  std::vector<std::shared_ptr<peer>> peers_;
  std::vector<std::shared_ptr<published_entry>> published_;
  actor watcher_; // a hidden local actor that turns down_msg into local_down

  // Any thread: node monitors.
  std::mutex nodes_mtx_;
  std::unordered_set<node_id> connected_; // nodes with a ready connection
  std::unordered_map<node_id, std::vector<actor_addr>> node_observers_;

  std::atomic<message_tap*> tap_{nullptr};

  remote_services services_{services_context{sys_, io_, cfg_, routes_, *this, *this}};
  peer_context peer_ctx_{sys_,      sys_.timers(), io_,     cfg_,      types_, watch_,
                         decoders_, exports_,      routes_, services_, *this,  tap_};
};

// Defined in the header: each of the middleman's sources that calls these
// instantiates them itself (a source is compiled on its own in a plain build).
template <class F>
auto middleman_impl::run_on_io(F f) -> decltype(f()) {
  using result = decltype(f());
  if (on_io_thread())
    return f(); // the poller's thread, without an I/O thread of its own
  auto done = std::make_shared<std::promise<result>>();
  auto fut = done->get_future();
  asio::post(io_, [done, f = std::move(f)]() mutable { done->set_value(f()); });
  // At shutdown the loop may stop before it runs this (its handlers then wait
  // for a restart that never comes): answer as a stopped middleman would (an
  // error, or nothing connected, queued or found) instead of waiting forever.
  while (fut.wait_for(std::chrono::milliseconds{20}) != std::future_status::ready) {
    if (io_.stopped()) {
      if constexpr (std::is_constructible_v<result, error>)
        return result{error{sec::invalid_state, "the middleman has stopped"}};
      else
        return result{};
    }
  }
  return fut.get();
}

template <class F>
void middleman_impl::post_through(const std::shared_ptr<io_gate>& gate, F f) {
  std::lock_guard guard{gate->mtx};
  if (auto* self = gate->owner)
    asio::post(self->io_, [self, f = std::move(f)]() mutable { f(*self); });
}

} // namespace troupe::net
