// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/guard.hpp"

#include "troupe/atom.hpp"
#include "troupe/error.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace guard_test {

using namespace troupe;

namespace {

// --- classification and compile-time evaluation ---------------------------

static_assert(is_guard_expr_v<decltype(_x1)>);
static_assert(is_guard_expr_v<decltype(_x9)>);
static_assert(is_guard_expr_v<decltype(_x1 + 1)>);
static_assert(is_guard_expr_v<decltype(1 + _x1)>);
static_assert(is_guard_expr_v<decltype(_x1 == 0 && _x2 > 3)>);
static_assert(is_guard_expr_v<decltype(!_x1)>);
static_assert(is_guard_expr_v<decltype(-_x1)>);
static_assert(is_guard_expr_v<const decltype(_x1 < 2)&>);
static_assert(!is_guard_expr_v<int>);
static_assert(!is_guard_expr_v<bool>);
static_assert(!is_guard_expr_v<std::string>);
static_assert(!is_guard_expr_v<std::function<bool(int)>>);
static_assert(guard_expr<decltype(_x1 % 2 == 0)>);

static_assert(detail::guard_arity_v<decltype(_x1)> == 1);
static_assert(detail::guard_arity_v<decltype(_x3 > 1)> == 3);
static_assert(detail::guard_arity_v<decltype(_x1 < _x4 || _x2 == 0)> == 4);
static_assert(detail::guard_arity_v<decltype(!(_x9 + 1))> == 9);

static_assert(std::is_empty_v<decltype(_x1)>);
static_assert(std::is_trivially_copyable_v<decltype(_x1 % 2 == 0 && _x2 < 10)>);

static_assert((_x1 + 1)(2) == 3);
static_assert((_x1 % 2 == 0)(4));
static_assert(!(_x1 % 2 == 0)(5));
static_assert((0 < _x1 && _x1 < 10)(5));
static_assert(!(0 < _x1 && _x1 < 10)(10));
static_assert((_x1 > _x2)(3, 2));

// _xN with fewer than N arguments does not compile (constrained call operator).
static_assert(std::is_invocable_v<decltype(_x1), int>);
static_assert(!std::is_invocable_v<decltype(_x1)>);
static_assert(!std::is_invocable_v<decltype(_x2), int>);
static_assert(!std::is_invocable_v<decltype(_x2 > 1), int>);
static_assert(std::is_invocable_v<decltype(_x2 > 1), int, int>);
static_assert(!std::is_invocable_v<decltype(_x1 == 0 && _x3 == 0), int, int>);
static_assert(std::is_invocable_v<decltype(_x1 == 0 && _x3 == 0), int, int, int>);
static_assert(!std::is_invocable_v<decltype(!_x2), int>);
static_assert(!std::is_invocable_v<decltype(-_x9), int, int, int, int, int, int, int, int>);
// Ill-typed operations are not invocable either.
static_assert(!std::is_invocable_v<decltype(_x1 < 3), std::string>);
static_assert(std::is_invocable_v<decltype(_x1 == "a"), std::string>);

// Evaluation yields something convertible to bool; && || ! yield bool.
static_assert(std::is_same_v<std::invoke_result_t<decltype(_x1 < 3), int>, bool>);
static_assert(std::is_same_v<std::invoke_result_t<decltype(_x1 && _x2), int, int>, bool>);
static_assert(std::is_same_v<std::invoke_result_t<decltype(_x1 + 1), int>, int>);
static_assert(std::is_same_v<std::invoke_result_t<decltype(_x1), int>, const int&>);

// A value type that counts how often its comparison runs.
struct counted {
  int value;
  int* calls;
  friend bool operator<(const counted& c, int x) {
    ++*c.calls;
    return c.value < x;
  }
};

} // namespace

