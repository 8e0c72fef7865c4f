// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Handles that travel between processes: a handle to a third node, received
// from a node connected to it, makes this node connect to the third one
// directly; where it cannot (or must not), the handle works through the node
// it came from (requests, the real exit reason, the relay's loss), until a
// direct connection is made, which its handles then move onto. And eight
// processes in which every node talks to every other through handles passed
// around.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "node_session.hpp"
#include "test_service.hpp"
#include "troupe/net.hpp"

namespace routing_test {

using namespace troupe;
using namespace std::chrono_literals;
using troupe::test::await_down;
using troupe::test::client;
using troupe::test::netns_link;
using troupe::test::node_process;
using troupe::test::option_list;
using troupe::test::start_node;
using troupe::test::start_node_in;

namespace {

// Only the relay in the middle: the client does not connect on its own.
const option_list routed_only{{"middleman.enable-automatic-connections", "false"}};

bool connected_to(actor_system& sys, const node_id& node) {
  auto nodes = sys.middleman().connected_nodes();
  return std::count(nodes.begin(), nodes.end(), node) != 0;
}

// The service answers a request, and gets 10,000 numbered messages in order.
void answers_in_order(scoped_actor& self, const actor& svc) {
  int sum = 0;
  self->request(svc, 10s, atom("add"), 20, 22)
    .receive([&](int r) { sum = r; }, [](error& e) { FAIL() << to_string(e); });
  EXPECT_EQ(sum, 42);
  for (std::int64_t i = 0; i < 10'000; ++i)
    self->send(svc, atom("seq"), i);
  EXPECT_EQ(test::check_report(self, svc, 10'000), "");
}

// The monitor of the service sees its real exit reason, and a request to it
// afterwards is answered as one to a dead actor.
void quits_and_stays_dead(scoped_actor& self, const actor& svc) {
  self->monitor(svc);
  self->send(svc, atom("quit"));
  EXPECT_EQ(await_down(self), exit_reason::user_shutdown);
  error answer;
  self->request(svc, 10s, 7).receive([](int) { FAIL() << "a dead actor answered"; }, [&](error& e) { answer = e; });
  EXPECT_EQ(answer, sec::request_receiver_down);
}

// The client connected to node b, and the service of node c that b dialed
// and handed over.
struct three_nodes {
  explicit three_nodes(const option_list& client_options = routed_only)
    : b(start_node("serve")), c(start_node("serve")), cl("50ms", "30s", client_options), sys(cl.cfg) {
    auto x = sys.middleman().remote_actor("127.0.0.1", b.port());
    if (!x) {
      problem = to_string(x.error());
      return;
    }
    svc_b = *x;
    scoped_actor self{sys};
    self->request(svc_b, 10s, atom("dial"), std::string{"127.0.0.1"}, static_cast<int>(c.port()))
      .receive([&](actor& h) { svc_c = std::move(h); }, [&](error& e) { problem = to_string(e); });
  }
  node_process b;
  node_process c;
  client cl;
  actor_system sys;
  actor svc_b;
  actor svc_c;
  std::string problem;
};

// The client connected to node b only; b is connected to d only (it does
// not connect on its own), and d to c. The client gets c's service in d's
// answer, which b passes on without reading it: the way to c is b, then d.
struct chain_of_nodes {
  chain_of_nodes()
    : b(start_node("serve", 0, {"--middleman.enable-automatic-connections=false"})), d(start_node("serve")),
      c(start_node("serve")), cl("50ms", "30s", routed_only), sys(cl.cfg) {
    auto x = sys.middleman().remote_actor("127.0.0.1", b.port());
    if (!x) {
      problem = to_string(x.error());
      return;
    }
    svc_b = *x;
    scoped_actor self{sys};
    auto dial = [&](const actor& from, std::uint16_t port) {
      actor h;
      self->request(from, 10s, atom("dial"), std::string{"127.0.0.1"}, static_cast<int>(port))
        .receive([&](actor& r) { h = std::move(r); }, [&](error& e) { problem = to_string(e); });
      return h;
    };
    svc_d = dial(svc_b, d.port());
    if (svc_d)
      svc_c = dial(svc_d, c.port());
  }
  node_process b;
  node_process d;
  node_process c;
  client cl;
  actor_system sys;
  actor svc_b;
  actor svc_d;
  actor svc_c;
  std::string problem;
};

// Sends ('seq', 0..n-1) to a service 100 at a time, a message to itself
// between batches, so that its sends go on while the test thread connects;
// then asks for the report and passes it to `to` as ('streamed', count, in
// order).
behavior streamer(event_based_actor* self) {
  auto next = std::make_shared<std::int64_t>(0);
  return {
    [=](atom_value a, const actor& svc, std::int64_t n, const actor& to) {
      if (a != atom("go"))
        return;
      for (int k = 0; k < 100 && *next < n; ++k)
        self->send(svc, atom("seq"), (*next)++);
      if (*next < n) {
        self->send(self, atom("go"), svc, n, to);
        return;
      }
      self->request(svc, 60s, atom("report"))
        .then([=](std::int64_t count, bool in_order) { self->send(to, atom("streamed"), count, in_order); },
              [=](error&) { self->send(to, atom("streamed"), std::int64_t{-1}, false); });
    },
  };
}

} // namespace

TEST(routing, a_handle_passed_on_by_a_node_that_does_not_know_its_node_works_over_two_hops) {
  chain_of_nodes t;
  ASSERT_TRUE(t.svc_c) << t.problem;
  EXPECT_FALSE(connected_to(t.sys, t.svc_d.node()));
  EXPECT_FALSE(connected_to(t.sys, t.svc_c.node()));
  scoped_actor self{t.sys};
  // Requests, answers and order over client -> b -> d -> c and back.
  answers_in_order(self, t.svc_c);
  // The monitor goes the same way, and the real exit reason comes back.
  quits_and_stays_dead(self, t.svc_c);
  EXPECT_EQ(t.b.stop(), 0);
  EXPECT_EQ(t.d.stop(), 0);
  EXPECT_EQ(t.c.stop(), 0);
}

TEST(routing, the_loss_of_the_node_in_the_middle_of_two_hops_ends_the_handles_routed_through_it) {
  chain_of_nodes t;
  ASSERT_TRUE(t.svc_c) << t.problem;
  scoped_actor self{t.sys};
  self->monitor(t.svc_c);
  answers_in_order(self, t.svc_c); // the monitor is in place along the way
  t.d.kill_now();
  EXPECT_EQ(await_down(self), exit_reason::remote_link_unreachable);
  EXPECT_EQ(t.b.stop(), 0);
  EXPECT_EQ(t.c.stop(), 0);
}

TEST(routing, a_handle_to_a_third_node_works_through_the_node_it_came_from) {
  three_nodes t;
  ASSERT_TRUE(t.svc_c) << t.problem;
  EXPECT_NE(t.svc_c.node(), t.svc_b.node());
  EXPECT_NE(t.svc_c.node(), t.sys.node());
  // No connection of its own: the traffic goes through b.
  EXPECT_FALSE(connected_to(t.sys, t.svc_c.node()));
  scoped_actor self{t.sys};
  // Messages keep their order on the way through.
  answers_in_order(self, t.svc_c);
  // The monitor goes through b, and the real exit reason comes back.
  quits_and_stays_dead(self, t.svc_c);
  EXPECT_EQ(t.b.stop(), 0);
  EXPECT_EQ(t.c.stop(), 0);
}

TEST(routing, the_loss_of_the_relay_ends_the_handles_routed_through_it) {
  three_nodes t;
  ASSERT_TRUE(t.svc_c) << t.problem;
  scoped_actor self{t.sys};
  self->monitor(t.svc_c);
  t.b.kill_now();
  EXPECT_EQ(await_down(self), exit_reason::remote_link_unreachable);
  EXPECT_EQ(t.c.stop(), 0);
}

TEST(routing, a_handle_routed_through_a_relay_moves_to_a_direct_connection_made_later) {
  three_nodes t;
  ASSERT_TRUE(t.svc_c) << t.problem;
  ASSERT_FALSE(connected_to(t.sys, t.svc_c.node()));
  scoped_actor self{t.sys};
  self->monitor(t.svc_c);
  // One stream of numbered messages, half sent through b, half after the
  // direct connection: the move keeps them in order.
  for (std::int64_t i = 0; i < 5'000; ++i)
    self->send(t.svc_c, atom("seq"), i);
  auto node_c = t.sys.middleman().connect("127.0.0.1", t.c.port());
  ASSERT_TRUE(node_c) << to_string(node_c.error());
  EXPECT_EQ(*node_c, t.svc_c.node());
  for (std::int64_t i = 5'000; i < 10'000; ++i)
    self->send(t.svc_c, atom("seq"), i);
  EXPECT_EQ(test::check_report(self, t.svc_c, 10'000), "");
  // The handle no longer goes through b: it outlives b, and its monitor
  // sees the real exit reason.
  t.b.kill_now();
  int sum = 0;
  self->request(t.svc_c, 10s, atom("add"), 20, 22)
    .receive([&](int r) { sum = r; }, [](error& e) { FAIL() << to_string(e); });
  EXPECT_EQ(sum, 42);
  self->send(t.svc_c, atom("quit"));
  EXPECT_EQ(await_down(self), exit_reason::user_shutdown);
  EXPECT_EQ(t.c.stop(), 0);
}

TEST(routing, messages_sent_while_a_handle_moves_keep_their_order) {
  three_nodes t;
  ASSERT_TRUE(t.svc_c) << t.problem;
  scoped_actor self{t.sys};
  // Another thread sends all along while this one connects to c: sends
  // through b, held and direct ones meet the move at whatever point.
  constexpr std::int64_t n = 40'000;
  auto s = t.sys.spawn(streamer);
  self->send(s, atom("go"), t.svc_c, n, actor{self});
  auto node_c = t.sys.middleman().connect("127.0.0.1", t.c.port());
  ASSERT_TRUE(node_c) << to_string(node_c.error());
  std::int64_t count = 0;
  bool in_order = false;
  self->receive([&](atom_value, std::int64_t c, bool o) { count = c, in_order = o; },
                after(60s) >> [] { ADD_FAILURE() << "no report"; });
  EXPECT_EQ(count, n);
  EXPECT_TRUE(in_order);
  EXPECT_EQ(t.b.stop(), 0);
  EXPECT_EQ(t.c.stop(), 0);
}

TEST(routing, a_handle_to_a_third_node_connects_to_that_node_directly) {
  three_nodes t{{}};
  ASSERT_TRUE(t.svc_c) << t.problem;
  // The handle arrived after the connection to c was made.
  EXPECT_TRUE(connected_to(t.sys, t.svc_c.node()));
  scoped_actor self{t.sys};
  self->monitor(t.svc_c);
  // Without b the handle still works: its traffic does not go through b.
  t.b.kill_now();
  answers_in_order(self, t.svc_c);
  self->send(t.svc_c, atom("quit"));
  EXPECT_EQ(await_down(self), exit_reason::user_shutdown);
  EXPECT_EQ(t.c.stop(), 0);
}

TEST(routing, a_third_node_that_cannot_be_reached_directly_is_reached_through_the_relay) {
  if (!netns_link::available() || !netns_link::has_nft())
    GTEST_SKIP() << "needs root, network namespaces and nftables";
  // c, in a namespace of its own, takes no new connection once b is connected
  // to it: the client's attempt gets no answer and ends at its connect-timeout.
  netns_link ns;
  node_process b = start_node("serve");
  node_process c = start_node_in(ns);
  client cl{"50ms", "30s", {{"middleman.connect-timeout", "300ms"}}};
  actor_system sys{cl.cfg};
  auto svc_b = sys.middleman().remote_actor("127.0.0.1", b.port());
  ASSERT_TRUE(svc_b) << to_string(svc_b.error());
  scoped_actor self{sys};
  int kept = 0;
  self->request(*svc_b, 10s, atom("keep"), ns.inner_address(), static_cast<int>(c.port()), 0)
    .receive([&](int r) { kept = r; }, [](error& e) { FAIL() << to_string(e); });
  ASSERT_EQ(kept, 1);
  ns.refuse_new_connections();
  actor svc_c;
  auto asked = std::chrono::steady_clock::now();
  self->request(*svc_b, 10s, atom("kept"), true)
    .receive([&](actor& h) { svc_c = std::move(h); }, [](error& e) { FAIL() << to_string(e); });
  ASSERT_TRUE(svc_c);
  // The answer waited for the attempt.
  EXPECT_GE(std::chrono::steady_clock::now() - asked, 300ms);
  EXPECT_FALSE(connected_to(sys, svc_c.node()));
  answers_in_order(self, svc_c);
  self->monitor(svc_c);
  b.kill_now(); // the only way to c
  EXPECT_EQ(await_down(self), exit_reason::remote_link_unreachable);
  EXPECT_EQ(c.stop(), 0);
}

TEST(routing, a_third_node_that_can_be_reached_again_is_connected_to_directly_later) {
  if (!netns_link::available() || !netns_link::has_nft())
    GTEST_SKIP() << "needs root, network namespaces and nftables";
  netns_link ns;
  node_process b = start_node("serve"); // tells again after its default retry, 1 s
  node_process c = start_node_in(ns);
  client cl{"50ms", "30s", {{"middleman.connect-timeout", "300ms"}, {"middleman.automatic-connection-retry", "500ms"}}};
  actor_system sys{cl.cfg};
  auto svc_b = sys.middleman().remote_actor("127.0.0.1", b.port());
  ASSERT_TRUE(svc_b) << to_string(svc_b.error());
  scoped_actor self{sys};
  int kept = 0;
  self->request(*svc_b, 10s, atom("keep"), ns.inner_address(), static_cast<int>(c.port()), 0)
    .receive([&](int r) { kept = r; }, [](error& e) { FAIL() << to_string(e); });
  ASSERT_EQ(kept, 1);
  ns.refuse_new_connections();
  auto handle_from_b = [&] {
    actor h;
    self->request(*svc_b, 10s, atom("kept"), true)
      .receive([&](actor& x) { h = std::move(x); }, [](error& e) { FAIL() << to_string(e); });
    return h;
  };
  auto svc_c = handle_from_b(); // the first attempt fails
  ASSERT_TRUE(svc_c);
  ASSERT_FALSE(connected_to(sys, svc_c.node()));
  // Right after a failure, a handle does not start another attempt.
  auto asked = std::chrono::steady_clock::now();
  EXPECT_EQ(handle_from_b(), svc_c);
  EXPECT_LT(std::chrono::steady_clock::now() - asked, 300ms);
  EXPECT_FALSE(connected_to(sys, svc_c.node()));
  // Reachable again: a handle that arrives after the back-off connects.
  ns.allow_new_connections();
  bool connected = false;
  for (int i = 0; i < 100 && !connected; ++i) { // at most 20 s
    EXPECT_EQ(handle_from_b(), svc_c);
    connected = connected_to(sys, svc_c.node());
    if (!connected)
      std::this_thread::sleep_for(200ms);
  }
  EXPECT_TRUE(connected);
  // The handle keeps its route through b: its messages keep their order.
  answers_in_order(self, svc_c);
  EXPECT_EQ(b.stop(), 0);
  EXPECT_EQ(c.stop(), 0);
}

TEST(routing, eight_processes_talk_to_each_other_through_handles_passed_around) {
  constexpr int remote_nodes = 7;
  std::vector<std::unique_ptr<node_process>> nodes;
  for (int i = 0; i < remote_nodes; ++i)
    nodes.push_back(std::make_unique<node_process>(
      std::vector<std::string>{TROUPE_TEST_NODE, "serve", "--middleman.connection-timeout=30s"}));
  client cl;
  actor_system sys{cl.cfg};
  // This process is the eighth node, with a service of its own.
  std::vector<actor> services{sys.spawn(test::service)};
  for (auto& n : nodes) {
    auto x = sys.middleman().remote_actor("127.0.0.1", n->port());
    ASSERT_TRUE(x) << to_string(x.error());
    services.push_back(*x);
  }
  scoped_actor self{sys};
  for (auto& s : services)
    for (auto& other : services)
      if (s != other)
        self->send(s, atom("meet"), other);
  // Each service pings the seven others and waits for their pongs.
  for (auto& s : services) {
    std::int64_t answered = -1;
    self->request(s, 30s, atom("pingall"))
      .receive([&](std::int64_t n, bool) { answered = n; }, [](error& e) { FAIL() << to_string(e); });
    EXPECT_EQ(answered, remote_nodes) << to_string(s.node());
  }
  // The handles made the nodes connect to each other: each one was connected
  // to the others before it met them.
  for (auto& s : services) {
    if (s.node() == sys.node())
      continue;
    std::int64_t connected = -1;
    self->request(s, 30s, atom("nodes"))
      .receive([&](std::int64_t n) { connected = n; }, [](error& e) { FAIL() << to_string(e); });
    EXPECT_EQ(connected, remote_nodes) << to_string(s.node());
  }
  for (auto& n : nodes)
    EXPECT_EQ(n->stop(), 0);
  self->send_exit(services[0], exit_reason::user_shutdown);
}

} // namespace routing_test
