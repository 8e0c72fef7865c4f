// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The frames a connection has yet to write, in three lanes, so that neither a
// large message nor a fast sender holds up what must get through:
//   control  heartbeats; written first, never behind user data;
//   small    every frame up to wire::fragment_size, in the order queued;
//   bulk     larger messages, written one fragment per write, so a small frame
//            waits at most one fragment's time behind them.
// A frame that must stay behind a bulk entry (a message between the same two
// actors, the down frame of an actor whose message is still in bulk, the
// goodbye) joins the bulk lane after it: order between two actors holds as it
// does locally.
//
// Flow control: small frames (wherever they wait) and large messages are
// counted apart, and each side holds at most about `high_water` bytes. A
// sender that finds its side fuller waits in wait_for_room() until the writer
// has drained it to half, or the connection closes; the I/O thread never
// waits. Counting apart keeps a 100 MB message from stalling the senders of
// small ones, which pass it on the wire anyway. The TCP window carries the
// pressure from a peer that reads slowly back to this queue.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <span>
#include <vector>

namespace troupe::net {

class outbound_queue {
public:
  // Who a frame is between, for the order rule; `any` matches every actor.
  static constexpr std::uint64_t any = ~std::uint64_t{0};

  enum class push_result {
    queued,      // a write is under way and will take it
    start_write, // the queue was idle: the caller must have the writer run
    closed,      // dropped: the connection is closed
    sealed,      // dropped: the connection is being parked (see seal)
  };

  explicit outbound_queue(std::size_t high_water) : high_water_(high_water) {}

  // A heartbeat: ahead of all user data.
  push_result push_control(std::span<const std::byte> frame);
  // An ordered frame from actor `source` for actor `dest` of the peer;
  // source = `any` with a dest: behind every message queued for `dest` (a
  // move marker).
  push_result push(std::vector<std::byte>& frame, std::uint64_t source, std::uint64_t dest);
  // An ordered frame outside any actor's order (hello, auth, monitor).
  push_result push_unordered(std::vector<std::byte>& frame) { return push(frame, any, any); }
  // After everything queued so far (the goodbye).
  push_result push_last(std::vector<std::byte>& frame);
  // push_last, and every later push is refused with `sealed` until unseal():
  // `frame` is the last this connection sends (parking it).
  push_result seal(std::vector<std::byte>& frame);
  void unseal();
  // Ordered frames pushed so far: a count that stands still while the
  // connection carries nothing (it is idle).
  std::uint64_t pushes() const;

  // I/O thread. The next batch to write: `buf` (cleared first) gets control
  // and small frames and the header of the next fragment, `piece` the
  // fragment's bytes (they stay valid until batch_written). False when there
  // is nothing to write: the queue is idle again.
  bool next_batch(std::vector<std::byte>& buf, std::span<const std::byte>& piece);
  // After the batch was written: releases what it took and wakes senders
  // waiting for room. Returns the bytes of a large message whose last
  // fragment this was (else nothing), for the caller to free: freeing 100 MB
  // takes milliseconds, which neither the queue's lock nor the I/O thread
  // should wait for.
  [[nodiscard]] std::vector<std::byte> batch_written();

  // Blocks the sender of a frame of `frame_size` bytes while its side (small
  // frames or large messages) holds more than high_water bytes, until that
  // side is down to half or the queue closed.
  void wait_for_room(std::size_t frame_size);
  // Whether wait_for_room(frame_size) would block now.
  bool must_wait(std::size_t frame_size) const;
  // Drops everything and refuses new frames; wakes waiting senders.
  void close();

  // For the thread that got start_write: how long the queue had been idle.
  std::chrono::nanoseconds idle_gap() const;

  bool closed() const;
  // No write is under way and nothing waits (or the queue is closed).
  bool idle() const;
  // Bytes of small frames and large messages not yet written.
  std::size_t queued_bytes() const;
  std::size_t high_water() const noexcept { return high_water_; }

private:
  struct bulk_entry {
    std::vector<std::byte> frame; // the whole frame, length prefix included
    std::size_t offset = 0;       // sent so far (fragmented: of the body)
    std::uint64_t source = 0;
    std::uint64_t dest = 0;
    bool fragmented = false;
  };

  // The source of a bulk entry pushed with source `any` for one actor: what
  // comes later for that actor stays behind it, the rest passes.
  static constexpr std::uint64_t any_sender = any - 1;

  static bool is_large(std::size_t frame_size) noexcept;
  // Whether a frame between source and dest must follow a bulk entry.
  bool behind_bulk(std::uint64_t source, std::uint64_t dest) const;
  push_result after_push();
  // push_last, holding mtx_.
  push_result last_locked(std::vector<std::byte>& frame);
  bool full(bool large) const noexcept { return (large ? large_bytes_ : small_bytes_) > high_water_; }
  // Under mtx_, after the byte counts changed: sets the flags below.
  void note_fill() noexcept;

  mutable std::mutex mtx_;
  std::condition_variable room_;
  std::size_t high_water_;
  std::vector<std::byte> control_;
  std::vector<std::byte> small_;
  std::deque<bulk_entry> bulk_;
  std::size_t small_bytes_ = 0;  // queued small frames, in either lane
  std::size_t large_bytes_ = 0;  // queued large messages
  std::size_t waiting_ = 0;      // senders in wait_for_room
  bool writing_ = false;         // a batch is being written
  bool pop_after_write_ = false; // the batch took the last piece of bulk_.front()
  std::size_t taken_small_ = 0;  // bytes of the batch being written ...
  std::size_t taken_large_ = 0;  // ... by side
  bool closed_ = false;
  bool sealed_ = false;
  std::uint64_t pushes_ = 0;
  std::chrono::steady_clock::time_point idle_since_{};     // when writing_ last became false
  std::atomic<std::chrono::nanoseconds::rep> idle_gap_{0}; // written under mtx_
  // full(false) and full(true), for a look without the lock.
  std::atomic<bool> small_full_{false};
  std::atomic<bool> large_full_{false};
};

} // namespace troupe::net
