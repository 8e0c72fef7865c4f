// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/detail/actor_tracker.hpp"

#include <algorithm>
#include <bit>
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

namespace {

// A thread looks at a list again after it ended this many of its actors (or
// half the list), and clears their entries if the owner stopped appending.
constexpr std::size_t min_clear = 256;
// The owner compacts its list when it holds this many entries, or twice as
// many as after the last compaction.
constexpr std::size_t min_compact = 1024;

// How many actors of each list this thread ended since it last looked at that
// list, and how many it waits for before it looks again (half the list, so
// that the cost of a walk spreads over as many ends as it reads entries). The
// thread's own figures: ending an actor writes to no shared line.
struct ends_of_list {
  std::uint32_t count = 0;
  std::uint32_t due = min_clear;
  // The list's entries when this thread last looked: while they change, its
  // owner is appending, and its compactions take the ended actors off.
  std::size_t seen_entries = 0;
};
constinit thread_local ends_of_list ends_by_list[actor_tracker::num_lists + 1]
  __attribute__((tls_model("initial-exec")));

// The list this thread owns in every tracker (num_lists: the shared one), or
// unset. Owned lists are handed out from a pool and come back when the thread
// ends, so that a list only ever has one appending thread at a time.
constexpr std::uint32_t no_list = UINT32_MAX;
constinit thread_local std::uint32_t thread_list __attribute__((tls_model("initial-exec"))) = no_list;

struct list_pool {
  std::mutex mtx;
  std::uint64_t taken = 0; // bit i: list i has an owner
};

list_pool& pool() {
  static list_pool instance;
  return instance;
}

// Gives the thread's list back when the thread ends; appends after that (from
// other thread-local destructors) go to the shared list.
struct list_owner {
  std::uint32_t index;
  ~list_owner() {
    thread_list = actor_tracker::num_lists;
    std::lock_guard guard{pool().mtx};
    pool().taken &= ~(std::uint64_t{1} << index);
  }
};

std::uint32_t take_list() {
  std::uint32_t index = actor_tracker::num_lists;
  {
    auto& p = pool();
    std::lock_guard guard{p.mtx};
    if (p.taken != ~std::uint64_t{0}) {
      index = static_cast<std::uint32_t>(std::countr_one(p.taken));
      p.taken |= std::uint64_t{1} << index;
    }
  }
  if (index < actor_tracker::num_lists) {
    static thread_local list_owner owner{index};
  }
  return index;
}

} // namespace

actor_tracker::actor_tracker() noexcept : created_(std::chrono::steady_clock::now()), created_cycles_(cycle_count()) {
  for (auto& l : lists_)
    l.compact_at = min_compact;
}

actor_tracker::~actor_tracker() {
  for (auto& l : lists_) {
    for (auto* c = l.head.load(std::memory_order_relaxed); c != nullptr;) {
      auto n = c->count.load(std::memory_order_relaxed);
      for (std::size_t i = 0; i < n; ++i)
        if (auto* s = c->entries[i]; s != nullptr)
          s->ctrl()->weak_release();
      auto* next = c->next.load(std::memory_order_relaxed);
      delete c;
      c = next;
    }
    delete l.retired;
  }
}

void actor_tracker::add(actor_statistics* s) noexcept {
  // The common case, kept free of calls and saved registers: this thread owns
  // a list whose last chunk has room and that is not due for compaction.
  auto index = thread_list;
  if (index < num_lists) [[likely]] {
    auto& l = lists_[index];
    auto* c = l.tail.load(std::memory_order_relaxed);
    auto entries = l.entries.load(std::memory_order_relaxed);
    if (c != nullptr && entries < l.compact_at) [[likely]] {
      auto n = c->count.load(std::memory_order_relaxed);
      if (n < chunk::capacity) [[likely]] {
        s->list = static_cast<std::uint8_t>(index);
        c->entries[n] = s;
        c->count.store(n + 1, std::memory_order_release);
        l.entries.store(entries + 1, std::memory_order_relaxed);
        return;
      }
    }
  }
  add_slowly(s);
}

