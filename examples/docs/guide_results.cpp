// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/guide.md: result<Ts...> and delegated<Ts...> ("Replies", "Typed
// actors"), behavior::assign ("Changing behavior") and `infinite` ("Requests").
#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <chrono>
#include <string>

using namespace troupe;
using namespace std::chrono_literals;

// [snippet typed_result]
struct div_request {
  int x;
  int y;
};
using divider = typed_actor<replies_to<div_request>::with<int>>;

divider::behavior_type worker(divider::pointer) {
  return {[](const div_request& r) -> result<int> {
    if (r.y == 0)
      return sec::invalid_argument; // an error response
    return r.x / r.y;               // the answer; result<std::string> would not compile
  }};
}

divider::behavior_type front(divider::pointer self, divider w) {
  return {[=](const div_request& r) {
    return self->delegate(w, r); // delegated<int>: w's declared answer is checked against with<int>
  }};
}
// [/snippet]

int main() {
  actor_system_config cfg;
  actor_system sys{cfg};
  scoped_actor self{sys};
  {
    auto math = sys.spawn([]() -> behavior { return {[](int a, int b) { return a * b; }}; });
    // [snippet result]
    auto checked = sys.spawn([=](event_based_actor* self) -> behavior {
      return {[=](int a, int b) -> result<int> {
        if (a < 0)
          return error{sec::invalid_argument, "negative"}; // the requester gets this error
        if (a > 1000)
          return self->delegate(math, a, b); // math answers; nothing is sent from here
        return a + b;                        // the answer
      }};
    });
    // [/snippet]
    DOC_CHECK(doc::ask<int>(self, checked, 1, 2) == 3);
    DOC_CHECK(doc::ask<int>(self, checked, 2000, 2) == 4000);
    error failure;
    self->request(checked, 5s, -1, 2).receive([](int) {}, [&](const error& e) { failure = e; });
    DOC_CHECK(failure == sec::invalid_argument);
  }
  {
    auto w = sys.spawn(worker);
    auto f = sys.spawn(front, w);
    DOC_CHECK(doc::ask<int>(self, f, div_request{8, 2}) == 4);
    error failure;
    self->request(f, 5s, div_request{1, 0}).receive([](int) {}, [&](const error& e) { failure = e; });
    DOC_CHECK(failure == sec::invalid_argument);
  }
  {
    // [snippet assign]
    behavior b;
    b.assign([](int x) { return x + 1; }); // b now has these cases
    behavior copy = b;                     // copies share the cases ...
    b.assign([](int x) { return x - 1; }); // ... until assign gives b new ones: copy keeps the old
    // [/snippet]
    auto a = sys.spawn([=]() { return copy; });
    DOC_CHECK(doc::ask<int>(self, a, 1) == 2);
    auto c = sys.spawn([=]() { return b; });
    DOC_CHECK(doc::ask<int>(self, c, 1) == 0);
  }
  {
    auto slow = sys.spawn([](event_based_actor* self) -> behavior {
      return {[=](int x) {
                auto rp = self->make_response_promise();
                self->delayed_send(actor{self}, 20ms, x, rp);
                return rp;
              },
              [](int x, response_promise& rp) { rp.deliver(x); }};
    });
    int got = 0;
    self->send(actor{self}, "hello"); // for the receive below
    // [snippet infinite]
    self->request(slow, infinite, 7).receive([&](int x) { got = x; }); // no timeout: no timer is scheduled
    self->receive([](const std::string&) {}, after(infinite) >> [] { /* never runs */ });
    // [/snippet]
    DOC_CHECK(got == 7);
  }
  return doc::result();
}
