// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A broker: an event-based actor that owns TCP sockets and speaks a protocol
// of its own over them (HTTP, a line protocol, ...), where the middleman
// speaks troupe's. The middleman's I/O thread moves the bytes; the broker's
// handlers run on the scheduler like any actor's, so a slow handler never
// delays the node's heartbeats or other connections. docs/net.md#brokers.
//
//   behavior echo(broker* self) {
//     return {
//       [=](const new_connection_msg& m) { self->configure_read(m.handle, receive_policy::at_most(4096)); },
//       [=](const new_data_msg& m) { self->write(m.handle, m.buf.size(), m.buf.data()); self->flush(m.handle); },
//       [](const connection_closed_msg&) {},
//     };
//   }
//   auto server = sys.middleman().spawn_server(echo, 0);
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "troupe/behavior.hpp"
#include "troupe/building_blocks/spawner.hpp"
#include "troupe/error.hpp"
#include "troupe/event_based_actor.hpp"
#include "troupe/expected.hpp"
#include "troupe/net/broker_handles.hpp"
#include "troupe/net/broker_messages.hpp"
#include "troupe/net/middleman.hpp"
#include "troupe/net/receive_policy.hpp"
#include "troupe/scheduler/current_worker.hpp"

namespace troupe::net {

class broker_io;       // the I/O thread's side of a broker's sockets (src/net)
class broker_registry; // the brokers of one middleman (src/net)

/// An event-based actor that owns TCP sockets and speaks a protocol of its own over them. Its sockets' events arrive
/// as new_connection_msg, new_data_msg, connection_closed_msg and acceptor_closed_msg; its handlers run on the
/// scheduler, while the middleman's I/O thread moves the bytes. Spawn one with middleman::spawn_broker,
/// spawn_server or spawn_client; its function takes a `broker*` first.
class broker : public event_based_actor {
public:
  /// Called by the spawn functions; opens no socket.
  explicit broker(actor_config& cfg);
  ~broker() override;

  // ---- behavior -------------------------------------------------------------------

  /// As for every actor; a broker's become also keeps its socket bookkeeping
  /// (which connections exist, when to cut the next chunk), so call it on the
  /// broker pointer.
  template <class T, class... Ts>
    requires(!std::is_same_v<std::decay_t<T>, keep_behavior_t>)
  void become(T&& x, Ts&&... xs) { become_tracked(behavior{std::forward<T>(x), std::forward<Ts>(xs)...}, true); }

  /// As become(xs...), but keeps the current behavior below the new one (unbecome returns to it).
  template <class... Ts>
  void become(keep_behavior_t, Ts&&... xs) {
    become_tracked(behavior{std::forward<Ts>(xs)...}, false);
  }

  // ---- connections ----------------------------------------------------------------
  // Each call on a handle this broker has no open socket for (never had, closed
  // it, or was told it closed) returns sec::invalid_argument and does nothing.

  /// How the connection's bytes are cut into new_data_msg chunks from the next
  /// chunk on. Nothing is read from a connection before its first call.
  error configure_read(connection_handle hdl, receive_policy policy);

  /// Appends n bytes to the connection's write buffer; flush sends them.
  error write(connection_handle hdl, std::size_t n, const void* data);
  /// Appends the characters of `text` to the connection's write buffer; flush sends them.
  error write(connection_handle hdl, std::string_view text) { return write(hdl, text.size(), text.data()); }

  /// Hands the write buffer to the I/O thread. Bytes of one connection go out
  /// in the order they were written; a connection that failed meanwhile drops
  /// them (its connection_closed_msg is on the way).
  error flush(connection_handle hdl);

  /// Sends what was written (flushed or not), then closes. The broker gets no
  /// more data from it, and then its connection_closed_msg.
  error close(connection_handle hdl);

  /// Stops accepting; acceptor_closed_msg follows.
  error close(accept_handle hdl);

