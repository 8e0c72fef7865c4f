// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/detail/cached_stack_mailbox.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <iostream>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace mailbox_test {

using troupe::detail::cached_stack_mailbox;
using troupe::detail::enqueue_result;

namespace {

// Sanitized builds run the concurrent tests with fewer messages so each test
// stays within a few seconds on a small, shared machine.
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
constexpr int scale_div = 2;
#elif defined(__has_feature)
#  if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
constexpr int scale_div = 2;
#  else
constexpr int scale_div = 1;
#  endif
#else
constexpr int scale_div = 1;
#endif

struct msg {
  msg* next = nullptr;
  int sender = 0;
  int seq = 0;
};

using mailbox = cached_stack_mailbox<msg>;

msg* make(int seq, int sender = 0) {
  auto* m = new msg;
  m->sender = sender;
  m->seq = seq;
  return m;
}

// Pops one element, returns its seq and frees it; -1 if none.
int pop_seq(mailbox& mb) {
  std::unique_ptr<msg> m{mb.try_pop()};
  return m ? m->seq : -1;
}

std::atomic<int> counted_deletes{0};

struct counting_delete {
  void operator()(msg* m) const noexcept {
    counted_deletes.fetch_add(1, std::memory_order_relaxed);
    delete m;
  }
};

} // namespace

TEST(MailboxTest, StaysSmall) {
  EXPECT_LE(sizeof(mailbox), 32u);
}

TEST(MailboxTest, StartsEmptyOpenNotBlocked) {
  mailbox mb;
  EXPECT_TRUE(mb.empty());
  EXPECT_FALSE(mb.blocked());
  EXPECT_FALSE(mb.closed());
  EXPECT_EQ(mb.try_pop(), nullptr);
  EXPECT_EQ(mb.peek(), nullptr);
  EXPECT_EQ(mb.count(), 0u);
  // Not blocked, so the first message must not ask for a wake-up.
  EXPECT_EQ(mb.enqueue(make(1)), enqueue_result::success);
  EXPECT_EQ(pop_seq(mb), 1);
}

TEST(MailboxTest, FifoSingleThread) {
  mailbox mb;
  for (int i = 0; i < 10; ++i)
    ASSERT_EQ(mb.enqueue(make(i)), enqueue_result::success);
  EXPECT_EQ(mb.count(), 10u);
  // Interleave: part of the elements are in the cache, new ones on the stack.
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(pop_seq(mb), i);
  for (int i = 10; i < 15; ++i)
    ASSERT_EQ(mb.enqueue(make(i)), enqueue_result::success);
  EXPECT_EQ(mb.count(), 11u);
  ASSERT_NE(mb.peek(), nullptr);
  EXPECT_EQ(mb.peek()->seq, 4);
  EXPECT_EQ(mb.peek()->seq, 4); // peek leaves it in place
  for (int i = 4; i < 15; ++i)
    EXPECT_EQ(pop_seq(mb), i);
  EXPECT_TRUE(mb.empty());
  EXPECT_EQ(mb.try_pop(), nullptr);
}

TEST(MailboxTest, EmptyAndPeekSeeTheStack) {
  mailbox mb;
  ASSERT_EQ(mb.enqueue(make(7)), enqueue_result::success);
  EXPECT_FALSE(mb.empty());
  ASSERT_NE(mb.peek(), nullptr);
  EXPECT_EQ(mb.peek()->seq, 7);
  EXPECT_EQ(pop_seq(mb), 7);
  EXPECT_TRUE(mb.empty());
}

TEST(MailboxTest, FifoPerSenderManyWriters) {
  constexpr int writers = 8;
  const int per_writer = 100'000 / scale_div;
  mailbox mb;
  std::atomic<bool> start{false};
  std::vector<std::thread> threads;
  for (int w = 0; w < writers; ++w)
    threads.emplace_back([&, w] {
      while (!start.load(std::memory_order_acquire))
        std::this_thread::yield();
      for (int i = 0; i < per_writer; ++i)
        if (mb.enqueue(make(i, w)) != enqueue_result::success)
          std::abort(); // never blocked nor closed here
    });
  start.store(true, std::memory_order_release);
  std::vector<int> next_seq(writers, 0);
  long received = 0;
  long out_of_order = 0;
  const long total = long{writers} * per_writer;
  while (received < total) {
    msg* m = mb.try_pop();
    if (m == nullptr) {
      std::this_thread::yield();
      continue;
    }
    if (m->seq != next_seq[m->sender])
      ++out_of_order;
    next_seq[m->sender] = m->seq + 1;
    ++received;
    delete m;
  }
  for (auto& t : threads)
    t.join();
  EXPECT_EQ(out_of_order, 0);
  EXPECT_EQ(received, total);
  for (int w = 0; w < writers; ++w)
    EXPECT_EQ(next_seq[w], per_writer);
  EXPECT_TRUE(mb.empty());
}

