// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The nexus and the probes that report to it, over loopback: nodes introduce
// themselves, report statistics and events, serve the nexus's requests, are
// reported down when lost, and come back after the nexus restarts.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "nexus_fixture.hpp"

using namespace troupe;
using namespace std::chrono_literals;
using troupe::test_support::contains;
using troupe::test_support::eventually;
using troupe::test_support::nexus_fixture;
using troupe::test_support::ping_server;
namespace ins = troupe::inspection;

namespace {

// Asks the nexus from `self` and returns the answer or the error.
template <class T, class... Ts>
expected<T> ask(scoped_actor& self, const ins::nexus_actor& nexus, Ts&&... xs) {
  expected<T> out{error{sec::runtime_error, "no answer"}};
  self->request(nexus, 5s, std::forward<Ts>(xs)...)
    .receive([&](T& x) { out = std::move(x); }, [&](error& err) { out = std::move(err); });
  return out;
}

// Waits (at most 10 s) for a probe_event from `node` that satisfies `pred`, skipping the rest.
template <class Pred>
bool receive_event(scoped_actor& self, const std::string& node, Pred pred) {
  auto deadline = std::chrono::steady_clock::now() + 10s;
  bool found = false;
  while (!found && std::chrono::steady_clock::now() < deadline)
    self->receive([&](ins::probe_event& ev) { found = ev.node == node && pred(ev); }, [](ins::node_statistics&) {},
                  [](ins::node_info&) {}, after(1s) >> [] {});
  return found;
}

class NexusTest : public ::testing::Test {
protected:
  nexus_fixture fx;

  // A probed node with a handle on a ping server of another, unprobed node.
  struct remote_pair {
    actor_system* node = nullptr;
    actor server; // on the other node
    actor proxy;  // the probed node's handle for it
  };

