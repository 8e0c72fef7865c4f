// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/guide.md, "Typed actors".
#include <troupe/troupe.hpp>
#include <troupe/typed/composable_behavior.hpp>
#include <troupe/typed/composed_behavior.hpp>

#include "doc_check.hpp"

#include <chrono>
#include <string>
#include <unordered_map>

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

// [snippet composable]
using multiply_atom = atom_constant<atom("multiply")>;
using adder = typed_actor<replies_to<add_atom, int, int>::with<int>>;
using multiplier = typed_actor<replies_to<multiply_atom, int, int>::with<int>>;

class adder_bhvr : public composable_behavior<adder> {
public:
  result<int> operator()(add_atom, int x, int y) override { return x + y; }
};

class multiplier_bhvr : public composable_behavior<multiplier> {
public:
  result<int> operator()(multiply_atom, int x, int y) override { return x * y; }
};

// One actor with both interfaces.
using calculator_bhvr = composed_behavior<adder_bhvr, multiplier_bhvr>;

using dict =
  typed_actor<reacts_to<put_atom, std::string, std::string>, replies_to<get_atom, std::string>::with<std::string>>;

class dict_bhvr : public composable_behavior<dict> {
public:
  result<std::string> operator()(get_atom, param<std::string> key) override {
    auto i = values_.find(key); // a param<T> reads like a const T&
    return i == values_.end() ? "" : i->second;
  }
  result<void> operator()(put_atom, param<std::string> key, param<std::string> value) override {
    values_.emplace(key.move(), value.move()); // copies only elements another message shares
    return {};
  }

private:
  std::unordered_map<std::string, std::string> values_; // lives as long as the actor
};
// [/snippet]

int main() {
  actor_system_config cfg;
  actor_system sys{cfg};
  scoped_actor self{sys};
  // [snippet use]
  math ms = sys.spawn(f);            // or self->spawn(f) inside an actor
  self->send(ms, add_request{1, 2}); // ok
  // self->send(ms, 1, 2);                         // compile error: typed actor does not support given input
  self->request(ms, 5s, add_request{10, 20})
    .then([](int r) { /* ... */ }, // [](float) {} would not compile
          [](const error& e) { /* ... */ });
  // [/snippet]
  DOC_CHECK(doc::ask<int>(self, ms, sub_request{10, 3}) == 7);
  // A typed handle converts to `actor` for dynamic, unchecked messaging.
  actor dyn = ms;
  DOC_CHECK(doc::ask<int>(self, dyn, add_request{1, 1}) == 2);
  {
    // [snippet composable_use]
    auto calc = sys.spawn<calculator_bhvr>(); // typed_actor<adder's and multiplier's signatures>
    adder a = calc;                           // converts to either part's interface
    auto calc_fn = make_function_view(calc);  // calc_fn(add_atom_v, 10, 20) == 30
    auto d = sys.spawn<dict_bhvr>();
    self->send(d, put_atom_v, "apple", "red");
    // [/snippet]
    DOC_CHECK(calc_fn(add_atom_v, 10, 20) == 30);
    DOC_CHECK(calc_fn(multiply_atom::value, 7, 9) == 63);
    DOC_CHECK(doc::ask<int>(self, a, add_atom_v, 1, 2) == 3);
    DOC_CHECK(doc::ask<std::string>(self, d, get_atom_v, "apple") == "red");
    DOC_CHECK(doc::ask<std::string>(self, d, get_atom_v, "pear") == "");
    self->send_exit(calc, exit_reason::kill);
    self->send_exit(d, exit_reason::kill);
  }
  return doc::result();
}
