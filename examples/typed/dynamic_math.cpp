// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The same service written dynamically with atoms, and both kinds
// talking to each other: a dynamic client uses the typed service through an
// `actor` handle, and the typed service's answers reach dynamic actors.
//
//   troupe_example_typed_dynamic_math
#include <troupe/troupe.hpp>

#include <chrono>
#include <cstdio>

using namespace troupe;
using namespace std::chrono_literals;

struct add_request {
  int a;
  int b;
};
struct sub_request {
  int a;
  int b;
};

using math = typed_actor<replies_to<add_request>::with<int>, replies_to<sub_request>::with<int>>;

math::behavior_type typed_math(math::pointer) {
  return {
    [](const add_request& req) { return req.a + req.b; },
    [](const sub_request& req) { return req.a - req.b; },
  };
}

// Atoms give the message meaning; the compiler checks nothing.
behavior dynamic_math(event_based_actor*) {
  return {
    on(atom("add"), arg_match) >> [](int a, int b) { return a + b; },
    on(atom("sub"), arg_match) >> [](int a, int b) { return a - b; },
  };
}

// A dynamic front end: speaks atoms to its clients and forwards the work to
// the typed service (typed handles convert to `actor`).
behavior bridge(event_based_actor* self, math service) {
  return {
    on(atom("add"), arg_match) >>
      [=](int a, int b) {
        self->delegate(service, add_request{a, b}); // still checked: service is typed
      },
    on(atom("sub"), arg_match) >>
      [=](int a, int b) {
        self->delegate(actor{service}, sub_request{a, b});
      },
  };
}

int main() {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  int failures = 0;
  auto expect = [&](const char* what, int got, int want) {
    std::printf("%-32s = %d\n", what, got);
    if (got != want)
      ++failures;
  };

  actor dyn = sys.spawn(dynamic_math);
  self->send(dyn, atom("add"), 1, 2); // ok
  self->receive([&](int r) { expect("dynamic add 1 2", r, 3); });
  self->send(dyn, 1, 2); // invalid but compiles: nobody handles it
  self->request(dyn, 5s, atom("sub"), 5, 3).receive([&](int r) { expect("dynamic sub 5 3", r, 2); });

  math ms = sys.spawn(typed_math);
  actor br = sys.spawn(bridge, ms);
  self->request(br, 5s, atom("add"), 20, 22).receive([&](int r) { expect("bridge add -> typed service", r, 42); });
  self->request(br, 5s, atom("sub"), 20, 22).receive([&](int r) { expect("bridge sub -> typed service", r, -2); });

  // The typed handle as a plain `actor`: dynamic sends, unchecked.
  actor as_dynamic = actor_cast<actor>(ms);
  self->request(as_dynamic, 5s, add_request{7, 8}).receive([&](int r) { expect("dynamic request to typed", r, 15); });
  // ...and back (unchecked: we know what it is).
  math again = actor_cast<math>(as_dynamic);
  self->request(again, 5s, sub_request{7, 8}).receive([&](int r) { expect("actor_cast<math> request", r, -1); });

  for (const actor& a : {dyn, br, actor{ms}})
    self->send_exit(a, exit_reason::user_shutdown);
  std::printf("%s\n", failures == 0 ? "ok" : "FAILED");
  return failures == 0 ? 0 : 1;
}
