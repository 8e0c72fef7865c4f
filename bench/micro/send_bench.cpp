// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Messaging micro-benchmarks. The argument `w` is the number of scheduler
// workers (1 or 2). Times are wall-clock; the counter cpu_ns_per_message is the
// process CPU time (all threads, idle workers' spinning included) per message,
// which other load on the machine does not inflate.
//
//   ping_pong/w             two event-based actors bounce an int back and forth
//                           (each handler returns the reply), 2 x 100,000
//                           messages per iteration; per_msg = wall time per
//                           message (one hop: send + schedule + resume + match)
//   n_to_1/senders/w        `senders` event-based actors each send M messages
//                           (atom, int) to one receiver; items_per_second is the
//                           rate at which the receiver handles them (msg/s)
//   n_to_1_threads/senders/w  the same with plain threads using anon_send
//   scoped_send/w           a scoped_actor (main thread) sends K ints to a
//                           counting actor; per_msg = wall time per message
//   scoped_request/w        scoped_actor request(dest, 10s, int).receive(...)
//                           round trip (arms a timer per request); per_roundtrip
//   scoped_request_infinite/w  the same with an infinite timeout (no timer)
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include "bench_common.hpp"

using namespace troupe;
using namespace troupe_bench;
using namespace std::chrono_literals;

