// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/detail/thread_cache.hpp"

#include <sys/mman.h>

#include <cstdint>
#include <mutex>
#include <vector>

namespace troupe::detail {

namespace {

// A fresh slab. The first slabs are 64 KiB from the heap, so that small programs
// stay small. Once a program has carved 4 MiB, slabs are 2 MiB mappings of
// their own. They are not advised as transparent huge pages: a huge page comes
// from a free 2 MiB block of the kernel's, and on a virtual machine whose
// kernel reports such blocks to the host (virtio-balloon free page reporting)
// each is faulted in again by the host. Measured on such a machine, the N:1
// mailbox (112 MB of queued messages) took 300-430 ms with the hint when the
// memory had been free for a few seconds, and 140-180 ms without it (the
// hint saved about a fifth only when the memory had just been freed).
struct slab {
  std::byte* base;
  std::size_t size;
};

constexpr std::size_t small_slab_size = 64 * 1024;
constexpr std::size_t large_slab_size = 2 * 1024 * 1024;
constexpr std::size_t small_slab_budget = 4 * 1024 * 1024;

std::byte* map_large_slab() noexcept {
  void* p = ::mmap(nullptr, large_slab_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? nullptr : static_cast<std::byte*>(p);
}

slab new_slab(std::size_t carved_so_far) {
  if (carved_so_far >= small_slab_budget)
    if (auto* p = map_large_slab())
      return {p, large_slab_size};
  return {static_cast<std::byte*>(::operator new(small_slab_size)), small_slab_size};
}

// Shared by all threads: batches of free blocks per size class, and the slabs
// new blocks are carved from. Slabs live as long as the process.
struct depot {

  struct size_class_depot {
    std::mutex mtx;
    free_block* head = nullptr;
    std::size_t count = 0;
  };

  size_class_depot classes[num_size_classes];
  std::mutex slab_mtx;
  std::byte* slab_pos = nullptr;
  std::byte* slab_end = nullptr;
  std::size_t slab_bytes = 0;    // all slabs so far
  std::vector<slab> slabs;       // in carving order
  std::size_t next_slab = 0;     // the slab carving moves to when the current one is used up
  std::size_t carved_blocks = 0; // since the last rewind; equals the depot's count when all are free

  // Takes up to `max` blocks of class k; returns the chain and its length.
  std::size_t take(std::size_t k, std::size_t max, free_block*& out) {
    auto& c = classes[k];
    std::lock_guard guard{c.mtx};
    std::size_t n = 0;
    free_block* first = c.head;
    free_block* last = nullptr;
    for (free_block* b = c.head; b != nullptr && n < max; b = b->next) {
      last = b;
      ++n;
    }
    if (n == 0)
      return 0;
    c.head = last->next;
    c.count -= n;
    last->next = nullptr;
    out = first;
    return n;
  }

  void give(std::size_t k, free_block* first, free_block* last, std::size_t n) noexcept {
    auto& c = classes[k];
    std::lock_guard guard{c.mtx};
    last->next = c.head;
    c.head = first;
    c.count += n;
  }

  // Carves `count` fresh blocks of class k from the current slab.
  std::size_t carve(std::size_t k, std::size_t count, free_block*& out) {
    const std::size_t size = (k + 1) * cache_granularity;
    std::lock_guard guard{slab_mtx};
    // Start 16-byte aligned, so that blocks whose size is a multiple of 16
    // are 16-byte aligned (slabs are shared by all size classes).
    slab_pos += (16 - reinterpret_cast<std::uintptr_t>(slab_pos) % 16) % 16;
    if (slab_pos > slab_end || static_cast<std::size_t>(slab_end - slab_pos) < size) {
      // The rest of the old slab is too small for this class; it stays unused
      // until the next rewind.
      if (next_slab == slabs.size()) {
        slabs.reserve(slabs.size() + 1);
        auto fresh = new_slab(slab_bytes);
        slab_bytes += fresh.size;
        slabs.push_back(fresh);
      }
      const slab& next = slabs[next_slab++];
      slab_pos = next.base;
      slab_end = next.base + next.size;
    }
    std::size_t n = 0;
    free_block* head = nullptr;
    while (n < count && static_cast<std::size_t>(slab_end - slab_pos) >= size) {
      auto* b = reinterpret_cast<free_block*>(slab_pos);
      slab_pos += size;
      b->next = head;
      head = b;
      ++n;
    }
    out = head;
    carved_blocks += n;
    return n;
  }

  // When every block carved so far is back here, no thread holds one: forget the
  // free lists and carve again from the first slab, in address order.
  bool rewind_if_all_free() noexcept {
    std::lock_guard slab_guard{slab_mtx};
    std::unique_lock<std::mutex> class_guards[num_size_classes];
    std::size_t free_blocks = 0;
    for (std::size_t k = 0; k < num_size_classes; ++k) {
      class_guards[k] = std::unique_lock{classes[k].mtx};
      free_blocks += classes[k].count;
    }
    if (free_blocks != carved_blocks)
      return false;
    for (auto& c : classes) {
      c.head = nullptr;
      c.count = 0;
    }
    slab_pos = nullptr;
    slab_end = nullptr;
    next_slab = 0;
    carved_blocks = 0;
    return true;
  }
};

depot& global_depot() {
  static depot* instance = new depot; // never destroyed: threads may outlive statics
  return *instance;
}

enum class cache_state : unsigned char { uninitialized, alive, destroyed };
thread_local cache_state state = cache_state::uninitialized;

struct cache_owner {
  thread_cache* cache = nullptr;
  ~cache_owner() {
    state = cache_state::destroyed;
    delete cache;
  }
};

} // namespace

thread_local thread_cache* thread_cache::instance_ = nullptr;

thread_cache* thread_cache::init_local() noexcept {
  if (state == cache_state::destroyed)
    return nullptr;
  thread_local cache_owner owner;
  owner.cache = new (std::nothrow) thread_cache;
  state = owner.cache ? cache_state::alive : cache_state::destroyed;
  instance_ = owner.cache;
  return instance_;
}

thread_cache::~thread_cache() {
  instance_ = nullptr;
  flush();
}

void thread_cache::flush() noexcept {
  auto& d = global_depot();
  for (std::size_t k = 0; k < num_size_classes; ++k) {
    auto& list = lists_[k];
    if (list.head == nullptr)
      continue;
    free_block* last = list.head;
    while (last->next != nullptr)
      last = last->next;
    d.give(k, list.head, last, list.count);
    list.head = nullptr;
    list.count = 0;
  }
}

bool thread_cache::recycle_if_unused() noexcept {
  if constexpr (!thread_cache_enabled)
    return false; // sanitizer builds allocate every block from the heap: nothing to recycle
  if (instance_ != nullptr)
    instance_->flush();
  return global_depot().rewind_if_all_free();
}

void thread_cache::refill(std::size_t k) {
  auto& d = global_depot();
  auto& list = lists_[k];
  free_block* chain = nullptr;
  std::size_t n = d.take(k, cache_batch, chain);
  if (n == 0)
    n = d.carve(k, cache_batch, chain);
  list.head = chain;
  list.count = n;
}

void thread_cache::spill(std::size_t k) noexcept {
  // Keep the newest (cache-hot) blocks, hand the rest over.
  auto& list = lists_[k];
  free_block* keep_last = list.head;
  for (std::size_t i = 1; i < list.count - cache_batch; ++i)
    keep_last = keep_last->next;
  free_block* first = keep_last->next;
  free_block* last = first;
  while (last->next != nullptr)
    last = last->next;
  keep_last->next = nullptr;
  global_depot().give(k, first, last, cache_batch);
  list.count -= cache_batch;
}

void* thread_cache::allocate_uncached(std::size_t n) {
  if (n > max_cached_size)
    return ::operator new(n);
  auto k = size_class(n);
  auto& d = global_depot();
  free_block* chain = nullptr;
  if (d.take(k, 1, chain) == 1)
    return chain;
  d.carve(k, 1, chain);
  return chain;
}

void thread_cache::deallocate_uncached(void* p, std::size_t n) noexcept {
  if (n > max_cached_size) {
    ::operator delete(p);
    return;
  }
  auto* b = static_cast<free_block*>(p);
  b->next = nullptr;
  global_depot().give(size_class(n), b, b, 1);
}

} // namespace troupe::detail
