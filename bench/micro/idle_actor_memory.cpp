// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Memory per idle event-based actor.
//
//   idle_actor_memory [N] [exit|drop] [workers] [lambda|fnptr]
//
// Spawns N (default 1,000,000) event-based actors whose behavior is
// behavior{[](int){}}, from a capture-less lambda (default) or from a plain
// function (`fnptr`: the function pointer stays in the actor object), waits until every one of them has run its first resume
// (behavior installed, mailbox blocked), and prints the growth of the resident
// set (/proc/self/statm) and of malloc's in-use bytes (mallinfo2) divided by N.
// The handle vector is allocated and touched before the first reading, so it
// is not counted. Then the actors are stopped -- `exit` (default) sends each an
// exit_msg with exit_reason::kill, `drop` just releases the handles -- and the
// program verifies that all of them terminated (running_actors() == 0 and
// every actor's exit reason is set). Exit status 0 on success.
#include <malloc.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "troupe/troupe.hpp"

using namespace troupe;

namespace {

std::atomic<std::size_t> initialized{0};

// Capture-less (the counter is global), so the function_actor adds nothing to
// event_based_actor.
auto idle_lambda = [](event_based_actor*) -> behavior {
  initialized.fetch_add(1, std::memory_order_relaxed);
  return {[](int) {}};
};

behavior idle_function(event_based_actor* self) {
  return idle_lambda(self);
}

std::size_t rss_bytes() {
  std::ifstream in{"/proc/self/statm"};
  std::size_t size = 0, resident = 0;
  in >> size >> resident;
  return resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
}

std::size_t heap_in_use() {
  auto mi = mallinfo2();
  return mi.uordblks + mi.hblkhd;
}

double now_s() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

} // namespace

int main(int argc, char** argv) {
  std::size_t n = 1'000'000;
  bool use_exit = true;
  std::size_t workers = 2;
  bool use_fnptr = false;
  if (argc > 1)
    n = std::strtoull(argv[1], nullptr, 10);
  if (argc > 2)
    use_exit = std::strcmp(argv[2], "drop") != 0;
  if (argc > 3)
    workers = std::strtoull(argv[3], nullptr, 10);
  if (argc > 4)
    use_fnptr = std::strcmp(argv[4], "fnptr") == 0;
  if (n == 0) {
    std::fprintf(stderr, "usage: %s [N > 0] [exit|drop] [workers] [lambda|fnptr]\n", argv[0]);
    return 2;
  }

  actor_system_config cfg;
  cfg.set_scheduler(workers, 300);
  actor_system sys{cfg};
  auto spawn_one = [&] { return use_fnptr ? sys.spawn(idle_function) : sys.spawn(idle_lambda); };

  std::vector<actor> handles(n); // touched now: not part of the measurement
  // Warm up: one actor, so that lazily created runtime state (thread caches,
  // timer structures, ...) exists before the first reading.
  {
    auto warm = spawn_one();
    while (initialized.load() < 1)
      std::this_thread::yield();
    anon_send(warm, exit_msg{{}, exit_reason::kill});
    sys.await_all_actors_done();
    initialized.store(0);
  }

  const auto rss0 = rss_bytes();
  const auto heap0 = heap_in_use();
  const auto t0 = now_s();
  for (std::size_t i = 0; i < n; ++i)
    handles[i] = spawn_one();
  const auto t1 = now_s();
  while (initialized.load(std::memory_order_relaxed) < n)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  // Let the workers return the last actors to the idle state.
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const auto t2 = now_s();
  const auto rss1 = rss_bytes();
  const auto heap1 = heap_in_use();

  const double per_rss = static_cast<double>(rss1 - rss0) / static_cast<double>(n);
  const double per_heap = static_cast<double>(heap1 - heap0) / static_cast<double>(n);
  std::printf("actors:                %zu (workers: %zu, spawned from a %s)\n", n, workers,
              use_fnptr ? "function pointer" : "capture-less lambda");
  std::printf("running_actors():      %zu\n", sys.running_actors());
  std::printf("RSS before/after:      %zu / %zu bytes\n", rss0, rss1);
  std::printf("RSS per idle actor:    %.1f bytes\n", per_rss);
  std::printf("heap per idle actor:   %.1f bytes (mallinfo2 in-use)\n", per_heap);
  std::printf("spawn loop:            %.3f s (%.0f ns/actor), all initialized after %.3f s\n", t1 - t0,
              (t1 - t0) * 1e9 / static_cast<double>(n), t2 - t0);

  // ---- stop them all and verify ----
  std::vector<actor_addr> addrs;
  addrs.reserve(n);
  for (auto& h : handles)
    addrs.push_back(h.address());
  const auto t3 = now_s();
  if (use_exit) {
    for (auto& h : handles)
      anon_send(h, exit_msg{{}, exit_reason::kill});
  }
  handles.clear();
  handles.shrink_to_fit();
  sys.await_all_actors_done();
  const auto t4 = now_s();
  std::size_t alive = 0;
  for (auto& a : addrs)
    if (a.lock())
      ++alive;
  const auto running = sys.running_actors();
  std::printf("stop (%s): %.3f s, running_actors() = %zu, still reachable = %zu\n",
              use_exit ? "exit_msg kill" : "drop handles", t4 - t3, running, alive);
  addrs.clear();
  addrs.shrink_to_fit();
  std::printf("RSS after stop:        %zu bytes, heap in use: %zu bytes\n", rss_bytes(), heap_in_use());
  const bool ok = running == 0 && alive == 0;
  std::printf("%s\n", ok ? "OK: all actors terminated" : "FAIL: actors left");
  return ok ? 0 : 1;
}
