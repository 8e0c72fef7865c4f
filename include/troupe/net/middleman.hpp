// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The middleman: the network layer of one actor system. It publishes local
// actors on TCP ports, connects to other nodes and hands out proxies, actors
// that stand for remote ones, so that a remote handle is an `actor` like any
// other. One I/O thread per system runs the sockets (none with
// middleman.io-thread=false: then poll() does, for deterministic tests);
// senders serialize on their own thread. docs/net.md shows the use, docs/protocol.md the wire.
//
//   actor_system_config cfg;
//   cfg.load<net::middleman>();
//   actor_system sys{cfg};
//   auto port = sys.middleman().publish(server, 0);      // any free port
//   auto calc = sys.middleman().remote_actor("localhost", *port);
//
// A program with TROUPE_MAIN(net::middleman) gets it loaded from the start.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "troupe/actor.hpp"
#include "troupe/actor_factory.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/actor_system_config.hpp"
#include "troupe/actor_system_module.hpp"
#include "troupe/error.hpp"
#include "troupe/expected.hpp"
#include "troupe/message.hpp"
#include "troupe/net/interface_signature.hpp"
#include "troupe/net/message_tap.hpp"
#include "troupe/net/middleman_settings.hpp"
#include "troupe/node_id.hpp"
#include "troupe/spawn_options.hpp"

namespace troupe::net {

class broker;
class broker_registry;
class broker_sockets;
class middleman_impl;

/// The network layer of one actor system: publishes local actors on ports, connects to other nodes and hands out
/// proxies for remote actors, and spawns brokers. Load it with cfg.load<net::middleman>() and reach it through
/// sys.middleman(). Its members may be called from any thread (poll() only from the thread that started the system);
/// those that connect block the caller until answered or timed out.
class middleman final : public actor_system_module {
public:
  /// The options (`middleman.*`) it reads from the config.
  using settings = middleman_settings;
  /// Its module kind, by which the system finds it.
  static constexpr kind static_kind = actor_system_module::middleman;

  /// The module protocol of actor_system_config::load.
  static void add_options(actor_system_config& cfg, settings& s);
  /// Creates the module for `sys` with the options parsed into `s` (the module protocol, as add_options).
  static std::unique_ptr<actor_system_module> make(actor_system& sys, const settings& s);

  /// The module protocol of TROUPE_MAIN(net::middleman) and exec_main.
  static void init(actor_system_config& cfg) { cfg.load<middleman>(); }

  /// Use cfg.load<net::middleman>() rather than this. Throws std::runtime_error when middleman.secret-file is set and
  /// holds no secret (cannot be read, or its first line is empty).
  middleman(actor_system& sys, const settings& s);
  ~middleman() override;

  /// Returns static_kind.
  kind module_kind() const noexcept override { return static_kind; }
  /// Starts the I/O thread (none with middleman.io-thread=false); called by the actor system.
  void start() override;
  /// Ends every broker, then closes every connection and stops the I/O thread; called by the actor system.
  void stop() override;

  /// The system this middleman belongs to.
  actor_system& system() const noexcept { return sys_; }
  /// The options it runs with; `secret` holds what was read from secret_file.
  const settings& config() const noexcept { return settings_; }

  /// Makes `handle` reachable on `port` (0: any free port) of `addr` (empty:
  /// every interface). Returns the port bound. A typed handle publishes its
  /// interface, which remote_actor<T> checks.
  template <class Handle>
  expected<std::uint16_t> publish(const Handle& handle, std::uint16_t port, const std::string& addr = {},
                                  bool reuse_addr = false) {
    return publish_impl(actor{handle}, interface_of<handle_type_of<Handle>>(), port, addr, reuse_addr);
  }

  /// Stops publishing `handle` on `port` (0: on every port it is published on).
  template <class Handle>
  error unpublish(const Handle& handle, std::uint16_t port = 0) {
    return unpublish_impl(actor{handle}, port);
  }