TEST(guard, placeholders_select_arguments) {
  EXPECT_EQ(_x1(1, 2, 3, 4, 5, 6, 7, 8, 9), 1);
  EXPECT_EQ(_x2(1, 2, 3, 4, 5, 6, 7, 8, 9), 2);
  EXPECT_EQ(_x3(1, 2, 3, 4, 5, 6, 7, 8, 9), 3);
  EXPECT_EQ(_x4(1, 2, 3, 4, 5, 6, 7, 8, 9), 4);
  EXPECT_EQ(_x5(1, 2, 3, 4, 5, 6, 7, 8, 9), 5);
  EXPECT_EQ(_x6(1, 2, 3, 4, 5, 6, 7, 8, 9), 6);
  EXPECT_EQ(_x7(1, 2, 3, 4, 5, 6, 7, 8, 9), 7);
  EXPECT_EQ(_x8(1, 2, 3, 4, 5, 6, 7, 8, 9), 8);
  EXPECT_EQ(_x9(1, 2, 3, 4, 5, 6, 7, 8, 9), 9);
  // The placeholder refers to the argument, it does not copy it.
  std::string s = "abc";
  EXPECT_EQ(&_x1(s), &s);
  EXPECT_EQ(&_x2(0, s), &s);
  // A bare placeholder is a guard testing the element itself.
  EXPECT_TRUE(static_cast<bool>(_x1(true)));
  EXPECT_FALSE(static_cast<bool>(_x1(false)));
}

TEST(guard, arithmetic) {
  EXPECT_EQ((_x1 + _x2)(3, 4), 7);
  EXPECT_EQ((_x1 - _x2)(3, 4), -1);
  EXPECT_EQ((_x1 * _x2)(3, 4), 12);
  EXPECT_EQ((_x1 / _x2)(12, 4), 3);
  EXPECT_EQ((_x1 % _x2)(13, 4), 1);
  EXPECT_EQ((-_x1)(5), -5);
  EXPECT_DOUBLE_EQ((_x1 / 2.0)(3), 1.5);
  EXPECT_EQ((_x1 * 2 + _x2 * 3 - 1)(1, 2), 7);
  EXPECT_EQ(((_x1 + _x2) * _x3)(1, 2, 3), 9);
  EXPECT_EQ((_x1 + _x2 * _x3)(1, 2, 3), 7); // usual precedence
}

TEST(guard, arithmetic_with_values_on_either_side) {
  EXPECT_EQ((_x1 + 10)(1), 11);
  EXPECT_EQ((10 + _x1)(1), 11);
  EXPECT_EQ((_x1 - 10)(1), -9);
  EXPECT_EQ((10 - _x1)(1), 9);
  EXPECT_EQ((_x1 * 3)(4), 12);
  EXPECT_EQ((3 * _x1)(4), 12);
  EXPECT_EQ((_x1 / 3)(12), 4);
  EXPECT_EQ((12 / _x1)(3), 4);
  EXPECT_EQ((_x1 % 5)(12), 2);
  EXPECT_EQ((12 % _x1)(5), 2);
}

TEST(guard, comparison) {
  EXPECT_TRUE((_x1 == _x2)(1, 1));
  EXPECT_FALSE((_x1 == _x2)(1, 2));
  EXPECT_TRUE((_x1 != _x2)(1, 2));
  EXPECT_FALSE((_x1 != _x2)(2, 2));
  EXPECT_TRUE((_x1 < _x2)(1, 2));
  EXPECT_FALSE((_x1 < _x2)(2, 2));
  EXPECT_TRUE((_x1 <= _x2)(2, 2));
  EXPECT_FALSE((_x1 <= _x2)(3, 2));
  EXPECT_TRUE((_x1 > _x2)(3, 2));
  EXPECT_FALSE((_x1 > _x2)(2, 2));
  EXPECT_TRUE((_x1 >= _x2)(2, 2));
  EXPECT_FALSE((_x1 >= _x2)(1, 2));
}

