// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Remote throughput, CAF 0.17 (libcaf_io) version of
// bench/workloads/remote_throughput.cpp: one sender here, the receiver in a
// second process; N small messages (an atom and an int), then the receiver
// reports how many arrived, and whether in order.
#include <cstdint>

#include "caf_remote.hpp"

using namespace caf;
using msg_atom = atom_constant<atom("msg")>;
using count_atom = atom_constant<atom("count")>;
using done_atom = atom_constant<atom("done")>;

namespace {

struct sink_state {
  std::int64_t received = 0;
  bool in_order = true;
};

behavior sink(stateful_actor<sink_state>* self) {
  return {
    [=](msg_atom, int k) {
      if (k != self->state.received)
        self->state.in_order = false;
      ++self->state.received;
    },
    [=](count_atom) -> std::int64_t { return self->state.in_order ? self->state.received : -self->state.received; },
  };
}

behavior sender(event_based_actor* self, actor receiver, int n, actor report_to) {
  for (int k = 0; k < n; ++k)
    self->send(receiver, msg_atom::value, k);
  self->request(receiver, infinite, count_atom::value).then([=](std::int64_t count) {
    self->send(report_to, done_atom::value, count);
    self->quit();
  });
  return {};
}

} // namespace

int main(int argc, char** argv) {
  if (bench::is_server(argc, argv))
    return bench::serve_caf_actor(argc, argv, sink);
  bench::args a{argc, argv, {200000}, "[MESSAGES]"};
  const int n = static_cast<int>(a[0]);
  if (n < 1)
    return 2;
  bench::server_process server{bench::workers_option(a.workers).c_str()};
  std::int64_t count = -1;
  double secs = 0;
  {
    actor_system_config cfg;
    bench::configure_caf_io(cfg, a);
    actor_system sys{cfg};
    auto receiver = sys.middleman().remote_actor("127.0.0.1", server.port());
    if (!receiver)
      return bench::check(false, "connected to the server");
    scoped_actor self{sys};
    bench::work_timer work;
    bench::stopwatch sw;
    sys.spawn(sender, *receiver, n, actor_cast<actor>(self));
    self->receive([&](done_atom, std::int64_t c) { count = c; });
    secs = sw.seconds();
    work.done();
  }
  bench::metric("ns_per_msg", secs * 1e9 / n);
  return bench::check(count == n, "every message arrived, in order");
}
