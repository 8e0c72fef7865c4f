// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// TROUPE_ERROR_CODE_ENUM: a user error category in one line, printed by name.
#include "troupe/troupe.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <type_traits>

namespace error_code_enum_test {

namespace app {

TROUPE_ERROR_CODE_ENUM(parse_errc, "parse", none, bad_input, timeout);

} // namespace app

TROUPE_ERROR_CODE_ENUM(global_errc, "global", first, second);

using namespace troupe;

namespace {

static_assert(std::is_same_v<std::underlying_type_t<app::parse_errc>, std::uint8_t>);
static_assert(error_code_enum<app::parse_errc>);
static_assert(error_category<app::parse_errc>::value == atom("parse"));
static_assert(error_category<global_errc>::value == atom("global"));
static_assert(static_cast<int>(app::parse_errc::timeout) == 2);

TEST(error_code_enum, codes_print_by_name) {
  EXPECT_EQ(to_string(app::parse_errc::bad_input), "bad_input");
  EXPECT_EQ(to_string(global_errc::second), "second");
  error e = app::parse_errc::timeout;
  EXPECT_EQ(to_string(e), "error(parse, timeout)");
  EXPECT_EQ(to_string(make_error(app::parse_errc::bad_input, "at line 3")), R"(error(parse, bad_input, "at line 3"))");
  EXPECT_EQ(error_code_name(1, atom("global")), "second");
  std::ostringstream os;
  os << error{global_errc::first};
  EXPECT_EQ(os.str(), "error(global, first)");
}

TEST(error_code_enum, code_zero_is_a_real_error) {
  error e = app::parse_errc::none;
  EXPECT_TRUE(e);
  EXPECT_EQ(to_string(e), "error(parse, none)");
}

TEST(error_code_enum, equality_and_is) {
  error e = make_error(app::parse_errc::bad_input, "context is not compared");
  EXPECT_TRUE(e.is(app::parse_errc::bad_input));
  EXPECT_FALSE(e.is(app::parse_errc::timeout));
  EXPECT_FALSE(e.is(global_errc::second)); // same code, other category
  EXPECT_TRUE(e == app::parse_errc::bad_input);
  EXPECT_EQ(e, error{app::parse_errc::bad_input});
  EXPECT_NE(e, error{global_errc::second});
  EXPECT_EQ(e.category(), atom("parse"));
  EXPECT_EQ(e.code(), 1);
}

TEST(error_code_enum, out_of_range_codes_print_as_numbers) {
  EXPECT_EQ(error_code_name(7, atom("parse")), "7");
  EXPECT_EQ(to_string(error{9, atom("parse")}), "error(parse, 9)");
  EXPECT_EQ(to_string(error{3, atom("unknowncat")}), "error(unknowncat, 3)");
}

TEST(error_code_enum, registration_rules) {
  // The same names again (another translation unit) are accepted, other names
  // and troupe's own categories are not.
  EXPECT_TRUE(register_error_code_names(atom("parse"), "none, bad_input, timeout"));
  EXPECT_FALSE(register_error_code_names(atom("parse"), "other, names"));
  EXPECT_FALSE(register_error_code_names(atom("system"), "x"));
  EXPECT_FALSE(register_error_code_names(atom("exit"), "x"));
  EXPECT_EQ(to_string(error{app::parse_errc::timeout}), "error(parse, timeout)");
  EXPECT_EQ(registered_error_code_names(atom("nosuch")), nullptr);
}

TEST(error_code_enum, names_parse_with_blanks) {
  static_assert(detail::nth_error_code_name(" a ,b,  c ", 0) == "a");
  static_assert(detail::nth_error_code_name(" a ,b,  c ", 2) == "c");
  static_assert(detail::nth_error_code_name(" a ,b,  c ", 3).empty());
  EXPECT_EQ(detail::error_code_text("x, y", 1), "y");
  EXPECT_EQ(detail::error_code_text("x, y", 2), "2");
}

// A user error travels in a failed request like any other.
TEST(error_code_enum, errors_of_user_categories_reach_requesters) {
  actor_system sys{actor_system_config{}};
  auto parser = sys.spawn([](event_based_actor* self) -> behavior {
    return {[self](const std::string&) {
      auto rp = self->make_response_promise();
      rp.deliver(make_error(app::parse_errc::bad_input, "empty"));
    }};
  });
  scoped_actor self{sys};
  error got;
  self->request(parser, std::chrono::seconds{5}, std::string{}).receive([](int) {}, [&](const error& e) { got = e; });
  EXPECT_TRUE(got.is(app::parse_errc::bad_input));
  EXPECT_EQ(to_string(got), R"(error(parse, bad_input, "empty"))");
  self->send_exit(parser, exit_reason::kill);
}

} // namespace

} // namespace error_code_enum_test
