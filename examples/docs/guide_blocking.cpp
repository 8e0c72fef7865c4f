// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/guide.md, "Non-actor code: scoped_actor": function_view, the receive
// loops, wait_for and fail_state.
#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <chrono>
#include <iostream>
#include <tuple>

using namespace troupe;
using namespace std::chrono_literals;

using add_atom_t = atom_constant<atom("add")>;
using stop_atom_t = atom_constant<atom("stop")>;
inline constexpr add_atom_t add_op{};
inline constexpr stop_atom_t stop_op{};

struct split {
  int x;
};
using splitter = typed_actor<replies_to<split>::with<int, int>>;

splitter::behavior_type halves(splitter::pointer) {
  return {[](const split& s) { return std::tuple{s.x / 2, s.x - s.x / 2}; }};
}

int main() {
  actor_system_config cfg;
  actor_system sys{cfg};
  auto adder = sys.spawn([]() -> behavior { return {[](add_atom_t, int a, int b) { return a + b; }}; });
  splitter halver = sys.spawn(halves); // a typed actor
  {
    // [snippet function_view]
    auto add = make_function_view(adder, 1s);  // a timeout per call; default: infinite
    expected<message> sum = add(add_op, 1, 2); // dynamic actor: the answer as a message
    auto halve = make_function_view(halver);
    expected<std::tuple<int, int>> parts = halve(split{7}); // typed: the interface's answer
    if (!parts)
      std::cout << to_string(parts.error()) << '\n'; // timeout, receiver down, an error answer, ...
    // [/snippet]
    DOC_CHECK(sum && sum->get_as<int>(0) == 3);
    DOC_CHECK(parts && *parts == std::tuple(3, 4));
  }
  scoped_actor self{sys};
  {
    for (int i = 1; i <= 3; ++i)
      self->send(self, i);
    self->send(self, stop_op);
    for (int i = 4; i <= 8; ++i)
      self->send(self, i);
    int sum = 0;
    // [snippet receive_loops]
    bool running = true;
    self->receive_while(running)([&](int x) { sum += x; }, [&](stop_atom_t) { running = false; });
    int i = 0;
    self->receive_for(i, 3)([&](int x) { sum += x; }); // exactly three messages
    self->do_receive([&](int x) { sum += x; }).until([&] { return sum > 20; });
    // [/snippet]
    DOC_CHECK(sum == 1 + 2 + 3 + 4 + 5 + 6 + 7);
    DOC_CHECK(self->mailbox_size() == 1u);
    self->receive([](int) {});
  }
  {
    self->send_exit(actor{halver}, exit_reason::user_shutdown);
    // [snippet wait_for]
    auto job = [](blocking_actor* self) {
      self->receive([](int) {}, after(10ms) >> [] {});
      self->fail_state(sec::runtime_error); // the exit reason once the function returns
    };
    auto a = sys.spawn(job);
    auto b = self->spawn<monitored>(job);
    self->wait_for(a, b, halver); // until all three have terminated; other messages stay queued
    // [/snippet]
    error reason;
    self->receive([&](const down_msg& dm) { reason = dm.reason; });
    DOC_CHECK(reason == sec::runtime_error);
  }
  return doc::result();
}
