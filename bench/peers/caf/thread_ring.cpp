// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina thread ring, CAF 0.17 version of bench/workloads/thread_ring.cpp: N actors in a
// ring pass a token R hops; the one that receives 0 reports its index and sends `stop`
// around the ring.
#include <cstdint>
#include <vector>

#include "caf_common.hpp"

using namespace caf;
using next_atom = atom_constant<atom("next")>;
using token_atom = atom_constant<atom("token")>;
using stop_atom = atom_constant<atom("stop")>;
using done_atom = atom_constant<atom("done")>;

namespace {

struct member_state {
  // Not an aggregate: CAF 0.17 constructs a state from the actor pointer when it can, and
  // in C++20 an aggregate whose first member is an `actor` can (next would be self).
  member_state() {}
  actor next;
};

behavior member(stateful_actor<member_state>* self, std::int64_t index, actor report_to) {
  return {
    [=](next_atom, const actor& next) { self->state.next = next; },
    [=](token_atom, std::int64_t v) {
      if (v > 0) {
        self->send(self->state.next, token_atom::value, v - 1);
        return;
      }
      self->send(report_to, done_atom::value, index);
      self->send(self->state.next, stop_atom::value);
      self->quit();
    },
    [=](stop_atom) {
      self->send(self->state.next, stop_atom::value);
      self->quit();
    },
  };
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {100, 100000}, "[N] [R]"};
  const std::int64_t n = a[0], r = a[1];
  if (n < 1 || r < 0)
    return 2;
  std::int64_t index = -1;
  {
    actor_system_config cfg;
    bench::configure_caf(cfg, a);
    actor_system sys{cfg};
    scoped_actor self{sys};
    bench::work_timer work;
    std::vector<actor> ring;
    ring.reserve(static_cast<std::size_t>(n));
    for (std::int64_t k = 0; k < n; ++k)
      ring.push_back(sys.spawn<lazy_init>(member, k, actor_cast<actor>(self)));
    // every member knows its successor before the token (sent last, by the same sender)
    for (std::int64_t k = 0; k < n; ++k)
      self->send(ring[static_cast<std::size_t>(k)], next_atom::value, ring[static_cast<std::size_t>((k + 1) % n)]);
    self->send(ring[0], token_atom::value, r);
    ring.clear();
    bool got = false;
    self->receive(
      [&](done_atom, std::int64_t i) {
        index = i;
        got = true;
      },
      after(bench::caf_result_timeout) >> [] {});
    work.done();
    if (!got)
      bench::caf_timed_out("no report");
  }
  bench::metric("hops", static_cast<double>(r));
  return bench::check(index == r % n, "index = R mod N");
}
