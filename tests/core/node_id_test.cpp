// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// node_id, actor_system::node() and id()/node() on every kind of handle.
#include "troupe/troupe.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <unordered_set>

namespace node_id_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

TEST(node_id, default_is_none_and_invalid) {
  node_id x;
  EXPECT_FALSE(x);
  EXPECT_FALSE(x.valid());
  EXPECT_TRUE(x == none);
  EXPECT_EQ(x, node_id{none});
  EXPECT_EQ(to_string(x), "invalid-node");
}

TEST(node_id, local_ids_are_valid_and_unique) {
  auto a = node_id::make_local();
  auto b = node_id::make_local();
  EXPECT_TRUE(a.valid());
  EXPECT_FALSE(a == none);
  EXPECT_NE(a, b);
  EXPECT_EQ(a.host_id(), b.host_id());
  EXPECT_EQ(a.process_id(), b.process_id());
  EXPECT_NE(a.instance(), b.instance());
  EXPECT_TRUE(a < b || b < a);
  std::unordered_set<node_id> set{a, b, a};
  EXPECT_EQ(set.size(), 2u);
  EXPECT_EQ(std::hash<node_id>{}(a), std::hash<node_id>{}(node_id{a.host_id(), a.process_id(), a.instance()}));
}

TEST(node_id, host_id_is_stable_and_not_zero) {
  EXPECT_EQ(node_id::local_host_id(), node_id::local_host_id());
  EXPECT_NE(node_id::local_host_id(), node_id::host_id_type{});
}

TEST(node_id, to_string_shows_host_process_and_instance) {
  node_id::host_id_type host{};
  host[0] = 0xab;
  host[19] = 0x01;
  node_id x{host, 4711, 2};
  EXPECT_EQ(to_string(x), "ab000000000000000000000000000000000000"
                          "01#4711.2");
}

TEST(node_id, two_systems_in_one_process_differ) {
  actor_system a{actor_system_config{}};
  actor_system b{actor_system_config{}};
  EXPECT_TRUE(a.node().valid());
  EXPECT_NE(a.node(), b.node());
}

TEST(node_id, every_handle_offers_id_and_node) {
  using pinger = typed_actor<replies_to<ping_atom>::with<pong_atom>>;
  actor_system sys{actor_system_config{}};
  auto dyn = sys.spawn([]() -> behavior { return {[](ping_atom) { return pong_atom_v; }}; });
  pinger typed = sys.spawn([]() -> pinger::behavior_type { return {[](ping_atom) { return pong_atom_v; }}; });
  actor_addr addr = dyn.address();
  strong_actor_ptr ptr = dyn.ptr();
  EXPECT_EQ(dyn->id(), dyn.id());
  EXPECT_NE(dyn->id(), typed->id());
  EXPECT_EQ(typed->id(), typed.id());
  EXPECT_EQ(addr->id(), dyn.id());
  EXPECT_EQ(ptr->id(), dyn.id());
  EXPECT_EQ(dyn->node(), sys.node());
  EXPECT_EQ(dyn.node(), sys.node());
  EXPECT_EQ(typed->node(), sys.node());
  EXPECT_EQ(typed.node(), sys.node());
  EXPECT_EQ(addr->node(), sys.node());
  EXPECT_EQ(addr.node(), sys.node());
  EXPECT_EQ(ptr->node(), sys.node());
  EXPECT_FALSE(dyn.node() != sys.node());
  EXPECT_EQ(actor{}.node(), none);
  EXPECT_EQ(actor_addr{}.node(), none);
  EXPECT_EQ(pinger{}.node(), none);
  // Inside an actor: self->node() and the node of a handle it was given.
  scoped_actor self{sys};
  EXPECT_EQ(self->node(), sys.node());
  auto probe = sys.spawn([](event_based_actor* me) -> behavior {
    return {[me](get_atom, const actor& other) { return me->node() == other.node() && other->node() == me->node(); }};
  });
  bool same = false;
  self->request(probe, 5s, get_atom_v, dyn).receive([&](bool x) { same = x; }, [](const error&) {});
  EXPECT_TRUE(same);
  self->send_exit(dyn, exit_reason::kill);
  self->send_exit(typed, exit_reason::kill);
  self->send_exit(probe, exit_reason::kill);
}

// An address keeps answering id() and node() after its actor is gone.
TEST(node_id, address_outlives_actor) {
  actor_system sys{actor_system_config{}};
  actor_addr addr;
  actor_id id = 0;
  {
    auto a = sys.spawn([]() -> behavior { return {[](int) {}}; });
    addr = a.address();
    id = a.id();
    scoped_actor self{sys};
    self->send_exit(a, exit_reason::kill);
  }
  sys.await_all_actors_done();
  EXPECT_EQ(addr->id(), id);
  EXPECT_EQ(addr.node(), sys.node());
}

} // namespace

} // namespace node_id_test
