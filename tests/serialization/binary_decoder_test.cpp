// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The message decoder on truncated, oversized and malicious input.
#include <gtest/gtest.h>

#include <random>

#include "test_types.hpp"
#include "troupe/serialization.hpp"

namespace binary_decoder_test {

using namespace troupe;
using namespace sertest;

namespace {

std::vector<std::byte> bytes(std::initializer_list<int> xs) {
  std::vector<std::byte> out;
  for (int x : xs)
    out.push_back(static_cast<std::byte>(x));
  return out;
}

void expect_error(const std::vector<std::byte>& input, std::string_view fragment) {
  auto res = deserialize(input);
  ASSERT_FALSE(res);
  EXPECT_NE(res.err().context().find(fragment), std::string::npos) << res.err().context();
}

TEST(binary_decoder, empty_input) {
  expect_error({}, "at 0: unexpected end of input");
}

TEST(binary_decoder, wrong_version) {
  expect_error(bytes({2, 0}), "unsupported format version 2");
}

TEST(binary_decoder, oversized_counts_are_rejected_before_allocating) {
  // 2^63 elements
  expect_error(bytes({1, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01}), "exceeds the remaining input");
  // a string claiming 4 GiB
  expect_error(bytes({1, 1, 12, 0xff, 0xff, 0xff, 0xff, 0x0f, 'a'}), "exceeds the remaining input");
  // a vector<int32> claiming 1000 elements with 8 bytes left
  expect_error(bytes({1, 1, 21, 0xe8, 0x07, 0, 0, 0, 0, 0, 0, 0, 0}), "exceeds the remaining input");
}

TEST(binary_decoder, varint_overflow) {
  expect_error(bytes({1, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}), "varint overflows");
}

TEST(binary_decoder, unknown_types) {
  expect_error(bytes({1, 1, 100, 0}), "unknown type code 100");
  expect_error(bytes({1, 1, 0, 3, 'f', 'o', 'o', 0}), "unknown type name 'foo'");
}

TEST(binary_decoder, invalid_values) {
  expect_error(bytes({1, 1, 1, 2}), "invalid bool");
  expect_error(bytes({1, 1, 13, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}), "invalid atom");
  expect_error(bytes({1, 1, 4, 1, 0, 0, 0, 99}), "trailing bytes");
}

TEST(binary_decoder, every_truncation_fails_cleanly) {
  announce_test_types();
  auto msg = make_message(atom("x"), order{"item", {1, 2, 3}, 2.5, color::blue, {4, 5}},
                          std::vector<std::string>{"a", "bc"}, std::map<std::string, std::int32_t>{{"k", 1}});
  auto full = serialize(msg);
  for (std::size_t n = 0; n < full.size(); ++n) {
    auto res = deserialize(std::span<const std::byte>{full.data(), n});
    EXPECT_FALSE(res) << "prefix " << n;
  }
  EXPECT_TRUE(deserialize(full));
}

TEST(binary_decoder, random_mutations_never_crash) {
  announce_test_types();
  auto msg = make_message(atom("x"), order{"item", {1, 2, 3}, 2.5, color::blue, {4, 5}},
                          std::variant<std::int32_t, std::string, add_request>{add_request{1, 2}},
                          std::optional<std::string>{"opt"}, error{sec::runtime_error, "ctx"});
  auto full = serialize(msg);
  std::mt19937 rng{1234};
  int ok = 0;
  for (int i = 0; i < 20000; ++i) {
    auto input = full;
    auto flips = 1 + rng() % 4;
    for (unsigned j = 0; j < flips; ++j)
      input[rng() % input.size()] = static_cast<std::byte>(rng());
    if (rng() % 4 == 0)
      input.resize(rng() % input.size());
    auto res = deserialize(input);
    if (res) {
      ++ok;
      // Whatever decodes re-encodes.
      EXPECT_NO_THROW(serialize(*res));
    } else {
      EXPECT_TRUE(res.err());
    }
  }
  SUCCEED() << ok << " mutated inputs still decoded";
}

TEST(binary_decoder, duplicate_map_keys_rejected) {
  announce_test_types();
  auto bytes_ok = serialize(make_message(std::map<std::string, std::int32_t>{{"a", 1}, {"b", 2}}));
  // Rename key "b" to "a".
  for (std::size_t i = 0; i + 1 < bytes_ok.size(); ++i)
    if (bytes_ok[i] == std::byte{1} && bytes_ok[i + 1] == std::byte{'b'})
      bytes_ok[i + 1] = std::byte{'a'};
  expect_error(bytes_ok, "duplicate map key");
}

// A record whose inspect overload refuses a value it read, without saying why.
struct picky_color {
  std::uint8_t value = 0; // 0, 1 or 2
  friend bool operator==(const picky_color&, const picky_color&) = default;
};

template <class Inspector>
bool inspect(Inspector& f, picky_color& x) {
  return f(field("value", x.value)) && x.value < 3;
}

TEST(binary_decoder, an_inspect_overload_that_refuses_a_value_gives_an_error) {
  ASSERT_FALSE(announce<picky_color>("picky_color"));
  auto good = serialize(make_message(picky_color{2}));
  ASSERT_TRUE(deserialize(good));
  auto bad = good;
  bad.back() = std::byte{7}; // the value, the message's last byte
  expect_error(bad, "a value picky_color does not accept");
  auto parsed = message_from_string(type_registry::global(), "(picky_color{value = 9})");
  ASSERT_FALSE(parsed);
  EXPECT_NE(parsed.error().context().find("does not accept"), std::string::npos) << parsed.error().context();
  EXPECT_TRUE(message_from_string(type_registry::global(), "(picky_color{value = 1})"));
}

} // namespace

} // namespace binary_decoder_test
