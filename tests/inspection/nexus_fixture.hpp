// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A nexus and the nodes that report to it, each an actor system of this
// process on loopback (real sockets and threads: the probe dials its nexus
// with a blocking connect, which the deterministic scheduler cannot run).
// Tests wait for what crosses the network with eventually(), bounded.
#include <troupe/inspection.hpp>
#include <troupe/net.hpp>
#include <troupe/troupe.hpp>

#include <chrono>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "support/eventually.hpp"

namespace troupe::test_support {

/// Listing 1's server actor: ('ping') -> ('pong').
class ping_server : public event_based_actor {
public:
  explicit ping_server(actor_config& cfg) : event_based_actor(cfg) {}
  const char* name() const override { return "ping_server"; }
  behavior make_behavior() override {
    return {[](ping_atom) { return pong_atom_v; }};
  }
};

/// Whether `part` occurs in `text`.
inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

/// Starts a system made from `cfg`, has an actor of it answer one request and
/// returns what the program wrote to stderr meanwhile, or "no answer": a node
/// with a bad inspection option must still start and work.
inline std::string run_node_and_capture_stderr(const actor_system_config& cfg) {
  ::testing::internal::CaptureStderr();
  int got = 0;
  {
    actor_system sys{cfg};
    scoped_actor self{sys};
    auto x = sys.spawn([](event_based_actor*) -> behavior { return {[](int i) { return i + 1; }}; });
    self->request(x, std::chrono::seconds{5}, 1).receive([&](int i) { got = i; }, [](error&) {});
    anon_send_exit(x, exit_reason::user_shutdown);
  }
  auto err = ::testing::internal::GetCapturedStderr();
  return got == 2 ? err : "no answer";
}

class nexus_fixture {
public:
  using option = std::pair<std::string, std::string>;

  /// `common` options go to every system: the nexus's, the nodes' and the clients'.
  explicit nexus_fixture(std::vector<option> common = {}) : common_(std::move(common)) { start_nexus(0); }

  ~nexus_fixture() {
    nodes_.clear();
    stop_nexus();
  }

  /// (Re)starts the nexus, on `port` (0: any free port).
  void start_nexus(std::uint16_t want) {
    nexus_sys_ = make_system(common_, false);
    nexus = inspection::spawn_nexus(*nexus_sys_->sys);
    auto p = nexus_sys_->sys->middleman().publish(nexus, want, "127.0.0.1", true);
    if (!p)
      throw std::runtime_error("nexus_fixture: " + to_string(p.error()));
    port = *p;
  }

  void stop_nexus() {
    if (!nexus_sys_)
      return;
    anon_send_exit(nexus, exit_reason::user_shutdown);
    nexus = inspection::nexus_actor{};
    nexus_sys_.reset();
  }

  /// A node with a probe that reports to the nexus every 100 ms; `options` on top.
  actor_system& add_node(std::vector<option> options = {}) {
    std::vector<option> all{{"inspect.nexus", "127.0.0.1:" + std::to_string(port)}, {"inspect.interval", "100ms"}};
    all.insert(all.end(), common_.begin(), common_.end());
    all.insert(all.end(), options.begin(), options.end());
    nodes_.push_back(make_system(all, true));
    return *nodes_.back()->sys;
  }

  /// A system without a probe, as a client of the nexus (a shell's).
  actor_system& add_client() {
    nodes_.push_back(make_system(common_, false));
    return *nodes_.back()->sys;
  }

  /// Ends node `sys` (its probe's link to the nexus goes with it).
  void remove(actor_system& sys) {
    std::erase_if(nodes_, [&](const auto& n) { return n->sys.get() == &sys; });
  }

  /// The nexus's table, asked from `self`.
  std::vector<inspection::node_info> nodes(scoped_actor& self) {
    std::vector<inspection::node_info> out;
    self->request(nexus_from(self), std::chrono::seconds{5}, inspection::list_nodes_atom{})
      .receive([&](std::vector<inspection::node_info>& xs) { out = std::move(xs); }, [](error&) {});
    return out;
  }

  /// The nexus's entry for `sys`, once it has one.
  std::optional<inspection::node_info> entry(scoped_actor& self, actor_system& sys) {
    for (auto& n : nodes(self))
      if (n.node == to_string(sys.node()))
        return n;
    return std::nullopt;
  }

  /// Waits until the nexus lists `sys` as up.
  bool known(scoped_actor& self, actor_system& sys) {
    return eventually([&] {
      auto e = entry(self, sys);
      return e && e->up;
    });
  }

  /// The nexus as a client on another system reaches it: through the network.
  inspection::nexus_actor nexus_from(scoped_actor& self) {
    auto& sys = self->home_system();
    if (nexus_sys_ && &sys == nexus_sys_->sys.get())
      return nexus;
    auto h = sys.middleman().remote_actor<inspection::nexus_actor>("127.0.0.1", port);
    if (!h)
      throw std::runtime_error("nexus_fixture: " + to_string(h.error()));
    return *h;
  }

  /// The system the nexus runs in.
  actor_system& nexus_system() { return *nexus_sys_->sys; }

  inspection::nexus_actor nexus;
  std::uint16_t port = 0;

private:
  struct system {
    actor_system_config cfg;
    std::unique_ptr<actor_system> sys;
  };

  static std::unique_ptr<system> make_system(const std::vector<option>& options, bool with_probe) {
    auto s = std::make_unique<system>();
    s->cfg.load<net::middleman>();
    if (with_probe)
      s->cfg.load<inspection::probe>();
    // Faster than the defaults, so that a lost node shows within the test's patience.
    std::vector<option> all{{"middleman.heartbeat-interval", "100ms"}, {"middleman.connection-timeout", "500ms"}};
    all.insert(all.end(), options.begin(), options.end());
    for (auto& [name, value] : all)
      if (auto err = s->cfg.set(name, value))
        throw std::invalid_argument("nexus_fixture: " + name + ": " + to_string(err));
    s->sys = std::make_unique<actor_system>(s->cfg);
    return s;
  }

  std::vector<option> common_;
  std::unique_ptr<system> nexus_sys_;
  std::vector<std::unique_ptr<system>> nodes_;
};

} // namespace troupe::test_support
