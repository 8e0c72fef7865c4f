// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// troupe::core, installed: spawns an actor and talks to it, directly and
// through a coroutine handler that awaits it.
#include <troupe/coroutines.hpp>
#include <troupe/troupe.hpp>

#include <chrono>

int main() {
  using namespace std::chrono_literals;
  troupe::actor_system_config cfg;
  troupe::actor_system sys{cfg};
  auto adder = sys.spawn([]() -> troupe::behavior { return {[](int a, int b) { return a + b; }}; });
  auto doubler = sys.spawn([=](troupe::event_based_actor* self) -> troupe::behavior {
    return {[=](int x) -> troupe::task<int> {
      auto sum = co_await self->request(adder, 5s, x, x);
      co_return sum ? sum->get_as<int>(0) : -1;
    }};
  });
  troupe::scoped_actor self{sys};
  int result = 0;
  self->request(adder, 5s, 20, 22).receive([&](int r) { result = r; }, [&](troupe::error&) { result = -1; });
  int twice = 0;
  self->request(doubler, 5s, 21).receive([&](int r) { twice = r; }, [&](troupe::error&) { twice = -1; });
  return result == 42 && twice == 42 ? 0 : 1;
}
