// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// current_sender(): answers without an upgrade, and still reads like the
// sender's actor_addr wherever code used it as one.
#include "troupe/test.hpp"
#include "troupe/troupe.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <type_traits>
#include <unordered_set>

namespace sender_handle_test {

using namespace troupe;

namespace {

using sender_handle_test = test::deterministic_fixture;

static_assert(std::is_same_v<detail::strip_and_convert_t<sender_handle>, actor_addr>);
static_assert(std::is_convertible_v<sender_handle, actor_addr>);
static_assert(!std::is_convertible_v<sender_handle, actor>); // only by actor_cast, as from an address

TEST_F(sender_handle_test, answering_the_sender_reaches_it) {
  auto echo = sys.spawn([](event_based_actor* self) -> behavior {
    return {[self](int x) { self->send(actor_cast<actor>(self->current_sender()), x + 1); }};
  });
  auto client = sys.spawn([echo](event_based_actor* self) -> behavior {
    self->send(echo, 1);
    return {[](int) {}};
  });
  ASSERT_TRUE(run_until([&] { return has_message(echo); }));
  expect<int>().from(client).to(echo).with(1);
  expect<int>().from(echo).to(client).with(2);
}

TEST_F(sender_handle_test, reads_like_the_senders_address) {
  actor_addr stored;
  sender_handle kept;
  bool equal_to_address = false, equal_to_handle = false, ordered_like_address = false, hashed_like_address = false;
  std::string text, address_text;
  actor client;
  auto server = sys.spawn([&](event_based_actor* self) -> behavior {
    return {[&, self](int) {
      auto s = self->current_sender();
      stored = s; // implicit: keeps a weak reference
      kept = s;   // a copy keeps a strong one
      equal_to_address = s == client.address() && client.address() == s;
      equal_to_handle = s == client && s.id() == client.id() && s->id() == client.id() && s.node() == client.node();
      std::set<actor_addr> ordered{s};
      ordered_like_address = ordered.count(client.address()) == 1 && !(s < client.address()) && !(s > client.address());
      std::unordered_set<actor_addr> hashed{s};
      hashed_like_address = hashed.count(client.address()) == 1
                            && std::hash<sender_handle>{}(s) == std::hash<actor_addr>{}(client.address());
      text = to_string(s);
      address_text = to_string(client.address());
    }};
  });
  client = sys.spawn([server](event_based_actor* self) { self->send(server, 1); });
  ASSERT_TRUE(run_until([&] { return has_message(server); }));
  expect<int>().from(client).to(server).with(1);
  EXPECT_EQ(stored, client.address());
  EXPECT_EQ(kept, client.address());
  EXPECT_TRUE(equal_to_address);
  EXPECT_TRUE(equal_to_handle);
  EXPECT_TRUE(ordered_like_address);
  EXPECT_TRUE(hashed_like_address);
  EXPECT_EQ(text, address_text);
  EXPECT_EQ(actor_cast<actor>(kept), client); // from an lvalue: a copy
  EXPECT_EQ(actor_cast<actor_addr>(kept), client.address());
  EXPECT_TRUE(static_cast<bool>(kept));
}

TEST_F(sender_handle_test, anonymous_messages_have_an_empty_sender) {
  bool empty = false, equals_null = false, no_handle = false;
  auto server = sys.spawn([&](event_based_actor* self) -> behavior {
    return {[&, self](int) {
      auto s = self->current_sender();
      empty = !s && s.id() == 0 && !s.lock();
      equals_null = s == nullptr && actor_addr{s} == actor_addr{};
      no_handle = !actor_cast<actor>(self->current_sender());
    }};
  });
  anon_send(server, 1);
  ASSERT_TRUE(run_until([&] { return has_message(server); }));
  expect<int>().to(server).with(1);
  EXPECT_TRUE(empty);
  EXPECT_TRUE(equals_null);
  EXPECT_TRUE(no_handle);
}

TEST_F(sender_handle_test, travels_in_a_message_as_an_actor_addr) {
  actor_addr received;
  auto registry = sys.spawn([&received] { return behavior{[&received](const actor_addr& a) { received = a; }}; });
  actor client;
  auto forwarder = sys.spawn([registry](event_based_actor* self) -> behavior {
    return {[self, registry](int) { self->send(registry, self->current_sender()); }};
  });
  client = sys.spawn([forwarder](event_based_actor* self) { self->send(forwarder, 1); });
  ASSERT_TRUE(run_until([&] { return has_message(forwarder); }));
  expect<int>().from(client).to(forwarder).with(1);
  expect<actor_addr>().from(forwarder).to(registry).with(client.address());
  EXPECT_EQ(received, client.address());
}

TEST_F(sender_handle_test, monitoring_the_sender_uses_its_address) {
  bool down = false;
  actor client;
  auto watcher = sys.spawn([&down](event_based_actor* self) -> behavior {
    self->set_down_handler([&down](down_msg&) { down = true; });
    return {[self](int) { self->monitor(self->current_sender()); }};
  });
  client = sys.spawn([watcher](event_based_actor* self) { self->send(watcher, 1); });
  ASSERT_TRUE(run_until([&] { return down; }));
}

} // namespace

} // namespace sender_handle_test