void actor_tracker::add_slowly(actor_statistics* s) noexcept {
  if (thread_list == no_list)
    thread_list = take_list();
  auto index = thread_list;
  auto& l = lists_[index];
  s->list = static_cast<std::uint8_t>(index);
  // The block starts with a weak reference for the list (see actor_control_block), which keeps it readable
  // until a sweep; an actor that cannot be listed gives it back.
  bool listed;
  if (index != shared_list) {
    if (l.entries.load(std::memory_order_relaxed) >= l.compact_at)
      compact(l);
    listed = append(l, s);
  } else {
    std::lock_guard guard{l.appending};
    if (l.entries.load(std::memory_order_relaxed) >= l.compact_at)
      compact(l);
    listed = append(l, s);
  }
  if (!listed)
    s->ctrl()->weak_release();
}

bool actor_tracker::append(list& l, actor_statistics* s) noexcept {
  auto* c = l.tail.load(std::memory_order_relaxed);
  if (c == nullptr || c->count.load(std::memory_order_relaxed) == chunk::capacity) {
    auto* fresh = c != nullptr ? c->next.load(std::memory_order_relaxed) : nullptr;
    if (fresh == nullptr) {
      fresh = new (std::nothrow) chunk;
      if (fresh == nullptr)
        return false; // without memory the actor is not listed; it runs all the same
      if (c != nullptr)
        c->next.store(fresh, std::memory_order_release);
      else
        l.head.store(fresh, std::memory_order_release);
    }
    c = fresh;
    l.tail.store(c, std::memory_order_release);
  }
  auto n = c->count.load(std::memory_order_relaxed);
  c->entries[n] = s;
  c->count.store(n + 1, std::memory_order_release);
  l.entries.store(l.entries.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  return true;
}

void actor_tracker::end(actor_statistics* s) noexcept {
  {
    std::lock_guard guard{s->taking};
    if (s->ended.load(std::memory_order_relaxed)) [[unlikely]]
      return;
    s->ended.store(true, std::memory_order_relaxed);
  }
  auto& mine = ends_by_list[s->list];
  if (++mine.count >= mine.due) [[unlikely]]
    ended_many(s->list);
}

void actor_tracker::ended_many(std::size_t index) noexcept {
  auto& mine = ends_by_list[index];
  auto& l = lists_[index];
  auto entries = l.entries.load(std::memory_order_relaxed);
  // This thread ended many of the list's actors. While the owner appends, its
  // compactions retire them by the time the list has doubled, and give the
  // memory to the spawning thread, which needs it next. A list whose owner
  // stopped appending is cleared here, unless half of it is more than this
  // thread ended.
  if (entries != mine.seen_entries) {
    mine.seen_entries = entries;
    mine.count = 0;
    return;
  }
  auto half = entries / 2;
  if (mine.count >= half) {
    clear_ended(l);
    mine.count = 0;
  }
  mine.due = static_cast<std::uint32_t>(std::min<std::size_t>(std::max(half, min_clear), UINT32_MAX));
}

void actor_tracker::sweep() noexcept {
  for (auto& l : lists_)
    clear_ended(l);
}

inline void actor_tracker::retire(list& l, actor_statistics* s) noexcept {
  if (auto* timing = s->timing.load(std::memory_order_acquire); timing != nullptr) [[unlikely]] {
    if (l.retired == nullptr)
      l.retired = new (std::nothrow) retired_timing; // once per list; without memory the counts are lost
    if (l.retired != nullptr)
      l.retired->add(*timing);
  }
  s->ctrl()->weak_release();
}

void actor_tracker::clear_ended(list& l) noexcept {
  // Only entries below a chunk's published count, which the owner no longer
  // writes; the owner's compaction, which moves them, waits for `walking`.
  if (!l.walking.try_lock())
    return; // a reader is walking the list: a later end clears it
  std::lock_guard guard{l.walking, std::adopt_lock};
  // While we hold `walking` the tail only moves forward (a compaction, which
  // moves it back, needs `walking`), so the chunks before the one it is at now
  // are full and written no more: those left empty go, and the next clearing
  // does not walk them again.
  auto* tail = l.tail.load(std::memory_order_acquire);
  chunk* prev = nullptr;
  bool before_tail = tail != nullptr;
  for (auto* c = l.head.load(std::memory_order_acquire); c != nullptr;) {
    auto* next = c->next.load(std::memory_order_acquire);
    if (c == tail)
      before_tail = false;
    auto n = c->count.load(std::memory_order_acquire);
    bool emptied = true;
    for (std::size_t i = 0; i < n; ++i) {
      auto* s = c->entries[i];
      if (s == nullptr)
        continue;
      if (s->ended.load(std::memory_order_acquire)) {
        retire(l, s);
        c->entries[i] = nullptr;
      } else {
        emptied = false;
      }
    }
    if (before_tail && emptied) {
      if (prev == nullptr)
        l.head.store(next, std::memory_order_release);
      else
        prev->next.store(next, std::memory_order_release);
      delete c;
    } else {
      prev = c;
    }
    c = next;
  }
}

void actor_tracker::compact(list& l) noexcept {
  if (!l.walking.try_lock()) {
    // A reader is walking the list: try again after some more entries.
    l.compact_at = l.entries.load(std::memory_order_relaxed) + min_compact;
    return;
  }
  std::lock_guard guard{l.walking, std::adopt_lock};
  auto* out = l.head.load(std::memory_order_relaxed);
  std::size_t out_n = 0;
  std::size_t kept = 0;
  for (auto* c = out; c != nullptr; c = c->next.load(std::memory_order_relaxed)) {
    auto n = c->count.load(std::memory_order_relaxed);
    for (std::size_t i = 0; i < n; ++i) {
      auto* s = c->entries[i];
      if (s == nullptr)
        continue;
      if (s->ended.load(std::memory_order_acquire)) {
        retire(l, s);
        continue;
      }
      if (out_n == chunk::capacity) {
        out->count.store(out_n, std::memory_order_relaxed);
        out = out->next.load(std::memory_order_relaxed);
        out_n = 0;
      }
      out->entries[out_n++] = s;
      ++kept;
    }
  }
  if (out != nullptr) {
    out->count.store(out_n, std::memory_order_relaxed);
    // Chunks past the last entry go, but one spare stays for the next appends.
    auto* spare = out->next.load(std::memory_order_relaxed);
    if (spare != nullptr) {
      for (auto* c = spare->next.load(std::memory_order_relaxed); c != nullptr;) {
        auto* next = c->next.load(std::memory_order_relaxed);
        delete c;
        c = next;
      }
      spare->next.store(nullptr, std::memory_order_relaxed);
      spare->count.store(0, std::memory_order_relaxed);
    }
  }
  l.tail.store(out, std::memory_order_relaxed);
  l.entries.store(kept, std::memory_order_relaxed);
  l.compact_at = std::max(min_compact, 2 * kept);
}

std::uint64_t actor_tracker::waiting(actor_statistics& s) noexcept {
  auto* self = static_cast<local_actor*>(s.ctrl()->get());
  return s.held() + self->mailbox_.count_stacked();
}

std::uint64_t actor_tracker::peek(actor_statistics& s, const std::function<void(const mailbox_element&)>& f) {
  auto* self = static_cast<local_actor*>(s.ctrl()->get());
  self->mailbox_.for_each_stacked([&](const mailbox_element& e) { f(e); });
  return s.held();
}

std::size_t actor_tracker::count_held(bool live_only) const noexcept {
  std::size_t n = 0;
  for (auto& l : lists_) {
    std::lock_guard guard{l.walking};
    for (auto* c = l.head.load(std::memory_order_acquire); c != nullptr; c = c->next.load(std::memory_order_acquire)) {
      auto count = c->count.load(std::memory_order_acquire);
      for (std::size_t i = 0; i < count; ++i)
        if (auto* s = c->entries[i]; s != nullptr)
          n += live_only && s->ended.load(std::memory_order_relaxed) ? 0 : 1;
    }
  }
  return n;
}

std::size_t actor_tracker::size() const noexcept {
  return count_held(true);
}

std::size_t actor_tracker::held() const noexcept {
  return count_held(false);
}

std::size_t actor_tracker::listed() const noexcept {
  std::size_t n = 0;
  for (auto& l : lists_)
    n += l.entries.load(std::memory_order_relaxed);
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
