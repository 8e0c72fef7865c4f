// SPDX-License-Identifier: BSD-3-Clause
// Copyright (c) 2026 the troupe authors
#pragma once
// typed_actor_pointer<Sigs...>: the `self` of code that knows only part of the
// interface of the actor running it (a composable behavior inside a composed
// one). It points to any typed actor whose interface contains Sigs..., gives
// that actor's API through ->, and converts to a handle for any part of Sigs...
#include <cstddef>

#include "troupe/actor_control_block.hpp"
#include "troupe/scheduled_actor.hpp"
#include "troupe/typed/replies_to.hpp"
#include "troupe/typed/typed_actor.hpp"

namespace troupe {

/// The `self` of code that knows only part of the interface of the actor running it (a composable behavior inside a
/// composed one): points to any typed actor whose interface contains Sigs..., gives that actor's API through ->, and
/// converts to a handle for any part of Sigs... A raw pointer: it does not keep the actor alive.
template <class... Sigs>
class typed_actor_pointer {
public:
  /// The part of the interface this pointer knows.
  using signatures = detail::type_list<Sigs...>;

  typed_actor_pointer() noexcept = default;
  /// A null pointer, as the default constructor makes.
  typed_actor_pointer(std::nullptr_t) noexcept {} // NOLINT: implicit, like a pointer

  /// Points to the typed actor `self`, whose interface must contain Sigs... (else it fails to compile).
  template <class Actor>
    requires std::derived_from<Actor, scheduled_actor> && detail::typed_actor_class<Actor>
    typed_actor_pointer(Actor* self)
  noexcept : ptr_(self) { // NOLINT: implicit, like a pointer
    static_assert(detail::is_sub_interface<signatures, typename Actor::signatures>::value,
                  "typed_actor_pointer<Sigs...> needs an actor whose interface contains Sigs...");
  }

  /// The actor, as a scheduled_actor (not to be dereferenced when null).
  /// @{
  scheduled_actor* operator->() const noexcept { return ptr_; }
  scheduled_actor& operator*() const noexcept { return *ptr_; }
  scheduled_actor* get() const noexcept { return ptr_; }
  operator scheduled_actor*() const noexcept { return ptr_; } // NOLINT: implicit, like CAF's
  /// @}
  /// Whether it points to an actor.
  explicit operator bool() const noexcept { return ptr_ != nullptr; }

  /// Makes the pointer an actor_handle: `actor{self}` and sending to `self`
  /// work as for any other handle.
  actor_control_block* ctrl() const noexcept { return ptr_ ? actor_control_block::from(ptr_) : nullptr; }

  /// A handle to the actor for any part of the interface this pointer knows.
  template <class... Others>
  requires detail::is_sub_interface<detail::type_list<Others...>, signatures>::value
  operator typed_actor<Others...>() const noexcept { // NOLINT: implicit, like the handle's own conversions
    return typed_actor<Others...>::make_unchecked(ptr_ ? strong_actor_ptr{ctrl()} : strong_actor_ptr{});
  }

  /// Pointers compare by the actor they point to; comparing with nullptr tests for null.
  /// @{
  friend bool operator==(const typed_actor_pointer& a, const typed_actor_pointer& b) noexcept {
    return a.ptr_ == b.ptr_;
  }
  friend bool operator==(const typed_actor_pointer& a, std::nullptr_t) noexcept { return a.ptr_ == nullptr; }
  /// @}

private:
  scheduled_actor* ptr_ = nullptr;
};

} // namespace troupe
