// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Micro-benchmarks for troupe::detail::cached_stack_mailbox.
//
// Elements are preallocated and recycled so the numbers show the queue, not
// the allocator.
#include "troupe/detail/cached_stack_mailbox.hpp"

#include <benchmark/benchmark.h>

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace {

struct node {
  node* next = nullptr;
  std::uint64_t payload = 0;
};

// Elements live in std::vector storage; they must never be deleted by the mailbox.
struct no_delete {
  void operator()(node*) const noexcept {}
};

using mailbox = troupe::detail::cached_stack_mailbox<node, no_delete>;

// One enqueue followed by one try_pop: the uncontended round trip an actor
// sending to itself (or a lone sender to an idle actor) pays.
void BM_enqueue_dequeue(benchmark::State& state) {
  mailbox mb;
  node n;
  for (auto _ : state) {
    mb.enqueue(&n);
    node* x = mb.try_pop();
    benchmark::DoNotOptimize(x);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_enqueue_dequeue);

// A burst of `batch` enqueues, then draining it: exercises the reversal of the
// stack into the cache. Reported per element.
void BM_enqueue_dequeue_batch(benchmark::State& state) {
  const auto batch = static_cast<std::size_t>(state.range(0));
  std::vector<node> nodes(batch);
  mailbox mb;
  for (auto _ : state) {
    for (auto& n : nodes)
      mb.enqueue(&n);
    while (node* x = mb.try_pop())
      benchmark::DoNotOptimize(x);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(batch));
}
BENCHMARK(BM_enqueue_dequeue_batch)->Arg(16)->Arg(256)->Arg(4096);

// N writer threads each push `per_writer` elements while the calling thread
// drains them; one iteration is one complete round. Reported as messages/s
// (items_per_second) over wall-clock time.
void BM_n_writers_1_reader(benchmark::State& state) {
  const int writers = static_cast<int>(state.range(0));
  constexpr int per_writer = 20'000;
  std::vector<std::vector<node>> pools(writers, std::vector<node>(per_writer));
  mailbox mb;
  for (auto _ : state) {
    std::atomic<bool> go{false};
    std::vector<std::thread> threads;
    threads.reserve(writers);
    for (int w = 0; w < writers; ++w)
      threads.emplace_back([&, w] {
        while (!go.load(std::memory_order_acquire))
          std::this_thread::yield();
        for (auto& n : pools[w])
          mb.enqueue(&n);
      });
    go.store(true, std::memory_order_release);
    std::int64_t received = 0;
    const std::int64_t total = std::int64_t{writers} * per_writer;
    while (received < total) {
      if (node* x = mb.try_pop()) {
        benchmark::DoNotOptimize(x);
        ++received;
      } else {
        std::this_thread::yield(); // few cores: let the writers run
      }
    }
    for (auto& t : threads)
      t.join();
  }
  state.SetItemsProcessed(state.iterations() * writers * per_writer);
}
BENCHMARK(BM_n_writers_1_reader)->Arg(1)->Arg(2)->Arg(4)->Arg(8)->UseRealTime()->Unit(benchmark::kMillisecond);

} // namespace
