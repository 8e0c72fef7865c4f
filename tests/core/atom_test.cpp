// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/atom.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace atom_test {

using namespace troupe;

namespace {

// --- compile-time properties -------------------------------------------------

static_assert(std::is_same_v<std::underlying_type_t<atom_value>, std::uint64_t>);
static_assert(sizeof(atom_value) == 8);
static_assert(atom("get") != atom("put"));
static_assert(atom("get") == atom("get"));
static_assert(atom("") == atom_value{});
static_assert(atom("a") != atom("a "));
static_assert(atom("0") != atom(""));
static_assert(atom("00") != atom("0"));
static_assert(atom("abc") < atom("abd")); // same length: ASCII order
static_assert(atom("ABC") < atom("abc"));
static_assert(atom("zz") < atom("aaa")); // shorter first
static_assert(detail::atom_decode(atom("hello")).view() == "hello");
static_assert(detail::atom_decode(atom("0123456789")).view() == "0123456789");
static_assert(detail::atom_decode(atom(" _ Zz9 ")).view() == " _ Zz9 ");
static_assert(detail::atom_is_canonical(atom("")));
static_assert(detail::atom_is_canonical(atom("abcdefghij")));
static_assert(!detail::atom_is_canonical(static_cast<atom_value>(~std::uint64_t{0})));

// The alphabet codes follow the alphabet string.
constexpr bool alphabet_consistent() {
  for (std::size_t i = 0; i < detail::atom_alphabet.size(); ++i)
    if (detail::atom_char_code(detail::atom_alphabet[i]) != static_cast<int>(i))
      return false;
  return true;
}
static_assert(alphabet_consistent());

constexpr bool encodes_at_compile_time(std::string_view s) {
  return (detail::atom_encode(s), true);
}
static_assert(encodes_at_compile_time("ok_atom"));

template <atom_value V>
struct tagged {
  static constexpr atom_value tag = V;
};
static_assert(tagged<atom("ping")>::tag == atom("ping"));
static_assert(!std::is_same_v<tagged<atom("ping")>, tagged<atom("pong")>>);

static_assert(atom_constant<atom("get")>::value == atom("get"));
static_assert(atom_constant<atom("get")>{} == atom("get"));
static_assert(std::is_empty_v<atom_constant<atom("get")>>);

// Usable as a case label.
constexpr int dispatch(atom_value v) {
  switch (v) {
    case atom("get"):
      return 1;
    case atom("put"):
      return 2;
    case atom("delete"):
      return 3;
    default:
      return 0;
  }
}
static_assert(dispatch(atom("get")) == 1);
static_assert(dispatch(atom("put")) == 2);
static_assert(dispatch(atom("delete")) == 3);
static_assert(dispatch(atom("post")) == 0);

// A constant-expression probe for invalid characters: atom_encode must throw,
// which makes the call non-constant. std::is_constant_evaluated cannot test
// this directly, so use a SFINAE-friendly template argument.
template <class T, T V>
struct probe {};
template <char C>
constexpr auto encode_one() {
  constexpr char s[2] = {C, '\0'};
  return detail::atom_encode(std::string_view{s, 1});
}
template <char C>
concept valid_atom_char = requires {
  typename probe<atom_value, encode_one<C>()>;
};
static_assert(valid_atom_char<'a'>);
static_assert(valid_atom_char<'_'>);
static_assert(valid_atom_char<' '>);
static_assert(!valid_atom_char<'-'>);
static_assert(!valid_atom_char<'!'>);
static_assert(!valid_atom_char<'\n'>);

} // namespace

// --- run-time behaviour -------------------------------------------------------

TEST(atom, round_trip) {
  EXPECT_EQ(to_string(atom("")), "");
  EXPECT_EQ(to_string(atom("a")), "a");
  EXPECT_EQ(to_string(atom("get")), "get");
  EXPECT_EQ(to_string(atom("system")), "system");
  EXPECT_EQ(to_string(atom("exit")), "exit");
  EXPECT_EQ(to_string(atom("0123456789")), "0123456789");
  EXPECT_EQ(to_string(atom("ABCDEFGHIJ")), "ABCDEFGHIJ");
  EXPECT_EQ(to_string(atom("KLMNOPQRST")), "KLMNOPQRST");
  EXPECT_EQ(to_string(atom("UVWXYZ_abc")), "UVWXYZ_abc");
  EXPECT_EQ(to_string(atom("defghijklm")), "defghijklm");
  EXPECT_EQ(to_string(atom("nopqrstuvw")), "nopqrstuvw");
  EXPECT_EQ(to_string(atom("xyz")), "xyz");
  EXPECT_EQ(to_string(atom(" ")), " ");
  EXPECT_EQ(to_string(atom("          ")), "          ");
  EXPECT_EQ(to_string(atom(" lead")), " lead");
  EXPECT_EQ(to_string(atom("trail ")), "trail ");
  EXPECT_EQ(to_string(atom("000")), "000");
  EXPECT_EQ(to_string(atom("__")), "__");
  EXPECT_EQ(to_string(atom("zzzzzzzzzz")), "zzzzzzzzzz");
}

