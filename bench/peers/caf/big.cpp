// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina big, CAF 0.17 version of bench/workloads/big.cpp: W actors that all know each
// other ping pseudo-random neighbours (big_next) until each received N pongs; each then
// reports to the sink, which stops everyone once all W reported.
#include <cstdint>
#include <memory>
#include <vector>

#include "caf_common.hpp"

// The neighbour list: built once by the sink and shared (read-only) by all W actors.
using neighbours_ptr = std::shared_ptr<const std::vector<caf::actor>>;
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(neighbours_ptr)

using namespace caf;
using neighbours_atom = atom_constant<atom("neighbours")>;
using ping_atom = atom_constant<atom("ping")>;
using pong_atom = atom_constant<atom("pong")>;
using report_atom = atom_constant<atom("report")>;
using stop_atom = atom_constant<atom("stop")>;
using result_atom = atom_constant<atom("result")>;

namespace {

struct big_state {
  neighbours_ptr all;
  std::uint64_t rng = 0;
  std::int64_t pongs = 0;
};

void ping_neighbour(stateful_actor<big_state>* self) {
  auto& st = self->state;
  st.rng = bench::big_next(st.rng);
  const auto& all = *st.all;
  self->send(all[static_cast<std::size_t>((st.rng >> 33) % all.size())], ping_atom::value, actor_cast<actor>(self));
}

behavior big_actor(stateful_actor<big_state>* self, std::int64_t index, std::int64_t n, actor sink) {
  self->state.rng = static_cast<std::uint64_t>(index);
  return {
    [=](neighbours_atom, const neighbours_ptr& all) {
      self->state.all = all;
      ping_neighbour(self);
    },
    [=](ping_atom, const actor& from) { self->send(from, pong_atom::value); },
    [=](pong_atom) {
      auto& st = self->state;
      if (++st.pongs < n)
        ping_neighbour(self);
      else if (st.pongs == n)
        self->send(sink, report_atom::value, st.pongs);
    },
    [=](stop_atom) { self->quit(); },
  };
}

struct sink_state {
  neighbours_ptr all;
  std::int64_t reports = 0;
  std::int64_t pongs = 0;
};

behavior sink(stateful_actor<sink_state>* self, std::int64_t n, std::int64_t w, actor report_to) {
  auto v = std::make_shared<std::vector<actor>>();
  v->reserve(static_cast<std::size_t>(w));
  auto me = actor_cast<actor>(self);
  for (std::int64_t k = 0; k < w; ++k)
    v->push_back(self->spawn<lazy_init>(big_actor, k, n, me));
  neighbours_ptr all = std::move(v);
  for (const auto& x : *all)
    self->send(x, neighbours_atom::value, all);
  self->state.all = std::move(all);
  return {
    [=](report_atom, std::int64_t pongs) {
      auto& st = self->state;
      st.pongs += pongs;
      if (++st.reports == w) {
        for (const auto& x : *st.all)
          self->send(x, stop_atom::value);
        st.all.reset();
        self->send(report_to, result_atom::value, st.reports, st.pongs);
        self->quit();
      }
    },
  };
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {20000, 120}, "[N] [W]"};
  const std::int64_t n = a[0], w = a[1];
  if (n < 1 || w < 1)
    return 2;
  std::int64_t reports = 0, pongs = -1;
  {
    actor_system_config cfg;
    bench::configure_caf(cfg, a);
    actor_system sys{cfg};
    scoped_actor self{sys};
    bench::work_timer work;
    sys.spawn(sink, n, w, actor_cast<actor>(self));
    bool got = false;
    self->receive(
      [&](result_atom, std::int64_t r, std::int64_t p) {
        reports = r;
        pongs = p;
        got = true;
      },
      after(bench::caf_result_timeout) >> [] {});
    work.done();
    if (!got)
      bench::caf_timed_out("no result");
  }
  bench::metric("pings", static_cast<double>(n) * w);
  return bench::check(reports == w && pongs == n * w, "W reports, N W pongs in all");
}
