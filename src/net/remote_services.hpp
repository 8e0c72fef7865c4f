// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What one node does for another beyond delivering messages: it looks up
// actors of its registry and its published local groups by name, spawns
// actor types by name, and takes joins and leaves for its groups. The
// requesting side waits for the answer with a deadline; the serving side
// answers on the I/O thread. Frames in service_wire.hpp.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "service_host.hpp"
#include "troupe/actor.hpp"
#include "troupe/error.hpp"
#include "troupe/expected.hpp"
#include "troupe/group.hpp"
#include "troupe/message.hpp"
#include "troupe/node_id.hpp"
#include "wire.hpp"

namespace troupe::net {

class peer;

class remote_services {
public:
  explicit remote_services(const services_context& ctx);
  ~remote_services();

  // I/O thread: a service frame from p. An error closes the connection.
  error handle(peer& p, wire::frame_kind kind, std::span<const std::byte> body);

  // ---- the requesting side (any thread but the I/O thread) ----
  struct found {
    actor handle;
    std::vector<std::string> interface; // of a spawned actor
    std::weak_ptr<peer> via;            // the connection the answer came on
  };
  // The actor registered as `name` on `node`.
  expected<actor> lookup(const node_id& node, const std::string& name);
  // Spawns `type` on `node` with `args`; the spawned actor must have every
  // signature of `expected_interface` (empty: any).
  expected<found> spawn(const node_id& node, const std::string& type, const message& args,
                        std::vector<std::string> expected_interface, std::chrono::nanoseconds timeout);
  // The group "name@host:port" (the "remote" module of sys.groups()).
  expected<group> find_remote_group(const std::string& identifier);

  // ---- the serving side ----
  // From now on, peers may look up and join this node's local groups.
  void export_groups() noexcept { groups_exported_.store(true, std::memory_order_release); }

  // After the I/O thread ended: whoever waits gets an error, and the groups'
  // intermediaries are released.
  void stop();

private:
  using reply_slot = std::promise<expected<found>>;
  struct pending_request {
    node_id node;
    std::shared_ptr<reply_slot> slot;
  };
  // Writes a request frame for the request id into `frame` (on the I/O
  // thread, with the connection it goes to); an error ends the request.
  using request_writer = std::function<error(std::vector<std::byte>& frame, std::uint64_t id, peer& p)>;

  // Sends a request to `node` and waits up to `timeout` for its answer.
  expected<found> call(const node_id& node, std::chrono::nanoseconds timeout, request_writer write);
  void finish(std::uint64_t id, const node_id& from, expected<found> result);

  // I/O thread: serving.
  error serve_lookup(peer& p, std::span<const std::byte> body);
  error serve_spawn(peer& p, std::span<const std::byte> body);
  error serve_membership(peer& p, wire::frame_kind kind, std::span<const std::byte> body);
  error take_response(peer& p, std::span<const std::byte> body);
  // The hidden actor that stands for the local group `name` towards peers.
  actor intermediary_for(const std::string& name);

  services_context ctx_;
  std::atomic<std::uint64_t> next_request_{1};
  std::atomic<bool> groups_exported_{false};
  std::mutex pending_mtx_;
  std::unordered_map<std::uint64_t, pending_request> pending_;
  // I/O thread only (and stop(), after it).
  std::unordered_map<std::string, actor> intermediaries_;
  std::unordered_map<actor_id, group> intermediary_groups_;
};

} // namespace troupe::net
