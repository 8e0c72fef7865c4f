#include "troupe/detail/thread_cache.hpp"

namespace troupe::detail {

thread_cache::~thread_cache() {
  for (auto& list : lists_) {
    while (list.head != nullptr) {
      auto* next = list.head->next;
      ::operator delete(list.head);
      list.head = next;
    }
  }
}

namespace {

// Trivially destructible state, so that frees during thread teardown (after the
// cache itself is gone) still see a valid "no cache" answer.
enum class cache_state : unsigned char { uninitialized, alive, destroyed };
thread_local cache_state state = cache_state::uninitialized;
thread_local thread_cache* instance = nullptr;

struct cache_owner {
  ~cache_owner() {
    state = cache_state::destroyed;
    delete instance;
    instance = nullptr;
  }
};

} // namespace

thread_cache* thread_cache::local() noexcept {
  if (state == cache_state::alive) [[likely]]
    return instance;
  if (state == cache_state::destroyed)
    return nullptr;
  thread_local cache_owner owner;
  instance = new (std::nothrow) thread_cache;
  state = instance ? cache_state::alive : cache_state::destroyed;
  return instance;
}

} // namespace troupe::detail
