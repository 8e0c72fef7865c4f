// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// troupe::cluster, installed: a static cluster of one member on a loopback
// port finds itself at rank 0 and looks up its own named actor by rank.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <troupe/cluster.hpp>
#include <troupe/net.hpp>

#include <chrono>
#include <string>

namespace {

// A loopback port nobody listens on a moment ago.
unsigned short free_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof addr;
  ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  ::close(fd);
  return ntohs(addr.sin_port);
}

} // namespace

int main() {
  using namespace troupe;
  auto endpoint = "127.0.0.1:" + std::to_string(free_port());
  actor_system_config cfg;
  cfg.load<net::middleman>().load<cluster::module>();
  if (cfg.set("cluster.discovery", "static") || cfg.set("cluster.static.members", endpoint)
      || cfg.set("cluster.endpoint", endpoint))
    return 2;
  actor_system sys{cfg};
  auto& c = sys.cluster();
  sys.registry().put("doubler", sys.spawn([] { return behavior{[](int x) { return 2 * x; }}; }));
  auto h = c.lookup(0, "doubler");
  if (c.rank() != 0 || c.size() != 1 || !h)
    return 3;
  scoped_actor self{sys};
  int answer = 0;
  self->request(*h, std::chrono::seconds(10), 21).receive([&](int x) { answer = x; }, [](error&) {});
  self->send_exit(*h, exit_reason::user_shutdown);
  return answer == 42 ? 0 : 1;
}