  // Sets up a remote_pair, with `listener` (of a client) hearing every report
  // of the nexus from then on. A void function, for ASSERT.
  void connect_remote_pair(remote_pair& rp, scoped_actor& listener) {
    auto& node = fx.add_node();
    auto& other = fx.add_client();
    rp.node = &node;
    rp.server = other.spawn<ping_server>();
    auto port = other.middleman().publish(rp.server, 0, "127.0.0.1");
    ASSERT_TRUE(port);
    ASSERT_TRUE(fx.known(listener, node));
    ASSERT_TRUE(ask<std::vector<ins::node_info>>(listener, fx.nexus_from(listener), ins::add_listener_atom{},
                                                 actor_cast<actor>(listener.ctrl())));
    auto proxy = node.middleman().remote_actor("127.0.0.1", *port);
    ASSERT_TRUE(proxy);
    rp.proxy = *proxy;
  }
};

TEST_F(NexusTest, NodeIntroducesItself) {
  auto& node = fx.add_node();
  auto& client = fx.add_client();
  scoped_actor self{client};
  ASSERT_TRUE(fx.known(self, node));
  auto e = fx.entry(self, node);
  EXPECT_EQ(e->pid, static_cast<std::uint32_t>(getpid()));
  EXPECT_FALSE(e->host.empty());
  EXPECT_FALSE(e->os.empty());
  EXPECT_EQ(e->mirror, "events");
  EXPECT_FALSE(e->allow_control);
}

TEST_F(NexusTest, StatisticsArriveEveryInterval) {
  auto& node = fx.add_node();
  auto server = node.spawn<ping_server>();
  auto& client = fx.add_client();
  scoped_actor self{client};
  auto nexus = fx.nexus_from(self);
  auto name = to_string(node.node());
  ins::node_statistics stats;
  ASSERT_TRUE(eventually([&] {
    auto s = ask<ins::node_statistics>(self, nexus, ins::statistics_atom{}, name);
    if (!s || s->running_actors < 1)
      return false;
    stats = *s;
    return true;
  }));
  EXPECT_EQ(stats.node, name);
  EXPECT_GE(stats.tracked_actors, 1u);
  EXPECT_GT(stats.processed_messages, 0u); // the probe's own ticks, at least
  EXPECT_GT(stats.host.ram_total, 0u);
  EXPECT_GT(stats.host.rss, 0u);
  EXPECT_GE(stats.host.cpus, 1u);
  EXPECT_FALSE(stats.connected_nodes.empty()); // the nexus's node, at least
  anon_send_exit(server, exit_reason::user_shutdown);
}

TEST_F(NexusTest, ListActorsComesFromTheNode) {
  auto& node = fx.add_node();
  auto server = node.spawn<ping_server>();
  auto& client = fx.add_client();
  scoped_actor self{client};
  ASSERT_TRUE(fx.known(self, node));
  auto snap = ask<ins::node_snapshot>(self, fx.nexus_from(self), ins::list_actors_atom{}, to_string(node.node()));
  ASSERT_TRUE(snap) << to_string(snap.error());
  auto i = std::find_if(snap->actors.begin(), snap->actors.end(), [&](auto& a) { return a.id == server.id(); });
  ASSERT_NE(i, snap->actors.end());
  EXPECT_EQ(i->name, "ping_server");
  EXPECT_EQ(snap->node, node.node());
  anon_send_exit(server, exit_reason::user_shutdown);
}

TEST_F(NexusTest, UnknownNodeIsAnError) {
  auto& client = fx.add_client();
  scoped_actor self{client};
  auto snap = ask<ins::node_snapshot>(self, fx.nexus_from(self), ins::list_actors_atom{}, std::string{"nope"});
  ASSERT_FALSE(snap);
  EXPECT_TRUE(contains(snap.error().context(), "no node nope"));
}

TEST_F(NexusTest, ControlNeedsTheNodesConsent) {
  auto& node = fx.add_node();
  auto server = node.spawn<ping_server>();
  auto& client = fx.add_client();
  scoped_actor self{client};
  ASSERT_TRUE(fx.known(self, node));
  auto nexus = fx.nexus_from(self);
  auto name = to_string(node.node());
  auto sent = ask<std::string>(self, nexus, ins::send_atom{}, name, server.id(), std::string{"('ping')"}, actor{});
  ASSERT_FALSE(sent);
  EXPECT_TRUE(contains(sent.error().context(), "inspect.allow-control=true"));
  auto killed = ask<std::string>(self, nexus, ins::kill_atom{}, name, server.id(), std::string{});
  ASSERT_FALSE(killed);
  EXPECT_TRUE(contains(killed.error().context(), "inspect.allow-control=true"));
  anon_send_exit(server, exit_reason::user_shutdown);
}

// Listing 1's send: the answer goes to the client, a node the server's node
// has no connection of its own to.
TEST_F(NexusTest, SendDeliversOnBehalfOfTheClient) {
  auto& node = fx.add_node({{"inspect.allow-control", "true"}});
  auto server = node.spawn<ping_server>();
  auto& client = fx.add_client();
  scoped_actor self{client};
  ASSERT_TRUE(fx.known(self, node));
  auto sent = ask<std::string>(self, fx.nexus_from(self), ins::send_atom{}, to_string(node.node()), server.id(),
                               std::string{"('ping')"}, actor_cast<actor>(self.ctrl()));
  ASSERT_TRUE(sent) << to_string(sent.error());
  bool pong = false;
  self->receive([&](pong_atom) { pong = true; }, after(5s) >> [] {});
  EXPECT_TRUE(pong);
  anon_send_exit(server, exit_reason::user_shutdown);
}

TEST_F(NexusTest, SendReportsWhereTheMessageDoesNotParse) {
  auto& node = fx.add_node({{"inspect.allow-control", "true"}});
  auto server = node.spawn<ping_server>();
  auto& client = fx.add_client();
  scoped_actor self{client};
  ASSERT_TRUE(fx.known(self, node));
  auto sent = ask<std::string>(self, fx.nexus_from(self), ins::send_atom{}, to_string(node.node()), server.id(),
                               std::string{"('ping',"}, actor{});
  ASSERT_FALSE(sent);
  EXPECT_TRUE(contains(sent.error().context(), "at ")) << sent.error().context();
  auto none = ask<std::string>(self, fx.nexus_from(self), ins::send_atom{}, to_string(node.node()), actor_id{999999},
                               std::string{"('ping')"}, actor{});
  ASSERT_FALSE(none);
  EXPECT_TRUE(contains(none.error().context(), "no actor 999999"));
  anon_send_exit(server, exit_reason::user_shutdown);
}

TEST_F(NexusTest, KillEndsTheActorWithTheReasonGiven) {
  auto& node = fx.add_node({{"inspect.allow-control", "true"}});
  auto server = node.spawn<ping_server>();
  scoped_actor local{node};
  local->monitor(server);
  auto& client = fx.add_client();
  scoped_actor self{client};
  ASSERT_TRUE(fx.known(self, node));
  auto nexus = fx.nexus_from(self);
  auto name = to_string(node.node());
  auto bad = ask<std::string>(self, nexus, ins::kill_atom{}, name, server.id(), std::string{"gently"});
  ASSERT_FALSE(bad);
  EXPECT_TRUE(contains(bad.error().context(), "no exit reason gently"));
  auto killed = ask<std::string>(self, nexus, ins::kill_atom{}, name, server.id(), std::string{"user_shutdown"});
  ASSERT_TRUE(killed);
  EXPECT_EQ(*killed, "ping_server#" + std::to_string(server.id()));
  error reason;
  local->receive([&](down_msg& msg) { reason = msg.reason; }, after(5s) >> [] {});
  EXPECT_EQ(reason, exit_reason::user_shutdown);
}

TEST_F(NexusTest, InfoShowsLinksAndMonitors) {
  auto& node = fx.add_node();
  auto server = node.spawn<ping_server>();
  auto watcher = node.spawn([server](event_based_actor* self) -> behavior {
    self->link_to(server);
    self->monitor(server);
    return {[](int) {}};
  });
  auto& client = fx.add_client();
  scoped_actor self{client};
  ASSERT_TRUE(fx.known(self, node));
  auto nexus = fx.nexus_from(self);
  expected<ins::actor_details> d{error{sec::runtime_error}};
  ASSERT_TRUE(eventually([&] {
    d = ask<ins::actor_details>(self, nexus, ins::info_atom{}, to_string(node.node()), server.id());
    return d && !d->links.empty() && !d->monitors.empty();
  }));
  EXPECT_EQ(d->statistics.id, server.id());
  EXPECT_EQ(d->statistics.name, "ping_server");
  EXPECT_EQ(d->links, std::vector<std::string>{to_string(watcher)});
  EXPECT_EQ(d->monitors, std::vector<std::string>{to_string(watcher)});
  anon_send_exit(watcher, exit_reason::user_shutdown);
  anon_send_exit(server, exit_reason::user_shutdown);
}

TEST_F(NexusTest, PeekShowsTheMessagesWaiting) {
  auto& node = fx.add_node();
  // Shared with the actor, which may outlive a failed assertion by its 10 s bound.
  auto entered = std::make_shared<std::atomic<bool>>(false);
  auto release = std::make_shared<std::atomic<bool>>(false);
  // Busy in its first message until released, while three more arrive.
  auto busy = node.spawn([entered, release](event_based_actor*) -> behavior {
    return {[entered, release](int) {
      *entered = true;
      for (int i = 0; i < 10000 && !*release; ++i)
        std::this_thread::sleep_for(1ms);
    }};
  });
  auto& client = fx.add_client();
  scoped_actor self{client};
  ASSERT_TRUE(fx.known(self, node));
  anon_send(busy, 0);
  ASSERT_TRUE(eventually([&] { return entered->load(); }));
  self->send(busy, 1);
  self->send(busy, 2);
  self->send(busy, 3);
  auto lines =
    ask<std::vector<std::string>>(self, fx.nexus_from(self), ins::peek_atom{}, to_string(node.node()), busy.id());
  *release = true;
  ASSERT_TRUE(lines) << to_string(lines.error());
  ASSERT_EQ(lines->size(), 4u);
  EXPECT_TRUE(contains((*lines)[0], ": (1)")) << (*lines)[0];
  EXPECT_TRUE(contains((*lines)[2], ": (3)")) << (*lines)[2];
  EXPECT_TRUE(contains((*lines)[3], "1 more taken")) << (*lines)[3];
  anon_send_exit(busy, exit_reason::user_shutdown);
}

TEST_F(NexusTest, ListenersGetFailuresAndDeadLetters) {
  auto& node = fx.add_node();
  auto& client = fx.add_client();
  scoped_actor self{client};
  ASSERT_TRUE(fx.known(self, node));
  ASSERT_TRUE(ask<std::vector<ins::node_info>>(self, fx.nexus_from(self), ins::add_listener_atom{},
                                               actor_cast<actor>(self.ctrl())));
  auto doomed = node.spawn([](event_based_actor*) -> behavior { return {[](int) {}}; });
  scoped_actor local{node};
  local->monitor(doomed);
  anon_send_exit(doomed, exit_reason::kill);
  local->receive([](down_msg&) {});
  anon_send(doomed, 42); // a dead letter
  auto node_name = to_string(node.node());
  EXPECT_TRUE(receive_event(self, node_name, [](const ins::probe_event& ev) {
    return ev.kind == ins::event_kind::actor_failed && contains(ev.text, "kill");
  }));
  EXPECT_TRUE(receive_event(self, node_name, [](const ins::probe_event& ev) {
    return ev.kind == ins::event_kind::dead_letter && contains(ev.text, "(42)");
  }));
}

TEST_F(NexusTest, MirrorLevelChangesAtRunTime) {
  auto& node = fx.add_node();
  auto& client = fx.add_client();
  scoped_actor self{client};
  ASSERT_TRUE(fx.known(self, node));
  auto nexus = fx.nexus_from(self);
  auto bad = ask<std::string>(self, nexus, ins::mirror_atom{}, std::string{"loud"}, std::string{});
  ASSERT_FALSE(bad);
  EXPECT_TRUE(contains(bad.error().context(), "no mirror level loud"));
  ASSERT_TRUE(ask<std::string>(self, nexus, ins::mirror_atom{}, std::string{"off"}, to_string(node.node())));
  EXPECT_TRUE(eventually([&] { return fx.entry(self, node)->mirror == "off"; }));
}

TEST_F(NexusTest, MirrorOffSendsStatisticsOnly) {
  auto& node = fx.add_node({{"inspect.mirror", "off"}});
  auto& client = fx.add_client();
  scoped_actor self{client};
  ASSERT_TRUE(fx.known(self, node));
  ASSERT_TRUE(ask<std::vector<ins::node_info>>(self, fx.nexus_from(self), ins::add_listener_atom{},
                                               actor_cast<actor>(self.ctrl())));
  auto doomed = node.spawn([](event_based_actor*) -> behavior { return {[](int) {}}; });
  scoped_actor local{node};
  local->monitor(doomed);
  anon_send_exit(doomed, exit_reason::kill); // would be an actor-failed event
  local->receive([](down_msg&) {});
  anon_send(doomed, 42); // would be a dead letter
  auto& other = fx.add_client();
  auto peer = other.spawn<ping_server>();
  auto port = other.middleman().publish(peer, 0, "127.0.0.1");
  ASSERT_TRUE(port);
  ASSERT_TRUE(node.middleman().remote_actor("127.0.0.1", *port)); // would be a connection-up
  // Two more statistics from the node: any event recorded before them would have come first.
  auto name = to_string(node.node());
  int stats = 0;
  int events = 0;
  auto deadline = std::chrono::steady_clock::now() + 10s;
  while (stats < 2 && std::chrono::steady_clock::now() < deadline)
    self->receive([&](ins::probe_event& ev) { events += ev.node == name ? 1 : 0; },
                  [&](ins::node_statistics& s) { stats += s.node == name ? 1 : 0; }, [](ins::node_info&) {},
                  after(1s) >> [] {});
  EXPECT_EQ(stats, 2);
  EXPECT_EQ(events, 0);
  anon_send_exit(peer, exit_reason::user_shutdown);
}

TEST_F(NexusTest, LostNodeIsReportedDown) {
  auto& node = fx.add_node();
  auto& client = fx.add_client();
  scoped_actor self{client};
  ASSERT_TRUE(fx.known(self, node));
  auto name = to_string(node.node());
  fx.remove(node);
  EXPECT_TRUE(eventually([&] {
    for (auto& n : fx.nodes(self))
      if (n.node == name)
        return !n.up;
    return false;
  }));
  auto snap = ask<ins::node_snapshot>(self, fx.nexus_from(self), ins::list_actors_atom{}, name);
  ASSERT_FALSE(snap);
  EXPECT_TRUE(contains(snap.error().context(), "is down"));
}

TEST_F(NexusTest, ProbeComesBackAfterTheNexusRestarts) {
  auto& node = fx.add_node();
  {
    auto& first = fx.add_client();
    scoped_actor self{first};
    ASSERT_TRUE(fx.known(self, node));
  }
  auto port = fx.port;
  fx.stop_nexus();
  fx.start_nexus(port);
  auto& client = fx.add_client();
  scoped_actor self{client};
  EXPECT_TRUE(fx.known(self, node));
}

TEST_F(NexusTest, HeadersMirrorShowsTrafficBetweenNodes) {
  auto& node = fx.add_node({{"inspect.mirror", "full"}});
  auto server = node.spawn<ping_server>();
  auto port = node.middleman().publish(server, 0, "127.0.0.1");
  ASSERT_TRUE(port);
  auto& client = fx.add_client();
  scoped_actor self{client};
  ASSERT_TRUE(fx.known(self, node));
  auto nexus = fx.nexus_from(self);
  ASSERT_TRUE(ask<std::vector<ins::node_info>>(self, nexus, ins::add_listener_atom{}, actor_cast<actor>(self.ctrl())));
  auto proxy = client.middleman().remote_actor("127.0.0.1", *port);
  ASSERT_TRUE(proxy);
  scoped_actor pinger{client};
  pinger->request(*proxy, 5s, ping_atom_v).receive([](pong_atom) {}, [](error&) {});
  auto name = to_string(node.node());
  auto incoming = "received " + to_string(client.node()) + "/";
  EXPECT_TRUE(receive_event(self, name, [&](const ins::probe_event& ev) {
    return ev.kind == ins::event_kind::message && contains(ev.text, incoming) && contains(ev.text, "('ping')")
           && contains(ev.text, " bytes");
  }));
  EXPECT_TRUE(eventually([&] {
    auto s = ask<ins::node_statistics>(self, nexus, ins::statistics_atom{}, name);
    if (!s)
      return false;
    pinger->request(*proxy, 5s, ping_atom_v).receive([](pong_atom) {}, [](error&) {});
    return std::any_of(s->remote_actors.begin(), s->remote_actors.end(),
                       [&](const ins::remote_traffic& t) { return t.actor == server.id() && t.received >= 1; });
  }));
  anon_send_exit(server, exit_reason::user_shutdown);
}

// Senders on several threads at once: each thread counts on its own, and the
// probe's statistics add the counts up, each message once.
TEST_F(NexusTest, TrafficFromManyThreadsIsCountedOnce) {
  auto& client = fx.add_client();
  scoped_actor self{client};
  remote_pair rp;
  ASSERT_NO_FATAL_FAILURE(connect_remote_pair(rp, self));
  auto& node = *rp.node;
  auto proxy = rp.proxy;
  constexpr int num_threads = 4;
  constexpr std::uint64_t per_thread = 25;
  std::vector<actor_id> senders(num_threads);
  std::vector<std::uint64_t> answered(num_threads);
  std::vector<std::thread> threads;
  for (int t = 0; t < num_threads; ++t)
    threads.emplace_back([&, t] {
      scoped_actor sender{node};
      senders[t] = sender->id();
      for (std::uint64_t i = 0; i < per_thread; ++i)
        sender->request(proxy, 5s, ping_atom_v).receive([&](pong_atom) { ++answered[t]; }, [](error&) {});
    });
  for (auto& t : threads)
    t.join();
  for (auto n : answered)
    ASSERT_EQ(n, per_thread);
  // Each interval reports what it saw: add them up until every sender has its
  // messages, then take two more reports to catch any counted twice.
  auto name = to_string(node.node());
  std::map<actor_id, ins::remote_traffic> sum;
  auto complete = [&] {
    return std::all_of(senders.begin(), senders.end(), [&](actor_id id) { return sum[id].sent >= per_thread; });
  };
  int reports_after = 0;
  auto deadline = std::chrono::steady_clock::now() + 10s;
  while (reports_after < 2 && std::chrono::steady_clock::now() < deadline)
    self->receive(
      [&](ins::node_statistics& s) {
        if (s.node != name)
          return;
        for (auto& t : s.remote_actors) {
          sum[t.actor].sent += t.sent;
          sum[t.actor].received += t.received;
        }
        if (complete())
          ++reports_after;
      },
      [](ins::probe_event&) {}, [](ins::node_info&) {}, after(1s) >> [] {});
  for (auto id : senders) {
    EXPECT_EQ(sum[id].sent, per_thread) << "sender " << id;
    // Each answer counts once at most. Not always all of them: in some runs
    // one or two of a sender's last answers reach it through no delivery the
    // tap sees (an open question in the network layer, see docs/inspection.md).
    EXPECT_LE(sum[id].received, per_thread) << "sender " << id;
  }
  anon_send_exit(rp.server, exit_reason::user_shutdown);
}

// A message from the node to an actor on another node that ended: the node's
// proxy for it is gone, and the probe reports the message it could not send.
TEST_F(NexusTest, UndeliverableMessagesAreReported) {
  auto& client = fx.add_client();
  scoped_actor self{client};
  remote_pair rp;
  ASSERT_NO_FATAL_FAILURE(connect_remote_pair(rp, self));
  auto& node = *rp.node;
  auto server = rp.server;
  scoped_actor local{node};
  local->monitor(rp.proxy);
  anon_send_exit(server, exit_reason::user_shutdown);
  bool down = false;
  local->receive([&](down_msg&) { down = true; }, after(5s) >> [] {});
  ASSERT_TRUE(down);
  local->send(rp.proxy, ping_atom_v);
  EXPECT_TRUE(receive_event(self, to_string(node.node()), [&](const ins::probe_event& ev) {
    return ev.kind == ins::event_kind::delivery_failed && contains(ev.text, "/" + std::to_string(server.id()));
  }));
}

TEST_F(NexusTest, WorkersReportTheirUtilization) {
  auto& node = fx.add_node({{"scheduler.workers", "2"}});
  auto& client = fx.add_client();
  scoped_actor self{client};
  ASSERT_TRUE(fx.known(self, node));
  auto nexus = fx.nexus_from(self);
  ins::node_statistics stats;
  ASSERT_TRUE(eventually([&] {
    auto s = ask<ins::node_statistics>(self, nexus, ins::statistics_atom{}, to_string(node.node()));
    if (!s || s->workers.empty())
      return false;
    stats = *s;
    return true;
  }));
  EXPECT_EQ(stats.workers.size(), 2u);
  for (auto& w : stats.workers) {
    EXPECT_NEAR(w.busy + w.stealing + w.idle, 1.0, 1e-9);
    EXPECT_GE(w.idle, 0.0);
    EXPECT_GE(w.busy, 0.0);
  }
}

// Probes and the nexus use the network layer's secret: a node that knows it
// reports, one that does not never reaches the nexus (and runs on).
TEST(NexusSecurity, TheSharedSecretGuardsTheNexus) {
  nexus_fixture fx{{{"middleman.secret", "s3cret"}}};
  auto& good = fx.add_node();
  auto& bad = fx.add_node({{"middleman.secret", "wrong"}});
  auto& client = fx.add_client();
  scoped_actor self{client};
  ASSERT_TRUE(fx.known(self, good));
  auto x = bad.spawn([](event_based_actor*) -> behavior { return {[](int i) { return i; }}; });
  scoped_actor local{bad};
  int got = 0;
  local->request(x, 5s, 7).receive([&](int i) { got = i; }, [](error&) {});
  EXPECT_EQ(got, 7);
  EXPECT_FALSE(fx.entry(self, bad));
  anon_send_exit(x, exit_reason::user_shutdown);
}

TEST(ProbeOptions, BadNexusOptionLeavesTheNodeRunning) {
  actor_system_config cfg;
  cfg.load<net::middleman>().load<ins::probe>();
  ASSERT_FALSE(cfg.set("inspect.nexus", "no-port-here"));
  auto err = test_support::run_node_and_capture_stderr(cfg);
  EXPECT_TRUE(contains(err, "inspect.nexus=no-port-here is not HOST:PORT")) << err;
}

} // namespace
