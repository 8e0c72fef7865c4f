// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// cached_stack_mailbox: the per-actor mailbox, a single-reader / many-writer
// lock-free queue.
//
// Design
// ------
// * Stack (`head_`, shared): writers push with one CAS onto an intrusive LIFO
//   stack linked through `T::next`. A push never reads another element, so it
//   is O(1) and needs nothing but the CAS (retried only under contention).
// * Cache (`cache_`, reader-only): a plain FIFO singly linked list. The reader
//   pops from it without any atomic operation. When it runs dry the reader
//   takes the *whole* stack with a single exchange(nullptr) and reverses it
//   into the cache, which restores arrival order (amortised O(1) per element).
//   Because only the reader ever removes elements, and it removes all of them
//   at once, a writer's CAS can never succeed against a recycled node: no ABA.
// * State word: `head_` is also the mailbox state. Besides nullptr (empty,
//   reader running) and real element addresses, it holds two sentinels that no
//   object can have: 1 = "reader blocked" (empty, reader waits for a wake-up)
//   and 2 = "closed". Putting them in the same word as the stack means
//   "push a message" and "leave the blocked state" are one CAS, so exactly one
//   writer observes `blocked` and must reschedule the reader (no lost or double
//   wake-ups), and a push can never slip in after close() took the stack.
//
// Memory ordering
// ---------------
// Every modification of `head_` after construction is a read-modify-write, so
// each writer's release-CAS heads a release sequence that the reader's later
// acquire-exchange reads from: the reader sees the `next` links and payloads of
// every element it takes. The blocked transition is a release-CAS by the reader
// and the unblocking CAS of the writer is acq_rel, so the writer that wakes the
// reader also sees everything the reader did before it went to sleep.
//
// Layout: two pointers (16 bytes). Memory per actor matters more than the last
// few nanoseconds, so there is no cache-line padding; instead false sharing is
// avoided by access pattern: writers touch only `head_`, and the reader's fast
// path (cache not empty) touches only `cache_`. The reader reads `head_` only
// when the cache is empty, and writes it (exchange) only when there is
// something to take.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>

namespace troupe::detail {

enum class enqueue_result {
  success,          // element queued; the reader is running or will look again
  unblocked_reader, // element queued and the reader was blocked: caller must wake it
  queue_closed,     // mailbox closed; the element was NOT taken
};

// T must have a public data member `T* next`. The mailbox owns queued elements;
// Deleter is a stateless functor called as Deleter{}(T*) for elements still
// queued at destruction.
template <class T, class Deleter = std::default_delete<T>>
class cached_stack_mailbox {
public:
  using value_type = T;
  using deleter_type = Deleter;

  // Starts empty, not blocked, open: a new actor is running (being
  // initialised), so the first enqueue must not try to reschedule it.
  cached_stack_mailbox() noexcept = default;

  cached_stack_mailbox(const cached_stack_mailbox&) = delete;
  cached_stack_mailbox& operator=(const cached_stack_mailbox&) = delete;

  // Deletes what is left (cache and stack), so dropping an actor cannot leak
  // its messages. No writer may still call enqueue() (the actor's reference
  // count guarantees that); the acquire load pairs with the last writer's CAS.
  ~cached_stack_mailbox() {
    delete_chain(cache_);
    T* top = head_.load(std::memory_order_acquire);
    if (!is_sentinel(top))
      delete_chain(top);
  }

  // Any thread. One CAS in the common case. The element's `next` is
  // overwritten even if the call then returns queue_closed; on queue_closed the
  // caller still owns `x` (e.g. to bounce the message back to its sender).
  enqueue_result enqueue(T* x) noexcept {
    // Checked here rather than at class scope so that T may still be
    // incomplete where an actor class declares its mailbox member.
    static_assert(std::is_same_v<decltype(T::next), T*>, "T needs a public member `T* next`");
    // The sentinels 1 and 2 must never collide with a real element address.
    static_assert(alignof(T) > 2, "sentinel values need elements aligned to more than 2 bytes");
    T* old = head_.load(std::memory_order_relaxed);
    for (;;) {
      if (old == closed_tag())
        return enqueue_result::queue_closed;
      const bool was_blocked = old == blocked_tag();
      x->next = was_blocked ? nullptr : old;
      // release: publish *x. acq_rel when unblocking: the caller is about to
      // resume the reader and must see what it did before blocking.
      if (head_.compare_exchange_weak(old, x, was_blocked ? std::memory_order_acq_rel : std::memory_order_release,
                                      std::memory_order_relaxed))
        return was_blocked ? enqueue_result::unblocked_reader : enqueue_result::success;
    }
  }

