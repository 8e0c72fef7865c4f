// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// N:1 mailbox, CAF 0.17 version of bench/workloads/mailbox.cpp.
#include <cstdint>

#include "caf_common.hpp"

using namespace caf;
using msg_atom = atom_constant<atom("msg")>;
using done_atom = atom_constant<atom("done")>;

namespace {

struct receiver_state {
  std::int64_t count = 0;
};

behavior receiver(stateful_actor<receiver_state>* self, std::int64_t total, actor report_to) {
  return {
    [=](msg_atom) {
      if (++self->state.count == total) {
        self->send(report_to, done_atom::value, self->state.count);
        self->quit();
      }
    },
  };
}

behavior sender(event_based_actor* self, actor dest, std::int64_t m) {
  for (std::int64_t i = 0; i < m; ++i)
    self->send(dest, msg_atom::value);
  return {};
}

} // namespace

int main(int argc, char** argv) {
  bench::args a{argc, argv, {20, 1000000}, "[SENDERS] [MESSAGES_PER_SENDER]"};
  const std::int64_t s = a[0], m = a[1];
  if (s < 1 || m < 1)
    return 2;
  std::int64_t got = -1;
  {
    actor_system_config cfg;
    bench::configure_caf(cfg, a);
    actor_system sys{cfg};
    scoped_actor self{sys};
    bench::work_timer work;
    auto r = sys.spawn(receiver, s * m, actor_cast<actor>(self));
    for (std::int64_t i = 0; i < s; ++i)
      sys.spawn(sender, r, m);
    r = actor{};
    self->receive([&](done_atom, std::int64_t n) { got = n; });
    work.done();
  }
  bench::metric("messages", static_cast<double>(s * m));
  return bench::check(got == s * m, "receiver got S*M messages");
}