TEST(MailboxTest, BlockRequiresEmptyMailbox) {
  mailbox mb;
  EXPECT_FALSE(mb.try_unblock()); // not blocked
  ASSERT_EQ(mb.enqueue(make(1)), enqueue_result::success);
  EXPECT_FALSE(mb.try_block()); // pending on the stack
  ASSERT_NE(mb.peek(), nullptr);
  EXPECT_FALSE(mb.try_block()); // pending in the cache
  EXPECT_EQ(pop_seq(mb), 1);
  EXPECT_TRUE(mb.try_block());
  EXPECT_TRUE(mb.blocked());
  EXPECT_TRUE(mb.try_block()); // already blocked
  EXPECT_TRUE(mb.empty());
  EXPECT_EQ(mb.try_pop(), nullptr); // must not clobber the blocked state
  EXPECT_TRUE(mb.blocked());
  EXPECT_TRUE(mb.try_unblock());
  EXPECT_FALSE(mb.blocked());
  EXPECT_FALSE(mb.try_unblock());
  // Back to "empty, running": no wake-up requested.
  EXPECT_EQ(mb.enqueue(make(2)), enqueue_result::success);
  EXPECT_EQ(pop_seq(mb), 2);
  // Block again: exactly the first enqueue unblocks.
  ASSERT_TRUE(mb.try_block());
  EXPECT_EQ(mb.enqueue(make(3)), enqueue_result::unblocked_reader);
  EXPECT_FALSE(mb.blocked());
  EXPECT_EQ(mb.enqueue(make(4)), enqueue_result::success);
  EXPECT_FALSE(mb.try_unblock()); // a writer already did
  EXPECT_EQ(pop_seq(mb), 3);
  EXPECT_EQ(pop_seq(mb), 4);
  EXPECT_TRUE(mb.empty());
}

// A reader that drains, blocks and sleeps until the writer that got
// unblocked_reader wakes it. Every block must be answered by exactly one
// unblocked_reader, no wake-up may be lost and no message dropped.
TEST(MailboxTest, BlockUnblockRaceExactlyOneWaker) {
  constexpr int writers = 4;
  const int per_writer = 50'000 / scale_div;
  const long total = long{writers} * per_writer;
  mailbox mb;
  std::mutex mx;
  std::condition_variable cv;
  int pending_wakeups = 0; // guarded by mx
  std::atomic<long> unblocked_results{0};
  std::atomic<bool> bad_result{false};
  // Writers start once the reader has blocked on the empty mailbox, so the
  // blocked state is exercised at least once even when a loaded machine never
  // lets the reader catch up with the writers afterwards.
  std::atomic<bool> reader_blocked{false};
  std::vector<std::thread> threads;
  for (int w = 0; w < writers; ++w)
    threads.emplace_back([&, w] {
      while (!reader_blocked.load(std::memory_order_acquire))
        std::this_thread::yield();
      for (int i = 0; i < per_writer; ++i) {
        switch (mb.enqueue(make(i, w))) {
          case enqueue_result::success:
            break;
          case enqueue_result::unblocked_reader: {
            unblocked_results.fetch_add(1, std::memory_order_relaxed);
            std::lock_guard<std::mutex> lk{mx};
            ++pending_wakeups;
            cv.notify_one();
            break;
          }
          case enqueue_result::queue_closed:
            bad_result = true;
            return;
        }
        // Give the reader room to drain the mailbox and block now and then.
        if (i % 64 == 0)
          std::this_thread::sleep_for(std::chrono::microseconds(20));
      }
    });
  long blocks = 0;
  long received = 0;
  long out_of_order = 0;
  bool lost_wakeup = false;
  bool double_wakeup = false;
  std::vector<int> next_seq(writers, 0);
  while (received < total) {
    while (msg* m = mb.try_pop()) {
      if (m->seq != next_seq[m->sender])
        ++out_of_order;
      next_seq[m->sender] = m->seq + 1;
      ++received;
      delete m;
    }
    if (received == total)
      break;
    if (mb.try_block()) {
      ++blocks;
      reader_blocked.store(true, std::memory_order_release);
      std::unique_lock<std::mutex> lk{mx};
      if (!cv.wait_for(lk, std::chrono::seconds(10), [&] { return pending_wakeups > 0; })) {
        lost_wakeup = true;
        break;
      }
      if (--pending_wakeups != 0)
        double_wakeup = true;
    }
  }
  for (auto& t : threads)
    t.join();
  ASSERT_FALSE(lost_wakeup) << "reader blocked, but no writer got unblocked_reader";
  EXPECT_FALSE(bad_result);
  EXPECT_FALSE(double_wakeup);
  EXPECT_EQ(pending_wakeups, 0);
  EXPECT_EQ(blocks, unblocked_results.load());
  EXPECT_GT(blocks, 0) << "test never exercised the blocked state";
  EXPECT_EQ(received, total);
  EXPECT_EQ(out_of_order, 0);
  EXPECT_FALSE(mb.blocked());
  EXPECT_TRUE(mb.empty());
  std::cout << "[          ] blocks: " << blocks << '\n';
}

