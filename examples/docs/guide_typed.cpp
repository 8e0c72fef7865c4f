// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/guide.md, "Typed actors".
#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <chrono>

using namespace troupe;
using namespace std::chrono_literals;

// [snippet interface]
struct add_request {
  int a;
  int b;
};
struct sub_request {
  int a;
  int b;
};
using math = typed_actor<replies_to<add_request>::with<int>,  // (add_request) -> (int)
                         replies_to<sub_request>::with<int>>; // reacts_to<T> = no answer

math::behavior_type f(math::pointer self) { // must handle every signature
  return {
    [](const add_request& r) { return r.a + r.b; },
    [](const sub_request& r) { return r.a - r.b; },
  };
}
// [/snippet]

int main() {
  actor_system_config cfg;
  actor_system sys{cfg};
  scoped_actor self{sys};
  // [snippet use]
  math ms = sys.spawn(f);            // or sys.typed_spawn(f), self->spawn(f),
                                     // or the free typed_spawn(f) (below)
  self->send(ms, add_request{1, 2}); // ok
  // self->send(ms, 1, 2);                         // compile error: typed actor does not support given input
  self->request(ms, 5s, add_request{10, 20})
    .then([](int r) { /* ... */ }, // [](float) {} would not compile
          [](const error& e) { /* ... */ });
  // [/snippet]
  DOC_CHECK(doc::ask<int>(self, ms, sub_request{10, 3}) == 7);
  // The free typed_spawn uses the default system (the first one created).
  math other = typed_spawn(f);
  DOC_CHECK(doc::ask<int>(self, other, add_request{20, 22}) == 42);
  // A typed handle converts to `actor` for dynamic, unchecked messaging.
  actor dyn = ms;
  DOC_CHECK(doc::ask<int>(self, dyn, add_request{1, 1}) == 2);
  return doc::result();
}
