// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The per-thread block cache: 8-byte size classes, alignment guarantees,
// blocks that move between threads, and blocks that all come back.
#include <troupe/troupe.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace thread_cache_test {

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
  // a one-atom message and its mailbox element (its trace pointer included): 64 bytes per queued message
  EXPECT_EQ(thread_cache::rounded(sizeof(mailbox_element))
              + thread_cache::rounded(detail::message_layout_of<atom_value>::computed.total),
            64u);
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

// Blocks of the smallest to the largest class, traded between threads while
// they allocate, have one owner at a time (each owner's fill survives until
// it frees the block), and every block comes back: once all threads let go,
// the depot holds every block it carved, which is what lets an ending
// actor_system carve anew from the first slab.
TEST(thread_cache, traded_blocks_have_one_owner_and_all_come_back) {
  if constexpr (!detail::thread_cache_enabled)
    GTEST_SKIP() << "sanitizer build: the thread cache is bypassed";
  constexpr std::size_t threads = 4, rounds = 40, per_round = 700;
  constexpr std::size_t sizes[] = {8, 24, 32, 56, 200, 512};
  struct held {
    unsigned char* p;
    std::size_t size;
    unsigned char fill;
  };
  std::mutex mtx;
  std::vector<std::vector<held>> outbox(threads);
  std::atomic<std::size_t> broken{0};
  auto check_and_free = [&](std::vector<held>& blocks) {
    for (auto& b : blocks) {
      for (std::size_t i = 0; i < b.size; ++i)
        if (b.p[i] != b.fill) {
          broken.fetch_add(1);
          break;
        }
      cached_deallocate(b.p, b.size);
    }
    blocks.clear();
  };
  std::vector<std::thread> pool;
  for (std::size_t t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      for (std::size_t r = 0; r < rounds; ++r) {
        std::vector<held> mine;
        for (std::size_t i = 0; i < per_round; ++i) {
          const std::size_t size = sizes[(i + r) % std::size(sizes)];
          auto* p = static_cast<unsigned char*>(cached_allocate(size));
          const auto fill = static_cast<unsigned char>(t * 61 + r * 7 + i);
          std::memset(p, fill, size);
          mine.push_back(held{p, size, fill});
        }
        std::vector<held> theirs;
        {
          std::lock_guard guard{mtx};
          auto& out = outbox[t];
          out.insert(out.end(), mine.begin(), mine.end());
          theirs.swap(outbox[(t + 1) % threads]);
        }
        check_and_free(theirs);
      }
    });
  for (auto& th : pool)
    th.join();
  for (auto& out : outbox)
    check_and_free(out);
  EXPECT_EQ(broken.load(), 0u) << "blocks written by a second owner while the first held them";
  EXPECT_TRUE(thread_cache::recycle_if_unused()) << "a block carved from a slab never came back";
}

// Threads without a cache (exiting ones) take single blocks; a fresh carve
// gives them a page's worth, and the rest of it is not lost.
TEST(thread_cache, uncached_blocks_all_come_back) {
  if constexpr (!detail::thread_cache_enabled)
    GTEST_SKIP() << "sanitizer build: the thread cache is bypassed";
  std::vector<void*> blocks;
  for (int i = 0; i < 1000; ++i)
    blocks.push_back(thread_cache::allocate_uncached(40));
  EXPECT_EQ(std::set<void*>(blocks.begin(), blocks.end()).size(), blocks.size());
  for (auto* p : blocks)
    thread_cache::deallocate_uncached(p, 40);
  EXPECT_TRUE(thread_cache::recycle_if_unused()) << "a block carved from a slab never came back";
}

} // namespace thread_cache_test