  /// The actor published at host:port, after connecting (or over an existing
  /// connection to that address). Fails after middleman.connect-timeout.
  expected<actor> remote_actor(const std::string& host, std::uint16_t port);

  /// As above, checked against the published interface before any message is
  /// sent: the published actor must have every signature of Handle.
  template <class Handle>
  expected<Handle> remote_actor(const std::string& host, std::uint16_t port) {
    if constexpr (std::is_same_v<Handle, actor>) {
      return remote_actor(host, port);
    } else {
      auto x = remote_actor_impl(host, port, interface_of<Handle>());
      if (!x)
        return x.error();
      return actor_cast<Handle>(*x);
    }
  }

  /// Connects to host:port and returns the node there.
  expected<node_id> connect(const std::string& host, std::uint16_t port);

  /// The actor registered as `name` (sys.registry().put) on `node`, a node this
  /// middleman is connected to. An error names an unknown name; it fails after
  /// middleman.connect-timeout when the node does not answer.
  expected<actor> remote_lookup(const std::string& name, const node_id& node);

  /// Spawns the actor type `type` (cfg.add_actor_type on that node) on `node`
  /// with the arguments xs, waiting at most `timeout` for it. A Handle other
  /// than `actor` is checked against the type's interface before anything is
  /// spawned. Errors: an unknown type (sec::invalid_argument), arguments that
  /// do not fit it (sec::type_clash) or cannot cross (not announced), another
  /// interface (sec::unexpected_actor_messaging_interface), no answer in time
  /// (sec::request_timeout).
  template <class Handle = actor, class Rep, class Period, class... Ts>
  expected<Handle> remote_spawn(const node_id& node, const std::string& type,
                                std::chrono::duration<Rep, Period> timeout, Ts&&... xs) {
    auto x =
      remote_spawn_impl(node, type, make_message(std::forward<Ts>(xs)...), troupe::detail::interface_ids_of<Handle>(),
                        std::chrono::duration_cast<std::chrono::nanoseconds>(timeout));
    if (!x)
      return x.error();
    if constexpr (std::is_same_v<Handle, actor>)
      return *x;
    else
      return actor_cast<Handle>(*x);
  }

  /// Listens on `port` (0: any free port; `addr` as for publish) so that other
  /// nodes can use this node's local groups: sys.groups().get("remote",
  /// "name@host:port") there joins and sends to the local group "name" here.
  /// From then on every connected node may use them. Returns the port bound.
  expected<std::uint16_t> publish_local_groups(std::uint16_t port, const std::string& addr = {},
                                               bool reuse_addr = false);

  /// Classic spelling of publish_local_groups: a port that other nodes connect to (connect,
  /// then remote_lookup, remote_spawn) and that publishes no actor. Such a port
  /// is publish_local_groups' already, so open is that call: a ported program
  /// that opens a port for remote groups (sys.groups().get("remote:...") on
  /// the other node) finds them there. `addr` nullptr: every interface.
  expected<std::uint16_t> open(std::uint16_t port, const char* addr = nullptr, bool reuse_addr = false) {
    return publish_local_groups(port, addr == nullptr ? std::string{} : std::string{addr}, reuse_addr);
  }

  /// Nodes this middleman has a working connection to.
  std::vector<node_id> connected_nodes() const;

  /// Parks idle connections from now on, as middleman.max-connections and middleman.idle-timeout do: a connection
  /// that carried no message for `idle_timeout` (0: never), and the least recently used beyond `max_connections`
  /// (0: no limit), closes without ending anything it carried. Its proxies hold what is sent to them, and the next
  /// message to the node connects again. Any thread.
  void set_connection_limits(std::size_t max_connections, std::chrono::nanoseconds idle_timeout);

  /// `node` is gone for good (a membership protocol said so): a parked connection to it is not made again; what
  /// waited for it fails and its proxies terminate with exit_reason::remote_link_unreachable. Any thread.
  void forget_node(const node_id& node);

  /// Connections open now, not counting those being parked.
  std::size_t open_connections() const;
  /// Nodes whose connection is parked (or being parked).
  std::size_t parked_nodes() const;

