// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A network inside one process, for tests: the middlemen of the systems whose
// config sets middleman.memory-network=NAME publish and connect on the
// network NAME instead of TCP, and the test decides what the connections do:
// hold bytes back (a partition), deliver them late (a delay), lose whole
// writes (loss) or break (a cut). The protocol, heartbeats and flow control
// run exactly as over TCP; only the bytes travel through memory.
//
//   auto net = net::memory_network::get("t");
//   cfg.set("middleman.memory-network", "t");       // on every node's config
//   auto port = server.middleman().publish(svc, 0);  // a port of the network
//   net->partition(*port);  // connections to it go silent until net->heal
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "troupe/expected.hpp"

namespace troupe::net {

class memory_link;

/// A network inside one process, for tests: middlemen configured with middleman.memory-network=NAME publish and
/// connect on it instead of TCP, and the test injects faults per port (partition, delay, lost writes, cuts).
/// All members are thread-safe.
class memory_network {
public:
  /// Which way a fault acts on a connection: towards the end that published
  /// the port, towards the end that connected, or both.
  enum class direction { to_server, to_client, both };

  /// The network of this name, made on first use; it lives while a system or
  /// a test holds it.
  static std::shared_ptr<memory_network> get(const std::string& name);

  /// A network named `name` that no middleman can find: use get(name), which registers it by name.
  explicit memory_network(std::string name) : name_(std::move(name)) {}
  ~memory_network();
  memory_network(const memory_network&) = delete;
  memory_network& operator=(const memory_network&) = delete;

  /// The name middlemen find it by.
  const std::string& name() const noexcept { return name_; }

  // ---- faults: on every connection to `port`, present and later ----

  /// The connections carry nothing until heal(port): what is written waits,
  /// in order, as TCP's retransmissions would, and a peer that hears nothing
  /// for middleman.connection-timeout declares the other end dead.
  void partition(std::uint16_t port);
  /// Delivers what waited and carries bytes again.
  void heal(std::uint16_t port);
  /// Each write arrives `d` after it was written (0: at once); order is kept.
  void set_delay(std::uint16_t port, std::chrono::nanoseconds d);
  /// The next `n` writes in `dir` on each open connection are lost whole (a
  /// write carries whole frames, so the connection goes on with the frames
  /// after them).
  void drop_writes(std::uint16_t port, direction dir, std::size_t n);
  /// Breaks every open connection to `port`: both ends see it lost, as after
  /// a reset. Returns how many were broken.
  std::size_t cut(std::uint16_t port);

  // ---- what a test can observe ----

  /// Connections to `port` that neither end has closed.
  std::size_t connections(std::uint16_t port);
  /// Whether somebody listens on `port` now.
  bool listening(std::uint16_t port);
  /// Bytes written in `dir` on the open connections to `port` so far (lost
  /// writes not counted): what a connection costs on the wire.
  std::uint64_t bytes_carried(std::uint16_t port, direction dir);

  // ---- for the middleman ----

  /// Called with the server's end of each new connection, on the connecting
  /// thread: it hands the end to its own I/O thread.
  using accept_handler = std::function<void(std::shared_ptr<memory_link>)>;
  /// Listens on `port` (0: a free one); the port taken.
  expected<std::uint16_t> listen(std::uint16_t port, accept_handler on_accept);
  /// Stops accepting on `port`; connections already made stay open. Nothing happens if nobody listens there.
  void stop_listening(std::uint16_t port);
  /// A new connection to `port`, whose client end the caller takes.
  expected<std::shared_ptr<memory_link>> connect(std::uint16_t port);
  /// Middlemen without an I/O thread (middleman.io-thread=false) attach their
  /// poll here, so that a blocking connect on one of them, or a test, can run
  /// every node's network work from one thread.
  void attach(const void* who, std::function<std::size_t()> poll);
  /// Removes the polls attached by `who`.
  void detach(const void* who);
  /// Runs each attached poll once; how many handlers ran in all.
  std::size_t poll_attached();

private:
  struct port_state {
    accept_handler on_accept; // empty: nobody listens
    bool partitioned = false;
    std::chrono::nanoseconds delay{0};
    std::vector<std::weak_ptr<memory_link>> links;
  };
  void set_partitioned(std::uint16_t port, bool on);
  /// The open links to `port`, dead ones forgotten (under mtx_).
  std::vector<std::shared_ptr<memory_link>> live_links(port_state& st);

  const std::string name_;
  std::mutex mtx_;
  std::map<std::uint16_t, port_state> ports_;
  std::vector<std::pair<const void*, std::function<std::size_t()>>> pollers_;
  std::uint16_t next_free_ = 40000;
  std::uint64_t next_link_ = 1;
};

} // namespace troupe::net
