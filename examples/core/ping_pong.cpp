// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Two actors exchanging N pings (libcppa's classic micro-benchmark): `ping`
// sends {ping, n}, `pong` answers {pong, n}, and ping counts n down to 1. The
// program prints the time per message.
//
// Shows: atoms and value patterns (on(atom("pong"), 1) is tried before the
// general case: the first matching case wins), answering a plain send by
// returning a value, and a stateful actor.
//
//   troupe_example_ping_pong [N] [--scheduler.workers=W]    (N defaults to 100000)
#include <troupe/troupe.hpp>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>
#include <tuple>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

// Answers every {ping, n} with {pong, n}. A returned value goes back to the
// sender, whether it sent a request or a plain message.
behavior pong(event_based_actor*) {
  return {
    on(atom("ping"), arg_match) >> [](int n) { return std::make_tuple(atom("pong"), n); },
  };
}

struct ping_state {
  int pongs = 0; // pongs received
};

// Serves `n` round trips, then reports {done, pongs} to `report_to` and quits.
behavior ping(stateful_actor<ping_state>* self, actor buddy, int n, actor report_to) {
  self->send(buddy, atom("ping"), n);
  return {
    on(atom("pong"), 1) >>
      [=] {
        ++self->state.pongs;
        self->send(report_to, atom("done"), self->state.pongs);
        self->quit();
      },
    on(atom("pong"), arg_match) >>
      [=](int k) {
        ++self->state.pongs;
        return std::make_tuple(atom("ping"), k - 1);
      },
  };
}

} // namespace

int main(int argc, char** argv) {
  actor_system_config cfg;
  if (auto err = cfg.parse(argc, argv)) {
    std::cerr << "ping_pong: " << to_string(err) << '\n' << actor_system_config::help_text();
    return 2;
  }
  int n = 100000;
  if (!cfg.remainder().empty())
    n = std::atoi(cfg.remainder().front().c_str());
  if (n < 1) {
    std::cerr << "usage: ping_pong [N >= 1]\n";
    return 2;
  }

  actor_system sys{cfg};
  scoped_actor self{sys};
  auto start = std::chrono::steady_clock::now();
  // pong lives as long as someone holds a handle to it: ping does, so pong
  // ends (unreachable) soon after ping quits.
  sys.spawn(ping, sys.spawn(pong), n, actor{self});
  int pongs = -1;
  self->receive(
    on(atom("done"), arg_match) >> [&](int k) { pongs = k; }, after(60s) >> [] {});
  auto elapsed = std::chrono::steady_clock::now() - start;

  auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(elapsed).count();
  auto messages = 2 * static_cast<std::int64_t>(n);
  std::cout << n << " round trips (" << messages << " messages) in " << ns / 1'000'000 << " ms: " << ns / messages
            << " ns per message\n";
  if (pongs != n) {
    std::cout << "ping_pong: FAILED: ping received " << pongs << " pongs, expected " << n << '\n';
    return 1;
  }
  std::cout << "ping_pong: ok, ping received all " << n << " pongs\n";
  return 0;
}
