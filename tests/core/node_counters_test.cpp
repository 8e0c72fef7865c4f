// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// actor_system::counters(): the always-on counts of running actors, handled
// messages and dead letters, on the deterministic fixture, on real workers, and
// off the workers (detached and blocking actors).
#include "troupe/test.hpp"
#include "troupe/troupe.hpp"

#include <gtest/gtest.h>

#include <cstdint>

namespace node_counters_test {

using namespace troupe;

namespace {

behavior adder() {
  return {[](int x) { return x + 1; }};
}

behavior sink() {
  return {[](int) {}};
}

class counters_deterministic : public test::deterministic_fixture {};

} // namespace

TEST_F(counters_deterministic, each_handled_message_counts_once) {
  auto a = sys.spawn(sink);
  run();
  auto before = sys.counters();
  EXPECT_EQ(before.running_actors, 1u);
  for (int i = 0; i < 3; ++i)
    self->send(a, i);
  run();
  auto after = sys.counters();
  EXPECT_EQ(after.processed_messages - before.processed_messages, 3u);
  EXPECT_EQ(after.dead_letters, before.dead_letters);
}

TEST_F(counters_deterministic, a_message_to_a_terminated_actor_is_a_dead_letter) {
  auto a = sys.spawn(sink);
  run();
  self->send_exit(a, exit_reason::kill);
  run();
  auto before = sys.counters();
  EXPECT_EQ(before.running_actors, 0u);
  self->send(a, 1);
  self->send(a, 2);
  run();
  auto after = sys.counters();
  EXPECT_EQ(after.dead_letters - before.dead_letters, 2u);
  EXPECT_EQ(after.processed_messages, before.processed_messages);
}

TEST_F(counters_deterministic, messages_left_in_a_mailbox_at_termination_are_dead_letters) {
  // Quits on 0: what waits behind it is never handled.
  auto a = sys.spawn([](event_based_actor* self) -> behavior {
    return {[=](int x) {
      if (x == 0)
        self->quit();
    }};
  });
  run();
  auto before = sys.counters();
  self->send(a, 0);
  self->send(a, 1);
  self->send(a, 2);
  run();
  auto after = sys.counters();
  EXPECT_EQ(after.dead_letters - before.dead_letters, 2u);
  EXPECT_EQ(after.processed_messages - before.processed_messages, 1u);
}

TEST(counters, workers_and_blocking_actors_count_what_they_handle) {
  actor_system_config cfg;
  cfg.set_scheduler(2);
  actor_system sys{cfg};
  auto a = sys.spawn(adder);
  scoped_actor self{sys};
  auto before = sys.counters();
  constexpr int n = 100;
  for (int i = 0; i < n; ++i)
    self->request(a, infinite, i).receive([](int) {}, [](const error& e) { FAIL() << to_string(e); });
  auto after = sys.counters();
  // Each request is handled once on a worker; each response once by the
  // blocking scoped actor. A worker counts before it runs the handler, so
  // every count is in once the last response is here.
  EXPECT_EQ(after.processed_messages - before.processed_messages, std::uint64_t{2 * n});
  EXPECT_EQ(after.dead_letters, before.dead_letters);
  self->send_exit(a, exit_reason::kill);
}

TEST(counters, a_detached_actor_counts_off_the_workers) {
  actor_system_config cfg;
  cfg.set_scheduler(1);
  actor_system sys{cfg};
  auto a = sys.spawn<detached>(adder);
  scoped_actor self{sys};
  auto before = sys.counters();
  auto on_workers = sys.scheduler().processed_messages();
  for (int i = 0; i < 10; ++i)
    self->request(a, infinite, i).receive([](int) {}, [](const error& e) { FAIL() << to_string(e); });
  auto after = sys.counters();
  // Both ends run on threads of their own: 20 messages, none on a worker.
  EXPECT_EQ(after.processed_messages - before.processed_messages, 20u);
  EXPECT_EQ(sys.scheduler().processed_messages(), on_workers);
  self->send_exit(a, exit_reason::kill);
}

} // namespace node_counters_test
