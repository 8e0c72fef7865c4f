// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/detail/actor_tracker.hpp"

#include <mutex>
#include <new>

#include "troupe/local_actor.hpp"

namespace troupe::detail {

void retired_timing::add(const actor_timing& t) noexcept {
  for (std::size_t i = 0; i < cycle_histogram::num_buckets; ++i) {
    processing[i] += t.processing.count(i);
    mailbox_wait[i] += t.mailbox_wait.count(i);
  }
  processing_cycles += t.sampled_cycles.get();
  mailbox_wait_cycles += t.wait_cycles.get();
}

void retired_timing::add(const retired_timing& other) noexcept {
  for (std::size_t i = 0; i < cycle_histogram::num_buckets; ++i) {
    processing[i] += other.processing[i];
    mailbox_wait[i] += other.mailbox_wait[i];
  }
  processing_cycles += other.processing_cycles;
  mailbox_wait_cycles += other.mailbox_wait_cycles;
}

actor_tracker::actor_tracker() noexcept : created_(std::chrono::steady_clock::now()), created_cycles_(cycle_count()) {}

actor_tracker::~actor_tracker() {
  for (auto& sh : shards_)
    delete sh.retired;
}

void actor_tracker::add(actor_statistics* s, std::uint64_t id) noexcept {
  s->shard = static_cast<std::uint32_t>(id % num_shards);
  auto& sh = shards_[s->shard];
  std::lock_guard guard{sh.mtx};
  s->prev = nullptr;
  s->next = sh.head;
  if (sh.head != nullptr)
    sh.head->prev = s;
  sh.head = s;
  ++sh.size;
  s->listed = true;
}

void actor_tracker::remove(actor_statistics* s) noexcept {
  // Only add() and remove() write `listed`, and they are ordered: add() runs
  // before the actor is published, the second remove() (from the destructor)
  // after the last reference to it is gone. So the test needs no lock.
  if (!s->listed)
    return;
  auto& sh = shards_[s->shard];
  auto* timing = s->timing.load(std::memory_order_acquire);
  std::lock_guard guard{sh.mtx};
  if (timing != nullptr) {
    if (sh.retired == nullptr)
      sh.retired = new (std::nothrow) retired_timing; // once per shard; without memory the counts are lost
    if (sh.retired != nullptr)
      sh.retired->add(*timing);
  }
  if (s->prev != nullptr)
    s->prev->next = s->next;
  else
    sh.head = s->next;
  if (s->next != nullptr)
    s->next->prev = s->prev;
  s->prev = s->next = nullptr;
  --sh.size;
  s->listed = false;
}

std::uint64_t actor_tracker::waiting(actor_statistics& s) noexcept {
  auto* self = static_cast<local_actor*>(s.ctrl()->get());
  std::lock_guard guard{s.taking};
  return s.held() + self->mailbox_.count_stacked();
}

std::uint64_t actor_tracker::peek(actor_statistics& s, const std::function<void(const mailbox_element&)>& f) {
  auto* self = static_cast<local_actor*>(s.ctrl()->get());
  std::lock_guard guard{s.taking};
  self->mailbox_.for_each_stacked([&](const mailbox_element& e) { f(e); });
  return s.held();
}

std::size_t actor_tracker::size() const noexcept {
  std::size_t n = 0;
  for (auto& sh : shards_) {
    std::lock_guard guard{sh.mtx};
    n += sh.size;
  }
  return n;
}

double actor_tracker::nanoseconds_per_cycle() const noexcept {
  auto cycles = cycle_count() - created_cycles_;
  auto ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - created_).count();
  // Right after creation the two readings are too close to divide: assume 1 GHz
  // until a millisecond has passed (only the first snapshots of a fresh system
  // are off by the factor).
  if (ns < 1e6 || cycles == 0)
    return 1.0;
  return ns / static_cast<double>(cycles);
}

} // namespace troupe::detail
