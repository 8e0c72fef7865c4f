// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// How soon a node learns that a peer is gone, across real processes on
// loopback, and whether it ever thinks so of a live one:
//   killed  SIGKILL a peer process (its kernel closes the socket): the time
//           from the kill to the down message of a monitor on its actor;
//   frozen  SIGSTOP a peer (its socket stays open and silent, so only missing
//           heartbeats tell), default settings: from the stop to the down;
//   load    a 300 ms connection timeout, heartbeats every 100 ms, both nodes
//           at full load (every scheduler worker of both computing, and a
//           stream of one-way messages) for LOAD_MS: downs of the live peer,
//           and whether every message of the stream arrived.
//   failure_detection [ROUNDS=5] [LOAD_MS=3000]
// Each peer is this program run again with --serve (bench/workloads/remote_node.hpp).
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "../workloads/remote_node.hpp"
#include "troupe/net.hpp"
#include "troupe/troupe.hpp"

using namespace troupe;
using namespace std::chrono_literals;
using clock_type = std::chrono::steady_clock;

namespace {

constexpr const char* defaults_option = "--defaults";
constexpr const char* short_timeout_option = "--short-timeout";

actor_system_config node_config(bool short_timeout) {
  actor_system_config cfg;
  cfg.load<net::middleman>();
  if (short_timeout) {
    (void)cfg.set("middleman.heartbeat-interval", "100ms");
    (void)cfg.set("middleman.connection-timeout", "300ms");
  }
  return cfg;
}

double ms_since(clock_type::time_point t0) {
  return std::chrono::duration<double, std::milli>(clock_type::now() - t0).count();
}

// Computes in slices of about a millisecond until `until`, one message per
// slice, so that its worker stays busy but other actors still get turns.
behavior burner(event_based_actor* self, clock_type::time_point until) {
  self->send(self, atom("burn"));
  return {
    on(atom("burn")) >>
      [=] {
        auto slice_end = clock_type::now() + 1ms;
        volatile std::uint64_t x = 0;
        while (clock_type::now() < slice_end)
          for (int i = 0; i < 1000; ++i)
            x = x + static_cast<std::uint64_t>(i);
        if (clock_type::now() < until)
          self->send(self, atom("burn"));
        else
          self->quit();
      },
  };
}

// One burner per scheduler worker of `sys`, for `ms` milliseconds.
void burn_all_workers(actor_system& sys, int ms) {
  auto until = clock_type::now() + std::chrono::milliseconds{ms};
  for (std::size_t i = 0; i < sys.scheduler().num_workers(); ++i)
    sys.spawn(burner, until);
}

// The published actor: echoes, counts ('sink', n) messages (('count') asks
// how many came), and on ('burn', ms) keeps its node's workers busy.
behavior peer_actor(event_based_actor* self) {
  auto sunk = std::make_shared<long>(0);
  return {
    [](int x) { return x; },
    on(atom("sink"), arg_match) >> [=](int) { ++*sunk; },
    on(atom("count")) >> [=] { return static_cast<std::int64_t>(*sunk); },
    on(atom("burn"), arg_match) >> [=](int ms) { burn_all_workers(self->system(), ms); },
  };
}

int serve(const char* option) {
  auto cfg = node_config(std::strcmp(option, short_timeout_option) == 0);
  actor_system sys{cfg};
  auto served = sys.spawn(peer_actor);
  auto port = sys.middleman().publish(served, 0, "127.0.0.1");
  if (!port)
    return 1;
  bench::serve_until_stdin_closes(*port);
  scoped_actor(sys)->send_exit(served, exit_reason::user_shutdown);
  return 0;
}

// Waits up to `limit` for the down message of the monitored actor; false
// when none came, else its reason in `reason`.
bool await_down(scoped_actor& self, std::chrono::milliseconds limit, error& reason) {
  bool got = false;
  self->receive(
    [&](down_msg& d) {
      reason = d.reason;
      got = true;
    },
    after(limit) >> [] {});
  return got;
}

struct summary {
  std::vector<double> ms;
  void print(const char* what) {
    if (ms.empty()) {
      std::printf("%s: no round finished\n", what);
      return;
    }
    std::sort(ms.begin(), ms.end());
    std::printf("%s: median %.1f ms, min %.1f ms, max %.1f ms (%zu rounds)\n", what, ms[ms.size() / 2], ms.front(),
                ms.back(), ms.size());
  }
};

// A fresh peer process, and a node of this process connected to it whose
// scoped actor monitors the peer's actor.
struct watched_peer {
  bench::server_process process;
  actor_system_config cfg;
  actor_system sys;
  expected<actor> remote;
  scoped_actor self;

