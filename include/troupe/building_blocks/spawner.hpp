// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// The one implementation behind every spawn entry point: actor_system::spawn,
// local_actor::spawn (both defined in actor_system.hpp), the classic free
// troupe::spawn (compat/classic.hpp), and their typed_spawn forms, which only add
// the check that the result is a typed actor. The system is a template parameter
// (always actor_system): this header needs only its declaration, so that
// actor_system.hpp can include it at the top.
#include <cstdint>
#include <exception>
#include <new>
#include <type_traits>
#include <utility>

#include "troupe/building_blocks/function_actor.hpp"
#include "troupe/detail/actor_statistics.hpp"
#include "troupe/detail/export.hpp"
#include "troupe/detail/thread_cache.hpp"
#include "troupe/fwd.hpp"

namespace troupe::detail {

/// What an entry point promises about the spawned actor.
enum class spawn_kind { any, typed_only };

struct spawner {
  template <spawn_options Os, spawn_kind Kind, class System, class F, class... Ts>
  static auto spawn_function(System& sys, local_actor* parent, F fun, Ts&&... xs) {
    using traits = function_actor_traits<F>;
    static_assert(Kind == spawn_kind::any || traits::is_typed,
                  "typed_spawn needs a function taking a typed self pointer or returning a typed behavior");
    check_actor_function<F>();
    using impl = typename traits::impl;
    using function_impl =
      std::conditional_t<traits::is_blocking, blocking_function_actor<impl, traits::has_self, F, std::decay_t<Ts>...>,
                         function_actor<impl, traits::has_self, F, std::decay_t<Ts>...>>;
    return System::template as_handle<impl>(
      spawn_class<function_impl, Os>(sys, parent, std::move(fun), std::forward<Ts>(xs)...));
  }

  template <class Impl, spawn_options Os, spawn_kind Kind, class System, class... Ts>
  static auto spawn_object(System& sys, local_actor* parent, Ts&&... xs) {
    if constexpr (hosted_state<Impl>) {
      return spawn_object<typename Impl::template host_actor<Impl>, Os, Kind>(sys, parent, std::forward<Ts>(xs)...);
    } else {
      static_assert(Kind == spawn_kind::any || typed_actor_class<Impl>,
                    "typed_spawn<Impl> needs a typed actor class (math::base)");
      return System::template as_handle<Impl>(spawn_class<Impl, Os>(sys, parent, std::forward<Ts>(xs)...));
    }
  }

  /// Without a spawning actor (parent == nullptr), linked and monitored have
  /// nobody to link or monitor: the entry points without one reject them.
  template <spawn_options Os>
  static constexpr void check_parentless() noexcept {
    static_assert(!has_option(Os, linked) && !has_option(Os, monitored),
                  "linked/monitored need a spawning actor: use self->spawn<linked>(...)");
  }

  template <class Impl, spawn_options Os, class System, class... Ts>
  static actor spawn_class(System& sys, local_actor* parent, Ts&&... xs) {
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

  /// Allocates control block and actor in one block; does not start it. An
  /// invalid handle during shutdown (the defined outcome of a late spawn).
  template <class Impl, spawn_options Os, class System, class... Ts>
  static std::pair<actor, Impl*> make_actor(System& sys, Ts&&... xs) {
    static_assert(alignof(Impl) <= 16, "actor classes may not be over-aligned");
    if (sys.shutting_down())
      return {actor{}, nullptr};
    constexpr std::size_t size = actor_control_block::actor_offset + sizeof(Impl);
    constexpr bool is_hidden = has_option(Os, hidden);
    // Hidden actors are the runtime's own: inspection does not list them. A
    // blocking actor takes its mailbox in its own loop, which keeps no statistics.
    constexpr bool trackable = !is_hidden && !std::is_base_of_v<blocking_actor, Impl>;
    const bool tracked = trackable && sys.tracks_new_actors();
    actor_memory mem = tracked ? allocate_tracked(size) : actor_memory{cached_allocate(size), std::uint32_t{size}};
    auto* block = new (mem.block) actor_control_block(sys.next_actor_id(), &sys, mem.size_field);
    Impl* ptr;
    try {
      actor_config cfg{Os};
      if constexpr (std::is_constructible_v<Impl, actor_config&, Ts&&...>)
        ptr = new (block->get()) Impl(cfg, std::forward<Ts>(xs)...);
      else
        ptr = new (block->get()) Impl(std::forward<Ts>(xs)...);
    } catch (...) {
      block->~actor_control_block();
      if (tracked)
        free_tracked(mem);
      else
        cached_deallocate(mem.block, size);
      throw;
    }
    if (static_cast<abstract_actor*>(ptr) != block->get())
      std::terminate(); // the actor base must come first in the class layout
    static_cast<local_actor*>(ptr)->hidden_ = is_hidden;
    if (tracked) {
      static_cast<local_actor*>(ptr)->statistics_on_ = true;
      sys.tracker().add(static_cast<actor_statistics*>(mem.block) - 1);
    }
    if constexpr (!is_hidden) {
      sys.actor_started();
      if (auto* events = sys.events(); events != nullptr && events->wants_lifecycle()) [[unlikely]] {
        events->actor_spawned(*ptr);
        if constexpr (!std::is_base_of_v<blocking_actor, Impl>)
          static_cast<local_actor*>(ptr)->recorded_ = events->records(*ptr);
      }
    }
    return {actor{strong_actor_ptr{block, false}}, ptr};
  }

private:
  /// Where a control block goes, and the size its allocation records.
  struct actor_memory {
    void* block;
    std::uint32_t size_field;
  };
  /// Memory for a tracked actor of `size` bytes (control block and actor): its statistics block comes first.
  static actor_memory allocate_tracked(std::size_t size) {
    auto total = sizeof(actor_statistics) + size;
    auto* mem = static_cast<std::byte*>(cached_allocate(total));
    new (mem) actor_statistics;
    return {mem + sizeof(actor_statistics), static_cast<std::uint32_t>(total) | actor_control_block::statistics_flag};
  }
  /// Frees what allocate_tracked returned (the actor's constructor threw).
  TROUPE_CORE_API static void free_tracked(actor_memory mem) noexcept;
};

} // namespace troupe::detail
