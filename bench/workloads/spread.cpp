// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Actor creation: a binary tree of 2^(POW+1)-1 actors
// computes 2^POW.   spread [--workers=W] [POW=20]
#include <cstdint>

#include "troupe_common.hpp"

using namespace troupe;
using namespace std::chrono_literals;

namespace {

behavior testee(event_based_actor* self, actor parent) {
  return {
    on(atom("spread"), 0) >>
      [=] {
        self->send(parent, atom("result"), std::uint64_t{1});
        self->quit();
      },
    on(atom("spread"), arg_match) >>
      [=](int n) {
        self->send(self->spawn(testee, actor{self}), atom("spread"), n - 1);
        self->send(self->spawn(testee, actor{self}), atom("spread"), n - 1);
        self->become(on(atom("result"), arg_match) >> [=](std::uint64_t x1) {
          self->become(on(atom("result"), arg_match) >> [=](std::uint64_t x2) {
            self->send(parent, atom("result"), x1 + x2);
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
    actor_system sys{bench::troupe_config(a)};
    scoped_actor self{sys};
    bench::work_timer work;
    self->send(sys.spawn(testee, actor{self}), atom("spread"), pow);
    self->receive(
      on(atom("result"), arg_match) >> [&](std::uint64_t y) { result = y; },
      after(bench::result_timeout) >> [] { bench::timed_out("spread"); });
    work.done();
  }
  bench::metric("actors", static_cast<double>((std::uint64_t{1} << (pow + 1)) - 1));
  return bench::check(result == (std::uint64_t{1} << pow), "result == 2^POW");
}
