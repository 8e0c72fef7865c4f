// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Actor creation, CAF 0.17 version of bench/workloads/spread.cpp.
#include <cstdint>

#include "caf_common.hpp"

using namespace caf;
using spread_atom = atom_constant<atom("spread")>;
using result_atom = atom_constant<atom("result")>;

namespace {

behavior testee(event_based_actor* self, actor parent) {
  return {
    [=](spread_atom, int n) {
      if (n == 0) {
        self->send(parent, result_atom::value, std::uint64_t{1});
        self->quit();
        return;
      }
      auto me = actor_cast<actor>(self);
      self->send(self->spawn(testee, me), spread_atom::value, n - 1);
      self->send(self->spawn(testee, me), spread_atom::value, n - 1);
      self->become([=](result_atom, std::uint64_t x1) {
        self->become([=](result_atom, std::uint64_t x2) {
          self->send(parent, result_atom::value, x1 + x2);
          self->quit();
        });
      });
    },
  };
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {20}, "[POW]"};
  const int pow = static_cast<int>(a[0]);
  if (pow < 0 || pow > 30)
    return 2;
  std::uint64_t result = 0;
  {
    actor_system_config cfg;
    bench::configure_caf(cfg, a);
    actor_system sys{cfg};
    scoped_actor self{sys};
    bench::work_timer work;
    self->send(sys.spawn(testee, actor_cast<actor>(self)), spread_atom::value, pow);
    self->receive([&](result_atom, std::uint64_t y) { result = y; });
    work.done();
  }
  bench::metric("actors", static_cast<double>((std::uint64_t{1} << (pow + 1)) - 1));
  return bench::check(result == (std::uint64_t{1} << pow), "result == 2^POW");
}
