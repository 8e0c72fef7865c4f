// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Seq: the user's own actor class as a pattern. The init function configures
// each actor the Seq spawns before its first message.
#include <troupe/patterns.hpp>
#include <troupe/troupe.hpp>

#include <chrono>
#include <cstdio>
#include <string>

using namespace troupe;
using namespace troupe::patterns;

// Greets whoever sends it a name.
class greeter : public event_based_actor {
public:
  explicit greeter(actor_config& cfg) : event_based_actor(cfg) {}
  behavior make_behavior() override {
    return {[this](const std::string& name) { return greeting + ", " + name + "!"; }};
  }
  std::string greeting = "Hello";
};

int main() {
  actor_system_config cfg;
  actor_system sys{cfg};
  scoped_actor self{sys};
  auto plain = spawn_pattern(sys, Seq<greeter>{});
  auto configured = spawn_pattern(sys, Seq<greeter>([](greeter& g) { g.greeting = "Good morning"; }));
  if (!plain || !configured)
    return 1;
  std::string a;
  std::string b;
  self->request(*plain, std::chrono::seconds(10), std::string{"Ada"}).receive([&](std::string& s) { a = s; });
  self->request(*configured, std::chrono::seconds(10), std::string{"Bob"}).receive([&](std::string& s) { b = s; });
  std::printf("%s\n%s\n", a.c_str(), b.c_str());
  return a == "Hello, Ada!" && b == "Good morning, Bob!" ? 0 : 1;
}