// A blocking reader times out and calls try_unblock() while a writer enqueues:
// exactly one of them wins the transition out of the blocked state.
TEST(MailboxTest, TryUnblockVsEnqueueRace) {
  const int rounds = 20'000 / scale_div;
  mailbox mb;
  std::atomic<int> go{0};
  std::atomic<int> done{0};
  std::vector<enqueue_result> results(rounds + 1);
  std::thread writer{[&] {
    for (int r = 1; r <= rounds; ++r) {
      while (go.load(std::memory_order_acquire) < r)
        std::this_thread::yield();
      results[r] = mb.enqueue(make(r));
      done.store(r, std::memory_order_release);
    }
  }};
  int unblock_won = 0;
  int writer_won = 0;
  int mismatches = 0;
  int lost = 0;
  int delay = 64;
  for (int r = 1; r <= rounds; ++r) {
    ASSERT_TRUE(mb.try_block());
    go.store(r, std::memory_order_release);
    // The time until the "timeout" fires adapts so that both sides win often
    // (it drifts towards the writer's wake-up latency), plus some jitter.
    for (int spin = delay + (r * 7919) % (delay / 2 + 16); spin > 0; --spin)
      std::atomic_signal_fence(std::memory_order_seq_cst);
    const bool unblocked = mb.try_unblock();
    // Capped near 20 us: on a loaded machine the writer may not run for a
    // whole time slice, and chasing that would make the test take a minute.
    delay = unblocked ? std::min(delay + delay / 8 + 1, 1 << 14) : delay - delay / 8;
    while (done.load(std::memory_order_acquire) < r)
      std::this_thread::yield();
    const auto res = results[r];
    if (unblocked) {
      ++unblock_won;
      mismatches += res != enqueue_result::success;
    } else {
      ++writer_won;
      mismatches += res != enqueue_result::unblocked_reader;
    }
    EXPECT_FALSE(mb.blocked());
    if (pop_seq(mb) != r)
      ++lost;
    ASSERT_EQ(mb.try_pop(), nullptr);
  }
  writer.join();
  EXPECT_EQ(mismatches, 0);
  EXPECT_EQ(lost, 0);
  EXPECT_EQ(unblock_won + writer_won, rounds);
  std::cout << "[          ] try_unblock won " << unblock_won << ", enqueue won " << writer_won << '\n';
}

TEST(MailboxTest, CloseHandsOutPendingInOrderAndRefuses) {
  mailbox mb;
  for (int i = 0; i < 6; ++i)
    ASSERT_EQ(mb.enqueue(make(i)), enqueue_result::success);
  EXPECT_EQ(pop_seq(mb), 0);                               // 1..5 now in the cache
  ASSERT_EQ(mb.enqueue(make(6)), enqueue_result::success); // 6 on the stack
  std::vector<int> seen;
  auto n = mb.close([&](msg* m) {
    seen.push_back(m->seq);
    EXPECT_EQ(m->next, nullptr);
    delete m;
  });
  EXPECT_EQ(n, 6u);
  EXPECT_EQ(seen, (std::vector<int>{1, 2, 3, 4, 5, 6}));
  EXPECT_TRUE(mb.closed());
  EXPECT_TRUE(mb.empty());
  EXPECT_EQ(mb.try_pop(), nullptr);
  EXPECT_FALSE(mb.try_block());
  // Refused: the caller keeps ownership (ASan reports a double free otherwise).
  std::unique_ptr<msg> late{make(99)};
  EXPECT_EQ(mb.enqueue(late.get()), enqueue_result::queue_closed);
  EXPECT_EQ(late->seq, 99);
  EXPECT_TRUE(mb.closed());
  // Idempotent.
  EXPECT_EQ(mb.close([](msg*) { ADD_FAILURE() << "nothing should be left"; }), 0u);
  EXPECT_TRUE(mb.closed());
}

