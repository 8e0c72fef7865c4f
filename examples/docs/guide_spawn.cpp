// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/guide.md, "Spawning actors".
#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <string>

using namespace troupe;

// [snippet forms]
// 1. A function. It may take the actor pointer ("self") as its first parameter
//    and returns the initial behavior.
behavior adder(event_based_actor* self) {
  return {
    [](int a, int b) { return a + b; },
    on(atom("stop")) >> [=] { self->quit(); },
  };
}

// 2. A class that overrides make_behavior().
class counter : public event_based_actor {
public:
  counter(actor_config& cfg, int start) : event_based_actor(cfg), n_(start) {}
  behavior make_behavior() override {
    return {[this](int x) { return n_ += x; }};
  }

private:
  int n_;
};

// 3. A function taking stateful_actor<State>*. The state is destroyed as soon
//    as the actor terminates, not when the last handle goes away.
struct tally {
  int total = 0;
};
// [/snippet]

int main() {
  actor_system_config cfg;
  actor_system sys{cfg};
  scoped_actor self{sys};
  {
    // [snippet spawn]
    auto a = sys.spawn(adder);
    auto b = sys.spawn(
      [](int offset) -> behavior { // no self; extra arguments follow
        return {[=](int x) { return x + offset; }};
      },
      100);
    auto c = sys.spawn<counter>(10); // constructor arguments after actor_config&
    auto d = sys.spawn(
      [](stateful_actor<tally>* self) -> behavior { return {[=](int x) { return self->state.total += x; }}; });
    auto e = sys.spawn([](event_based_actor* self) { // returns void: sets its behavior with become()
      self->become([](const std::string& s) { return s + s; });
    });
    // [/snippet]
    DOC_CHECK(doc::ask<int>(self, a, 1, 2) == 3);
    DOC_CHECK(doc::ask<int>(self, b, 1) == 101);
    DOC_CHECK(doc::ask<int>(self, c, 5) == 15);
    DOC_CHECK(doc::ask<int>(self, d, 3) == 3);
    DOC_CHECK(doc::ask<int>(self, d, 4) == 7);
    DOC_CHECK(doc::ask<std::string>(self, e, std::string{"ab"}) == "abab");
    self->monitor(a);
    anon_send(a, atom("stop"));
    self->receive([](const down_msg& dm) { DOC_CHECK(dm.reason == exit_reason::normal); });
  }
  {
    // An actor whose function returns void and does not call become()
    // terminates normally at once.
    auto idle = sys.spawn([](event_based_actor*) {});
    self->monitor(idle);
    self->receive([](const down_msg& dm) { DOC_CHECK(dm.reason == exit_reason::normal); });
  }
  {
    // [snippet options]
    auto f = sys.spawn<detached>(adder);
    auto g = sys.spawn<lazy_init>(adder);
    auto parent = sys.spawn([](event_based_actor* self) -> behavior {
      auto child = self->spawn<linked + monitored>(adder);
      return {[=](int x, int y) { self->delegate(child, x, y); }};
    });
    // [/snippet]
    DOC_CHECK(doc::ask<int>(self, f, 1, 2) == 3);
    DOC_CHECK(doc::ask<int>(self, g, 3, 4) == 7);
    DOC_CHECK(doc::ask<int>(self, parent, 5, 6) == 11);
  }
  {
    // [snippet identity]
    auto a = sys.spawn(adder);
    a.id();    // unique among the actors of this process
    a->id();   // the same, through the actor
    a.node();  // sys.node(): the actor system it lives in
    a->node(); // the same
    actor_addr addr = a.address();
    addr->id();             // still answers after the actor is gone
    to_string(sys.node());  // "<host id>#<process id>.<instance>"
    actor{}.node() == none; // true: an empty handle has no node
    // [/snippet]
    DOC_CHECK(a->id() == a.id() && addr->id() == a.id());
    DOC_CHECK(a.node() == sys.node() && a->node() == sys.node() && addr.node() == sys.node());
    DOC_CHECK(to_string(sys.node()).find('#') != std::string::npos);
    DOC_CHECK(actor{}.node() == none);
    self->send_exit(a, exit_reason::kill);
  }
  return doc::result();
}
