// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The predefined atom constants: their texts, their values and their use as
// message tags.
#include "troupe/troupe.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <type_traits>

namespace atoms_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

// A program's own declaration with the same text names the same type.
static_assert(std::is_same_v<atom_constant<atom("add")>, add_atom>);
static_assert(std::is_same_v<decltype(ok_atom_v), const ok_atom>);
static_assert(wait_for_atom_v == atom("wait_for"));

TEST(predefined_atoms, every_constant_spells_its_name) {
  auto text = [](atom_value v) { return to_string(v); };
  EXPECT_EQ(text(add_atom_v), "add");
  EXPECT_EQ(text(get_atom_v), "get");
  EXPECT_EQ(text(put_atom_v), "put");
  EXPECT_EQ(text(delete_atom_v), "delete");
  EXPECT_EQ(text(ok_atom_v), "ok");
  EXPECT_EQ(text(sys_atom_v), "sys");
  EXPECT_EQ(text(join_atom_v), "join");
  EXPECT_EQ(text(leave_atom_v), "leave");
  EXPECT_EQ(text(forward_atom_v), "forward");
  EXPECT_EQ(text(ping_atom_v), "ping");
  EXPECT_EQ(text(pong_atom_v), "pong");
  EXPECT_EQ(text(idle_atom_v), "idle");
  EXPECT_EQ(text(update_atom_v), "update");
  EXPECT_EQ(text(resolve_atom_v), "resolve");
  EXPECT_EQ(text(spawn_atom_v), "spawn");
  EXPECT_EQ(text(div_atom_v), "div");
  EXPECT_EQ(text(sub_atom_v), "sub");
  EXPECT_EQ(text(mul_atom_v), "mul");
  EXPECT_EQ(text(tick_atom_v), "tick");
  EXPECT_EQ(text(timeout_atom_v), "timeout");
  EXPECT_EQ(text(reset_atom_v), "reset");
  EXPECT_EQ(text(connect_atom_v), "connect");
  EXPECT_EQ(text(open_atom_v), "open");
  EXPECT_EQ(text(close_atom_v), "close");
  EXPECT_EQ(text(publish_atom_v), "publish");
  EXPECT_EQ(text(unpublish_atom_v), "unpublish");
  EXPECT_EQ(text(subscribe_atom_v), "subscribe");
  EXPECT_EQ(text(redirect_atom_v), "redirect");
  EXPECT_EQ(text(link_atom_v), "link");
  EXPECT_EQ(text(unlink_atom_v), "unlink");
  EXPECT_EQ(text(monitor_atom_v), "monitor");
  EXPECT_EQ(text(demonitor_atom_v), "demonitor");
  EXPECT_EQ(text(wait_for_atom_v), "wait_for");
  EXPECT_EQ(text(migrate_atom_v), "migrate");
  EXPECT_EQ(text(stream_atom_v), "stream");
}

// A handler parameter of a predefined atom type selects messages by tag.
TEST(predefined_atoms, tag_messages) {
  actor_system sys{actor_system_config{}};
  auto counter = sys.spawn([]() -> behavior {
    auto n = std::make_shared<int>(0);
    return {
      [n](add_atom, int x) { *n += x; },
      [n](sub_atom, int x) { *n -= x; },
      [n](get_atom) { return *n; },
    };
  });
  scoped_actor self{sys};
  self->send(counter, add_atom_v, 5);
  self->send(counter, sub_atom_v, 2);
  self->send(counter, add_atom_v, 10);
  int result = 0;
  self->request(counter, 5s, get_atom_v).receive([&](int x) { result = x; }, [](const error&) {});
  EXPECT_EQ(result, 13);
  self->send_exit(counter, exit_reason::kill);
}

// Typed interfaces tell signatures apart by the predefined atoms.
TEST(predefined_atoms, select_typed_signatures) {
  using calc = typed_actor<replies_to<mul_atom, int, int>::with<int>, replies_to<div_atom, int, int>::with<int>>;
  actor_system sys{actor_system_config{}};
  auto c = sys.spawn([]() -> calc::behavior_type {
    return {
      [](mul_atom, int a, int b) { return a * b; },
      [](div_atom, int a, int b) { return a / b; },
    };
  });
  scoped_actor self{sys};
  int product = 0;
  int quotient = 0;
  self->request(c, 5s, mul_atom_v, 6, 7).receive([&](int x) { product = x; }, [](const error&) {});
  self->request(c, 5s, div_atom_v, 42, 6).receive([&](int x) { quotient = x; }, [](const error&) {});
  EXPECT_EQ(product, 42);
  EXPECT_EQ(quotient, 7);
  self->send_exit(c, exit_reason::kill);
}

} // namespace

} // namespace atoms_test
