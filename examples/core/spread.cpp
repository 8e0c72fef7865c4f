// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The actor-creation benchmark: a binary tree of actors, each spawning two more:
//
//   main(X):
//     spawn(testee, self) ! {spread, X}
//     receive: {result, Y} => assert(2^X == Y)
//   testee(Parent):
//     receive:
//       {spread, 0} => Parent ! {result, 1}
//       {spread, N} => spawn(testee, self) ! {spread, N-1}
//                      spawn(testee, self) ! {spread, N-1}
//                      receive {result, X1} => receive {result, X2} =>
//                        Parent ! {result, X1 + X2}
//
// Every actor but the leaves spawns two children, so main(X) creates
// 2^(X+1) - 1 actors, and the sum that arrives back at main is 2^X.
//
// Shows: spawning from inside an actor, value patterns (on(atom("spread"), 0)
// before the general case), and the nested receives of the pseudo code written
// as become(): an event-based actor never blocks a thread while it waits.
//
//   troupe_example_spread [N] [--scheduler.workers=W]    (N defaults to 16)
#include <troupe/troupe.hpp>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <iostream>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

behavior testee(event_based_actor* self, actor parent) {
  return {
    on(atom("spread"), 0) >>
      [=] {
        self->send(parent, atom("result"), std::uint64_t{1});
        self->quit();
      },
    on(atom("spread"), arg_match) >>
      [=](int n) {
        // The children get our handle: that is where they send their result.
        self->send(self->spawn(testee, actor{self}), atom("spread"), n - 1);
        self->send(self->spawn(testee, actor{self}), atom("spread"), n - 1);
        // receive {result, X1} => receive {result, X2} => Parent ! {result, X1 + X2}
        self->become(on(atom("result"), arg_match) >> [=](std::uint64_t x1) {
          self->become(on(atom("result"), arg_match) >> [=](std::uint64_t x2) {
            self->send(parent, atom("result"), x1 + x2);
            self->quit();
          });
        });
      },
  };
}

} // namespace

int main(int argc, char** argv) {
  actor_system_config cfg;
  if (auto err = cfg.parse(argc, argv)) {
    std::cerr << "spread: " << to_string(err) << '\n' << actor_system_config::help_text();
    return 2;
  }
  int n = 16;
  if (!cfg.remainder().empty())
    n = std::atoi(cfg.remainder().front().c_str());
  if (n < 0 || n > 24) {
    std::cerr << "usage: spread [N in 0..24]\n";
    return 2;
  }

  actor_system sys{cfg};
  scoped_actor self{sys};
  auto start = std::chrono::steady_clock::now();
  self->send(sys.spawn(testee, actor{self}), atom("spread"), n);
  std::uint64_t result = 0;
  self->receive(
    on(atom("result"), arg_match) >> [&](std::uint64_t y) { result = y; }, after(60s) >> [] {});
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();

  const std::uint64_t expected = std::uint64_t{1} << n;
  const std::uint64_t actors = (std::uint64_t{1} << (n + 1)) - 1;
  std::cout << "spread(" << n << "): " << actors << " actors in " << ms << " ms, result " << result << '\n';
  if (result != expected) {
    std::cout << "spread: FAILED: expected 2^" << n << " = " << expected << '\n';
    return 1;
  }
  std::cout << "spread: ok, result == 2^" << n << '\n';
  return 0;
}
