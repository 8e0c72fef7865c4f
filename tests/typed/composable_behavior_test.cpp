// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// Composable behaviors: spawning one, composing several into one actor,
// state in members, `self`, and param<T> (copy-on-write message elements).
#include <troupe/troupe.hpp>
#include <troupe/typed/composable_behavior.hpp>
#include <troupe/typed/composed_behavior.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>

namespace composable_behavior_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

// As in CAF's examples/composition/calculator_behavior.cpp; add_atom is also
// predefined, and declaring it again names the same type.
using add_atom = atom_constant<atom("add")>;
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

using calculator_bhvr = composed_behavior<adder_bhvr, multiplier_bhvr>;
using calculator =
  typed_actor<replies_to<add_atom, int, int>::with<int>, replies_to<multiply_atom, int, int>::with<int>>;

static_assert(std::is_same_v<calculator_bhvr::handle_type, calculator>);
static_assert(std::is_same_v<adder_bhvr::handle_type, adder>);
static_assert(std::is_abstract_v<composable_behavior<adder>>, "every signature is a pure virtual operator()");
static_assert(!std::is_abstract_v<calculator_bhvr>);
static_assert(std::is_same_v<param_t<std::string>, param<std::string>>);
static_assert(std::is_same_v<param_t<int>, int>);
static_assert(std::is_same_v<param_t<add_atom>, add_atom>);

// A dictionary, as CAF's examples/composition/dictionary_behavior.cpp: class
// types arrive as param<T>, and a signature without an answer returns result<void>.
using dict =
  typed_actor<reacts_to<put_atom, std::string, std::string>, replies_to<get_atom, std::string>::with<std::string>>;

class dict_bhvr : public composable_behavior<dict> {
public:
  result<std::string> operator()(get_atom, param<std::string> key) override {
    auto i = values_.find(key);
    return i == values_.end() ? "" : i->second;
  }
  result<void> operator()(put_atom, param<std::string> key, param<std::string> value) override {
    if (values_.count(key) == 0)
      values_.emplace(key.move(), value.move());
    return {};
  }

private:
  std::unordered_map<std::string, std::string> values_;
};

// State in members, built from spawn's arguments.
using counter = typed_actor<reacts_to<add_atom, int>, replies_to<get_atom>::with<int>>;

class counter_bhvr : public composable_behavior<counter> {
public:
  counter_bhvr() = default;
  explicit counter_bhvr(int start) : value_(start) {}
  result<void> operator()(add_atom, int x) override {
    value_ += x;
    return {};
  }
  result<int> operator()(get_atom) override { return value_; }

private:
  int value_ = 0;
};

// Uses `self`: answers with its own handle, typed for its part of the interface.
using whoami = typed_actor<replies_to<ping_atom>::with<actor>>;

class whoami_bhvr : public composable_behavior<whoami> {
public:
  result<actor> operator()(ping_atom) override {
    whoami me = self; // converts to a handle for its own interface
    return actor{me};
  }
};

// Errors travel as in any typed handler.
using divider = typed_actor<replies_to<div_atom, int, int>::with<int>>;

class divider_bhvr : public composable_behavior<divider> {
public:
  result<int> operator()(div_atom, int x, int y) override {
    if (y == 0)
      return sec::invalid_argument;
    return x / y;
  }
};

// Reports whether get_mutable() wrote in place (the message was not shared)
// and answers with the changed text.
using shouter = typed_actor<replies_to<std::string>::with<bool, std::string>>;

class shouter_bhvr : public composable_behavior<shouter> {
public:
  result<bool, std::string> operator()(param<std::string> text) override {
    const std::string* before = &text.get();
    std::string& writable = text.get_mutable();
    writable += "!";
    return {before == &writable, text.move()};
  }
};

template <class R, class Handle, class... Ts>
R ask(scoped_actor& self, const Handle& dest, Ts&&... xs) {
  R result{};
  self->request(dest, 5s, std::forward<Ts>(xs)...).receive([&](R r) { result = std::move(r); }, [](error&) {});
  return result;
}

} // namespace