  /// Proxies alive right now (tests and inspection).
  std::size_t proxy_count() const;

  /// Actor messages that idle scheduler workers read from the network and
  /// delivered, rather than the I/O thread (middleman.read-on-idle-workers;
  /// tests and inspection).
  std::size_t messages_read_on_workers() const;

  /// Bytes queued for `node` and not yet written to its socket (0: not
  /// connected). Past middleman.max-queued-bytes, senders wait.
  std::size_t queued_bytes(const node_id& node) const;

  /// Installs (or, with nullptr, removes) what is told of every message to and from other nodes; `x` must outlive
  /// its installation and the calls under way when it is removed (the inspection probe installs one).
  void set_message_tap(message_tap* x) noexcept;
  /// The installed message tap, or nullptr.
  message_tap* tap() const noexcept;

  /// With middleman.io-thread=false: runs the network work that is ready now
  /// (reads, writes, new connections, heartbeats and timeouts that came due)
  /// on the calling thread, and returns how many handlers ran. The thread
  /// that started the system must call it; nothing else runs the network.
  std::size_t poll();

  // ---- brokers: actors that own sockets (troupe/net/broker.hpp defines these) ----

  /// A broker without sockets yet: fun(broker* self, xs...) returns its behavior.
  template <spawn_options Os = no_spawn_options, class F, class... Ts>
  actor spawn_broker(F fun, Ts&&... xs);

  /// A broker that starts with an acceptor on `port` of every interface (0: any
  /// free port). Given a std::uint16_t variable, sets it to the port bound.
  template <spawn_options Os = no_spawn_options, class F, class... Ts>
  expected<actor> spawn_server(F fun, std::uint16_t& port, Ts&&... xs);
  /// As above, for a port given as a value (a literal, a constant): the port bound is not reported back; with 0 the
  /// broker can learn it from local_port on its acceptor.
  template <spawn_options Os = no_spawn_options, class F, class... Ts>
  expected<actor> spawn_server(F fun, const std::uint16_t& port, Ts&&... xs);

  /// A broker that starts with a connection to host:port:
  /// fun(broker* self, connection_handle hdl, xs...). Fails after
  /// middleman.connect-timeout.
  template <spawn_options Os = no_spawn_options, class F, class... Ts>
  expected<actor> spawn_client(F fun, const std::string& host, std::uint16_t port, Ts&&... xs);

private:
  friend class broker;
  friend class broker_sockets;

  template <class H>
  using handle_type_of = std::conditional_t < requires {
    typename H::signatures;
  }
  , H, actor > ;

  expected<std::uint16_t> publish_impl(actor handle, std::vector<std::string> ifs, std::uint16_t port,
                                       const std::string& addr, bool reuse_addr);
  error unpublish_impl(const actor& handle, std::uint16_t port);
  expected<actor> remote_actor_impl(const std::string& host, std::uint16_t port, const std::vector<std::string>& ifs);
  expected<actor> remote_spawn_impl(const node_id& node, const std::string& type, message args,
                                    const interface_ids& expected_interface, std::chrono::nanoseconds timeout);

  actor_system& sys_;
  settings settings_;
  std::unique_ptr<middleman_impl> impl_;
  std::unique_ptr<broker_registry> brokers_; // destroyed before impl_, whose I/O thread runs their sockets
};

/// The seed's free forms, on actor_system::current() (which must have loaded
/// the middleman).
template <class Handle>
expected<std::uint16_t> publish(const Handle& handle, std::uint16_t port, const std::string& addr = {},
                                bool reuse_addr = false) {
  return troupe::detail::implicit_system("publish").middleman().publish(handle, port, addr, reuse_addr);
}

/// The free form of middleman::remote_actor, on actor_system::current().
template <class Handle = actor>
expected<Handle> remote_actor(const std::string& host, std::uint16_t port) {
  return troupe::detail::implicit_system("remote_actor").middleman().template remote_actor<Handle>(host, port);
}

} // namespace troupe::net
