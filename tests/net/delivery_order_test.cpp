// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The delivery order of one connection alone: per pair of actors, what
// arrives after a message still being decoded waits for it; other pairs and
// other actors pass; an actor's down waits for all of its messages, and a
// move marker for all messages to its actor from its node.
#include "net/delivery_order.hpp"

#include <gtest/gtest.h>

#include <string>

namespace delivery_order_test {

using troupe::node_id;
using troupe::net::delivery_order;

namespace {

const node_id n1{node_id::local_host_id(), 1, 1};
const node_id n2{node_id::local_host_id(), 2, 1};

struct log_fixture {
  std::string seen;
  delivery_order::action note(std::string what) {
    return [this, what] { seen += what; };
  }
};

} // namespace

TEST(delivery_order, runs_at_once_when_nothing_waits) {
  log_fixture f;
  delivery_order order;
  order.in_order({n1, 1, 2}, f.note("a"));
  order.after_messages_of(n1, 1, f.note("D"));
  EXPECT_EQ(f.seen, "aD");
  EXPECT_TRUE(order.idle());
}

TEST(delivery_order, a_message_of_the_same_pair_waits_for_the_one_being_decoded) {
  log_fixture f;
  delivery_order order;
  auto t = order.reserve({n1, 1, 2});
  order.in_order({n1, 1, 2}, f.note("b"));
  EXPECT_EQ(f.seen, "");
  EXPECT_FALSE(order.idle());
  order.fulfil({n1, 1, 2}, t, f.note("a"));
  EXPECT_EQ(f.seen, "ab");
  EXPECT_TRUE(order.idle());
}

TEST(delivery_order, other_pairs_pass) {
  log_fixture f;
  delivery_order order;
  auto t = order.reserve({n1, 1, 2});
  order.in_order({n1, 1, 3}, f.note("other dest,"));
  order.in_order({n1, 4, 2}, f.note("other source,"));
  order.in_order({n2, 1, 2}, f.note("other node,"));
  EXPECT_EQ(f.seen, "other dest,other source,other node,");
  order.fulfil({n1, 1, 2}, t, f.note("large"));
  EXPECT_EQ(f.seen, "other dest,other source,other node,large");
}

TEST(delivery_order, two_decodes_of_one_pair_finish_in_either_order_and_deliver_in_order) {
  log_fixture f;
  delivery_order order;
  auto first = order.reserve({n1, 1, 2});
  auto second = order.reserve({n1, 1, 2});
  order.in_order({n1, 1, 2}, f.note("3"));
  order.fulfil({n1, 1, 2}, second, f.note("2"));
  EXPECT_EQ(f.seen, "");
  order.fulfil({n1, 1, 2}, first, f.note("1"));
  EXPECT_EQ(f.seen, "123");
}

TEST(delivery_order, a_down_waits_for_every_pair_of_its_actor) {
  log_fixture f;
  delivery_order order;
  auto to_2 = order.reserve({n1, 1, 2});
  auto to_3 = order.reserve({n1, 1, 3});
  order.after_messages_of(n1, 1, f.note("D"));
  order.after_messages_of(n2, 1, f.note("(n2's actor 1 down)"));
  EXPECT_EQ(f.seen, "(n2's actor 1 down)");
  order.fulfil({n1, 1, 3}, to_3, f.note("to 3,"));
  EXPECT_EQ(f.seen, "(n2's actor 1 down)to 3,");
  order.fulfil({n1, 1, 2}, to_2, f.note("to 2,"));
  EXPECT_EQ(f.seen, "(n2's actor 1 down)to 3,to 2,D");
  EXPECT_TRUE(order.idle());
}

TEST(delivery_order, a_move_marker_waits_for_every_message_to_its_actor_from_its_node) {
  log_fixture f;
  delivery_order order;
  auto from_1 = order.reserve({n1, 1, 2});
  auto from_4 = order.reserve({n1, 4, 2});
  auto anonymous = order.reserve({n2, 0, 2}); // no sender: its node may be a relay's
  auto other_node = order.reserve({n2, 1, 2});
  auto other_dest = order.reserve({n1, 1, 3});
  order.after_messages_to(n1, 2, f.note("M"));
  order.after_messages_to(n1, 5, f.note("(marker for 5)"));
  EXPECT_EQ(f.seen, "(marker for 5)");
  order.fulfil({n2, 1, 2}, other_node, f.note("n2,"));
  order.fulfil({n1, 1, 3}, other_dest, f.note("to 3,"));
  order.fulfil({n1, 4, 2}, from_4, f.note("4,"));
  order.fulfil({n2, 0, 2}, anonymous, f.note("anon,"));
  EXPECT_EQ(f.seen, "(marker for 5)n2,to 3,4,anon,");
  order.fulfil({n1, 1, 2}, from_1, f.note("1,"));
  EXPECT_EQ(f.seen, "(marker for 5)n2,to 3,4,anon,1,M");
  EXPECT_TRUE(order.idle());
}

TEST(delivery_order, clear_drops_what_waits_and_a_late_decode_is_ignored) {
  log_fixture f;
  delivery_order order;
  auto t = order.reserve({n1, 1, 2});
  order.in_order({n1, 1, 2}, f.note("b"));
  order.after_messages_of(n1, 1, f.note("D"));
  EXPECT_EQ(order.clear(), 2u); // two messages; the down is not one
  EXPECT_TRUE(order.idle());
  order.fulfil({n1, 1, 2}, t, f.note("a"));
  EXPECT_EQ(f.seen, "");
}

} // namespace delivery_order_test
