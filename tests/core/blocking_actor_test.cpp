// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Blocking actors: wait_for, fail_state and the receive loops
// (receive_while, receive_for, do_receive ... until).
#include "troupe/troupe.hpp"

#include "support/scoped_receive.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>

namespace blocking_actor_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

using stop_atom = atom_constant<atom("stop")>;

// Terminates normally `delay` after it starts.
behavior short_lived(event_based_actor* self, std::chrono::milliseconds delay) {
  self->delayed_send(actor{self}, delay, stop_atom{});
  return {[=](stop_atom) { self->quit(); }};
}

struct ping {};
using pinger = typed_actor<replies_to<ping>::with<int>>;

// A typed actor that terminates once it was idle for `delay`.
pinger::behavior_type typed_short_lived(pinger::pointer self, std::chrono::milliseconds delay) {
  return {[](const ping&) { return 1; }, after(delay) >> [=] { self->quit(); }};
}

// Whether `x` still answers: false once it has terminated.
bool alive(scoped_actor& self, const actor& x) {
  bool down = false;
  self->request(x, 5s, "are you there")
    .receive([](const message&) {}, [&](const error& e) { down = e == sec::request_receiver_down; });
  return !down;
}

// A temporary flag would be read once; receive_while(bool&) rejects it.
template <class Self>
constexpr bool takes_temporary_flag = requires(Self* self) {
  self->receive_while(true);
};
template <class Self>
constexpr bool takes_flag = requires(Self* self, bool& flag) {
  self->receive_while(flag);
};
static_assert(!takes_temporary_flag<blocking_actor> && takes_flag<blocking_actor>);

} // namespace

TEST(blocking_actor, wait_for_several_actors) {
  actor_system sys{test_support::small_config()};
  auto a = sys.spawn(short_lived, 30ms);
  auto b = sys.spawn(short_lived, 60ms);
  scoped_actor self{sys};
  auto start = std::chrono::steady_clock::now();
  self->wait_for(a, b);
  EXPECT_GE(std::chrono::steady_clock::now() - start, 55ms);
  EXPECT_FALSE(alive(self, a));
  EXPECT_FALSE(alive(self, b));
}

TEST(blocking_actor, wait_for_typed_handle_and_address) {
  actor_system sys{test_support::small_config()};
  auto t = sys.spawn(typed_short_lived, 20ms);
  auto d = sys.spawn(short_lived, 20ms);
  scoped_actor self{sys};
  self->wait_for(t, d.address());
  EXPECT_FALSE(alive(self, actor{t}));
  EXPECT_FALSE(alive(self, d));
}

TEST(blocking_actor, wait_for_returns_at_once_for_dead_actors) {
  actor_system sys{test_support::small_config()};
  auto a = sys.spawn(short_lived, 0ms);
  scoped_actor self{sys};
  self->wait_for(a);
  auto start = std::chrono::steady_clock::now();
  self->wait_for(a, a); // dead already: each gets its down message at once
  EXPECT_LT(std::chrono::steady_clock::now() - start, 1s);
  self->wait_for(actor{}); // an invalid handle has nothing to wait for
}

TEST(blocking_actor, wait_for_keeps_unrelated_messages) {
  actor_system sys{test_support::small_config()};
  auto watched = sys.spawn(short_lived, 20ms);
  auto other = sys.spawn(short_lived, 0ms);
  scoped_actor self{sys};
  self->monitor(other);   // its down message arrives before wait_for ends
  self->monitor(watched); // our own monitor of the waited-for actor as well
  self->send(actor{self}, 42);
  self->wait_for(watched);
  int got = 0;
  int downs_other = 0;
  int downs_watched = 0;
  for (int i = 0; i < 3; ++i)
    self->receive([&](int x) { got = x; },
                  [&](const down_msg& dm) {
                    if (dm.source == other.address())
                      ++downs_other;
                    else if (dm.source == watched.address())
                      ++downs_watched;
                  },
                  after(1s) >> [] {});
  EXPECT_EQ(got, 42);
  EXPECT_EQ(downs_other, 1);
  EXPECT_EQ(downs_watched, 1);
  EXPECT_EQ(self->mailbox_size(), 0u);
}

TEST(blocking_actor, wait_for_from_a_spawned_blocking_actor) {
  actor_system sys{test_support::small_config()};
  auto a = sys.spawn(short_lived, 20ms);
  auto waiter = sys.spawn([a](blocking_actor* self) { self->wait_for(a); });
  scoped_actor self{sys};
  self->wait_for(waiter);
  EXPECT_FALSE(alive(self, a));
}

TEST(blocking_actor, fail_state_is_the_exit_reason) {
  actor_system sys{test_support::small_config()};
  scoped_actor self{sys};
  error seen_inside;
  auto failing = self->spawn<monitored>([&](blocking_actor* b) {
    b->fail_state(error{sec::runtime_error, "disk full"});
    seen_inside = b->fail_state();
  });
  error reason;
  self->receive([&](const down_msg& dm) { reason = dm.reason; });
  EXPECT_EQ(reason, sec::runtime_error);
  EXPECT_EQ(reason.context(), "disk full");
  EXPECT_EQ(seen_inside, sec::runtime_error);
  self->spawn<monitored>([](blocking_actor*) {});
  self->receive([&](const down_msg& dm) { reason = dm.reason; });
  EXPECT_EQ(reason, exit_reason::normal);
}

TEST(blocking_actor, receive_while_flag) {
  actor_system sys{test_support::small_config()};
  scoped_actor self{sys};
  for (int i = 1; i <= 3; ++i)
    self->send(actor{self}, i);
  self->send(actor{self}, stop_atom{});
  self->send(actor{self}, 99); // after the stop: stays queued
  bool running = true;
  int sum = 0;
  self->receive_while(running)([&](int x) { sum += x; }, [&](stop_atom) { running = false; });
  EXPECT_EQ(sum, 6);
  EXPECT_EQ(self->mailbox_size(), 1u);
}

TEST(blocking_actor, receive_while_predicate_both_forms) {
  actor_system sys{test_support::small_config()};
  scoped_actor self{sys};
  for (int i = 0; i < 4; ++i)
    self->send(actor{self}, i);
  int count = 0;
  self->receive_while([&] { return count < 2; })([&](int) { ++count; });
  EXPECT_EQ(count, 2);
  self->receive_while([&] { return count < 4; }, [&](int) { ++count; });
  EXPECT_EQ(count, 4);
}

TEST(blocking_actor, receive_for_counts) {
  actor_system sys{test_support::small_config()};
  scoped_actor self{sys};
  for (int i = 0; i < 5; ++i)
    self->send(actor{self}, i * 10);
  int i = 0;
  int last = -1;
  self->receive_for(i, 3)([&](int x) { last = x; });
  EXPECT_EQ(i, 3);
  EXPECT_EQ(last, 20);
  EXPECT_EQ(self->mailbox_size(), 2u);
}

TEST(blocking_actor, do_receive_until) {
  actor_system sys{test_support::small_config()};
  scoped_actor self{sys};
  for (int i = 1; i <= 4; ++i)
    self->send(actor{self}, i);
  bool done = true; // already true: do_receive still receives once
  int got = 0;
  self->do_receive([&](int x) { got = x; }).until(done);
  EXPECT_EQ(got, 1);
  self->do_receive([&](int x) { got = x; }).until([&] { return got >= 3; });
  EXPECT_EQ(got, 3);
  done = false;
  self
    ->do_receive([&](int x) {
      got = x;
      done = true;
    })
    .until(done);
  EXPECT_EQ(got, 4);
}

} // namespace blocking_actor_test