  /// Closes every connection and acceptor of this broker.
  void close_all();

  /// Connects to host:port (blocking this broker, at most
  /// middleman.connect-timeout) and adds the connection.
  expected<connection_handle> add_tcp_scribe(const std::string& host, std::uint16_t port);

  /// Listens on `port` (0: any free port; local_port tells which) of `addr`
  /// (empty: every interface); each accepted connection arrives as a
  /// new_connection_msg.
  expected<accept_handle> add_tcp_doorman(std::uint16_t port = 0, const std::string& addr = {},
                                          bool reuse_addr = false);

  /// Spawns fun(broker* self, hdl, xs...) as a new broker that takes over the
  /// connection hdl: its socket, what was written to it and not yet flushed,
  /// its receive policy and the bytes not yet handled here (a chunk already
  /// on its way to this broker is cut again for the new one, unless this
  /// broker forks from inside that chunk's handler, which counts as handling
  /// it). This broker has no such handle any more. An invalid handle when hdl
  /// is not an open connection of this broker or the system shuts down:
  /// nothing is spawned then and the connection stays here.
  template <class F, class... Ts>
  actor fork(F fun, connection_handle hdl, Ts&&... xs);

  /// The open connections and acceptors, in the order of their handles.
  /// @{
  std::vector<connection_handle> connections() const;
  std::vector<accept_handle> acceptors() const;
  /// @}
  /// The number of open connections.
  std::size_t num_connections() const noexcept { return connections_.size(); }
  /// Whether `hdl` is an open connection (or acceptor) of this broker.
  /// @{
  bool valid(connection_handle hdl) const { return connections_.count(hdl) != 0; }
  bool valid(accept_handle hdl) const { return acceptors_.count(hdl) != 0; }
  /// @}

  /// The port an acceptor listens on; 0 for a handle that is not an open
  /// acceptor of this broker.
  std::uint16_t local_port(accept_handle hdl) const;

protected:
  behavior initial_behavior() override;
  /// The broker's sockets close (after sending what was written) and tell
  /// nobody: the broker is gone.
  void on_exit() override;

private:
  class tracking_behavior;
  friend class broker_sockets;

  struct connection_state {
    std::vector<std::byte> out; // written, not flushed
  };

  void become_tracked(behavior bhvr, bool discard_old);
  behavior track(behavior bhvr);
  broker_io& io();
  /// The handler of a new_data_msg for hdl returned: cut the next chunk.
  void chunk_done(connection_handle hdl);

  std::shared_ptr<broker_io> io_; // made on first use, or adopted at spawn
  broker_registry* registry_ = nullptr;
  std::map<connection_handle, connection_state> connections_;
  std::map<accept_handle, std::uint16_t> acceptors_; // with their ports
  /// The connection whose chunk a handler is handling right now, if any: a
  /// fork from inside that handler must not have the chunk cut again.
  std::optional<connection_handle> chunk_in_hand_;
};

/// Sockets that mm.spawn_server and mm.spawn_client open before their broker
/// exists, so that a failure is their result rather than a dead broker. The
/// broker adopts them at spawn; what no broker adopted closes with this object.
class broker_sockets {
public:
  /// An empty set of sockets of mm's I/O thread.
  explicit broker_sockets(middleman& mm) noexcept : mm_(mm) {}
  ~broker_sockets();
  broker_sockets(const broker_sockets&) = delete;
  broker_sockets& operator=(const broker_sockets&) = delete;

  /// Binds and listens; `port` becomes the port bound.
  expected<accept_handle> open_acceptor(std::uint16_t& port, const std::string& addr, bool reuse_addr);
  /// Connects to host:port, blocking the caller for at most middleman.connect-timeout; an error
  /// (sec::cannot_connect_to_node, or sec::system_shutdown once the I/O thread stopped) when that fails.
  expected<connection_handle> open_connection(const std::string& host, std::uint16_t port);

