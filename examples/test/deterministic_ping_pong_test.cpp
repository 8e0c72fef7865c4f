// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A deterministic test of a ping-pong pair with a timeout: every message is
// checked in the order it is handled, and the timeout fires when the test
// moves the clock, not after real time passed.
#include <troupe/test.hpp>
#include <troupe/troupe.hpp>

#include <chrono>
#include <tuple>

using namespace troupe;
using namespace std::chrono_literals;
using troupe::test::_;

namespace {

// Answers ping(n) with pong(n).
behavior pong() {
  return {on(atom("ping"), arg_match) >> [](int n) { return std::make_tuple(atom("pong"), n); }};
}

// Sends ping(n) to `buddy` for each pong(n) until n reaches 0, then reports to
// `observer`. Gives up (and reports -1) after 5 s without an answer.
behavior ping(event_based_actor* self, actor buddy, actor observer) {
  return {
    on(atom("pong"), arg_match) >>
      [=](int n) {
        if (n == 0) {
          self->send(observer, atom("done"), 0);
          self->quit();
          return;
        }
        self->send(buddy, atom("ping"), n - 1);
      },
    after(5s) >>
      [=] {
        self->send(observer, atom("done"), -1);
        self->quit();
      },
  };
}

// Sets up the pair for both tests.
class ping_pong_test : public test::deterministic_fixture {
public:
  actor pong_actor = sys.spawn(pong);
  actor ping_actor = sys.spawn(ping, pong_actor, actor{self});
};

} // namespace

TEST_F(ping_pong_test, every_message_in_order) {
  // Start the exchange: pretend pong answered 2.
  inject<atom_value, int>().from(pong_actor).to(ping_actor).with(atom("pong"), 2);
  expect<atom_value, int>().from(ping_actor).to(pong_actor).with(atom("ping"), 1);
  expect<atom_value, int>().from(pong_actor).to(ping_actor).with(atom("pong"), 1);
  expect<atom_value, int>().from(ping_actor).to(pong_actor).with(atom("ping"), 0);
  expect<atom_value, int>().from(pong_actor).to(ping_actor).with(atom("pong"), 0);
  expect<atom_value, int>().from(ping_actor).to(self).with(atom("done"), 0);
}

TEST_F(ping_pong_test, gives_up_when_pong_is_silent) {
  run(); // both actors start; ping arms its 5 s timeout
  // Nothing happens while the clock stands still, however long the test takes.
  advance_time(4999ms);
  run();
  disallow<atom_value, int>().to(self).with(atom("done"), _);
  // One more millisecond reaches the deadline.
  advance_time(1ms);
  expect<timeout_msg>().to(ping_actor);
  expect<atom_value, int>().from(ping_actor).to(self).with(atom("done"), -1);
}