TEST(composable_behavior, composed_calculator_answers_both_interfaces) {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  auto calc = sys.spawn<calculator_bhvr>();
  static_assert(std::is_same_v<decltype(calc), calculator>);
  EXPECT_EQ(ask<int>(self, calc, add_atom_v, 10, 20), 30);
  EXPECT_EQ(ask<int>(self, calc, multiply_atom::value, 7, 9), 63);
  // The handle converts to each part's interface.
  adder a = calc;
  multiplier m = calc;
  EXPECT_EQ(ask<int>(self, a, add_atom_v, 1, 2), 3);
  EXPECT_EQ(ask<int>(self, m, multiply_atom::value, 3, 4), 12);
  // As in CAF's example: a function view on the spawned handle.
  auto f = make_function_view(calc);
  EXPECT_EQ(f(add_atom_v, 10, 20), 30);
  EXPECT_EQ(f(multiply_atom::value, 7, 9), 63);
  self->send_exit(calc, exit_reason::kill);
}

TEST(composable_behavior, single_behavior_spawns_with_its_own_interface) {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  auto a = sys.spawn<adder_bhvr>();
  static_assert(std::is_same_v<decltype(a), adder>);
  EXPECT_EQ(ask<int>(self, a, add_atom_v, 40, 2), 42);
  auto m = sys.typed_spawn<multiplier_bhvr>();
  static_assert(std::is_same_v<decltype(m), multiplier>);
  EXPECT_EQ(ask<int>(self, m, multiply_atom::value, 6, 7), 42);
  self->send_exit(a, exit_reason::kill);
  self->send_exit(m, exit_reason::kill);
}

TEST(composable_behavior, members_keep_state_between_messages) {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  auto c = sys.spawn<counter_bhvr>(100);
  static_assert(std::is_same_v<decltype(c), counter>);
  self->send(c, add_atom_v, 1);
  self->send(c, add_atom_v, 2);
  self->send(c, add_atom_v, 3);
  EXPECT_EQ(ask<int>(self, c, get_atom_v), 106);
  // Each actor has its own state.
  auto fresh = sys.spawn<counter_bhvr>();
  EXPECT_EQ(ask<int>(self, fresh, get_atom_v), 0);
  self->send_exit(c, exit_reason::kill);
  self->send_exit(fresh, exit_reason::kill);
}

TEST(composable_behavior, param_reads_and_moves_message_elements) {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  auto d = sys.spawn<dict_bhvr>();
  self->send(d, put_atom_v, "apple", "red");
  self->send(d, put_atom_v, std::string{"banana"}, std::string{"yellow"});
  self->send(d, put_atom_v, "apple", "green"); // the first value stays
  EXPECT_EQ(ask<std::string>(self, d, get_atom_v, "apple"), "red");
  EXPECT_EQ(ask<std::string>(self, d, get_atom_v, "banana"), "yellow");
  EXPECT_EQ(ask<std::string>(self, d, get_atom_v, "cherry"), "");
  self->send_exit(d, exit_reason::kill);
}

TEST(composable_behavior, param_copies_only_a_shared_element) {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  auto s = sys.spawn<shouter_bhvr>();
  bool in_place = false;
  std::string answer;
  // Nobody else holds this message: the handler writes into it.
  self->request(s, 5s, std::string{"hey"}).receive([&](bool b, std::string x) {
    in_place = b;
    answer = std::move(x);
  });
  EXPECT_TRUE(in_place);
  EXPECT_EQ(answer, "hey!");
  // The test keeps the message: the handler writes to its own copy.
  message kept = make_message(std::string{"ho"});
  self->request(actor{s}, 5s, kept).receive([&](bool b, std::string x) {
    in_place = b;
    answer = std::move(x);
  });
  EXPECT_FALSE(in_place);
  EXPECT_EQ(answer, "ho!");
  EXPECT_EQ(kept.get_as<std::string>(0), "ho");
  self->send_exit(s, exit_reason::kill);
}

