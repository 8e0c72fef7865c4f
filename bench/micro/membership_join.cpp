// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// How fast the membership protocol spreads a join, in the deterministic
// simulator: N members on one core, links of 1 to 5 ms with a loss rate, and
// members that join one after another. A member learns of a joiner when a
// packet from it or with news of it arrives (it then asks the discovery
// provider, which answers at once here), so the figure is the gossip's, with
// no member asking the provider on a timer. For each join: the time until
// half, 99 %, 99.9 % and all of the members knew it; the median and the
// slowest over the joins, and the gossip rounds that took against log N.
//
//   membership_join [N=1000] [JOINS=5] [SEED=1] [LOSS=0.01] [CSV]
// With CSV, when each member learned of each joiner goes there too, a line
// each: "join,SECONDS" from the join (scripts/bench.sh --membership plots
// them).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "simulated_figures.hpp"
#include "swim/simulator.hpp"

using namespace troupe::cluster::swim;
using namespace std::chrono_literals;

using simulated_figures::percentile;
using simulated_figures::seconds;

int main(int argc, char** argv) {
  auto n = static_cast<std::size_t>(argc > 1 ? std::atol(argv[1]) : 1000);
  int joins = argc > 2 ? std::atoi(argv[2]) : 5;
  auto seed = static_cast<std::uint64_t>(argc > 3 ? std::atoll(argv[3]) : 1);
  double loss = argc > 4 ? std::atof(argv[4]) : 0.01;
  std::FILE* csv = argc > 5 ? std::fopen(argv[5], "w") : nullptr;
  if (argc > 5 && csv == nullptr)
    return 2;
  if (n < 10 || joins < 1)
    return 2;
  config cfg;
  link_model links;
  links.loss = loss;
  simulator sim{n, cfg, links, seed};
  // The cluster settles for 5 s, then a member joins every 5 s; each has 5 s to spread.
  std::vector<std::pair<member_index, time_point>> joined;
  for (int j = 0; j < joins; ++j) {
    auto at = time_point{5s + 5s * j};
    joined.emplace_back(sim.join(at), at);
  }
  auto end = time_point{5s + 5s * joins + 5s};
  auto wall = std::chrono::steady_clock::now();
  sim.run_until(end);
  auto took = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count();
  std::printf("N=%zu seed=%llu loss=%.3f joins=%d, links 1-5 ms, gossip every %.0f ms to %u members, %.1f simulated s "
              "in %.1f s\n",
              n, static_cast<unsigned long long>(seed), loss, joins, seconds(cfg.gossip_interval) * 1000,
              cfg.gossip_fanout, seconds(end - time_point{}), took);
  std::vector<double> half, p99, p999, all;
  for (auto [m, at] : joined) {
    std::vector<double> delays;
    for (member_index o = 0; o < sim.size(); ++o) {
      if (o == m || sim.learned_at(o, o) > at) // the joiner itself, and members that joined after it
        continue;
      auto t = sim.learned_at(o, m);
      delays.push_back(t > end ? INFINITY : seconds(t - at));
      if (csv != nullptr)
        std::fprintf(csv, "join,%.6f\n", delays.back());
    }
    half.push_back(percentile(delays, 0.5));
    p99.push_back(percentile(delays, 0.99));
    p999.push_back(percentile(delays, 0.999));
    all.push_back(percentile(delays, 1.0));
    std::printf("  join of member %u at %.0f s: known to half in %.3f s, 99 %% in %.3f s, 99.9 %% in %.3f s, all in "
                "%.3f s\n",
                m, seconds(at - time_point{}), half.back(), p99.back(), p999.back(), all.back());
  }
  std::printf("known to 99.9 %%: median %.3f s, slowest %.3f s (%.1f gossip rounds; log2 N = %.1f, log4 N = %.1f)\n",
              percentile(p999, 0.5), percentile(p999, 1.0), percentile(p999, 0.5) / seconds(cfg.gossip_interval),
              std::log2(static_cast<double>(n)), std::log(static_cast<double>(n)) / std::log(4.0));
  std::printf("packets per member per second: %.2f\n",
              static_cast<double>(sim.packets()) / static_cast<double>(sim.size()) / seconds(end - time_point{}));
  if (csv != nullptr)
    std::fclose(csv);
  return 0;
}
