#pragma once
// The actor system: owns the scheduler, the timer thread and detached threads,
// spawns actors and, on destruction, waits until every actor has terminated.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <new>
#include <stdexcept>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "troupe/actor.hpp"
#include "troupe/actor_system_config.hpp"
#include "troupe/blocking_actor.hpp"
#include "troupe/detail/export.hpp"
#include "troupe/detail/function_actor.hpp"
#include "troupe/detail/thread_cache.hpp"
#include "troupe/event_based_actor.hpp"
#include "troupe/scheduler/abstract_coordinator.hpp"
#include "troupe/scheduler/timer_service.hpp"
#include "troupe/spawn_options.hpp"
#include "troupe/typed/typed_function_actor.hpp"

namespace troupe {

class type_registry;

class TROUPE_CORE_API actor_system {
public:
  explicit actor_system(const actor_system_config& cfg);
  actor_system(const actor_system&) = delete;
  actor_system& operator=(const actor_system&) = delete;
  // Waits for all actors (await_all_actors_done), then stops and joins every thread.
  ~actor_system();

  // Function-based actor: behavior fn(event_based_actor* self, xs...), or
  // without self, or with a stateful_actor<S>* / blocking_actor* first parameter.
  // Typed actors: a function taking a typed self pointer (math::pointer,
  // math::stateful_pointer<S>) or returning a typed behavior, and a class
  // derived from math::base, make a typed actor; spawn then returns its
  // typed_actor<...> handle instead of `actor`.
  template <spawn_options Os = no_spawn_options, class F, class... Ts>
    requires(!std::is_base_of_v<abstract_actor, F>)
  auto spawn(F fun, Ts&&... xs) {
    static_assert(!has_option(Os, linked) && !has_option(Os, monitored),
                  "linked/monitored need a spawning actor: use self->spawn<linked>(...)");
    return spawn_function<Os>(nullptr, std::move(fun), std::forward<Ts>(xs)...);
  }

  // Class-based actor: Impl(actor_config&, xs...) or Impl(xs...).
  template <class Impl, spawn_options Os = no_spawn_options, class... Ts>
    requires std::is_base_of_v<abstract_actor, Impl>
  auto spawn(Ts&&... xs) {
    static_assert(!has_option(Os, linked) && !has_option(Os, monitored),
                  "linked/monitored need a spawning actor: use self->spawn<linked>(...)");
    return as_handle<Impl>(spawn_class<Impl, Os>(nullptr, std::forward<Ts>(xs)...));
  }

  // spawn, restricted to typed actors (the seed's typed_spawn).
  template <spawn_options Os = no_spawn_options, class F, class... Ts>
    requires(!std::is_base_of_v<abstract_actor, F>)
  auto typed_spawn(F fun, Ts&&... xs) {
    static_assert(detail::typed_function_traits<F>::is_typed,
                  "typed_spawn needs a function taking a typed self pointer or returning a typed behavior");
    return spawn<Os>(std::move(fun), std::forward<Ts>(xs)...);
  }

  template <class Impl, spawn_options Os = no_spawn_options, class... Ts>
    requires std::is_base_of_v<abstract_actor, Impl>
  auto typed_spawn(Ts&&... xs) {
    static_assert(detail::typed_actor_class<Impl>, "typed_spawn<Impl> needs a typed actor class (math::base)");
    return spawn<Impl, Os>(std::forward<Ts>(xs)...);
  }

  // The system the seed-style free functions (troupe::spawn, troupe::typed_spawn)
  // use: on a scheduler worker, the system that worker belongs to; elsewhere
  // the process's default system, which is the first actor_system constructed
  // while no other default existed, until its destructor starts. nullptr when
  // there is none.
  static actor_system* current() noexcept;

  // `actor`, or Impl's typed handle for a typed actor class.
  template <class Impl>
  static auto as_handle(actor x) {
    if constexpr (detail::typed_actor_class<Impl>)
      return Impl::handle_type::make_unchecked(x.ptr());
    else
      return x;
  }

  // Blocks until no (non-hidden) actor is running.
  void await_all_actors_done();
  std::size_t running_actors() const noexcept { return running_.load(std::memory_order_acquire); }

  scheduler::abstract_coordinator& scheduler() noexcept { return *scheduler_; }
  const actor_system_config& config() const noexcept { return cfg_; }

