// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#include "troupe/detail/thread_cache.hpp"

#include <sys/mman.h>

#include <algorithm>
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
constexpr std::uintptr_t page_size = 4096;

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
// new blocks are carved from. Slabs live as long as the process. A batch moves
// in and out as a whole, so a lock is held for a few stores, never for a walk
// along a chain of blocks that other cores freed last.
struct depot {
  struct batch {
    free_block* head;
    std::size_t count;
  };

  struct size_class_depot {
    std::mutex mtx;
    std::vector<batch> batches; // the most recently given last
    std::size_t count = 0;      // blocks in all batches
  };

  depot() {
    // With room reserved, give() to an empty class never allocates.
    for (auto& c : classes)
      c.batches.reserve(16);
  }

  size_class_depot classes[num_size_classes];
  std::mutex slab_mtx;
  std::byte* slab_pos = nullptr;
  std::byte* slab_end = nullptr;
  std::size_t slab_bytes = 0;    // all slabs so far
  std::vector<slab> slabs;       // in carving order
  std::size_t next_slab = 0;     // the slab carving moves to when the current one is used up
  std::size_t carved_blocks = 0; // since the last rewind; equals the depot's count when all are free

  // Takes the batch given to class k last; returns its chain and length.
  std::size_t take_batch(std::size_t k, free_block*& out) {
    auto& c = classes[k];
    std::lock_guard guard{c.mtx};
    if (c.batches.empty())
      return 0;
    const batch b = c.batches.back();
    c.batches.pop_back();
    c.count -= b.count;
    out = b.head;
    return b.count;
  }

  // Takes one block of class k, or nullptr.
  free_block* take_one(std::size_t k) {
    auto& c = classes[k];
    std::lock_guard guard{c.mtx};
    if (c.batches.empty())
      return nullptr;
    auto& b = c.batches.back();
    free_block* block = b.head;
    b.head = block->next;
    if (--b.count == 0)
      c.batches.pop_back();
    --c.count;
    return block;
  }

  // Gives a chain of n blocks of class k that ends in nullptr.
  void give(std::size_t k, free_block* first, std::size_t n) noexcept {
    auto& c = classes[k];
    std::lock_guard guard{c.mtx};
    c.count += n;
    try {
      c.batches.push_back(batch{first, n});
    } catch (...) {
      // No memory for a longer list of batches: the chain joins the last
      // batch. There is one, since an empty list has room reserved.
      free_block* last = first;
      while (last->next != nullptr)
        last = last->next;
      auto& b = c.batches.back();
      last->next = b.head;
      b.head = first;
      b.count += n;
    }
  }

  // Carves fresh blocks of class k from the current slab: `count`, or more
  // up to the end of their last page, or fewer at the end of the slab.
  std::size_t carve(std::size_t k, std::size_t count, free_block*& out) {
    const std::size_t size = (k + 1) * cache_granularity;
    std::byte* start = nullptr;
    std::size_t n = 0;
    {
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
      // From here to the end of the page that `count` blocks end in: each
      // page is then first written by one thread. (Two threads writing to a
      // fresh page at once both fault on it, and one waits for the other.)
      // Tiny blocks stop short of it rather than overfill a thread's list.
      start = slab_pos;
      const auto first = reinterpret_cast<std::uintptr_t>(start);
      const auto end = first + std::min(count * size, static_cast<std::size_t>(slab_end - start));
      const auto page_end = (end + page_size - 1) & ~(page_size - 1);
      const auto limit = std::min(page_end, reinterpret_cast<std::uintptr_t>(slab_end));
      const std::size_t fit = (limit - first) / size;
      n = std::min(fit, std::max(count, max_cached_blocks));
      slab_pos = n == fit && limit == page_end ? reinterpret_cast<std::byte*>(limit) : start + n * size;
      carved_blocks += n;
    }
    // Linked without the lock: the first write to fresh memory faults its
    // pages in, and no other thread should wait for that. The chain starts at
    // the highest address: blocks go out from its front.
    free_block* head = nullptr;
    for (std::size_t i = 0; i < n; ++i) {
      auto* block = reinterpret_cast<free_block*>(start + i * size);
      block->next = head;
      head = block;
    }
    out = head;
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
      c.batches.clear();
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
    d.give(k, list.head, list.count);
    list.head = nullptr;
    list.count = 0;
    list.cut = nullptr;
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
  std::size_t n = d.take_batch(k, chain);
  if (n == 0)
    n = d.carve(k, cache_batch, chain);
  list.head = chain;
  list.count = n;
  list.cut = find_cut(list);
}

free_block* thread_cache::find_cut(const free_list& list) noexcept {
  // Only a chain longer than a batch needs this walk (a carve that runs to
  // the end of a page, or a thread's whole list, given when it ended);
  // deallocate() sets the cut of every other list.
  if (list.count <= cache_batch)
    return nullptr;
  free_block* cut = list.head;
  for (std::size_t i = 0; i < list.count - cache_batch - 1; ++i)
    cut = cut->next;
  return cut;
}

void thread_cache::spill(std::size_t k) noexcept {
  // Keep the newest (cache-hot) blocks; the oldest cache_batch, below the
  // cut, go to the depot.
  auto& list = lists_[k];
  free_block* first = list.cut->next;
  list.cut->next = nullptr;
  global_depot().give(k, first, cache_batch);
  list.count -= cache_batch;
  list.cut = list.count == cache_batch + 1 ? list.head : find_cut(list);
}

void* thread_cache::allocate_uncached(std::size_t n) {
  if (n > max_cached_size)
    return ::operator new(n);
  auto k = size_class(n);
  auto& d = global_depot();
  if (auto* block = d.take_one(k))
    return block;
  free_block* chain = nullptr;
  if (const std::size_t n = d.carve(k, 1, chain); n > 1)
    d.give(k, chain->next, n - 1); // the rest of its page
  return chain;
}

void thread_cache::deallocate_uncached(void* p, std::size_t n) noexcept {
  if (n > max_cached_size) {
    ::operator delete(p);
    return;
  }
  auto* b = static_cast<free_block*>(p);
  b->next = nullptr;
  global_depot().give(size_class(n), b, 1);
}

} // namespace troupe::detail
