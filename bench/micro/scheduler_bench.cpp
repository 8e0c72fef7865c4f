// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Scheduler micro-benchmarks.
//
//   ring_bypass/K     K jobs pass a token around via exec_later (job-queue bypass);
//                     hop_time = time per hand-off
//   ring_enqueue/K    the same ring, but every hand-off goes through
//                     coordinator::enqueue (no bypass), for comparison
//   fanout/N          one job spawns N jobs via exec_later; jobs/s
//   fanout_external/N the main thread enqueues N jobs; jobs/s
//
// Every benchmark runs on a coordinator with 2 workers (override with the
// TROUPE_BENCH_WORKERS environment variable) and both built-in policies.
#include <benchmark/benchmark.h>

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <memory>
#include <vector>

#include "troupe/scheduler/coordinator.hpp"
#include "troupe/scheduler/execution_unit.hpp"
#include "troupe/scheduler/resumable.hpp"

namespace {

using troupe::execution_unit;
using troupe::resumable;
using troupe::scheduler::abstract_coordinator;
using rr = resumable::resume_result;

std::size_t bench_workers() {
  if (const char* s = std::getenv("TROUPE_BENCH_WORKERS"))
    return static_cast<std::size_t>(std::strtoul(s, nullptr, 10));
  return 2;
}

// Reference counting like an actor (atomic), but the objects are owned by the bench.
class bench_job : public resumable {
public:
  void ref_resumable() noexcept override { refs_.fetch_add(1, std::memory_order_relaxed); }
  void deref_resumable() noexcept override { refs_.fetch_sub(1, std::memory_order_acq_rel); }

private:
  std::atomic<long> refs_{0};
};

// Signals the benchmark thread once.
struct completion {
  std::atomic<bool> flag{false};
  void signal() {
    flag.store(true, std::memory_order_release);
    flag.notify_one();
  }
  void wait_and_reset() {
    flag.wait(false, std::memory_order_acquire);
    flag.store(false, std::memory_order_relaxed);
  }
};

struct ring {
  struct node : bench_job {
    ring* parent = nullptr;
    node* next = nullptr;
    rr resume(execution_unit* ctx, std::size_t) override {
      auto* r = parent;
      if (--r->hops_left > 0) {
        next->ref_resumable();
        if (r->bypass)
          ctx->exec_later(next);
        else
          r->sched->enqueue(next);
      } else {
        r->done.signal();
      }
      return rr::awaiting_message;
    }
  };

  ring(std::size_t k, abstract_coordinator* s, bool use_bypass) : nodes(k), sched(s), bypass(use_bypass) {
    for (std::size_t i = 0; i < k; ++i) {
      nodes[i].parent = this;
      nodes[i].next = &nodes[(i + 1) % k];
    }
  }

  void run(long hops) {
    hops_left = hops; // published to the workers by enqueue
    nodes[0].ref_resumable();
    sched->enqueue(&nodes[0]);
    done.wait_and_reset();
  }

  std::vector<node> nodes;
  abstract_coordinator* sched;
  bool bypass;
  long hops_left = 0; // only touched by the token holder
  completion done;
};

template <class Policy>
void ring_bench(benchmark::State& state, bool bypass) {
  constexpr long hops = 100'000;
  auto sched = troupe::scheduler::make_coordinator<Policy>(nullptr, bench_workers(), 100);
  sched->start();
  ring r{static_cast<std::size_t>(state.range(0)), sched.get(), bypass};
  for (auto _ : state)
    r.run(hops);
  sched->stop();
  state.SetItemsProcessed(state.iterations() * hops);
  state.counters["hop_time"] = benchmark::Counter(static_cast<double>(state.iterations() * hops),
                                                  benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

template <class Policy>
void ring_bypass(benchmark::State& state) {
  ring_bench<Policy>(state, true);
}

template <class Policy>
void ring_enqueue(benchmark::State& state) {
  ring_bench<Policy>(state, false);
}

struct fan {
  struct child : bench_job {
    fan* parent = nullptr;
    rr resume(execution_unit*, std::size_t) override {
      if (parent->remaining.fetch_sub(1, std::memory_order_acq_rel) == 1)
        parent->done.signal();
      return rr::done;
    }
  };

  struct root : bench_job {
    fan* parent = nullptr;
    rr resume(execution_unit* ctx, std::size_t) override {
      for (auto& c : parent->children) {
        c.ref_resumable();
        ctx->exec_later(&c);
      }
      return rr::done;
    }
  };

  explicit fan(std::size_t n) : children(n) {
    for (auto& c : children)
      c.parent = this;
    spawner.parent = this;
  }

  std::vector<child> children;
  root spawner;
  std::atomic<std::size_t> remaining{0};
  completion done;
};

template <class Policy>
void fanout(benchmark::State& state) {
  auto n = static_cast<std::size_t>(state.range(0));
  auto sched = troupe::scheduler::make_coordinator<Policy>(nullptr, bench_workers(), 100);
  sched->start();
  fan f{n};
  for (auto _ : state) {
    f.remaining.store(n, std::memory_order_relaxed);
    f.spawner.ref_resumable();
    sched->enqueue(&f.spawner);
    f.done.wait_and_reset();
  }
  sched->stop();
  state.SetItemsProcessed(state.iterations() * static_cast<long>(n));
}

template <class Policy>
void fanout_external(benchmark::State& state) {
  auto n = static_cast<std::size_t>(state.range(0));
  auto sched = troupe::scheduler::make_coordinator<Policy>(nullptr, bench_workers(), 100);
  sched->start();
  fan f{n};
  for (auto _ : state) {
    f.remaining.store(n, std::memory_order_relaxed);
    for (auto& c : f.children) {
      c.ref_resumable();
      sched->enqueue(&c);
    }
    f.done.wait_and_reset();
  }
  sched->stop();
  state.SetItemsProcessed(state.iterations() * static_cast<long>(n));
}

using stealing = troupe::policy::work_stealing;
using sharing = troupe::policy::work_sharing;

BENCHMARK_TEMPLATE(ring_bypass, stealing)->Arg(2)->Arg(16)->Arg(256)->UseRealTime();
BENCHMARK_TEMPLATE(ring_bypass, sharing)->Arg(2)->Arg(16)->Arg(256)->UseRealTime();
BENCHMARK_TEMPLATE(ring_enqueue, stealing)->Arg(16)->UseRealTime();
BENCHMARK_TEMPLATE(ring_enqueue, sharing)->Arg(16)->UseRealTime();
BENCHMARK_TEMPLATE(fanout, stealing)->Arg(1000)->Arg(100000)->UseRealTime();
BENCHMARK_TEMPLATE(fanout, sharing)->Arg(1000)->Arg(100000)->UseRealTime();
BENCHMARK_TEMPLATE(fanout_external, stealing)->Arg(1000)->Arg(100000)->UseRealTime();
BENCHMARK_TEMPLATE(fanout_external, sharing)->Arg(1000)->Arg(100000)->UseRealTime();

} // namespace
