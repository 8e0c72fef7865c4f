// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Remote round trips on a crowded machine: a ping actor here and a pong actor
// in a second process (this program run with --serve) do PINGS round trips
// with one message in flight, first on a quiet machine, then while BUSY
// threads of a third process loop without pause, so that more threads want
// to run than there are cores. Each part prints the median and the 99th
// percentile of its round trips.
//   crowded_round_trip [PINGS=2000] [BUSY=cores]
// What it shows: a message that arrives while the receiving node's threads
// wait for a core. Scheduler workers that yield their core, or a thread that
// has to be woken, make it wait for the kernel's next time slice.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "../workloads/troupe_remote.hpp"
#include "troupe/net.hpp"
#include "troupe/troupe.hpp"

using namespace troupe;
using namespace std::chrono_literals;
using clock_type = std::chrono::steady_clock;

namespace {

// The busy process stops by itself after this long, should its parent die.
constexpr auto busy_limit = 60s;

actor_system_config node_config() {
  actor_system_config cfg;
  cfg.load<net::middleman>();
  return cfg;
}

behavior pong() {
  return {
    on(atom("ping"), arg_match) >> [](int n) { return std::make_tuple(atom("pong"), n); },
  };
}

// `n` round trips, one in flight; each one's time in microseconds goes to
// `out`, and ('done') to `report_to` at the end.
behavior ping(event_based_actor* self, actor buddy, int n, std::shared_ptr<std::vector<double>> out, actor report_to) {
  auto sent = std::make_shared<clock_type::time_point>(clock_type::now());
  self->send(buddy, atom("ping"), n);
  return {
    on(atom("pong"), arg_match) >>
      [=](int k) {
        auto now = clock_type::now();
        out->push_back(std::chrono::duration<double, std::micro>(now - *sent).count());
        if (k == 1) {
          self->send(report_to, atom("done"));
          self->quit();
          return;
        }
        *sent = clock_type::now();
        self->send(buddy, atom("ping"), k - 1);
      },
  };
}

// A child process whose `threads` threads loop without pause from start()
// until it is killed (or busy_limit passed). Forked before the actor system
// starts, so that the child inherits no thread's half-held lock.
class busy_process {
public:
  explicit busy_process(int threads) {
    if (::pipe2(go_, O_CLOEXEC) != 0)
      return;
    pid_ = ::fork();
    if (pid_ != 0) {
      ::close(go_[0]);
      return;
    }
    ::close(go_[1]);
    char byte = 0;
    if (::read(go_[0], &byte, 1) != 1)
      std::_Exit(0); // the parent went away before start()
    auto until = clock_type::now() + busy_limit;
    std::vector<std::thread> loops;
    for (int i = 0; i < threads; ++i)
      loops.emplace_back([until] {
        volatile std::uint64_t x = 0;
        while (clock_type::now() < until)
          for (int k = 0; k < 10000; ++k)
            x = x + static_cast<std::uint64_t>(k);
      });
    for (auto& t : loops)
      t.join();
    std::_Exit(0);
  }
  ~busy_process() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      int status = 0;
      ::waitpid(pid_, &status, 0);
    }
    if (go_[1] >= 0)
      ::close(go_[1]);
  }
  busy_process(const busy_process&) = delete;
  busy_process& operator=(const busy_process&) = delete;

  bool start() {
    const char byte = 1;
    return pid_ > 0 && ::write(go_[1], &byte, 1) == 1;
  }

private:
  pid_t pid_ = -1;
  int go_[2] = {-1, -1};
};

// One part: `pings` round trips; false when they did not all finish.
bool round_trips(actor_system& sys, const actor& buddy, int pings, const char* what) {
  auto times = std::make_shared<std::vector<double>>();
  times->reserve(static_cast<std::size_t>(pings));
  scoped_actor self{sys};
  bool done = false;
  sys.spawn(ping, buddy, pings, times, actor{self});
  self->receive(
    on(atom("done")) >> [&] { done = true; }, after(60s) >> [] {});
  if (!done || times->size() != static_cast<std::size_t>(pings)) {
    std::printf("CHECK FAILED: %s: every round trip finished\n", what);
    return false;
  }
  std::sort(times->begin(), times->end());
  auto at = [&](double q) { return (*times)[static_cast<std::size_t>(q * static_cast<double>(times->size() - 1))]; };
  std::printf("%s: median %.1f us, p99 %.1f us, max %.1f us (%d round trips)\n", what, at(0.5), at(0.99), times->back(),
              pings);
  return true;
}

} // namespace

int main(int argc, char** argv) {
  if (bench::is_server(argc, argv))
    return bench::serve_troupe_actor(
      argc, argv, [](const bench::args&) { return node_config(); }, pong);
  const int pings = argc > 1 ? std::atoi(argv[1]) : 2000;
  const int busy = argc > 2 ? std::atoi(argv[2]) : static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  if (pings < 1 || busy < 1 || busy > 256) {
    std::fprintf(stderr, "usage: crowded_round_trip [PINGS=2000] [BUSY=cores]\n");
    return 2;
  }
  busy_process crowd{busy};
  bench::server_process server{bench::workers_option(0).c_str()};
  auto cfg = node_config();
  actor_system sys{cfg};
  auto buddy = sys.middleman().remote_actor("127.0.0.1", server.port());
  if (!buddy) {
    std::printf("CHECK FAILED: connected to the peer: %s\n", to_string(buddy.error()).c_str());
    return 1;
  }
  bool ok = round_trips(sys, *buddy, pings, "quiet");
  if (!crowd.start()) {
    std::printf("CHECK FAILED: started the busy process\n");
    return 1;
  }
  auto what = "crowded (" + std::to_string(busy) + " busy thread(s) beside the two nodes)";
  ok = round_trips(sys, *buddy, pings, what.c_str()) && ok;
  return ok ? 0 : 1;
}
