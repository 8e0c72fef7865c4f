// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The reassembly of a large frame: the first fragment announces the length,
// the pieces land in one buffer byte for byte, and pieces that do not add up
// to what was announced are refused.
#include "net/reassembly.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <vector>

namespace reassembly_test {

using troupe::sec;
using troupe::net::reassembly;

namespace {

std::vector<std::byte> pattern(std::size_t n, std::size_t start) {
  std::vector<std::byte> out(n);
  for (std::size_t i = 0; i < n; ++i)
    out[i] = static_cast<std::byte>((start + i) * 7 % 251);
  return out;
}

} // namespace

TEST(reassembly, pieces_of_uneven_sizes_land_in_one_buffer_in_order) {
  constexpr std::size_t piece_size = 64 << 10;
  constexpr std::size_t pieces = 100; // 6.4 MB
  std::vector<std::byte> expected;
  for (std::size_t i = 0; i < pieces; ++i) {
    auto piece = pattern(piece_size - i, expected.size());
    expected.insert(expected.end(), piece.begin(), piece.end());
  }
  reassembly r;
  ASSERT_FALSE(r.begin(expected.size()));
  const std::byte* buffer = nullptr;
  for (std::size_t at = 0, i = 0; at < expected.size(); at += piece_size - i, ++i) {
    EXPECT_FALSE(r.complete());
    ASSERT_FALSE(r.append(std::span{expected}.subspan(at, piece_size - i)));
  }
  EXPECT_TRUE(r.complete());
  EXPECT_EQ(r.size(), expected.size());
  auto whole = r.take();
  buffer = whole.bytes.get();
  EXPECT_FALSE(r.under_way());
  EXPECT_EQ(r.size(), 0u);
  ASSERT_EQ(whole.size, expected.size());
  EXPECT_TRUE(std::equal(expected.begin(), expected.end(), buffer));
}

TEST(reassembly, pieces_that_do_not_add_up_to_the_announced_length_are_refused) {
  auto bytes = pattern(1000, 0);
  reassembly r;
  // A piece with no first fragment before it.
  EXPECT_EQ(r.append(std::span{bytes}.first(10)), sec::malformed_message);
  ASSERT_FALSE(r.begin(100));
  // A second first fragment while one is under way.
  EXPECT_EQ(r.begin(100), sec::malformed_message);
  ASSERT_FALSE(r.append(std::span{bytes}.first(60)));
  // More than announced: refused whole, nothing written past the buffer.
  EXPECT_EQ(r.append(std::span{bytes}.subspan(60, 41)), sec::malformed_message);
  EXPECT_EQ(r.size(), 60u);
  ASSERT_FALSE(r.append(std::span{bytes}.subspan(60, 40)));
  EXPECT_TRUE(r.complete());
  auto whole = r.take();
  EXPECT_TRUE(std::equal(bytes.begin(), bytes.begin() + 100, whole.bytes.get()));
  // After a take, the next frame may begin.
  EXPECT_FALSE(r.begin(5));
}

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#  define TROUPE_SANITIZED_ALLOCATOR 1
#elif defined(__has_feature)
#  if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#    define TROUPE_SANITIZED_ALLOCATOR 1
#  endif
#endif

TEST(reassembly, an_announced_length_beyond_what_memory_holds_is_an_error_not_an_abort) {
#ifdef TROUPE_SANITIZED_ALLOCATOR
  GTEST_SKIP() << "the sanitizers' allocator aborts on such a request instead of failing it";
#endif
  reassembly r;
  auto err = r.begin(std::size_t{1} << 62);
  EXPECT_EQ(err, sec::runtime_error);
  EXPECT_FALSE(r.under_way());
}

} // namespace reassembly_test
