// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/detail/actor_tracker.hpp"
// actor_readers lives here too: it is the tracker's half of the meeting
// between readers and actors.
#include "troupe/detail/actor_readers.hpp"

#include <bit>
#include <mutex>
#include <new>

#include "troupe/local_actor.hpp"

#if defined(__linux__)
#  include <linux/membarrier.h>
#  include <sys/syscall.h>
#  include <unistd.h>
#endif

namespace troupe::detail {

// ---- actor_readers ----

alignas(64) constinit std::atomic<std::uint32_t> actor_readers::count_{0};

namespace {

// Every thread of the process that runs now passes a full barrier before this returns.
bool heavy_barrier() noexcept {
#if defined(__linux__) && defined(SYS_membarrier)
  return syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) == 0;
#else
  return false;
#endif
}

// Registers the process for the barrier and tries it once: once it worked,
// the kernel has no reason left to refuse it.
bool register_barrier() noexcept {
#if defined(__linux__) && defined(SYS_membarrier)
  auto offered = syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
  if (offered < 0 || (offered & MEMBARRIER_CMD_PRIVATE_EXPEDITED) == 0)
    return false;
  return syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0 && heavy_barrier();
#else
  return false;
#endif
}

} // namespace

void actor_readers::pass(low_bit_lock& taking) noexcept {
  taking.lock();
  taking.unlock();
}

bool actor_readers::prepare() noexcept {
  static const bool ready = register_barrier();
  return ready;
}

void actor_readers::enter() noexcept {
  count_.fetch_add(1, std::memory_order_seq_cst);
  // Only a process where prepare() succeeded tracks actors; the barrier works there.
  heavy_barrier();
}

void actor_readers::leave() noexcept {
  count_.fetch_sub(1, std::memory_order_release);
}

// ---- actor_tracker ----

