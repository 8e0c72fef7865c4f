// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// docs/guide.md, "Pattern matching". Every case of the snippet records which
// case handled a message; the checks below send one message per case.
#include <troupe/troupe.hpp>

#include "doc_check.hpp"

#include <string>

using namespace troupe;

int main() {
  actor_system_config cfg;
  actor_system sys{cfg};
  scoped_actor self{sys};
  // [snippet cases]
  std::string hit; // the case that handled the last message
  behavior bhvr{
    on(42) >> [&] { hit = "42"; },                                // the int 42
    on<int>().when(_x1 % 2 == 0) >> [&](int x) { hit = "even"; }, // an even int (guard)
    on<int, anything>() >> [&](int x) { hit = "int..."; },        // an int followed by anything
    on(get_atom{}, val<std::string>) >> [&](const std::string& key) { hit = "get " + key; },
    on(atom("put"), arg_match) >> [&](const std::string& k, int v) { hit = "put"; },       // rest from the signature
    on_arg_match >> [&](double a, double b) { hit = "doubles"; },                          // types from the signature
    on("print", val<int>) >> [&](int x) { hit = "print"; },                                // a string value and any int
    on<atom_value, int, int>() >> [&](int last) { hit = "last " + std::to_string(last); }, // the last ones
    [&](float f) { hit = "float"; },   // a plain lambda: on_arg_match >> lambda
    others >> [&] { hit = "others"; }, // everything else
  };
  // [/snippet]

  auto matcher = sys.spawn([&] { return bhvr; });
  // Requests the matcher with xs and returns the case that handled them (the
  // response orders the actor's write of `hit` before this read).
  auto which = [&](auto... xs) {
    self->request(matcher, std::chrono::seconds(5), xs...).receive([] {}, [](const error&) {});
    return hit;
  };
  DOC_CHECK(which(42) == "42");
  DOC_CHECK(which(8) == "even");
  DOC_CHECK(which(7) == "int..."); // `anything` also matches no element
  DOC_CHECK(which(3, "x", 2.0) == "int...");
  DOC_CHECK(which(get_atom_v, std::string{"k"}) == "get k");
  DOC_CHECK(which(atom("put"), std::string{"k"}, 1) == "put");
  DOC_CHECK(which(1.0, 2.0) == "doubles");
  DOC_CHECK(which("print", 3) == "print");
  DOC_CHECK(which(atom("sum"), 1, 2) == "last 2");
  DOC_CHECK(which(1.5f) == "float");
  DOC_CHECK(which("unknown") == "others");

  // Guards combine the typed elements with arithmetic, comparison and logic.
  // A message handler composes with or_else.
  std::string order;
  message_handler first{on<int, int>().when(_x1 < _x2 && _x2 - _x1 == 3) >> [&] { order = "guard"; }};
  message_handler second{[&](int, int) { order = "second"; }};
  auto both = sys.spawn([&] { return behavior{first.or_else(second)}; });
  self->request(both, std::chrono::seconds(5), 1, 4).receive([] {}, [](const error&) {});
  DOC_CHECK(order == "guard");
  self->request(both, std::chrono::seconds(5), 1, 5).receive([] {}, [](const error&) {});
  DOC_CHECK(order == "second");
  return doc::result();
}
