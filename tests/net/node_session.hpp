// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// What the multi-process tests share: a node process (troupe_test_node, path
// in TROUPE_TEST_NODE), a client system's settings, and a session that
// connects the two.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "netns_link.hpp"
#include "node_process.hpp"
#include "troupe/net.hpp"

namespace troupe::test {

using namespace std::chrono_literals;

// A troupe_test_node in `mode`; `options`: more settings for it.
inline node_process start_node(const std::string& mode, std::uint16_t port = 0,
                               const std::vector<std::string>& options = {}) {
  return start_test_node(TROUPE_TEST_NODE, mode, port, options);
}

// A "serve" node in the namespace, listening on its veth address.
inline node_process start_node_in(const netns_link& ns) {
  auto args = ns.exec_prefix();
  args.insert(args.end(),
              {TROUPE_TEST_NODE, "serve", "--bind=" + ns.inner_address(), "--middleman.connection-timeout=30s"});
  return node_process{std::move(args)};
}

using option_list = std::vector<std::pair<std::string, std::string>>;

// The client's settings; only the frozen-node test relies on a short timeout.
struct client {
  explicit client(std::string heartbeat = "50ms", std::string timeout = "30s", const option_list& options = {}) {
    cfg.load<net::middleman>();
    EXPECT_FALSE(cfg.set("middleman.heartbeat-interval", heartbeat));
    EXPECT_FALSE(cfg.set("middleman.connection-timeout", timeout));
    EXPECT_FALSE(cfg.set("middleman.connect-timeout", "5s"));
    for (const auto& [key, value] : options)
      EXPECT_FALSE(cfg.set(key, value)) << key;
  }
  actor_system_config cfg;
};

// A node process, and a client system connected to the actor it publishes.
struct session {
  explicit session(const std::string& mode = "serve", const std::string& timeout = "30s",
                   const std::vector<std::string>& node_options = {}, const option_list& client_options = {})
    : node(start_node(mode, 0, node_options)), c("50ms", timeout, client_options), sys(c.cfg) {
    auto x = sys.middleman().remote_actor("127.0.0.1", node.port());
    if (x)
      svc = *x;
    else
      connect_error = x.error();
  }
  node_process node;
  client c;
  actor_system sys;
  actor svc;
  error connect_error;
};

// The service's ('report'): how many numbered messages it received, and
// whether in order; "" when exactly `n` arrived in order, else what went wrong.
inline std::string check_report(scoped_actor& self, const actor& svc, std::int64_t n) {
  std::string problem = "no report";
  self->request(svc, 60s, atom("report"))
    .receive(
      [&](std::int64_t count, bool in_order) {
        problem.clear();
        if (count != n)
          problem = "received " + std::to_string(count) + " of " + std::to_string(n);
        else if (!in_order)
          problem = "out of order";
      },
      [&](error& e) { problem = to_string(e); });
  return problem;
}

// Waits for a down_msg (at most 10 s, so a broken layer fails instead of
// hanging); its reason.
inline error await_down(scoped_actor& self) {
  error reason{sec::request_timeout, "no down_msg within 10 s"};
  self->receive([&](down_msg& dm) { reason = dm.reason; }, after(10s) >> [] {});
  return reason;
}

} // namespace troupe::test
