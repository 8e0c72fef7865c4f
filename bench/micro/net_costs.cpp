// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// What the network layer costs per proxy and per connection: the proxy's
// block (control block + remote_proxy, as the thread cache rounds it) and the
// middleman's map entry for it; and the time of connect plus handshake on
// loopback, as the median of fresh connections (one client system each, its
// start-up not timed).
//   net_costs [CONNECTIONS=50]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>
#include <vector>

#include "net/remote_proxy.hpp"
#include "troupe/detail/thread_cache.hpp"
#include "troupe/net.hpp"
#include "troupe/troupe.hpp"

using namespace troupe;

int main(int argc, char** argv) {
  const int connections = argc > 1 ? std::atoi(argv[1]) : 50;
  constexpr std::size_t block = actor_control_block::actor_offset + sizeof(net::remote_proxy);
  // libstdc++'s unordered_map node: next pointer, the pair, the cached hash
  // (not cached for integer keys); plus one bucket pointer at load factor 1.
  constexpr std::size_t map_entry = sizeof(void*) + sizeof(std::pair<const actor_id, strong_actor_ptr>) + sizeof(void*);
  std::printf("remote_proxy: %zu B (control block %zu + proxy %zu), cached block %zu B\n", block,
              actor_control_block::actor_offset, sizeof(net::remote_proxy), detail::thread_cache::rounded(block));
  std::printf("middleman's map entry per proxy: about %zu B\n", map_entry);
  std::printf("per proxy in all: about %zu B\n", detail::thread_cache::rounded(block) + map_entry);

  actor_system_config server_cfg;
  server_cfg.load<net::middleman>();
  actor_system server{server_cfg};
  auto echo = server.spawn([] { return behavior{[](int x) { return x; }}; });
  auto port = server.middleman().publish(echo, 0, "127.0.0.1");
  if (!port)
    return 1;
  std::vector<double> us;
  for (int i = 0; i < connections; ++i) {
    actor_system_config cfg;
    cfg.load<net::middleman>();
    actor_system client{cfg};
    auto t0 = std::chrono::steady_clock::now();
    auto node = client.middleman().connect("127.0.0.1", *port);
    auto t1 = std::chrono::steady_clock::now();
    if (!node)
      return 1;
    us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
  }
  std::sort(us.begin(), us.end());
  std::printf("connect + handshake on loopback: median %.0f us, min %.0f us, max %.0f us (%d connections)\n",
              us[us.size() / 2], us.front(), us.back(), connections);
  scoped_actor(server)->send_exit(echo, exit_reason::user_shutdown);
  return 0;
}
