// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Savina counting, CAF 0.17 version of bench/workloads/counting.cpp: a producer sends N
// `increment` messages to a counter, then asks it for the count with a `retrieve` request.
#include <cstdint>

#include "caf_common.hpp"

using namespace caf;
using increment_atom = atom_constant<atom("increment")>;
using retrieve_atom = atom_constant<atom("retrieve")>;
using result_atom = atom_constant<atom("result")>;

namespace {

struct counter_state {
  std::int64_t count = 0;
};

behavior counter(stateful_actor<counter_state>* self) {
  return {
    [=](increment_atom) { ++self->state.count; },
    [=](retrieve_atom) -> std::int64_t {
      const std::int64_t n = self->state.count;
      self->quit();
      return n;
    },
  };
}

behavior producer(event_based_actor* self, actor target, std::int64_t n, actor report_to) {
  for (std::int64_t i = 0; i < n; ++i)
    self->send(target, increment_atom::value);
  self->request(target, infinite, retrieve_atom::value).then([=](std::int64_t count) {
    self->send(report_to, result_atom::value, count);
    self->quit();
  });
  return {};
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {1000000}, "[N]"};
  const std::int64_t n = a[0];
  if (n < 0)
    return 2;
  std::int64_t count = -1;
  {
    actor_system_config cfg;
    bench::configure_caf(cfg, a);
    actor_system sys{cfg};
    scoped_actor self{sys};
    bench::work_timer work;
    sys.spawn(producer, sys.spawn<lazy_init>(counter), n, actor_cast<actor>(self));
    bool got = false;
    self->receive(
      [&](result_atom, std::int64_t c) {
        count = c;
        got = true;
      },
      after(bench::caf_result_timeout) >> [] {});
    work.done();
    if (!got)
      bench::caf_timed_out("no count");
  }
  bench::metric("messages", static_cast<double>(n + 1));
  return bench::check(count == n, "count = N");
}
