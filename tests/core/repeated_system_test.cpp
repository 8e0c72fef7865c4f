// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Actor systems created one after another in one process: the twentieth runs a
// fork-join workload as fast as the first, and the blocks it allocates are as
// close together as fresh ones (the free lists are not left in the scattered
// order of the previous systems' frees).
#include <troupe/troupe.hpp>

#include <gtest/gtest.h>

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <set>
#include <vector>

namespace repeated_system_test {

using namespace troupe;
using troupe::detail::cached_allocate;
using troupe::detail::cached_deallocate;

namespace {

// Fork-join throughput: the master sends `n` messages to each of `a` workers,
// interleaved, so that messages are freed in a different order than allocated.
struct worker_state {
  std::int64_t received = 0;
};

behavior fj_worker(stateful_actor<worker_state>* self, std::int64_t n, actor master) {
  return {
    on(atom("compute"), arg_match) >>
      [=](std::int64_t) {
        if (++self->state.received == n) {
          self->send(master, atom("sum"), self->state.received);
          self->quit();
        }
      },
  };
}

struct master_state {
  int reported = 0;
  std::int64_t total = 0;
};

behavior fj_master(stateful_actor<master_state>* self, std::int64_t n, int a, actor report_to) {
  std::vector<actor> workers;
  for (int k = 0; k < a; ++k)
    workers.push_back(self->spawn(fj_worker, n, actor{self}));
  for (std::int64_t i = 0; i < n; ++i)
    for (const auto& w : workers)
      self->send(w, atom("compute"), i);
  return {
    on(atom("sum"), arg_match) >>
      [=](std::int64_t s) {
        self->state.total += s;
        if (++self->state.reported == a) {
          self->send(report_to, atom("done"), self->state.total);
          self->quit();
        }
      },
  };
}

constexpr std::int64_t messages_per_worker = 5000;
constexpr int fj_workers = 60;

// CPU seconds (user + system) of the whole process so far: less sensitive to a
// loaded machine than wall time.
double process_cpu_seconds() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  auto secs = [](const timeval& tv) { return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) * 1e-6; };
  return secs(ru.ru_utime) + secs(ru.ru_stime);
}

// One system from creation to destruction, running the workload; its CPU time.
double run_one_system() {
  const double start = process_cpu_seconds();
  std::int64_t total = 0;
  {
    actor_system_config cfg;
    cfg.workers = 2;
    actor_system sys{cfg};
    scoped_actor self{sys};
    sys.spawn(fj_master, messages_per_worker, fj_workers, actor{self});
    self->receive(
      on(atom("done"), arg_match) >> [&](std::int64_t t) { total = t; },
      after(std::chrono::seconds{120}) >> [] { FAIL() << "no result"; });
  }
  EXPECT_EQ(total, messages_per_worker * fj_workers);
  return process_cpu_seconds() - start;
}

// 4 KiB pages touched by `count` consecutive allocations of `size` bytes.
std::size_t pages_touched(std::size_t count, std::size_t size) {
  std::vector<void*> blocks;
  for (std::size_t i = 0; i < count; ++i)
    blocks.push_back(cached_allocate(size));
  std::set<std::uintptr_t> pages;
  for (void* p : blocks)
    pages.insert(reinterpret_cast<std::uintptr_t>(p) / 4096);
  for (void* p : blocks)
    cached_deallocate(p, size);
  return pages.size();
}

} // namespace

TEST(repeated_system, twentieth_system_runs_the_workload_as_fast_as_the_first) {
  if (!detail::thread_cache_enabled)
    GTEST_SKIP() << "sanitizer build: the thread cache is bypassed and timings mean nothing";
  std::vector<double> cpu;
  for (int i = 0; i < 20; ++i)
    cpu.push_back(run_one_system());
  // Best of three at each end, and a bound far above the noise: the scattered
  // free lists made the last runs three times slower than the first.
  const double first = *std::min_element(cpu.begin(), cpu.begin() + 3);
  const double last = *std::min_element(cpu.end() - 3, cpu.end());
  EXPECT_LT(last, 2.0 * first) << "first systems " << first << " s, last systems " << last << " s of CPU";
}

TEST(repeated_system, blocks_after_many_systems_are_as_close_as_fresh_ones) {
  if (!detail::thread_cache_enabled)
    GTEST_SKIP() << "sanitizer build: the thread cache is bypassed";
  for (int i = 0; i < 3; ++i)
    run_one_system();
  // A one-atom mailbox element (32 bytes): 1000 fresh ones fill 8 pages; the
  // scattered free order of the workload spreads them over hundreds.
  constexpr std::size_t count = 1000, size = 32;
  const std::size_t minimal = count * size / 4096;
  EXPECT_LE(pages_touched(count, size), 3 * minimal);
}

} // namespace repeated_system_test
