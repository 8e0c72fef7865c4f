// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include <gtest/gtest.h>

#include "random_values.hpp"
#include "test_types.hpp"
#include "troupe/actor_system.hpp"
#include "troupe/serialization.hpp"

namespace text_format_test {

using namespace troupe;
using namespace sertest;

namespace {

TEST(text_format, builtins_print_as_before) {
  auto msg = make_message(atom("ping"), 42, "hi", std::vector<int>{1, 2});
  EXPECT_EQ(to_string(msg), "('ping', 42, \"hi\", [1, 2])");
}

TEST(text_format, announced_records_print_with_field_names) {
  announce_test_types();
  EXPECT_EQ(to_string(make_message(add_request{1, 2})), "(add_request{a = 1, b = 2})");
  EXPECT_EQ(to_string(make_message(sub_request{3, 4})), "(sub_request{a0 = 3, a1 = 4})");
  EXPECT_EQ(to_string(make_message(point{1.5, -2})), "(point{a0 = 1.5, a1 = -2})");
  EXPECT_EQ(to_string(make_message(order{"x\"y", {1, 2}, std::nullopt, color::green, {5, 6}})),
            "(order{item = \"x\\\"y\", counts = [1, 2], price = null, col = 1, req = add_request{a = 5, b = 6}})");
  EXPECT_EQ(to_string(make_message(std::vector<add_request>{{1, 2}, {3, 4}})),
            "([add_request{a = 1, b = 2}, add_request{a = 3, b = 4}])");
}

void expect_parse_error(std::string_view text, std::string_view expected) {
  auto res = message_from_string(type_registry::global(), text);
  ASSERT_FALSE(res) << text;
  EXPECT_EQ(res.err().context(), expected) << text;
}

void roundtrip(const message& msg) {
  auto text = to_string(msg);
  auto res = message_from_string(type_registry::global(), text);
  ASSERT_TRUE(res) << text << ": " << to_string(res.err());
  EXPECT_TRUE(messages_equal(msg, *res)) << text << " vs " << to_string(*res);
  EXPECT_EQ(to_string(*res), text);
}

TEST(text_format, roundtrip) {
  announce_test_types();
  roundtrip(make_message(atom("ping"), 42, "hi", std::vector<int>{1, 2}));
  roundtrip(make_message(atom(""), -7, 3.25, true, false, "esc \" \\ \n \t end"));
  roundtrip(make_message(std::int64_t{1} << 40, std::vector<std::int64_t>{1, std::int64_t{1} << 40}));
  roundtrip(make_message(std::vector<double>{1.5, -0.25}, std::vector<std::string>{"a", "b"},
                         std::vector<atom_value>{atom("a"), atom("b")}, std::vector<bool>{true, false}));
  roundtrip(make_message(add_request{1, -2}, sub_request{3, 4}, point{0.5, 1e300}));
  roundtrip(make_message(order{"name", {}, 2.5, color::blue, {7, 8}}));
  roundtrip(make_message(std::vector<add_request>{{1, 2}, {3, 4}}));
  roundtrip(make_message(std::vector<order>{order{"a", {1}, std::nullopt, color::red, {0, 0}}}));
  roundtrip(make_message(error{}));
  roundtrip(make_message());
}

TEST(text_format, other_types_print_in_the_cast_form_and_roundtrip_exactly) {
  announce_test_types();
  auto msg = make_message(std::int16_t{-3}, std::uint8_t{200}, std::int8_t{5}, std::uint16_t{7}, std::uint32_t{9}, 'c',
                          1.5f, 2.0, std::uint64_t{4});
  EXPECT_EQ(to_string(msg),
            "(int16(-3), uint8(200), int8(5), uint16(7), uint32(9), char('c'), float(1.5), double(2), uint64(4))");
  roundtrip(msg);
  // Values the literal rules already type right stay plain.
  EXPECT_EQ(to_string(make_message(2.5, std::int64_t{1} << 40, std::uint64_t{1} << 63)),
            "(2.5, 1099511627776, 9223372036854775808)");
  roundtrip(make_message(std::vector<double>{1, 2}, std::vector<std::int64_t>{1}, std::vector<std::string>{},
                         std::map<std::string, std::int32_t>{{"a", 1}}, std::optional<std::string>{"x"},
                         std::pair<std::string, bool>{"p", true}, std::array<std::int16_t, 3>{1, 2, 3}));
}

TEST(text_format, variants_print_their_alternative_in_the_cast_form) {
  announce_test_types();
  using var = std::variant<std::int32_t, std::string, add_request>;
  EXPECT_EQ(to_string(make_message(var{std::string{"x"}})), "(std::variant<int32,string,add_request>(string(\"x\")))");
  roundtrip(make_message(var{std::string{"x"}}, var{7}, var{add_request{1, 2}}));
  auto res = message_from_string(type_registry::global(), "(std::variant<int32,string,add_request>(int32(4)))");
  ASSERT_TRUE(res) << to_string(res.err());
  EXPECT_EQ(std::get<std::int32_t>(res->get_as<var>(0)), 4);
  expect_parse_error("(std::variant<int32,string,add_request>(int16(4)))",
                     "at 40: expected an alternative of std::variant<int32,string,add_request> written as type(value)");
}

TEST(text_format, errors_and_system_messages_roundtrip) {
  announce_test_types();
  auto msg = make_message(error{sec::request_timeout, "late \"x\" \\"}, error{exit_reason::kill},
                          error{7, atom("my cat")}, error{3, atom("")}, exit_msg{actor_addr{}, exit_reason::normal},
                          down_msg{actor_addr{}, error{sec::runtime_error}}, timeout_msg{42});
  EXPECT_EQ(to_string(msg), "(error(system, request_timeout, \"late \\\"x\\\" \\\\\"), error(exit, kill), "
                            "error('my cat', 7), error('', 3), exit_msg(invalid-actor, error(exit, normal)), "
                            "down_msg(invalid-actor, error(system, runtime_error)), timeout_msg(42))");
  roundtrip(msg);
  auto res = message_from_string(type_registry::global(), "(error(system, request_timeout, \"ctx\"))");
  ASSERT_TRUE(res) << to_string(res.err());
  EXPECT_TRUE(res->get_as<error>(0).is(sec::request_timeout));
  EXPECT_EQ(res->get_as<error>(0).context(), "ctx");
  expect_parse_error("(error(system, no_such_code))", "at 15: unknown error code 'no_such_code'");
  expect_parse_error("(error(, 1))", "at 7: expected an error category (an atom of up to 10 characters)");
}

TEST(text_format, cast_form_errors) {
  announce_test_types();
  expect_parse_error("(int16(70000))", "at 12: integer out of range: 70000");
  expect_parse_error("(nope(1))", "at 1: unknown type 'nope'");
  expect_parse_error("(int16(1)", "at 9: expected ')'");
  expect_parse_error("(float(x))", "at 7: expected a number");
}

// Property: random values of every supported type survive to_string ->
// message_from_string with their exact types.
template <class T>
void text_roundtrip(std::uint64_t seed) {
  gen g{seed};
  for (int i = 0; i < 200; ++i) {
    auto msg = make_message(g.make<atom_value>(), g.make<T>(), g.make<std::string>());
    auto text = to_string(msg);
    auto res = message_from_string(type_registry::global(), text);
    ASSERT_TRUE(res) << type_name<T>() << ": " << text << ": " << to_string(res.err());
    ASSERT_TRUE((res->template match_elements<atom_value, T, std::string>())) << text << " vs " << to_string(*res);
    EXPECT_TRUE(messages_equal(msg, *res)) << text << " vs " << to_string(*res);
    if constexpr (!detail::is_specialization_v<T, std::unordered_map>) { // unordered: any order
      EXPECT_EQ(to_string(*res), text);
    }
  }
}

#define TEXT_ROUNDTRIP(name, ...)                                                                                      \
  TEST(text_roundtrip, name) {                                                                                         \
    announce_test_types();                                                                                             \
    text_roundtrip<__VA_ARGS__>(0x7e470000u + __LINE__);                                                               \
  }

SERTEST_FOR_EACH_TYPE(TEXT_ROUNDTRIP)

TEST(text_format, whitespace_and_field_order) {
  announce_test_types();
  auto res = message_from_string(type_registry::global(), "  ( add_request { a=1 ,b= 2 } ,'x' )  ");
  ASSERT_TRUE(res) << to_string(res.err());
  EXPECT_EQ(res->get_as<add_request>(0), (add_request{1, 2}));
  // Fields may be positional.
  res = message_from_string(type_registry::global(), "(add_request{1, 2})");
  ASSERT_TRUE(res) << to_string(res.err());
  EXPECT_EQ(res->get_as<add_request>(0), (add_request{1, 2}));
}

TEST(text_format, actor_system_overload) {
  actor_system_config cfg;
  actor_system sys{cfg};
  auto res = message_from_string(sys, "('a', 1)");
  ASSERT_TRUE(res);
  EXPECT_TRUE((res->match_elements<atom_value, std::int32_t>()));
}

TEST(text_format, errors_report_position_and_cause) {
  announce_test_types();
  expect_parse_error("('a' 1)", "at 5: expected ')'");
  expect_parse_error("(add_request{a = 1 b = 2})", "at 19: expected ','");
  expect_parse_error("(add_request{a = 1, c = 2})", "at 20: unexpected field name 'c'");
  expect_parse_error("(nope{})", "at 1: unknown type 'nope'");
  expect_parse_error("(\"abc)", "at 6: unterminated string");
  expect_parse_error("('toolongatom1')", "at 2: atom longer than 10 characters");
  expect_parse_error("(add_request{a = 99999999999, b = 1})", "at 28: integer out of range: 99999999999");
  expect_parse_error("([1, \"x\"])", "at 9: list elements of mixed types");
  expect_parse_error("(1) x", "at 4: trailing characters");
  expect_parse_error("", "at 0: expected '('");
  expect_parse_error("(1,", "at 3: expected a value");
  expect_parse_error("([nope{}])", "at 2: type not announced: std::vector<nope>");
}

} // namespace

namespace {
struct no_equality {
  int x;
  std::string s;
};
} // namespace

// Announced types without operator== still compare (field by field), so a
// decoded message can be checked against the original.
TEST(text_format, announced_types_without_operator_eq_compare_by_fields) {
  ASSERT_FALSE(troupe::announce<no_equality>("no_equality", troupe::field("x", &no_equality::x),
                                             troupe::field("s", &no_equality::s)));
  auto msg = troupe::make_message(no_equality{7, "seven"});
  auto bytes = troupe::serialize(msg);
  auto back = troupe::deserialize(bytes);
  ASSERT_TRUE(back);
  EXPECT_TRUE(troupe::messages_equal(*back, msg));
  EXPECT_FALSE(troupe::messages_equal(troupe::make_message(no_equality{7, "eight"}), msg));
}

} // namespace text_format_test
