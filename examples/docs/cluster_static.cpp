// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/cluster.md: a static cluster of two systems in this process, one
// member's actor found by rank from the other, and the member events (the
// second system stops in order: the first hears that it left).
#include <troupe/cluster.hpp>
#include <troupe/net.hpp>

#include "doc_check.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

// Two loopback ports nobody listens on a moment ago.
std::vector<unsigned short> two_free_ports() {
  std::vector<unsigned short> ports;
  int fds[2];
  for (int& fd : fds) {
    fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
    ports.push_back(ntohs(addr.sin_port));
  }
  for (int fd : fds)
    ::close(fd);
  return ports;
}

actor_system_config static_member(const std::string& members, const std::string& endpoint) {
  // [snippet static]
  actor_system_config cfg;
  cfg.load<net::middleman>().load<cluster::module>();
  cfg.set("cluster.discovery", "static");
  cfg.set("cluster.static.members", members); // "127.0.0.1:7001,127.0.0.1:7002": rank 0, rank 1
  cfg.set("cluster.endpoint", endpoint);      // this node's entry in the list
  // [/snippet]
  return cfg;
}

} // namespace

int main() {
  auto ports = two_free_ports();
  auto a = "127.0.0.1:" + std::to_string(ports[0]);
  auto b = "127.0.0.1:" + std::to_string(ports[1]);
  actor_system first{static_member(a + "," + b, a)};
  auto second = std::make_unique<actor_system>(static_member(a + "," + b, b));
  second->registry().put("adder", second->spawn([] { return behavior{[](int x, int y) { return x + y; }}; }));
  scoped_actor self{first};
  // [snippet events]
  auto& c = first.cluster();
  // member_up for every member now, then member_suspect, member_down, member_left, ...
  c.subscribe(self);
  // Opens the connection to rank 1, on first use.
  auto adder = c.lookup(1, "adder");
  // [/snippet]
  DOC_CHECK(c.rank() == 0 && c.size() == 2 && adder);
  int sum = 0;
  self->request(*adder, 5s, 40, 2).receive([&](int x) { sum = x; }, [](error&) {});
  DOC_CHECK(sum == 42);
  int ups = 0;
  for (int i = 0; i < 2; ++i)
    self->receive([&](const cluster::member_up&) { ++ups; }, after(5s) >> [] {});
  DOC_CHECK(ups == 2);
  {
    scoped_actor s{*second};
    s->send_exit(*adder, exit_reason::user_shutdown);
  }
  second.reset(); // it stops in order: the others hear that it left
  std::uint32_t left = 99;
  self->receive([&](const cluster::member_left& m) { left = m.who.id; }, after(10s) >> [] {});
  DOC_CHECK(left == 1);
  return doc::result();
}