  /// The connection hdl of `from` (one of its open connections), for
  /// hand_to to move; `from` keeps it until then (a fork).
  void take_over(broker& from, connection_handle hdl) noexcept;

  /// Gives the sockets to `b`, spawned and not yet launched.
  void hand_to(broker& b);

private:
  broker_io& io();

  middleman& mm_;
  std::shared_ptr<broker_io> io_;
  std::vector<connection_handle> connections_;
  std::vector<std::pair<accept_handle, std::uint16_t>> acceptors_;
  broker* forked_from_ = nullptr;
  connection_handle forked_;
};

/// Spawns fun as a broker that starts with `sockets`. Brokers are hidden
/// actors: they do not keep the system alive, and the system's shutdown ends
/// them (middleman::stop).
template <spawn_options Os, class F, class... Ts>
actor spawn_broker_with(actor_system& sys, broker_sockets& sockets, F fun, Ts&&... xs) {
  troupe::detail::spawner::check_parentless<Os>();
  using traits = troupe::detail::function_actor_traits<F>;
  static_assert(traits::has_self && std::is_base_of_v<broker, typename traits::impl>,
                "a broker's function takes a broker* (or a pointer to a class derived from broker) first");
  using impl = troupe::detail::function_actor<typename traits::impl, true, F, std::decay_t<Ts>...>;
  constexpr auto opts = Os + hidden;
  auto [hdl, ptr] = troupe::detail::spawner::make_actor<impl, opts>(sys, std::move(fun), std::forward<Ts>(xs)...);
  if (!hdl)
    return hdl; // the system shuts down; `sockets` closes what it holds
  sockets.hand_to(*ptr);
  ptr->launch(scheduler::current_worker(), opts);
  return hdl;
}

template <class F, class... Ts>
actor broker::fork(F fun, connection_handle hdl, Ts&&... xs) {
  if (!valid(hdl))
    return actor{};
  broker_sockets sockets{system().middleman()};
  sockets.take_over(*this, hdl);
  return spawn_broker_with<no_spawn_options>(system(), sockets, std::move(fun), hdl, std::forward<Ts>(xs)...);
}

// ---- middleman's spawn functions (declared in middleman.hpp) -----------------------

template <spawn_options Os, class F, class... Ts>
actor middleman::spawn_broker(F fun, Ts&&... xs) {
  broker_sockets none{*this};
  return spawn_broker_with<Os>(sys_, none, std::move(fun), std::forward<Ts>(xs)...);
}

template <spawn_options Os, class F, class... Ts>
expected<actor> middleman::spawn_server(F fun, std::uint16_t& port, Ts&&... xs) {
  broker_sockets sockets{*this};
  auto bound = port;
  auto acc = sockets.open_acceptor(bound, {}, false);
  if (!acc)
    return acc.error();
  auto hdl = spawn_broker_with<Os>(sys_, sockets, std::move(fun), std::forward<Ts>(xs)...);
  if (!hdl)
    return error{sec::system_shutdown, "spawn_server: the actor system shuts down"};
  port = bound;
  return hdl;
}

template <spawn_options Os, class F, class... Ts>
expected<actor> middleman::spawn_server(F fun, const std::uint16_t& port, Ts&&... xs) {
  auto bound = port;
  return spawn_server<Os>(std::move(fun), bound, std::forward<Ts>(xs)...);
}

template <spawn_options Os, class F, class... Ts>
expected<actor> middleman::spawn_client(F fun, const std::string& host, std::uint16_t port, Ts&&... xs) {
  broker_sockets sockets{*this};
  auto conn = sockets.open_connection(host, port);
  if (!conn)
    return conn.error();
  auto hdl = spawn_broker_with<Os>(sys_, sockets, std::move(fun), *conn, std::forward<Ts>(xs)...);
  if (!hdl)
    return error{sec::system_shutdown, "spawn_client: the actor system shuts down"};
  return hdl;
}

} // namespace troupe::net