  // ---- reader (owner) only ----

  // try_pop and empty for a reader whose stack another thread may count
  // (count_stacked): `counter.taken()` is called right after the stack was
  // taken and before its elements are touched, and `counter.counted(n)` once
  // its n elements are in the cache. Only the taking differs, so a reader may
  // mix these with the plain forms while nobody counts.
  template <class Counter>
  T* try_pop_counted(Counter& counter) noexcept {
    if (cache_ == nullptr && !fetch_stack_counted(counter))
      return nullptr;
    T* x = cache_;
    cache_ = x->next;
    x->next = nullptr;
    return x;
  }
  template <class Counter>
  bool empty_counted(Counter& counter) noexcept {
    return cache_ == nullptr && !fetch_stack_counted(counter);
  }

  // The elements writers pushed that the reader has not taken yet. Only where
  // the reader's `counter.taken()` waits for the caller before the reader touches
  // the elements it took (the walk would otherwise meet elements it freed).
  std::size_t count_stacked() const noexcept {
    std::size_t n = 0;
    T* top = head_.load(std::memory_order_acquire);
    if (is_sentinel(top))
      return 0;
    for (T* x = top; x != nullptr; x = x->next)
      ++n;
    return n;
  }

  // Calls f(const T&) for each element writers pushed that the reader has not
  // taken yet, newest first; under the same terms as count_stacked.
  template <class F>
  void for_each_stacked(F&& f) const {
    T* top = head_.load(std::memory_order_acquire);
    if (is_sentinel(top))
      return;
    for (T* x = top; x != nullptr; x = x->next)
      f(static_cast<const T&>(*x));
  }

  // Oldest element or nullptr. O(1) while the cache has elements; otherwise
  // one exchange plus a reversal, paid once per batch of arrivals.
  T* try_pop() noexcept {
    if (cache_ == nullptr && !fetch_stack())
      return nullptr;
    T* x = cache_;
    cache_ = x->next;
    x->next = nullptr;
    return x;
  }

  // Oldest element, left in place (lets the actor inspect before committing).
  T* peek() noexcept {
    if (cache_ == nullptr)
      fetch_stack();
    return cache_;
  }

  // True if neither cache nor stack holds an element. Refills the cache, so a
  // following try_pop() is cheap.
  bool empty() noexcept { return peek() == nullptr; }

  // Atomically: if no element is pending, switch to blocked and return true;
  // otherwise false. After true the reader must not run again until a writer
  // got unblocked_reader (or try_unblock() succeeded). Already blocked: true.
  // Closed: false, because no writer would ever wake the reader.
  bool try_block() noexcept {
    if (cache_ != nullptr)
      return false;
    T* expected = nullptr;
    // release: the waking writer (acq_rel) sees the reader's prior writes.
    if (head_.compare_exchange_strong(expected, blocked_tag(), std::memory_order_release, std::memory_order_relaxed))
      return true;
    return expected == blocked_tag();
  }

  // For readers that block with a timeout: leaves the blocked state without a
  // message. False means a writer already unblocked the reader (and got
  // unblocked_reader, so a wake-up is on its way): a message is now pending.
  bool try_unblock() noexcept {
    T* expected = blocked_tag();
    // Nothing is published by either side of this transition; the elements a
    // writer pushed are acquired later by the exchange in fetch_stack().
    return head_.compare_exchange_strong(expected, nullptr, std::memory_order_relaxed, std::memory_order_relaxed);
  }

  // Any thread, for a reader nobody runs (an unreachable actor): blocked ->
  // closed, so that no writer can wake the reader any more. False if it was
  // not blocked: a writer woke it (and got unblocked_reader) or it is closed.
  bool try_close_blocked() noexcept {
    T* expected = blocked_tag();
    return head_.compare_exchange_strong(expected, closed_tag(), std::memory_order_acquire, std::memory_order_relaxed);
  }

  // Reader-side query; only the reader enters the blocked state, so the answer
  // is stable unless a writer concurrently unblocks it.
  bool blocked() const noexcept { return head_.load(std::memory_order_relaxed) == blocked_tag(); }
  // Whether nothing was ever pushed or everything pushed was taken, read
  // without a write: a caller about to block checks this first, so that a
  // reader with messages waiting pays no failed exchange.
  bool nothing_pending() const noexcept {
    return cache_ == nullptr && head_.load(std::memory_order_relaxed) == nullptr;
  }

