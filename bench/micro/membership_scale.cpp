// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The membership protocol at scale, in the deterministic simulator: N
// members on one core, links of 1 to 5 ms with a loss rate, and a number of
// members that crash one after another. For each crash: when the first member
// suspected it, and when the last of the survivors declared it dead; the
// median and the 99th percentile over the crashes, the mean first detection
// in protocol periods against SWIM's e/(e-1), the packets each member sent
// per second, and the false "dead" verdicts per million member-seconds with
// members that pause.
//
//   membership_scale [N=1000] [LOSS=0.01] [CRASHES=10] [SEED=1] [PAUSE_MS=100] [CSV]
// With CSV, every verdict on a crashed member goes there too, a line each:
// "suspect,SECONDS" for the first suspicion, "dead,SECONDS" for each member
// that declared it dead, both from the crash (scripts/bench.sh --membership
// plots them).
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
  double loss = argc > 2 ? std::atof(argv[2]) : 0.01;
  int crashes = argc > 3 ? std::atoi(argv[3]) : 10;
  auto seed = static_cast<std::uint64_t>(argc > 4 ? std::atoll(argv[4]) : 1);
  auto pause_length = std::chrono::milliseconds{argc > 5 ? std::atol(argv[5]) : 100};
  std::FILE* csv = argc > 6 ? std::fopen(argv[6], "w") : nullptr;
  if (argc > 6 && csv == nullptr)
    return 2;
  if (n < 10 || crashes < 1 || static_cast<std::size_t>(crashes) * 2 >= n)
    return 2;
  config cfg;
  link_model links;
  links.loss = loss;
  simulator sim{n, cfg, links, seed};
  // A crash every 10 s from 5 s on; members that never crash pause (1 % of them, one pause each).
  const auto gap = 10s;
  std::vector<member_index> victims;
  for (int k = 0; k < crashes; ++k) {
    auto m = static_cast<member_index>((k * 7919 + 1) % n);
    victims.push_back(m);
    sim.crash(m, 5s + k * gap);
  }
  std::size_t pausers = std::max<std::size_t>(n / 100, 1);
  std::vector<bool> pausing(n, false);
  for (std::size_t i = 0; i < pausers; ++i) {
    auto m = static_cast<member_index>((i * 104729 + 3) % n);
    if (std::find(victims.begin(), victims.end(), m) != victims.end())
      continue;
    pausing[m] = true;
    auto from = 2s + std::chrono::milliseconds{static_cast<long>((i * 3571) % (crashes * 10000))};
    sim.pause(m, from, from + pause_length);
  }
  auto end = 5s + crashes * gap + 10s;
  auto started = std::chrono::steady_clock::now();
  sim.run_until(end);
  auto wall = std::chrono::steady_clock::now() - started;

  std::vector<double> first, everyone;
  std::size_t false_dead = 0;
  std::vector<std::size_t> dead_count(crashes, 0);
  std::vector<bool> suspected(crashes, false);
  for (const auto& e : sim.events()) {
    auto v = std::find(victims.begin(), victims.end(), e.what.who);
    if (v == victims.end()) {
      false_dead += e.what.now == status::dead ? 1 : 0;
      continue;
    }
    auto k = static_cast<std::size_t>(v - victims.begin());
    auto at = seconds(e.at - (5s + static_cast<int>(k) * gap));
    if (e.what.now == status::suspect && !suspected[k]) {
      suspected[k] = true;
      first.push_back(at);
      if (csv != nullptr)
        std::fprintf(csv, "suspect,%.6f\n", at);
    }
    if (e.what.now == status::dead && csv != nullptr)
      std::fprintf(csv, "dead,%.6f\n", at);
    if (e.what.now == status::dead && ++dead_count[k] == n - 1 - k) // the survivors when it is declared
      everyone.push_back(at);
  }
  double mean_first = 0;
  for (double x : first)
    mean_first += x;
  mean_first /= static_cast<double>(std::max<std::size_t>(first.size(), 1));
  double period = seconds(cfg.probe_interval);
  double member_seconds = static_cast<double>(n) * seconds(end);
  std::printf("N=%zu seed=%llu loss=%.3f crashes=%d pauses=%zu x %lld ms, links 1-5 ms, %.1f simulated s in %.1f s\n",
              n, static_cast<unsigned long long>(seed), loss, crashes, pausers,
              static_cast<long long>(pause_length.count()), seconds(end), seconds(wall));
  std::printf("first suspicion: p50 %.3f s, p99 %.3f s; mean %.2f protocol periods from the crash (SWIM's "
              "analysis: e/(e-1) = 1.58)\n",
              percentile(first, 0.5), percentile(first, 0.99), mean_first / period);
  std::printf("dead everywhere: p50 %.3f s, p99 %.3f s (%zu of %d crashes reached every survivor)\n",
              percentile(everyone, 0.5), percentile(everyone, 0.99), everyone.size(), crashes);
  std::printf("packets per member per second: %.2f\n",
              static_cast<double>(sim.packets()) / static_cast<double>(n) / seconds(end));
  std::printf("false dead verdicts: %zu in %.0f member-seconds (%.2f per million)\n", false_dead, member_seconds,
              static_cast<double>(false_dead) * 1e6 / member_seconds);
  if (csv != nullptr)
    std::fclose(csv);
  return everyone.size() == static_cast<std::size_t>(crashes) ? 0 : 1;
}
