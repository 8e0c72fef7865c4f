// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Farm: four replicas of an actor that computes Collatz sequence lengths. The
// work per input varies, so the replicas finish out of order; the ordered farm
// still answers in input order.
//   troupe_example_patterns_farm [n]
#include <troupe/patterns.hpp>
#include <troupe/troupe.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

using namespace troupe;
using namespace troupe::patterns;

std::int64_t collatz_steps(std::int64_t x) {
  std::int64_t steps = 0;
  for (; x > 1; ++steps)
    x = x % 2 == 0 ? x / 2 : 3 * x + 1;
  return steps;
}

class collatz : public event_based_actor {
public:
  explicit collatz(actor_config& cfg) : event_based_actor(cfg) {}
  behavior make_behavior() override {
    return {[](std::int64_t x) { return collatz_steps(x); }};
  }
};

int main(int argc, char** argv) {
  std::int64_t n = argc > 1 ? std::strtoll(argv[1], nullptr, 10) : 10000;
  actor_system_config cfg;
  actor_system sys{cfg};
  scoped_actor self{sys};
  auto farm = spawn_pattern(sys, Farm(Seq<collatz>{}).replicas(4).policy(round_robin()).ordered());
  if (!farm)
    return 1;
  for (std::int64_t i = 1; i <= n; ++i)
    self->send(*farm, i);
  bool ok = true;
  std::int64_t longest = 0;
  for (std::int64_t i = 1; i <= n; ++i)
    self->receive(
      [&](std::int64_t steps) {
        ok = ok && steps == collatz_steps(i); // in input order
        longest = std::max(longest, steps);
      },
      after(std::chrono::seconds(30)) >> [&] { ok = false; });
  std::printf("longest Collatz sequence below %lld: %lld steps (%s)\n", static_cast<long long>(n + 1),
              static_cast<long long>(longest), ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
