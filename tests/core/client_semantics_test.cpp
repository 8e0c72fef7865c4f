// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Semantics that code written for the classic actor API relies on: `self` in a
// message, nested awaits, and a normal exit that is not a failure.
#include "troupe/test.hpp"
#include "troupe/troupe.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace client_semantics_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

class client_semantics : public test::deterministic_fixture {
public:
  // Answer at once when the test lets them run; which one answers first is
  // up to the test.
  actor spawn_int_echo() {
    return sys.spawn([] { return behavior{[](int x) { return x; }}; });
  }
  actor spawn_string_echo() {
    return sys.spawn([] { return behavior{[](const std::string& s) { return s; }}; });
  }
};

using echo_iface = typed_actor<replies_to<int>::with<int>>;

static_assert(std::is_same_v<detail::strip_and_convert_t<event_based_actor*>, actor>);
static_assert(std::is_same_v<detail::strip_and_convert_t<const event_based_actor*>, actor>);
static_assert(std::is_same_v<detail::strip_and_convert_t<echo_iface::pointer>, echo_iface>);
static_assert(std::is_same_v<detail::strip_and_convert_t<const char*>, std::string>);

// ---- an actor pointer in a message travels as its handle -------------------------

TEST_F(client_semantics, self_in_a_message_matches_an_actor_handler) {
  actor received;
  auto server =
    sys.spawn([&received] { return behavior{[&received](atom_value, const actor& worker) { received = worker; }}; });
  auto client = sys.spawn([server](event_based_actor* self) { self->send(server, atom("idle"), self); });
  ASSERT_TRUE(run_until([&] { return has_message(server); })); // both start; the client sends
  expect<atom_value, actor>().from(client).to(server).with(atom("idle"), client);
  EXPECT_EQ(received, client);
}

TEST_F(client_semantics, typed_self_in_a_message_travels_as_its_typed_handle) {
  echo_iface received;
  auto server = sys.spawn(
    [&received] { return behavior{[&received](atom_value, const echo_iface& worker) { received = worker; }}; });
  auto client = sys.spawn([server](echo_iface::pointer self) -> echo_iface::behavior_type {
    self->send(server, atom("hello"), self);
    return {[](int x) { return x; }};
  });
  ASSERT_TRUE(run_until([&] { return has_message(server); }));
  expect<atom_value, echo_iface>().from(client).to(server).with(atom("hello"), client);
  EXPECT_EQ(actor{received}, actor{client});
}

// ---- await: the newest awaited response runs first --------------------------------

TEST_F(client_semantics, awaited_responses_run_last_in_first_out) {
  std::vector<std::string> order;
  auto fast = spawn_int_echo();
  auto slow = spawn_string_echo();
  auto client = sys.spawn([&order, fast, slow](event_based_actor* self) {
    self->request(fast, 10s, 1).await([&order](int) { order.emplace_back("fast"); });
    self->request(slow, 10s, "x").await([&order](const std::string&) { order.emplace_back("slow"); });
  });
  ASSERT_TRUE(run_until([&] { return has_message(fast); })); // the client sends both requests
  expect<int>().from(client).to(fast).with(1);
  expect<int>().from(fast).to(client).with(1); // arrives first, waits for the newer await
  EXPECT_TRUE(order.empty());
  expect<std::string>().from(client).to(slow).with("x");
  expect<std::string>().from(slow).to(client).with("x");
  run();
  EXPECT_EQ(order, (std::vector<std::string>{"slow", "fast"}));
}

TEST_F(client_semantics, then_responses_run_in_arrival_order) {
  std::vector<std::string> order;
  auto fast = spawn_int_echo();
  auto slow = spawn_string_echo();
  auto client = sys.spawn([&order, fast, slow](event_based_actor* self) {
    self->request(fast, 10s, 1).then([&order](int) { order.emplace_back("fast"); });
    self->request(slow, 10s, "x").then([&order](const std::string&) { order.emplace_back("slow"); });
  });
  ASSERT_TRUE(run_until([&] { return has_message(fast); }));
  expect<int>().from(client).to(fast).with(1);
  expect<int>().from(fast).to(client).with(1);
  EXPECT_EQ(order, (std::vector<std::string>{"fast"}));
  expect<std::string>().from(client).to(slow).with("x");
  expect<std::string>().from(slow).to(client).with("x");
  EXPECT_EQ(order, (std::vector<std::string>{"fast", "slow"}));
}

TEST_F(client_semantics, a_then_response_waits_while_an_await_is_outstanding) {
  std::vector<std::string> order;
  auto fast = spawn_int_echo();
  auto slow = spawn_string_echo();
  auto client = sys.spawn([&order, fast, slow](event_based_actor* self) {
    self->request(fast, 10s, 1).then([&order](int) { order.emplace_back("then"); });
    self->request(slow, 10s, "x").await([&order](const std::string&) { order.emplace_back("await"); });
  });
  ASSERT_TRUE(run_until([&] { return has_message(fast); }));
  expect<int>().from(client).to(fast).with(1);
  expect<int>().from(fast).to(client).with(1);
  EXPECT_TRUE(order.empty());
  expect<std::string>().from(client).to(slow).with("x");
  expect<std::string>().from(slow).to(client).with("x");
  run();
  EXPECT_EQ(order, (std::vector<std::string>{"await", "then"}));
}

TEST_F(client_semantics, an_older_await_times_out_after_the_newer_one_is_answered) {
  std::vector<std::string> order;
  auto silent = sys.spawn([] { return behavior{[](const std::string&) {}}; }); // skips the int
  auto slow = spawn_string_echo();
  sys.spawn([&order, silent, slow](event_based_actor* self) {
    self->request(silent, 1s, 1).await([](int) {}, [&order](const error& e) { order.push_back(to_string(e)); });
    self->request(slow, 10s, "x").await([&order](const std::string&) { order.emplace_back("slow"); });
  });
  run();
  advance_time(2s); // the first request's timeout fires before the second answer
  run();
  EXPECT_EQ(order, (std::vector<std::string>{"slow", to_string(error{sec::request_timeout})}));
}

// ---- a normal exit is not a failure in a boolean test -----------------------------

TEST_F(client_semantics, supervisor_boolean_test_ignores_normal_exits) {
  std::vector<bool> failed;
  std::vector<error> reasons;
  auto supervisor = sys.spawn([&](event_based_actor* self) {
    self->set_down_handler([&](down_msg& m) {
      failed.push_back(static_cast<bool>(m.reason)); // the classic "did it fail?"
      reasons.push_back(m.reason);
    });
    auto quits = self->spawn([](event_based_actor* w) { w->quit(); });
    auto throws = self->spawn([] { return behavior{[](int) -> int { throw std::runtime_error("boom"); }}; });
    self->monitor(quits);
    self->monitor(throws);
    self->send(throws, 1);
    return behavior{[](int) {}};
  });
  run();
  ASSERT_EQ(failed.size(), 2u);
  ASSERT_EQ(reasons.size(), 2u);
  for (std::size_t i = 0; i < reasons.size(); ++i) {
    if (reasons[i] == exit_reason::normal)
      EXPECT_FALSE(failed[i]);
    else
      EXPECT_TRUE(failed[i]) << to_string(reasons[i]);
  }
  EXPECT_NE(reasons[0] == exit_reason::normal, reasons[1] == exit_reason::normal);
  self->send_exit(supervisor, exit_reason::user_shutdown);
  run();
}

} // namespace

} // namespace client_semantics_test
