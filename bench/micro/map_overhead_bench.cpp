// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// What a Map costs on top of its user function when there is (almost) no
// work: a request with an empty input and with a one-element input, for both
// runtimes, against the same request to a plain actor that returns its input
// (the round trip any actor pays). The difference is the pattern's own cost.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#include <vector>

#include "troupe/patterns.hpp"
#include "troupe/troupe.hpp"

using namespace troupe;
using namespace troupe::patterns;
using Cnt = std::vector<std::int64_t>;

namespace {

void twice(std::span<std::int64_t> range) {
  for (auto& x : range)
    x *= 2;
}

// One round trip per iteration; the input is built outside the timing.
void round_trips(benchmark::State& state, actor_system& sys, const actor& target) {
  scoped_actor self{sys};
  const auto n = static_cast<std::size_t>(state.range(0));
  bool ok = true;
  for (auto _ : state) {
    state.PauseTiming();
    Cnt xs(n, 21);
    state.ResumeTiming();
    self->request(target, std::chrono::seconds(10), std::move(xs))
      .receive([&](Cnt& out) { ok = ok && out.size() == n && (n == 0 || out[0] == 42); }, [&](error&) { ok = false; });
  }
  if (!ok)
    state.SkipWithError("wrong answer");
}

void BM_plain_actor(benchmark::State& state) {
  actor_system_config cfg;
  actor_system sys{cfg};
  auto echo = sys.spawn([] {
    return behavior{[](Cnt& xs) {
      twice(xs);
      return std::move(xs);
    }};
  });
  round_trips(state, sys, echo);
  scoped_actor {
    sys
    } -> send_exit(echo, exit_reason::user_shutdown);
}

void map_on(benchmark::State& state, Runtime rt) {
  actor_system_config cfg;
  actor_system sys{cfg};
  auto p = spawn_pattern(sys, Map<Cnt>([](auto range) { twice(range); }).runtime(rt));
  if (!p) {
    state.SkipWithError("spawn_pattern failed");
    return;
  }
  round_trips(state, sys, *p);
  scoped_actor {
    sys
    } -> send_exit(*p, exit_reason::user_shutdown);
}

void BM_map_on_actors(benchmark::State& state) {
  map_on(state, Runtime::actors);
}

void BM_map_on_threads(benchmark::State& state) {
  map_on(state, Runtime::threads);
}

} // namespace

BENCHMARK(BM_plain_actor)->Arg(0)->Arg(1)->UseRealTime();
BENCHMARK(BM_map_on_actors)->Arg(0)->Arg(1)->UseRealTime();
BENCHMARK(BM_map_on_threads)->Arg(0)->Arg(1)->UseRealTime();
