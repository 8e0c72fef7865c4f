// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The one implementation behind every spawn entry point: actor_system::spawn,
// local_actor::spawn, the free troupe::spawn, and their typed_spawn forms,
// which only add the check that the result is a typed actor.
#include <cstdint>
#include <exception>
#include <new>
#include <type_traits>
#include <utility>

#include "troupe/actor_system.hpp"
#include "troupe/building_blocks/function_actor.hpp"
#include "troupe/detail/export.hpp"

namespace troupe::detail {

// What an entry point promises about the spawned actor.
enum class spawn_kind { any, typed_only };

struct spawner {
  template <spawn_options Os, spawn_kind Kind, class F, class... Ts>
  static auto spawn_function(actor_system& sys, local_actor* parent, F fun, Ts&&... xs) {
    using traits = function_actor_traits<F>;
    static_assert(Kind == spawn_kind::any || traits::is_typed,
                  "typed_spawn needs a function taking a typed self pointer or returning a typed behavior");
    check_actor_function<F>();
    using impl = typename traits::impl;
    using function_impl =
      std::conditional_t<traits::is_blocking, blocking_function_actor<impl, traits::has_self, F, std::decay_t<Ts>...>,
                         function_actor<impl, traits::has_self, F, std::decay_t<Ts>...>>;
    return actor_system::as_handle<impl>(
      spawn_class<function_impl, Os>(sys, parent, std::move(fun), std::forward<Ts>(xs)...));
  }

  template <class Impl, spawn_options Os, spawn_kind Kind, class... Ts>
  static auto spawn_object(actor_system& sys, local_actor* parent, Ts&&... xs) {
    if constexpr (hosted_state<Impl>) {
      return spawn_object<typename Impl::template host_actor<Impl>, Os, Kind>(sys, parent, std::forward<Ts>(xs)...);
    } else {
      static_assert(Kind == spawn_kind::any || typed_actor_class<Impl>,
                    "typed_spawn<Impl> needs a typed actor class (math::base)");
      return actor_system::as_handle<Impl>(spawn_class<Impl, Os>(sys, parent, std::forward<Ts>(xs)...));
    }
  }

  // Without a spawning actor (parent == nullptr), linked and monitored have
  // nobody to link or monitor: the entry points without one reject them.
  template <spawn_options Os>
  static constexpr void check_parentless() noexcept {
    static_assert(!has_option(Os, linked) && !has_option(Os, monitored),
                  "linked/monitored need a spawning actor: use self->spawn<linked>(...)");
  }

  template <class Impl, spawn_options Os, class... Ts>
  static actor spawn_class(actor_system& sys, local_actor* parent, Ts&&... xs) {
    auto [result, ptr] = make_actor<Impl, Os>(sys, std::forward<Ts>(xs)...);
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
      sys.launch_blocking(ptr);
    else
      ptr->launch(scheduler::current_worker(), Os);
    return result;
  }

  // Allocates control block and actor in one block; does not start it. An
  // invalid handle during shutdown (the defined outcome of a late spawn).
  template <class Impl, spawn_options Os, class... Ts>
  static std::pair<actor, Impl*> make_actor(actor_system& sys, Ts&&... xs) {
    static_assert(alignof(Impl) <= 16, "actor classes may not be over-aligned");
    if (sys.shutting_down())
      return {actor{}, nullptr};
    constexpr std::size_t size = actor_control_block::actor_offset + sizeof(Impl);
    void* mem = cached_allocate(size);
    auto* block = new (mem) actor_control_block(sys.next_actor_id(), &sys, static_cast<std::uint32_t>(size));
    Impl* ptr;
    try {
      actor_config cfg{Os};
      if constexpr (std::is_constructible_v<Impl, actor_config&, Ts&&...>)
        ptr = new (block->get()) Impl(cfg, std::forward<Ts>(xs)...);
      else
        ptr = new (block->get()) Impl(std::forward<Ts>(xs)...);
    } catch (...) {
      block->~actor_control_block();
      cached_deallocate(mem, size);
      throw;
    }
    if (static_cast<abstract_actor*>(ptr) != block->get())
      std::terminate(); // the actor base must come first in the class layout
    constexpr bool is_hidden = has_option(Os, hidden);
    static_cast<local_actor*>(ptr)->hidden_ = is_hidden;
    if constexpr (!is_hidden)
      sys.actor_started();
    return {actor{strong_actor_ptr{block, false}}, ptr};
  }
};

// actor_system::current(), or std::logic_error naming `fn` when there is none.
TROUPE_CORE_API actor_system& implicit_system(const char* fn);

} // namespace troupe::detail

