// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/net/middleman.hpp"

#include <algorithm>
#include <fstream>
#include <stdexcept>

#include "broker_registry.hpp"
#include "interface_text.hpp"
#include "middleman_impl.hpp"
#include "troupe/actor_registry.hpp"
#include "troupe/actor_system.hpp"

namespace troupe {

// Declared by the core (actor_system.hpp), defined here: only programs that
// link troupe::net can ask for the middleman.
net::middleman& actor_system::middleman() {
  auto* m = find_module(actor_system_module::middleman);
  if (m == nullptr)
    throw std::logic_error("troupe: actor_system::middleman() needs cfg.load<net::middleman>()");
  return static_cast<net::middleman&>(*m);
}

} // namespace troupe

namespace troupe::net {

void middleman::add_options(actor_system_config& cfg, settings& s) {
  cfg.add_option("middleman.heartbeat-interval", s.heartbeat_interval, "heartbeat period of every connection")
    .add_option("middleman.connection-timeout", s.connection_timeout,
                "a peer silent this long is declared dead (frozen or partitioned)")
    .add_option("middleman.connect-timeout", s.connect_timeout,
                "connect, remote_actor and the handshake give up after this")
    .add_option("middleman.max-message-size", s.max_message_size, "largest message (bytes) this node accepts")
    .add_option("middleman.max-queued-bytes", s.max_queued_bytes,
                "bytes queued for one node before senders wait (flow control)")
    .add_option("middleman.enable-automatic-connections", s.enable_automatic_connections,
                "connect directly to the node of a handle received from another node")
    .add_option("middleman.automatic-connection-retry", s.automatic_connection_retry,
                "least wait before another direct attempt to a node (doubles after each failure)")
    .add_option("middleman.workers", s.workers,
                "threads that deserialize large incoming messages (0: the I/O thread does)")
    .add_option("middleman.app-identifier", s.app_identifier, "only peers with the same identifier may connect")
    .add_option("middleman.secret", s.secret, "shared secret: peers must prove they know it (empty: none)")
    .add_option("middleman.secret-file", s.secret_file, "read the shared secret from this file (its first line)")
    .add_option("middleman.tls.certificate", s.tls_certificate,
                "this node's certificate chain (PEM); with .key and .ca: TLS 1.3 on every connection")
    .add_option("middleman.tls.key", s.tls_key, "the private key of middleman.tls.certificate (PEM)")
    .add_option("middleman.tls.ca", s.tls_ca, "peers' certificates must be signed by this CA (PEM)")
    .add_option("middleman.memory-network", s.memory_network,
                "tests: connect over the in-process memory network of this name instead of TCP")
    .add_option("middleman.io-thread", s.io_thread,
                "false: no I/O thread; the program runs the network with middleman().poll() (tests)")
    .add_option("middleman.read-on-idle-workers", s.read_on_idle_workers,
                "idle scheduler workers read busy plaintext connections (false: only the I/O thread)")
    .add_option("middleman.max-connections", s.max_connections,
                "open connections kept at most; the least recently used idle ones are parked (0: no limit)")
    .add_option("middleman.idle-timeout", s.idle_timeout,
                "a connection that carried no message for this long is parked (0: never)");
}

std::unique_ptr<actor_system_module> middleman::make(actor_system& sys, const settings& s) {
  return std::make_unique<middleman>(sys, s);
}

namespace {

// The settings with the secret file read in; throws when it cannot be read.
middleman_settings resolve_secret(middleman_settings s) {
  if (s.secret_file.empty())
    return s;
  std::ifstream in{s.secret_file};
  std::string line;
  if (!in || !std::getline(in, line) || line.empty())
    throw std::runtime_error("troupe: cannot read a secret from middleman.secret-file " + s.secret_file);
  s.secret = line;
  return s;
}

} // namespace

middleman::middleman(actor_system& sys, const settings& s)
  : sys_(sys), settings_(resolve_secret(s)), impl_(std::make_unique<middleman_impl>(sys, settings_)),
    brokers_(std::make_unique<broker_registry>(*impl_)) {}

middleman::~middleman() = default;

void middleman::start() {
  impl_->start();
}

void middleman::stop() {
  brokers_->stop(); // while the I/O thread still runs their sockets
  impl_->stop();
}

expected<std::uint16_t> middleman::publish_impl(actor handle, std::vector<std::string> ifs, std::uint16_t port,
                                                const std::string& addr, bool reuse_addr) {
  if (!handle)
    return error{sec::invalid_argument, "publish: invalid handle"};
  return impl_->publish(std::move(handle), std::move(ifs), port, addr, reuse_addr);
}

expected<std::uint16_t> middleman::publish_local_groups(std::uint16_t port, const std::string& addr, bool reuse_addr) {
  auto bound = impl_->publish(actor{}, {}, port, addr, reuse_addr);
  if (bound)
    impl_->services().export_groups();
  return bound;
}

expected<actor> middleman::remote_lookup(const std::string& name, const node_id& node) {
  if (node == sys_.node()) {
    if (auto local = sys_.registry().get(name))
      return local;
    return error{sec::invalid_argument, "no actor is registered as '" + name + "' on this node"};
  }
  return impl_->services().lookup(node, name);
}

expected<actor> middleman::remote_spawn_impl(const node_id& node, const std::string& type, message args,
                                             const interface_ids& expected_interface,
                                             std::chrono::nanoseconds timeout) {
  auto wanted = interface_text(expected_interface);
  if (node == sys_.node()) {
    const auto* factory = sys_.config().actor_type(type);
    if (factory != nullptr && !interface_fits(interface_text(factory->interface), wanted))
      return error{sec::unexpected_actor_messaging_interface,
                   "actor type '" + type + "' lacks " + missing_signatures(interface_text(factory->interface), wanted)};
    return spawn_by_name(sys_, type, args);
  }
  auto x = impl_->services().spawn(node, type, args, wanted, timeout);
  if (!x)
    return x.error();
  // The spawning node checked the interface already; a node that reports
  // another one than it checked is not trusted with the handle.
  if (!interface_fits(x->interface, wanted))
    return error{sec::unexpected_actor_messaging_interface,
                 "the actor spawned as '" + type + "' lacks " + missing_signatures(x->interface, wanted)};
  return std::move(x->handle);
}

error middleman::unpublish_impl(const actor& handle, std::uint16_t port) {
  return impl_->unpublish(handle, port);
}

expected<actor> middleman::remote_actor(const std::string& host, std::uint16_t port) {
  return remote_actor_impl(host, port, {});
}

expected<actor> middleman::remote_actor_impl(const std::string& host, std::uint16_t port,
                                             const std::vector<std::string>& ifs) {
  auto p = impl_->dial(host, port);
  if (!p)
    return p.error();
  const auto& h = (*p)->peer_hello();
  if (h.published_actor == 0)
    return error{sec::no_actor_published_at_port, host + ":" + std::to_string(port) + " publishes no actor"};
  if (!ifs.empty()) {
    if (h.published_interface.empty())
      return error{sec::unexpected_actor_messaging_interface,
                   "the actor at " + host + ":" + std::to_string(port) + " is dynamically typed"};
    if (!interface_fits(h.published_interface, ifs))
      return error{sec::unexpected_actor_messaging_interface, "the actor at " + host + ":" + std::to_string(port)
                                                                + " lacks "
                                                                + missing_signatures(h.published_interface, ifs)};
  }
  auto proxy = impl_->proxy_on_io(h.node, h.published_actor, *p);
  if (!proxy)
    return error{sec::cannot_connect_to_node, "connection to " + host + ":" + std::to_string(port) + " lost"};
  return actor{std::move(proxy)};
}

expected<node_id> middleman::connect(const std::string& host, std::uint16_t port) {
  auto p = impl_->dial(host, port);
  if (!p)
    return p.error();
  return (*p)->node();
}

std::size_t middleman::poll() {
  return impl_->poll();
}

std::vector<node_id> middleman::connected_nodes() const {
  return impl_->connected_nodes();
}

void middleman::set_connection_limits(std::size_t max_connections, std::chrono::nanoseconds idle_timeout) {
  impl_->set_connection_limits(max_connections, idle_timeout);
}

void middleman::forget_node(const node_id& node) {
  impl_->forget_node(node);
}

std::size_t middleman::open_connections() const {
  return impl_->open_connections();
}

std::size_t middleman::parked_nodes() const {
  return impl_->parked_nodes();
}

std::size_t middleman::proxy_count() const {
  return impl_->proxy_count();
}

std::size_t middleman::messages_read_on_workers() const {
  return impl_->watch().messages_read_on_workers();
}

std::size_t middleman::queued_bytes(const node_id& node) const {
  return impl_->queued_bytes(node);
}

void middleman::set_message_tap(message_tap* x) noexcept {
  impl_->tap().store(x, std::memory_order_release);
}

message_tap* middleman::tap() const noexcept {
  return impl_->tap().load(std::memory_order_acquire);
}

message_tap::~message_tap() = default;

} // namespace troupe::net
