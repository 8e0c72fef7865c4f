// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// Helpers shared by the actor micro-benchmarks (spawn_bench, send_bench).
#include <time.h>

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "troupe/troupe.hpp"

namespace troupe_bench {

// Messages an actor handles per resume in every benchmark (the runtime default).
inline constexpr std::size_t max_msgs = 300;

inline troupe::actor_system_config make_config(std::size_t workers) {
  troupe::actor_system_config cfg;
  cfg.set_scheduler(workers, max_msgs);
  return cfg;
}

// A one-shot signal from an actor to the benchmark thread (no mailbox involved,
// so it does not disturb what is measured). Reusable after wait().
struct latch {
  std::atomic<std::uint32_t> flag{0};
  void signal() noexcept {
    flag.store(1, std::memory_order_release);
    flag.notify_one();
  }
  void wait() noexcept {
    flag.wait(0, std::memory_order_acquire);
    flag.store(0, std::memory_order_relaxed);
  }
};

// Terminates an actor from outside (exit_reason::kill cannot be trapped).
inline void kill(const troupe::actor& a) {
  troupe::anon_send(a, troupe::exit_msg{{}, troupe::exit_reason::kill});
}

// CPU time of the whole process (all threads) in seconds. On this shared
// 2-core machine wall time includes time other processes took from us; the
// process CPU time does not (but it includes idle workers spinning).
inline double process_cpu_seconds() noexcept {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// Measures process CPU time over a benchmark's loop; report() adds the counter
// `name` = process CPU nanoseconds per item.
class process_cpu_timer {
public:
  process_cpu_timer() noexcept : start_(process_cpu_seconds()) {}
  template <class State>
  void report(State& state, const char* name, double items) const {
    auto elapsed = process_cpu_seconds() - start_;
    state.counters[name] = items > 0 ? elapsed * 1e9 / items : 0.0;
  }

private:
  double start_;
};

} // namespace troupe_bench
