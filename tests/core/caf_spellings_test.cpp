// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The CAF 0.17 spellings that a ported program uses unchanged once the include,
// the namespace and the macro prefix are renamed: each does what the canonical
// troupe form does.
#include "troupe/optional.hpp"
#include "troupe/serialization.hpp"
#include "troupe/string_algorithms.hpp"
#include "troupe/test.hpp"
#include "troupe/troupe.hpp"
#include "troupe/variant.hpp"

#include "support/scoped_receive.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

using namespace troupe;

// ---- types as CAF programs declare them ---------------------------------------------------

namespace app {

enum class math_error : std::uint8_t { division_by_zero = 1, overflow };

std::string to_string(math_error x) {
  switch (x) {
    case math_error::division_by_zero:
      return "division_by_zero";
    case math_error::overflow:
      return "overflow";
  }
  return {};
}

// An inspect overload written for CAF 0.17.
struct point {
  int x = 0;
  std::string label;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, point& p) {
  return f(meta::type_name("point"), p.x, p.label);
}

// The annotation mixed with named fields, and a record inside a record.
struct segment {
  point from;
  point to;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, segment& s) {
  return f(meta::type_name("segment"), field("from", s.from), field("to", s.to));
}

// Announced under another name than its annotation gives.
struct renamed {
  int value = 0;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, renamed& r) {
  return f(meta::type_name("ignored"), r.value);
}

} // namespace app

TROUPE_ERROR_CODE_ENUM(app::math_error)

enum class plain_errc : std::uint8_t { first, second };
TROUPE_ERROR_CODE_ENUM(plain_errc);

