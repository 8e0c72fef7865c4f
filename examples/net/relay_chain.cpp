// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A handle that works over two hops: a greeter lives on node C; the client can
// reach only relay B, and B only relay D, which is connected to C. None of
// them makes connections on its own (middleman.enable-automatic-connections
// is off everywhere), so every message to the greeter goes client -> B -> D ->
// C and every answer comes back the same way, in order. B passes D's answer,
// the greeter's handle, on without reading it; the routes are learned from the
// traffic itself. Then the client connects to C itself: the greeter's handle
// moves onto that connection, and the numbers it sends on keep their order.
//
//   troupe_example_relay_chain                     runs the demo: C, D, B and a client
//   troupe_example_relay_chain greeter             publishes a front for the greeter, prints "port=N"
//   troupe_example_relay_chain relay PORT          publishes a front that hands each request on
//                                                  to the front published at PORT, prints "port=N"
//   troupe_example_relay_chain client PORT C_PORT  asks the front at PORT for the greeter, talks to it,
//                                                  then connects to C at C_PORT and talks on
// The node processes run until their stdin closes.
#include <troupe/net.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "child_process.hpp"

using namespace troupe;
using namespace std::chrono_literals;

namespace {

constexpr auto get_greeter = atom("greeter");
constexpr auto hello = atom("hello");
constexpr auto count = atom("count");
constexpr auto quit = atom("quit");

actor_system_config node_config() {
  actor_system_config cfg;
  cfg.load<net::middleman>();
  // Only the connections this program asks for: the rest of the way is routed.
  if (auto err = cfg.set("middleman.enable-automatic-connections", "false"))
    std::cerr << to_string(err) << '\n';
  return cfg;
}

// Greets, counts the numbers it receives (which must come in order), and quits on request.
behavior greeter(stateful_actor<int>* self) {
  return {
    on(hello, arg_match) >> [](const std::string& who) { return "hello " + who + ", from node C"; },
    [self](int n) -> result<int> {
      if (n != self->state + 1)
        return sec::invalid_argument; // out of order
      self->state = n;
      return n;
    },
    on(count) >> [self] { return self->state; },
    on(quit) >> [self] { self->quit(exit_reason::user_shutdown); },
  };
}

// Serves the node until its stdin closes.
int serve(actor_system& sys, const actor& front) {
  auto port = sys.middleman().publish(front, 0, "127.0.0.1");
  if (!port) {
    std::cerr << to_string(port.error()) << '\n';
    return 1;
  }
  std::cout << "port=" << *port << std::endl;
  for (std::string line; std::getline(std::cin, line);) {}
  scoped_actor(sys)->send_exit(front, exit_reason::user_shutdown);
  return 0;
}

int run_greeter_node() {
  auto cfg = node_config();
  actor_system sys{cfg};
  auto g = sys.spawn(greeter);
  auto front = sys.spawn([g]() -> behavior { return {on(get_greeter) >> [g] { return g; }}; });
  return serve(sys, front);
}

int run_relay_node(std::uint16_t upstream_port) {
  auto cfg = node_config();
  actor_system sys{cfg};
  auto upstream = sys.middleman().remote_actor("127.0.0.1", upstream_port);
  if (!upstream) {
    std::cerr << "relay: " << to_string(upstream.error()) << '\n';
    return 1;
  }
  // Hands the request on: the upstream front answers the client directly,
  // over the way the request came.
  auto front = sys.spawn([up = *upstream](event_based_actor* self) -> behavior {
    return {on(get_greeter) >> [self, up] { return self->delegate(up, get_greeter); }};
  });
  return serve(sys, front);
}

// Sends first..last to the greeter and reads its answers: how many came back
// in order (the greeter refuses a number out of order).
int count_in_order(scoped_actor& self, const actor& g, int first, int last, bool& timed_out,
                   const std::function<void(const error&)>& on_error) {
  for (int i = first; i <= last; ++i)
    self->send(g, i);
  int answered = 0;
  for (int i = first; i <= last && !timed_out; ++i)
    self->receive([&](int x) { answered += x == first + answered; }, [&](const error& e) { on_error(e); },
                  after(10s) >> [&] { timed_out = true; });
  return answered;
}

int run_client(std::uint16_t port, std::uint16_t c_port) {
  auto cfg = node_config();
  actor_system sys{cfg};
  auto& mm = sys.middleman();
  auto front = mm.remote_actor("127.0.0.1", port);
  if (!front) {
    std::cerr << "client: " << to_string(front.error()) << '\n';
    return 1;
  }
  scoped_actor self{sys};
  int failures = 0;
  auto on_error = [&](const error& err) {
    std::cerr << "client: " << to_string(err) << '\n';
    ++failures;
  };
  actor g;
  self->request(*front, 5s, get_greeter).receive([&](actor& x) { g = std::move(x); }, on_error);
  if (!g)
    return 1;
  auto direct = mm.connected_nodes();
  bool only_b = direct.size() == 1 && direct.front() == front->node();
  std::cout << "client: the greeter is on another node than relay B: " << (g.node() != front->node() ? "yes" : "no")
            << "\nclient: connected directly to relay B only: " << (only_b ? "yes" : "no") << '\n';
  failures += g.node() == front->node() || !only_b;
  self->request(g, 5s, hello, std::string{"client"})
    .receive([&](const std::string& s) { std::cout << "client: " << s << '\n'; }, on_error);
  constexpr int n = 1000;
  bool timed_out = false;
  // The answers, in order, come back over the same two hops.
  int answered = count_in_order(self, g, 1, n, timed_out, on_error);
  self->request(g, 5s, count).receive([&](int c) { answered = std::min(answered, c); }, on_error);
  std::cout << "client: " << answered << " of " << n << " numbers arrived and were answered in order\n";
  failures += answered != n;
  // A connection of the client's own to C: the greeter's handle moves onto it
  // (messages sent meanwhile wait until the relays passed on all before).
  auto c_node = mm.connect("127.0.0.1", c_port);
  if (!c_node || *c_node != g.node()) {
    on_error(c_node ? error{sec::invalid_argument, "C_PORT is not node C's"} : c_node.error());
    return 1;
  }
  answered = count_in_order(self, g, n + 1, 2 * n, timed_out, on_error);
  std::cout << "client: connected to C directly; " << answered << " more numbers in order\n";
  failures += answered != n;
  // The monitor goes over the direct connection; the greeter's real exit
  // reason comes back.
  self->monitor(g);
  self->send(g, quit);
  self->receive([&](const down_msg& d) { std::cout << "client: the greeter is down: " << to_string(d.reason) << '\n'; },
                after(10s) >> [&] { timed_out = true; });
  if (timed_out)
    std::cerr << "client: no answer within 10 s\n";
  return failures == 0 && !timed_out ? 0 : 1;
}

int run_demo() {
  auto c = example::start_server({"greeter"});
  auto d = c.port.empty() ? example::server_process{} : example::start_server({"relay", c.port});
  auto b = d.port.empty() ? example::server_process{} : example::start_server({"relay", d.port});
  int failures = 0;
  if (b.port.empty()) {
    std::cerr << "a node did not start\n";
    failures = 1;
  } else {
    std::cout << "nodes: greeter C, relay D -> C, relay B -> D; the client connects to B" << std::endl;
    failures += example::exit_code(example::spawn_self({"client", b.port, c.port})) != 0;
  }
  for (auto* node : {&b, &d, &c})
    if (node->pid > 0)
      failures += node->stop() != 0; // stdin closes: the node shuts down
  std::cout << (failures == 0 ? "relay chain demo done" : "failed") << std::endl;
  return failures == 0 ? 0 : 1;
}

} // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty())
    return run_demo();
  if (args[0] == "greeter" && args.size() == 1)
    return run_greeter_node();
  if (args[0] == "relay" && args.size() == 2)
    return run_relay_node(static_cast<std::uint16_t>(std::stoi(args[1])));
  if (args[0] == "client" && args.size() == 3)
    return run_client(static_cast<std::uint16_t>(std::stoi(args[1])), static_cast<std::uint16_t>(std::stoi(args[2])));
  std::cerr << "usage: " << argv[0] << " [greeter | relay PORT | client PORT C_PORT]\n";
  return 2;
}
