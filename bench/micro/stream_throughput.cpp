// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Items per second through a local stream, beside the same items sent as one
// message each, from the same run:
//
//   stream_throughput [items] [workers] [batch] [credit]
//                     (defaults: 20000000 items, 2 workers, batch 256, credit 4096)
//
// stream:   a source (generator<int>) -> a sink that sums the items
// stage:    the same with a map stage in between
// messages: an actor sends each int as a message to a summing actor, which
//           asks for the next 4096 after every 4096 (a hand-made credit, so the
//           mailbox stays bounded as the stream's does)
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include <troupe/streams.hpp>
#include <troupe/troupe.hpp>

#include "bench_common.hpp"

using namespace troupe;
using namespace troupe_bench;

namespace {

generator<int> numbers(long n) {
  for (long i = 0; i < n; ++i)
    co_yield static_cast<int>(i);
}

template <class F>
double items_per_second(long n, F run) {
  auto t0 = std::chrono::steady_clock::now();
  run();
  auto t1 = std::chrono::steady_clock::now();
  return static_cast<double>(n) / std::chrono::duration<double>(t1 - t0).count();
}

} // namespace

int main(int argc, char** argv) {
  long n = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 20'000'000;
  std::size_t workers = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 2;
  std::uint32_t batch = argc > 3 ? static_cast<std::uint32_t>(std::strtoul(argv[3], nullptr, 10)) : 256;
  std::uint32_t credit = argc > 4 ? static_cast<std::uint32_t>(std::strtoul(argv[4], nullptr, 10)) : 4096;
  actor_system sys{make_config(workers)};
  auto sum = std::make_shared<std::atomic<long long>>(0);
  auto stream_rate = items_per_second(n, [&] {
    auto src = streams::spawn_source<int>(
      sys, [n] { return numbers(n); }, streams::source_options{batch});
    streams::spawn_sink(
      sys, src, [sum](int x) { sum->fetch_add(x, std::memory_order_relaxed); }, [](const error&) {},
      streams::flow_options{credit});
    sys.await_all_actors_done();
  });
  auto stage_rate = items_per_second(n, [&] {
    auto src = streams::spawn_source<int>(
      sys, [n] { return numbers(n); }, streams::source_options{batch});
    auto plus =
      streams::spawn_stage(sys, src, streams::map([](int x) { return x + 1; }), streams::flow_options{credit});
    streams::spawn_sink(
      sys, plus, [sum](int x) { sum->fetch_add(x, std::memory_order_relaxed); }, [](const error&) {},
      streams::flow_options{credit});
    sys.await_all_actors_done();
  });
  auto message_rate = items_per_second(n, [&] {
    constexpr int window = 4096;
    auto receiver = sys.spawn([=](event_based_actor* self) -> behavior {
      return {[=, k = 0L](int x) mutable {
        sum->fetch_add(x, std::memory_order_relaxed);
        if (++k % window == 0)
          self->send(actor_cast<actor>(self->current_sender()), ok_atom_v);
        if (k == n)
          self->quit();
      }};
    });
    sys.spawn([=](event_based_actor* self) -> behavior {
      auto next = std::make_shared<long>(0);
      auto send_window = [=] {
        for (int i = 0; i < window && *next < n; ++i)
          self->send(receiver, static_cast<int>((*next)++));
        if (*next == n)
          self->quit();
      };
      send_window();
      send_window(); // two windows in flight, so the receiver never waits
      return {[=](ok_atom) { send_window(); }};
    });
    sys.await_all_actors_done();
  });
  std::printf("stream, %ld ints, %zu workers, batch %u, credit %u: %.1f M items/s\n", n, workers, batch, credit,
              stream_rate / 1e6);
  std::printf("stream with a map stage: %.1f M items/s\n", stage_rate / 1e6);
  std::printf("one message per item, a window of 4096: %.1f M items/s\n", message_rate / 1e6);
  return sum->load() != 0 ? 0 : 1;
}
