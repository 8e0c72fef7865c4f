// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/guide.md, "Talking to actors from non-actor code: scoped_actor".
#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <chrono>
#include <iostream>

using namespace troupe;
using namespace std::chrono_literals;

int main() {
  actor_system_config cfg;
  actor_system sys{cfg};
  auto a = sys.spawn([]() -> behavior { return {[](int x, int y) { return x + y; }}; });
  scoped_actor self{sys};
  // [snippet scoped_actor]
  self->send(a, 1, 2);                                       // the sender is self
  self->receive([](int r) { std::cout << r << '\n'; },       // waits for a matching message;
                after(1s) >> [] { std::cout << "none\n"; }); // others stay queued
  self->request(a, 5s, 1, 2).receive([](int r) { /* ... */ }, [](const error& e) { /* timeout, receiver down, ... */ });
  // [/snippet]

  // Messages that no receive() handler matches stay queued for a later receive.
  self->send(self, "first");
  self->send(self, 7);
  int got = 0;
  self->receive([&](int x) { got = x; });
  DOC_CHECK(got == 7);
  std::string text;
  self->receive([&](const std::string& s) { text = s; }, after(1s) >> [] {});
  DOC_CHECK(text == "first");

  // receive_while repeats receive while the predicate holds.
  int count = 0;
  for (int i = 0; i < 3; ++i)
    self->send(self, i);
  self->receive_while([&] { return count < 3; }, [&](int) { ++count; });
  DOC_CHECK(count == 3);
  return doc::result();
}