namespace troupe {

// ---- actor_system ---------------------------------------------------------------------

template <spawn_options Os, actor_function F, class... Ts>
auto actor_system::spawn(F fun, Ts&&... xs) {
  detail::spawner::check_parentless<Os>();
  return detail::spawner::spawn_function<Os, detail::spawn_kind::any>(*this, nullptr, std::move(fun),
                                                                      std::forward<Ts>(xs)...);
}

template <actor_class Impl, spawn_options Os, class... Ts>
auto actor_system::spawn(Ts&&... xs) {
  detail::spawner::check_parentless<Os>();
  return detail::spawner::spawn_object<Impl, Os, detail::spawn_kind::any>(*this, nullptr, std::forward<Ts>(xs)...);
}

template <spawn_options Os, actor_function F, class... Ts>
auto actor_system::typed_spawn(F fun, Ts&&... xs) {
  detail::spawner::check_parentless<Os>();
  return detail::spawner::spawn_function<Os, detail::spawn_kind::typed_only>(*this, nullptr, std::move(fun),
                                                                             std::forward<Ts>(xs)...);
}

template <actor_class Impl, spawn_options Os, class... Ts>
auto actor_system::typed_spawn(Ts&&... xs) {
  detail::spawner::check_parentless<Os>();
  return detail::spawner::spawn_object<Impl, Os, detail::spawn_kind::typed_only>(*this, nullptr,
                                                                                 std::forward<Ts>(xs)...);
}

// ---- free functions: spawn on actor_system::current() -------------------------------------

// spawn(f, xs...) and spawn<Impl>(xs...) without naming a system
// (`actor ms = spawn(f);`): see actor_system::current(). Throws
// std::logic_error when no actor_system exists.
template <spawn_options Os = no_spawn_options, actor_function F, class... Ts>
auto spawn(F fun, Ts&&... xs) {
  return detail::implicit_system("spawn").spawn<Os>(std::move(fun), std::forward<Ts>(xs)...);
}

template <actor_class Impl, spawn_options Os = no_spawn_options, class... Ts>
auto spawn(Ts&&... xs) {
  return detail::implicit_system("spawn").spawn<Impl, Os>(std::forward<Ts>(xs)...);
}

// typed_spawn(f) (`math ms = typed_spawn(f);`): spawn restricted to typed
// actors, on actor_system::current().
template <spawn_options Os = no_spawn_options, actor_function F, class... Ts>
auto typed_spawn(F fun, Ts&&... xs) {
  return detail::implicit_system("typed_spawn").typed_spawn<Os>(std::move(fun), std::forward<Ts>(xs)...);
}

template <actor_class Impl, spawn_options Os = no_spawn_options, class... Ts>
auto typed_spawn(Ts&&... xs) {
  return detail::implicit_system("typed_spawn").typed_spawn<Impl, Os>(std::forward<Ts>(xs)...);
}

// ---- local_actor: the spawning actor is the parent (linked, monitored) -------------------

template <spawn_options Os, actor_function F, class... Ts>
auto local_actor::spawn(F fun, Ts&&... xs) {
  return detail::spawner::spawn_function<Os, detail::spawn_kind::any>(system(), this, std::move(fun),
                                                                      std::forward<Ts>(xs)...);
}

template <actor_class Impl, spawn_options Os, class... Ts>
auto local_actor::spawn(Ts&&... xs) {
  return detail::spawner::spawn_object<Impl, Os, detail::spawn_kind::any>(system(), this, std::forward<Ts>(xs)...);
}

template <spawn_options Os, actor_function F, class... Ts>
auto local_actor::typed_spawn(F fun, Ts&&... xs) {
  return detail::spawner::spawn_function<Os, detail::spawn_kind::typed_only>(system(), this, std::move(fun),
                                                                             std::forward<Ts>(xs)...);
}

template <actor_class Impl, spawn_options Os, class... Ts>
auto local_actor::typed_spawn(Ts&&... xs) {
  return detail::spawner::spawn_object<Impl, Os, detail::spawn_kind::typed_only>(system(), this,
                                                                                 std::forward<Ts>(xs)...);
}

} // namespace troupe