TEST(composable_behavior, param_in_a_dynamically_typed_handler) {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  auto a = sys.spawn([]() -> behavior {
    return {
      [](param<std::string> x, int n) {
        std::string out = x.move();
        out.append(static_cast<std::size_t>(n), '.');
        return out;
      },
    };
  });
  EXPECT_EQ(ask<std::string>(self, a, std::string{"wait"}, 3), "wait...");
  self->send_exit(a, exit_reason::kill);
}

TEST(composable_behavior, param_outside_actors) {
  std::string text = "abc";
  {
    param<std::string> shared{&text, true};
    EXPECT_EQ(shared.get(), "abc");
    EXPECT_EQ(shared->size(), 3u);
    shared.get_mutable() += "d";
    EXPECT_EQ(shared.get(), "abcd");
    param<std::string> moved{std::move(shared)};
    EXPECT_EQ(static_cast<const std::string&>(moved), "abcd");
    EXPECT_EQ(text, "abc") << "a shared element is never written";
  }
  {
    param<std::string> exclusive{&text, false};
    exclusive.get_mutable() += "x";
    EXPECT_EQ(text, "abcx") << "an unshared element is written in place";
    std::string taken = exclusive.move();
    EXPECT_EQ(taken, "abcx");
  }
}

TEST(composable_behavior, self_is_the_running_actor) {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  auto w = sys.spawn<whoami_bhvr>();
  EXPECT_EQ(ask<actor>(self, w, ping_atom_v), actor{w});
  // Inside a composition each part's `self` is the composed actor.
  auto both = sys.spawn<composed_behavior<adder_bhvr, whoami_bhvr>>();
  EXPECT_EQ(ask<actor>(self, both, ping_atom_v), actor{both});
  EXPECT_EQ(ask<int>(self, both, add_atom_v, 2, 2), 4);
  self->send_exit(w, exit_reason::kill);
  self->send_exit(both, exit_reason::kill);
}

TEST(composable_behavior, compositions_nest_and_keep_errors) {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  using big_bhvr = composed_behavior<calculator_bhvr, composed_behavior<counter_bhvr, divider_bhvr>>;
  static_assert(std::is_convertible_v<big_bhvr::handle_type, calculator>);
  static_assert(std::is_convertible_v<big_bhvr::handle_type, counter>);
  static_assert(std::is_convertible_v<big_bhvr::handle_type, divider>);
  auto big = sys.spawn<big_bhvr>();
  EXPECT_EQ(ask<int>(self, big, add_atom_v, 1, 1), 2);
  EXPECT_EQ(ask<int>(self, big, multiply_atom::value, 2, 5), 10);
  self->send(big, add_atom_v, 5);
  EXPECT_EQ(ask<int>(self, big, get_atom_v), 5);
  EXPECT_EQ(ask<int>(self, big, div_atom_v, 9, 3), 3);
  error err;
  self->request(big, 5s, div_atom_v, 1, 0).receive([](int) {}, [&](error& e) { err = e; });
  EXPECT_TRUE(err.is(sec::invalid_argument));
  self->send_exit(big, exit_reason::kill);
}

TEST(composable_behavior, spawned_from_an_actor) {
  actor_system sys{actor_system_config{}};
  scoped_actor self{sys};
  auto parent = sys.spawn([](event_based_actor* s) -> behavior {
    return {
      [s](int x) {
        auto calc = s->spawn<calculator_bhvr, linked>(); // ends with its parent
        static_assert(std::is_same_v<decltype(calc), calculator>);
        return s->delegate(calc, add_atom_v, x, x);
      },
    };
  });
  EXPECT_EQ(ask<int>(self, parent, 21), 42);
  self->send_exit(parent, exit_reason::kill);
}

} // namespace composable_behavior_test