TEST(guard, comparison_with_values_on_either_side) {
  EXPECT_TRUE((_x1 == 5)(5));
  EXPECT_TRUE((5 == _x1)(5));
  EXPECT_FALSE((5 == _x1)(4));
  EXPECT_TRUE((_x1 != 5)(4));
  EXPECT_TRUE((5 != _x1)(4));
  EXPECT_TRUE((_x1 < 5)(4));
  EXPECT_FALSE((5 < _x1)(4));
  EXPECT_TRUE((_x1 <= 5)(5));
  EXPECT_FALSE((6 <= _x1)(5));
  EXPECT_TRUE((_x1 > 5)(6));
  EXPECT_FALSE((5 > _x1)(6));
  EXPECT_TRUE((_x1 >= 5)(5));
  EXPECT_TRUE((5 >= _x1)(5));
  EXPECT_TRUE((_x1 % 2 == 0)(8));
  EXPECT_FALSE((_x1 % 2 == 0)(7));
  EXPECT_TRUE((0 == _x1 % 2)(8));
}

TEST(guard, logical) {
  auto in_range = 0 < _x1 && _x1 < 10;
  EXPECT_TRUE(in_range(1));
  EXPECT_TRUE(in_range(9));
  EXPECT_FALSE(in_range(0));
  EXPECT_FALSE(in_range(10));
  auto outside = _x1 <= 0 || _x1 >= 10;
  EXPECT_FALSE(outside(5));
  EXPECT_TRUE(outside(0));
  EXPECT_TRUE(outside(10));
  auto not_in_range = !(0 < _x1 && _x1 < 10);
  EXPECT_FALSE(not_in_range(5));
  EXPECT_TRUE(not_in_range(-5));
  EXPECT_TRUE((!_x1)(0));
  EXPECT_FALSE((!_x1)(3));
  EXPECT_TRUE((!!_x1)(3));
  // Mixing with plain bools on either side.
  bool yes = true, no = false;
  EXPECT_TRUE((_x1 > 0 && yes)(1));
  EXPECT_FALSE((no && _x1 > 0)(1));
  EXPECT_TRUE((_x1 > 0 || no)(1));
  EXPECT_TRUE((yes || _x1 > 0)(-1));
  // Bare placeholders as boolean operands.
  EXPECT_TRUE((_x1 && _x2)(true, true));
  EXPECT_FALSE((_x1 && _x2)(true, false));
  EXPECT_TRUE((_x1 || _x2)(false, true));
  EXPECT_FALSE((_x1 || _x2)(false, false));
  // Grouping is kept as written.
  auto g = _x1 == 1 || (_x2 == 2 && _x3 == 3);
  EXPECT_TRUE(g(1, 0, 0));
  EXPECT_FALSE(g(0, 2, 0));
  EXPECT_TRUE(g(0, 2, 3));
  auto h = (_x1 == 1 || _x2 == 2) && _x3 == 3;
  EXPECT_FALSE(h(1, 0, 0));
  EXPECT_TRUE(h(1, 0, 3));
  EXPECT_TRUE(h(0, 2, 3));
}

TEST(guard, short_circuit) {
  int calls = 0;
  auto and_guard = _x1 > 0 && _x2 < 10;
  EXPECT_FALSE(and_guard(0, counted{5, &calls}));
  EXPECT_EQ(calls, 0); // rhs skipped
  EXPECT_TRUE(and_guard(1, counted{5, &calls}));
  EXPECT_EQ(calls, 1);

  calls = 0;
  auto or_guard = _x1 > 0 || _x2 < 10;
  EXPECT_TRUE(or_guard(1, counted{50, &calls}));
  EXPECT_EQ(calls, 0); // rhs skipped
  EXPECT_FALSE(or_guard(0, counted{50, &calls}));
  EXPECT_EQ(calls, 1);

  // The classic: guard against division by zero.
  auto safe = _x1 != 0 && 100 / _x1 > 10;
  EXPECT_FALSE(safe(0));
  EXPECT_TRUE(safe(5));
  EXPECT_FALSE(safe(50));
  auto safe_or = _x1 == 0 || 100 % _x1 == 0;
  EXPECT_TRUE(safe_or(0));
  EXPECT_TRUE(safe_or(25));
  EXPECT_FALSE(safe_or(30));
}