TEST(atom, round_trip_every_character_in_every_position) {
  for (std::size_t len = 1; len <= detail::atom_max_length; ++len) {
    for (char c : detail::atom_alphabet) {
      for (std::size_t pos = 0; pos < len; ++pos) {
        std::string s(len, 'q');
        s[pos] = c;
        auto v = detail::atom_encode(s);
        EXPECT_TRUE(detail::atom_is_canonical(v));
        EXPECT_EQ(to_string(v), s);
      }
    }
  }
}

TEST(atom, distinct_values_for_distinct_strings) {
  // All strings of length 0..2 over the alphabet plus a few longer ones.
  std::vector<std::string> strings{""};
  for (char a : detail::atom_alphabet) {
    strings.emplace_back(1, a);
    for (char b : detail::atom_alphabet)
      strings.push_back(std::string{a, b});
  }
  for (const char* s :
       {"get", "put", "get ", " get", "0get", "get0", "Get", "GET", "abcdefghij", "abcdefghi", "abcdefghiz"})
    strings.emplace_back(s);
  std::set<std::uint64_t> values;
  for (const auto& s : strings)
    values.insert(static_cast<std::uint64_t>(detail::atom_encode(s)));
  EXPECT_EQ(values.size(), strings.size());
}

TEST(atom, runtime_errors_throw) {
  EXPECT_THROW(detail::atom_encode("abcdefghijk"), std::invalid_argument);
  EXPECT_THROW(detail::atom_encode("a-b"), std::invalid_argument);
  EXPECT_THROW(detail::atom_encode("\xC3\xA4"), std::invalid_argument);
  // A non-constant call of atom() with a bad character throws as well.
  char buf[4] = {'a', '.', 'b', '\0'};
  EXPECT_THROW((void)atom(buf), std::invalid_argument);
}

TEST(atom, text_ends_at_first_nul) {
  char buf[8] = {'a', 'b', '\0', 'z', 'z', '\0', '\0', '\0'};
  EXPECT_EQ(atom(buf), atom("ab"));
}

TEST(atom, invalid_values_render_without_throwing) {
  auto bad = static_cast<atom_value>(0xF000000000000001ULL);
  EXPECT_EQ(to_string(bad), "<invalid atom 0xf000000000000001>");
  auto noncanonical = static_cast<atom_value>((std::uint64_t{1} << 60) | 1);
  EXPECT_EQ(to_string(noncanonical), "<invalid atom 0x1000000000000001>");
}

TEST(atom, streaming) {
  std::ostringstream os;
  os << atom("hello") << ',' << atom_constant<atom("world")>{};
  EXPECT_EQ(os.str(), "hello,world");
}

TEST(atom, atom_constant) {
  using get_atom = atom_constant<atom("get")>;
  get_atom g;
  atom_value v = g;
  EXPECT_EQ(v, atom("get"));
  EXPECT_EQ(get_atom::value, atom("get"));
  EXPECT_EQ(to_string(g), "get");
  EXPECT_TRUE(g == atom("get"));
  EXPECT_TRUE(atom("put") != g);
}

TEST(atom, switch_at_run_time) {
  auto f = [](atom_value v) {
    switch (v) {
      case atom("add"):
        return 1;
      case atom("sub"):
        return 2;
      default:
        return 0;
    }
  };
  std::string names[] = {"add", "sub", "mul"};
  EXPECT_EQ(f(detail::atom_encode(names[0])), 1);
  EXPECT_EQ(f(detail::atom_encode(names[1])), 2);
  EXPECT_EQ(f(detail::atom_encode(names[2])), 0);
}

} // namespace atom_test
