// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina counting (bench/README.md, "Savina workloads"): a producer sends N
// `increment` messages to a counter, then `retrieve`; the counter answers with
// its count.   counting [--workers=W] [N=1000000]
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <tuple>

#include "troupe_common.hpp"

using namespace troupe;
using namespace std::chrono_literals;

namespace {

struct counter_state {
  std::int64_t count = 0;
};

behavior counter(stateful_actor<counter_state>* self) {
  return {
    on(atom("increment")) >> [=] { ++self->state.count; },
    on(atom("retrieve")) >>
      [=] {
        const std::int64_t n = self->state.count;
        self->quit();
        return std::make_tuple(atom("count"), n); // goes back to the sender (the producer)
      },
  };
}

behavior producer(event_based_actor* self, actor counter_actor, std::int64_t n, actor report_to) {
  for (std::int64_t i = 0; i < n; ++i)
    self->send(counter_actor, atom("increment"));
  self->send(counter_actor, atom("retrieve"));
  return {
    on(atom("count"), arg_match) >>
      [=](std::int64_t count) {
        self->send(report_to, atom("done"), count);
        self->quit();
      },
  };
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {1000000}, "[N]"};
  const std::int64_t n = a[0];
  if (n < 0)
    return 2;
  std::int64_t count = -1;
  {
    actor_system sys{bench::troupe_config(a)};
    scoped_actor self{sys};
    bench::work_timer work;
    sys.spawn(producer, sys.spawn<lazy_init>(counter), n, actor{self});
    self->receive(
      on(atom("done"), arg_match) >> [&](std::int64_t c) { count = c; },
      after(bench::result_timeout) >> [] { bench::timed_out("counting"); });
    work.done();
  }
  bench::metric("messages", static_cast<double>(n + 1));
  return bench::check(count == n, "count = N");
}
