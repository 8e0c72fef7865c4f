// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/error.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace user {

enum class math_errc : std::uint8_t {
  ok = 0, // deliberately code 0: still a real error (only sec::none is "no error")
  division_by_zero,
  overflow,
};

enum class io_errc : std::uint8_t { eof = 1 };

enum class not_an_error : std::uint8_t { a, b };

} // namespace user

template <>
struct troupe::error_category<user::math_errc> {
  static constexpr troupe::atom_value value = troupe::atom("math");
};

template <>
struct troupe::error_category<user::io_errc> {
  static constexpr troupe::atom_value value = troupe::atom("io");
};

namespace error_test {

using namespace troupe;

namespace {

static_assert(sizeof(error) == sizeof(void*));
static_assert(std::is_nothrow_move_constructible_v<error>);
static_assert(std::is_nothrow_move_assignable_v<error>);
static_assert(std::is_nothrow_default_constructible_v<error>);
static_assert(std::is_copy_constructible_v<error>);
static_assert(std::is_convertible_v<sec, error>);
static_assert(std::is_convertible_v<exit_reason, error>);
static_assert(std::is_convertible_v<user::math_errc, error>);
static_assert(!std::is_convertible_v<user::not_an_error, error>);
static_assert(!std::is_convertible_v<int, error>);
static_assert(!std::is_convertible_v<error, bool>); // explicit operator bool
static_assert(std::is_constructible_v<bool, error>);
static_assert(error_code_enum<sec>);
static_assert(!error_code_enum<user::not_an_error>);
static_assert(!error_code_enum<int>);
static_assert(error_category<sec>::value == atom("system"));
static_assert(error_category<exit_reason>::value == atom("exit"));

} // namespace

TEST(error, default_is_no_error) {
  error e;
  EXPECT_FALSE(e);
  EXPECT_EQ(e.code(), 0);
  EXPECT_EQ(e.category(), atom("system"));
  EXPECT_EQ(e.context(), "");
  EXPECT_TRUE(e == sec::none);
  EXPECT_TRUE(e == error{});
  EXPECT_FALSE(e == sec::request_timeout);
  EXPECT_TRUE(e != exit_reason::normal);
}

TEST(error, sec_none_is_no_error) {
  error e = sec::none;
  EXPECT_FALSE(e);
  EXPECT_EQ(e, error{});
  EXPECT_FALSE(make_error(sec::none, "dropped"));
  EXPECT_EQ(make_error(sec::none, "dropped").context(), "");
  EXPECT_FALSE(error(0, atom("system")));
  EXPECT_FALSE(error(0, atom("system"), "ctx"));
}

TEST(error, from_sec) {
  error e = sec::request_timeout;
  ASSERT_TRUE(e);
  EXPECT_EQ(e.code(), static_cast<std::uint8_t>(sec::request_timeout));
  EXPECT_EQ(e.category(), atom("system"));
  EXPECT_EQ(e.context(), "");
  EXPECT_TRUE(e == sec::request_timeout);
  EXPECT_TRUE(sec::request_timeout == e);
  EXPECT_FALSE(e != sec::request_timeout);
  EXPECT_TRUE(e != sec::unexpected_message);
  EXPECT_TRUE(sec::unexpected_message != e);
  EXPECT_TRUE(e != sec::none);
  EXPECT_TRUE(e.is(sec::request_timeout));
  EXPECT_FALSE(e.is(sec::none));
}

TEST(error, exit_reason_normal_is_a_value_that_tests_false) {
  // "Did it fail?" -- a normal exit did not, yet it stays distinct from no error.
  error e = exit_reason::normal;
  EXPECT_FALSE(e);
  EXPECT_FALSE(e.empty());
  EXPECT_TRUE(error{}.empty());
  EXPECT_TRUE(error{exit_reason::user_shutdown});
  EXPECT_TRUE(error{exit_reason::unknown}); // another code 0 would be a failure; only normal is not
  EXPECT_EQ(e.code(), 0);
  EXPECT_EQ(e.category(), atom("exit"));
  EXPECT_TRUE(e == exit_reason::normal);
  EXPECT_TRUE(exit_reason::normal == e);
  EXPECT_TRUE(e != sec::none); // same code, different category
  EXPECT_TRUE(e != error{});
  EXPECT_TRUE(error{} != exit_reason::normal);
  EXPECT_FALSE(error{} == exit_reason::normal);
}

TEST(error, categories_separate_equal_codes) {
  // sec::unexpected_message and exit_reason::unhandled_exception are both 1.
  static_assert(static_cast<int>(sec::unexpected_message) == static_cast<int>(exit_reason::unhandled_exception));
  error a = sec::unexpected_message;
  error b = exit_reason::unhandled_exception;
  EXPECT_NE(a, b);
  EXPECT_TRUE(a != exit_reason::unhandled_exception);
  EXPECT_TRUE(b != sec::unexpected_message);
  error c = user::io_errc::eof;
  EXPECT_NE(a, c);
  EXPECT_NE(b, c);
}

TEST(error, equality_ignores_context) {
  auto a = make_error(sec::runtime_error, "first");
  auto b = make_error(sec::runtime_error, "second");
  error c = sec::runtime_error;
  EXPECT_EQ(a, b);
  EXPECT_EQ(a, c);
  EXPECT_TRUE(a == sec::runtime_error);
  EXPECT_NE(a, make_error(sec::invalid_argument, "first"));
}

TEST(error, error_vs_error) {
  error none1, none2;
  error t1 = sec::request_timeout, t2 = sec::request_timeout;
  error k = exit_reason::kill;
  EXPECT_EQ(none1, none2);
  EXPECT_EQ(t1, t2);
  EXPECT_NE(t1, none1);
  EXPECT_NE(none1, t1);
  EXPECT_NE(t1, k);
}

TEST(error, raw_constructor_round_trip) {
  std::vector<error> errors{error{},
                            sec::request_timeout,
                            make_error(sec::runtime_error, "boom"),
                            exit_reason::normal,
                            exit_reason::kill,
                            user::math_errc::ok,
                            user::math_errc::overflow};
  for (const auto& e : errors) {
    error copy(e.code(), e.category(), e.context());
    EXPECT_EQ(copy, e) << to_string(e);
    EXPECT_EQ(static_cast<bool>(copy), static_cast<bool>(e));
    EXPECT_EQ(copy.context(), e.context());
  }
}

TEST(error, context) {
  auto e = make_error(sec::invalid_argument, "negative size");
  EXPECT_TRUE(e);
  EXPECT_EQ(e.context(), "negative size");
  EXPECT_TRUE(e == sec::invalid_argument);
  error f{exit_reason::unhandled_exception, "std::bad_alloc"};
  EXPECT_EQ(f.context(), "std::bad_alloc");
  EXPECT_EQ(make_error(sec::system_shutdown).context(), "");
}

TEST(error, copy_is_deep) {
  auto a = make_error(sec::runtime_error, "original");
  error b = a;
  EXPECT_EQ(b, a);
  EXPECT_EQ(b.context(), "original");
  EXPECT_NE(&a.context(), &b.context());
  a = make_error(sec::invalid_argument, "changed");
  EXPECT_EQ(b.context(), "original");
  EXPECT_TRUE(b == sec::runtime_error);

  // copy-assign into: empty <- error, error <- error, error <- empty, self
  error c;
  c = b;
  EXPECT_TRUE(c == sec::runtime_error);
  EXPECT_EQ(c.context(), "original");
  c = a;
  EXPECT_TRUE(c == sec::invalid_argument);
  EXPECT_EQ(c.context(), "changed");
  EXPECT_EQ(a.context(), "changed");
  const error empty;
  c = empty;
  EXPECT_FALSE(c);
  b = *&b;
  EXPECT_EQ(b.context(), "original");
}

TEST(error, move) {
  auto a = make_error(sec::request_receiver_down, "gone");
  error b = std::move(a);
  EXPECT_FALSE(a); // NOLINT(bugprone-use-after-move): moved-from is empty
  EXPECT_TRUE(b == sec::request_receiver_down);
  EXPECT_EQ(b.context(), "gone");
  error c = exit_reason::kill;
  c = std::move(b);
  EXPECT_TRUE(c == sec::request_receiver_down);
  EXPECT_FALSE(b); // NOLINT(bugprone-use-after-move)
  c = sec::none;
  EXPECT_FALSE(c);
}

TEST(error, clear_and_swap) {
  error a = sec::cancelled;
  error b = exit_reason::user_shutdown;
  swap(a, b);
  EXPECT_TRUE(a == exit_reason::user_shutdown);
  EXPECT_TRUE(b == sec::cancelled);
  a.clear();
  EXPECT_FALSE(a);
}

TEST(error, user_category) {
  error e = user::math_errc::division_by_zero;
  EXPECT_TRUE(e);
  EXPECT_EQ(e.category(), atom("math"));
  EXPECT_EQ(e.code(), 1);
  EXPECT_TRUE(e == user::math_errc::division_by_zero);
  EXPECT_TRUE(e != user::math_errc::overflow);
  EXPECT_TRUE(e != sec::unexpected_message); // same code 1, other category
  error ok = user::math_errc::ok;
  EXPECT_TRUE(ok); // only sec::none means no error
  EXPECT_TRUE(ok == user::math_errc::ok);
  EXPECT_TRUE(ok != sec::none);
  auto ctx = make_error(user::math_errc::overflow, "1e400");
  EXPECT_EQ(to_string(ctx), "error(math, 2, \"1e400\")");
}

TEST(error, to_string) {
  EXPECT_EQ(to_string(error{}), "none");
  EXPECT_EQ(to_string(error{sec::request_timeout}), "error(system, request_timeout)");
  EXPECT_EQ(to_string(make_error(sec::request_timeout, "context")), "error(system, request_timeout, \"context\")");
  EXPECT_EQ(to_string(error{exit_reason::normal}), "error(exit, normal)");
  EXPECT_EQ(to_string(error{exit_reason::kill}), "error(exit, kill)");
  EXPECT_EQ(to_string(make_error(sec::runtime_error, "say \"hi\" \\o/")),
            "error(system, runtime_error, \"say \\\"hi\\\" \\\\o/\")");
  EXPECT_EQ(to_string(error(200, atom("system"))), "error(system, 200)");
  EXPECT_EQ(to_string(error(200, atom("exit"))), "error(exit, 200)");
  EXPECT_EQ(to_string(error{user::io_errc::eof}), "error(io, 1)");
}

TEST(error, enum_to_string) {
  EXPECT_EQ(to_string(sec::none), "none");
  EXPECT_EQ(to_string(sec::unexpected_message), "unexpected_message");
  EXPECT_EQ(to_string(sec::unexpected_response), "unexpected_response");
  EXPECT_EQ(to_string(sec::request_receiver_down), "request_receiver_down");
  EXPECT_EQ(to_string(sec::request_timeout), "request_timeout");
  EXPECT_EQ(to_string(sec::bad_function_call), "bad_function_call");
  EXPECT_EQ(to_string(sec::invalid_argument), "invalid_argument");
  EXPECT_EQ(to_string(sec::runtime_error), "runtime_error");
  EXPECT_EQ(to_string(sec::system_shutdown), "system_shutdown");
  EXPECT_EQ(to_string(sec::broken_promise), "broken_promise");
  EXPECT_EQ(to_string(sec::type_clash), "type_clash");
  EXPECT_EQ(to_string(sec::unsupported_operation), "unsupported_operation");
  EXPECT_EQ(to_string(sec::invalid_state), "invalid_state");
  EXPECT_EQ(to_string(sec::cancelled), "cancelled");
  EXPECT_EQ(to_string(sec::out_of_range), "out_of_range");
  EXPECT_EQ(to_string(static_cast<sec>(250)), "250");

  EXPECT_EQ(to_string(exit_reason::normal), "normal");
  EXPECT_EQ(to_string(exit_reason::unhandled_exception), "unhandled_exception");
  EXPECT_EQ(to_string(exit_reason::unknown), "unknown");
  EXPECT_EQ(to_string(exit_reason::out_of_workers), "out_of_workers");
  EXPECT_EQ(to_string(exit_reason::user_shutdown), "user_shutdown");
  EXPECT_EQ(to_string(exit_reason::kill), "kill");
  EXPECT_EQ(to_string(exit_reason::unreachable), "unreachable");
  EXPECT_EQ(to_string(static_cast<exit_reason>(99)), "99");
}

TEST(error, streaming) {
  std::ostringstream os;
  os << error{} << ';' << error{sec::bad_function_call} << ';' << sec::type_clash << ';' << exit_reason::unreachable;
  EXPECT_EQ(os.str(), "none;error(system, bad_function_call);type_clash;unreachable");
}

TEST(error, as_function_result) {
  auto check = [](int x) -> error {
    if (x < 0)
      return make_error(sec::invalid_argument, "x < 0");
    if (x == 0)
      return user::math_errc::division_by_zero;
    return {};
  };
  EXPECT_TRUE(check(-1) == sec::invalid_argument);
  EXPECT_TRUE(check(0) == user::math_errc::division_by_zero);
  EXPECT_FALSE(check(1));
  if (auto err = check(1))
    FAIL() << "expected no error";
}

} // namespace error_test
