// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Nodes whose actors and network run only when the test says so: each is an
// actor system with the deterministic scheduler and a manual clock, and a
// middleman without an I/O thread on one memory network. run() runs every
// node's network work and actors until nothing is left; advance_time moves
// every clock, which times heartbeats, connection timeouts and request
// timeouts. A fault the test sets on the network acts at the step it chooses.
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "troupe/net.hpp"
#include "troupe/test/test_coordinator.hpp"

namespace troupe::test {

class deterministic_nodes {
public:
  using option = std::pair<std::string, std::string>;

  explicit deterministic_nodes(const std::string& network_name)
    : network(net::memory_network::get(network_name)), network_name_(network_name) {}

  deterministic_nodes(const deterministic_nodes&) = delete;
  deterministic_nodes& operator=(const deterministic_nodes&) = delete;

  ~deterministic_nodes() {
    // As the deterministic fixture ends one system: run what is runnable, drop
    // pending timers, end the actors still alive; then the systems go, each
    // writing its goodbyes from this thread.
    run();
    for (auto& n : nodes_)
      n->sys->timers().stop();
    run();
    for (auto& n : nodes_)
      for (auto& x : n->sched->live_actors())
        scoped_actor(*n->sys)->send_exit(x, exit_reason::kill);
    run();
    while (!nodes_.empty())
      nodes_.pop_back();
  }

  // A new node; `options` (name, value) on top of the defaults: heartbeats
  // every 100 ms, a connection silent for 300 ms is dead. `prepare` adds to
  // its configuration (actor types, say) before the system starts.
  actor_system& add_node(const std::vector<option>& options = {},
                         const std::function<void(actor_system_config&)>& prepare = {}) {
    auto n = std::make_unique<node>();
    n->cfg.load<net::middleman>();
    n->cfg.set_scheduler_factory(test_coordinator::factory());
    n->cfg.timer_clock = scheduler::timer_service::clock_mode::manual;
    std::vector<option> all{{"middleman.memory-network", network_name_},
                            {"middleman.io-thread", "false"},
                            {"middleman.heartbeat-interval", "100ms"},
                            {"middleman.connection-timeout", "300ms"}};
    all.insert(all.end(), options.begin(), options.end());
    for (auto& [name, value] : all)
      if (auto err = n->cfg.set(name, value))
        throw std::invalid_argument("deterministic_nodes: " + name + ": " + to_string(err));
    if (prepare)
      prepare(n->cfg);
    n->sys = std::make_unique<actor_system>(n->cfg);
    n->sched = &static_cast<test_coordinator&>(n->sys->scheduler());
    nodes_.push_back(std::move(n));
    return *nodes_.back()->sys;
  }

  // Runs every node's network work and actors until none is left (bounded:
  // a test whose actors never go quiet fails instead of hanging). Returns
  // how many steps ran.
  std::size_t run() {
    std::size_t total = 0;
    for (std::size_t round = 0; round < max_rounds; ++round) {
      std::size_t ran = network->poll_attached();
      for (auto& n : nodes_)
        ran += n->sched->run();
      if (ran == 0)
        return total;
      total += ran;
    }
    throw std::runtime_error("deterministic_nodes: still busy after " + std::to_string(max_rounds) + " rounds");
  }

  // Moves every node's clock by `d` (firing what is due) and runs.
  std::size_t advance_time(std::chrono::nanoseconds d) {
    for (auto& n : nodes_) {
      auto& timers = n->sys->timers();
      timers.advance_to(timers.now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(d));
    }
    return run();
  }

  // The network the nodes share, for the test's faults.
  std::shared_ptr<net::memory_network> network;

private:
  struct node {
    actor_system_config cfg; // outlives sys
    std::unique_ptr<actor_system> sys;
    test_coordinator* sched = nullptr;
  };
  static constexpr std::size_t max_rounds = 100000;

  std::string network_name_;
  std::vector<std::unique_ptr<node>> nodes_;
};

} // namespace troupe::test
