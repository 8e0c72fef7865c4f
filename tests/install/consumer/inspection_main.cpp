// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// troupe::inspection, installed: the probe gives a spawned actor statistics, and a
// snapshot lists it with the messages it handled; a nexus in the same system answers
// that it knows no node yet.
#include <troupe/inspection.hpp>
#include <troupe/net.hpp>
#include <troupe/troupe.hpp>

#include <chrono>

int main() {
  using namespace troupe;
  actor_system_config cfg;
  cfg.load<net::middleman>().load<inspection::probe>();
  actor_system sys{cfg};
  auto echo = sys.spawn([]() -> behavior { return {[](int x) { return x; }}; });
  scoped_actor self{sys};
  int answer = 0;
  self->request(echo, std::chrono::seconds(10), 42).receive([&](int x) { answer = x; }, [](error&) {});
  auto snap = inspection::snapshot(sys);
  if (answer != 42 || !snap.tracking || snap.actors.size() != 1 || snap.actors[0].id != echo.id())
    return 1;
  auto nexus = inspection::spawn_nexus(sys);
  std::size_t nodes = 1;
  self->request(nexus, std::chrono::seconds(10), inspection::list_nodes_atom{})
    .receive([&](std::vector<inspection::node_info>& xs) { nodes = xs.size(); }, [](error&) {});
  self->send_exit(nexus, exit_reason::user_shutdown);
  return nodes == 0 ? 0 : 1;
}
