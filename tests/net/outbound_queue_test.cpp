// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
// The outbound queue of a connection on its own, without sockets: what the
// writer takes in which order (heartbeats first, small frames between the
// fragments of a large one, order kept between two actors) and flow control
// (a sender waits while the queue is full and goes on once it drained).
#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "net/outbound_queue.hpp"
#include "net/wire.hpp"

namespace outbound_queue_test {

using namespace troupe;
using namespace troupe::net;

namespace {

// A frame of kind `actor_message` whose body is `tag` repeated to `size`
// bytes: enough to tell frames apart on the other side.
std::vector<std::byte> message_frame(char tag, std::size_t size) {
  std::vector<std::byte> out;
  wire::actor_message_header hdr;
  hdr.dest = 1;
  auto start = wire::begin_actor_message(out, hdr);
  out.resize(out.size() + size, static_cast<std::byte>(tag));
  wire::finish_frame(out, start);
  return out;
}

std::vector<std::byte> heartbeat() {
  std::vector<std::byte> out;
  wire::write_heartbeat(out);
  return out;
}

// The receiving side: parses what the writer took, joins fragments, and
// records each whole frame as its tag ('h' for a heartbeat) in arrival order.
struct reader {
  std::vector<std::byte> stream;
  std::vector<std::byte> joined;
  std::string seen;
  std::size_t fragments = 0;

  void record(std::span<const std::byte> frame) {
    auto f = wire::read_frame(frame);
    ASSERT_TRUE(f) << to_string(f.error());
    if (f->kind == wire::frame_kind::heartbeat) {
      seen += 'h';
    } else if (f->kind == wire::frame_kind::fragment) {
      ++fragments;
      auto piece = wire::read_fragment(f->body);
      ASSERT_TRUE(piece);
      joined.insert(joined.end(), piece->piece.begin(), piece->piece.end());
      if (piece->last) {
        record(joined);
        joined.clear();
      }
    } else {
      ASSERT_EQ(f->kind, wire::frame_kind::actor_message);
      seen += static_cast<char>(f->body.back());
    }
  }

  // Takes every batch the queue offers, as the I/O thread would.
  void drain(outbound_queue& q) {
    std::vector<std::byte> buf;
    std::span<const std::byte> piece;
    while (q.next_batch(buf, piece)) {
      stream.insert(stream.end(), buf.begin(), buf.end());
      stream.insert(stream.end(), piece.begin(), piece.end());
      static_cast<void>(q.batch_written());
      parse();
    }
  }

