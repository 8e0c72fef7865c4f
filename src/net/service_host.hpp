// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What remote_services sees of the middleman that owns it: the surroundings it
// reads (services_context) and the two things it asks for (service_host):
// a connection to a host, and the network run on this thread while a blocking
// call waits on a node without an I/O thread.
#include <asio.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "troupe/expected.hpp"

namespace troupe {
class actor_system;
}

namespace troupe::net {

class peer;
class peer_owner;
class routing_table;
struct middleman_settings;

class service_host {
public:
  // The peer at host:port after its handshake: a new or an existing connection
  // (any thread but the I/O thread).
  virtual expected<std::shared_ptr<peer>> dial(const std::string& host, std::uint16_t port) = 0;
  // Whether a blocking call on this thread must run the network itself.
  virtual bool driven_here() const noexcept = 0;
  // When driven_here(): runs the network until `done()` or until `timeout` of
  // real time has passed; true when done.
  virtual bool drive_until(const std::function<bool()>& done, std::chrono::nanoseconds timeout) = 0;

protected:
  ~service_host() = default;
};

// remote_services' surroundings, owned by its middleman and alive as long as it.
struct services_context {
  actor_system& system;
  asio::io_context& io;
  const middleman_settings& config;
  const routing_table& routes; // I/O thread
  peer_owner& proxies;         // proxy_for, on the I/O thread
  service_host& host;
};

} // namespace troupe::net
