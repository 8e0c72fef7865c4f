// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// What inspection::snapshot costs over many live actors, and whether workers
// keep running meanwhile:
//
//   snapshot_cost [actors] [workers]      (defaults: 1000000 actors, 2 workers)
//
// Spawns `actors` idle actors with statistics, lets a ping-pong pair run on
// the workers, takes snapshots, and prints the time per snapshot and the
// ping-pong messages handled while it ran (0 would mean it stopped them).
#include <troupe/inspection.hpp>
#include <troupe/troupe.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "bench_common.hpp"

using namespace troupe;
using namespace troupe_bench;

int main(int argc, char** argv) {
  long n = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 1'000'000;
  std::size_t workers = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 2;
  auto cfg = make_config(workers);
  cfg.load<inspection::probe>();
  actor_system sys{cfg};
  std::vector<actor> idle;
  idle.reserve(static_cast<std::size_t>(n));
  for (long i = 0; i < n; ++i)
    idle.push_back(sys.spawn([]() -> behavior { return {[](int) {}}; }));
  // A pair that bounces a message while the snapshots run, counting hops.
  auto hops = std::make_shared<std::atomic<long>>(0);
  auto pong = sys.spawn([]() -> behavior { return {[](int x) { return x; }}; });
  auto ping = sys.spawn([=](event_based_actor* self) -> behavior {
    return {[=](int x) {
      hops->fetch_add(1, std::memory_order_relaxed);
      if (x > 0)
        self->send(pong, x - 1);
    }};
  });
  anon_send(pong, 0); // lets both actors run once
  inspection::node_snapshot snap;
  constexpr int rounds = 3;
  double best = 1e300;
  long during = 0;
  for (int r = 0; r < rounds; ++r) {
    anon_send(ping, 10'000'000); // bounded: about a second of hops
    auto before = hops->load();
    auto t0 = std::chrono::steady_clock::now();
    snap = inspection::snapshot(sys);
    auto t1 = std::chrono::steady_clock::now();
    during = hops->load() - before;
    best = std::min(best, std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  std::printf("snapshot of %zu actors: best of %d %.1f ms (%.0f ns per actor); ping-pong hops during the last: %ld\n",
              snap.actors.size(), rounds, best, best * 1e6 / static_cast<double>(snap.actors.size()), during);
  for (auto& a : idle)
    anon_send_exit(a, exit_reason::user_shutdown);
  anon_send_exit(ping, exit_reason::user_shutdown);
  anon_send_exit(pong, exit_reason::user_shutdown);
  return snap.actors.size() >= static_cast<std::size_t>(n) ? 0 : 1;
}
