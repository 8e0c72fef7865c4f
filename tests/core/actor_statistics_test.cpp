// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/detail/actor_statistics.hpp"

#include <atomic>
#include <mutex>

#include <gtest/gtest.h>

namespace {

using troupe::detail::actor_statistics;

TEST(actor_statistics, the_block_is_one_cache_line_and_starts_empty) {
  EXPECT_EQ(sizeof(actor_statistics), 64u);
  actor_statistics s;
  EXPECT_EQ(s.held(), 0u);
  EXPECT_EQ(s.max_depth(), 0u);
  EXPECT_FALSE(s.ended());
  EXPECT_EQ(s.skipped(), 0u);
  EXPECT_EQ(s.unmatched(), 0u);
  EXPECT_EQ(s.timing.load(std::memory_order_acquire), nullptr);
  EXPECT_TRUE(s.young());
}

TEST(actor_statistics, the_end_mark_keeps_the_deepest_mailbox_seen) {
  actor_statistics s;
  s.note_depth(5);
  s.note_depth(3);
  EXPECT_EQ(s.max_depth(), 5u);
  s.mark_ended();
  EXPECT_TRUE(s.ended());
  EXPECT_EQ(s.max_depth(), 5u) << "the end mark shows in the depth";
  s.note_depth(7); // an actor takes nothing after its end; if it did, the mark would stay
  EXPECT_TRUE(s.ended());
}

TEST(actor_statistics, a_message_given_back_is_no_longer_held) {
  actor_statistics s;
  s.taken.set(3);
  s.processed.add();
  EXPECT_EQ(s.held(), 2u);
  s.give_back_taken(); // a system message that needed no handler
  EXPECT_EQ(s.held(), 1u);
  EXPECT_EQ(s.processed.get(), 1u) << "given back, not processed";
}

TEST(actor_statistics, held_counts_across_the_wrap_of_32_bits) {
  actor_statistics s;
  s.processed.set(0xffff'fffeu);
  s.taken.set(0x0000'0001u); // three more taken than processed, past the wrap
  EXPECT_EQ(s.held(), 3u);
  s.processed.set(0x1'0000'0002u); // a reader that loads `processed` newer than `taken`
  EXPECT_EQ(s.held(), 0u);
}

TEST(actor_statistics, skipped_and_unmatched_messages_count_in_the_timing_block) {
  actor_statistics s;
  s.count_skipped();
  s.count_skipped();
  s.count_unmatched();
  EXPECT_EQ(s.skipped(), 2u);
  EXPECT_EQ(s.unmatched(), 1u);
  ASSERT_NE(s.timing.load(std::memory_order_acquire), nullptr);
  EXPECT_FALSE(s.young()) << "with a timing block, its samples are its own";
}

TEST(actor_statistics, a_reader_holding_the_lock_keeps_the_timing_block_made_meanwhile) {
  actor_statistics s;
  {
    std::lock_guard reading{s.taking()};
    s.ensure_timing(); // the actor's first sample, while a reader looks at it
    EXPECT_FALSE(s.taking().try_lock());
  }
  EXPECT_NE(s.timing.load(std::memory_order_acquire), nullptr);
  EXPECT_TRUE(s.taking().try_lock()) << "the lock stayed held";
  s.taking().unlock();
}

} // namespace
