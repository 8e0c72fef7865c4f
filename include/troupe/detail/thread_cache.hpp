#pragma once
// Per-thread free lists for the small blocks on the hot path (mailbox elements,
// message payloads, actors). A block freed on another thread simply joins that
// thread's list: messages flow between workers, so caches balance themselves.
// Sanitizer builds bypass the cache so that ASan/LSan see every allocation.
#include <cstddef>
#include <new>

namespace troupe::detail {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool thread_cache_enabled = false;
#else
inline constexpr bool thread_cache_enabled = true;
#endif

// Size classes are multiples of 16 bytes up to max_cached_size.
inline constexpr std::size_t cache_granularity = 16;
inline constexpr std::size_t max_cached_size = 512;
inline constexpr std::size_t num_size_classes = max_cached_size / cache_granularity;
inline constexpr std::size_t max_cached_blocks = 512; // per size class and thread

class thread_cache {
public:
  thread_cache() noexcept = default;
  thread_cache(const thread_cache&) = delete;
  thread_cache& operator=(const thread_cache&) = delete;
  ~thread_cache();

  // The calling thread's cache, or nullptr while the thread is shutting down.
  static thread_cache* local() noexcept;

  // Every block in size class k has exactly (k + 1) * granularity bytes, wherever
  // it was allocated, so any cache may hand it out again.
  static constexpr std::size_t rounded(std::size_t n) noexcept {
    return n > max_cached_size ? n : (size_class(n) + 1) * cache_granularity;
  }

  static constexpr std::size_t size_class(std::size_t n) noexcept {
    return (n + cache_granularity - 1) / cache_granularity - 1;
  }

  void* allocate(std::size_t n) {
    if (n > max_cached_size)
      return ::operator new(n);
    auto& list = lists_[size_class(n)];
    if (list.head != nullptr) {
      auto* block = list.head;
      list.head = block->next;
      --list.count;
      return block;
    }
    return ::operator new(rounded(n));
  }

  void deallocate(void* p, std::size_t n) noexcept {
    if (n > max_cached_size) {
      ::operator delete(p);
      return;
    }
    auto& list = lists_[size_class(n)];
    if (list.count >= max_cached_blocks) {
      ::operator delete(p);
      return;
    }
    auto* block = static_cast<free_block*>(p);
    block->next = list.head;
    list.head = block;
    ++list.count;
  }

private:
  struct free_block {
    free_block* next;
  };
  struct free_list {
    free_block* head = nullptr;
    std::size_t count = 0;
  };
  free_list lists_[num_size_classes];
};

inline void* cached_allocate(std::size_t n) {
  if constexpr (thread_cache_enabled) {
    if (auto* cache = thread_cache::local())
      return cache->allocate(n);
    return ::operator new(thread_cache::rounded(n));
  } else {
    return ::operator new(n);
  }
}

inline void cached_deallocate(void* p, std::size_t n) noexcept {
  if constexpr (thread_cache_enabled) {
    if (auto* cache = thread_cache::local()) {
      cache->deallocate(p, n);
      return;
    }
  }
  ::operator delete(p);
}

// Base for classes whose instances come from the thread cache.
template <class Derived>
struct cache_allocated {
  static void* operator new(std::size_t n) { return cached_allocate(n); }
  static void operator delete(void* p, std::size_t n) noexcept { cached_deallocate(p, n); }
};

} // namespace troupe::detail
