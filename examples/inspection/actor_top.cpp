// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A program reads its own actors' statistics, without a nexus: a producer
// sends numbers through a squarer to a summer, and a snapshot afterwards shows
// each actor's messages, mailbox depth and handler times, busiest first.
//
// Shows: cfg.load<inspection::probe>(), inspection::snapshot, actor_snapshot.
//
//   troupe_example_actor_top [--inspect.track-actors=false] [--scheduler.workers=N]
#include <troupe/inspection.hpp>
#include <troupe/net.hpp>
#include <troupe/troupe.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <iostream>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

constexpr int count = 10'000;

class summer : public event_based_actor {
public:
  explicit summer(actor_config& cfg) : event_based_actor(cfg) {}
  behavior make_behavior() override {
    return {
      [this](std::int64_t x) { sum_ += x; },
      [this](get_atom) { return sum_; },
    };
  }
  const char* name() const override { return "summer"; }

private:
  std::int64_t sum_ = 0;
};

class squarer : public event_based_actor {
public:
  squarer(actor_config& cfg, actor next) : event_based_actor(cfg), next_(std::move(next)) {}
  behavior make_behavior() override {
    return {[this](int x) {
      auto sq = std::int64_t{x} * x;
      send(next_, sq);
      send(next_, sq); // the summer gets two messages per number
    }};
  }
  const char* name() const override { return "squarer"; }

private:
  actor next_;
};

} // namespace

int main(int argc, char** argv) {
  actor_system_config cfg;
  cfg.load<net::middleman>().load<inspection::probe>();
  if (auto err = cfg.parse(argc, argv)) {
    std::cerr << "actor_top: " << to_string(err) << '\n' << cfg.help();
    return 2;
  }
  actor_system sys{cfg};
  scoped_actor self{sys};
  auto sum = sys.spawn<summer>();
  auto sq = sys.spawn<squarer>(sum);
  for (int i = 1; i <= count; ++i)
    self->send(sq, i);
  // Requests queue behind the numbers: once the squarer answers, it has sent
  // everything; once the summer answers, it has added everything.
  self->request(sq, 10s, 0).receive([](const message&) {}, [](const error&) {});
  std::int64_t total = 0;
  self->request(sum, 10s, get_atom_v).receive([&](std::int64_t x) { total = x; }, [](const error&) {});

  auto snap = inspection::snapshot(sys);
  std::sort(snap.actors.begin(), snap.actors.end(), [](auto& x, auto& y) { return x.processed > y.processed; });
  std::printf("node %s on %s, pid %u: %llu actors running, statistics %s\n", to_string(snap.node).c_str(),
              snap.host.c_str(), snap.pid, static_cast<unsigned long long>(snap.running_actors),
              snap.tracking ? "on" : "off");
  std::printf("%-8s %4s %9s %6s %6s %10s %10s %10s\n", "name", "id", "processed", "depth", "max", "p50", "p99",
              "wait p50");
  for (auto& a : snap.actors)
    std::printf("%-8s %4llu %9llu %6llu %6llu %8lldns %8lldns %8lldns\n", a.name.c_str(),
                static_cast<unsigned long long>(a.id), static_cast<unsigned long long>(a.processed),
                static_cast<unsigned long long>(a.mailbox_depth), static_cast<unsigned long long>(a.max_mailbox_depth),
                static_cast<long long>(a.processing.p50.count()), static_cast<long long>(a.processing.p99.count()),
                static_cast<long long>(a.mailbox_wait.p50.count()));

  std::int64_t expected = 0;
  for (std::int64_t i = 0; i <= count; ++i) // the request's 0 is squared and summed too
    expected += 2 * i * i;
  bool ok = total == expected;
  if (snap.tracking) {
    auto by_name = [&](const char* n) {
      return std::find_if(snap.actors.begin(), snap.actors.end(), [&](auto& a) { return a.name == n; });
    };
    auto s = by_name("summer");
    auto q = by_name("squarer");
    ok = ok && s != snap.actors.end() && q != snap.actors.end();
    // A row may be one message behind: the answer to our last request can
    // arrive before its handler's statistics are written.
    ok = ok && s->processed >= 2 * (count + 1) && q->processed >= count && q->sent == 2 * (count + 1);
    ok = ok && s->mailbox_depth <= 1 && s->processing.samples > 0;
  }
  std::puts(ok ? "all checks passed" : "FAILED");
  return ok ? 0 : 1;
}