  watched_peer(const char* option, bool short_timeout)
    : process{option}, cfg{node_config(short_timeout)}, sys{cfg},
      remote{sys.middleman().remote_actor("127.0.0.1", process.port())}, self{sys} {
    if (remote)
      self->monitor(*remote);
    else
      std::printf("CHECK FAILED: connected to the peer: %s\n", to_string(remote.error()).c_str());
  }
};

// Sends a fresh peer `sig` and times the down message of the monitor on its
// actor; false when it did not come within 10 s or had another reason.
bool time_one(int sig, summary& out) {
  watched_peer peer{defaults_option, false};
  if (!peer.remote)
    return false;
  auto t0 = clock_type::now();
  ::kill(peer.process.pid(), sig);
  if (sig == SIGSTOP) {
    // kill returns before every thread has stopped; the clock starts when all have.
    int status = 0;
    waitpid(peer.process.pid(), &status, WUNTRACED);
    t0 = clock_type::now();
  }
  error reason;
  bool got = await_down(peer.self, 10s, reason);
  auto elapsed = ms_since(t0);
  if (sig == SIGSTOP)
    ::kill(peer.process.pid(), SIGKILL); // the process's destructor reaps it
  if (!got || reason != exit_reason::remote_link_unreachable) {
    std::printf("CHECK FAILED: the down came with remote_link_unreachable\n");
    return false;
  }
  out.ms.push_back(elapsed);
  return true;
}

// Full load on both nodes with a 300 ms timeout: every worker of both nodes
// computes while a thread sends one-way messages as fast as flow control lets
// it, so that the I/O threads are busy too.
bool load_round(int load_ms) {
  watched_peer peer{short_timeout_option, true};
  if (!peer.remote)
    return false;
  auto& sys = peer.sys;
  auto& remote = peer.remote;
  auto& self = peer.self;
  auto until = clock_type::now() + std::chrono::milliseconds{load_ms};
  self->send(*remote, atom("burn"), load_ms);
  burn_all_workers(sys, load_ms);
  long sent = 0;
  std::int64_t sunk = -1;
  std::thread stream{[&] {
    scoped_actor sender{sys};
    while (clock_type::now() < until)
      for (int i = 0; i < 1000; ++i, ++sent)
        sender->send(*remote, atom("sink"), i);
    // The live peer still answers on the same connection, after all it was sent.
    sender->request(*remote, 10s, atom("count")).receive([&](std::int64_t n) { sunk = n; }, [](error&) {});
  }};
  error reason;
  bool down = await_down(self, std::chrono::milliseconds{load_ms}, reason);
  stream.join();
  std::printf("load: %d ms at full load, 300 ms timeout, heartbeats every 100 ms: %d false positive(s); "
              "%ld one-way messages sent, %lld arrived\n",
              load_ms, down ? 1 : 0, sent, static_cast<long long>(sunk));
  return !down && sunk == sent;
}

} // namespace

int main(int argc, char** argv) {
  if (bench::is_server(argc, argv))
    return serve(argc > 2 ? argv[2] : defaults_option);
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 5;
  const int load_ms = argc > 2 ? std::atoi(argv[2]) : 3000;
  if (rounds < 1 || load_ms < 1) {
    std::fprintf(stderr, "usage: failure_detection [ROUNDS=5] [LOAD_MS=3000]\n");
    return 2;
  }
  bool ok = true;
  summary killed, frozen;
  for (int i = 0; i < rounds; ++i)
    ok = time_one(SIGKILL, killed) && ok;
  killed.print("killed peer, SIGKILL to down");
  for (int i = 0; i < rounds; ++i)
    ok = time_one(SIGSTOP, frozen) && ok;
  const net::middleman_settings defaults;
  auto as_ms = [](std::chrono::nanoseconds d) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(d).count();
  };
  auto what = "frozen peer, SIGSTOP to down (the defaults: heartbeats every "
              + std::to_string(as_ms(defaults.heartbeat_interval)) + " ms, timeout "
              + std::to_string(as_ms(defaults.connection_timeout)) + " ms)";
  frozen.print(what.c_str());
  ok = load_round(load_ms) && ok;
  return ok ? 0 : 1;
}
