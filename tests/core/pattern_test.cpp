// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The pattern-matching DSL, without actors.
#include "troupe/behavior.hpp"
#include "troupe/compat/classic.hpp" // partial_function

#include <gtest/gtest.h>

#include <string>

namespace pattern_test {

using namespace troupe;

namespace {

// Runs msg through bhvr; returns the reply (or an empty message).
message run(behavior& bhvr, message msg, bool* matched = nullptr) {
  detail::invoke_result res;
  bool ok = bhvr.invoke(msg, res);
  if (matched)
    *matched = ok;
  return res.value;
}

} // namespace

TEST(pattern, first_matching_case_wins) {
  std::string hit;
  behavior bhvr{
    on(42) >> [&] { hit = "42"; },
    on<int>().when(_x1 % 2 == 0) >> [&] { hit = "even"; },
    on<int>() >> [&] { hit = "odd"; },
  };
  run(bhvr, make_message(42));
  EXPECT_EQ(hit, "42");
  run(bhvr, make_message(8));
  EXPECT_EQ(hit, "even");
  run(bhvr, make_message(7));
  EXPECT_EQ(hit, "odd");
}

TEST(pattern, arg_match_and_on_arg_match) {
  partial_function fun{
    on(atom("add"), arg_match) >> [](int v) { return v * 10; },
    on_arg_match >> [](int a, int b) { return a + b; },
  };
  EXPECT_EQ(run(fun, make_message(atom("add"), 4)).get_as<int>(0), 40);
  EXPECT_EQ(run(fun, make_message(1, 2)).get_as<int>(0), 3);
  bool matched = true;
  run(fun, make_message(atom("sub"), 4), &matched);
  EXPECT_FALSE(matched);
}

TEST(pattern, anything_wildcards) {
  int got = 0;
  behavior bhvr{
    on<int, anything>() >> [&](int x) { got = x; },
    on<anything, float>() >> [&](float) { got = -1; },
  };
  run(bhvr, make_message(5, "x", 2.0));
  EXPECT_EQ(got, 5);
  run(bhvr, make_message(9));
  EXPECT_EQ(got, 9);
  run(bhvr, make_message("a", "b", 1.0f));
  EXPECT_EQ(got, -1);
}

TEST(pattern, comma_separated_cases_from_caf_listing) {
  std::string hit;
  auto callback = [&](int i) { hit = "print " + std::to_string(i); };
  auto expr = (
    on(42) >> [&]() { hit = "42"; }, on("print", val<int>) >> callback, on("print", arg_match) >> callback,
    [&](int, float) { hit = "int float"; });
  behavior bhvr{expr};
  run(bhvr, make_message(42));
  EXPECT_EQ(hit, "42");
  run(bhvr, make_message("print", 7));
  EXPECT_EQ(hit, "print 7");
  run(bhvr, make_message(1, 2.0f));
  EXPECT_EQ(hit, "int float");
}

TEST(pattern, others_matches_everything) {
  int n = 0;
  behavior bhvr{on<int>() >> [] {}, others >> [&] { ++n; }};
  run(bhvr, make_message("a"));
  run(bhvr, make_message(1.0, 2.0));
  run(bhvr, make_message(1));
  EXPECT_EQ(n, 2);
  behavior with_call{others() >> [&] { ++n; }};
  run(with_call, make_message(1));
  EXPECT_EQ(n, 3);
}

TEST(pattern, callbacks_with_fewer_arguments_take_a_suffix) {
  int got = 0;
  behavior bhvr{on<atom_value, int, int>() >> [&](int b) { got = b; }};
  run(bhvr, make_message(atom("x"), 1, 2));
  EXPECT_EQ(got, 2);
}

TEST(pattern, guards_with_several_placeholders) {
  bool hit = false;
  behavior bhvr{on<int, int>().when(_x1 < _x2 && _x2 - _x1 == 3) >> [&] { hit = true; }};
  run(bhvr, make_message(1, 3));
  EXPECT_FALSE(hit);
  run(bhvr, make_message(1, 4));
  EXPECT_TRUE(hit);
}

TEST(pattern, atom_constants_and_strings_as_values) {
  using get_atom = atom_constant<atom("get")>;
  int n = 0;
  behavior bhvr{on(get_atom{}) >> [&] { n += 1; }, on(std::string{"s"}, 1) >> [&] { n += 10; }};
  run(bhvr, make_message(atom("get")));
  run(bhvr, make_message("s", 1));
  EXPECT_EQ(n, 11);
}

// A handler parameter of an atom-constant type matches exactly that atom.
TEST(pattern, atom_constant_parameters_match_their_atom) {
  using get_atom = atom_constant<atom("get")>;
  using put_atom = atom_constant<atom("put")>;
  static_assert(std::is_same_v<decltype(get_atom::value), const get_atom>);
  static_assert(get_atom::value == atom("get"));
  std::string seen;
  behavior bhvr{
    [&](get_atom, int k) { seen += "get" + std::to_string(k) + ";"; },
    [&](const put_atom&, int k) { seen += "put" + std::to_string(k) + ";"; },
    on(atom("del"), arg_match) >> [&](int k) { seen += "del" + std::to_string(k) + ";"; },
    [&](atom_value other, int) { seen += "other:" + to_string(other) + ";"; },
  };
  run(bhvr, make_message(atom("put"), 2));
  run(bhvr, make_message(get_atom::value, 1));
  run(bhvr, make_message(atom("del"), 3));
  run(bhvr, make_message(atom("x"), 4));
  EXPECT_EQ(seen, "put2;get1;del3;other:x;");
  switch (atom("get")) {
    case get_atom::value:
      break; // usable as a case label
    default:
      ADD_FAILURE();
  }
}

TEST(pattern, return_values_become_replies) {
  behavior bhvr{
    [](int x) { return std::make_tuple(x, x * 2); },
    [](double) { return make_message("m"); },
    [](float) {},
  };
  auto r = run(bhvr, make_message(3));
  EXPECT_TRUE((r.match_elements<int, int>()));
  EXPECT_EQ(r.get_as<int>(1), 6);
  EXPECT_TRUE(run(bhvr, make_message(1.0)).match_elements<std::string>());
  EXPECT_TRUE(run(bhvr, make_message(1.0f)).empty());
}

TEST(pattern, mutable_reference_parameter_detaches_shared_message) {
  behavior bhvr{[](std::string& s) { s += "!"; }};
  auto original = make_message(std::string{"hi"});
  auto copy = original;
  detail::invoke_result res;
  bhvr.invoke(copy, res);
  EXPECT_EQ(copy.get_as<std::string>(0), "hi!");
  EXPECT_EQ(original.get_as<std::string>(0), "hi");
}

TEST(pattern, message_handler_or_else) {
  message_handler a{[](int) { return 1; }};
  message_handler b{[](double) { return 2; }};
  auto c = a.or_else(b);
  EXPECT_EQ(run(c, make_message(0)).get_as<int>(0), 1);
  EXPECT_EQ(run(c, make_message(0.0)).get_as<int>(0), 2);
}

TEST(pattern, after_sets_a_timeout) {
  bool fired = false;
  behavior bhvr{[](int) {}, after(std::chrono::milliseconds(5)) >> [&] { fired = true; }};
  EXPECT_TRUE(bhvr.has_timeout());
  EXPECT_EQ(bhvr.timeout(), std::chrono::milliseconds(5));
  bhvr.handle_timeout();
  EXPECT_TRUE(fired);
}

} // namespace pattern_test
