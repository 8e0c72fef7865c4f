// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Memory per idle actor, CAF 0.17 version of bench/workloads/idle_memory.cpp.
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "caf_common.hpp"

using namespace caf;
using stop_atom = atom_constant<atom("stop")>;

namespace {

std::atomic<std::int64_t> started{0};
std::atomic<std::int64_t> stopped{0};

behavior idle(event_based_actor* self) {
  started.fetch_add(1, std::memory_order_relaxed);
  return {
    [=](stop_atom) {
      stopped.fetch_add(1, std::memory_order_relaxed);
      self->quit();
    },
  };
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {1000000}, "[N]"};
  const std::int64_t n = a[0];
  if (n < 1)
    return 2;
  double per_actor = 0;
  {
    actor_system_config cfg;
    bench::configure_caf(cfg, a);
    actor_system sys{cfg};
    bench::work_timer work;
    std::vector<actor> handles;
    handles.reserve(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i)
      handles.emplace_back();
    handles.clear();
    const auto before = bench::rss_bytes();
    for (std::int64_t i = 0; i < n; ++i)
      handles.push_back(sys.spawn(idle));
    while (started.load() < n)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    const auto after_spawn = bench::rss_bytes();
    per_actor = (static_cast<double>(after_spawn) - static_cast<double>(before)) / static_cast<double>(n);
    {
      scoped_actor self{sys};
      for (auto& h : handles)
        self->send(h, stop_atom::value);
    }
    handles.clear();
    sys.await_all_actors_done();
    work.done();
  }
  bench::metric("bytes_per_actor", per_actor);
  return bench::check(stopped.load() == n, "all N idle actors started and stopped");
}