  // The announced types (troupe/serialization/type_registry.hpp). The registry
  // is process-wide, shared by all actor systems.
  type_registry& types() noexcept;

  // ---- runtime internals -------------------------------------------------------------

  void schedule(resumable* job) { scheduler_->enqueue(job); }

  template <class F>
  void schedule_timer(std::chrono::steady_clock::time_point when, F&& fun) {
    timers_.schedule(when, std::forward<F>(fun));
  }

  // Runs f on a new thread that the system joins on shutdown.
  void start_thread(std::function<void()> f);

  void actor_started() noexcept { running_.fetch_add(1, std::memory_order_relaxed); }
  void actor_done() noexcept;

  actor_id next_actor_id() noexcept { return next_id_.fetch_add(1, std::memory_order_relaxed); }

  template <spawn_options Os, class F, class... Ts>
  auto spawn_function(local_actor* parent, F fun, Ts&&... xs) {
    using traits = detail::function_actor_traits<F>;
    using impl = typename traits::impl;
    if constexpr (detail::typed_function_traits<F>::is_typed) {
      using typed_impl = typename detail::typed_function_traits<F>::impl;
      detail::check_typed_function<F>();
      return as_handle<typed_impl>(
        spawn_class<detail::typed_function_actor<typed_impl, traits::has_self, F, std::decay_t<Ts>...>, Os>(
          parent, std::move(fun), std::forward<Ts>(xs)...));
    } else if constexpr (traits::is_blocking)
      return spawn_class<detail::blocking_function_actor<impl, traits::has_self, F, std::decay_t<Ts>...>, Os>(
        parent, std::move(fun), std::forward<Ts>(xs)...);
    else
      return spawn_class<detail::function_actor<impl, traits::has_self, F, std::decay_t<Ts>...>, Os>(
        parent, std::move(fun), std::forward<Ts>(xs)...);
  }

  template <class Impl, spawn_options Os, class... Ts>
  actor spawn_class(local_actor* parent, Ts&&... xs) {
    auto [result, ptr] = make_actor<Impl, Os>(std::forward<Ts>(xs)...);
    if (!result)
      return result;
    if constexpr (has_option(Os, linked)) {
      if (parent != nullptr)
        parent->link_to(result);
    }
    if constexpr (has_option(Os, monitored)) {
      if (parent != nullptr)
        parent->monitor(result);
    }
    if constexpr (std::is_base_of_v<blocking_actor, Impl>)
      launch_blocking(ptr);
    else
      ptr->launch(scheduler::current_worker(), Os);
    return result;
  }

  // Allocates control block and actor in one block; does not start it. An
  // invalid handle during shutdown (documented outcome of a late spawn).
  template <class Impl, spawn_options Os, class... Ts>
  std::pair<actor, Impl*> make_actor(Ts&&... xs) {
    static_assert(alignof(Impl) <= 16, "actor classes may not be over-aligned");
    if (shutting_down_.load(std::memory_order_acquire))
      return {actor{}, nullptr};
    constexpr std::size_t size = actor_control_block::actor_offset + sizeof(Impl);
    void* mem = detail::cached_allocate(size);
    auto* block = new (mem) actor_control_block(next_actor_id(), this, static_cast<std::uint32_t>(size));
    Impl* ptr;
    try {
      actor_config cfg{Os};
      if constexpr (std::is_constructible_v<Impl, actor_config&, Ts&&...>)
        ptr = new (block->get()) Impl(cfg, std::forward<Ts>(xs)...);
      else
        ptr = new (block->get()) Impl(std::forward<Ts>(xs)...);
    } catch (...) {
      block->~actor_control_block();
      detail::cached_deallocate(mem, size);
      throw;
    }
    if (static_cast<abstract_actor*>(ptr) != block->get())
      std::terminate(); // the actor base must come first in the class layout
    constexpr bool is_hidden = has_option(Os, hidden);
    static_cast<local_actor*>(ptr)->hidden_ = is_hidden;
    if constexpr (!is_hidden)
      actor_started();
    return {actor{strong_actor_ptr{block, false}}, ptr};
  }

private:
  void launch_blocking(blocking_actor* self);

