// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Pipeline: a Seq makes a vector for each number, a Map scales it in place,
// and a Seq sums it up. The stages work on successive items at the same time,
// and the results come back in input order.
//   troupe_example_patterns_pipeline [items]
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

// n -> 1, 2, ..., n
class source : public event_based_actor {
public:
  explicit source(actor_config& cfg) : event_based_actor(cfg) {}
  behavior make_behavior() override {
    return {[](std::int64_t n) {
      Cnt xs(static_cast<std::size_t>(n));
      std::iota(xs.begin(), xs.end(), std::int64_t{1});
      return xs;
    }};
  }
};

class sum : public event_based_actor {
public:
  explicit sum(actor_config& cfg) : event_based_actor(cfg) {}
  behavior make_behavior() override {
    return {[](const Cnt& xs) { return std::accumulate(xs.begin(), xs.end(), std::int64_t{0}); }};
  }
};

int main(int argc, char** argv) {
  std::int64_t items = argc > 1 ? std::strtoll(argv[1], nullptr, 10) : 1000;
  actor_system_config cfg;
  actor_system sys{cfg};
  scoped_actor self{sys};
  auto triple = Map<Cnt>([](auto range) {
    for (auto& x : range)
      x *= 3;
  });
  auto pipe = spawn_pattern(sys, Pipeline(Seq<source>{}, triple, Seq<sum>{}));
  if (!pipe)
    return 1;
  for (std::int64_t n = 1; n <= items; ++n)
    self->send(*pipe, n);
  bool ok = true;
  for (std::int64_t n = 1; n <= items; ++n)
    self->receive([&](std::int64_t total) { ok = ok && total == 3 * n * (n + 1) / 2; },
                  after(std::chrono::seconds(30)) >> [&] { ok = false; });
  std::printf("%lld items through source -> map -> sum: %s\n", static_cast<long long>(items), ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
