// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// troupe::patterns, installed: a Map squares a vector in parts on the scheduler.
#include <troupe/patterns.hpp>
#include <troupe/troupe.hpp>

#include <chrono>
#include <cstdint>
#include <vector>

int main() {
  using namespace troupe;
  using namespace troupe::patterns;
  using Cnt = std::vector<std::int64_t>;
  actor_system_config cfg;
  actor_system sys{cfg};
  auto square = Map<Cnt>([](auto range) {
    for (auto& x : range)
      x *= x;
  });
  expected<actor> p = spawn_pattern(sys, square);
  if (!p)
    return 2;
  scoped_actor self{sys};
  Cnt result;
  self->request(*p, std::chrono::seconds(10), Cnt{1, 2, 3, 4}).receive([&](Cnt& xs) { result = xs; }, [](error&) {});
  return result == Cnt{1, 4, 9, 16} ? 0 : 1;
}
