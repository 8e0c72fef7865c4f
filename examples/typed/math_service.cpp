// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// A typed math service: custom message types instead of atoms,
// and an interface the compiler checks at every send and every response
// handler. Shows the function-based, class-based and stateful forms, an answer
// delivered later through a typed_response_promise, and an interface told apart
// by atom constants.
//
//   troupe_example_typed_math_service
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

// Function-based: the behavior implements every signature of `math`; a missing
// or mistyped handler is a compile error naming the signature.
math::behavior_type f(math::pointer) {
  return {
    [](const add_request& req) { return req.a + req.b; },
    [](const sub_request& req) { return req.a - req.b; },
  };
}

// Class-based.
class math_impl : public math::base {
public:
  explicit math_impl(actor_config& cfg) : math::base(cfg) {}
  behavior_type make_behavior() override {
    return {
      [](const add_request& req) { return req.a + req.b; },
      [](const sub_request& req) { return req.a - req.b; },
    };
  }
};

// Stateful: counts the requests it served in self->state.
struct counter_state {
  int served = 0;
};
math::behavior_type counting(math::stateful_pointer<counter_state> self) {
  return {
    [=](const add_request& req) { return ++self->state.served, req.a + req.b; },
    [=](const sub_request& req) { return ++self->state.served, req.a - req.b; },
  };
}

// Answers later: the promise is checked against with<int> like a return value.
math::behavior_type deferred(math::pointer self) {
  return {
    [self](const add_request& req) {
      auto rp = self->make_response_promise<int>();
      self->spawn([rp, sum = req.a + req.b](event_based_actor* helper) mutable {
        rp.deliver(sum); // rp.deliver("x") would not compile
        helper->quit();
      });
      return rp;
    },
    [](const sub_request& req) { return req.a - req.b; },
  };
}

// The same service with atoms as message tags (CAF style): the atom constants
// make (add, int, int) and (sub, int, int) two signatures (add_atom and sub_atom
// are predefined, troupe/atoms.hpp).
using calc = typed_actor<replies_to<add_atom, int, int>::with<int>, replies_to<sub_atom, int, int>::with<int>>;

calc::behavior_type calculator() {
  return {
    [](add_atom, int a, int b) { return a + b; },
    [](sub_atom, int a, int b) { return a - b; },
  };
}

int main() {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  int failures = 0;
  auto check = [&](const char* what, int got, int want) {
    std::printf("%-28s = %d\n", what, got);
    if (got != want)
      ++failures;
  };
  math services[] = {sys.spawn(f), sys.spawn<math_impl>(), sys.spawn(counting), sys.spawn(deferred)};
  for (auto& ms : services) {
    self->send(ms, add_request{1, 2}); // ok; the reply lands in self's mailbox
    // self->send(ms, 1, 2);           // compile error: typed actor does not support given input
    self->receive([&](int r) { check("send(ms, add_request{1, 2})", r, 3); });
    self->request(ms, 5s, sub_request{10, 20})
      .receive([&](int r) { check("request sub_request{10, 20}", r, -10); }, [&](const error&) { ++failures; });
    // .receive([](float) {}) would not compile: math answers with an int.
    self->send_exit(ms, exit_reason::user_shutdown);
  }
  calc c = sys.spawn(calculator);
  self->request(c, 5s, add_atom_v, 40, 2)
    .receive([&](int r) { check("request (add, 40, 2)", r, 42); }, [&](const error&) { ++failures; });
  self->request(c, 5s, sub_atom_v, 40, 2)
    .receive([&](int r) { check("request (sub, 40, 2)", r, 38); }, [&](const error&) { ++failures; });
  // self->send(c, atom("add"), 1, 2) would not compile: a plain atom fits both signatures.
  self->send_exit(c, exit_reason::user_shutdown);
  std::printf("%s\n", failures == 0 ? "ok" : "FAILED");
  return failures == 0 ? 0 : 1;
}
