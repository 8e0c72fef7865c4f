// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// troupe::core, installed: spawns an actor and talks to it, directly and
// through a coroutine handler that awaits it, and sums a stream.
#include <troupe/coroutines.hpp>
#include <troupe/streams.hpp>
#include <troupe/troupe.hpp>

#include <atomic>
#include <chrono>
#include <memory>

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
  int result = 0;
  int twice = 0;
  {
    troupe::scoped_actor self{sys};
    self->request(adder, 5s, 20, 22).receive([&](int r) { result = r; }, [&](troupe::error&) { result = -1; });
    self->request(doubler, 5s, 21).receive([&](int r) { twice = r; }, [&](troupe::error&) { twice = -1; });
    self->send_exit(adder, troupe::exit_reason::user_shutdown);
    self->send_exit(doubler, troupe::exit_reason::user_shutdown);
  }
  auto total = std::make_shared<std::atomic<int>>(0);
  auto numbers = troupe::streams::spawn_source<int>(sys, []() -> troupe::generator<int> {
    for (int i = 1; i <= 10; ++i)
      co_yield i;
  });
  troupe::streams::spawn_sink(
    sys, numbers, [total](int x) { *total += x; }, [](const troupe::error&) {});
  sys.await_all_actors_done();
  return result == 42 && twice == 42 && total->load() == 55 ? 0 : 1;
}
