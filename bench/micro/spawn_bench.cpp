// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Actor creation micro-benchmarks. The argument `w` is the number of scheduler
// workers (1 or 2). Times are wall-clock; the counter cpu_ns_per_actor is the
// process CPU time (all threads, idle workers' spinning included) per actor,
// which other load on the machine does not inflate; items are actors, so
// items_per_second = actors created (and terminated) per second and the
// `per_actor` counter is the wall time per actor.
//
//   spawn_noop_scoped/w           a scoped_actor spawns K actors without behavior
//                                 (they terminate in their first resume), then
//                                 waits until all are gone
//   spawn_idle_drop_scoped/w      the same, but each actor has behavior{[](int){}}
//                                 and terminates when its last handle is dropped
//                                 (unreachable)
//   spawn_quit_on_msg_scoped/w    each actor gets one int and quits in the handler
//   spawn_noop_actor/w            an actor spawns K actors without behavior
//   spawn_idle_drop_actor/w       an actor spawns K idle actors and drops them
//   spawn_tree/depth/w            the CAF "actor creation" benchmark: an actor
//                                 receiving spread(x > 1) spawns two children,
//                                 sends them spread(x - 1), adds up their two
//                                 results and reports the sum to its parent; a leaf
//                                 (x == 1) answers 1. 2^depth - 1 actors in all.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>

#include "bench_common.hpp"

using namespace troupe;
using namespace troupe_bench;

namespace {

constexpr int batch = 1000;

void set_counters(benchmark::State& state, std::int64_t per_iteration) {
  state.SetItemsProcessed(state.iterations() * per_iteration);
  state.counters["per_actor"] = benchmark::Counter(
    static_cast<double>(per_iteration), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void noop(event_based_actor*) {}

behavior idle(event_based_actor*) {
  return {[](int) {}};
}

behavior quit_on_msg(event_based_actor* self) {
  return {[=](int) { self->quit(); }};
}

// ---- from a scoped_actor ----------------------------------------------------------

void BM_spawn_noop_scoped(benchmark::State& state) {
  actor_system sys{make_config(static_cast<std::size_t>(state.range(0)))};
  scoped_actor self{sys};
  process_cpu_timer cpu;
  for (auto _ : state) {
    for (int i = 0; i < batch; ++i)
      self->spawn(noop);
    sys.await_all_actors_done();
  }
  set_counters(state, batch);
  cpu.report(state, "cpu_ns_per_actor", static_cast<double>(state.iterations()) * batch);
}
BENCHMARK(BM_spawn_noop_scoped)->Arg(1)->Arg(2)->UseRealTime();

void BM_spawn_idle_drop_scoped(benchmark::State& state) {
  actor_system sys{make_config(static_cast<std::size_t>(state.range(0)))};
  scoped_actor self{sys};
  process_cpu_timer cpu;
  for (auto _ : state) {
    for (int i = 0; i < batch; ++i)
      self->spawn(idle); // the handle is dropped at once
    sys.await_all_actors_done();
  }
  set_counters(state, batch);
  cpu.report(state, "cpu_ns_per_actor", static_cast<double>(state.iterations()) * batch);
}
BENCHMARK(BM_spawn_idle_drop_scoped)->Arg(1)->Arg(2)->UseRealTime();

void BM_spawn_quit_on_msg_scoped(benchmark::State& state) {
  actor_system sys{make_config(static_cast<std::size_t>(state.range(0)))};
  scoped_actor self{sys};
  process_cpu_timer cpu;
  for (auto _ : state) {
    for (int i = 0; i < batch; ++i)
      self->send(self->spawn(quit_on_msg), i);
    sys.await_all_actors_done();
  }
  set_counters(state, batch);
  cpu.report(state, "cpu_ns_per_actor", static_cast<double>(state.iterations()) * batch);
}
BENCHMARK(BM_spawn_quit_on_msg_scoped)->Arg(1)->Arg(2)->UseRealTime();

// ---- from inside an actor -------------------------------------------------------------

void BM_spawn_noop_actor(benchmark::State& state) {
  actor_system sys{make_config(static_cast<std::size_t>(state.range(0)))};
  process_cpu_timer cpu;
  for (auto _ : state) {
    sys.spawn([](event_based_actor* self) {
      for (int i = 0; i < batch; ++i)
        self->spawn(noop);
    });
    sys.await_all_actors_done();
  }
  set_counters(state, batch);
  cpu.report(state, "cpu_ns_per_actor", static_cast<double>(state.iterations()) * batch);
}
BENCHMARK(BM_spawn_noop_actor)->Arg(1)->Arg(2)->UseRealTime();

void BM_spawn_idle_drop_actor(benchmark::State& state) {
  actor_system sys{make_config(static_cast<std::size_t>(state.range(0)))};
  process_cpu_timer cpu;
  for (auto _ : state) {
    sys.spawn([](event_based_actor* self) {
      for (int i = 0; i < batch; ++i)
        self->spawn(idle);
    });
    sys.await_all_actors_done();
  }
  set_counters(state, batch);
  cpu.report(state, "cpu_ns_per_actor", static_cast<double>(state.iterations()) * batch);
}
BENCHMARK(BM_spawn_idle_drop_actor)->Arg(1)->Arg(2)->UseRealTime();

// ---- spread tree ---------------------------------------------------------------------

behavior spreader(event_based_actor* self, actor parent) {
  return {on(atom("spread"), arg_match) >> [=](int x) {
    if (x == 1) {
      self->send(parent, atom("result"), std::int64_t{1});
      self->quit();
      return;
    }
    auto a = self->spawn(spreader, actor{self});
    auto b = self->spawn(spreader, actor{self});
    self->send(a, atom("spread"), x - 1);
    self->send(b, atom("spread"), x - 1);
    self->become(on(atom("result"), arg_match) >> [=, n = 0, sum = std::int64_t{0}](std::int64_t r) mutable {
      sum += r;
      if (++n == 2) {
        self->send(parent, atom("result"), sum);
        self->quit();
      }
    });
  }};
}

void BM_spawn_tree(benchmark::State& state) {
  const int depth = static_cast<int>(state.range(0));
  actor_system sys{make_config(static_cast<std::size_t>(state.range(1)))};
  scoped_actor self{sys};
  const std::int64_t expected = std::int64_t{1} << (depth - 1); // leaves
  process_cpu_timer cpu;
  for (auto _ : state) {
    std::int64_t got = 0;
    auto root = sys.spawn(spreader, actor{self});
    self->send(root, atom("spread"), depth);
    root = nullptr;
    self->receive(on(atom("result"), arg_match) >> [&](std::int64_t r) { got = r; });
    if (got != expected)
      state.SkipWithError("wrong sum");
    sys.await_all_actors_done();
  }
  set_counters(state, (std::int64_t{1} << depth) - 1);
  cpu.report(state, "cpu_ns_per_actor",
             static_cast<double>(state.iterations()) * static_cast<double>((std::int64_t{1} << depth) - 1));
}
BENCHMARK(BM_spawn_tree)
  ->ArgNames({"depth", "w"})
  ->Args({16, 1})
  ->Args({16, 2})
  ->Args({20, 1})
  ->Args({20, 2})
  ->UseRealTime()
  ->Unit(benchmark::kMillisecond);

} // namespace
