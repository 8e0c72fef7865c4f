// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Memory per idle actor: spawns N actors that wait for a message, measures the
// growth of the resident set per actor once all of them are waiting, then stops
// them all and checks that every one terminated.
//   idle_memory [--workers=W] [N=1000000]
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "troupe_common.hpp"

using namespace troupe;
using namespace std::chrono_literals;

namespace {

std::atomic<std::int64_t> started{0};
std::atomic<std::int64_t> stopped{0};

behavior idle(event_based_actor* self) {
  started.fetch_add(1, std::memory_order_relaxed);
  return {
    on(atom("stop")) >>
      [=] {
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
    actor_system sys{bench::troupe_config(a)};
    bench::work_timer work;
    std::vector<actor> handles;
    handles.reserve(static_cast<std::size_t>(n));
    // touch the handle vector so that it is not counted
    for (std::int64_t i = 0; i < n; ++i)
      handles.emplace_back();
    handles.clear();
    const auto before = bench::rss_bytes();
    for (std::int64_t i = 0; i < n; ++i)
      handles.push_back(sys.spawn(idle));
    while (started.load() < n)
      std::this_thread::sleep_for(1ms);
    const auto after_spawn = bench::rss_bytes();
    per_actor = (static_cast<double>(after_spawn) - static_cast<double>(before)) / static_cast<double>(n);
    scoped_actor self{sys};
    for (auto& h : handles)
      self->send(h, atom("stop"));
    handles.clear();
    sys.await_all_actors_done();
    work.done();
  }
  bench::metric("bytes_per_actor", per_actor);
  return bench::check(stopped.load() == n, "all N idle actors started and stopped");
}
