// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// N:1 mailbox: S senders send M messages each to one
// receiver.   mailbox [--workers=W] [S=20] [M=1000000]
#include <cstdint>

#include "troupe_common.hpp"

using namespace troupe;
using namespace std::chrono_literals;

namespace {

struct receiver_state {
  std::int64_t count = 0;
};

behavior receiver(stateful_actor<receiver_state>* self, std::int64_t total, actor report_to) {
  return {
    on(atom("msg")) >>
      [=] {
        if (++self->state.count == total) {
          self->send(report_to, atom("done"), self->state.count);
          self->quit();
        }
      },
  };
}

// Sends its messages from its initialisation, then terminates (empty behavior).
behavior sender(event_based_actor* self, actor dest, std::int64_t m) {
  for (std::int64_t i = 0; i < m; ++i)
    self->send(dest, atom("msg"));
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
    actor_system sys{bench::troupe_config(a)};
    scoped_actor self{sys};
    bench::work_timer work;
    auto r = sys.spawn(receiver, s * m, actor{self});
    for (std::int64_t i = 0; i < s; ++i)
      sys.spawn(sender, r, m);
    r = actor{};
    self->receive(
      on(atom("done"), arg_match) >> [&](std::int64_t n) { got = n; },
      after(bench::result_timeout) >> [] { bench::timed_out("mailbox"); });
    work.done();
  }
  bench::metric("messages", static_cast<double>(s * m));
  return bench::check(got == s * m, "receiver got S*M messages");
}