TEST(MailboxTest, CloseWhileBlocked) {
  mailbox mb;
  ASSERT_TRUE(mb.try_block());
  EXPECT_EQ(mb.close([](msg*) { ADD_FAILURE(); }), 0u);
  EXPECT_TRUE(mb.closed());
  EXPECT_FALSE(mb.blocked());
  EXPECT_FALSE(mb.try_unblock());
  std::unique_ptr<msg> late{make(1)};
  EXPECT_EQ(mb.enqueue(late.get()), enqueue_result::queue_closed);
}

// Writers race with close(): every message is either delivered (popped or
// handed to close's callback) or refused to its sender, none twice or lost.
TEST(MailboxTest, CloseRacesWithWriters) {
  constexpr int writers = 4;
  mailbox mb;
  std::atomic<long> accepted{0};
  std::atomic<long> refused{0};
  std::vector<std::thread> threads;
  for (int w = 0; w < writers; ++w)
    threads.emplace_back([&, w] {
      for (int i = 0;; ++i) {
        auto* m = make(i, w);
        auto r = mb.enqueue(m);
        if (r == enqueue_result::queue_closed) {
          delete m; // still ours
          refused.fetch_add(1, std::memory_order_relaxed);
          return;
        }
        accepted.fetch_add(1, std::memory_order_relaxed);
      }
    });
  std::vector<int> next_seq(writers, 0);
  long delivered = 0;
  long out_of_order = 0;
  auto consume = [&](msg* m) {
    if (m->seq != next_seq[m->sender])
      ++out_of_order;
    next_seq[m->sender] = m->seq + 1;
    ++delivered;
    delete m;
  };
  while (delivered < 20'000 / scale_div)
    if (msg* m = mb.try_pop())
      consume(m);
    else
      std::this_thread::yield();
  mb.close(consume);
  for (auto& t : threads)
    t.join();
  EXPECT_EQ(refused.load(), writers);
  EXPECT_EQ(delivered, accepted.load());
  EXPECT_EQ(out_of_order, 0);
}

TEST(MailboxTest, PrependGoesFirst) {
  mailbox mb;
  for (int i = 0; i < 5; ++i)
    ASSERT_EQ(mb.enqueue(make(i)), enqueue_result::success);
  // The actor skips 0 and 1 (e.g. no matching handler yet) ...
  msg* a = mb.try_pop();
  msg* b = mb.try_pop();
  a->next = b;
  ASSERT_EQ(mb.enqueue(make(5)), enqueue_result::success);
  // ... and puts them back to see them first.
  mb.prepend(a, b);
  EXPECT_EQ(mb.count(), 6u);
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(pop_seq(mb), i);
  // Prepend into an empty cache while the stack still holds newer elements.
  ASSERT_EQ(mb.enqueue(make(11)), enqueue_result::success);
  ASSERT_EQ(mb.enqueue(make(12)), enqueue_result::success);
  msg* c = make(10);
  mb.prepend(c, c);
  EXPECT_EQ(pop_seq(mb), 10);
  EXPECT_EQ(pop_seq(mb), 11);
  EXPECT_EQ(pop_seq(mb), 12);
  // A prepended element counts as pending for try_block.
  msg* d = make(13);
  mb.prepend(d, d);
  EXPECT_FALSE(mb.try_block());
  EXPECT_EQ(pop_seq(mb), 13);
  EXPECT_TRUE(mb.try_block());
}

TEST(MailboxTest, DestructorFreesCacheAndStack) {
  counted_deletes = 0;
  {
    cached_stack_mailbox<msg, counting_delete> mb;
    for (int i = 0; i < 5; ++i)
      ASSERT_EQ(mb.enqueue(make(i)), enqueue_result::success);
    delete mb.try_pop(); // 1..4 in the cache
    for (int i = 5; i < 10; ++i)
      ASSERT_EQ(mb.enqueue(make(i)), enqueue_result::success); // 5..9 on the stack
    EXPECT_EQ(counted_deletes.load(), 0);
  }
  EXPECT_EQ(counted_deletes.load(), 9);
  counted_deletes = 0;
  {
    cached_stack_mailbox<msg, counting_delete> mb;
    ASSERT_TRUE(mb.try_block());
  }
  EXPECT_EQ(counted_deletes.load(), 0);
  {
    // With the default deleter: LeakSanitizer checks this one.
    mailbox mb;
    for (int i = 0; i < 3; ++i)
      ASSERT_EQ(mb.enqueue(make(i)), enqueue_result::success);
    ASSERT_NE(mb.peek(), nullptr);
    ASSERT_EQ(mb.enqueue(make(3)), enqueue_result::success);
  }
}

} // namespace mailbox_test