  void parse() {
    std::size_t pos = 0;
    while (stream.size() - pos >= wire::length_size) {
      std::uint32_t n = 0;
      for (std::size_t i = 0; i < wire::length_size; ++i)
        n |= static_cast<std::uint32_t>(stream[pos + i]) << (8 * i);
      if (stream.size() - pos - wire::length_size < n)
        break;
      record(std::span<const std::byte>{stream}.subspan(pos + wire::length_size, n));
      pos += wire::length_size + n;
    }
    stream.erase(stream.begin(), stream.begin() + static_cast<std::ptrdiff_t>(pos));
  }
};

constexpr std::size_t big = 5 * wire::fragment_size + 123;

} // namespace

TEST(outbound_queue, the_first_frame_asks_for_a_write_and_later_ones_join_it) {
  outbound_queue q{1 << 20};
  auto a = message_frame('a', 10);
  auto b = message_frame('b', 10);
  EXPECT_EQ(q.push(a, 1, 2), outbound_queue::push_result::start_write);
  EXPECT_EQ(q.push(b, 1, 2), outbound_queue::push_result::queued);
  reader r;
  r.drain(q);
  EXPECT_EQ(r.seen, "ab");
  // Drained: the next frame asks for a write again.
  auto c = message_frame('c', 10);
  EXPECT_EQ(q.push(c, 1, 2), outbound_queue::push_result::start_write);
}

TEST(outbound_queue, heartbeats_go_ahead_of_queued_user_data) {
  outbound_queue q{1 << 20};
  auto a = message_frame('a', 10);
  auto b = message_frame('b', 10);
  q.push(a, 1, 2);
  q.push(b, 3, 4);
  q.push_control(heartbeat());
  reader r;
  r.drain(q);
  EXPECT_EQ(r.seen, "hab");
}

TEST(outbound_queue, a_large_message_crosses_in_fragments_and_arrives_whole) {
  outbound_queue q{std::size_t{64} << 20};
  auto l = message_frame('L', big);
  q.push(l, 1, 2);
  reader r;
  r.drain(q);
  EXPECT_EQ(r.seen, "L");
  EXPECT_EQ(r.fragments, 6u);
  EXPECT_EQ(q.queued_bytes(), 0u);
}

TEST(outbound_queue, small_frames_of_other_actors_pass_a_large_one_after_one_fragment) {
  outbound_queue q{std::size_t{64} << 20};
  auto l = message_frame('L', big);
  q.push(l, 1, 2);
  reader r;
  std::vector<std::byte> buf;
  std::span<const std::byte> piece;
  ASSERT_TRUE(q.next_batch(buf, piece)); // the first fragment is on its way ...
  auto s = message_frame('s', 10);       // ... when a small message comes
  q.push(s, 7, 2);
  q.push_control(heartbeat());
  r.stream.assign(buf.begin(), buf.end());
  r.stream.insert(r.stream.end(), piece.begin(), piece.end());
  EXPECT_TRUE(q.batch_written().empty()); // not its last fragment
  r.parse();
  r.drain(q);
  // The small message and the heartbeat came with the second fragment.
  EXPECT_EQ(r.seen, "hsL");
}

TEST(outbound_queue, a_large_message_comes_back_to_be_freed_with_its_last_fragment) {
  outbound_queue q{std::size_t{64} << 20};
  auto l = message_frame('L', big);
  const auto frame_size = l.size();
  const auto fragments = (frame_size - wire::length_size + wire::fragment_size - 1) / wire::fragment_size;
  q.push(l, 1, 2);
  auto s = message_frame('s', 10);
  q.push(s, 7, 2);
  std::vector<std::byte> buf;
  std::span<const std::byte> piece;
  std::vector<std::size_t> returned;
  while (q.next_batch(buf, piece))
    returned.push_back(q.batch_written().size());
  // The writer frees the message's bytes, whole, once its last fragment is
  // out, and nothing before: a small frame never comes back.
  ASSERT_EQ(returned.size(), fragments);
  for (std::size_t i = 0; i + 1 < returned.size(); ++i)
    EXPECT_EQ(returned[i], 0u) << "after fragment " << i;
  EXPECT_EQ(returned.back(), frame_size);
  EXPECT_EQ(q.queued_bytes(), 0u);
}

TEST(outbound_queue, order_between_two_actors_holds_behind_a_large_message) {
  outbound_queue q{std::size_t{64} << 20};
  auto l = message_frame('L', big);
  auto same = message_frame('1', 10);  // the same sender and receiver
  auto other = message_frame('2', 10); // another sender
  std::vector<std::byte> down;
  wire::write_down(down, 1, error{});
  q.push(l, 1, 2);
  q.push(same, 1, 2);
  q.push(other, 5, 2);
  q.push(down, 1, outbound_queue::any); // actor 1 terminated: after its messages
  std::vector<std::byte> bye;
  wire::write_goodbye(bye);
  q.push_last(bye);
  reader r;
  std::vector<std::byte> buf;
  std::span<const std::byte> piece;
  std::string kinds;
  while (q.next_batch(buf, piece)) {
    std::vector<std::byte> all(buf.begin(), buf.end());
    all.insert(all.end(), piece.begin(), piece.end());
    static_cast<void>(q.batch_written());
    std::size_t pos = 0;
    while (pos < all.size()) {
      std::uint32_t n = 0;
      for (std::size_t i = 0; i < wire::length_size; ++i)
        n |= static_cast<std::uint32_t>(all[pos + i]) << (8 * i);
      auto f = wire::read_frame(std::span<const std::byte>{all}.subspan(pos + wire::length_size, n));
      ASSERT_TRUE(f);
      if (f->kind == wire::frame_kind::down)
        kinds += 'd';
      else if (f->kind == wire::frame_kind::goodbye)
        kinds += 'g';
      else if (f->kind == wire::frame_kind::actor_message)
        kinds += static_cast<char>(f->body.back());
      else if (f->kind == wire::frame_kind::fragment)
        kinds += wire::read_fragment(f->body)->last ? 'L' : '.';
      pos += wire::length_size + n;
    }
  }
  // '2' passes the large message; '1', the down and the goodbye stay behind it.
  EXPECT_EQ(kinds, "2.....L1dg");
}

TEST(outbound_queue, a_frame_for_an_actor_from_no_actor_stays_behind_every_large_message_to_it) {
  outbound_queue q{std::size_t{64} << 20};
  auto to_2 = message_frame('L', big);
  auto to_3 = message_frame('M', big);
  auto marker = message_frame('m', 10);
  auto other = message_frame('o', 10);
  q.push(to_2, 1, 2);
  q.push(to_3, 5, 3);
  q.push(marker, outbound_queue::any, 2); // behind what actor 2 gets from anyone
  q.push(other, 5, 4);
  reader r;
  r.drain(q);
  // 'o' passes both large messages and the marker; the marker waits for 'L'
  // (and, in the bulk lane after it, for 'M').
  EXPECT_EQ(r.seen, "oLMm");
}

TEST(outbound_queue, a_sender_waits_while_the_queue_is_full_and_goes_on_once_it_drained) {
  constexpr std::size_t high = 4 * 1024;
  outbound_queue q{high};
  auto f = message_frame('x', 1000);
  std::atomic<int> pushed{0};
  std::atomic<bool> done{false};
  std::thread sender{[&] {
    for (int i = 0; i < 20; ++i) {
      auto copy = f;
      q.push(copy, 1, 2);
      pushed.fetch_add(1);
      q.wait_for_room(f.size());
    }
    done = true;
  }};
  // The sender stops once more than `high` bytes wait: after 5 frames of
  // ~1 KiB. Nothing is written until the reader drains.
  reader r;
  while (!done) {
    if (q.queued_bytes() > high) {
      EXPECT_LE(q.queued_bytes(), high + f.size());
      EXPECT_FALSE(done.load());
      r.drain(q);
    }
    std::this_thread::yield();
  }
  sender.join();
  r.drain(q);
  EXPECT_EQ(pushed.load(), 20);
  EXPECT_EQ(r.seen, std::string(20, 'x'));
}

TEST(outbound_queue, closing_wakes_a_waiting_sender_and_refuses_new_frames) {
  outbound_queue q{1024};
  auto f = message_frame('x', 4096);
  q.push(f, 1, 2);
  std::thread sender{[&] { q.wait_for_room(4096); }};
  q.close();
  sender.join();
  auto g = message_frame('y', 10);
  EXPECT_EQ(q.push(g, 1, 2), outbound_queue::push_result::closed);
  EXPECT_EQ(q.queued_bytes(), 0u);
  std::vector<std::byte> buf;
  std::span<const std::byte> piece;
  EXPECT_FALSE(q.next_batch(buf, piece));
}

TEST(outbound_queue, a_large_message_that_fills_the_queue_does_not_stall_the_senders_of_small_ones) {
  constexpr std::size_t high = 64 * 1024;
  outbound_queue q{high};
  auto large = message_frame('L', 4 * wire::fragment_size); // twice the high-water mark and more
  const auto large_size = large.size();
  q.push(large, 1, 2);
  // Its sender waits; the sender of a small message of another pair does not.
  EXPECT_TRUE(q.must_wait(large_size));
  auto small = message_frame('s', 100);
  q.push(small, 3, 4);
  EXPECT_FALSE(q.must_wait(small.size()));
  // Small frames have a budget of their own.
  for (std::size_t queued = 0; queued <= high; queued += small.size()) {
    auto copy = small;
    q.push(copy, 3, 4);
  }
  EXPECT_TRUE(q.must_wait(small.size()));
  // One batch takes every small frame and a fragment: the small side is free
  // again, the large side still full until enough fragments are written.
  std::vector<std::byte> buf;
  std::span<const std::byte> piece;
  ASSERT_TRUE(q.next_batch(buf, piece));
  static_cast<void>(q.batch_written());
  EXPECT_FALSE(q.must_wait(small.size()));
  EXPECT_TRUE(q.must_wait(large_size));
  while (q.must_wait(large_size)) {
    ASSERT_TRUE(q.next_batch(buf, piece));
    static_cast<void>(q.batch_written());
  }
  EXPECT_LE(q.queued_bytes(), high);
}

} // namespace outbound_queue_test
