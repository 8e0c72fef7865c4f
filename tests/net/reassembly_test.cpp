// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The reassembly of a large frame: pieces go into chunks that never move and
// come back joined, byte for byte.
#include "net/reassembly.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

using troupe::net::reassembly;

namespace {

std::vector<std::byte> pattern(std::size_t n, std::size_t start) {
  std::vector<std::byte> out(n);
  for (std::size_t i = 0; i < n; ++i)
    out[i] = static_cast<std::byte>((start + i) * 7 % 251);
  return out;
}

} // namespace

TEST(reassembly, a_frame_of_one_chunk_comes_back_without_a_copy) {
  reassembly r;
  auto piece = pattern(1000, 0);
  r.append(piece);
  auto chunks = r.take();
  ASSERT_EQ(chunks.size(), 1u);
  const auto* data = chunks.front().data();
  auto whole = reassembly::join(std::move(chunks));
  EXPECT_EQ(whole.data(), data);
  EXPECT_EQ(whole, piece);
  EXPECT_EQ(r.size(), 0u);
}

TEST(reassembly, pieces_fill_doubling_chunks_and_join_in_order) {
  constexpr std::size_t piece_size = 64 << 10;
  constexpr std::size_t pieces = 100; // 6.4 MB
  reassembly r;
  std::vector<std::byte> expected;
  for (std::size_t i = 0; i < pieces; ++i) {
    auto piece = pattern(piece_size - i, expected.size()); // uneven sizes
    r.append(piece);
    expected.insert(expected.end(), piece.begin(), piece.end());
  }
  EXPECT_EQ(r.size(), expected.size());
  auto chunks = r.take();
  EXPECT_EQ(r.size(), 0u);
  // 256 KiB, 512 KiB, ... 4 MiB: five chunks hold 6.4 MB, none was regrown.
  ASSERT_EQ(chunks.size(), 5u);
  for (std::size_t i = 0; i < chunks.size(); ++i)
    EXPECT_EQ(chunks[i].capacity(), reassembly::first_chunk << i);
  EXPECT_EQ(reassembly::join(std::move(chunks)), expected);
}
