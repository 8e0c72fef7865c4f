// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Fixed-size runs of the hot paths, for profilers (callgrind, perf):
//
//   hotpath_probe <scenario> [count] [workers] [tracked]
//
//   pingpong   2 x count messages between two event-based actors (count: 100000)
//   tree       spread tree of depth `count` (default 16): 2^count - 1 actors
//   spawn      the main thread spawns `count` actors without behavior (default 100000)
//   spawn_idle the main thread spawns `count` idle actors and drops the handles
//   n_to_1     20 sender actors, `count` messages in all (default 1000000)
//   scoped     a scoped_actor sends `count` ints to a counting actor (default 100000)
//
// `tracked` loads the inspection probe: every actor keeps statistics.
//
// Each scenario runs once untimed (warm-up), then once measured. Under
// callgrind the measured run is bracketed by CALLGRIND_ZERO_STATS /
// CALLGRIND_DUMP_STATS_AT("measured"), so the dump named "measured" holds
// exactly the measured run (all threads). Prints wall and process CPU time
// per item.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include <chrono>

#include <troupe/inspection.hpp>

#include "measured_run.hpp"

using namespace troupe;
using namespace troupe_bench;

namespace {

behavior spreader(event_based_actor* self, actor parent) {
  return {on(atom("spread"), arg_match) >> [=](int x) {
    if (x == 1) {
      self->send(parent, atom("result"), std::int64_t{1});
      self->quit();
      return;
    }
    auto a = self->spawn(spreader, actor{self});
    auto b = self->spawn(spreader, actor{self});
    self->send(a, atom("spread"), x - 1);
    self->send(b, atom("spread"), x - 1);
    self->become(on(atom("result"), arg_match) >> [=, n = 0, sum = std::int64_t{0}](std::int64_t r) mutable {
      sum += r;
      if (++n == 2) {
        self->send(parent, atom("result"), sum);
        self->quit();
      }
    });
  }};
}

void noop(event_based_actor*) {}
behavior idle(event_based_actor*) {
  return {[](int) {}};
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s pingpong|tree|spawn|spawn_idle|n_to_1|scoped [count] [workers] [tracked]\n",
                 argv[0]);
    return 2;
  }
  std::string what = argv[1];
  long count = argc > 2 ? std::strtol(argv[2], nullptr, 10) : 0;
  std::size_t workers = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1;
  auto cfg = make_config(workers);
  if (argc > 4 && std::strcmp(argv[4], "tracked") == 0)
    cfg.load<inspection::probe>();
  actor_system sys{cfg};
  scoped_actor self{sys};
  if (what == "pingpong") {
    const int hops = count > 0 ? static_cast<int>(count) : 100'000;
    auto done = std::make_shared<latch>();
    auto pong = sys.spawn([]() -> behavior { return {[](int x) { return x; }}; });
    auto ping = sys.spawn([=](event_based_actor* s) -> behavior {
      return {[=](int x) -> message {
                if (x == 0) {
                  done->signal();
                  return {};
                }
                return make_message(x - 1);
              },
              on(atom("start"), arg_match) >> [=](int n) { s->send(pong, n); }};
    });
    measured_run("pingpong (per message)", 2.0 * hops, [&] {
      anon_send(ping, atom("start"), hops - 1);
      done->wait();
    });
    kill(ping);
    kill(pong);
  } else if (what == "tree") {
    const int depth = count > 0 ? static_cast<int>(count) : 16;
    measured_run("tree (per actor)", static_cast<double>((1L << depth) - 1), [&] {
      self->send(sys.spawn(spreader, actor{self}), atom("spread"), depth);
      self->receive(on(atom("result"), arg_match) >> [](std::int64_t) {});
      sys.await_all_actors_done();
    });
  } else if (what == "spawn" || what == "spawn_idle") {
    const long n = count > 0 ? count : 100'000;
    const bool with_bhvr = what == "spawn_idle";
    measured_run(with_bhvr ? "spawn idle + drop from main (per actor)" : "spawn noop from main (per actor)",
                 static_cast<double>(n), [&] {
                   for (long i = 0; i < n; ++i) {
                     if (with_bhvr)
                       self->spawn(idle);
                     else
                       self->spawn(noop);
                   }
                   sys.await_all_actors_done();
                 });
  } else if (what == "n_to_1") {
    const long total = count > 0 ? count : 1'000'000;
    constexpr int senders = 20;
    const int per_sender = static_cast<int>(total / senders);
    auto done = std::make_shared<latch>();
    measured_run("n_to_1, 20 senders (per message)", static_cast<double>(per_sender) * senders, [&] {
      auto receiver = sys.spawn([=](event_based_actor* s) -> behavior {
        return {on(atom("msg"), arg_match) >> [=, n = 0](int) mutable {
          if (++n == senders * per_sender) {
            done->signal();
            s->quit();
          }
        }};
      });
      for (int k = 0; k < senders; ++k)
        sys.spawn([=](event_based_actor* s) {
          for (int i = 0; i < per_sender; ++i)
            s->send(receiver, atom("msg"), i);
        });
      receiver = nullptr;
      done->wait();
      sys.await_all_actors_done();
    });
  } else if (what == "scoped") {
    const int n = count > 0 ? static_cast<int>(count) : 100'000;
    auto done = std::make_shared<latch>();
    auto counter = sys.spawn([=]() -> behavior {
      return {[=, k = 0](int) mutable {
        if (++k == n) {
          k = 0;
          done->signal();
        }
      }};
    });
    measured_run("scoped_actor send (per message)", n, [&] {
      for (int i = 0; i < n; ++i)
        self->send(counter, i);
      done->wait();
    });
    kill(counter);
  } else {
    std::fprintf(stderr, "unknown scenario %s\n", what.c_str());
    return 2;
  }
  return 0;
}
