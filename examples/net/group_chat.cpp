// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A group chat across processes: a hub publishes its local groups, and each
// participant, in a process of its own, joins the hub's group "chat" and says
// hello. Every participant hears every hello, its own included.
//
//   troupe_example_group_chat                      runs the demo: a hub, 3 participants
//   troupe_example_group_chat hub                  publishes its groups, prints "port=N",
//                                                  runs until stdin closes
//   troupe_example_group_chat talk PORT NAME N     joins chat@127.0.0.1:PORT as NAME,
//                                                  waits for N participants, says hello
#include <troupe/net.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "child_process.hpp"

using namespace troupe;
using namespace std::chrono_literals;

namespace {

actor_system_config net_config() {
  actor_system_config cfg;
  cfg.load<net::middleman>();
  return cfg;
}

// The hub's own member of "chat", registered as "moderator": it tells how
// many members the group has, so that participants can wait for each other.
behavior moderator(event_based_actor* self, group chat) {
  self->join(chat);
  return {
    [](const std::string&) {}, // hears the chat
    [=](atom_value a) -> result<int> {
      if (a != atom("members"))
        return error{sec::unexpected_message};
      return static_cast<int>(static_cast<local_group*>(chat.get())->member_count());
    },
  };
}

int run_hub() {
  auto cfg = net_config();
  actor_system sys{cfg};
  sys.registry().put("moderator", sys.spawn(moderator, sys.groups().get_local("chat")));
  auto port = sys.middleman().publish_local_groups(0, "127.0.0.1");
  if (!port) {
    std::cerr << "hub: " << to_string(port.error()) << '\n';
    return 1;
  }
  std::cout << "port=" << *port << std::endl;
  for (std::string line; std::getline(std::cin, line);) {}
  return 0; // the system drops the moderator from its registry, and it ends
}

int run_participant(std::uint16_t port, const std::string& name, int participants) {
  auto cfg = net_config();
  actor_system sys{cfg};
  auto fail = [&](const std::string& what, const error& err) {
    std::cerr << name << ": " << what << ": " << to_string(err) << '\n';
    return 1;
  };
  auto hub = sys.middleman().connect("127.0.0.1", port);
  if (!hub)
    return fail("connect", hub.error());
  auto mod = sys.middleman().remote_lookup("moderator", *hub);
  if (!mod)
    return fail("lookup", mod.error());
  auto chat = sys.groups().get("remote", "chat@127.0.0.1:" + std::to_string(port));
  if (!chat)
    return fail("join", chat.error());
  scoped_actor self{sys};
  self->join(*chat);
  // Everyone says hello once all are there (the moderator counts itself).
  int members = 0;
  for (auto deadline = std::chrono::steady_clock::now() + 20s;
       members < participants + 1 && std::chrono::steady_clock::now() < deadline;) {
    self->request(*mod, 5s, atom("members")).receive([&](int n) { members = n; }, [](error&) {});
    if (members < participants + 1)
      std::this_thread::sleep_for(10ms);
  }
  self->send(*chat, "hello from " + name);
  std::set<std::string> heard;
  while (static_cast<int>(heard.size()) < participants) {
    bool timed_out = false;
    self->receive([&](const std::string& line) { heard.insert(line.substr(line.rfind(' ') + 1)); },
                  after(20s) >> [&] { timed_out = true; });
    if (timed_out)
      return fail("waiting for the others", error{sec::request_timeout});
  }
  std::string names;
  for (const auto& n : heard)
    names += (names.empty() ? "" : ", ") + n;
  std::cout << name << " heard " << names << std::endl;
  self->leave(*chat);
  return 0;
}

// Everything `fd` delivers until it closes.
std::string read_all(int fd) {
  std::string out;
  char buf[256];
  for (ssize_t n; (n = read(fd, buf, sizeof(buf))) > 0;)
    out.append(buf, static_cast<std::size_t>(n));
  return out;
}

int run_demo() {
  auto hub = example::start_server({"hub"});
  if (hub.port.empty()) {
    std::cerr << "the hub did not start\n";
    return 1;
  }
  const auto& port = hub.port;
  std::cout << "hub listens on port " << port << std::endl;
  // The participants talk at the same time; their reports print in a fixed order.
  const std::vector<std::string> names{"alice", "bob", "carol"};
  std::vector<pid_t> pids;
  std::vector<int> outputs;
  for (const auto& name : names) {
    int out[2];
    if (pipe2(out, O_CLOEXEC) != 0)
      return 1;
    pids.push_back(example::spawn_self({"talk", port, name, std::to_string(names.size())}, -1, out[1]));
    close(out[1]);
    outputs.push_back(out[0]);
  }
  int failures = 0;
  for (std::size_t i = 0; i < names.size(); ++i) {
    std::cout << read_all(outputs[i]) << std::flush;
    close(outputs[i]);
    failures += example::exit_code(pids[i]) != 0;
  }
  failures += hub.stop() != 0; // the hub's stdin closes: it shuts down
  std::cout << (failures == 0 ? "chat done" : "failed") << std::endl;
  return failures == 0 ? 0 : 1;
}

} // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty())
    return run_demo();
  if (args[0] == "hub")
    return run_hub();
  if (args[0] == "talk" && args.size() == 4)
    return run_participant(static_cast<std::uint16_t>(std::stoi(args[1])), args[2], std::stoi(args[3]));
  std::cerr << "usage: " << argv[0] << " [hub | talk PORT NAME N]\n";
  return 2;
}