void retired_timing::add(const actor_timing& t) noexcept {
  for (std::size_t i = 0; i < cycle_histogram::num_buckets; ++i)
    processing[i] += t.processing.count(i);
  processing_cycles += t.sampled_cycles.get();
  if (auto* w = t.wait.load(std::memory_order_acquire)) {
    for (std::size_t i = 0; i < cycle_histogram::num_buckets; ++i)
      mailbox_wait[i] += w->histogram.count(i);
    mailbox_wait_cycles += w->cycles.get();
  }
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

// Occupied entries the owner passes over while it looks for a free one before
// it adds a chunk: a list of long-lived actors grows instead of being searched.
constexpr std::size_t max_skipped = 16;

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

actor_tracker::actor_tracker() noexcept : created_(std::chrono::steady_clock::now()), created_cycles_(cycle_count()) {}

actor_tracker::~actor_tracker() {
  // No actor of this system runs any more, and no reader reads it.
  sweep();
  for (auto& l : lists_) {
    for (auto* c = l.head.load(std::memory_order_relaxed); c != nullptr;) {
      auto* next = c->next.load(std::memory_order_relaxed);
      delete c;
      c = next;
    }
    delete l.retired.load(std::memory_order_relaxed);
  }
}

void actor_tracker::add(actor_statistics* s) noexcept {
  // The common case, kept free of calls and saved registers: this thread owns
  // a list whose next entry is free.
  auto index = thread_list;
  if (index < num_lists) [[likely]] {
    auto& l = lists_[index];
    if (auto* c = l.cursor; c != nullptr && l.next_entry < chunk::capacity) [[likely]] {
      auto& entry = c->entries[l.next_entry];
      if (entry.load(std::memory_order_relaxed) == nullptr) [[likely]] {
        ++l.next_entry;
        s->slot = &entry;
        entry.store(s, std::memory_order_release);
        return;
      }
    }
  }
  add_slowly(s);
}

actor_tracker::list& actor_tracker::own_list() noexcept {
  if (thread_list == no_list)
    thread_list = take_list();
  return lists_[thread_list];
}

void actor_tracker::add_slowly(actor_statistics* s) noexcept {
  auto& l = own_list();
  // An actor that cannot be listed (no memory for a chunk) runs all the same, unseen.
  if (&l != &lists_[shared_list]) {
    place(l, s);
  } else {
    std::lock_guard guard{l.appending};
    place(l, s);
  }
}

bool actor_tracker::place(list& l, actor_statistics* s) noexcept {
  // Look on from the cursor, round the chunks, past at most max_skipped taken
  // entries; then a fresh chunk goes behind the last.
  std::size_t skipped = 0;
  for (auto* c = l.cursor; c != nullptr && skipped <= max_skipped;) {
    if (l.next_entry == chunk::capacity) {
      auto* next = c->next.load(std::memory_order_relaxed);
      c = next != nullptr ? next : l.head.load(std::memory_order_relaxed);
      l.cursor = c;
      l.next_entry = 0;
      continue;
    }
    auto& entry = c->entries[l.next_entry++];
    if (entry.load(std::memory_order_relaxed) == nullptr) {
      s->slot = &entry;
      entry.store(s, std::memory_order_release);
      return true;
    }
    ++skipped;
  }
  auto* fresh = new (std::nothrow) chunk;
  if (fresh == nullptr)
    return false;
  s->slot = &fresh->entries[0];
  fresh->entries[0].store(s, std::memory_order_relaxed);
  if (l.last != nullptr)
    l.last->next.store(fresh, std::memory_order_release); // publishes the entry too
  else
    l.head.store(fresh, std::memory_order_release);
  l.last = fresh;
  l.cursor = fresh;
  l.next_entry = 1;
  l.chunks.store(l.chunks.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  return true;
}

namespace {

// The one writer adds; release, so that a reader that sees the sum sees what came before.
void add_released(std::atomic<std::uint64_t>& x, std::uint64_t n) noexcept {
  x.store(x.load(std::memory_order_relaxed) + n, std::memory_order_release);
}

} // namespace

void actor_tracker::retired_counts::add(const actor_timing& t) noexcept {
  for (auto used = t.processing.used(); used != 0; used &= used - 1) {
    auto i = static_cast<std::size_t>(std::countr_zero(used));
    add_released(processing[i], t.processing.count(i));
  }
  add_released(processing_cycles, t.sampled_cycles.get());
  if (auto* w = t.wait.load(std::memory_order_relaxed)) {
    for (auto used = w->histogram.used(); used != 0; used &= used - 1) {
      auto i = static_cast<std::size_t>(std::countr_zero(used));
      add_released(mailbox_wait[i], w->histogram.count(i));
    }
    add_released(mailbox_wait_cycles, w->cycles.get());
  }
}

void actor_tracker::retired_counts::read_into(retired_timing& out) const noexcept {
  for (std::size_t i = 0; i < cycle_histogram::num_buckets; ++i) {
    out.processing[i] += processing[i].load(std::memory_order_acquire);
    out.mailbox_wait[i] += mailbox_wait[i].load(std::memory_order_acquire);
  }
  out.processing_cycles += processing_cycles.load(std::memory_order_acquire);
  out.mailbox_wait_cycles += mailbox_wait_cycles.load(std::memory_order_acquire);
}

void actor_tracker::retired_counts::add_processing(std::uint64_t cycles) noexcept {
  add_released(processing[cycle_histogram::bucket_of(cycles)], 1);
  add_released(processing_cycles, cycles);
}

void actor_tracker::retired_counts::add_wait(std::uint64_t cycles) noexcept {
  add_released(mailbox_wait[cycle_histogram::bucket_of(cycles)], 1);
  add_released(mailbox_wait_cycles, cycles);
}

template <class F>
void actor_tracker::add_retired(F add) noexcept {
  auto& l = own_list();
  auto fold = [&] {
    auto* r = l.retired.load(std::memory_order_relaxed);
    if (r == nullptr) {
      r = new (std::nothrow) retired_counts; // once per list
      if (r == nullptr)
        return;
      l.retired.store(r, std::memory_order_release);
    }
    add(*r);
  };
  if (&l != &lists_[shared_list]) {
    fold();
  } else {
    std::lock_guard guard{l.appending};
    fold();
  }
}

void actor_tracker::retire_timing(actor_statistics& s) noexcept {
  auto& t = *s.timing.load(std::memory_order_relaxed);
  add_retired([&t](retired_counts& r) { r.add(t); });
}

void actor_tracker::count_young_processing(std::uint64_t cycles) noexcept {
  add_retired([cycles](retired_counts& r) { r.add_processing(cycles); });
}

void actor_tracker::count_young_wait(std::uint64_t cycles) noexcept {
  add_retired([cycles](retired_counts& r) { r.add_wait(cycles); });
}

void actor_tracker::keep_for_readers(actor_statistics* s) noexcept {
  actor_readers::pass(s->taking()); // a reader looking at the actor now finishes first
  s->ctrl()->weak_add_ref();
  s->next_kept = kept_.load(std::memory_order_relaxed);
  while (!kept_.compare_exchange_weak(s->next_kept, s, std::memory_order_release, std::memory_order_relaxed)) {}
  num_kept_.fetch_add(1, std::memory_order_relaxed);
}

void actor_tracker::sweep() noexcept {
  if (kept_.load(std::memory_order_relaxed) == nullptr)
    return;
  // Take the blocks first, then ask for readers: every reader whose presence
  // made an actor keep its block came before that block was pushed, so no
  // reader present now means none of them is left, and readers that come
  // later find the blocks' entries cleared.
  auto* chain = kept_.exchange(nullptr, std::memory_order_acquire);
  if (chain == nullptr)
    return;
  if (actor_readers::present()) {
    auto* tail = chain;
    while (tail->next_kept != nullptr)
      tail = tail->next_kept;
    tail->next_kept = kept_.load(std::memory_order_relaxed);
    while (!kept_.compare_exchange_weak(tail->next_kept, chain, std::memory_order_release, std::memory_order_relaxed)) {
    }
    return;
  }
  for (auto* s = chain; s != nullptr;) {
    auto* next = s->next_kept;
    num_kept_.fetch_sub(1, std::memory_order_relaxed);
    s->ctrl()->weak_release();
    s = next;
  }
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

std::size_t actor_tracker::size() noexcept {
  std::size_t n = 0;
  for_each([&](actor_statistics&) { ++n; });
  return n;
}

std::size_t actor_tracker::listed() const noexcept {
  std::size_t n = 0;
  for (auto& l : lists_)
    n += l.chunks.load(std::memory_order_relaxed) * chunk::capacity;
  return n;
}

std::size_t actor_tracker::kept() const noexcept {
  return num_kept_.load(std::memory_order_relaxed);
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