TEST(guard, strings) {
  auto is_hello = _x1 == "hello";
  EXPECT_TRUE(is_hello(std::string{"hello"}));
  EXPECT_FALSE(is_hello(std::string{"world"}));
  EXPECT_TRUE(("hello" == _x1)(std::string{"hello"}));
  EXPECT_TRUE((_x1 != "hello")(std::string{"hell"}));
  EXPECT_TRUE((_x1 < "b")(std::string{"a"}));
  EXPECT_TRUE((_x1 == std::string{"abc"})(std::string{"abc"}));
  EXPECT_TRUE((_x1 == std::string_view{"abc"})(std::string{"abc"}));
  EXPECT_TRUE((_x1 + "!" == "hi!")(std::string{"hi"}));
  EXPECT_TRUE((_x1 == _x2)(std::string{"x"}, std::string{"x"}));
  auto either = _x1 == "get" || _x1 == "put";
  EXPECT_TRUE(either(std::string{"put"}));
  EXPECT_FALSE(either(std::string{"post"}));
}

TEST(guard, multiple_placeholders_and_types) {
  auto g = _x1 > _x2 && _x3 == "max" && _x4 < 0.5;
  EXPECT_TRUE(g(3, 2, std::string{"max"}, 0.25));
  EXPECT_FALSE(g(3, 2, std::string{"min"}, 0.25));
  EXPECT_FALSE(g(2, 3, std::string{"max"}, 0.25));
  EXPECT_FALSE(g(3, 2, std::string{"max"}, 0.75));
  // Extra arguments beyond the highest placeholder are ignored.
  EXPECT_TRUE((_x2 == 7)(0, 7, 99, std::string{"ignored"}));
  auto nine = _x1 + _x2 + _x3 + _x4 + _x5 + _x6 + _x7 + _x8 + _x9 == 45;
  EXPECT_TRUE(nine(1, 2, 3, 4, 5, 6, 7, 8, 9));
  EXPECT_FALSE(nine(1, 2, 3, 4, 5, 6, 7, 8, 10));
  std::vector<int> v{1, 2, 3};
  EXPECT_TRUE((_x1 == _x2)(v, std::vector<int>{1, 2, 3}));
}

TEST(guard, stored_values_and_references) {
  int limit = 10;
  auto by_value = _x1 < limit;
  auto by_ref = _x1 < std::cref(limit);
  EXPECT_TRUE(by_value(5));
  EXPECT_TRUE(by_ref(5));
  limit = 3;
  EXPECT_TRUE(by_value(5)); // copied 10
  EXPECT_FALSE(by_ref(5));  // sees 3
  // Guards are regular values: copy them, store them, evaluate them later.
  auto g = _x1 % 3 == 0;
  auto copy = g;
  std::vector<decltype(g)> guards{g, copy};
  for (const auto& x : guards)
    EXPECT_TRUE(x(9));
}

TEST(guard, composed_from_subexpressions) {
  auto even = _x1 % 2 == 0;
  auto small = _x1 < 100;
  auto both = even && small;
  auto neither = !even && !small;
  EXPECT_TRUE(both(42));
  EXPECT_FALSE(both(142));
  EXPECT_TRUE(neither(143));
  EXPECT_FALSE(neither(43));
}

TEST(guard, with_atoms_and_errors) {
  auto is_get = _x1 == atom("get");
  EXPECT_TRUE(is_get(atom("get")));
  EXPECT_FALSE(is_get(atom("put")));
  auto timed_out = _x1 == sec::request_timeout;
  EXPECT_TRUE(timed_out(error{sec::request_timeout}));
  EXPECT_FALSE(timed_out(error{}));
  auto failed = !_x1;
  EXPECT_TRUE(failed(error{}));
  EXPECT_FALSE(failed(error{exit_reason::kill}));
}

// Guards can be defined once as constants.
inline constexpr auto is_even = _x1 % 2 == 0;
static_assert(is_even(10) && !is_even(11));

} // namespace guard_test