namespace caf_spellings_test {

namespace {

using caf_spellings_actors = test::deterministic_fixture;

using typed_adder = typed_actor<replies_to<int, int>::with<int>>;

behavior calculator(event_based_actor*) {
  return {
    [](int x, int y) -> result<int> {
      if (y == 0)
        return app::math_error::division_by_zero;
      return x / y;
    },
  };
}

typed_adder::behavior_type adder(typed_adder::pointer) {
  return {[](int x, int y) { return x + y; }};
}

template <class T>
std::string streamed(const T& x) {
  std::ostringstream os;
  os << x;
  return os.str();
}

template <class T>
std::vector<std::byte> encoded(const T& x) {
  std::vector<std::byte> buf;
  binary_serializer f{buf};
  EXPECT_TRUE(f.apply(x));
  return buf;
}

optional<int> parse_digit(char c) {
  if (c < '0' || c > '9')
    return none;
  return c - '0';
}

} // namespace

// ---- operator<< and to_string for expected ---------------------------------------------------

TEST(caf_spellings, expected_prints_its_value_or_its_error) {
  EXPECT_EQ(streamed(expected<int>{42}), "42");
  EXPECT_EQ(streamed(expected<std::string>{"text"}), "text");      // as `os << value`
  EXPECT_EQ(to_string(expected<std::string>{"text"}), "\"text\""); // the text form
  EXPECT_EQ(streamed(expected<std::tuple<int, int>>{std::tuple{1, 2}}), "(1, 2)");
  EXPECT_EQ(streamed(expected<message>{make_message(1, 2)}), to_string(make_message(1, 2)));
  expected<int> failed = make_error(sec::request_timeout, "after 1s");
  EXPECT_EQ(streamed(failed), R"(error(system, request_timeout, "after 1s"))");
  EXPECT_EQ(to_string(failed), to_string(failed.error()));
  EXPECT_EQ(streamed(expected<void>{}), "unit");
  EXPECT_EQ(streamed(expected<void>{sec::invalid_argument}), "error(system, invalid_argument)");
}

TEST(caf_spellings, a_function_view_result_goes_to_a_stream) {
  actor_system sys{test_support::small_config()};
  auto add = make_function_view(sys.spawn(adder));
  EXPECT_EQ(streamed(add(1, 2)), "3");
  auto divide = make_function_view(sys.spawn(calculator));
  EXPECT_EQ(streamed(divide(7, 2)), to_string(make_message(3)));
  EXPECT_EQ(streamed(divide(7, 0)), "error(math_error, division_by_zero)");
}

// ---- inspect with meta::type_name ------------------------------------------------------------

TEST(caf_spellings, annotations_add_nothing_to_the_binary_format) {
  app::point p{7, "seven"};
  EXPECT_EQ(encoded(p), encoded(std::tuple{7, std::string{"seven"}}));
  auto bytes = encoded(p);
  app::point back;
  binary_deserializer f{bytes};
  ASSERT_TRUE(f.apply(back));
  EXPECT_EQ(back.x, 7);
  EXPECT_EQ(back.label, "seven");
}

TEST(caf_spellings, the_annotation_names_an_unannounced_record_in_text) {
  app::point p{7, "seven"};
  EXPECT_EQ(deep_to_string(p), R"(point{a0 = 7, a1 = "seven"})");
  EXPECT_EQ(to_string(p), deep_to_string(p));
  app::segment s{{1, "a"}, {2, "b"}};
  EXPECT_EQ(deep_to_string(s), R"(segment{from = point{a0 = 1, a1 = "a"}, to = point{a0 = 2, a1 = "b"}})");
  EXPECT_EQ(deep_to_string(std::vector<app::point>{{1, "a"}}), R"([point{a0 = 1, a1 = "a"}])");
}

TEST(caf_spellings, the_text_parser_reads_what_the_printer_wrote) {
  app::segment s;
  text_parser f{R"(segment{from = point{a0 = 1, a1 = "a"}, to = point{2, "b"}})"};
  ASSERT_TRUE(f.apply(s)) << to_string(f.err());
  EXPECT_EQ(s.from.x, 1);
  EXPECT_EQ(s.from.label, "a");
  EXPECT_EQ(s.to.x, 2);
  EXPECT_EQ(s.to.label, "b");
  app::point p;
  text_parser wrong{R"(app::point{a0 = 1, a1 = "a"})"};
  EXPECT_FALSE(wrong.apply(p));
  EXPECT_NE(to_string(wrong.err()).find("expected 'point'"), std::string::npos) << to_string(wrong.err());
}

TEST(caf_spellings, an_announced_name_wins_over_the_annotation) {
  ASSERT_FALSE(announce<app::renamed>("renamed_rec"));
  app::renamed r{5};
  EXPECT_EQ(deep_to_string(r), "renamed_rec{a0 = 5}");
  app::renamed back;
  text_parser f{"renamed_rec{a0 = 6}"};
  ASSERT_TRUE(f.apply(back)) << to_string(f.err());
  EXPECT_EQ(back.value, 6);
  text_parser annotated{"ignored{a0 = 6}"};
  EXPECT_FALSE(annotated.apply(back));
}

// ---- TROUPE_ERROR_CODE_ENUM(name) ------------------------------------------------------------

static_assert(error_code_enum<app::math_error>);
static_assert(error_category<app::math_error>::value == atom("math_error"));
static_assert(error_category<plain_errc>::value == atom("plain_errc"));

TEST(caf_spellings, an_adopted_enum_converts_to_error) {
  error e = app::math_error::overflow;
  EXPECT_TRUE(e);
  EXPECT_EQ(e.category(), atom("math_error"));
  EXPECT_EQ(e.code(), 2);
  EXPECT_TRUE(e.is(app::math_error::overflow));
  EXPECT_FALSE(e.is(app::math_error::division_by_zero));
  EXPECT_EQ(e, make_error(app::math_error::overflow, "context is not compared"));
}

TEST(caf_spellings, an_adopted_enum_prints_through_its_own_to_string) {
  EXPECT_EQ(to_string(error{app::math_error::division_by_zero}), "error(math_error, division_by_zero)");
  EXPECT_EQ(to_string(make_error(app::math_error::overflow, "x")), R"(error(math_error, overflow, "x"))");
  EXPECT_EQ(error_code_name(0, atom("math_error")), "0");                  // its to_string has no name for 0
  EXPECT_EQ(to_string(error{plain_errc::second}), "error(plain_errc, 1)"); // no to_string: numbers
  EXPECT_EQ(registered_error_code_renderer(atom("plain_errc")), nullptr);
  EXPECT_TRUE(error_category<app::math_error>::names_registered);
  EXPECT_FALSE(register_error_code_names(atom("math_error"), "a, b")); // the category is taken
}

// ---- current_sender() as a strong_actor_ptr --------------------------------------------------

TEST_F(caf_spellings_actors, the_current_sender_is_a_strong_actor_ptr) {
  auto echo = sys.spawn([](event_based_actor* self) -> behavior {
    return {[self](int x) {
      strong_actor_ptr p = self->current_sender();
      strong_actor_ptr q = self->current_sender();
      bool same = p == q && p == self->current_sender() && self->current_sender() == p && p != nullptr;
      self->send(p, x + 1, same);
      self->send(actor_cast<actor>(p), x + 2);
    }};
  });
  self->send(echo, 1);
  expect<int>().from(self).to(echo).with(1);
  expect<int, bool>().from(echo).to(self).with(2, true);
  expect<int>().from(echo).to(self).with(3);
}

TEST_F(caf_spellings_actors, a_class_based_actor_keeps_its_sender) {
  class recorder : public event_based_actor {
  public:
    explicit recorder(actor_config& cfg) : event_based_actor(cfg) {}
    behavior make_behavior() override {
      return {
        [this](int) { first_ = current_sender(); },
        [this](const std::string&) {
          strong_actor_ptr now = current_sender();
          send(first_, now == first_);
        },
      };
    }

  private:
    strong_actor_ptr first_;
  };
  auto r = sys.spawn<recorder>();
  scoped_actor other{sys};
  self->send(r, 1);
  self->send(r, std::string{"same?"});
  other->send(r, std::string{"other?"});
  run();
  EXPECT_TRUE(received<bool>());
  EXPECT_FALSE(received<bool>());
}

TEST_F(caf_spellings_actors, an_anonymous_sender_is_a_null_strong_actor_ptr) {
  bool null = false;
  auto a = sys.spawn([&](event_based_actor* self) -> behavior {
    return {[&, self](int) {
      strong_actor_ptr p = self->current_sender();
      null = !p && p == nullptr;
    }};
  });
  anon_send(a, 1);
  run();
  EXPECT_TRUE(null);
}

// ---- anon_send_exit and send_as ---------------------------------------------------------------

TEST_F(caf_spellings_actors, anon_send_exit_ends_an_actor_without_a_sender) {
  auto a = sys.spawn([](event_based_actor*) -> behavior { return {[](int) {}}; });
  self->monitor(a);
  anon_send_exit(a, exit_reason::user_shutdown);
  run();
  auto dm = received<down_msg>();
  EXPECT_EQ(dm.source, a.address());
  EXPECT_EQ(dm.reason, exit_reason::user_shutdown);
}

TEST_F(caf_spellings_actors, anon_send_exit_reaches_an_exit_handler_with_an_empty_source) {
  actor_addr source = actor{self}.address(); // not empty: the handler must clear it
  error reason;
  auto a = sys.spawn([&](event_based_actor* self) -> behavior {
    self->set_exit_handler([&](exit_msg& em) {
      source = em.source;
      reason = em.reason;
    });
    return {[](int) {}};
  });
  anon_send_exit(a.address(), exit_reason::user_shutdown);
  run();
  EXPECT_FALSE(source);
  EXPECT_EQ(reason, exit_reason::user_shutdown);
  EXPECT_FALSE(a->is_terminated()); // it trapped the exit
}

TEST_F(caf_spellings_actors, send_as_makes_the_receiver_answer_someone_else) {
  auto doubler = sys.spawn([](event_based_actor*) -> behavior { return {[](int x) { return x * 2; }}; });
  scoped_actor client{sys};
  send_as(client, doubler, 21);
  expect<int>().from(client).to(doubler).with(21);
  expect<int>().from(doubler).to(client).with(42);
  EXPECT_FALSE(has_message(self));
}

TEST_F(caf_spellings_actors, send_as_to_a_typed_actor_and_to_a_group) {
  auto typed = sys.spawn(adder);
  scoped_actor client{sys};
  send_as(client, typed, 1, 2);
  expect<int, int>().from(client).to(typed).with(1, 2);
  expect<int>().from(typed).to(client).with(3);
  auto g = sys.groups().get_local("caf_spellings");
  auto member = sys.spawn([g](event_based_actor* self) -> behavior {
    self->join(g);
    return {[](const std::string& s) { return s + "!"; }};
  });
  run();
  send_as(client, g, std::string{"hi"});
  expect<std::string>().from(client).to(member).with("hi");
  expect<std::string>().from(member).to(client).with("hi!");
}

// ---- attach_functor -----------------------------------------------------------------------------

TEST_F(caf_spellings_actors, attached_functors_run_when_the_actor_terminates) {
  auto a = sys.spawn([](event_based_actor*) -> behavior { return {[](int) {}}; });
  std::vector<std::string> calls;
  a->attach_functor([&](const error& reason) { calls.push_back(to_string(reason)); });
  a->attach_functor([&] { calls.push_back("no arguments"); });
  run();
  EXPECT_TRUE(calls.empty());
  self->send_exit(a, exit_reason::user_shutdown);
  run();
  ASSERT_TRUE(a->is_terminated());
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_EQ(std::count(calls.begin(), calls.end(), "error(exit, user_shutdown)"), 1);
  EXPECT_EQ(std::count(calls.begin(), calls.end(), "no arguments"), 1);
  // Attached after the end: runs at once, here.
  error late;
  a->attach_functor([&](const error& reason) { late = reason; });
  EXPECT_EQ(late, exit_reason::user_shutdown);
  EXPECT_EQ(calls.size(), 2u); // the others ran once
}

TEST_F(caf_spellings_actors, an_actor_attaches_a_functor_to_itself) {
  auto a = sys.spawn([watcher = actor{self}](event_based_actor* self) -> behavior {
    self->attach_functor([watcher](const error& reason) { anon_send(watcher, "bye: " + to_string(reason)); });
    return {[self](int) { self->quit(); }};
  });
  self->send(a, 1);
  run();
  EXPECT_EQ(received<std::string>(), "bye: error(exit, normal)");
}

// ---- joined_groups ------------------------------------------------------------------------------

TEST_F(caf_spellings_actors, joined_groups_lists_what_was_joined_and_not_left) {
  auto news = sys.groups().get_local("news");
  auto chat = sys.groups().get_local("chat");
  EXPECT_TRUE(self->joined_groups().empty());
  self->join(news);
  self->join(chat);
  self->join(news); // once, however often it joins
  self->join(group{});
  EXPECT_EQ(self->joined_groups().size(), 2u);
  EXPECT_EQ(self->joined_groups().count(news), 1u);
  EXPECT_EQ(self->joined_groups().count(chat), 1u);
  self->leave(news);
  EXPECT_EQ(self->joined_groups().size(), 1u);
  EXPECT_EQ(self->joined_groups().count(chat), 1u);
  anon_send(news, 1);
  anon_send(chat, 2);
  EXPECT_EQ(received<int>(), 2); // left news: only chat's message came
  EXPECT_FALSE(has_message(self));
}

TEST_F(caf_spellings_actors, an_actor_sees_its_own_groups) {
  auto g = sys.groups().get_local("members");
  auto a = sys.spawn([g](event_based_actor* self) -> behavior {
    self->join(g);
    return {[self](int) -> std::size_t { return self->joined_groups().size(); },
            [self, g](const std::string&) {
              self->leave(g);
              return self->joined_groups().size();
            }};
  });
  self->send(a, 1);
  self->send(a, std::string{"leave"});
  run();
  EXPECT_EQ(received<std::size_t>(), 1u);
  EXPECT_EQ(received<std::size_t>(), 0u);
}

// ---- group_down_msg -----------------------------------------------------------------------------

TEST_F(caf_spellings_actors, a_group_down_msg_case_matches_one) {
  auto g = sys.groups().get_local("gone");
  group seen;
  auto a =
    sys.spawn([&](event_based_actor*) -> behavior { return {[&](const group_down_msg& m) { seen = m.source; }}; });
  anon_send(a, group_down_msg{g});
  run();
  EXPECT_EQ(seen, g);
  EXPECT_EQ(to_string(group_down_msg{g}), "group_down_msg(local:gone)");
}

// ---- message_builder -----------------------------------------------------------------------------

TEST(caf_spellings, message_builder_builds_what_make_message_builds) {
  message_builder mb;
  EXPECT_TRUE(mb.empty());
  EXPECT_TRUE(mb.to_message().empty());
  mb.append(1).append("two");
  mb.append_all(3.5, 'c', atom("four"));
  EXPECT_EQ(mb.size(), 5u);
  message m = mb.to_message();
  ASSERT_TRUE((m.match_elements<int, std::string, double, char, atom_value>()));
  EXPECT_EQ(m.get_as<int>(0), 1);
  EXPECT_EQ(m.get_as<std::string>(1), "two");
  EXPECT_EQ(m.get_as<double>(2), 3.5);
  EXPECT_EQ(m.get_as<char>(3), 'c');
  EXPECT_EQ(m.get_as<atom_value>(4), atom("four"));
  EXPECT_EQ(to_string(m), to_string(make_message(1, "two", 3.5, 'c', atom("four"))));
  // The builder keeps its elements and grows further.
  mb.append(std::vector<int>{1, 2});
  EXPECT_EQ(mb.to_message().size(), 6u);
  EXPECT_EQ(m.size(), 5u);
}

TEST(caf_spellings, built_messages_copy_on_write) {
  message_builder mb;
  for (int i = 0; i < 12; ++i) // more elements than any small buffer
    mb.append(std::string(static_cast<std::size_t>(i) * 10, 'x'));
  mb.append(42);
  message a = mb.to_message();
  message b = a;
  b.get_mutable_as<int>(12) = 7; // copies the shared payload first
  b.get_mutable_as<std::string>(3) = "changed";
  EXPECT_EQ(a.get_as<int>(12), 42);
  EXPECT_EQ(a.get_as<std::string>(3), std::string(30, 'x'));
  EXPECT_EQ(b.get_as<int>(12), 7);
  EXPECT_EQ(b.get_as<std::string>(3), "changed");
  EXPECT_EQ(b.get_as<std::string>(11), std::string(110, 'x'));
}

TEST(caf_spellings, message_builder_from_a_range_and_moved_out) {
  std::vector<int> xs{1, 2, 3};
  message_builder mb{xs.begin(), xs.end()};
  auto m = mb.to_message();
  ASSERT_TRUE((m.match_elements<int, int, int>()));
  EXPECT_EQ(m.get_as<int>(2), 3);
  mb.append_tuple(std::tuple{std::string{"moved"}});
  auto moved = mb.move_to_message();
  EXPECT_TRUE(mb.empty());
  ASSERT_TRUE((moved.match_elements<int, int, int, std::string>()));
  EXPECT_EQ(moved.get_as<std::string>(3), "moved");
  message_builder nested;
  nested.append(make_message(1, 2)); // a message as an element, not spliced in
  auto outer = nested.to_message();
  ASSERT_TRUE(outer.match_elements<message>());
  EXPECT_EQ(outer.get_as<message>(0).size(), 2u);
}

TEST(caf_spellings, message_builder_apply_runs_a_handler) {
  message_builder mb;
  mb.append_all(1, 2);
  auto sum = mb.apply({[](int x, int y) { return x + y; }});
  ASSERT_TRUE(sum);
  ASSERT_TRUE(sum->match_elements<int>());
  EXPECT_EQ(sum->get_as<int>(0), 3);
  bool ran = false;
  auto nothing = mb.apply({[&](int, int) { ran = true; }});
  ASSERT_TRUE(nothing);
  EXPECT_TRUE(ran);
  EXPECT_TRUE(nothing->empty());
  EXPECT_FALSE(mb.apply({[](const std::string&) {}}));
}

TEST_F(caf_spellings_actors, a_built_message_matches_in_a_behavior) {
  auto a = sys.spawn(
    [](event_based_actor*) -> behavior { return {[](int x, const std::string& s) { return s + std::to_string(x); }}; });
  message_builder mb;
  mb.append(7).append("n = ");
  self->send(a, mb.to_message());
  expect<int, std::string>().from(self).to(a).with(7, "n = ");
  EXPECT_EQ(received<std::string>(), "n = 7");
}

// ---- split and is_any_of -----------------------------------------------------------------------

namespace {

std::vector<std::string> split_all(std::string_view str, std::string_view delims, bool keep_all = true) {
  std::vector<std::string> out{"kept"};
  split(out, str, is_any_of(delims), keep_all);
  return out;
}

} // namespace

TEST(caf_spellings, split_appends_the_tokens) {
  using v = std::vector<std::string>;
  EXPECT_EQ(split_all("a,b", ","), (v{"kept", "a", "b"}));
  EXPECT_EQ(split_all("a b;c", " ;"), (v{"kept", "a", "b", "c"}));
  EXPECT_EQ(split_all("abc", ""), (v{"kept", "abc"}));
}

TEST(caf_spellings, split_keeps_or_drops_empty_tokens) {
  using v = std::vector<std::string>;
  EXPECT_EQ(split_all("a,,b", ","), (v{"kept", "a", "", "b"}));
  EXPECT_EQ(split_all(",a,", ","), (v{"kept", "", "a", ""}));
  EXPECT_EQ(split_all("", ","), (v{"kept", ""}));
  EXPECT_EQ(split_all("a,,b", ",", token_compress_on), (v{"kept", "a", "b"}));
  EXPECT_EQ(split_all(",a,", ",", false), (v{"kept", "a"}));
  EXPECT_EQ(split_all("", ",", false), (v{"kept"}));
}

TEST(caf_spellings, split_into_views_and_by_one_char) {
  std::string line = "x=1;y=2";
  std::vector<std::string_view> views;
  split(views, line, ';');
  ASSERT_EQ(views.size(), 2u);
  EXPECT_EQ(views[1], "y=2");
  EXPECT_EQ(views[1].data(), line.data() + 4); // points into the string
  std::vector<std::string> words;
  split(words, "a  b", ' ', false);
  EXPECT_EQ(words, (std::vector<std::string>{"a", "b"}));
}

// ---- variant, optional and none ---------------------------------------------------------------

static_assert(std::is_same_v<troupe::optional<int>, std::optional<int>>);
static_assert(std::is_same_v<troupe::variant<int, std::string>, std::variant<int, std::string>>);

TEST(caf_spellings, none_is_the_empty_optional) {
  optional<int> x = none;
  EXPECT_FALSE(x);
  EXPECT_TRUE(x == none);
  EXPECT_TRUE(none == x);
  x = 3;
  EXPECT_TRUE(x != none);
  EXPECT_EQ(*x, 3);
  x = none;
  EXPECT_FALSE(x.has_value());
  optional<std::string> s{none};
  EXPECT_FALSE(s);
  EXPECT_EQ(parse_digit('7'), 7);
  EXPECT_EQ(parse_digit('x'), none);
  // Emptiness, not the value: an optional that holds an invalid node_id is no none.
  optional<node_id> n{std::in_place};
  EXPECT_TRUE(*n == none);
  EXPECT_FALSE(n == none);
  EXPECT_TRUE(node_id{} == none);
}

TEST_F(caf_spellings_actors, variant_and_its_access_functions) {
  troupe::variant<int, std::string> v = std::string{"text"};
  EXPECT_TRUE(troupe::holds_alternative<std::string>(v));
  EXPECT_EQ(troupe::get<std::string>(v), "text");
  EXPECT_EQ(troupe::get_if<int>(&v), nullptr);
  EXPECT_EQ(troupe::visit([](const auto& x) { return deep_to_string(x); }, v), "\"text\"");
  std::string got;
  auto a = sys.spawn([&](event_based_actor*) -> behavior {
    return {[&](const troupe::variant<int, std::string>& x) { got = deep_to_string(x); }};
  });
  self->send(a, troupe::variant<int, std::string>{5});
  run();
  EXPECT_EQ(got, "int32(5)");
}

} // namespace caf_spellings_test
