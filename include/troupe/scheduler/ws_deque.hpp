// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// A Chase-Lev work-stealing deque of T* (Chase & Lev 2005, with the C11 memory
// orderings of Le, Pop, Cohen & Zappa Nardelli 2013).
//
// One owner thread calls push() and pop() at the bottom end (LIFO: the newest job
// first); any thread may call steal() at the top end (FIFO: the oldest job first).
// Owner operations never block and take no lock; the only contended instruction is
// the CAS on `top_` when a thief steals or when the owner takes the last element.
//
// Memory orders: the Dekker-style race between pop() (store bottom, load top) and
// steal() (load top, load bottom) uses seq_cst operations instead of stand-alone
// fences, which keeps the code ThreadSanitizer-friendly; every store to `bottom_`
// is at least a release, so a thief that reads a bottom value also sees the jobs
// published before it.
//
// Growing: when full, push() copies the live range into a ring of twice the size.
// Old rings are kept until the deque is destroyed (a thief may still read from one);
// their total size is below the size of the current ring.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace troupe::scheduler::detail {

template <class T>
class ws_deque {
public:
  ws_deque() : ws_deque(256) {}

  explicit ws_deque(std::size_t initial_capacity) {
    std::size_t cap = 8;
    while (cap < initial_capacity)
      cap *= 2;
    rings_.push_back(std::make_unique<ring>(static_cast<std::int64_t>(cap)));
    ring_.store(rings_.back().get(), std::memory_order_relaxed);
  }

  ws_deque(const ws_deque&) = delete;
  ws_deque& operator=(const ws_deque&) = delete;

  /// Owner only. May allocate (grow); throws std::bad_alloc if that fails.
  void push(T* x) {
    auto b = bottom_.load(std::memory_order_relaxed);
    auto t = top_.load(std::memory_order_acquire);
    auto* r = ring_.load(std::memory_order_relaxed);
    if (b - t > r->mask) // full
      r = grow(r, b, t);
    r->put(b, x);
    bottom_.store(b + 1, std::memory_order_release);
  }

  /// Owner only, like push(), but the store that publishes the element is seq_cst.
  /// A caller that next checks a sleeper counter with a seq_cst load gets a
  /// store->load ordering against a thread that announces itself as a sleeper
  /// (seq_cst RMW) and then looks at this deque (see policy::work_stealing).
  void push_sc(T* x) {
    auto b = bottom_.load(std::memory_order_relaxed);
    auto t = top_.load(std::memory_order_acquire);
    auto* r = ring_.load(std::memory_order_relaxed);
    if (b - t > r->mask)
      r = grow(r, b, t);
    r->put(b, x);
    bottom_.store(b + 1, std::memory_order_seq_cst);
  }

  /// Owner only: takes the newest element, or returns nullptr when empty.
  T* pop() noexcept {
    auto b = bottom_.load(std::memory_order_relaxed) - 1;
    auto* r = ring_.load(std::memory_order_relaxed);
    bottom_.store(b, std::memory_order_seq_cst);
    auto t = top_.load(std::memory_order_seq_cst);
    if (t > b) { // was empty
      bottom_.store(b + 1, std::memory_order_release);
      return nullptr;
    }
    T* x = r->get(b);
    if (t < b) // more than one element: no thief can reach index b
      return x;
    // Exactly one element left: race the thieves for it.
    bool won = top_.compare_exchange_strong(t, t + 1, std::memory_order_seq_cst, std::memory_order_relaxed);
    bottom_.store(b + 1, std::memory_order_release);
    return won ? x : nullptr;
  }

  /// Any thread: takes the oldest element. Returns nullptr when empty or when it
  /// lost a race against another thief or the owner; in the latter case it sets
  /// *lost_race (if given), since the deque may still hold elements.
  T* steal(bool* lost_race = nullptr) noexcept {
    auto t = top_.load(std::memory_order_seq_cst);
    auto b = bottom_.load(std::memory_order_seq_cst);
    if (t >= b)
      return nullptr;
    auto* r = ring_.load(std::memory_order_acquire);
    T* x = r->get(t);
    if (!top_.compare_exchange_strong(t, t + 1, std::memory_order_seq_cst, std::memory_order_relaxed)) {
      if (lost_race != nullptr)
        *lost_race = true;
      return nullptr;
    }
    return x;
  }

  /// Approximate number of elements (exact when no other thread touches the deque).
  std::size_t size_hint() const noexcept {
    auto b = bottom_.load(std::memory_order_relaxed);
    auto t = top_.load(std::memory_order_relaxed);
    return b > t ? static_cast<std::size_t>(b - t) : 0;
  }

  bool empty_hint() const noexcept { return size_hint() == 0; }

  std::size_t capacity() const noexcept {
    return static_cast<std::size_t>(ring_.load(std::memory_order_relaxed)->mask + 1);
  }

private:
  struct ring {
    explicit ring(std::int64_t cap)
      : mask(cap - 1), slots(std::make_unique<std::atomic<T*>[]>(static_cast<std::size_t>(cap))) {}
    T* get(std::int64_t i) const noexcept {
      return slots[static_cast<std::size_t>(i & mask)].load(std::memory_order_relaxed);
    }
    void put(std::int64_t i, T* x) noexcept {
      slots[static_cast<std::size_t>(i & mask)].store(x, std::memory_order_relaxed);
    }
    std::int64_t mask;
    std::unique_ptr<std::atomic<T*>[]> slots;
  };

  ring* grow(ring* old, std::int64_t b, std::int64_t t) {
    auto fresh = std::make_unique<ring>((old->mask + 1) * 2);
    for (auto i = t; i < b; ++i)
      fresh->put(i, old->get(i));
    auto* raw = fresh.get();
    rings_.push_back(std::move(fresh));
    ring_.store(raw, std::memory_order_release);
    return raw;
  }

  /// top_ is written by thieves, bottom_ by the owner: keep them on separate lines.
  alignas(64) std::atomic<std::int64_t> top_{0};
  alignas(64) std::atomic<std::int64_t> bottom_{0};
  std::atomic<ring*> ring_{nullptr};
  std::vector<std::unique_ptr<ring>> rings_; // owner only; all rings ever used
};

} // namespace troupe::scheduler::detail
