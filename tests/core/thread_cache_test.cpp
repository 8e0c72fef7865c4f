// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The per-thread block cache: 8-byte size classes, alignment guarantees, and
// blocks that move between threads.
#include <troupe/troupe.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <thread>
#include <vector>

using namespace troupe;
using troupe::detail::cached_allocate;
using troupe::detail::cached_deallocate;
using troupe::detail::thread_cache;

namespace {

struct alignas(16) wide {
  long double x;
};

bool aligned(const void* p, std::size_t a) {
  return reinterpret_cast<std::uintptr_t>(p) % a == 0;
}

} // namespace

TEST(thread_cache, size_classes_are_multiples_of_eight) {
  EXPECT_EQ(thread_cache::rounded(1), 8u);
  EXPECT_EQ(thread_cache::rounded(24), 24u);
  EXPECT_EQ(thread_cache::rounded(25), 32u);
  EXPECT_EQ(thread_cache::rounded(56), 56u);
  // a one-atom message and its mailbox element: 56 bytes per queued message
  EXPECT_EQ(thread_cache::rounded(sizeof(mailbox_element))
              + thread_cache::rounded(detail::message_layout_of<atom_value>::computed.total),
            56u);
}

// Blocks whose size is a multiple of 16 are 16-byte aligned, whatever was
// carved before them; others are 8-byte aligned.
TEST(thread_cache, blocks_are_aligned_to_their_size) {
  std::vector<std::pair<void*, std::size_t>> blocks;
  for (int round = 0; round < 200; ++round) {
    for (std::size_t n : {8u, 24u, 40u, 16u, 32u, 48u, 200u, 504u}) {
      void* p = cached_allocate(n);
      EXPECT_TRUE(aligned(p, n % 16 == 0 ? 16 : 8)) << n << " at " << p;
      blocks.emplace_back(p, n);
    }
  }
  std::set<void*> distinct;
  for (auto& [p, n] : blocks)
    distinct.insert(p);
  EXPECT_EQ(distinct.size(), blocks.size()) << "no block handed out twice";
  for (auto& [p, n] : blocks)
    cached_deallocate(p, n);
}

// Messages with 16-byte aligned elements get 16-byte aligned storage.
TEST(thread_cache, messages_keep_element_alignment) {
  static_assert(detail::message_layout_of<wide, int>::computed.total % 16 == 0);
  for (int i = 0; i < 100; ++i) {
    auto a = make_message(1, 'c');
    auto m = make_message(wide{1.5L}, 7);
    EXPECT_TRUE(aligned(m.at(0), 16));
    EXPECT_EQ(m.get_as<wide>(0).x, 1.5L);
  }
}

// Blocks freed on another thread return through the depot and are reused.
TEST(thread_cache, blocks_cross_threads) {
  constexpr std::size_t n = 10000;
  std::vector<void*> blocks(n);
  for (auto& p : blocks)
    p = cached_allocate(56);
  std::thread other{[&] {
    for (auto* p : blocks)
      cached_deallocate(p, 56);
  }};
  other.join();
  std::set<void*> before(blocks.begin(), blocks.end());
  std::size_t reused = 0;
  for (std::size_t i = 0; i < n; ++i) {
    void* p = cached_allocate(56);
    reused += before.count(p);
    blocks[i] = p;
  }
  if constexpr (detail::thread_cache_enabled) {
    EXPECT_GT(reused, n / 2) << "the other thread's frees came back through the depot";
  }
  for (auto* p : blocks)
    cached_deallocate(p, 56);
}
