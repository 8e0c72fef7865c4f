// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/coroutines.md: coroutine handlers, their waits and their semantics.
#include <troupe/coroutines.hpp>
#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <chrono>
#include <memory>
#include <string>
#include <vector>

using namespace troupe;
using namespace std::chrono_literals;

namespace {

behavior doubler() {
  return {[](int x) { return 2 * x; }};
}

// [snippet typed]
using doubler_actor = typed_actor<replies_to<int>::with<int>>;

doubler_actor::behavior_type typed_doubler() {
  return {[](int x) { return 2 * x; }};
}

// A typed handler may be a coroutine too: task<int> is checked against replies_to<int>::with<int>.
doubler_actor::behavior_type quadrupler(doubler_actor::pointer self, doubler_actor twice) {
  return {[=](int x) -> task<int> {
    expected<int> y = co_await self->request(twice, 1s, x); // the declared response type
    if (!y)
      co_return y.error();
    expected<int> z = co_await self->request(twice, 1s, *y);
    co_return z ? *z : -1;
  }};
}
// [/snippet]

// [snippet groups]
behavior fan_out(event_based_actor* self, actor a, actor b) {
  return {
    [=](int x) -> task<int> {
      // Both requests are out before the handler suspends; it resumes once both answered.
      auto [p, q] = co_await when_all(self->request(a, 1s, x), self->request(b, 1s, x + 1));
      co_return (p ? p->get_as<int>(0) : 0) + (q ? q->get_as<int>(0) : 0);
    },
    [=](const std::string&, int x) -> task<int> {
      // The first answer wins; the other is discarded when it comes.
      any_response<message> first = co_await when_any(self->request(a, 1s, x), self->request(b, 1s, x));
      co_return first.value ? first.value->get_as<int>(0) : -1;
    },
  };
}
// [/snippet]

// [snippet sleep]
behavior retrying(event_based_actor* self, actor service) {
  return {[=](int x) -> task<int> {
    for (int attempt = 0; attempt < 3; ++attempt) {
      auto y = co_await self->request(service, 1s, x);
      if (y)
        co_return y->get_as<int>(0);
      co_await self->sleep(100ms); // a pause, not a blocked worker
    }
    co_return sec::request_timeout;
  }};
}
// [/snippet]

// [snippet reentrant]
behavior counter_with_lookups(event_based_actor* self, actor service, std::shared_ptr<int> count) {
  self->reentrant(true); // a suspended handler lets "get" run in between
  return {
    [=](int x) -> task<> {
      auto y = co_await self->request(service, 1s, x);
      if (y)
        *count += y->get_as<int>(0);
    },
    [=](get_atom) { return *count; },
  };
}
// [/snippet]

} // namespace

int main() {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  auto d = sys.spawn(doubler);
  doubler_actor twice = sys.spawn(typed_doubler);
  doubler_actor four = sys.spawn(quadrupler, twice);
  DOC_CHECK(doc::ask<int>(self, four, 5) == 20);
  auto fan = sys.spawn(fan_out, d, d);
  DOC_CHECK(doc::ask<int>(self, fan, 10) == 42);
  DOC_CHECK(doc::ask<int>(self, fan, std::string{"any"}, 4) == 8);
  auto retry = sys.spawn(retrying, d);
  DOC_CHECK(doc::ask<int>(self, retry, 21) == 42);
  auto count = std::make_shared<int>(0);
  auto counting = sys.spawn(counter_with_lookups, d, count);
  self->send(counting, 3);
  DOC_CHECK(doc::ask<int>(self, counting, get_atom_v).has_value());
  for (const actor& a : {d, actor{twice}, actor{four}, fan, retry, counting})
    self->send_exit(a, exit_reason::user_shutdown);
  return doc::result();
}