  actor_system_config cfg_;
  std::unique_ptr<scheduler::abstract_coordinator> scheduler_;
  scheduler::timer_service timers_;
  std::atomic<std::size_t> running_{0};
  std::atomic<actor_id> next_id_{1};
  std::atomic<bool> shutting_down_{false};
  std::atomic<int> waiters_{0};
  std::mutex done_mtx_;
  std::condition_variable done_cv_;
  // Threads of detached and blocking actors; finished ones are joined when
  // the next one starts, the rest on shutdown.
  struct owned_thread {
    std::thread thread;
    std::shared_ptr<std::atomic<bool>> finished;
  };
  std::mutex threads_mtx_;
  std::vector<owned_thread> threads_;
};

// ---- the seed's free functions: spawn on actor_system::current() ---------------------

namespace detail {
// actor_system::current(), or std::logic_error naming `fn` when there is none.
TROUPE_CORE_API actor_system& implicit_system(const char* fn);
} // namespace detail

// spawn(f, xs...) and spawn<Impl>(xs...) without naming a system, as in the
// seed papers (`actor ms = spawn(f);`): see actor_system::current().
// Throws std::logic_error when no actor_system exists.
template <spawn_options Os = no_spawn_options, class F, class... Ts>
  requires(!std::is_base_of_v<abstract_actor, F>)
auto spawn(F fun, Ts&&... xs) {
  return detail::implicit_system("spawn").spawn<Os>(std::move(fun), std::forward<Ts>(xs)...);
}

template <class Impl, spawn_options Os = no_spawn_options, class... Ts>
  requires std::is_base_of_v<abstract_actor, Impl>
auto spawn(Ts&&... xs) {
  return detail::implicit_system("spawn").spawn<Impl, Os>(std::forward<Ts>(xs)...);
}

// typed_spawn(f) as in the seed (`math ms = typed_spawn(f);`): spawn restricted
// to typed actors, on actor_system::current().
template <spawn_options Os = no_spawn_options, class F, class... Ts>
  requires(!std::is_base_of_v<abstract_actor, F>)
auto typed_spawn(F fun, Ts&&... xs) {
  static_assert(detail::typed_function_traits<F>::is_typed,
                "typed_spawn needs a function taking a typed self pointer or returning a typed behavior");
  return detail::implicit_system("typed_spawn").spawn<Os>(std::move(fun), std::forward<Ts>(xs)...);
}

template <class Impl, spawn_options Os = no_spawn_options, class... Ts>
  requires std::is_base_of_v<abstract_actor, Impl>
auto typed_spawn(Ts&&... xs) {
  static_assert(detail::typed_actor_class<Impl>, "typed_spawn<Impl> needs a typed actor class (math::base)");
  return detail::implicit_system("typed_spawn").spawn<Impl, Os>(std::forward<Ts>(xs)...);
}

// ---- local_actor's spawn (needs actor_system) ----------------------------------------

template <spawn_options Os, class F, class... Ts>
  requires(!std::is_base_of_v<abstract_actor, F>)
auto local_actor::spawn(F fun, Ts&&... xs) {
  return system().template spawn_function<Os>(this, std::move(fun), std::forward<Ts>(xs)...);
}

template <class Impl, spawn_options Os, class... Ts>
  requires std::is_base_of_v<abstract_actor, Impl>
auto local_actor::spawn(Ts&&... xs) {
  return actor_system::as_handle<Impl>(system().template spawn_class<Impl, Os>(this, std::forward<Ts>(xs)...));
}

template <spawn_options Os, class F, class... Ts>
  requires(!std::is_base_of_v<abstract_actor, F>)
auto local_actor::typed_spawn(F fun, Ts&&... xs) {
  static_assert(detail::typed_function_traits<F>::is_typed,
                "typed_spawn needs a function taking a typed self pointer or returning a typed behavior");
  return spawn<Os>(std::move(fun), std::forward<Ts>(xs)...);
}

template <class Impl, spawn_options Os, class... Ts>
  requires std::is_base_of_v<abstract_actor, Impl>
auto local_actor::typed_spawn(Ts&&... xs) {
  static_assert(detail::typed_actor_class<Impl>, "typed_spawn<Impl> needs a typed actor class (math::base)");
  return spawn<Impl, Os>(std::forward<Ts>(xs)...);
}

} // namespace troupe
