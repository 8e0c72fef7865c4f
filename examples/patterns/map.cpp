// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Map: squares n numbers in place, once with static partitioning on actors and
// once with dynamic partitioning (chunks of 1024) on threads, and checks both.
//   troupe_example_patterns_map [n]
#include <troupe/patterns.hpp>
#include <troupe/troupe.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <vector>

using namespace troupe;
using namespace troupe::patterns;
using Cnt = std::vector<std::int64_t>;

int main(int argc, char** argv) {
  std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 1000000;
  actor_system_config cfg;
  actor_system sys{cfg};
  scoped_actor self{sys};
  auto square = [](auto range) {
    for (auto& x : range)
      x *= x;
  };
  auto on_actors = spawn_pattern(sys, Map<Cnt>(square).scheduler(PartitionSched::static_()).runtime(Runtime::actors));
  auto on_threads = spawn_pattern(
    sys, Map<Cnt>(square).replicas(2).scheduler(PartitionSched::dynamic_{1024}).runtime(Runtime::threads));
  if (!on_actors || !on_threads)
    return 1;
  bool ok = true;
  for (auto& p : {*on_actors, *on_threads}) {
    Cnt xs(n);
    std::iota(xs.begin(), xs.end(), std::int64_t{0});
    self->request(p, std::chrono::seconds(30), std::move(xs))
      .receive(
        [&](Cnt& out) {
          for (std::size_t i = 0; i < n; ++i)
            ok = ok && out[i] == static_cast<std::int64_t>(i * i);
        },
        [&](error& e) {
          std::printf("error: %s\n", to_string(e).c_str());
          ok = false;
        });
  }
  std::printf("%zu squares twice: %s\n", n, ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
