// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// What tracing every message (inspect.trace=on) costs a ping-pong:
//
//   trace_cost [round trips] [runs] [workers]   (defaults: 200000 round trips, 5 runs, 1 worker)
//
// Two actors pass an int back and forth `round trips` times. Each run does it
// once without the tracer and once with every message traced, in that order,
// and prints the nanoseconds per message of both and their difference (of a
// second game in the same system: the first warms it up). Each
// thread's span ring is made large enough to hold every span, so the traced
// pass pays for every span it keeps (none is dropped for lack of room); the
// spans go to /dev/null as OTLP/JSON, encoded by the exporter's own thread.
#include <troupe/inspection.hpp>
#include <troupe/troupe.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "bench_common.hpp"

using namespace troupe;
using namespace troupe_bench;
using clock_type = std::chrono::steady_clock;

namespace {

// Sends back what it gets, one more, to `peer` (set by the first message),
// until `last`; then signals `done`.
class player : public event_based_actor {
public:
  player(actor_config& cfg, int last, std::shared_ptr<latch> done)
    : event_based_actor(cfg), last_(last), done_(std::move(done)) {}
  const char* name() const override { return "player"; }
  behavior make_behavior() override {
    return {[this](const actor& peer) { peer_ = peer; },
            [this](int x) {
              if (x >= last_)
                done_->signal();
              else
                send(peer_, x + 1);
            }};
  }

private:
  int last_;
  std::shared_ptr<latch> done_;
  actor peer_;
};

// Nanoseconds per message of one pass.
double one_pass(int round_trips, std::size_t workers, bool traced) {
  auto cfg = make_config(workers);
  cfg.load<inspection::probe>();
  auto spans = std::to_string(2 * static_cast<long>(round_trips) + 64);
  if (cfg.set("inspect.track-actors", "false")
      || (traced
          && (cfg.set("inspect.trace", "on") || cfg.set("inspect.trace-file", "/dev/null")
              || cfg.set("inspect.trace-buffer", spans)))) {
    std::fprintf(stderr, "trace_cost: the options do not set\n");
    std::exit(1);
  }
  actor_system sys{cfg};
  auto play = [&] {
    auto done = std::make_shared<latch>();
    auto a = sys.spawn<player>(2 * round_trips, done);
    auto b = sys.spawn<player>(2 * round_trips, done);
    anon_send(a, b);
    anon_send(b, a);
    auto t0 = clock_type::now();
    anon_send(a, 1);
    done->wait();
    auto t1 = clock_type::now();
    kill(a);
    kill(b);
    return std::chrono::duration<double, std::nano>(t1 - t0).count() / (2.0 * round_trips);
  };
  // A first game warms the caches, and the rings' pages, which a node that
  // runs for a while has long touched; the exporter then empties the rings.
  play();
  std::this_thread::sleep_for(std::chrono::milliseconds{600});
  return play();
}

} // namespace

int main(int argc, char** argv) {
  int round_trips = argc > 1 ? std::atoi(argv[1]) : 200'000;
  int runs = argc > 2 ? std::atoi(argv[2]) : 5;
  std::size_t workers = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1;
  std::vector<double> plain;
  std::vector<double> traced;
  std::vector<double> added;
  for (int r = 0; r < runs; ++r) {
    plain.push_back(one_pass(round_trips, workers, false));
    traced.push_back(one_pass(round_trips, workers, true));
    added.push_back(traced.back() - plain.back());
    std::printf("run %d: %.1f ns/msg untraced, %.1f ns/msg traced (+%.1f ns)\n", r + 1, plain.back(), traced.back(),
                added.back());
  }
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  std::printf("median: %.1f ns/msg untraced, %.1f ns/msg traced; added per message: median %.1f ns (runs %.1f to "
              "%.1f)\n",
              median(plain), median(traced), median(added), *std::min_element(added.begin(), added.end()),
              *std::max_element(added.begin(), added.end()));
  return 0;
}
