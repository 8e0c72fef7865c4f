// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A typed request chain: a typed `calculator` answers (a*b + c) by asking the
// typed multiplier and adder services in turn with request(...).then(...). Each
// step's response handler is checked against the callee's declared result.
//
//   troupe_example_typed_request_chain
#include <troupe/troupe.hpp>

#include <chrono>
#include <cstdio>

using namespace troupe;
using namespace std::chrono_literals;

struct mul_request {
  int a;
  int b;
};
struct add_request {
  int a;
  int b;
};
struct calc_request {
  int a;
  int b;
  int c;
};

using multiplier = typed_actor<replies_to<mul_request>::with<int>>;
using adder = typed_actor<replies_to<add_request>::with<int>>;
using calculator = typed_actor<replies_to<calc_request>::with<int>>;

multiplier::behavior_type mul_fun(multiplier::pointer) {
  return {[](const mul_request& r) { return r.a * r.b; }};
}

adder::behavior_type add_fun(adder::pointer) {
  return {[](const add_request& r) { return r.a + r.b; }};
}

calculator::behavior_type calc_fun(calculator::pointer self, multiplier mul, adder add) {
  return {
    [=](const calc_request& r) {
      auto rp = self->make_response_promise(); // answered at the end of the chain
      self->request(mul, 5s, mul_request{r.a, r.b}).then([=](int product) {
        self->request(add, 5s, add_request{product, r.c})
          .then([rp](int sum) mutable { rp.deliver(sum); }, [rp](error& e) mutable { rp.deliver(e); });
      });
      return rp;
    },
  };
}

int main() {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  auto mul = sys.spawn(mul_fun);
  auto add = sys.spawn(add_fun);
  calculator calc = sys.spawn(calc_fun, mul, add);
  int failures = 0;
  for (int i = 0; i < 10; ++i) {
    int want = i * (i + 1) + 7;
    self->request(calc, 5s, calc_request{i, i + 1, 7})
      .receive([&](int r) { failures += r == want ? 0 : 1; }, [&](const error&) { ++failures; });
  }
  std::printf("10 chained typed requests: %s\n", failures == 0 ? "ok" : "FAILED");
  for (const actor& a : {actor{mul}, actor{add}, actor{calc}})
    self->send_exit(a, exit_reason::user_shutdown);
  return failures == 0 ? 0 : 1;
}
