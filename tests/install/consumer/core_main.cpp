// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// troupe::core, installed: spawns an actor and talks to it.
#include <troupe/troupe.hpp>

#include <chrono>

int main() {
  troupe::actor_system_config cfg;
  troupe::actor_system sys{cfg};
  auto adder = sys.spawn([]() -> troupe::behavior { return {[](int a, int b) { return a + b; }}; });
  troupe::scoped_actor self{sys};
  int result = 0;
  self->request(adder, std::chrono::seconds(5), 20, 22)
    .receive([&](int r) { result = r; }, [&](troupe::error&) { result = -1; });
  return result == 42 ? 0 : 1;
}