  // Any thread may ask; once true it stays true.
  bool closed() const noexcept { return head_.load(std::memory_order_relaxed) == closed_tag(); }

  // Puts the FIFO chain [first..last] (linked through next) in front of
  // everything queued, e.g. messages the actor skipped earlier and wants to
  // see again first. The mailbox takes ownership. O(1).
  void prepend(T* first, T* last) noexcept {
    last->next = cache_;
    cache_ = first;
  }

  // Reader only. Closes the mailbox: later enqueues return queue_closed, so
  // their senders keep the message (and can, e.g., report the actor as dead).
  // Calls f(T*) for every element still queued, oldest first, transferring
  // ownership to f. Returns how many. Idempotent: a second call only hands
  // out elements prepended since. If f throws, the element passed to it
  // belongs to f and the rest stay queued (freed by the destructor).
  template <class F>
  std::size_t close(F&& f) {
    T* top = head_.exchange(closed_tag(), std::memory_order_acquire);
    if (!is_sentinel(top))
      append_to_cache(reverse(top));
    std::size_t n = 0;
    while (cache_ != nullptr) {
      T* x = cache_;
      cache_ = x->next;
      x->next = nullptr;
      ++n;
      f(x);
    }
    return n;
  }

  // Number of queued elements. O(n): walks everything, moving the stack into
  // the cache first. For inspection and tests, not for hot paths.
  std::size_t count() noexcept {
    if (T* top = take_stack())
      append_to_cache(reverse(top));
    std::size_t n = 0;
    for (T* x = cache_; x != nullptr; x = x->next)
      ++n;
    return n;
  }

private:
  static T* blocked_tag() noexcept { return reinterpret_cast<T*>(std::uintptr_t{1}); }
  static T* closed_tag() noexcept { return reinterpret_cast<T*>(std::uintptr_t{2}); }
  static bool is_sentinel(T* p) noexcept { return reinterpret_cast<std::uintptr_t>(p) <= std::uintptr_t{2}; }

  // Takes the whole stack, leaving "empty" behind; nullptr if nothing to take
  // (empty, blocked or closed: only the reader sets blocked/closed, so neither
  // can appear between the load and the exchange). The relaxed pre-check
  // avoids a write to the shared line when there is nothing to take.
  T* take_stack() noexcept {
    if (is_sentinel(head_.load(std::memory_order_relaxed)))
      return nullptr;
    return head_.exchange(nullptr, std::memory_order_acquire);
  }

  // Refills the (empty) cache from the stack. True if it got anything.
  bool fetch_stack() noexcept {
    T* top = take_stack();
    if (top == nullptr)
      return false;
    cache_ = reverse(top);
    return true;
  }

  template <class Counter>
  bool fetch_stack_counted(Counter& counter) noexcept {
    if (is_sentinel(head_.load(std::memory_order_relaxed)))
      return false;
    T* top = head_.exchange(nullptr, std::memory_order_acquire);
    counter.taken();
    if (top == nullptr)
      return false;
    T* fifo = nullptr;
    std::uint32_t n = 0;
    while (top != nullptr) {
      T* next = top->next;
      top->next = fifo;
      fifo = top;
      top = next;
      ++n;
    }
    cache_ = fifo;
    counter.counted(n);
    return true;
  }

  // Reverses a LIFO chain into FIFO order; returns the new first element.
  static T* reverse(T* top) noexcept {
    T* fifo = nullptr;
    while (top != nullptr) {
      T* next = top->next;
      top->next = fifo;
      fifo = top;
      top = next;
    }
    return fifo;
  }

  // O(length of cache); only used by the O(n) operations.
  void append_to_cache(T* chain) noexcept {
    if (cache_ == nullptr) {
      cache_ = chain;
      return;
    }
    T* tail = cache_;
    while (tail->next != nullptr)
      tail = tail->next;
    tail->next = chain;
  }

  static void delete_chain(T* x) noexcept {
    while (x != nullptr) {
      T* next = x->next;
      Deleter{}(x);
      x = next;
    }
  }

  // Writers' word: stack top or sentinel (see top of file).
  std::atomic<T*> head_{nullptr};
  // Reader-only FIFO, oldest first.
  T* cache_ = nullptr;
};

} // namespace troupe::detail