namespace {

void set_msg_counters(benchmark::State& state, std::int64_t per_iteration, const char* name = "per_msg") {
  state.SetItemsProcessed(state.iterations() * per_iteration);
  state.counters[name] = benchmark::Counter(
    static_cast<double>(per_iteration), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// ---- ping-pong --------------------------------------------------------------------

void BM_ping_pong(benchmark::State& state) {
  // ping sees hops-1 .. 0 from pong: 2 * hops messages per iteration.
  constexpr int hops = 100'000;
  constexpr std::int64_t msgs = 2 * std::int64_t{hops};
  actor_system sys{make_config(static_cast<std::size_t>(state.range(0)))};
  auto done = std::make_shared<latch>();
  auto pong = sys.spawn([]() -> behavior { return {[](int x) { return x; }}; });
  auto ping = sys.spawn([=](event_based_actor* self) -> behavior {
    return {
      [=](int x) -> message {
        if (x == 0) {
          done->signal();
          return {};
        }
        return make_message(x - 1);
      },
      on(atom("start"), arg_match) >> [=](int n) { self->send(pong, n); },
    };
  });
  process_cpu_timer cpu;
  for (auto _ : state) {
    anon_send(ping, atom("start"), hops - 1);
    done->wait();
  }
  set_msg_counters(state, msgs);
  cpu.report(state, "cpu_ns_per_msg", static_cast<double>(state.iterations()) * static_cast<double>(msgs));
  kill(ping);
  kill(pong);
}
BENCHMARK(BM_ping_pong)->ArgName("w")->Arg(1)->Arg(2)->UseRealTime();

// ---- N:1 ------------------------------------------------------------------------------

constexpr std::int64_t total_n_to_1 = 1'000'000;

actor spawn_counter(actor_system& sys, std::int64_t expected, std::shared_ptr<latch> done) {
  return sys.spawn([=](event_based_actor* self) -> behavior {
    return {on(atom("msg"), arg_match) >> [=, n = std::int64_t{0}](int) mutable {
      if (++n == expected) {
        done->signal();
        self->quit();
      }
    }};
  });
}

void BM_n_to_1(benchmark::State& state) {
  const auto senders = state.range(0);
  const auto per_sender = static_cast<int>(total_n_to_1 / senders);
  const auto total = per_sender * senders;
  actor_system sys{make_config(static_cast<std::size_t>(state.range(1)))};
  auto done = std::make_shared<latch>();
  process_cpu_timer cpu;
  for (auto _ : state) {
    auto receiver = spawn_counter(sys, total, done);
    for (std::int64_t s = 0; s < senders; ++s)
      sys.spawn([=](event_based_actor* self) {
        for (int i = 0; i < per_sender; ++i)
          self->send(receiver, atom("msg"), i);
      });
    receiver = nullptr;
    done->wait();
    sys.await_all_actors_done();
  }
  set_msg_counters(state, total);
  cpu.report(state, "cpu_ns_per_msg", static_cast<double>(state.iterations()) * static_cast<double>(total));
}
BENCHMARK(BM_n_to_1)
  ->ArgNames({"senders", "w"})
  ->Args({20, 1})
  ->Args({20, 2})
  ->UseRealTime()
  ->Unit(benchmark::kMillisecond);

void BM_n_to_1_threads(benchmark::State& state) {
  const auto senders = state.range(0);
  const auto per_sender = static_cast<int>(total_n_to_1 / senders);
  const auto total = per_sender * senders;
  actor_system sys{make_config(static_cast<std::size_t>(state.range(1)))};
  auto done = std::make_shared<latch>();
  process_cpu_timer cpu;
  for (auto _ : state) {
    auto receiver = spawn_counter(sys, total, done);
    std::vector<std::thread> threads;
    for (std::int64_t s = 0; s < senders; ++s)
      threads.emplace_back([=] {
        for (int i = 0; i < per_sender; ++i)
          anon_send(receiver, atom("msg"), i);
      });
    receiver = nullptr;
    done->wait();
    for (auto& t : threads)
      t.join();
    sys.await_all_actors_done();
  }
  set_msg_counters(state, total);
  cpu.report(state, "cpu_ns_per_msg", static_cast<double>(state.iterations()) * static_cast<double>(total));
}
BENCHMARK(BM_n_to_1_threads)
  ->ArgNames({"senders", "w"})
  ->Args({20, 1})
  ->Args({20, 2})
  ->UseRealTime()
  ->Unit(benchmark::kMillisecond);

// ---- from a scoped_actor ------------------------------------------------------------

void BM_scoped_send(benchmark::State& state) {
  constexpr int batch = 10'000;
  actor_system sys{make_config(static_cast<std::size_t>(state.range(0)))};
  scoped_actor self{sys};
  auto done = std::make_shared<latch>();
  auto counter = sys.spawn([=]() -> behavior {
    return {[=, n = 0](int) mutable {
      if (++n == batch) {
        n = 0;
        done->signal();
      }
    }};
  });
  process_cpu_timer cpu;
  for (auto _ : state) {
    for (int i = 0; i < batch; ++i)
      self->send(counter, i);
    done->wait();
  }
  set_msg_counters(state, batch);
  cpu.report(state, "cpu_ns_per_msg", static_cast<double>(state.iterations()) * batch);
  kill(counter);
}
BENCHMARK(BM_scoped_send)->ArgName("w")->Arg(1)->Arg(2)->UseRealTime();

behavior echo() {
  return {[](int x) { return x; }};
}

void BM_scoped_request(benchmark::State& state) {
  actor_system sys{make_config(static_cast<std::size_t>(state.range(0)))};
  scoped_actor self{sys};
  auto server = sys.spawn(echo);
  int i = 0;
  process_cpu_timer cpu;
  for (auto _ : state) {
    int got = -1;
    self->request(server, 10s, i).receive([&](int r) { got = r; });
    if (got != i++)
      state.SkipWithError("wrong response");
  }
  set_msg_counters(state, 1, "per_roundtrip");
  cpu.report(state, "cpu_ns_per_roundtrip", static_cast<double>(state.iterations()));
  kill(server);
}
BENCHMARK(BM_scoped_request)->ArgName("w")->Arg(1)->Arg(2)->UseRealTime();

void BM_scoped_request_infinite(benchmark::State& state) {
  actor_system sys{make_config(static_cast<std::size_t>(state.range(0)))};
  scoped_actor self{sys};
  auto server = sys.spawn(echo);
  int i = 0;
  process_cpu_timer cpu;
  for (auto _ : state) {
    int got = -1;
    self->request(server, infinite, i).receive([&](int r) { got = r; });
    if (got != i++)
      state.SkipWithError("wrong response");
  }
  set_msg_counters(state, 1, "per_roundtrip");
  cpu.report(state, "cpu_ns_per_roundtrip", static_cast<double>(state.iterations()));
  kill(server);
}
BENCHMARK(BM_scoped_request_infinite)->ArgName("w")->Arg(1)->Arg(2)->UseRealTime();

} // namespace
