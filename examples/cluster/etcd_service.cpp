// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A service whose nodes find each other through etcd: each node registers
// under cluster.etcd.prefix, learns of the others as they join (member_up),
// and greets every new member through the "greeter" actor registered there.
// It prints a line per event and ends in order when its stdin closes, which
// revokes its registration and tells the others it left.
//
//   troupe_example_cluster_etcd_service --cluster.discovery=etcd
//       --cluster.etcd.endpoints=http://127.0.0.1:2379 --cluster.endpoint=127.0.0.1:0 --name=NAME
//
// examples/cluster/etcd_service.sh starts an etcd and three nodes.
#include <troupe/cluster.hpp>
#include <troupe/net.hpp>

#include <cstdio>
#include <iostream>
#include <string>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

struct service_config : actor_system_config {
  std::string name = "node";
  service_config() {
    load<net::middleman>();
    load<cluster::module>();
    add_option("name", name, "what this node calls itself in greetings");
  }
};

void say(const std::string& line) {
  std::printf("%s\n", line.c_str());
  std::fflush(stdout);
}

behavior greeter(event_based_actor*, std::string name) {
  return {[name](const std::string& from) { return name + " greets " + from; }};
}

void ask(event_based_actor* self, const std::string& name, const actor& other) {
  self->request(other, 5s, name)
    .then([name](const std::string& answer) { say(name + ": " + answer); },
          [name](const error& e) { say(name + ": " + to_string(e)); });
}

// A member registers with etcd as its system starts, which can be before it
// registers its greeter: the lookup is tried again for a few seconds.
constexpr int lookup_attempts = 50;
constexpr auto lookup_retry = 100ms;

// Hears of every member, and greets each other one once it is up.
behavior watcher(event_based_actor* self, std::string name) {
  auto& c = self->system().cluster();
  return {
    // [snippet joined]
    [self, name, &c](const cluster::member_up& m) {
      say(name + ": member " + m.who.endpoint + " up (" + std::to_string(c.size()) + " known)");
      if (m.who.id == c.rank())
        return;
      // This node's id for the member: ids are this node's own numbering in service mode.
      auto other = c.lookup(m.who.id, "greeter");
      // [/snippet]
      if (!other) {
        self->delayed_send(self, lookup_retry, atom("greet"), m.who.id, m.who.endpoint, 1);
        return;
      }
      ask(self, name, *other);
    },
    on(atom("greet"), arg_match) >>
      [self, name, &c](std::uint32_t id, const std::string& endpoint, int attempt) {
        auto other = c.lookup(id, "greeter");
        if (other)
          ask(self, name, *other);
        else if (attempt < lookup_attempts)
          self->delayed_send(self, lookup_retry, atom("greet"), id, endpoint, attempt + 1);
        else
          say(name + ": no greeter at " + endpoint + ": " + to_string(other.error()));
      },
    [name](const cluster::member_suspect& m) { say(name + ": member " + m.who.endpoint + " suspect"); },
    [name](const cluster::member_down& m) { say(name + ": member " + m.who.endpoint + " down"); },
    [name](const cluster::member_left& m) { say(name + ": member " + m.who.endpoint + " left"); },
  };
}

} // namespace

int main(int argc, char** argv) {
  service_config cfg;
  if (auto err = cfg.parse(argc, argv)) {
    std::fprintf(stderr, "etcd_service: %s\n", to_string(err).c_str());
    return 2;
  }
  actor_system sys{cfg};
  auto& c = sys.cluster();
  sys.registry().put("greeter", sys.spawn(greeter, cfg.name));
  auto w = sys.spawn(watcher, cfg.name);
  say(cfg.name + ": listening on port " + std::to_string(c.port()));
  c.subscribe(w);
  for (std::string line; std::getline(std::cin, line);) {}
  c.unsubscribe(w);
  anon_send_exit(w, exit_reason::user_shutdown);
  anon_send_exit(sys.registry().get("greeter"), exit_reason::user_shutdown);
  return 0;
}
