// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// result<Ts...> and delegated<Ts...> as handler results, in dynamically and
// statically typed actors.
#include <troupe/troupe.hpp>

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <tuple>
#include <type_traits>

namespace result_test {

using namespace troupe;
using namespace std::chrono_literals;

namespace {

using divide_atom = atom_constant<atom("divide")>;
using later_atom = atom_constant<atom("later")>;
using unlock_atom = atom_constant<atom("unlock")>;

// What a request got back: the value, or the error's code.
struct outcome {
  int value = 0;
  error err;
  bool answered = false;
};

template <class Handle, class... Ts>
outcome ask(scoped_actor& self, const Handle& dest, Ts... xs) {
  outcome out;
  self->request(dest, 5s, xs...)
    .receive(
      [&](int x) {
        out.value = x;
        out.answered = true;
      },
      [&](const error& e) {
        out.err = e;
        out.answered = true;
      });
  return out;
}

// x / y, or an error for y == 0.
result<int> safe_div(int x, int y) {
  if (y == 0)
    return sec::invalid_argument;
  return x / y;
}

behavior divider(event_based_actor*) {
  return {[](divide_atom, int x, int y) -> result<int> { return safe_div(x, y); }};
}

} // namespace

TEST(result, holds_values_or_an_error) {
  result<int> v = 42;
  EXPECT_EQ(v.kind(), result<int>::kind_t::value);
  EXPECT_EQ(v.values().get_as<int>(0), 42);
  result<int> e = sec::request_timeout;
  EXPECT_EQ(e.kind(), result<int>::kind_t::error);
  EXPECT_EQ(e.err(), sec::request_timeout);
  result<std::string, int> two{"ab", 3};
  EXPECT_EQ(two.values().get_as<std::string>(0), "ab");
  EXPECT_EQ(two.values().get_as<int>(1), 3);
  result<int> from_expected = expected<int>{7};
  EXPECT_EQ(from_expected.values().get_as<int>(0), 7);
  result<int> from_failed = expected<int>{error{sec::invalid_argument}};
  EXPECT_EQ(from_failed.err(), sec::invalid_argument);
  EXPECT_EQ(result<void>{}.kind(), result<void>::kind_t::value);
  EXPECT_TRUE(result<void>{}.values().empty());
  EXPECT_EQ(result<int>{skip}.kind(), result<int>::kind_t::skip);
  static_assert(!std::is_constructible_v<result<int>, std::string>);
  static_assert(!std::is_constructible_v<result<int>, delegated<std::string>>);
}

TEST(result, dynamic_handler_answers_value_or_error) {
  actor_system sys{actor_system_config{}};
  auto d = sys.spawn(divider);
  scoped_actor self{sys};
  auto ok = ask(self, d, divide_atom{}, 12, 4);
  EXPECT_EQ(ok.value, 3);
  EXPECT_FALSE(ok.err);
  auto bad = ask(self, d, divide_atom{}, 1, 0);
  EXPECT_TRUE(bad.answered);
  EXPECT_EQ(bad.err, sec::invalid_argument);
}

TEST(result, dynamic_handler_with_several_values_and_none) {
  actor_system sys{actor_system_config{}};
  auto a = sys.spawn([]() -> behavior {
    return {
      [](int x) -> result<int, std::string> {
        return {x + 1, "next"};
      },
      [](const std::string&) -> result<void> { return {}; },
    };
  });
  scoped_actor self{sys};
  int n = 0;
  std::string s;
  self->request(a, 5s, 1).receive([&](int x, const std::string& y) {
    n = x;
    s = y;
  });
  EXPECT_EQ(n, 2);
  EXPECT_EQ(s, "next");
  bool empty_answer = false;
  self->request(a, 5s, "x").receive([&] { empty_answer = true; });
  EXPECT_TRUE(empty_answer);
}

TEST(result, dynamic_handler_delegates) {
  actor_system sys{actor_system_config{}};
  auto d = sys.spawn(divider);
  auto front = sys.spawn([d](event_based_actor* self) -> behavior {
    // The worker answers the original requester; the front answers nothing.
    return {[=](divide_atom, int x, int y) { return self->delegate(d, divide_atom{}, x, y); }};
  });
  scoped_actor self{sys};
  auto out = ask(self, front, divide_atom{}, 9, 3);
  EXPECT_EQ(out.value, 3);
  EXPECT_EQ(self->mailbox_size(), 0u); // exactly one answer
  static_assert(std::is_same_v<decltype(std::declval<event_based_actor*>()->delegate(d, 1)), delegated<message>>);
  // A result<int> may hold it, or answer itself.
  auto mixed = sys.spawn([d](event_based_actor* self) -> behavior {
    return {[=](divide_atom, int x, int y) -> result<int> {
      if (x == 0)
        return 0;
      return self->delegate(d, divide_atom{}, x, y);
    }};
  });
  EXPECT_EQ(ask(self, mixed, divide_atom{}, 0, 3).value, 0);
  EXPECT_EQ(ask(self, mixed, divide_atom{}, 8, 2).value, 4);
  EXPECT_EQ(ask(self, mixed, divide_atom{}, 8, 0).err, sec::invalid_argument);
  EXPECT_EQ(self->mailbox_size(), 0u);
}

TEST(result, skip_keeps_the_message_for_a_later_behavior) {
  actor_system sys{actor_system_config{}};
  auto a = sys.spawn([](event_based_actor* self) -> behavior {
    return {
      [](int) -> result<int> { return skip; },
      [=](unlock_atom) { self->become([](int x) -> result<int> { return x * 10; }); },
    };
  });
  scoped_actor self{sys};
  auto h = self->request(a, 5s, 4);
  self->send(a, unlock_atom{});
  int got = 0;
  h.receive([&](int x) { got = x; });
  EXPECT_EQ(got, 40);
}

TEST(result, from_a_typed_promise_answers_later) {
  actor_system sys{actor_system_config{}};
  auto a = sys.spawn([](event_based_actor* self) -> behavior {
    return {
      [=](int x) -> result<int> {
        auto rp = self->make_response_promise<int>();
        self->send(self, later_atom{}, x);
        self->become(keep_behavior, [=](later_atom, int y) mutable {
          rp.deliver(y + 100);
          self->unbecome();
        });
        return rp;
      },
    };
  });
  scoped_actor self{sys};
  auto out = ask(self, a, 5);
  EXPECT_EQ(out.value, 105);
}

// ---- typed actors ------------------------------------------------------------

namespace {

struct div_request {
  int x;
  int y;
};
struct log_request {
  std::string text;
};

using typed_divider = typed_actor<replies_to<div_request>::with<int>, reacts_to<log_request>>;

typed_divider::behavior_type typed_divider_fun(typed_divider::pointer) {
  return {
    [](const div_request& r) -> result<int> { return safe_div(r.x, r.y); },
    [](const log_request&) -> result<void> { return {}; },
  };
}

// Forwards div_request to a worker; the worker's declared answer (int) is
// checked against this interface's with<int>.
typed_divider::behavior_type typed_front_fun(typed_divider::pointer self, typed_divider worker) {
  return {
    [=](const div_request& r) { return self->delegate(worker, r); },
    [=](const log_request& r) -> result<void> { return self->delegate(worker, r); },
  };
}

// Decides per request: answer, fail, or delegate.
typed_divider::behavior_type typed_mixed_fun(typed_divider::pointer self, typed_divider worker) {
  return {
    [=](const div_request& r) -> result<int> {
      if (r.x < 0)
        return error{sec::invalid_argument, "negative"};
      if (r.x > 100)
        return self->delegate(worker, r);
      return -1;
    },
    [](const log_request&) {},
  };
}

} // namespace

TEST(typed_result, handler_returns_result) {
  actor_system sys{actor_system_config{}};
  auto d = sys.spawn(typed_divider_fun);
  scoped_actor self{sys};
  auto ok = ask(self, d, div_request{8, 2});
  EXPECT_EQ(ok.value, 4);
  auto bad = ask(self, d, div_request{8, 0});
  EXPECT_EQ(bad.err, sec::invalid_argument);
  bool done = false;
  self->request(d, 5s, log_request{"x"}).receive([&] { done = true; }, [](const error&) {});
  EXPECT_TRUE(done);
}

TEST(typed_result, handler_returns_delegate) {
  actor_system sys{actor_system_config{}};
  auto worker = sys.spawn(typed_divider_fun);
  auto front = sys.spawn(typed_front_fun, worker);
  scoped_actor self{sys};
  auto ok = ask(self, front, div_request{9, 3});
  EXPECT_EQ(ok.value, 3);
  auto bad = ask(self, front, div_request{9, 0});
  EXPECT_EQ(bad.err, sec::invalid_argument); // the worker's error reaches the requester
  bool done = false;
  self->request(front, 5s, log_request{"x"}).receive([&] { done = true; }, [](const error&) {});
  EXPECT_TRUE(done);
  static_assert(
    std::is_same_v<decltype(std::declval<typed_divider::pointer>()->delegate(worker, div_request{})), delegated<int>>);
  static_assert(
    std::is_same_v<decltype(std::declval<typed_divider::pointer>()->delegate(worker, log_request{})), delegated<>>);
}

TEST(typed_result, result_holds_value_error_or_delegation) {
  actor_system sys{actor_system_config{}};
  auto worker = sys.spawn(typed_divider_fun);
  auto mixed = sys.spawn(typed_mixed_fun, worker);
  scoped_actor self{sys};
  EXPECT_EQ(ask(self, mixed, div_request{1, 1}).value, -1);
  auto failed = ask(self, mixed, div_request{-1, 1});
  EXPECT_EQ(failed.err, sec::invalid_argument);
  EXPECT_EQ(failed.err.context(), "negative");
  EXPECT_EQ(ask(self, mixed, div_request{200, 2}).value, 100);
  EXPECT_EQ(self->mailbox_size(), 0u);
}

} // namespace result_test
