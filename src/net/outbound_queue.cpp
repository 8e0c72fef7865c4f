// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "outbound_queue.hpp"

#include <algorithm>

#include "wire.hpp"

namespace troupe::net {

outbound_queue::push_result outbound_queue::push_control(std::span<const std::byte> frame) {
  std::lock_guard guard{mtx_};
  if (closed_)
    return push_result::closed;
  if (sealed_)
    return push_result::sealed;
  control_.insert(control_.end(), frame.begin(), frame.end());
  return after_push();
}

bool outbound_queue::is_large(std::size_t frame_size) noexcept {
  return frame_size > wire::length_size + wire::fragment_size;
}

outbound_queue::push_result outbound_queue::push(std::vector<std::byte>& frame, std::uint64_t source,
                                                 std::uint64_t dest) {
  std::lock_guard guard{mtx_};
  if (closed_)
    return push_result::closed;
  if (sealed_)
    return push_result::sealed;
  ++pushes_;
  auto n = frame.size();
  if (is_large(n)) {
    large_bytes_ += n;
    note_fill();
    bulk_.push_back(bulk_entry{std::move(frame), wire::length_size, source, dest, true});
    return after_push();
  }
  small_bytes_ += n;
  note_fill();
  if (behind_bulk(source, dest))
    bulk_.push_back(bulk_entry{frame, 0, source == any && dest != any ? any_sender : source, dest, false});
  else
    small_.insert(small_.end(), frame.begin(), frame.end());
  return after_push();
}

outbound_queue::push_result outbound_queue::seal(std::vector<std::byte>& frame) {
  std::lock_guard guard{mtx_};
  if (closed_)
    return push_result::closed;
  if (sealed_)
    return push_result::sealed;
  sealed_ = true;
  return last_locked(frame);
}

void outbound_queue::unseal() {
  std::lock_guard guard{mtx_};
  sealed_ = false;
}

std::uint64_t outbound_queue::pushes() const {
  std::lock_guard guard{mtx_};
  return pushes_;
}

outbound_queue::push_result outbound_queue::push_last(std::vector<std::byte>& frame) {
  std::lock_guard guard{mtx_};
  if (closed_)
    return push_result::closed;
  if (sealed_)
    return push_result::sealed;
  return last_locked(frame);
}

outbound_queue::push_result outbound_queue::last_locked(std::vector<std::byte>& frame) {
  small_bytes_ += frame.size();
  note_fill();
  if (bulk_.empty())
    small_.insert(small_.end(), frame.begin(), frame.end());
  else
    bulk_.push_back(bulk_entry{frame, 0, any, any, false});
  return after_push();
}

bool outbound_queue::behind_bulk(std::uint64_t source, std::uint64_t dest) const {
  if (bulk_.empty()) // the common case, and a deque's iterators are not free
    return false;
  return std::any_of(bulk_.begin(), bulk_.end(), [&](const bulk_entry& e) {
    return e.source == any || (e.source == source && (e.dest == dest || e.dest == any || dest == any))
           || (source == any && dest != any && e.dest == dest)
           || (e.source == any_sender && (e.dest == dest || dest == any));
  });
}

outbound_queue::push_result outbound_queue::after_push() {
  if (writing_)
    return push_result::queued;
  writing_ = true;
  idle_gap_.store((std::chrono::steady_clock::now() - idle_since_).count(), std::memory_order_relaxed);
  return push_result::start_write;
}

bool outbound_queue::next_batch(std::vector<std::byte>& buf, std::span<const std::byte>& piece) {
  buf.clear();
  piece = {};
  std::lock_guard guard{mtx_};
  if (closed_) {
    writing_ = false;
    idle_since_ = std::chrono::steady_clock::now();
    return false;
  }
  if (!control_.empty()) {
    buf.swap(control_);
    control_.clear();
  }
  taken_small_ = small_.size();
  taken_large_ = 0;
  if (buf.empty()) {
    buf.swap(small_); // the common case: no copy
  } else {
    buf.insert(buf.end(), small_.begin(), small_.end());
  }
  small_.clear();
  // Whole frames that wait in bulk behind an entry already sent go now, then
  // one fragment of the first large message.
  while (!bulk_.empty() && !bulk_.front().fragmented) {
    auto& e = bulk_.front();
    buf.insert(buf.end(), e.frame.begin(), e.frame.end());
    taken_small_ += e.frame.size();
    bulk_.pop_front();
  }
  if (!bulk_.empty()) {
    auto& e = bulk_.front();
    auto n = std::min(wire::fragment_size, e.frame.size() - e.offset);
    bool last = e.offset + n == e.frame.size();
    bool first = e.offset == wire::length_size; // the frame's own length prefix does not cross
    wire::write_fragment_header(buf, n, last, first ? e.frame.size() - wire::length_size : 0);
    piece = std::span<const std::byte>{e.frame}.subspan(e.offset, n);
    e.offset += n;
    taken_large_ += n + (e.offset == wire::length_size + n ? wire::length_size : 0);
    pop_after_write_ = last;
  }
  if (buf.empty()) {
    writing_ = false;
    idle_since_ = std::chrono::steady_clock::now();
    return false;
  }
  return true;
}

std::vector<std::byte> outbound_queue::batch_written() {
  std::vector<std::byte> done;
  std::lock_guard guard{mtx_};
  if (closed_)
    return done;
  if (pop_after_write_) {
    done = std::move(bulk_.front().frame);
    bulk_.pop_front();
    pop_after_write_ = false;
  }
  small_bytes_ -= std::min(small_bytes_, taken_small_);
  large_bytes_ -= std::min(large_bytes_, taken_large_);
  taken_small_ = taken_large_ = 0;
  note_fill();
  // Each waiter checks its own side.
  if (waiting_ > 0 && (small_bytes_ <= high_water_ / 2 || large_bytes_ <= high_water_ / 2))
    room_.notify_all();
  return done;
}

void outbound_queue::wait_for_room(std::size_t frame_size) {
  const bool large = is_large(frame_size);
  // Nearly every call finds room: a look at the flag spares it the lock. A
  // sender that misses a filling by a moment waits at its next frame.
  if (!(large ? large_full_ : small_full_).load(std::memory_order_relaxed))
    return;
  std::unique_lock guard{mtx_};
  if (!full(large) || closed_)
    return;
  ++waiting_;
  room_.wait(guard, [&] { return (large ? large_bytes_ : small_bytes_) <= high_water_ / 2 || closed_; });
  --waiting_;
}

bool outbound_queue::must_wait(std::size_t frame_size) const {
  std::lock_guard guard{mtx_};
  return !closed_ && full(is_large(frame_size));
}

void outbound_queue::close() {
  std::deque<bulk_entry> dropped; // freed after the lock: it may hold large messages
  std::lock_guard guard{mtx_};
  closed_ = true;
  control_.clear();
  small_.clear();
  dropped.swap(bulk_);
  small_bytes_ = large_bytes_ = 0;
  note_fill();
  pop_after_write_ = false;
  room_.notify_all();
}

std::chrono::nanoseconds outbound_queue::idle_gap() const {
  return std::chrono::nanoseconds{idle_gap_.load(std::memory_order_relaxed)};
}

void outbound_queue::note_fill() noexcept {
  small_full_.store(full(false), std::memory_order_relaxed);
  large_full_.store(full(true), std::memory_order_relaxed);
}

bool outbound_queue::closed() const {
  std::lock_guard guard{mtx_};
  return closed_;
}

bool outbound_queue::idle() const {
  std::lock_guard guard{mtx_};
  return !writing_;
}

std::size_t outbound_queue::queued_bytes() const {
  std::lock_guard guard{mtx_};
  return small_bytes_ + large_bytes_;
}

} // namespace troupe::net
