// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The actor registry: names to actors, replaced and erased, entries that go
// when their actor terminates, and a shutdown that is not held up by them.
#include "troupe/actor_registry.hpp"
#include "troupe/test.hpp"
#include "troupe/troupe.hpp"

#include "support/scoped_receive.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>

namespace registry_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

class registry_deterministic : public test::deterministic_fixture {};

behavior doubler() {
  return {[](int x) { return 2 * x; }};
}

} // namespace

TEST_F(registry_deterministic, put_get_and_erase) {
  auto a = sys.spawn(doubler);
  EXPECT_FALSE(sys.registry().get("doubler"));
  sys.registry().put("doubler", a);
  EXPECT_EQ(sys.registry().get("doubler"), a);
  EXPECT_EQ(sys.registry().entries().size(), 1u);
  EXPECT_TRUE(sys.registry().erase("doubler"));
  EXPECT_FALSE(sys.registry().get("doubler"));
  EXPECT_FALSE(sys.registry().erase("doubler"));
  self->send_exit(a, exit_reason::user_shutdown);
  run();
}

TEST_F(registry_deterministic, put_replaces_and_an_empty_handle_erases) {
  auto a = sys.spawn(doubler);
  auto b = sys.spawn(doubler);
  sys.registry().put("worker", a);
  sys.registry().put("worker", b);
  EXPECT_EQ(sys.registry().get("worker"), b);
  sys.registry().put("worker", actor{});
  EXPECT_FALSE(sys.registry().get("worker"));
  // `a` was replaced: its end no longer concerns the registry.
  sys.registry().put("other", b);
  self->send_exit(a, exit_reason::user_shutdown);
  run();
  EXPECT_EQ(sys.registry().get("other"), b);
  self->send_exit(b, exit_reason::user_shutdown);
  run();
}

TEST_F(registry_deterministic, an_entry_goes_when_its_actor_terminates) {
  auto a = sys.spawn(doubler);
  sys.registry().put("doubler", a);
  sys.registry().put("alias", a);
  self->send_exit(a, exit_reason::user_shutdown);
  run();
  EXPECT_FALSE(sys.registry().get("doubler"));
  EXPECT_FALSE(sys.registry().get("alias"));
  EXPECT_TRUE(sys.registry().entries().empty());
}

TEST_F(registry_deterministic, a_terminated_actor_is_not_registered) {
  auto a = sys.spawn(doubler);
  self->send_exit(a, exit_reason::user_shutdown);
  run();
  sys.registry().put("late", a);
  EXPECT_FALSE(sys.registry().get("late"));
}

TEST_F(registry_deterministic, the_registry_keeps_its_actor_alive) {
  {
    auto a = sys.spawn(doubler);
    sys.registry().put("doubler", a);
  }
  run();
  auto a = sys.registry().get("doubler");
  ASSERT_TRUE(a);
  self->send(a, 21);
  expect<int>().from(self).to(a).with(21);
  expect<int>().from(a).to(self).with(42);
}

TEST(registry, shutdown_drops_what_is_left) {
  // A registered actor that nothing else holds must not keep the destructor
  // of its system waiting.
  actor_system sys{test_support::small_config(1)};
  sys.registry().put("idle", sys.spawn(doubler));
  scoped_actor self{sys};
  int answer = 0;
  self->request(sys.registry().get("idle"), 5s, 4).receive([&](int x) { answer = x; }, [](error&) {});
  EXPECT_EQ(answer, 8);
}

} // namespace registry_test
